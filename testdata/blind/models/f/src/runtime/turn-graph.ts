// src/runtime/turn-graph.ts
import { createLogger } from "../core/log.js";
import type { AgentExecution } from "./execution.js";
import type { ToolCallRequest } from "./tools/catalog.js";

export const Node = {
  ModelInvoke: "MODEL_INVOKE",
  ToolUse: "TOOL_USE",
  FinalResponse: "FINAL_RESPONSE",
  End: "END",
} as const;
export type NodeName = (typeof Node)[keyof typeof Node];

export interface TurnState {
  execution: AgentExecution;
  next: NodeName;
  toolCalls: ToolCallRequest[];
  text: string;
  status: "running" | "completed" | "cancelled" | "step_limit";
}

export interface EdgeTargets {
  continueTarget: NodeName;
  doneTarget: NodeName;
}

const log = createLogger("turn-graph");
const STEP_LIMIT = 250;

/**
 * The edge out of FINAL_RESPONSE: steering still queued for this execution sends it back
 * through MODEL_INVOKE, at most `maxRetries` times; a root that runs out asks for a continuation.
 */
export function finalResponseEdge(state: TurnState, targets: EdgeTargets, maxRetries: number): NodeName {
  let execution = state.execution;
  let queued = execution.hasQueuedUserMessage();
  let retry = queued && execution.drainRetryCount < maxRetries;
  if (retry) {
    execution.drainRetryCount++;
    return targets.continueTarget;
  }
  queued && execution.subExecutionDepth === 0 && (execution.needsContinuation = true);
  return targets.doneTarget;
}

export class TurnGraph {
  #targets: EdgeTargets;
  #maxRetries: number;

  constructor(maxRetries: number) {
    this.#targets = { continueTarget: Node.ModelInvoke, doneTarget: Node.End };
    this.#maxRetries = maxRetries;
  }

  async drive(execution: AgentExecution): Promise<TurnState> {
    let services = execution.sessionServices;
    let state: TurnState = { execution, next: Node.ModelInvoke, toolCalls: [], text: "", status: "running" };
    execution.skipHooks || (await services.hooks.fire("agentSpawn", { agent: execution.agentName }));
    let steps = 0;
    while (state.next !== Node.End) {
      if (execution.aborted) {
        state.status = "cancelled";
        break;
      }
      if (++steps > STEP_LIMIT) {
        state.status = "step_limit";
        log.warn(`step limit reached for ${execution.label()}`);
        break;
      }
      state = await this.#step(state);
    }
    state.status === "running" && (state.status = "completed");
    execution.skipHooks || (await services.hooks.fire("stop", { agent: execution.agentName }));
    return state;
  }

  async #step(state: TurnState): Promise<TurnState> {
    switch (state.next) {
      case Node.ModelInvoke: {
        await state.execution.sessionServices.steeringHook.beforeModelInvoke(state.execution);
        state = await this.callModel(state);
        state.execution.state = state;
        state.next = state.toolCalls.length ? Node.ToolUse : Node.FinalResponse;
        return state;
      }
      case Node.ToolUse: {
        let next = await this.runTools(state);
        next.next = Node.ModelInvoke;
        return next;
      }
      case Node.FinalResponse: {
        state.next = finalResponseEdge(state, this.#targets, this.#maxRetries);
        return state;
      }
      default:
        return { ...state, next: Node.End };
    }
  }

  async callModel(state: TurnState): Promise<TurnState> {
    let execution = state.execution;
    let services = execution.sessionServices;
    let injected = execution.flushSteering();
    for (let item of injected) execution.transcript.push({ role: "user", text: item.text, steeringId: item.messageId });
    let context = execution.transcript.map(({ role, text }) => ({ role, text }));
    execution.modelCalls++;
    let reply;
    try {
      reply = await services.telemetry.span("model.invoke", { agent: execution.agentName }, () =>
        services.model.invoke(execution, context),
      );
    } catch (err) {
      services.session.clearSteering("model_settle_failure");
      throw err;
    }
    // what this call was handed has now been handled by it
    for (let item of injected) services.liveSteering.recordHandler(item.messageId, execution.executionId);
    reply.text && execution.transcript.push({ role: "assistant", text: reply.text });
    reply.text && services.events.agentText(execution.executionId, reply.text);
    return { ...state, toolCalls: reply.toolCalls, text: reply.text };
  }

  async runTools(state: TurnState): Promise<TurnState> {
    let execution = state.execution;
    let services = execution.sessionServices;
    for (let call of state.toolCalls) {
      let blocked = execution.skipHooks ? false : await services.hooks.blocks("preToolUse", { tool: call.name });
      let result = blocked
        ? { ok: false, output: "blocked by a preToolUse hook" }
        : await services.catalog.invoke(call, { state, execution, services });
      execution.transcript.push({ role: "tool", tool: call.name, text: result.output });
      execution.skipHooks || (await services.hooks.fire("postToolUse", { tool: call.name, ok: result.ok }));
    }
    return { ...state, toolCalls: [] };
  }
}
