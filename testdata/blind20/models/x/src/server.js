// src/server.ts — Kiro agent server entry (model x)
import { randomUUID } from "node:crypto";
import { AsyncEvents } from "./runtime/events.js";
import { ServiceRegistry } from "./runtime/registry.js";
import { SteeringInbox } from "./steering/inbox.js";
import { LiveSteeringService } from "./steering/live-steering.js";
import { ExecutionFactory } from "./execution/factory.js";
import { TurnRunner } from "./execution/runner.js";
import { createBuiltinTools } from "./tools/builtin.js";
import { installMemoryExtraction } from "./memory/extraction.js";
export { logLines } from "./runtime/log.js";

const openSessions = new Map();

class AgentSession {
  #active = new Map();
  steeringEpoch = 0;

  constructor(model) {
    this.sessionId = randomUUID();
    this.updates = [];
    this.services = new ServiceRegistry()
      .register("events", () => new AsyncEvents())
      .register("model", () => model)
      .register("steering", () => new SteeringInbox())
      .register("liveSteering", (s) => new LiveSteeringService(s.get("steering"), s.get("events")))
      .register("executions", (s) => new ExecutionFactory(s))
      .register("tools", () => createBuiltinTools())
      .register("runner", (s) => new TurnRunner(s));
    const events = this.services.get("events");
    events.on("steer:request", ({ text, origin }) => {
      this.steer(text, origin);
    });
    events.on("execution:start", (execution) => {
      this.#active.set(execution.executionId, execution);
    });
    events.on("execution:end", (execution) => {
      this.#active.delete(execution.executionId);
    });
    events.on("update", (update) => {
      this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: update } });
    });
    installMemoryExtraction(this.services);
    openSessions.set(this.sessionId, this);
  }

  steer(text, origin = "user") {
    return this.services.get("steering").add({ text, source: origin });
  }

  clearSteering(reason) {
    return this.#clearAtBoundary(reason ?? "user_clear");
  }

  #clearAtBoundary(reason) {
    const messageIds = this.services.get("steering").drainAll();
    if (messageIds.length) void this.services.get("events").emit("update", { kind: "steering_cleared", messageIds, reason });
    return messageIds;
  }

  cancel() {
    for (const execution of this.#active.values()) execution.abortController.abort();
    this.#clearAtBoundary("cancel");
  }

  async prompt(text) {
    const factory = this.services.get("executions");
    const runner = this.services.get("runner");
    let root = factory.root({ promptContext: { sessionId: this.sessionId } });
    try {
      let reply = await runner.run(root, text);
      for (let continuation = 0; root.steeringPending && continuation < 3; continuation++) {
        root = factory.root({ promptContext: root.promptContext, agentName: root.agentName, resumeFrom: root });
        reply = await runner.run(root, "Continue: the user sent more while you were finishing.");
      }
      await this.services.get("events").emit("turn:completed", { root, run: runner.run });
      this.#clearAtBoundary("turn_end");
      return { stopReason: "end_turn", text: reply?.text ?? "" };
    } catch (error) {
      this.#clearAtBoundary(error?.name === "AbortError" ? "cancel" : "prompt_error");
      throw error;
    }
  }
}

export const createSession = (model) => new AgentSession(model);

export async function handleExtMethod(method, params) {
  const session = openSessions.get(params?.sessionId);
  if (method === "_session/steer/clear") {
    if (!session) return { cleared: false, messageIds: [] };
    const messageIds = session.clearSteering("client_clear");
    session.steeringEpoch++;
    return { cleared: true, messageIds };
  }
  throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
}
