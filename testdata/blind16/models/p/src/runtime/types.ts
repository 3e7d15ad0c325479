import type { AgentExecution } from "./execution";
import type { SteeringBuffer } from "./steering/buffer";
import type { ExecutionTracker } from "./tracker";
import type { UpdateChannel } from "./updates";

export interface ContextItem {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId?: string; prompt?: string };
}

export interface ModelReply {
  text?: string;
  toolCalls?: ToolCall[];
}

export interface ChatModel {
  invoke(execution: AgentExecution, context: ContextItem[]): Promise<ModelReply>;
}

export interface SessionServices {
  sessionId: string;
  steering: SteeringBuffer;
  updates: UpdateChannel;
  executions: ExecutionTracker;
}

export interface PromptContext {
  cwd: string;
  lifecycleHooks: Record<string, string[]>;
}

export type RunExecution = (execution: AgentExecution, prompt: string) => Promise<string>;
