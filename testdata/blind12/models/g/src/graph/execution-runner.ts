import type { AgentExecution } from "../agent/agent-execution";
import { injectLiveSteering } from "../steering/inject-live-steering";
import { scoped } from "../util/log";
import { routeFinalResponse } from "./final-response";
import { GraphNode, type GraphNodeName, type GraphState, type ModelClient } from "./state";
import type { ToolRegistry } from "../tools/registry";
import type { ContextCompactor } from "../context/compaction";

const log = scoped("ExecutionGraph");
const MAX_GRAPH_STEPS = 60;

export interface RunnerHost {
  readonly model: ModelClient;
  readonly tools: ToolRegistry;
  readonly compactor: ContextCompactor;
  /** called when the model call does not settle; the session ends the turn */
  onModelSettleFailure(execution: AgentExecution, error: unknown): void;
}

type NodeFn = (state: GraphState) => Promise<GraphNodeName>;

export class ExecutionRunner {
  private readonly live = new Set<AgentExecution>();

  constructor(private readonly host: RunnerHost) {}

  get liveExecutions(): ReadonlySet<AgentExecution> {
    return this.live;
  }

  private nodes(): Record<Exclude<GraphNodeName, "END">, NodeFn> {
    return {
      [GraphNode.MODEL_INVOKE]: (state) => this.modelInvoke(state),
      [GraphNode.TOOL_EXECUTE]: (state) => this.toolExecute(state),
      [GraphNode.FINAL_RESPONSE]: async (state) =>
        routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, terminationTarget: GraphNode.END }),
    };
  }

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    execution.startedAt = Date.now();
    this.live.add(execution);
    const nodes = this.nodes();
    const state: GraphState = { execution, context: [{ role: "user", text: prompt }], iteration: 0 };
    try {
      if (!execution.skipHooks) await this.runUserHooks(execution, "agentSpawn");
      let node: GraphNodeName = GraphNode.MODEL_INVOKE;
      for (let step = 0; node !== GraphNode.END; step++) {
        if (step >= MAX_GRAPH_STEPS) {
          log.warn(`step limit reached in ${execution.agentName}`);
          break;
        }
        if (execution.abortController.signal.aborted) throw new Error("execution aborted");
        node = await nodes[node](state);
      }
      return state.response?.text ?? "";
    } finally {
      this.live.delete(execution);
    }
  }

  private async runUserHooks(execution: AgentExecution, event: "agentSpawn" | "preModelInvoke"): Promise<void> {
    for (const hook of execution.sessionServices.userHooks) {
      if (hook.event === event) await hook.run({ agentName: execution.agentName, executionId: execution.executionId });
    }
  }

  private async modelInvoke(state: GraphState): Promise<GraphNodeName> {
    const execution = state.execution;
    await injectLiveSteering(execution);
    for (const text of execution.takePendingInputs()) {
      state.context.push({ role: "user", text });
    }
    if (!execution.skipHooks) await this.runUserHooks(execution, "preModelInvoke");
    await this.host.compactor.maybeCompact(state, this);
    let response;
    try {
      response = await this.host.model.invoke(execution, state.context);
    } catch (error) {
      this.host.onModelSettleFailure(execution, error);
      throw error;
    }
    state.response = response;
    state.iteration += 1;
    if (response.text) state.context.push({ role: "assistant", text: response.text });
    return (response.toolCalls?.length ?? 0) > 0 ? GraphNode.TOOL_EXECUTE : GraphNode.FINAL_RESPONSE;
  }

  private async toolExecute(state: GraphState): Promise<GraphNodeName> {
    for (const call of state.response?.toolCalls ?? []) {
      const output = await this.host.tools.dispatch(call, state, this);
      state.context.push({ role: "tool", text: output });
    }
    return GraphNode.MODEL_INVOKE;
  }
}
