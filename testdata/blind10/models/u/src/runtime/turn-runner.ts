import type { ChatMessage, ModelTurn } from "../core/contracts";
import type { AgentExecution } from "../core/execution";
import { log } from "../platform/log";
import { tracer } from "../platform/tracing";
import { runTool } from "../tools/catalog";
import type { ExecutionHost } from "./host";

const MODEL_INVOKE = "MODEL_INVOKE";
const TOOL_EXECUTION = "TOOL_EXECUTION";
const FINAL_RESPONSE = "FINAL_RESPONSE";
const END = "END";
type Node = typeof MODEL_INVOKE | typeof TOOL_EXECUTION | typeof FINAL_RESPONSE | typeof END;

/** how many times one execution may loop back for steering before its turn ends anyway */
const STEERING_LOOP_LIMIT = 2;
const NODE_VISIT_LIMIT = 80;

interface LoopState {
  execution: AgentExecution;
  context: ChatMessage[];
  last: ModelTurn;
  iteration: number;
}

const runnerLog = log.child("TurnRunner");

type Edge = (state: LoopState) => Node;

/** Where each node hands off to. The FINAL_RESPONSE edge is the end-of-turn steering check. */
const EDGES: Record<Exclude<Node, typeof END>, Edge> = {
  [MODEL_INVOKE]: (state) => ((state.last.toolCalls?.length ?? 0) > 0 ? TOOL_EXECUTION : FINAL_RESPONSE),
  [TOOL_EXECUTION]: () => MODEL_INVOKE,
  [FINAL_RESPONSE]: ({ execution }) => {
    if (!execution.hasQueuedUserMessage()) {
      execution.drainRetryCount = 0;
      return END;
    }
    if (execution.drainRetryCount >= STEERING_LOOP_LIMIT) {
      runnerLog.warn(`${execution.agentName} (${execution.shortId}) still has steering queued after ${STEERING_LOOP_LIMIT} retries; ending turn`);
      execution.drainRetryCount = 0;
      return END;
    }
    execution.drainRetryCount += 1;
    runnerLog.info(`queued user message found for ${execution.agentName} (${execution.shortId}), continuing`);
    return MODEL_INVOKE;
  },
};

export class TurnRunner {
  constructor(private readonly host: ExecutionHost) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    let state: LoopState = { execution, context: [{ role: "user", text: prompt }], last: {}, iteration: 0 };
    let node: Node = MODEL_INVOKE;
    for (let visits = 0; node !== END; visits++) {
      if (visits >= NODE_VISIT_LIMIT) {
        runnerLog.warn(`${execution.agentName} exceeded ${NODE_VISIT_LIMIT} node visits`);
        break;
      }
      execution.abortController.signal.throwIfAborted();
      if (node === MODEL_INVOKE) state = await this.invokeModel(state);
      else if (node === TOOL_EXECUTION) state = await this.executeTools(state);
      node = EDGES[node](state);
    }
    await execution.sessionServices.hooks.afterTurn(execution);
    return state.last.text ?? "";
  }

  private async invokeModel(state: LoopState): Promise<LoopState> {
    const { execution } = state;
    await execution.sessionServices.hooks.beforeModelInvoke(execution);
    const steering = execution.takePendingSteering();
    const context = steering.length === 0 ? state.context : state.context.concat(steering.map((text): ChatMessage => ({ role: "user", text })));
    execution.state = { context, iteration: state.iteration };
    const attributes = { agent: execution.agentName, depth: execution.subExecutionDepth, iteration: state.iteration };
    let last: ModelTurn;
    try {
      last = await tracer.span("agent.model_invoke", attributes, () => execution.sessionServices.modelProvider.invoke(execution, context));
    } catch (cause) {
      this.host.handleModelSettleFailure(execution, cause);
      throw cause;
    }
    return { execution, context: context.concat({ role: "assistant", text: last.text ?? "" }), last, iteration: state.iteration + 1 };
  }

  private async executeTools(state: LoopState): Promise<LoopState> {
    const outputs: ChatMessage[] = [];
    for (const call of state.last.toolCalls ?? []) {
      const result = await runTool(call, { execution: state.execution, host: this.host });
      outputs.push({ role: "tool", text: result.ok ? result.output : `error: ${result.output}` });
    }
    return { ...state, context: state.context.concat(outputs) };
  }
}
