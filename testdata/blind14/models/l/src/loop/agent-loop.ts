import { ComponentLogger } from "../core/logging";
import { runSubagentBatch, type SubagentCall } from "../agents/subagent-tool";
import type { AgentExecution } from "../runtime/agent-execution";
import { closeSteeringWindow } from "../steering/boundary";
import type { SteeringEntry } from "../steering/inbox";
import { injectLiveSteering } from "../steering/inject";
import type { ChatModel, LoopState, Message, ModelReply, NodeName, Step, ToolInvocation } from "./nodes";

const log = new ComponentLogger("loop");

export interface SteeringSink {
  steer(text: string, origin?: string): SteeringEntry;
}

export interface LoopDeps {
  model: ChatModel;
  session: SteeringSink;
  run(execution: AgentExecution, input: string): Promise<string>;
  limits: { maxDrainRetries: number; maxIterations: number };
  targets: { continueTarget: NodeName; endTarget: NodeName };
}

export class ModelSettleFailure extends Error {}

function runHooks(execution: AgentExecution, trigger: string): void {
  if (execution.skipHooks) return;
  const commands = execution.sessionServices.hooks.byTrigger.get(trigger) ?? [];
  for (const command of commands) log.debug(`hook ${trigger}: ${command} (${execution.agentName})`);
}

async function flushPendingMessages(r: LoopState): Promise<LoopState> {
  const pending = r.execution.drainPendingUserMessages();
  if (pending.length === 0) return r;
  return { ...r, messages: r.messages.concat(pending.map((text): Message => ({ role: "user", text }))) };
}

async function settleModelReply(r: LoopState, deps: LoopDeps): Promise<ModelReply> {
  let reply: ModelReply;
  try {
    reply = await deps.model.invoke(r.execution, r.messages);
  } catch (cause) {
    closeSteeringWindow(r.execution.sessionServices, "model_settle_failure");
    throw new ModelSettleFailure(`model call for ${r.execution.agentName} failed: ${String(cause)}`);
  }
  return reply ?? {};
}

async function modelInvokeNode(r: LoopState, deps: LoopDeps): Promise<Step> {
  runHooks(r.execution, "beforeModelCall");
  await injectLiveSteering(r.execution), r = await flushPendingMessages(r), r.execution.state = r;
  const reply = await settleModelReply(r, deps);
  const messages = r.messages.concat({ role: "assistant", text: reply.text ?? "" });
  const next: NodeName = reply.toolCalls && reply.toolCalls.length > 0 ? "TOOLS" : "FINAL_RESPONSE";
  return { state: { ...r, messages, lastReply: reply, iteration: r.iteration + 1 }, next };
}

async function toolsNode(r: LoopState, deps: LoopDeps): Promise<Step> {
  const calls = r.lastReply?.toolCalls ?? [];
  const results: Message[] = [];
  let batch: SubagentCall[] = [];
  const flushBatch = async () => {
    if (batch.length === 0) return;
    const answers = await runSubagentBatch(r.execution, batch, deps);
    answers.forEach((answer, i) => results.push({ role: "tool", text: `${batch[i].subagentId}: ${answer}` }));
    batch = [];
  };
  for (const call of calls as ToolInvocation[]) {
    runHooks(r.execution, "preToolUse");
    if (call.name === "invoke_sub_agent") {
      batch.push({ subagentId: String(call.input?.subagentId ?? ""), prompt: String(call.input?.prompt ?? "") });
      continue;
    }
    await flushBatch();
    switch (call.name) {
      case "user_steer":
        results.push({ role: "tool", text: `queued ${deps.session.steer(String(call.text ?? ""), "user").id}` });
        break;
      case "notify":
        results.push({ role: "tool", text: `posted ${deps.session.steer(String(call.text ?? ""), "system").id}` });
        break;
      default:
        results.push({ role: "tool", text: `error: no tool named ${call.name}` });
    }
  }
  await flushBatch();
  return { state: { ...r, messages: r.messages.concat(results) }, next: "MODEL_INVOKE" };
}

async function finalResponseNode(state: LoopState, deps: LoopDeps): Promise<Step> {
  const { targets } = deps;
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount >= deps.limits.maxDrainRetries) {
      log.warn(`[LiveSteeringHook] ${state.execution.agentName}: steering still queued after ${state.execution.drainRetryCount} retries, ending turn`);
      return { state, next: targets.endTarget };
    }
    state.execution.drainRetryCount++;
    log.info(`[LiveSteeringHook] queued steering for ${state.execution.agentName}, continuing`);
    return { state, next: targets.continueTarget };
  }
  runHooks(state.execution, "stop");
  return { state, next: targets.endTarget };
}

const NODES: Record<Exclude<NodeName, "END">, (state: LoopState, deps: LoopDeps) => Promise<Step>> = {
  MODEL_INVOKE: modelInvokeNode,
  TOOLS: toolsNode,
  FINAL_RESPONSE: finalResponseNode,
};

/** Runs an execution until its final response; a re-run root keeps its message history. */
export async function runAgentLoop(execution: AgentExecution, input: string, deps: LoopDeps): Promise<string> {
  let state: LoopState = execution.state ?? { execution, messages: [], iteration: 0 };
  state = { ...state, iteration: 0, messages: [...state.messages, { role: "user", text: input }] };
  let next: NodeName = "MODEL_INVOKE";
  while (next !== "END") {
    if (execution.abortController.signal.aborted) throw new Error(`${execution.agentName} aborted`);
    if (state.iteration >= deps.limits.maxIterations) {
      log.warn(`${execution.agentName}: iteration limit reached`);
      break;
    }
    ({ state, next } = await NODES[next](state, deps));
  }
  return state.lastReply?.text ?? "";
}
