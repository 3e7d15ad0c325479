import type { Container } from "../di/container.js";
import type { ChatMessage, LanguageModel, PromptContext, SessionEvents, SessionFacade, SessionServices } from "../types.js";
import { AgentExecution } from "../agent/agent-execution.js";
import { NODE, runExecutionGraph } from "../agent/graph.js";
import { ModelGateway, ModelSettleError } from "../agent/model-gateway.js";
import { kindForOrigin, type SteeringBuffer, type SteeringMessage } from "../steering/steering-buffer.js";
import type { EventBus } from "../bus/event-bus.js";
import type { Logger } from "../log/logger.js";
import type { ToolDispatcher } from "../tools/registry.js";
import type { MemoryStore } from "../memory/memory-store.js";
import { EventAdapter, messageChunk, steeringUpdate } from "../acp/updates.js";
import { extractMemories } from "../memory/memory-extraction.js";
import { newSessionId } from "../steering/ids.js";
import { traced } from "../util/traced.js";
import { TurnBoundary, type ClearReason } from "./turn-boundary.js";

export const ROOT_AGENT = "chat-agent";
const MAX_CONTINUATIONS = 4;

export interface PromptResult {
  stopReason: "end_turn" | "cancelled";
  text: string;
}

export interface SessionOptions {
  workspaceRoot?: string;
  clientKiroMeta?: Record<string, unknown>;
  onUpdate?: (update: import("../types.js").SessionUpdate) => void;
}

export class Session implements SessionFacade {
  readonly sessionId = newSessionId();
  readonly services: SessionServices;
  readonly eventAdapter: EventAdapter;
  readonly turnBoundary = new TurnBoundary();
  private activeExecution: AgentExecution | undefined;
  private readonly transcript: ChatMessage[] = [];
  private cancelled = false;

  constructor(scope: Container, model: LanguageModel, private readonly options: SessionOptions = {}) {
    const bus = scope.resolve<EventBus<SessionEvents>>("eventBus");
    this.services = {
      sessionId: this.sessionId,
      steering: scope.resolve<SteeringBuffer>("steeringBuffer"),
      bus,
      logger: scope.resolve<Logger>("logger"),
      tools: scope.resolve<ToolDispatcher>("toolDispatcher"),
      model: new ModelGateway(model),
      memory: scope.resolve<MemoryStore>("memoryStore"),
      session: this,
    };
    this.eventAdapter = new EventAdapter((u) => options.onUpdate?.(u));
    bus.on("session/update", (u) => this.eventAdapter.forward(u));
  }

  get steeringEpoch(): number {
    return this.services.steering.epoch;
  }

  steer(text: string, origin: string = "user"): SteeringMessage {
    const message = this.services.steering.record(kindForOrigin(origin), text);
    this.services.bus.emit("session/update", steeringUpdate(this.sessionId, "steering_queued", { messageId: message.id, kind: message.kind }));
    return message;
  }

  private promptContext(): PromptContext {
    return {
      workspaceRoot: this.options.workspaceRoot ?? process.cwd(),
      systemPrompt: "You are Kiro, an AI assistant and IDE agent.",
      clientKiroMeta: this.options.clientKiroMeta,
      createdAt: Date.now(),
    };
  }

  @traced("session.prompt")
  async prompt(text: string): Promise<PromptResult> {
    this.cancelled = false;
    const promptContext = this.promptContext();
    this.transcript.push({ role: "user", text });
    let execution = new AgentExecution({
      sessionServices: this.services,
      promptContext,
      agentName: ROOT_AGENT,
      history: this.transcript.filter((m) => m.role !== "tool"),
    });
    try {
      let isContinuation = false;
      let resumeIndex = 0;
      for (let pass = 0; ; pass++) {
        if (isContinuation) {
          execution = new AgentExecution({
            sessionServices: this.services,
            promptContext,
            agentName: ROOT_AGENT,
            executionId: execution.executionId,
            history: execution.messages,
          });
        }
        this.activeExecution = execution;
        isContinuation && execution.setSteeringReaderIndex(resumeIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        const outcome = await runExecutionGraph(execution);
        if (outcome !== NODE.EXHAUSTED || pass >= MAX_CONTINUATIONS) break;
        isContinuation = true;
        resumeIndex = execution.steeringReaderIndex;
      }
      const answer = execution.lastAssistantText();
      this.transcript.push({ role: "assistant", text: answer });
      this.services.bus.emit("session/update", messageChunk(this.sessionId, answer));
      await extractMemories(execution);
      this.turnBoundary.close(this, "turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (err) {
      if (this.cancelled) return { stopReason: "cancelled", text: "" };
      this.clearSteering(err instanceof ModelSettleError ? "model_settle_failure" : "prompt_error");
      throw err;
    } finally {
      this.activeExecution = undefined;
    }
  }

  cancel(): void {
    this.cancelled = true;
    this.activeExecution?.abortController.abort(new Error("cancelled by client"));
    this.clearSteering("cancelled");
  }

  @traced("session.clearSteering")
  clearSteering(reason: ClearReason = "user_clear"): string[] {
    return this.turnBoundary.close(this, reason);
  }
}
