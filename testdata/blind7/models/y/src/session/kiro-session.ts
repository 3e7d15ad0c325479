// src/session/kiro-session.ts: one ACP session.
import { rootContainer, ServiceId, type Container } from "../di/container.js";
import { AgentExecution, type PromptContext } from "../execution/agent-execution.js";
import { SteeringKind, SteeringUpdateKind, ClearReason } from "../steering/kinds.js";
import { ModelSettleError, ExecutionCancelledError } from "../agent/turn-phase.js";
import type { SteeringStore } from "../steering/steering-store.js";
import type { ExecutionRegistry } from "../execution/execution-registry.js";
import type { TurnRunner } from "../agent/turn-runner.js";
import type { MemoryExtractionService } from "../agent/memory-extraction.js";
import type { Logger, Telemetry } from "../telemetry/logger.js";
import type { ModelClient, SessionServices, SessionUpdate, SteeringSink } from "./session-services.js";

export class KiroSession implements SteeringSink {
  readonly sessionId: string;
  readonly container: Container;
  readonly services: SessionServices;
  readonly updates: SessionUpdate[];
  private promptContext: PromptContext;
  private rootExecution: AgentExecution | undefined;
  private turnController: AbortController;

  constructor(model: ModelClient) {
    this.sessionId = crypto.randomUUID();
    this.updates = [];
    this.turnController = new AbortController();
    this.container = rootContainer.createChild();
    this.container.registerValue(ServiceId.ModelClient, model);
    this.container.registerValue(ServiceId.SteeringSink, this);
    this.container.registerValue(ServiceId.SessionContainer, this.container);
    this.promptContext = { systemPrompt: "You are Kiro, an agentic coding assistant.", cwd: process.cwd(), steeringFiles: [] };
    let sessionId = this.sessionId;
    let updates = this.updates;
    this.services = {
      sessionId,
      steering: this.container.get<SteeringStore>(ServiceId.SteeringStore),
      logger: this.container.get<Logger>(ServiceId.Logger),
      telemetry: this.container.get<Telemetry>(ServiceId.Telemetry),
      container: this.container,
      notify(update) {
        updates.push({ sessionId, update });
      },
    };
  }

  private get registry(): ExecutionRegistry {
    return this.container.get<ExecutionRegistry>(ServiceId.ExecutionRegistry);
  }

  steer(text: string, origin: string = "user"): { id: string } {
    let kind = origin === "user" ? SteeringKind.User : origin === SteeringKind.Workflow ? SteeringKind.Workflow : SteeringKind.Notification;
    let entry = this.services.steering.enqueue(text, kind);
    this.services.notify({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: SteeringUpdateKind.Queued, messageIds: [entry.id] } } });
    return entry;
  }

  async prompt(text: string): Promise<{ stopReason: "end_turn" | "cancelled" }> {
    this.turnController = new AbortController();
    let previous = this.rootExecution;
    if (previous?.abortController.signal.aborted) this.rootExecution = void 0; // cancelled roots are not resumed
    let isContinuation = this.rootExecution != null;
    let root =
      this.rootExecution ??
      (this.rootExecution = new AgentExecution({
        sessionServices: this.services,
        promptContext: this.promptContext,
        signal: this.turnController.signal,
        agentName: "chat-agent",
      }));
    if (!isContinuation && previous != null) root.transcript.push(...previous.transcript);
    isContinuation && root.setSteeringReaderIndex(this.services.steering.state.messages.length);
    this.registry.setOwnedExecutionId(root.executionId);
    root.drainRetryCount = 0;
    root.transcript.push({ role: "user", text });
    let runner = this.container.get<TurnRunner>(ServiceId.TurnRunner);
    try {
      await runner.drive(root);
    } catch (error) {
      if (error instanceof ExecutionCancelledError) {
        this.clearSteering(ClearReason.Cancel);
        return { stopReason: "cancelled" };
      }
      this.clearSteering(error instanceof ModelSettleError ? ClearReason.ModelSettleFailure : ClearReason.PromptError);
      throw error;
    }
    await this.container.get<MemoryExtractionService>(ServiceId.MemoryExtraction).extractFrom(root);
    this.clearSteering(ClearReason.TurnEnd);
    return { stopReason: "end_turn" };
  }

  /** the turn-boundary helper: every clear of the steering buffer goes through here */
  clearSteering(reason: ClearReason | string): string[] {
    let messageIds = this.services.steering.drainAll();
    this.services.logger.debug(`[KiroSession] steering cleared (${reason}): ${messageIds.length} message(s)`);
    if (messageIds.length) {
      this.services.notify({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: SteeringUpdateKind.Cleared, messageIds } } });
    }
    return messageIds;
  }

  cancel(): void {
    this.turnController.abort("cancelled");
    for (let execution of this.registry.live()) execution.abortController.abort("cancelled");
  }
}
