import type { AgentExecution } from "../agent/agent-execution";
import type { ContextMessage, ModelResponse } from "../agent/types";
import { compactContextIfNeeded } from "../context/compaction";
import { drainLiveSteering } from "../steering/live-steering-hook";
import type { ExecutionHost } from "../tools/tool-registry";
import { logger } from "../util/logger";
import { MODEL_INVOKE, TOOL_EXECUTION, TURN_END, type GraphNode, type TurnState } from "./turn-state";

const MAX_DRAIN_RETRIES = 3;
const MAX_GRAPH_STEPS = 64;

interface FinalResponseTargets {
  continueTarget: GraphNode;
  doneTarget: GraphNode;
}

/** Moves the prompts the drain queued on the execution into the context the model will see. */
async function appendQueuedSteering(state: TurnState): Promise<TurnState> {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  const additions: ContextMessage[] = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...additions], agentIterationNumber: 0 };
}

export class TurnGraph {
  constructor(private readonly host: ExecutionHost) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    let state: TurnState = {
      execution,
      context: [{ role: "user", text: prompt }],
      response: undefined,
      agentIterationNumber: 0,
    };
    await execution.sessionServices.hooks.fire("promptSubmit", execution);
    let node: GraphNode = MODEL_INVOKE;
    let steps = 0;
    while (node !== TURN_END) {
      if (execution.abortController.signal.aborted) {
        throw execution.abortController.signal.reason ?? new Error("execution aborted");
      }
      if (++steps > MAX_GRAPH_STEPS) {
        logger.warn(`[TurnGraph] ${execution.agentName} hit ${MAX_GRAPH_STEPS} steps, ending the turn`);
        break;
      }
      if (node === MODEL_INVOKE) {
        state = await this.modelInvoke(state);
        node = state.response?.toolCalls?.length ? TOOL_EXECUTION : this.routeFinalResponse(state, { continueTarget: MODEL_INVOKE, doneTarget: TURN_END });
      } else {
        state = await this.executeTools(state);
        node = MODEL_INVOKE;
      }
    }
    await execution.sessionServices.hooks.fire("agentStop", execution);
    return state.response?.text ?? "";
  }

  private async modelInvoke(input: TurnState): Promise<TurnState> {
    let r = input;
    await drainLiveSteering(r.execution);
    r = await appendQueuedSteering(r);
    r.execution.state = r;
    const execution = r.execution;
    const context = await compactContextIfNeeded(execution, r.context, this.host);
    let response: ModelResponse;
    try {
      response = await execution.sessionServices.model.invoke(execution, context);
    } catch (err) {
      this.host.onModelSettleFailure(execution, err);
      throw err;
    }
    // the model has now answered with the injected steering in view
    const buffer = execution.sessionServices.steeringBuffer;
    for (const messageId of execution.pendingAcknowledgements.splice(0)) buffer.acknowledge(messageId, execution.executionId);
    execution.sessionServices.events.agentText(execution.executionId, response.text ?? "");
    return {
      ...r,
      context: [...context, { role: "assistant", text: response.text ?? "" }],
      response,
      agentIterationNumber: r.agentIterationNumber + 1,
    };
  }

  private async executeTools(state: TurnState): Promise<TurnState> {
    const results: ContextMessage[] = [];
    for (const call of state.response?.toolCalls ?? []) {
      const text = await state.execution.sessionServices.tools.execute(call, { execution: state.execution, host: this.host });
      results.push({ role: "tool", toolName: call.name, text });
    }
    return { ...state, context: [...state.context, ...results] };
  }

  /** End of turn: loop back through MODEL_INVOKE while steering is still queued for this execution. */
  private routeFinalResponse(state: TurnState, targets: FinalResponseTargets): GraphNode {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount++;
        logger.info(`[LiveSteeringHook] queued steering for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
        return targets.continueTarget;
      }
      logger.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}, ending with steering still queued`);
    }
    execution.drainRetryCount = 0;
    return targets.doneTarget;
  }
}
