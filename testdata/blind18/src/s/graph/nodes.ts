import { drainLiveSteering } from "../steering/live-steering-hook.js";
import { clearSteeringAtTurnBoundary } from "../steering/turn-boundary.js";
import { createLogger } from "../runtime/log.js";
import { GraphNode, type GraphNodeId, type GraphState, type NodeResult } from "./state.js";
import type { RunExecution } from "../tools/registry.js";

const log = createLogger("graph");

/** How often the end-of-turn check may send an execution back to MODEL_INVOKE for queued steering. */
export const MAX_DRAIN_RETRIES = 3;

type NodeHandler = (state: GraphState, run: RunExecution) => Promise<NodeResult>;

async function applyQueuedUserMessages(state: GraphState): Promise<GraphState> {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length > 0) state.execution.messages.push(...queued);
  return state;
}

const modelInvoke: NodeHandler = async (state) => {
  const execution = state.execution;
  await drainLiveSteering(execution);
  state = await applyQueuedUserMessages(state);
  execution.state = state;
  let response;
  try {
    response = await execution.sessionServices.model.invoke(execution, [...execution.messages]);
  } catch (error) {
    clearSteeringAtTurnBoundary(execution.sessionServices, "model_settle_failure");
    throw error;
  }
  const text = response?.text ?? "";
  execution.messages.push({ role: "assistant", text });
  const next: GraphNodeId = response?.toolCalls?.length ? GraphNode.TOOL_EXECUTION : GraphNode.FINAL_RESPONSE;
  return { state: { ...state, response, modelCalls: state.modelCalls + 1, finalText: text }, next };
};

const toolExecution: NodeHandler = async (state, run) => {
  const execution = state.execution;
  for (const call of state.response?.toolCalls ?? []) {
    const tool = execution.sessionServices.tools.get(call.name);
    let output: string;
    if (!tool) {
      output = `Unknown tool "${call.name}".`;
    } else {
      if (!execution.skipHooks) execution.emit("preToolUse", call);
      try {
        output = await tool.execute(call, { execution, runExecution: run });
      } catch (error) {
        output = `Tool "${call.name}" failed: ${(error as Error).message}`;
      }
      if (!execution.skipHooks) execution.emit("postToolUse", call, output);
    }
    execution.messages.push({ role: "tool", text: output, toolName: call.name });
  }
  return { state, next: GraphNode.MODEL_INVOKE };
};

const finalResponse: NodeHandler = async (state) => {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      return { state, next: GraphNode.MODEL_INVOKE };
    }
    log.warn(`${execution.agentName} (${execution.shortId}) ends its turn with steering still queued`);
  }
  return { state, next: GraphNode.END };
};

export const graphNodes = new Map<GraphNodeId, NodeHandler>([
  [GraphNode.MODEL_INVOKE, modelInvoke],
  [GraphNode.TOOL_EXECUTION, toolExecution],
  [GraphNode.FINAL_RESPONSE, finalResponse],
]);
