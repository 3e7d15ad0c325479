import type { AgentExecution } from "../agent/execution";
import { PromptFailure } from "../graph/errors";
import type { RunChild } from "../graph/turn-graph";
import { invokeSubAgent, type ToolOutcome } from "./invoke-sub-agent";

type Tool = (caller: AgentExecution, args: Record<string, unknown>, runChild: RunChild) => Promise<ToolOutcome>;

const TOOLS = new Map<string, Tool>([
  ["invoke-sub-agent", invokeSubAgent],
  ["read_file", async (caller, args) => ({ ok: true, content: `${caller.promptContext.workspace}/${String(args.path ?? "")}` })],
]);

export async function runTool(caller: AgentExecution, name: string, args: Record<string, unknown>, runChild: RunChild): Promise<ToolOutcome> {
  const tool = TOOLS.get(name);
  if (!tool) throw new PromptFailure(`no such tool: ${name}`);
  return tool(caller, args, runChild);
}
