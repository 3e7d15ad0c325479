import type { ExecutionState } from "../graph/execution-graph";
import { PromptError } from "../graph/errors";
import { invokeSubAgent, type ToolResult } from "./sub-agent-tool";

type ToolHandler = (state: ExecutionState, input: Record<string, unknown>) => Promise<ToolResult>;

const handlers: Record<string, ToolHandler> = {
  "invoke-sub-agent": invokeSubAgent,
  read_file: async (state, input) => ({ isError: false, text: `${state.execution.promptContext.workspace}/${String(input.path)}` }),
};

export async function callTool(state: ExecutionState, name: string, input: Record<string, unknown>): Promise<ToolResult> {
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!handler) throw new PromptError(`unknown tool ${name}`);
  return handler(state, input);
}
