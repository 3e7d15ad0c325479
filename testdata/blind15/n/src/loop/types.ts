import type { AgentExecution } from "../execution/agent-execution";

export interface TranscriptMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCallRequest {
  name: string;
  input?: { [key: string]: unknown };
  text?: string;
}

export interface ModelReply {
  text?: string;
  toolCalls?: ToolCallRequest[];
}

export interface ConversationModel {
  invoke(execution: AgentExecution, context: TranscriptMessage[]): Promise<ModelReply>;
}

export class ModelSettleFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelSettleFailure";
  }
}
