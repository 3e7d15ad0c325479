import { log } from "../common/log";
import type { AgentExecution } from "../agent/agent-execution";
import type { ChatModel, ContextItem, ModelResponse, ToolCall } from "../model/chat-model";

export const MODEL_INVOKE = "MODEL_INVOKE";
export const RUN_TOOLS = "RUN_TOOLS";
export const FINAL_RESPONSE = "FINAL_RESPONSE";
export const END = "__end__";
type NodeId = typeof MODEL_INVOKE | typeof RUN_TOOLS | typeof FINAL_RESPONSE | typeof END;

const MAX_DRAIN_RETRIES = 3;
const MAX_GRAPH_STEPS = 64;

export interface GraphState {
  readonly execution: AgentExecution;
  readonly context: ContextItem[];
  readonly response: Required<ModelResponse>;
  readonly agentIterationNumber: number;
}

export type ToolHandler = (call: ToolCall, state: GraphState) => Promise<string> | string;

/** The agent loop as a small graph: MODEL_INVOKE -> (RUN_TOOLS -> MODEL_INVOKE)* -> FINAL_RESPONSE. */
export class AgentGraph {
  private readonly targets = { continueTarget: MODEL_INVOKE, doneTarget: END } as const;

  constructor(
    private readonly model: ChatModel,
    private readonly tools: ReadonlyMap<string, ToolHandler>,
    private readonly onModelSettleFailure: (execution: AgentExecution, error: unknown) => void,
  ) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    let state: GraphState = {
      execution,
      context: [{ role: "user", text: prompt }],
      response: { text: "", toolCalls: [] },
      agentIterationNumber: 0,
    };
    let node: NodeId = MODEL_INVOKE;
    for (let steps = 0; node !== END; steps++) {
      if (steps >= MAX_GRAPH_STEPS) {
        log.warn(`[AgentGraph] step limit reached in ${execution.agentName}`);
        break;
      }
      switch (node) {
        case MODEL_INVOKE:
          state = await this.modelInvoke(state);
          node = state.response.toolCalls.length > 0 ? RUN_TOOLS : FINAL_RESPONSE;
          break;
        case RUN_TOOLS:
          state = await this.runTools(state);
          node = MODEL_INVOKE;
          break;
        case FINAL_RESPONSE:
          node = this.routeFinalResponse(state);
          break;
      }
    }
    return state.response.text;
  }

  private async modelInvoke(state: GraphState): Promise<GraphState> {
    const { execution } = state;
    await execution.sessionServices.liveSteering.beforeModelInvoke(execution);
    let context = state.context;
    for (let queued = execution.dequeueUserMessage(); queued !== undefined; queued = execution.dequeueUserMessage()) {
      context = [...context, { role: "user", text: queued }];
    }
    execution.state = state;
    let response: ModelResponse;
    try {
      response = await this.model.invoke(execution, context);
    } catch (error) {
      this.onModelSettleFailure(execution, error);
      throw error;
    }
    const text = response.text ?? "";
    return {
      execution,
      context: [...context, { role: "assistant", text }],
      response: { text, toolCalls: response.toolCalls ?? [] },
      agentIterationNumber: state.agentIterationNumber + 1,
    };
  }

  private async runTools(state: GraphState): Promise<GraphState> {
    let context = state.context;
    for (const call of state.response.toolCalls) {
      const handler = this.tools.get(call.name);
      const output = handler ? await handler(call, state) : `Unknown tool: ${call.name}`;
      context = [...context, { role: "tool", text: output }];
    }
    return { ...state, context };
  }

  /** End of turn: loop back through MODEL_INVOKE while steering is still queued for this execution. */
  private routeFinalResponse(state: GraphState): NodeId {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount++;
        log.info(`[LiveSteeringHook] steering still queued for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
        return this.targets.continueTarget;
      }
      log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}, ending turn`);
    }
    execution.drainRetryCount = 0;
    return this.targets.doneTarget;
  }
}
