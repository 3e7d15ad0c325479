import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import { Container } from "./container.js";
import { SteeringQueue } from "./steering-queue.js";
import { ExecutionFactory } from "./factory.js";
import { AgentGraph } from "./graph.js";
import { HookRegistry } from "../hooks/registry.js";
import { LiveSteeringHook, UserHooks } from "../hooks/live-steering.js";
import { ToolDispatcher } from "../agents/tools.js";
import { memoryExtractionTask } from "../agents/memory.js";
import { logger } from "./log.js";

const USER_ORIGINS = new Set(["user", "client"]);

export class AgentSession extends EventEmitter {
  #afterTurn = [];
  #running = false;

  constructor(model, { sessionId = randomUUID(), instructions = "You are Kiro." } = {}) {
    super();
    this.sessionId = sessionId;
    this.steeringEpoch = 0;
    this.ownedExecutionId = null;
    const steeringQueue = new SteeringQueue();
    this.sessionServices = { sessionId, steeringQueue, events: this, model };
    this.container = new Container()
      .set("session", () => this)
      .set("hooks", (c) => new HookRegistry().use("beforeModelInvoke", new LiveSteeringHook(this), { system: true }).use("beforeModelInvoke", new UserHooks()))
      .set("tools", (c) => new ToolDispatcher(c))
      .set("factory", () => new ExecutionFactory(this.sessionServices, { instructions }))
      .set("graph", (c) => new AgentGraph({ hooks: c.get("hooks"), model, tools: c.get("tools") }));
    this.#afterTurn.push(memoryExtractionTask(this.container));
  }

  steer(text, origin = "user") {
    const kind = USER_ORIGINS.has(origin) ? "user" : "workflow";
    const item = this.sessionServices.steeringQueue.push(kind, text);
    this.emit("session_info_update", { kind: "steering_queued", messageId: item.id });
    return item;
  }

  clearSteering(reason) {
    const messageIds = this.sessionServices.steeringQueue.reset();
    this.emit("session_info_update", { kind: "steering_cleared", messageIds, reason });
    return messageIds;
  }

  async prompt(text) {
    if (this.#running) throw new Error("turn in progress");
    this.#running = true;
    const graph = this.container.get("graph");
    const factory = this.container.get("factory");
    try {
      let root = factory.root(text);
      this.ownedExecutionId = root.executionId;
      let result = await graph.execute(root);
      if (root.hasQueuedUserMessage()) {
        const cursor = root.steeringReaderIndex;
        root = factory.root("Continue: the user sent more guidance.");
        root.setSteeringReaderIndex(cursor);
        this.ownedExecutionId = root.executionId;
        result = await graph.execute(root);
      }
      for (const task of this.#afterTurn) await task(root);
      this.clearSteering("turn_end");
      return result;
    } catch (error) {
      logger.error(`prompt failed: ${error?.message ?? error}`);
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.#running = false;
    }
  }

  cancel() {
    this.clearSteering("cancel");
  }
}
