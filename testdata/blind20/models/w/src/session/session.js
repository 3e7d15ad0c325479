// src/session/session.ts
import { randomUUID } from "node:crypto";
import { AgentExecution } from "../agent/agent-execution.js";
import { runExecution } from "../agent/graph.js";
import { createToolRegistry } from "../agent/tools.js";
import { MemoryExtractor } from "../agent/memory-extraction.js";
import { SteeringBuffer } from "../steering/steering-buffer.js";
import { logger } from "../util/logger.js";

export const sessions = new Map();
const MAX_ROOT_CONTINUATIONS = 2;

export class Session {
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? randomUUID();
    this.steering = new SteeringBuffer(this.sessionId);
    this.liveExecutions = new Set();
    this.updates = [];
    this.steering.onUpdate((update) =>
      this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: update.kind, messageIds: update.messageIds } } }),
    );
    const live = this.liveExecutions;
    this.services = {
      session: this,
      steering: this.steering,
      model,
      tools: createToolRegistry(),
      lifecycle: {
        started: (execution) => live.add(execution),
        finished: (execution) => live.delete(execution),
      },
    };
    this.memory = new MemoryExtractor(runExecution, { enabled: options.memory !== false });
    sessions.set(this.sessionId, this);
  }

  steer(text, origin = "user") {
    return this.steering.push(text, origin === "user" ? "user" : "notification");
  }

  clearSteering(reason = "user_clear") {
    return this.#clearAtTurnBoundary(reason);
  }

  #clearAtTurnBoundary(reason) {
    const messageIds = this.steering.clear(reason);
    return messageIds;
  }

  cancel() {
    for (const execution of this.liveExecutions) execution.abortController.abort("cancelled");
    this.#clearAtTurnBoundary("cancel");
  }

  async prompt(text) {
    let root = new AgentExecution({
      sessionServices: this.services,
      promptContext: { sessionId: this.sessionId, cwd: process.cwd() },
      agentName: "chat-agent",
    });
    try {
      let state = await runExecution(root, text);
      let continuations = 0;
      while (root.hasQueuedUserMessage() && continuations < MAX_ROOT_CONTINUATIONS) {
        continuations++;
        const previous = root;
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: previous.promptContext,
          agentName: previous.agentName,
        });
        root.setSteeringReaderIndex(previous.steeringReaderIndex);
        logger.info(`[Session] root continuation ${continuations} from cursor ${previous.steeringReaderIndex}`);
        state = await runExecution(root, "Continue with the user's latest steering.");
      }
      await this.memory.extract(root);
      this.#clearAtTurnBoundary("turn_end");
      return { stopReason: "end_turn", text: state.response?.text ?? "" };
    } catch (error) {
      this.#clearAtTurnBoundary(error?.name === "AbortError" ? "cancel" : "prompt_error");
      throw error;
    }
  }
}
