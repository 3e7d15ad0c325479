import { PluginRegistry } from "../kernel/plugins.js";
import { relayPlugin, subagentPlugin } from "../features/subagents.js";
import { SessionRuntime, type RuntimeOptions } from "../session/runtime.js";
import type { ModelPort } from "../types.js";

export const runtimes = new Map<string, SessionRuntime>();

let plugins: PluginRegistry | undefined;

function pluginRegistry(): PluginRegistry {
  if (!plugins) plugins = new PluginRegistry().use(subagentPlugin).use(relayPlugin);
  return plugins;
}

export interface SessionHandle {
  readonly sessionId: string;
  steer(text: string, origin?: string): { id: string };
  prompt(text: string): Promise<{ stopReason: string; text: string }>;
  clearSteering(reason?: string): string[];
  cancel(): void;
}

/** Opens a session and hands back the surface a client drives. */
export function createSession(model: ModelPort, options: RuntimeOptions = {}): SessionHandle {
  const runtime = new SessionRuntime(model, pluginRegistry(), options);
  runtimes.set(runtime.sessionId, runtime);
  const handle: SessionHandle = {
    sessionId: runtime.sessionId,
    steer: (text, origin) => runtime.enqueueSteering(text, origin),
    prompt: (text) => runtime.prompt(text),
    clearSteering: (reason) => runtime.clearSteering((reason ?? "user_clear") as Parameters<SessionRuntime["clearSteering"]>[0]),
    cancel: () => runtime.cancel(),
  };
  runtime.attachSurface(handle);
  return handle;
}
