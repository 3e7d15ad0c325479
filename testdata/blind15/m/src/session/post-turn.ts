import type { AgentExecution } from "../agent/execution";

export interface CompletedTurn {
  status: "completed";
  turnNumber: number;
  rootExecution: AgentExecution;
  result: string;
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

/** Work that runs after a root turn has completed, before its steering is cleared. */
export interface PostTurnPlugin {
  name: string;
  enabled(turn: CompletedTurn): boolean;
  run(turn: CompletedTurn): Promise<void>;
}
