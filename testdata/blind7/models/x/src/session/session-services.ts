// src/session/session-services.ts: what every execution of a session shares.
import type { SteeringBuffer } from "../steering/steering-buffer";
import type { EventBus, ServerEvents, AcpEventAdapter } from "../events/event-bus";
import type { AgentExecution, ContextMessage } from "../execution/agent-execution";

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId: string; prompt: string };
}

export interface ModelResponse {
  text: string;
  toolCalls?: ToolCall[];
}

export interface ModelProvider {
  invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelResponse>;
}

export interface SteeringSink {
  readonly sessionId: string;
  steer(text: string, origin?: string): { id: string };
}

export interface HookRunner {
  run(event: "agentSpawn" | "stop", execution: AgentExecution): Promise<void>;
}

export interface SessionServices {
  sessionId: string;
  steeringBuffer: SteeringBuffer;
  model: ModelProvider;
  bus: EventBus<ServerEvents>;
  eventAdapter: AcpEventAdapter;
  hooks: HookRunner;
  liveExecutions: Set<AgentExecution>;
  steeringSink: SteeringSink;
}
