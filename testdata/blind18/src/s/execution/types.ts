import type { SteeringBuffer } from "../steering/steering-buffer.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { SessionUpdateChannel } from "../acp/session-updates.js";
import type { AgentExecution } from "./agent-execution.js";

export interface ConversationMessage {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
  steeringId?: string;
  toolName?: string;
}

export interface ToolCall {
  name: string;
  text?: string;
  input?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

export interface ModelClient {
  invoke(execution: AgentExecution, context: ConversationMessage[]): Promise<ModelResponse>;
}

export interface SteeringHost {
  steer(text: string, origin?: string): { id: string };
  clearSteering(reason: string): string[];
}

export interface SessionServices {
  readonly sessionId: string;
  readonly session: SteeringHost;
  readonly steering: SteeringBuffer;
  readonly model: ModelClient;
  readonly tools: ToolRegistry;
  readonly updates: SessionUpdateChannel;
  /** executions currently running in this session, by id (cancel, event routing) */
  readonly executions: Map<string, AgentExecution>;
}

export interface PromptContext {
  readonly workspaceRoot: string;
  readonly systemPrompt: string;
  readonly steeringDocs: readonly string[];
}
