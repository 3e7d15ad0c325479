import { compose, type Middleware } from "../kernel/compose.js";
import { log } from "../kernel/log.js";
import type { ModelOutput, ToolInvocation } from "../types.js";
import type { AgentExecutionImpl } from "./execution.js";
import { Route, TurnRouter } from "./router.js";

export interface LoopState {
  execution: AgentExecutionImpl;
  round: number;
  output?: ModelOutput;
}

export type LoopOutcome = "done" | "exhausted";

export class SettleError extends Error {
  constructor(detail: string) {
    super("could not settle model response: " + detail);
    this.name = "SettleError";
  }
}

interface InvokeCtx {
  state: LoopState;
  injected: string[];
  startedAt: number;
}

const MAX_DRAIN_RETRIES = 2;
const router = new TurnRouter(MAX_DRAIN_RETRIES);

const timing: Middleware<InvokeCtx> = async (ctx, next) => {
  await next();
  log.debug("model invoke", { agent: ctx.state.execution.agentName, ms: Date.now() - ctx.startedAt });
};

const pluginHooks: Middleware<InvokeCtx> = async (ctx, next) => {
  await ctx.state.execution.sessionServices.plugins.fire("beforeModel", ctx.state.execution);
  await next();
};

const liveSteering: Middleware<InvokeCtx> = async (ctx, next) => {
  const execution = ctx.state.execution;
  const services = execution.sessionServices;
  ctx.injected = await services.liveSteering.onModelInvoke(execution);
  if (ctx.injected.length > 0) {
    services.notify(services.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_injected", executionId: execution.executionId, messageIds: ctx.injected } } });
    services.notify(services.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_cleared", messageIds: ctx.injected } } });
  }
  await next();
};

function settle(raw: unknown): ModelOutput {
  if (!raw || typeof raw !== "object") throw new SettleError("not an object");
  const { text, toolCalls } = raw as { text?: unknown; toolCalls?: unknown };
  if (text != null && typeof text !== "string") throw new SettleError("text");
  if (toolCalls != null && !Array.isArray(toolCalls)) throw new SettleError("toolCalls");
  return { text: (text as string) ?? "", toolCalls: (toolCalls as ToolInvocation[] | undefined) ?? [] };
}

const callModel: Middleware<InvokeCtx> = async (ctx) => {
  const execution = ctx.state.execution;
  const consumed = execution.flushQueue();
  const context = execution.transcript.map((t) => ({ ...t }));
  const output = settle(await execution.sessionServices.model.invoke(execution, context));
  execution.transcript.push({ role: "assistant", text: output.text });
  // the model has now seen them: this execution handled those messages
  for (const id of consumed) execution.sessionServices.steering.markHandled(id, execution.executionId);
  ctx.state = { ...ctx.state, round: ctx.state.round + 1, output };
};

const modelInvoke = compose<InvokeCtx>([timing, pluginHooks, liveSteering, callModel]);

async function runTools(state: LoopState): Promise<void> {
  const execution = state.execution;
  const { plugins, profiles } = execution.sessionServices;
  for (const call of state.output?.toolCalls ?? []) {
    if (execution.abortController.signal.aborted) return;
    const tool = plugins.tool(call.name);
    let result: string;
    if (!tool) result = "error: no such tool " + call.name;
    else if (!profiles.allows(execution.agentName, call.name)) result = "error: " + call.name + " is not allowed for " + execution.agentName;
    else {
      try {
        result = await tool.handler(call, execution);
      } catch (err) {
        result = "error: " + (err instanceof Error ? err.message : String(err));
      }
    }
    execution.transcript.push({ role: "tool", text: result });
    await plugins.fire("afterTool", execution, call, result);
  }
}

/** MODEL_INVOKE -> (tools -> MODEL_INVOKE)* -> end-of-turn check. */
export async function runAgentLoop(execution: AgentExecutionImpl): Promise<LoopOutcome> {
  let state: LoopState = { execution, round: 0 };
  const limit = execution.sessionServices.profiles.resolve(execution.agentName).maxToolRounds + 8;
  for (let guard = 0; guard < limit; guard++) {
    const signal = execution.abortController.signal;
    if (signal.aborted) throw signal.reason ?? new Error("aborted");
    const ctx: InvokeCtx = { state, injected: [], startedAt: Date.now() };
    await modelInvoke(ctx);
    state = ctx.state;
    execution.state = state;
    switch (router.route(state)) {
      case Route.Tools:
        await runTools(state);
        break;
      case Route.ModelInvoke:
        break;
      case Route.Done:
        await execution.sessionServices.plugins.fire("onTurnEnd", execution);
        return "done";
      case Route.Exhausted:
        return "exhausted";
    }
  }
  log.warn("agent loop hit its round limit", { agent: execution.agentName });
  return "done";
}
