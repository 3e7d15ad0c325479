import type { SteeringBuffer } from "../steering/buffer";
import type { AcpEventAdapter } from "./events";
import type { ServiceContainer } from "./container";

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId: string; prompt: string };
  [k: string]: unknown;
}

export interface LanguageModel {
  invoke(execution: unknown, context: readonly { role: string; text: string }[]): Promise<ModelResponse>;
}

export interface SteeringHost {
  steer(text: string, origin?: string): { id: string };
}

export interface SessionServices {
  readonly sessionId: string;
  readonly steering: SteeringBuffer;
  readonly eventAdapter: AcpEventAdapter;
  readonly container: ServiceContainer;
  readonly model: LanguageModel;
  readonly host: SteeringHost;
}
