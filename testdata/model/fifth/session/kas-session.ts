import { AgentExecution, type PromptContext } from "../agent/agent-execution";
import { ModelSettleError } from "../graph/errors";
import { runExecutionGraph } from "../graph/execution-graph";
import { ScriptedModel, type ScenarioStep } from "../scenario/scripted-model";
import { SteeringBuffer } from "../steering/steering-buffer";
import { logger } from "../util/logger";
import type { SessionServices } from "./services";

const ROOT_AGENT = "kiro";

export interface PromptRequest {
  prompt: string;
  script?: ScenarioStep[];
  memoryExtraction?: boolean | { script?: ScenarioStep[] };
}

export class KasSession {
  readonly services: SessionServices;
  readonly outcomes: string[] = [];
  steeringEpoch = 0;
  ownedExecutionId: string | undefined;
  abortController = new AbortController();
  readonly #promptContext: PromptContext;
  readonly #model: ScriptedModel;

  constructor(sessionId: string, promptContext: PromptContext) {
    const log = logger.child(sessionId);
    this.#promptContext = promptContext;
    this.#model = new ScriptedModel(this);
    this.services = { sessionId, steeringBuffer: new SteeringBuffer(log.child("steering")), logger: log, model: this.#model, created: [] };
  }

  steer(text: string): void {
    this.services.steeringBuffer.enqueue("user", text);
  }

  notify(text: string): void {
    this.services.steeringBuffer.enqueue("system", text);
  }

  clearSteering(): void {
    this.services.steeringBuffer.clear("_session/steer/clear");
    this.steeringEpoch++;
  }

  cancel(): void {
    this.abortController.abort();
  }

  #rootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.#promptContext,
      signal: this.abortController.signal,
      agentName: ROOT_AGENT,
    });
  }

  async prompt(request: PromptRequest): Promise<string> {
    this.abortController = new AbortController();
    this.#model.queueScript(ROOT_AGENT, request.script ?? []);
    const memory = request.memoryExtraction;
    if (memory && typeof memory === "object") this.#model.queueScript("memory-extraction", memory.script ?? []);
    const outcome = await this.#runRoot(this.#rootExecution(), Boolean(memory), false);
    this.outcomes.push(outcome);
    return outcome;
  }

  async #runRoot(execution: AgentExecution, extractMemory: boolean, continuation: boolean): Promise<string> {
    const buffer = this.services.steeringBuffer;
    this.ownedExecutionId = execution.executionId;
    try {
      await runExecutionGraph(execution);
    } catch (error) {
      const reason = (error as Error).name === "AbortError" ? "cancel" : error instanceof ModelSettleError ? "model-settle-failure" : "prompt-error";
      buffer.clear(reason);
      return reason === "cancel" ? "cancelled" : reason === "model-settle-failure" ? "settle-failed" : "error";
    }
    if (extractMemory && !continuation) {
      const { runMemoryExtraction } = await import("../memory/memory-extraction");
      await runMemoryExtraction(execution);
    }
    if (this.abortController.signal.aborted) {
      buffer.clear("cancel");
      return "cancelled";
    }
    if (execution.steeringReaderIndex < buffer.length) {
      // the root continuation: a fresh root that starts where this one stopped reading
      const next = this.#rootExecution();
      next.setSteeringReaderIndex(execution.steeringReaderIndex);
      return this.#runRoot(next, extractMemory, true);
    }
    buffer.clear("turn-end");
    return continuation ? "continued" : "completed";
  }
}
