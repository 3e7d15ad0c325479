import { AgentTool, type ToolContext, type ToolResult } from "./agent-tool";

type ReadFileInput = { path?: string };

/** Workspace reads are stubbed: the scenario model only needs the round trip. */
export class ReadFileTool extends AgentTool<ReadFileInput> {
  readonly name = "read_file";
  readonly description = "Read a file from the workspace";

  protected async run(context: ToolContext, input: ReadFileInput): Promise<ToolResult> {
    const file = input.path ?? "<unnamed>";
    return { ok: true, output: `${context.execution.promptContext.workspace}/${file}: (contents elided)` };
  }
}
