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
  ownedExecutionId: string | undefined = undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}

export class AcpSession {
  readonly outcomes: { prompt: string; outcome: string }[] = [];
  readonly registry = new SessionRegistry();
  readonly eventAdapter = new EventAdapter();
  steeringEpoch = 0;
  readonly model = new ScriptedModel(this);
  private turnController: AbortController | undefined;
  readonly sessionServices: SessionServices;

  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
    let liveSteering = new LiveSteeringBuffer();
    this.sessionServices = {
      sessionId,
      registry: this.registry,
      liveSteering,
      model: this.model,
      logger: logger.child(sessionId),
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
    this.steeringEpoch += 1;
    this.sessionServices.liveSteering.clear("_session/steer/clear");
  }

  cancel(): void {
    if (this.turnController) {
      this.turnController.abort();
    }
  }

  private newRootExecution(): AgentExecution {
    return new AgentExecution({
      agentName: "kiro",
      signal: this.turnController!.signal,
      promptContext: this.promptContext,
      sessionServices: this.sessionServices,
    });
  }

  async prompt(request: TurnRequest): Promise<string> {
    let extraction = request.memoryExtraction;
    this.turnController = new AbortController();
    this.model.expect("kiro", request.script ?? []);
    typeof extraction === "object" && extraction && this.model.expect("memory-extraction", extraction.script ?? []);
    let outcome = await this.runTurn(this.newRootExecution(), request, false, 0);
    this.outcomes.push({ prompt: request.prompt, outcome });
    return outcome;
  }

  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number): Promise<string> {
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    isContinuation && execution.setSteeringReaderIndex(resumeIndex);
    let buffer = this.sessionServices.liveSteering;
    try {
      await runExecution(execution);
    } catch (error) {
      let reason = "prompt-error";
      let outcome = "error";
      if ((error as Error).name === "AbortError") {
        reason = "cancel";
        outcome = "cancelled";
      } else if (error instanceof ModelSettleError) {
        reason = "model-settle-failure";
        outcome = "settle-failed";
      }
      buffer.clear(reason);
      return outcome;
    }
    !isContinuation && request.memoryExtraction && (await runMemoryExtraction(execution));
    // A cancel during memory extraction ends the turn like any other cancel.
    if (this.turnController!.signal.aborted) {
      buffer.clear("cancel");
      return "cancelled";
    }
    // Steering that arrived after the last end-of-turn check re-runs the root.
    if (execution.steeringReaderIndex < buffer.size()) {
      return this.runTurn(this.newRootExecution(), request, true, execution.steeringReaderIndex);
    }
    buffer.clear("turn-end");
    if (isContinuation) {
      return "continued";
    }
    return "completed";
  }
}
