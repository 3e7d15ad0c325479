// src/session/session.ts
import { AgentExecution, type HistoryEntry, type PromptContext } from "../agent/agent-execution.js";
import { ExecutionGraph, GraphOutcome } from "../agent/execution-graph.js";
import type { ModelClient } from "../agent/model-client.js";
import { EventBus, RuntimeEvent } from "../events/bus.js";
import { HookRunner, HookTrigger } from "../hooks/hook-runner.js";
import { Logger } from "../logging/logger.js";
import { MemoryExtractor, MemoryStore } from "../memory/memory-extractor.js";
import { SteeringBuffer, type SteeringMessage, type SteeringOrigin } from "../steering/steering-buffer.js";
import { tracer, SpanKind } from "../telemetry/tracer.js";
import type { ToolRegistry } from "../tools/registry.js";
import { newSessionId, workspaceHash } from "../util/ids.js";
import { AcpEventAdapter } from "./event-adapter.js";
import type { TranscriptStore } from "./transcript-store.js";
import type { SessionServices, SteeringHost } from "./session-services.js";

export const MAX_ROOT_CONTINUATIONS = 2;

export interface SessionOptions {
  cwd: string;
  modelId: string;
  systemPrompt: string;
  tools: ToolRegistry;
  memoryStore: MemoryStore;
}

export type StopReason = "end_turn" | "cancelled" | "max_turn_requests" | "refusal";

function continuationPrompt(pending: string[]): string {
  return [
    "Continue the current task. While you were finishing, the user added:",
    ...pending.map((t) => `- ${t}`),
  ].join("\n");
}

export class Session implements SteeringHost {
  readonly sessionId = newSessionId();
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly conversation: HistoryEntry[] = [];
  steeringEpoch = 0;
  activeRoot: AgentExecution | undefined = undefined;
  #turn = 0;
  #turnAbort: AbortController | undefined;
  readonly #memory: MemoryExtractor;
  readonly #log: Logger;
  #transcript: TranscriptStore | undefined;

  constructor(model: ModelClient, options: SessionOptions) {
    this.#log = new Logger("session");
    this.promptContext = {
      systemPrompt: options.systemPrompt,
      cwd: options.cwd,
      modelId: options.modelId,
      workspaceHash: workspaceHash(options.cwd),
    };
    const bus = new EventBus();
    tracer.attachBus(bus);
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(),
      bus,
      hooks: new HookRunner(),
      tools: options.tools,
      model,
      eventAdapter: new AcpEventAdapter(this.sessionId),
      graph: new ExecutionGraph(),
      logger: this.#log,
      host: this,
    };
    this.#memory = new MemoryExtractor(options.memoryStore);
    bus.emit(RuntimeEvent.SessionCreated, { sessionId: this.sessionId });
  }

  /** Appends to the session's live-steering buffer (the user's `_session/steer`, or a notification). */
  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.services.steeringBuffer.append(text, origin);
    this.services.bus.emit(RuntimeEvent.SteeringQueued, { messageId: message.id, kind: message.kind });
    this.services.eventAdapter.sendSteeringUpdate("steering_queued", [message.id], { kind: message.kind });
    return message;
  }

  /** Turn-boundary helper: empties the buffer. Live cursors keep their positions. */
  clearSteering(reason: string): string[] {
    const messageIds = this.services.steeringBuffer.clear();
    this.services.bus.emit(RuntimeEvent.SteeringCleared, { messageIds, reason });
    this.services.eventAdapter.sendSteeringUpdate("steering_cleared", messageIds, { reason });
    return messageIds;
  }

  persistTo(store: TranscriptStore): void {
    this.#transcript = store;
    store.attach(this.services.bus);
    this.services.bus.on(RuntimeEvent.ExecutionStarted, () => {
      const root = this.activeRoot;
      if (root) store.track(root);
    });
  }

  bumpSteeringEpoch(): number {
    this.steeringEpoch++;
    this.services.steeringBuffer.epoch = this.steeringEpoch;
    return this.steeringEpoch;
  }

  createRootExecution(promptText: string): AgentExecution {
    const execution = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort?.signal,
      agentName: "chat-agent",
    });
    execution.history.push(...this.conversation, { role: "user", text: promptText });
    return execution;
  }

  async prompt(text: string): Promise<{ stopReason: StopReason }> {
    const turn = ++this.#turn;
    this.#turnAbort = new AbortController();
    this.services.bus.emit(RuntimeEvent.TurnStarted, { sessionId: this.sessionId, turn });
    return tracer.withSpan(
      "session.prompt",
      async (span) => {
        span.setAttribute("session.turn", turn);
        try {
          if (this.services.hooks.has(HookTrigger.UserPromptSubmit)) {
            await this.services.hooks.run(HookTrigger.UserPromptSubmit, { prompt: text }, this.promptContext.cwd);
          }
          let promptText = text;
          let isContinuation = false;
          let resumeIndex = 0;
          let root: AgentExecution;
          let outcome: GraphOutcome;
          for (let attempt = 0; ; attempt++) {
            root = this.createRootExecution(promptText);
            if (isContinuation) {
              root.setSteeringReaderIndex(resumeIndex);
            }
            this.services.eventAdapter.setOwnedExecutionId(root.executionId);
            this.activeRoot = root;
            const result = await this.services.graph.run(root);
            outcome = result.outcome;
            if (outcome !== GraphOutcome.SteeringPending || attempt >= MAX_ROOT_CONTINUATIONS) break;
            const buffer = this.services.steeringBuffer;
            promptText = continuationPrompt(buffer.pendingUserText(root.steeringReaderIndex));
            resumeIndex = buffer.messages.length;
            isContinuation = true;
          }
          if (outcome === GraphOutcome.Aborted) {
            this.clearSteering("cancel");
            return { stopReason: "cancelled" as const };
          }
          this.conversation.push({ role: "user", text }, { role: "assistant", text: root.state?.finalText ?? "" });
          await this.#memory.extract(root);
          this.clearSteering("turn_end");
          this.services.bus.emit(RuntimeEvent.TurnEnded, { sessionId: this.sessionId, turn, stopReason: "end_turn" });
          return { stopReason: outcome === GraphOutcome.StepLimit ? ("max_turn_requests" as const) : ("end_turn" as const) };
        } catch (err) {
          this.#log.error("prompt failed", { error: err });
          this.clearSteering("prompt_error");
          throw err;
        } finally {
          this.activeRoot = undefined;
        }
      },
      SpanKind.Server,
    );
  }

  cancel(): void {
    this.#turnAbort?.abort("cancelled");
    this.clearSteering("cancel");
  }
}
