import type { AgentExecution } from "../agent/agent-execution";
import type { PromptRecord } from "../agent/agent-types";

export interface ToolUse {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
}

export type ModelResponse =
  | { readonly type: "message"; readonly text: string }
  | { readonly type: "tool_use"; readonly toolUse: ToolUse }
  | { readonly type: "error"; readonly message: string }
  | { readonly type: "settle_failure"; readonly message: string };

export interface ModelRequest {
  readonly execution: AgentExecution;
  readonly prompt: PromptRecord;
}

export interface ModelProvider {
  complete(request: ModelRequest): Promise<ModelResponse>;
}
