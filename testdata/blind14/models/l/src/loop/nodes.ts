import type { AgentExecution } from "../runtime/agent-execution";

export type NodeName = "MODEL_INVOKE" | "TOOLS" | "FINAL_RESPONSE" | "END";

export interface Message {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolInvocation {
  name: string;
  input?: { subagentId?: string; prompt?: string; [key: string]: unknown };
  text?: string;
  [key: string]: unknown;
}

export interface ModelReply {
  text?: string;
  toolCalls?: ToolInvocation[];
}

export interface ChatModel {
  invoke(execution: AgentExecution, context: Message[]): Promise<ModelReply> | ModelReply;
}

export interface LoopState {
  execution: AgentExecution;
  messages: Message[];
  iteration: number;
  lastReply?: ModelReply;
}

export interface Step {
  state: LoopState;
  next: NodeName;
}
