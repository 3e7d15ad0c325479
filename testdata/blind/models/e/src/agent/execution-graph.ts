// src/agent/execution-graph.ts
import { Logger } from "../logging/logger.js";
import { RuntimeEvent } from "../events/bus.js";
import { HookTrigger } from "../hooks/hook-runner.js";
import { traced, Metrics, SpanKind } from "../telemetry/tracer.js";
import { injectLiveSteering } from "../steering/live-steering-hook.js";
import { AbortedError } from "../util/async.js";
import type { AgentExecution } from "./agent-execution.js";
import type { ModelResponse, ToolCall } from "./model-client.js";

export enum GraphNode {
  MODEL_INVOKE = "MODEL_INVOKE",
  TOOL_EXECUTE = "TOOL_EXECUTE",
  FINAL_RESPONSE = "FINAL_RESPONSE",
  CONTINUATION = "CONTINUATION",
  DONE = "DONE",
}

export enum GraphOutcome {
  Completed = "completed",
  SteeringPending = "steering_pending",
  Aborted = "aborted",
  StepLimit = "step_limit",
}

export interface GraphState {
  readonly execution: AgentExecution;
  node: GraphNode;
  lastResponse?: ModelResponse;
  pendingToolCalls: ToolCall[];
  finalText: string;
}

export interface RouteTargets {
  continueTarget: GraphNode;
  doneTarget: GraphNode;
  continuationTarget: GraphNode;
}

export const MAX_DRAIN_RETRIES = 10;

const log = new Logger("graph");

/** End-of-turn check: loop back through MODEL_INVOKE while steering is still queued. */
export function routeFinalResponse(state: GraphState, targets: RouteTargets): GraphNode {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      state.execution.drainRetryCount++;
      log.debug("steering queued at end of turn, continuing", { execution: state.execution.executionId });
      return targets.continueTarget;
    }
    if (state.execution.subExecutionDepth === 0) {
      return targets.continuationTarget;
    }
    log.warn("drain retries exhausted in a sub-execution", { execution: state.execution.executionId });
  }
  return targets.doneTarget;
}

export class ExecutionGraph {
  readonly #targets: RouteTargets = {
    continueTarget: GraphNode.MODEL_INVOKE,
    doneTarget: GraphNode.DONE,
    continuationTarget: GraphNode.CONTINUATION,
  };
  #runs = 0;

  async run(execution: AgentExecution): Promise<{ outcome: GraphOutcome; text: string }> {
    this.#runs++;
    const services = execution.sessionServices;
    services.bus.emit(RuntimeEvent.ExecutionStarted, {
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
    });
    if (!execution.skipHooks && services.hooks.has(HookTrigger.AgentSpawn)) {
      await services.hooks.run(HookTrigger.AgentSpawn, { agent: execution.agentName }, execution.promptContext.cwd);
    }
    let state: GraphState = { execution, node: GraphNode.MODEL_INVOKE, pendingToolCalls: [], finalText: "" };
    let outcome = GraphOutcome.Completed;
    try {
      while (state.node !== GraphNode.DONE) {
        if (execution.abortController.signal.aborted) throw new AbortedError("execution aborted");
        if (++execution.steps > execution.maxSteps) {
          outcome = GraphOutcome.StepLimit;
          break;
        }
        switch (state.node) {
          case GraphNode.MODEL_INVOKE: {
            await injectLiveSteering(state.execution);
            state = await this.invokeModel(state);
            state.execution.state = state;
            state.node = state.pendingToolCalls.length > 0 ? GraphNode.TOOL_EXECUTE : GraphNode.FINAL_RESPONSE;
            break;
          }
          case GraphNode.TOOL_EXECUTE: {
            state = await this.executeTools(state);
            state.node = GraphNode.MODEL_INVOKE;
            break;
          }
          case GraphNode.FINAL_RESPONSE: {
            state.node = routeFinalResponse(state, this.#targets);
            break;
          }
          case GraphNode.CONTINUATION: {
            outcome = GraphOutcome.SteeringPending;
            state.node = GraphNode.DONE;
            break;
          }
        }
      }
    } catch (err) {
      if (err instanceof AbortedError) outcome = GraphOutcome.Aborted;
      else throw err;
    } finally {
      execution.finished = true;
      services.bus.emit(RuntimeEvent.ExecutionFinished, {
        executionId: execution.executionId,
        agentName: execution.agentName,
        steps: execution.steps,
      });
    }
    if (!execution.skipHooks && services.hooks.has(HookTrigger.Stop)) {
      await services.hooks.run(HookTrigger.Stop, { agent: execution.agentName }, execution.promptContext.cwd);
    }
    return { outcome, text: state.finalText };
  }

  @traced("agent.model_invoke", SpanKind.Client)
  async invokeModel(state: GraphState): Promise<GraphState> {
    const execution = state.execution;
    const services = execution.sessionServices;
    for (const queued of execution.takeQueuedSteering()) {
      execution.history.push({ role: "steering", text: queued.prompt, steeringId: queued.messageId });
    }
    const context = execution.history.map((h) => ({ role: h.role === "steering" ? "user" : h.role, text: h.text }));
    services.bus.emit(RuntimeEvent.ModelInvoked, { executionId: execution.executionId, contextSize: context.length });
    const started = performance.now();
    let response: ModelResponse;
    try {
      response = await services.model.invoke(execution, context);
    } catch (err) {
      // a model call that does not settle cleanly drops the session's steering
      services.host.clearSteering("model_settle_failure");
      throw err;
    }
    Metrics.observe("model.latency_ms", performance.now() - started);
    if (response.text) {
      execution.history.push({ role: "assistant", text: response.text });
      services.eventAdapter.sendAgentText(execution.executionId, response.text);
    }
    return { ...state, lastResponse: response, pendingToolCalls: response.toolCalls, finalText: response.text };
  }

  @traced("agent.tools")
  async executeTools(state: GraphState): Promise<GraphState> {
    const execution = state.execution;
    const services = execution.sessionServices;
    const calls = state.pendingToolCalls;
    for (const [index, call] of calls.entries()) {
      const toolCallId = call.id ?? `${execution.executionId.slice(0, 8)}-${execution.steps}-${index}`;
      services.eventAdapter.sendToolCall(execution.executionId, toolCallId, call.name, "pending");
      services.bus.emit(RuntimeEvent.ToolStarted, { executionId: execution.executionId, tool: call.name });
      if (!execution.skipHooks && services.hooks.has(HookTrigger.PreToolUse)) {
        const blocked = (await services.hooks.run(HookTrigger.PreToolUse, { tool: call.name }, execution.promptContext.cwd)).some(
          (r) => r.blocked,
        );
        if (blocked) {
          execution.history.push({ role: "tool", toolName: call.name, text: "blocked by a preToolUse hook" });
          continue;
        }
      }
      const result = await services.tools.execute(call, { execution, state, services });
      execution.history.push({ role: "tool", toolName: call.name, text: result.output });
      services.eventAdapter.sendToolCall(execution.executionId, toolCallId, call.name, result.ok ? "completed" : "failed");
      services.bus.emit(RuntimeEvent.ToolFinished, { executionId: execution.executionId, tool: call.name, ok: result.ok });
      if (!execution.skipHooks && services.hooks.has(HookTrigger.PostToolUse)) {
        await services.hooks.run(HookTrigger.PostToolUse, { tool: call.name, ok: result.ok }, execution.promptContext.cwd);
      }
    }
    return { ...state, pendingToolCalls: [] };
  }

  get runCount(): number {
    return this.#runs;
  }
}
