// Shared shapes of the agent runtime (model q).
import type { SteeringBuffer } from "./steering/steering-buffer.js";
import type { EventBus } from "./bus/event-bus.js";
import type { Logger } from "./log/logger.js";
import type { ToolDispatcher } from "./tools/registry.js";
import type { ModelGateway } from "./agent/model-gateway.js";
import type { MemoryStore } from "./memory/memory-store.js";

export type Role = "user" | "assistant" | "tool" | "system";

export interface ChatMessage {
  role: Role;
  text: string;
  toolCallId?: string;
  /** set on prompts the live-steering hook injected; never persisted */
  steeringId?: string;
}

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
  label?: string;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

/** The scripted or remote model: invoke(execution, context) -> response. */
export interface LanguageModel {
  invoke(execution: unknown, context: ChatMessage[]): Promise<unknown> | unknown;
}

export interface PromptContext {
  workspaceRoot: string;
  systemPrompt: string;
  clientKiroMeta?: Record<string, unknown>;
  createdAt: number;
}

export interface SessionUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update" | "agent_message_chunk" | "tool_call";
    _meta?: { kiro?: { kind: string; [key: string]: unknown } };
    content?: { type: "text"; text: string };
  };
}

export interface SessionEvents {
  "session/update": SessionUpdate;
  "execution/started": { executionId: string; agentName: string; depth: number };
  "execution/finished": { executionId: string; agentName: string; outcome: string };
  "tool/called": { executionId: string; name: string };
}

export interface SessionFacade {
  readonly sessionId: string;
  steer(text: string, origin?: string): { id: string };
}

export interface SessionServices {
  sessionId: string;
  steering: SteeringBuffer;
  bus: EventBus<SessionEvents>;
  logger: Logger;
  tools: ToolDispatcher;
  model: ModelGateway;
  memory: MemoryStore;
  session: SessionFacade;
}
