import { PromptFailedError } from "../util/errors";
import type { AgentTool, ToolContext, ToolResult } from "./agent-tool";
import { InvokeSubAgentTool } from "./invoke-sub-agent-tool";
import { ReadFileTool } from "./read-file-tool";

export class Toolbox {
  private readonly byName = new Map<string, AgentTool>();

  constructor(tools: readonly AgentTool[]) {
    for (const tool of tools) this.byName.set(tool.name, tool);
  }

  static withBuiltins(): Toolbox {
    return new Toolbox([new ReadFileTool(), new InvokeSubAgentTool()]);
  }

  async call(name: string, context: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
    const tool = this.byName.get(name);
    if (!tool) throw new PromptFailedError(`model requested unknown tool ${JSON.stringify(name)}`);
    return tool.execute(context, input);
  }
}
