import type { ChatMessage, LanguageModel, ModelResponse, ToolCall } from "../types.js";

export class ModelSettleError extends Error {
  constructor(message: string, readonly raw: unknown) {
    super(message);
    this.name = "ModelSettleError";
  }
}

/** Wraps the language model: retries transient failures, settles raw output. */
export class ModelGateway {
  private calls = 0;
  constructor(private readonly model: LanguageModel, private readonly maxAttempts = 2) {}

  get callCount(): number {
    return this.calls;
  }

  async invoke(execution: unknown, context: ChatMessage[], signal?: AbortSignal): Promise<ModelResponse> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      if (signal?.aborted) throw signal.reason ?? new Error("aborted");
      try {
        this.calls++;
        const raw = await this.model.invoke(execution, context);
        return settle(raw);
      } catch (err) {
        if (err instanceof ModelSettleError || !isTransient(err)) throw err;
        lastError = err;
      }
    }
    throw lastError;
  }
}

function isTransient(err: unknown): boolean {
  return err instanceof Error && /ECONNRESET|ETIMEDOUT|throttl/i.test(err.message);
}

export function settle(raw: unknown): ModelResponse {
  if (raw === null || typeof raw !== "object") throw new ModelSettleError("model returned no response object", raw);
  const r = raw as { text?: unknown; toolCalls?: unknown };
  if (r.text !== undefined && typeof r.text !== "string") throw new ModelSettleError("model text is not a string", raw);
  if (r.toolCalls !== undefined && !Array.isArray(r.toolCalls)) throw new ModelSettleError("toolCalls is not a list", raw);
  const toolCalls = ((r.toolCalls as ToolCall[] | undefined) ?? []).filter((c) => c && typeof c.name === "string");
  return { text: (r.text as string | undefined) ?? "", toolCalls };
}
