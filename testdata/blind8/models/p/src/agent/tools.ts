// Tool registry and the small built-in tools. The sub-agent tool lives in its own module.
import type { AgentExecution } from "./execution.js";
import type { ToolCall } from "./model.js";
import type { ExecutionRunner } from "./runner.js";
import type { PluginHost } from "../runtime/hooks.js";
import type { KasSession } from "../session/session.js";
import type { SteeringOrigin } from "../steering/steering-log.js";

export interface ToolContext {
  execution: AgentExecution;
  runner: ExecutionRunner;
  plugins: PluginHost;
  session: KasSession;
}

export interface AgentTool {
  readonly name: string;
  readonly description: string;
  execute(call: ToolCall, context: ToolContext): Promise<string>;
}

export class ToolRegistry {
  private tools: Map<string, AgentTool>;

  constructor(tools: AgentTool[] = []) {
    this.tools = new Map();
    for (const tool of tools) this.register(tool);
  }

  register(tool: AgentTool): void {
    this.tools.set(tool.name, tool);
  }

  resolve(name: string): AgentTool | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()].sort();
  }
}

/**
 * Relays text into the session's live-steering log: `user_steer` forwards a message the
 * user typed into a delegated surface, `notify` posts a workflow notification.
 */
export class SteeringRelayTool implements AgentTool {
  readonly description: string;

  constructor(
    readonly name: "user_steer" | "notify",
    private readonly origin: SteeringOrigin,
  ) {
    this.description =
      origin === "user" ? "Forward a message from the user to the running agents" : "Post a workflow notification";
  }

  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    if (!text.trim()) return "nothing to relay";
    const message = context.session.steer(text, this.origin);
    return `queued ${message.id}`;
  }
}
