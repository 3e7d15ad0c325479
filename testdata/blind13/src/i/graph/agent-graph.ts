import { END, StateGraph } from "./state-graph";
import { Logger } from "../util/logger";
import { clearSteeringAtTurnBoundary } from "../session/turn-boundary";
import type { AgentExecution } from "../agent/agent-execution";
import type { LiveSteeringHook } from "../steering/live-steering-hook";
import type { ToolRegistry, ToolRuntime } from "../tools/registry";

const log = new Logger("AgentGraph");

export const MODEL_INVOKE = "MODEL_INVOKE";
export const TOOL_EXECUTION = "TOOL_EXECUTION";
export const MAX_DRAIN_RETRIES = 3;

export interface ContextItem {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId?: string; prompt?: string };
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

export interface Model {
  invoke(execution: AgentExecution, context: ContextItem[]): Promise<ModelResponse>;
}

export interface AgentState {
  execution: AgentExecution;
  context: ContextItem[];
  response?: ModelResponse;
  agentIterationNumber: number;
}

function appendQueuedSteering(state: AgentState): AgentState {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  log.debug(`appending ${queued.length} queued steering message(s) to the context`);
  return {
    ...state,
    context: [...state.context, ...queued.map((text): ContextItem => ({ role: "user", text }))],
    agentIterationNumber: 0,
  };
}

export function createModelInvokeNode(model: Model, hook: LiveSteeringHook) {
  return async function modelInvoke(state: AgentState): Promise<AgentState> {
    await hook.beforeModelInvoke(state.execution);
    const next = appendQueuedSteering(state);
    next.execution.state = next;
    let response: ModelResponse;
    try {
      response = await model.invoke(next.execution, next.context);
    } catch (err) {
      log.error("model call failed to settle", err);
      clearSteeringAtTurnBoundary(next.execution.sessionServices, "model_settle_failed");
      throw err;
    }
    return {
      ...next,
      response,
      context: [...next.context, { role: "assistant", text: response.text ?? "" }],
      agentIterationNumber: next.agentIterationNumber + 1,
    };
  };
}

export function createToolExecutionNode(tools: ToolRegistry, runtime: ToolRuntime) {
  return async function toolExecution(state: AgentState): Promise<AgentState> {
    const results: ContextItem[] = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = tools.get(call.name);
      if (!tool) {
        results.push({ role: "tool", text: `Unknown tool: ${call.name}` });
        continue;
      }
      const result = await tool.execute(call, state, runtime);
      results.push({ role: "tool", text: result.text ?? "" });
    }
    return { ...state, context: [...state.context, ...results] };
  };
}

interface RouteTargets {
  toolTarget: string;
  continueTarget: string;
  endTarget: string;
}

/** After MODEL_INVOKE: run tools, loop for queued steering, or end the turn. */
export function routeAfterModelInvoke(state: AgentState, targets: RouteTargets): string {
  if ((state.response?.toolCalls?.length ?? 0) > 0) return targets.toolTarget;
  const execution = state.execution;
  const steeringQueued = execution.hasQueuedUserMessage();
  const retriesLeft = execution.drainRetryCount < MAX_DRAIN_RETRIES;
  if (steeringQueued && retriesLeft) {
    execution.drainRetryCount++;
    log.info(`[LiveSteeringHook] steering still queued for ${execution.agentName} - invoking the model again (${execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`);
    return targets.continueTarget;
  }
  if (steeringQueued) log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}; ending with steering queued`);
  return targets.endTarget;
}

export function buildAgentGraph(deps: { model: Model; hook: LiveSteeringHook; tools: ToolRegistry; runtime: ToolRuntime }) {
  const targets: RouteTargets = { toolTarget: TOOL_EXECUTION, continueTarget: MODEL_INVOKE, endTarget: END };
  return new StateGraph<AgentState>()
    .addNode(MODEL_INVOKE, createModelInvokeNode(deps.model, deps.hook))
    .addNode(TOOL_EXECUTION, createToolExecutionNode(deps.tools, deps.runtime))
    .setEntryPoint(MODEL_INVOKE)
    .addConditionalEdges(MODEL_INVOKE, (state) => routeAfterModelInvoke(state, targets))
    .addEdge(TOOL_EXECUTION, MODEL_INVOKE);
}
