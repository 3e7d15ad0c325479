import { shortExecutionId } from "../common/ids";
import { Logger } from "../common/logging";
import type { AgentExecution } from "../execution/agent-execution";
import type { AgentModel, ContextEntry, ModelResponse, TurnState } from "../execution/types";
import { drainLiveSteering } from "../steering/live-steering-hook";
import type { ExecutionRunner, SessionHandle, ToolRegistry } from "../tools/registry";

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_USE: "TOOL_USE",
  END: "END",
} as const;
export type GraphNodeName = (typeof GraphNode)[keyof typeof GraphNode];

const MAX_STEERING_DRAIN_RETRIES = 3;
const MAX_GRAPH_STEPS = 64;

/** What the graph needs from the session that owns it. */
export interface GraphHost extends SessionHandle {
  track(execution: AgentExecution): () => void;
  onModelSettleFailure(execution: AgentExecution, error: unknown): void;
}

export interface TurnGraphDeps {
  model: AgentModel;
  tools: ToolRegistry;
  host: GraphHost;
}

/** Appends whatever the drain queued to the context the model will see. */
function appendQueuedSteering(state: TurnState): TurnState {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  const added: ContextEntry[] = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...added], agentIterationNumber: 0 };
}

/**
 * The agent loop: MODEL_INVOKE, then tools or the end-of-turn check, until the
 * execution's final response. Every execution of a session (root, sub-agents,
 * memory extraction) runs through the same graph.
 */
export class TurnGraph implements ExecutionRunner {
  private readonly log = new Logger("graph");

  constructor(private readonly deps: TurnGraphDeps) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    const release = this.deps.host.track(execution);
    let state: TurnState = { execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0 };
    let node: GraphNodeName = GraphNode.MODEL_INVOKE;
    try {
      if (!execution.skipHooks) await execution.sessionServices.hooks.run("agentSpawn", execution);
      for (let step = 0; step < MAX_GRAPH_STEPS && node !== GraphNode.END; step++) {
        if (execution.abortController.signal.aborted) {
          this.log.info(`${execution.agentName} (${shortExecutionId(execution.executionId)}) aborted`);
          return "";
        }
        if (node === GraphNode.MODEL_INVOKE) {
          state = await this.modelInvoke(state);
          node = this.nextAfterModel(state);
        } else {
          state = await this.useTools(state);
          node = GraphNode.MODEL_INVOKE;
        }
      }
      if (node !== GraphNode.END) {
        this.log.warn(`step limit (${MAX_GRAPH_STEPS}) reached in ${execution.agentName}`);
      }
      if (!execution.skipHooks) await execution.sessionServices.hooks.run("stop", execution);
      return state.response?.text ?? "";
    } finally {
      release();
    }
  }

  private async modelInvoke(state: TurnState): Promise<TurnState> {
    const execution = state.execution;
    const alreadyGiven = execution.injectedSteeringIds.length;
    await drainLiveSteering(execution);
    const next = appendQueuedSteering(state);
    execution.state = next;

    let response: ModelResponse;
    try {
      response = await this.deps.model.invoke(execution, next.context);
    } catch (error) {
      this.deps.host.onModelSettleFailure(execution, error);
      throw error;
    }

    // a response settles the steering this call carried: the execution handled it
    const buffer = execution.sessionServices.steeringBuffer;
    for (const messageId of execution.injectedSteeringIds.slice(alreadyGiven)) {
      buffer.acknowledge(messageId, execution.executionId);
    }
    const reply: ContextEntry = { role: "assistant", text: response.text ?? "" };
    return {
      ...next,
      response,
      context: [...next.context, reply],
      agentIterationNumber: next.agentIterationNumber + 1,
    };
  }

  private nextAfterModel(state: TurnState): GraphNodeName {
    if ((state.response?.toolCalls?.length ?? 0) > 0) return GraphNode.TOOL_USE;
    return this.routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, endTarget: GraphNode.END });
  }

  /** End-of-turn check: loop back through MODEL_INVOKE while steering is still queued. */
  private routeFinalResponse(
    state: TurnState,
    targets: { continueTarget: GraphNodeName; endTarget: GraphNodeName },
  ): GraphNodeName {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_STEERING_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        this.log.info(
          `[LiveSteeringHook] Queued user message found - continuing ${execution.agentName} (${execution.drainRetryCount}/${MAX_STEERING_DRAIN_RETRIES})`,
        );
        return targets.continueTarget;
      }
      this.log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}; ending with steering queued`);
    }
    execution.drainRetryCount = 0;
    return targets.endTarget;
  }

  private async useTools(state: TurnState): Promise<TurnState> {
    const results: ContextEntry[] = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = this.deps.tools.resolve(call.name);
      if (tool === undefined) {
        results.push({ role: "tool", text: `error: unknown tool ${call.name}` });
        continue;
      }
      const output = await tool.execute(call, { execution: state.execution, runner: this, session: this.deps.host });
      results.push({ role: "tool", text: output });
    }
    return { ...state, context: [...state.context, ...results] };
  }
}
