import { randomUUID } from "node:crypto";
import { SteeringInbox, type SteeringEntry } from "../steering/inbox.js";
import { AgentExecution } from "../execution/agent-execution.js";
import type { ContextMessage, LanguageModel, PromptContext, SessionServices, UpdateKind } from "../execution/contracts.js";
import { AgentGraph } from "../agent/graph.js";
import { extractMemories } from "../agent/memory.js";
import { trace, TraceLevel } from "../core/trace.js";

const MAX_ROOT_PASSES = 3;

export interface SessionUpdate {
  sessionUpdate: "session_info_update";
  _meta: { kiro: { kind: UpdateKind } & Record<string, unknown> };
}

export class KiroSession {
  readonly sessionId: string = randomUUID();
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly conversation: ContextMessage[] = [];
  readonly updates: SessionUpdate[] = [];
  readonly memories: string[] = [];
  readonly agentName = "chat-agent";
  ownedExecutionId: string | undefined;
  #graph = new AgentGraph();
  #turn: AbortController | undefined;

  constructor(model: LanguageModel, cwd: string = process.cwd()) {
    const inbox = new SteeringInbox();
    this.promptContext = { system: "You are Kiro, an agentic assistant working in the user's workspace.", cwd };
    this.services = {
      sessionId: this.sessionId,
      inbox,
      model,
      steer: (text, origin) => this.steer(text, origin),
      notify: (kind, data) => this.#publish(kind, data),
    };
    inbox.on("cleared", ({ ids, reason }) => {
      if (ids.length > 0) this.#publish("steering_cleared", { messageIds: ids, reason });
    });
  }

  #publish(kind: UpdateKind, data: Record<string, unknown>): void {
    this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } });
  }

  steer(text: string, origin: string = "user"): SteeringEntry {
    const entry = this.services.inbox.post(text, origin);
    this.#publish("steering_queued", { messageId: entry.id });
    return entry;
  }

  /** Turn-boundary helper: drops all pending steering. */
  clearSteering(reason: string): string[] {
    return this.services.inbox.clear(reason);
  }

  cancel(): void {
    this.#turn?.abort(new Error("cancelled"));
    this.clearSteering("cancel");
  }

  async prompt(text: string): Promise<{ stopReason: "end_turn" | "cancelled" }> {
    const turn = (this.#turn = new AbortController());
    this.conversation.push({ role: "user", text });
    try {
      let carried = -1;
      let root: AgentExecution | undefined;
      for (let pass = 0; pass < MAX_ROOT_PASSES; pass++) {
        const resumed = carried >= 0;
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal: turn.signal,
          agentName: this.agentName,
        });
        resumed && root.setSteeringReaderIndex(carried);
        this.ownedExecutionId = root.executionId;
        const answer = await this.#graph.run(root, [{ role: "system", text: this.promptContext.system }, ...this.conversation]);
        this.conversation.push({ role: "assistant", text: answer });
        if (turn.signal.aborted || !root.hasQueuedUserMessage()) break;
        trace(TraceLevel.Info, `re-running ${root.agentName} for steering that arrived as it finished`);
        carried = root.steeringReaderIndex;
      }
      if (turn.signal.aborted) return { stopReason: "cancelled" };
      if (root) this.memories.push(...(await extractMemories(this.#graph, root, this.conversation)));
      this.clearSteering("turn_end");
      return { stopReason: "end_turn" };
    } catch (error) {
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.#turn = undefined;
    }
  }
}
