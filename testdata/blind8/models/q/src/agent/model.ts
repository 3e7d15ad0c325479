import type { AgentExecution } from "./agent-execution.js";

export interface ModelMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolInvocation {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
}

export interface ModelReply {
  text: string;
  toolCalls: ToolInvocation[];
}

export interface ModelClient {
  invoke(execution: AgentExecution, context: ModelMessage[]): Promise<unknown>;
}

export class ModelSettleFailure extends Error {
  override name = "ModelSettleFailure";
}

export function settleReply(raw: unknown): ModelReply {
  if (typeof raw !== "object" || raw === null) throw new ModelSettleFailure("empty model reply");
  const { text, toolCalls } = raw as { text?: unknown; toolCalls?: unknown };
  if (toolCalls != null && !Array.isArray(toolCalls)) throw new ModelSettleFailure("toolCalls is not a list");
  return {
    text: typeof text === "string" ? text : "",
    toolCalls: (toolCalls ?? []) as ToolInvocation[],
  };
}
