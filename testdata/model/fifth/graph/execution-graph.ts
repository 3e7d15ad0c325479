import type { AgentExecution } from "../agent/agent-execution";
import type { ModelReply } from "../scenario/scripted-model";
import { injectLiveSteering } from "../steering/live-steering-hook";
import { logger } from "../util/logger";
import { GraphNode, MAX_GRAPH_STEPS } from "./constants";
import { endOfTurn } from "./end-of-turn";
import { CancelledError, ModelSettleError, PromptError } from "./errors";

export interface ExecutionState {
  readonly execution: AgentExecution;
  node: GraphNode;
  reply?: ModelReply;
  steps: number;
}

const log = logger.child("graph");

async function modelInvoke(state: ExecutionState): Promise<GraphNode> {
  const { execution } = state;
  await injectLiveSteering(execution);
  execution.nextPrompt();
  const reply = await execution.sessionServices.model.complete(execution);
  state.reply = reply;
  switch (reply.kind) {
    case "tool":
      return GraphNode.ToolExecution;
    case "message":
      return GraphNode.EndOfTurn;
    case "settle-fail":
      throw new ModelSettleError(reply.detail);
    default:
      throw new PromptError(reply.detail);
  }
}

async function toolExecution(state: ExecutionState): Promise<GraphNode> {
  const reply = state.reply;
  if (reply?.kind !== "tool") return GraphNode.ModelInvoke;
  // tools pull in the sub-agent machinery; load them the first time a model asks for one
  const { callTool } = await import("../tools/tool-registry");
  await callTool(state, reply.name, reply.input);
  return GraphNode.ModelInvoke;
}

export async function runExecutionGraph(execution: AgentExecution): Promise<ExecutionState> {
  const state: ExecutionState = { execution, node: GraphNode.ModelInvoke, steps: 0 };
  while (state.node !== GraphNode.Done) {
    if (execution.abortController.signal.aborted) throw new CancelledError(execution.agentName);
    if (++state.steps > MAX_GRAPH_STEPS) throw new PromptError(`${execution.agentName}: too many steps`);
    if (state.node === GraphNode.ModelInvoke) state.node = await modelInvoke(state);
    else if (state.node === GraphNode.ToolExecution) state.node = await toolExecution(state);
    else state.node = endOfTurn(state);
  }
  log.debug(`${execution.agentName} done after ${state.steps} step(s)`);
  return state;
}
