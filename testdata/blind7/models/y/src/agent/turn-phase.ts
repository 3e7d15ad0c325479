// src/agent/turn-phase.ts
export enum TurnPhase {
  MODEL_INVOKE = "MODEL_INVOKE",
  TOOL_EXECUTION = "TOOL_EXECUTION",
  END_OF_TURN = "END_OF_TURN",
}

export type TurnEvent =
  | { phase: TurnPhase.MODEL_INVOKE; executionId: string; toolCalls: number }
  | { phase: TurnPhase.TOOL_EXECUTION; executionId: string; tool: string }
  | { phase: TurnPhase.END_OF_TURN; executionId: string; continued: boolean };

export class ModelSettleError extends Error {
  constructor(message: string, readonly detail?: unknown) {
    super(message);
  }
}

export class ExecutionCancelledError extends Error {}
