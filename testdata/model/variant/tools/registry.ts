import type { ModelTurn } from "../agent/execution";
import type { ExecutionState } from "../graph/nodes";
import { delegate } from "./delegate";
import { invokeSubAgent } from "./invoke-sub-agent";

type ToolTurn = Extract<ModelTurn, { kind: "tool" }>;

let tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
  delegate,
  // Agents whose name starts with "delegate" are run by the delegate tool.
  "invoke-sub-agent": (state, input) =>
    typeof input?.agentName === "string" && input.agentName.startsWith("delegate") ? delegate(state, input) : invokeSubAgent(state, input),
};

export async function executeTool(state: ExecutionState, turn: ToolTurn): Promise<unknown> {
  let tool = tools[turn.name];
  if (tool === void 0) {
    throw new Error(`unknown tool ${turn.name}`);
  }
  return tool(state, turn.input);
}
