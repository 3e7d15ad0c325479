import type { AgentExecution } from "../agent/agent-execution";
import { ExecutionStatus } from "../agent/agent-types";
import type { ModelResponse } from "../provider/model-provider";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { ModelSettleError, PromptFailedError } from "../util/errors";
import { resolveEndOfTurn } from "./end-of-turn";
import { GraphNode, type TurnGraphState } from "./graph-node";

const liveSteeringHook = new LiveSteeringHook();

/** Upper bound on graph steps for one execution (a runaway tool loop is a prompt error). */
const MAX_GRAPH_STEPS = 256;

/**
 * The per-execution turn graph: MODEL_INVOKE -> (TOOL_EXECUTION -> MODEL_INVOKE)* -> END_OF_TURN.
 */
export class TurnGraph {
  readonly runSubExecution = (child: AgentExecution): Promise<void> => this.run(child);

  async run(execution: AgentExecution): Promise<void> {
    const state: TurnGraphState = { execution, node: GraphNode.ModelInvoke, steps: 0 };
    execution.status = ExecutionStatus.Running;
    await execution.sessionServices.lifecycleHooks.run("agentSpawn", execution);
    try {
      while (state.node !== GraphNode.Done) {
        if (++state.steps > MAX_GRAPH_STEPS) throw new PromptFailedError(`${execution.agentName}: too many graph steps`);
        state.node = await this.step(state);
      }
    } catch (error) {
      execution.status = ExecutionStatus.Failed;
      throw error;
    }
    execution.status = ExecutionStatus.Completed;
    await execution.sessionServices.lifecycleHooks.run("stop", execution);
  }

  private step(state: TurnGraphState): Promise<GraphNode> | GraphNode {
    switch (state.node) {
      case GraphNode.ModelInvoke:
        return this.invokeModel(state);
      case GraphNode.ToolExecution:
        return this.executeTool(state);
      case GraphNode.EndOfTurn:
        return resolveEndOfTurn(state);
      default:
        return GraphNode.Done;
    }
  }

  private async invokeModel(state: TurnGraphState): Promise<GraphNode> {
    const execution = state.execution;
    liveSteeringHook.drainInto(execution);
    const prompt = execution.recordPrompt(execution.takeSteering());
    const response = await execution.sessionServices.provider.complete({ execution, prompt });
    execution.throwIfCancelled();
    return this.route(state, response);
  }

  private route(state: TurnGraphState, response: ModelResponse): GraphNode {
    switch (response.type) {
      case "message":
        state.lastReply = response.text;
        return GraphNode.EndOfTurn;
      case "tool_use":
        state.pendingToolUse = response.toolUse;
        return GraphNode.ToolExecution;
      case "settle_failure":
        throw new ModelSettleError(response.message);
      default:
        throw new PromptFailedError(response.message);
    }
  }

  private async executeTool(state: TurnGraphState): Promise<GraphNode> {
    const toolUse = state.pendingToolUse;
    state.pendingToolUse = undefined;
    if (!toolUse) return GraphNode.ModelInvoke;
    const { execution } = state;
    await execution.sessionServices.toolbox.call(toolUse.toolName, { execution, runSubExecution: this.runSubExecution }, toolUse.input);
    return GraphNode.ModelInvoke;
  }
}
