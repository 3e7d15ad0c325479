import type { AgentExecution } from "../execution/agent-execution.js";
import type { ConversationMessage } from "../execution/types.js";
import { GraphNode, type GraphNodeId, type GraphState } from "./state.js";
import { graphNodes } from "./nodes.js";

const MAX_GRAPH_STEPS = 200;

/** Runs one execution through the agent graph; resolves with its final answer. */
export async function runExecution(execution: AgentExecution, initial: ConversationMessage[]): Promise<string> {
  const live = execution.sessionServices.executions;
  live.set(execution.executionId, execution);
  execution.messages.push(...initial);
  execution.transition("running");
  let state: GraphState = { execution, response: undefined, modelCalls: 0, finalText: "" };
  let node: GraphNodeId = GraphNode.MODEL_INVOKE;
  try {
    for (let step = 0; node !== GraphNode.END; step++) {
      if (execution.abortController.signal.aborted) {
        execution.transition("cancelled");
        return state.finalText;
      }
      if (step >= MAX_GRAPH_STEPS) throw new Error(`execution ${execution.shortId} exceeded ${MAX_GRAPH_STEPS} steps`);
      const handler = graphNodes.get(node);
      if (!handler) throw new Error(`no graph node ${node}`);
      const result = await handler(state, runExecution);
      state = result.state;
      node = result.next;
    }
    execution.transition("completed");
    return state.finalText;
  } catch (error) {
    execution.transition("failed");
    throw error;
  } finally {
    live.delete(execution.executionId);
  }
}
