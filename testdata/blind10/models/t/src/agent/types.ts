import type { SteeringBuffer } from "../steering/steering-buffer";
import type { SessionEventAdapter } from "../session/event-adapter";
import type { ToolRegistry } from "../tools/tool-registry";
import type { AgentHookRunner } from "./agent-hooks";

export interface ContextMessage {
  role: "user" | "assistant" | "tool" | "system";
  text: string;
  toolName?: string;
}

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
  [key: string]: unknown;
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

/** What the model provider is handed: the execution and the context it should see. */
export interface ModelClient {
  invoke(execution: unknown, context: ContextMessage[]): Promise<ModelResponse>;
}

export interface PromptContext {
  workspaceRoot: string;
  promptTemplateContext: Record<string, string>;
  contextCharBudget: number;
}

/** Services shared by every execution of one session (parent and sub-agents alike). */
export interface SessionServices {
  sessionId: string;
  steeringBuffer: SteeringBuffer;
  events: SessionEventAdapter;
  tools: ToolRegistry;
  model: ModelClient;
  hooks: AgentHookRunner;
}
