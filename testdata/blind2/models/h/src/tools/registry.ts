import type { AgentExecution } from "../runtime/agent-execution";
import { InvokeSubAgentTool } from "./invoke-sub-agent";

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId: string; prompt: string };
}

export interface Tool {
  readonly name: string;
  run(call: ToolCall, ctx: { execution: AgentExecution }): Promise<string>;
}

class SteerTool implements Tool {
  constructor(readonly name: string, private readonly origin: "user" | "workflow") {}
  async run(call: ToolCall, { execution }: { execution: AgentExecution }): Promise<string> {
    const entry = execution.sessionServices.session.steer(call.text ?? "", this.origin);
    return `accepted ${entry.id}`;
  }
}

let tools: Map<string, Tool> | undefined;
function toolTable(): Map<string, Tool> {
  return (tools ??= new Map<string, Tool>([
    ["user_steer", new SteerTool("user_steer", "user")],
    ["notify", new SteerTool("notify", "workflow")],
    ["invoke_sub_agent", new InvokeSubAgentTool()],
  ]));
}

export async function runTool(call: ToolCall, execution: AgentExecution): Promise<string> {
  const tool = toolTable().get(call.name);
  return tool ? tool.run(call, { execution }) : `no such tool: ${call.name}`;
}
