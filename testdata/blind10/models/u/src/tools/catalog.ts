import type { RequestedTool } from "../core/contracts";
import type { ToolInvocation, ToolResult } from "../runtime/host";
import { invokeSubAgent } from "../subagents/invoke-sub-agent";
import { invokeSubAgentsInParallel } from "../subagents/parallel-sub-agents";

type ToolHandler = (call: RequestedTool, invocation: ToolInvocation) => Promise<ToolResult>;

function textOf(call: RequestedTool): string {
  if (typeof call.text === "string") return call.text;
  const input = call.input as { text?: unknown } | undefined;
  return typeof input?.text === "string" ? input.text : "";
}

/** Tools every session exposes, by wire name. */
export const TOOL_CATALOG: Readonly<Record<string, ToolHandler>> = {
  invoke_sub_agent: (call, invocation) => invokeSubAgent(call.input, invocation),
  invoke_sub_agents: (call, invocation) => invokeSubAgentsInParallel(call.input, invocation),
  // relayed by the ACP client when the person types while a tool loop is running
  user_steer: async (call, { host }) => {
    host.steer(textOf(call), "user");
    return { ok: true, output: "message relayed" };
  },
  // posted by spec/workflow steps
  notify: async (call, { host }) => {
    host.steer(textOf(call), "workflow");
    return { ok: true, output: "notification posted" };
  },
};

export async function runTool(call: RequestedTool, invocation: ToolInvocation): Promise<ToolResult> {
  const handler = Object.prototype.hasOwnProperty.call(TOOL_CATALOG, call.name) ? TOOL_CATALOG[call.name] : undefined;
  if (handler === undefined) return { ok: false, output: `unknown tool: ${call.name}` };
  return handler(call, invocation);
}
