import type { SteeringInbox } from "../steering/inbox.js";
import type { AgentExecution } from "./agent-execution.js";

export interface ContextMessage {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
}

export interface ModelToolCall {
  name: string;
  text?: string;
  input?: { subagentId?: string; prompt?: string; [key: string]: unknown };
}

export interface ModelTurn {
  text?: string;
  toolCalls?: ModelToolCall[];
}

export interface LanguageModel {
  invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelTurn>;
}

export type UpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionServices {
  readonly sessionId: string;
  readonly inbox: SteeringInbox;
  readonly model: LanguageModel;
  readonly steer: (text: string, origin?: string) => { id: string };
  readonly notify: (kind: UpdateKind, data: Record<string, unknown>) => void;
}

export interface PromptContext {
  readonly system: string;
  readonly cwd: string;
}

export interface ExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}
