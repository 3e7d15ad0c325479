// The per-execution agent graph: MODEL_INVOKE -> TOOL_EXECUTION -> MODEL_INVOKE ...
// until a final response, whose router decides between ending and looping back.

import { createLogger } from "../util/log";
import { steeringMetrics } from "../ops/metrics";
import type { AgentExecution } from "../agent/execution";
import type { LiveSteeringHook } from "../steering/hook";
import { invokeSubAgentTool } from "../tools/invoke-sub-agent";
import {
  ModelSettleError,
  type ContextMessage,
  type GraphHost,
  type GraphState,
  type ModelClient,
  type ModelResponse,
  type NodeName,
  type ToolCall,
} from "./types";

const graphLog = createLogger("[AgentGraph]");

export const MAX_DRAIN_RETRIES = 3;
const MAX_GRAPH_STEPS = 64;

export interface RouteTargets {
  continueTarget: NodeName;
  endTarget: NodeName;
}

export function settleModelResponse(raw: unknown): ModelResponse {
  if (raw === null || typeof raw !== "object") throw new ModelSettleError("model returned no response object", raw);
  const r = raw as { text?: unknown; toolCalls?: unknown };
  const toolCalls = Array.isArray(r.toolCalls) ? (r.toolCalls as ToolCall[]) : [];
  for (const call of toolCalls) {
    if (!call || typeof call.name !== "string") throw new ModelSettleError("tool call without a name", raw);
  }
  return { text: typeof r.text === "string" ? r.text : "", toolCalls };
}

export class AgentGraph {
  constructor(
    private readonly model: ModelClient,
    private readonly steering: LiveSteeringHook,
    private readonly host: GraphHost,
  ) {}

  routeFinalResponse(state: GraphState, targets: RouteTargets): NodeName {
    const exec = state.execution;
    if (!exec.hasQueuedUserMessage()) {
      exec.drainRetryCount = 0;
      return targets.endTarget;
    }
    if (exec.drainRetryCount >= MAX_DRAIN_RETRIES) {
      graphLog.warn(`[LiveSteeringHook] drain retry limit reached for ${exec.agentName}; ending with steering still queued`);
      exec.drainRetryCount = 0;
      return targets.endTarget;
    }
    exec.drainRetryCount++;
    graphLog.info("[LiveSteeringHook] Queued user message found - continuing");
    return targets.continueTarget;
  }

  private async modelInvoke(state: GraphState): Promise<GraphState> {
    const execution = state.execution;
    await this.steering.beforeModelInvoke(execution);
    const queued = execution.takeQueuedUserMessages();
    let context: ContextMessage[] = state.context;
    let iteration = state.agentIterationNumber;
    if (queued.length > 0) {
      context = context.concat(queued.map((text) => ({ role: "user" as const, text })));
      iteration = 0;
    }
    execution.state = state;
    const started = Date.now();
    const raw = await this.model.invoke(execution, context);
    steeringMetrics.modelLatency.observe(Date.now() - started);
    const response = settleModelResponse(raw);
    context = context.concat({ role: "assistant", text: response.text });
    return { ...state, context, response, agentIterationNumber: iteration + 1, steps: state.steps + 1 };
  }

  private async toolExecution(state: GraphState): Promise<GraphState> {
    const calls = state.response?.toolCalls ?? [];
    const results: ContextMessage[] = [];
    for (const call of calls) {
      switch (call.name) {
        case "invoke_sub_agent": {
          const out = await invokeSubAgentTool(state, call.input ?? {}, this.host);
          results.push({ role: "tool", text: out.response });
          break;
        }
        case "user_steer":
          this.host.steer(call.text ?? "");
          results.push({ role: "tool", text: "steering queued" });
          break;
        case "notify":
          this.host.steer(call.text ?? "", "workflow");
          results.push({ role: "tool", text: "notification queued" });
          break;
        default:
          results.push({ role: "tool", text: `unknown tool ${call.name}` });
      }
    }
    return { ...state, context: state.context.concat(results) };
  }

  async run(execution: AgentExecution, prompt: string): Promise<GraphState> {
    let state: GraphState = { execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0, steps: 0 };
    let node: NodeName = "MODEL_INVOKE";
    while (node !== "END") {
      if (execution.abortController.signal.aborted) throw new Error(`execution ${execution.executionId} aborted`);
      if (state.steps >= MAX_GRAPH_STEPS) {
        graphLog.warn(`step limit reached in ${execution.agentName}`);
        break;
      }
      switch (node) {
        case "MODEL_INVOKE":
          state = await this.modelInvoke(state);
          node = (state.response?.toolCalls.length ?? 0) > 0 ? "TOOL_EXECUTION" : "FINAL_RESPONSE";
          break;
        case "TOOL_EXECUTION":
          state = await this.toolExecution(state);
          node = "MODEL_INVOKE";
          break;
        case "FINAL_RESPONSE":
          node = this.routeFinalResponse(state, { continueTarget: "MODEL_INVOKE", endTarget: "END" });
          break;
      }
    }
    return state;
  }
}
