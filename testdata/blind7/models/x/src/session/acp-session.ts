// src/session/acp-session.ts: one ACP session: prompt turns, live steering, memory extraction.
import { AgentExecution, type PromptContext } from "../execution/agent-execution";
import { runExecution, ModelSettleError } from "../graph/agent-graph";
import { SteeringBuffer } from "../steering/steering-buffer";
import { EventBus, AcpEventAdapter, type ServerEvents } from "../events/event-bus";
import type { ModelProvider, SessionServices, SteeringSink, HookRunner } from "./session-services";
import { log } from "../log";

const MEMORY_EXTRACTION_DEFAULTS = {
  agentName: "memory-extraction",
  initialPrompt: "Extract durable facts about the user and the workspace from this conversation.",
} as const;

class NoopHookRunner implements HookRunner {
  #ran = 0;
  async run(): Promise<void> {
    this.#ran++;
  }
}

export class AcpSession implements SteeringSink {
  readonly sessionId: string = crypto.randomUUID();
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  rootExecution: AgentExecution | undefined;
  #turnAbort = new AbortController();
  #turns = 0;

  constructor(model: ModelProvider, bus: EventBus<ServerEvents> = new EventBus<ServerEvents>()) {
    this.promptContext = { systemPrompt: "You are Kiro, an AI assistant and IDE.", workspaceRoot: process.cwd(), modelId: "auto" };
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(),
      model,
      bus,
      eventAdapter: new AcpEventAdapter(bus),
      hooks: new NoopHookRunner(),
      liveExecutions: new Set(),
      steeringSink: this,
    };
  }

  steer(text: string, origin: string = "user"): { id: string } {
    const message = this.services.steeringBuffer.push(text, origin === "user" ? "user" : "notification");
    this.#update("steering_queued", [message.id]);
    log("debug", `[LiveSteeringHook] queued ${message.id} (${message.kind}) for session ${this.sessionId.slice(0, 8)}`);
    return message;
  }

  async prompt(text: string): Promise<{ stopReason: string }> {
    this.#turns++;
    this.#turnAbort = new AbortController();
    const previous = this.rootExecution;
    if (previous !== undefined && previous.abortController.signal.aborted) {
      // a cancelled root cannot run again: the next turn starts a fresh root that keeps the conversation
      this.rootExecution = undefined;
    }
    const isContinuation = this.rootExecution !== undefined;
    const root = (this.rootExecution ??= new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort.signal,
      agentName: "chat-agent",
    }));
    if (!isContinuation && previous !== undefined) root.history.push(...previous.history);
    this.services.eventAdapter.setOwnedExecutionId(root.executionId);
    if (isContinuation) {
      root.setSteeringReaderIndex(this.services.steeringBuffer.length);
    }
    root.drainRetryCount = 0;
    root.history.push({ role: "user", text });
    try {
      await runExecution(root);
    } catch (error) {
      const cancelled = this.#turnAbort.signal.aborted;
      this.clearSteering(cancelled ? "cancel" : error instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      if (cancelled) return { stopReason: "cancelled" };
      throw error;
    }
    await this.#extractMemories(root);
    this.clearSteering("turn_end");
    return { stopReason: "end_turn" };
  }

  async #extractMemories(root: AgentExecution): Promise<void> {
    const memoryExecution = new AgentExecution({
      ...MEMORY_EXTRACTION_DEFAULTS,
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      skipHooks: true,
    });
    try {
      await runExecution(memoryExecution);
    } catch (error) {
      log("warn", `[MemoryExtraction] failed: ${String(error)}`);
    }
  }

  /** turn-boundary helper: empties the session's steering buffer */
  clearSteering(reason: string): string[] {
    const messageIds = this.services.steeringBuffer.clear();
    if (messageIds.length > 0) this.#update("steering_cleared", messageIds, reason);
    return messageIds;
  }

  bumpSteeringEpoch(): number {
    return ++this.services.steeringBuffer.epoch;
  }

  cancel(): void {
    this.#turnAbort.abort("cancelled");
    for (const execution of this.services.liveExecutions) execution.abortController.abort("cancelled");
    this.clearSteering("cancel");
  }

  get turnCount(): number {
    return this.#turns;
  }

  #update(kind: "steering_queued" | "steering_injected" | "steering_cleared", messageIds: string[], reason?: string): void {
    this.services.bus.emit("session/update", {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, reason } } },
    });
  }
}
