import type { SteeringQueue } from "../steering/steering-queue";
import type { HookPipeline } from "../hooks/hook-pipeline";
import type { ClientNotifier } from "../acp/notifier";

export type Role = "user" | "assistant" | "tool";

export interface ChatMessage {
  role: Role;
  text: string;
}

export interface RequestedTool {
  name: string;
  input?: unknown;
  text?: string;
}

export interface ModelTurn {
  text?: string;
  toolCalls?: RequestedTool[];
}

export interface ModelProvider {
  invoke(execution: unknown, context: ChatMessage[]): Promise<ModelTurn>;
}

export interface PromptContext {
  readonly cwd: string;
  readonly steeringDocs: readonly string[];
  readonly modelId: string;
}

/** Everything an execution borrows from its session; sub-agents receive their parent's. */
export interface SessionServices {
  readonly sessionId: string;
  readonly steering: SteeringQueue;
  readonly hooks: HookPipeline;
  readonly notifier: ClientNotifier;
  readonly modelProvider: ModelProvider;
}
