import type { ModelTurn } from "../agent/execution";
import type { ExecutionState } from "../graph/nodes";
import { invokeSubAgent } from "./invoke-sub-agent";

type ToolTurn = Extract<ModelTurn, { kind: "tool" }>;

const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  "invoke-sub-agent": invokeSubAgent,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};

export async function executeTool(state: ExecutionState, turn: ToolTurn): Promise<unknown> {
  const tool = tools[turn.name];
  if (!tool) throw new Error(`unknown tool ${turn.name}`);
  return tool(state, turn.input);
}
