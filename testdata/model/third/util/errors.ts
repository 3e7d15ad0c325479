/** Base class for errors the session maps onto a turn outcome. */
export class KasError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** The turn's abort signal fired (session/cancel). */
export class ExecutionCancelledError extends KasError {
  constructor(agentName?: string) {
    super("E_CANCELLED", agentName ? `execution cancelled (${agentName})` : "execution cancelled");
  }
}

/** The provider answered with an error for this prompt. */
export class PromptFailedError extends KasError {
  constructor(message: string) {
    super("E_PROMPT", message);
  }
}

/** The provider's stream could not be settled into a final message. */
export class ModelSettleError extends KasError {
  constructor(message: string) {
    super("E_MODEL_SETTLE", message);
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
