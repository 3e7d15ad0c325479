import type { AgentExecution } from "../agent/agent-execution";
import { ScriptedProvider } from "../provider/scripted-provider";
import { KiroSession } from "../session/kiro-session";
import type { Scenario, ScenarioTurn } from "./scenario-types";

export interface ExecutionReport {
  id: string;
  agent: string;
  depth: number;
  received: string[];
  receivedText: string[];
  prompts: number;
  drainRetries: number;
  exhausted: boolean;
  cursor: number;
}

export interface ScenarioReport {
  outcomes: string[];
  steeringEpoch: number;
  executions: ExecutionReport[];
}

/**
 * Plays a scenario against one session, standing in for the ACP client. Real
 * ids (UUID executions, `steer-<uuid>` messages) are replaced in the report by
 * stable labels: executions by creation order, messages by the order the
 * scenario sent them (one counter shared by steers and notifications).
 */
export class ScenarioDriver {
  readonly #scenario: Scenario;
  readonly #session: KiroSession;
  readonly #labels = new Map<string, string>();
  #sent = 0;

  constructor(scenario: Scenario, workspace: string) {
    this.#scenario = scenario;
    const provider = new ScriptedProvider();
    this.#session = new KiroSession({
      sessionId: "session-1",
      promptContext: { systemPrompt: "You are Kiro.", workspace },
      provider,
    });
    provider.connect({
      steer: (text) => this.#label("steer", this.#session.steer(text)),
      notify: (text) => this.#label("notify", this.#session.notify(text)),
      clearSteering: () => this.#session.clearSteering(),
      cancel: () => this.#session.cancel(),
    });
  }

  #label(prefix: "steer" | "notify", messageId: string): void {
    this.#sent += 1;
    this.#labels.set(messageId, `${prefix}-${this.#sent}`);
  }

  #memorySettingFor(turn: ScenarioTurn) {
    return Object.prototype.hasOwnProperty.call(turn, "memoryExtraction") ? turn.memoryExtraction : this.#scenario.memoryExtraction;
  }

  async play(): Promise<ScenarioReport> {
    for (const turn of this.#scenario.turns) {
      await this.#session.prompt({ prompt: turn.prompt, script: turn.script, memoryExtraction: this.#memorySettingFor(turn) });
    }
    return this.#report();
  }

  #report(): ScenarioReport {
    return {
      outcomes: [...this.#session.outcomes],
      steeringEpoch: this.#session.steeringEpoch,
      executions: this.#session.executions.list().map((execution, position) => this.#describe(execution, position + 1)),
    };
  }

  #describe(execution: AgentExecution, ordinal: number): ExecutionReport {
    const delivered = execution.prompts.flatMap((prompt) => prompt.steering);
    return {
      id: `${String(ordinal).padStart(8, "0")}-${execution.agentName}`,
      agent: execution.agentName,
      depth: execution.subExecutionDepth,
      received: delivered.map((item) => this.#labels.get(item.ref) ?? item.ref),
      receivedText: delivered.map((item) => item.body),
      prompts: execution.prompts.length,
      drainRetries: execution.drainRetryCount,
      exhausted: execution.steeringExhausted,
      cursor: execution.steeringReaderIndex,
    };
  }
}
