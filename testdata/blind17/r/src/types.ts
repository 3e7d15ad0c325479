import type { SteeringChannel } from "./steering/channel.js";
import type { LiveSteeringHook } from "./steering/live-steering.js";
import type { JobQueue } from "./kernel/job-queue.js";
import type { PluginRegistry } from "./kernel/plugins.js";
import type { ExecutionRegistry } from "./exec/registry.js";
import type { ProfileCatalog } from "./agents/profiles.js";

export interface Turn {
  role: "user" | "assistant" | "tool" | "system";
  text: string;
  steering?: string;
}

export interface ToolInvocation {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
}

export interface ModelOutput {
  text: string;
  toolCalls: ToolInvocation[];
}

export interface ModelPort {
  invoke(execution: unknown, context: Turn[]): unknown;
}

export interface ClientSurface {
  steer(text: string, origin?: string): { id: string };
}

export interface PromptContext {
  cwd: string;
  system: string;
  kiro?: Record<string, unknown>;
}

export type UpdateSink = (sessionId: string, update: Record<string, unknown>) => void;

export interface SessionServices {
  sessionId: string;
  steering: SteeringChannel;
  liveSteering: LiveSteeringHook;
  plugins: PluginRegistry;
  jobs: JobQueue;
  registry: ExecutionRegistry;
  profiles: ProfileCatalog;
  model: ModelPort;
  surface: ClientSurface;
  notify: UpdateSink;
  features: { titles: boolean };
}
