import { AgentExecution, type PromptContext } from "../agent/execution";
import { ModelSettleFailure, TurnCancelled } from "../graph/errors";
import { createTurnGraph, type TurnGraph } from "../graph/turn-graph";
import { extractMemories, MEMORY_AGENT } from "../memory/memory-extraction";
import { ScriptedModel, type ScriptStep } from "../model/scripted-model";
import { SessionSteeringBuffer } from "../steering/buffer";
import { rootLog } from "../util/log";
import type { SessionServices } from "./services";

export const ROOT_AGENT = "kiro";

export type MemorySetting = boolean | { script?: ScriptStep[] };

export interface Turn {
  prompt: string;
  script?: ScriptStep[];
  memoryExtraction?: MemorySetting;
}

export class AgentSession {
  readonly services: SessionServices;
  readonly outcomes: string[];
  steeringEpoch: number;
  ownedExecutionId: string | undefined;
  private readonly model: ScriptedModel;
  private readonly graph: TurnGraph;
  private readonly context: PromptContext;
  private turnAbort: AbortController | undefined;

  constructor(sessionId: string, context: PromptContext) {
    const log = rootLog.scoped(sessionId);
    this.model = new ScriptedModel();
    this.services = {
      sessionId,
      steering: new SessionSteeringBuffer(),
      log,
      model: this.model,
      executions: [],
    };
    this.graph = createTurnGraph();
    this.context = context;
    this.outcomes = [];
    this.steeringEpoch = 0;
    this.ownedExecutionId = undefined;
    this.turnAbort = undefined;
    this.model.attach(this);
  }

  // _session/steer
  steer(text: string): string {
    return this.services.steering.append("user", text).id;
  }

  notify(text: string): string {
    return this.services.steering.append("workflow", text).id;
  }

  // _session/steer/clear
  clearSteering(): void {
    this.services.steering.clear("_session/steer/clear");
    this.steeringEpoch += 1;
  }

  cancel(): void {
    this.turnAbort?.abort();
  }

  async prompt(turn: Turn): Promise<string> {
    const outcome = await this.playTurn(turn);
    this.outcomes.push(outcome);
    return outcome;
  }

  private rootFor(signal: AbortSignal): AgentExecution {
    return new AgentExecution({ sessionServices: this.services, promptContext: this.context, signal, agentName: ROOT_AGENT });
  }

  private async playTurn(turn: Turn): Promise<string> {
    const abort = new AbortController();
    this.turnAbort = abort;
    this.model.expect(ROOT_AGENT, turn.script ?? []);
    if (typeof turn.memoryExtraction === "object") this.model.expect(MEMORY_AGENT, turn.memoryExtraction.script ?? []);
    const buffer = this.services.steering;
    let root = this.rootFor(abort.signal);
    let rounds = 0;
    while (true) {
      this.ownedExecutionId = root.executionId;
      try {
        await this.graph.run(root);
      } catch (error) {
        return this.endWithError(error);
      }
      if (turn.memoryExtraction && rounds === 0) await extractMemories(root, this.graph.run);
      if (abort.signal.aborted) {
        buffer.clear("cancel");
        return "cancelled";
      }
      // steering that came after the root's last end-of-turn check: run the root once more
      const read = root.steeringReaderIndex;
      if (read >= buffer.size()) break;
      root = this.rootFor(abort.signal);
      root.setSteeringReaderIndex(read);
      rounds += 1;
    }
    buffer.clear("turn-end");
    return rounds > 0 ? "continued" : "completed";
  }

  private endWithError(error: unknown): string {
    const buffer = this.services.steering;
    if (error instanceof TurnCancelled) {
      buffer.clear("cancel");
      return "cancelled";
    }
    if (error instanceof ModelSettleFailure) {
      buffer.clear("model-settle-failure");
      return "settle-failed";
    }
    this.services.log.error(`prompt failed: ${error instanceof Error ? error.message : String(error)}`);
    buffer.clear("prompt-error");
    return "error";
  }
}
