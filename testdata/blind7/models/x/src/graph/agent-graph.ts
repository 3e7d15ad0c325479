// src/graph/agent-graph.ts: the agent loop as a graph: MODEL_INVOKE -> TOOLS -> MODEL_INVOKE ... -> END_OF_TURN.
import { StateGraph, END, type CompiledGraph } from "./state-graph";
import { AgentExecution } from "../execution/agent-execution";
import type { ModelResponse, ToolCall } from "../session/session-services";
import { drainLiveSteering } from "../steering/live-steering-hook";
import { log } from "../log";

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOLS: "TOOLS",
  END_OF_TURN: "END_OF_TURN",
} as const;

export const MAX_DRAIN_RETRIES = 8;
export const MAX_SUBAGENT_DEPTH = 4;

export interface GraphState {
  execution: AgentExecution;
  response?: ModelResponse;
  next?: string;
  steps: number;
}

export class ModelSettleError extends Error {
  constructor(readonly agentName: string, cause: unknown) {
    super(`model did not settle for ${agentName}`, { cause });
  }
}

async function invokeModel(state: GraphState): Promise<GraphState> {
  const { execution } = state;
  const context = execution.buildModelContext();
  let response: ModelResponse;
  try {
    response = await execution.sessionServices.model.invoke(execution, context);
  } catch (error) {
    throw new ModelSettleError(execution.agentName, error);
  }
  if (!response || typeof response !== "object") throw new ModelSettleError(execution.agentName, response);
  execution.history.push({ role: "assistant", text: response.text ?? "" });
  return { ...state, response, steps: state.steps + 1 };
}

async function modelInvokeNode(state: GraphState): Promise<GraphState> {
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
  state.execution.state = state;
  return state;
}

async function invokeSubAgentTool(state2: GraphState, input: NonNullable<ToolCall["input"]>): Promise<string> {
  const currentDepth = state2.execution.subExecutionDepth;
  if (currentDepth + 1 > MAX_SUBAGENT_DEPTH) return `error: sub-agent depth limit (${MAX_SUBAGENT_DEPTH}) reached`;
  const subagentId = input.subagentId;
  const subAgentExecution = new AgentExecution({
    sessionServices: state2.execution.sessionServices,
    promptContext: state2.execution.promptContext,
    signal: state2.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
    initialPrompt: input.prompt,
  });
  const result = await runExecution(subAgentExecution);
  const buffer = state2.execution.sessionServices.steeringBuffer;
  for (const id of subAgentExecution.deliveredSteeringIds) {
    buffer.acknowledge(id, subAgentExecution.executionId);
    buffer.acknowledge(id, state2.execution.executionId);
  }
  return result;
}

async function toolsNode(state: GraphState): Promise<GraphState> {
  const { execution } = state;
  const sink = execution.sessionServices.steeringSink;
  for (const call of state.response?.toolCalls ?? []) {
    switch (call.name) {
      case "user_steer": {
        const queued = sink.steer(call.text ?? "", "user");
        execution.history.push({ role: "tool", text: `queued ${queued.id}` });
        break;
      }
      case "notify": {
        const queued = sink.steer(call.text ?? "", "workflow");
        execution.history.push({ role: "tool", text: `notified ${queued.id}` });
        break;
      }
      case "invoke_sub_agent": {
        const result = await invokeSubAgentTool(state, call.input!);
        execution.history.push({ role: "tool", text: `sub-agent ${call.input!.subagentId} returned: ${result}` });
        break;
      }
      default:
        execution.history.push({ role: "tool", text: `error: unknown tool ${call.name}` });
    }
  }
  return state;
}

async function endOfTurnNode(state: GraphState): Promise<GraphState> {
  const targets = { continueTarget: GraphNode.MODEL_INVOKE, endTarget: END };
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      return { ...state, next: targets.continueTarget };
    }
    log("warn", `[AgentGraph] steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries; ending turn`);
  }
  return { ...state, next: targets.endTarget };
}

let compiled: CompiledGraph<GraphState> | undefined;

function agentGraph(): CompiledGraph<GraphState> {
  compiled ??= new StateGraph<GraphState>()
    .addNode(GraphNode.MODEL_INVOKE, modelInvokeNode)
    .addNode(GraphNode.TOOLS, toolsNode)
    .addNode(GraphNode.END_OF_TURN, endOfTurnNode)
    .setEntryPoint(GraphNode.MODEL_INVOKE)
    .addConditionalEdges(GraphNode.MODEL_INVOKE, (s) => (s.response?.toolCalls?.length ? GraphNode.TOOLS : GraphNode.END_OF_TURN))
    .addEdge(GraphNode.TOOLS, GraphNode.MODEL_INVOKE)
    .addConditionalEdges(GraphNode.END_OF_TURN, (s) => s.next ?? END)
    .compile();
  return compiled;
}

export async function runExecution(execution: AgentExecution): Promise<string> {
  const services = execution.sessionServices;
  services.liveExecutions.add(execution);
  services.bus.emit("execution/started", {
    executionId: execution.executionId,
    agentName: execution.agentName,
    depth: execution.subExecutionDepth,
  });
  let ok = false;
  try {
    if (!execution.skipHooks) await services.hooks.run("agentSpawn", execution);
    const final = await agentGraph().invoke(
      { execution, steps: 0 },
      { signal: execution.abortController.signal, recursionLimit: 200 },
    );
    if (!execution.skipHooks) await services.hooks.run("stop", execution);
    ok = true;
    return final.response?.text ?? "";
  } finally {
    services.liveExecutions.delete(execution);
    services.bus.emit("execution/finished", { executionId: execution.executionId, agentName: execution.agentName, ok });
  }
}
