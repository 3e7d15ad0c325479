// src/session/session-services.ts
import type { SteeringStore } from "../steering/steering-store.js";
import type { Logger, Telemetry } from "../telemetry/logger.js";
import type { Container } from "../di/container.js";
import type { AgentExecution, TranscriptItem } from "../execution/agent-execution.js";

export interface ModelToolCall {
  name: string;
  text?: string;
  input?: { subagentId: string; prompt: string };
}

export interface ModelReply {
  text: string;
  toolCalls?: ModelToolCall[];
}

export interface ModelClient {
  invoke(execution: AgentExecution, context: TranscriptItem[]): Promise<ModelReply>;
}

export interface SteeringSink {
  steer(text: string, origin?: string): { id: string };
}

export interface SessionUpdate {
  sessionId: string;
  update: { sessionUpdate: "session_info_update"; _meta: { kiro: { kind: string; messageIds: string[] } } };
}

export interface SessionServices {
  sessionId: string;
  steering: SteeringStore;
  logger: Logger;
  telemetry: Telemetry;
  container: Container;
  notify(update: SessionUpdate["update"]): void;
}
