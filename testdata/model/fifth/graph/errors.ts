export class CancelledError extends Error {
  constructor(what: string) {
    super(`${what} was cancelled`);
    this.name = "AbortError";
  }
}

export class ModelSettleError extends Error {}

export class PromptError extends Error {}
