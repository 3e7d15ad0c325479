import type { SessionEventAdapter } from "../session/session-events";
import type { SteeringBuffer } from "../steering/steering-buffer";
import type { AgentExecution } from "./agent-execution";

export interface ContextEntry {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  text?: string;
  label?: string;
  input?: { subagentId?: string; prompt?: string; [key: string]: unknown };
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

/** What the session drives: the LLM client, or a scripted stand-in in tests. */
export interface AgentModel {
  invoke(execution: AgentExecution, context: ContextEntry[]): Promise<ModelResponse>;
}

export type HookEvent = "agentSpawn" | "stop";
export type HookHandler = (event: HookEvent, execution: AgentExecution) => void | Promise<void>;

export class HookRunner {
  constructor(private readonly handlers: readonly HookHandler[] = []) {}

  async run(event: HookEvent, execution: AgentExecution): Promise<void> {
    if (execution.skipHooks) return;
    for (const handler of this.handlers) await handler(event, execution);
  }
}

/** Per-session services every execution of the session carries. */
export interface SessionServices {
  steeringBuffer: SteeringBuffer;
  events: SessionEventAdapter;
  hooks: HookRunner;
}

export interface PromptContext {
  promptTemplateContext: Record<string, unknown>;
}

export interface TurnState {
  execution: AgentExecution;
  context: ContextEntry[];
  agentIterationNumber: number;
  response?: ModelResponse;
}
