/** Something the "user" or the workflow does while the model is generating. */
export type ScenarioEvent = { steer: string } | { notify: string } | { clear: true } | { cancel: true };

export type ScenarioAction =
  | "reply"
  | "tool"
  | "error"
  | "settle-fail"
  | { subAgent: { agent: string; script?: ScenarioStep[] } };

/** One model invocation of one execution: events fired during it, then what it answers. */
export interface ScenarioStep {
  during?: ScenarioEvent[];
  then?: ScenarioAction;
}

export type MemoryExtractionSetting = boolean | { script?: ScenarioStep[] };

export interface ScenarioTurn {
  prompt: string;
  script?: ScenarioStep[];
  memoryExtraction?: MemoryExtractionSetting;
}

export interface Scenario {
  description?: string;
  memoryExtraction?: MemoryExtractionSetting;
  turns: ScenarioTurn[];
}

export function parseScenario(source: string): Scenario {
  const value = JSON.parse(source) as Partial<Scenario> | null;
  if (!value || !Array.isArray(value.turns)) throw new TypeError("scenario: expected an object with a `turns` array");
  return value as Scenario;
}
