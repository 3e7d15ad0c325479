// The model-provider boundary as the runtime sees it.
import type { AgentExecution, ContextEntry } from "./execution.js";

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
  [extra: string]: unknown;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

export interface ModelProvider {
  invoke(execution: AgentExecution, context: ContextEntry[]): Promise<unknown>;
}

export class ModelSettleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelSettleError";
  }
}

/** Normalises a provider reply; a reply that cannot be settled fails the turn. */
export function settleModelResponse(raw: unknown): ModelResponse {
  if (raw === null || typeof raw !== "object") {
    throw new ModelSettleError(`model returned ${raw === null ? "null" : typeof raw}`);
  }
  const candidate = raw as { text?: unknown; toolCalls?: unknown };
  if (candidate.toolCalls !== undefined && !Array.isArray(candidate.toolCalls)) {
    throw new ModelSettleError("model returned malformed toolCalls");
  }
  const toolCalls = ((candidate.toolCalls as ToolCall[] | undefined) ?? []).filter(
    (call) => call && typeof call.name === "string",
  );
  return { text: typeof candidate.text === "string" ? candidate.text : "", toolCalls };
}
