import { AgentExecution, type ExecutionRegistry, type PromptContext, type SessionServices } from "../agent/execution";
import { ModelSettleError, runExecution } from "../graph/nodes";
import { runMemoryExtraction } from "../memory/memory-extraction";
import { ScriptedModel, type ScenarioStep } from "../model/scripted-model";
import { LiveSteeringBuffer } from "../steering/live-steering-buffer";
import { logger } from "../util/logger";

export interface TurnRequest {
  prompt: string;
  script?: ScenarioStep[];
  memoryExtraction?: boolean | { script?: ScenarioStep[] };
}

class SessionRegistry implements ExecutionRegistry {
  readonly executions: AgentExecution[] = [];
  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
}

class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}

export class AcpSession {
  readonly registry = new SessionRegistry();
  readonly eventAdapter = new EventAdapter();
  readonly model = new ScriptedModel(this);
  readonly sessionServices: SessionServices;
  steeringEpoch = 0;
  private turnController: AbortController | undefined;
  readonly outcomes: { prompt: string; outcome: string }[] = [];

  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
    this.sessionServices = {
      sessionId,
      liveSteering: new LiveSteeringBuffer(),
      registry: this.registry,
      logger: logger.child(sessionId),
      model: this.model,
    };
  }

  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }

  notify(text: string): void {
    this.sessionServices.liveSteering.push("notification", text);
  }

  // _session/steer/clear
  clearSteering(): void {
    this.sessionServices.liveSteering.clear("_session/steer/clear");
    this.steeringEpoch++;
  }

  cancel(): void {
    this.turnController?.abort();
  }

  async prompt(request: TurnRequest): Promise<string> {
    this.turnController = new AbortController();
    this.model.expect("kiro", request.script ?? []);
    if (request.memoryExtraction && typeof request.memoryExtraction === "object") {
      this.model.expect("memory-extraction", request.memoryExtraction.script ?? []);
    }
    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    });
    const outcome = await this.runTurn(root, request, false, 0);
    this.outcomes.push({ prompt: request.prompt, outcome });
    return outcome;
  }

  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number): Promise<string> {
    const buffer = this.sessionServices.liveSteering;
    if (isContinuation) {
      execution.setSteeringReaderIndex(resumeIndex);
    }
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      await runExecution(execution);
    } catch (error) {
      if ((error as Error).name === "AbortError") {
        buffer.clear("cancel");
        return "cancelled";
      }
      if (error instanceof ModelSettleError) {
        buffer.clear("model-settle-failure");
        return "settle-failed";
      }
      buffer.clear("prompt-error");
      return "error";
    }
    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
    // A cancel during memory extraction ends the turn like any other cancel.
    if (this.turnController!.signal.aborted) {
      buffer.clear("cancel");
      return "cancelled";
    }
    // Steering that arrived after the last end-of-turn check re-runs the root.
    if (buffer.length > execution.steeringReaderIndex) {
      const continuation = new AgentExecution({
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.turnController!.signal,
        agentName: "kiro",
      });
      return this.runTurn(continuation, request, true, execution.steeringReaderIndex);
    }
    buffer.clear("turn-end");
    return isContinuation ? "continued" : "completed";
  }
}
