import type { AgentExecution } from "../execution/agent-execution";
import type { SteeringEntry } from "../steering/buffer";

export interface ContextItem {
  role: "user" | "assistant" | "tool";
  text: string;
  synthetic?: boolean;
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

export interface Model {
  invoke(execution: AgentExecution, context: ContextItem[]): Promise<ModelReply>;
}

export interface SteerTarget {
  steer(text: string, origin?: string): SteeringEntry;
}

export interface ToolContext {
  execution: AgentExecution;
  session: SteerTarget;
  signal: AbortSignal;
  runExecution(execution: AgentExecution, input: string): Promise<string>;
}

export type ToolHandler = (call: ToolCall, ctx: ToolContext) => Promise<string>;
