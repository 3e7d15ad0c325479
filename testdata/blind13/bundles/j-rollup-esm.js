import { randomBytes, randomUUID } from 'node:crypto';

const logLines = [];
const stamp = () => (/* @__PURE__ */ new Date()).toISOString();
function logInfo(message) {
  logLines.push(`[${stamp()}] [info] ${message}`);
}
function logWarn(message) {
  logLines.push(`[${stamp()}] [warn] ${message}`);
}

const mintHex = (bytes) => randomBytes(bytes).toString("hex");
const mintUuid = () => randomUUID();

class ExecutionHandle {
  constructor(signal) {
    this.executionId = mintUuid();
    this.startedAt = Date.now();
    this.abortController = new AbortController();
    if (signal) {
      if (signal.aborted) this.abortController.abort(signal.reason);
      else signal.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
    }
  }
  get aborted() {
    return this.abortController.signal.aborted;
  }
}
class AgentExecution extends ExecutionHandle {
  constructor(init) {
    super(init.signal);
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.handledSteeringIds = [];
    this.#pendingUserMessages = [];
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.agentName = init.agentName ?? "chat-agent";
    this.skipHooks = Boolean(init.skipHooks);
    this.parentExecutionId = init.parentExecutionId;
  }
  #pendingUserMessages;
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  queueUserMessage(text) {
    this.#pendingUserMessages.push(text);
  }
  drainQueuedUserMessages() {
    const out = this.#pendingUserMessages;
    this.#pendingUserMessages = [];
    return out;
  }
  hasQueuedUserMessage() {
    if (this.#pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.buffer.getMessageCount();
  }
}

const MEMORY_EXECUTION_OPTIONS = { agentName: "memory-extraction", skipHooks: true };
function createMemoryExtractor(runExecution) {
  return async function extractMemories(turnExecution) {
    const memoryExecution = new AgentExecution({
      ...MEMORY_EXECUTION_OPTIONS,
      sessionServices: turnExecution.sessionServices,
      promptContext: turnExecution.promptContext,
      subExecutionDepth: turnExecution.subExecutionDepth + 1
    });
    try {
      await runExecution(memoryExecution, "Extract durable memories from the turn that just ended.");
    } catch (cause) {
      logWarn(`memory extraction skipped: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  };
}

const TEMPLATES = {
  recap: (m) => `While you delegated work to subagent(s), the user sent the message below and a subagent has already handled it. Take it into account when you wrap up.
[STEERING ${m.id}] ${m.text}`,
  active: (m) => `The user sent the message below while you were working. Adjust your approach as the currently active agent.
[STEERING ${m.id}] ${m.text}`,
  info: (m) => `Informational only; no response is needed.
[NOTIFY ${m.id}] ${m.text}`
};
function renderSteering(target, message) {
  if (message.kind !== "user") return TEMPLATES.info(message);
  for (const handler of message.handlers) {
    if (handler !== target.executionId) return TEMPLATES.recap(message);
  }
  return TEMPLATES.active(message);
}

function injectLiveSteering(exec) {
  const { buffer } = exec.sessionServices.steering;
  const delivered = [];
  for (let message = buffer.messageAt(exec.steeringReaderIndex); message !== void 0; message = buffer.messageAt(exec.steeringReaderIndex)) {
    exec.setSteeringReaderIndex(exec.steeringReaderIndex + 1);
    exec.queueUserMessage(renderSteering(exec, message));
    delivered.push(message.id);
    logInfo(`[LiveSteeringHook] injected steering ${message.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`);
  }
  if (delivered.length > 0) {
    exec.sessionServices.notify("steering_injected", { executionId: exec.executionId, messageIds: delivered });
    exec.sessionServices.notify("steering_cleared", { messageIds: delivered });
  }
  return delivered;
}

const MAX_SUBAGENT_DEPTH = 4;
function acknowledgeHandled(execution) {
  const { buffer } = execution.sessionServices.steering;
  for (const id of execution.handledSteeringIds) buffer.acknowledge(id, execution.executionId);
}
const toolHandlers = {
  async invoke_sub_agent(call, ctx) {
    const { subagentId = "general-purpose", prompt = "" } = call.input ?? {};
    const parentExecution = ctx.execution;
    const { subExecutionDepth: depth } = parentExecution;
    if (depth >= MAX_SUBAGENT_DEPTH) {
      logWarn(`[SubAgentGraph] depth ${depth} reached, not starting ${subagentId}`);
      return `error: sub-agent nesting limit (${MAX_SUBAGENT_DEPTH}) reached`;
    }
    const child = new AgentExecution({
      sessionServices: parentExecution.sessionServices,
      promptContext: parentExecution.promptContext,
      signal: ctx.signal,
      subExecutionDepth: depth + 1,
      agentName: subagentId,
      parentExecutionId: parentExecution.executionId
    });
    logInfo(`[SubAgentGraph] ${parentExecution.agentName} -> ${subagentId} (${child.executionId.slice(0, 8)})`);
    const summary = await ctx.runExecution(child, prompt);
    acknowledgeHandled(child);
    return summary;
  },
  async user_steer(call, ctx) {
    return `queued ${ctx.session.steer(call.text ?? "").id}`;
  },
  async notify(call, ctx) {
    return `posted ${ctx.session.steer(call.text ?? "", "workflow").id}`;
  },
  /** Context compaction runs a summarizer sub-execution on the parent's services. */
  async compact_context(_call, ctx) {
    const parent = ctx.execution;
    const summarizer = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: { ...parent.promptContext, purpose: "compaction" },
      signal: ctx.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "context-summarizer",
      skipHooks: true
    });
    return ctx.runExecution(summarizer, "Summarize the conversation so far in a compact form.");
  }
};

const MAX_STEPS = 50;
const MAX_DRAIN_RETRIES = 3;
function shouldEndTurn({ execution }) {
  if (!execution.hasQueuedUserMessage()) return true;
  if (execution.drainRetryCount === MAX_DRAIN_RETRIES) {
    logWarn(`[LiveSteeringHook] ${execution.agentName}: drain retries exhausted, ending with steering queued`);
    return true;
  }
  execution.drainRetryCount += 1;
  logInfo(`[LiveSteeringHook] ${execution.agentName}: queued steering found at end of turn, continuing`);
  return false;
}
function createAgentRunner(model, session) {
  async function modelInvoke(state) {
    const { execution } = state;
    execution.handledSteeringIds.push(...injectLiveSteering(execution));
    const steering = execution.drainQueuedUserMessages();
    const context = steering.length === 0 ? state.context : [...state.context, ...steering.map((text) => ({ role: "user", text, synthetic: true }))];
    execution.state = { ...state, context };
    let reply;
    try {
      reply = await model.invoke(execution, context);
    } catch (cause) {
      execution.sessionServices.steering.closeWindow("model_settle_failed");
      throw cause;
    }
    return { execution, reply, context: [...context, { role: "assistant", text: reply.text ?? "" }], iteration: state.iteration + 1 };
  }
  async function runTools(state, calls) {
    const ctx = { execution: state.execution, session, signal: state.execution.abortController.signal, runExecution };
    const results = [];
    for (const call of calls) {
      const handler = Object.hasOwn(toolHandlers, call.name) ? toolHandlers[call.name] : void 0;
      results.push({ role: "tool", text: handler ? await handler(call, ctx) : `unknown tool ${call.name}` });
    }
    return { ...state, context: [...state.context, ...results] };
  }
  async function runExecution(execution, input) {
    let state = { execution, context: [{ role: "user", text: input }], iteration: 0 };
    let steps = 0;
    while (steps++ < MAX_STEPS) {
      state = await modelInvoke(state);
      const calls = state.reply?.toolCalls ?? [];
      if (calls.length > 0) {
        state = await runTools(state, calls);
        continue;
      }
      if (shouldEndTurn(state)) return state.reply?.text ?? "";
    }
    logWarn(`[AgentLoop] step limit reached for ${execution.agentName}`);
    return state.reply?.text ?? "";
  }
  return { runExecution };
}

function createSteeringBuffer() {
  let entries = [];
  const byId = /* @__PURE__ */ new Map();
  return {
    append(kind, text) {
      const entry = {
        id: `${kind === "user" ? "steer" : "notify"}-${mintHex(5)}`,
        kind,
        text,
        handlers: /* @__PURE__ */ new Set(),
        at: Date.now()
      };
      entries.push(entry);
      byId.set(entry.id, entry);
      return entry;
    },
    messageAt(position) {
      return entries[position];
    },
    getMessageCount() {
      return entries.length;
    },
    acknowledge(id, executionId) {
      byId.get(id)?.handlers.add(executionId);
    },
    isHandled(t) {
      const r = byId.get(t);
      return r !== void 0 && r.handlers.size > 0;
    },
    ids() {
      return entries.map((entry) => entry.id);
    },
    drop() {
      const dropped = entries.map((entry) => entry.id);
      entries = [];
      byId.clear();
      return dropped;
    }
  };
}

function createSteeringService(notify) {
  const buffer = createSteeringBuffer();
  const service = {
    buffer,
    epoch: 0,
    bumpEpoch() {
      service.epoch += 1;
      return service.epoch;
    },
    /** The turn-boundary helper: every clear of the buffer goes through it. */
    closeWindow(reason) {
      const messageIds = buffer.drop();
      logInfo(`[LiveSteeringHook] steering window closed (${reason}); dropped ${messageIds.length}`);
      if (messageIds.length) notify("steering_cleared", { messageIds, reason });
      return messageIds;
    }
  };
  return service;
}

const MAX_ROOT_CONTINUATIONS = 2;
const NOTIFICATION_PREFIX = /^\s*\[notification\/[a-z]+\]/;
const liveSessions = /* @__PURE__ */ new Map();
function steeringKind(origin, text) {
  if (origin === "user") return NOTIFICATION_PREFIX.test(text) ? "system" : "user";
  return origin === "workflow" ? "workflow" : "system";
}
function createSession(model) {
  const sessionId = `sess_${mintHex(8)}`;
  const updates = [];
  const notify = (kind, payload) => {
    updates.push({ sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } });
  };
  const steering = createSteeringService(notify);
  const sessionServices = { sessionId, steering, notify };
  const promptContext = { sessionId, promptTemplateContext: {} };
  const eventAdapter = {
    ownedExecutionId: void 0,
    setOwnedExecutionId(id) {
      eventAdapter.ownedExecutionId = id;
    }
  };
  let turnAbort = new AbortController();
  const session = {
    sessionId,
    updates,
    steer(text, origin = "user") {
      const entry = steering.buffer.append(steeringKind(origin, text), text);
      notify("steering_queued", { messageId: entry.id });
      return entry;
    },
    clearSteering(reason = "user_clear") {
      const messageIds = steering.closeWindow(reason);
      steering.bumpEpoch();
      return { cleared: true, messageIds };
    },
    cancel() {
      turnAbort.abort(new Error("cancelled"));
      steering.closeWindow("cancel");
    },
    prompt: (text) => runTurn(text)
  };
  const { runExecution } = createAgentRunner(model, session);
  const extractMemories = createMemoryExtractor(runExecution);
  const buildRootExecution = () => new AgentExecution({ sessionServices, promptContext, signal: turnAbort.signal });
  async function runTurn(text) {
    turnAbort = new AbortController();
    let current = buildRootExecution();
    eventAdapter.setOwnedExecutionId(current.executionId);
    let reply;
    try {
      reply = await runExecution(current, text);
      for (let hop = 0; hop < MAX_ROOT_CONTINUATIONS; hop++) {
        const N = current.steeringReaderIndex;
        if (N >= steering.buffer.getMessageCount()) break;
        logInfo(`[LiveSteeringHook] continuing root execution from reader index ${N}`);
        current = buildRootExecution();
        current.setSteeringReaderIndex(N);
        eventAdapter.setOwnedExecutionId(current.executionId);
        reply = await runExecution(current, "Continue with the guidance the user just sent.");
      }
    } catch (cause) {
      steering.closeWindow("prompt_error");
      throw cause;
    }
    await extractMemories(current);
    steering.closeWindow("turn_end");
    return reply;
  }
  liveSessions.set(sessionId, session);
  return session;
}

async function handleExtMethod(method, params = {}) {
  if (method === "_session/steer/clear") {
    const { sessionId } = params;
    const session = sessionId === void 0 ? void 0 : liveSessions.get(sessionId);
    if (!session) throw Object.assign(new Error(`unknown session ${sessionId}`), { code: -32602 });
    return session.clearSteering("client_clear");
  }
  if (method === "_session/steer") {
    const session = params.sessionId === void 0 ? void 0 : liveSessions.get(params.sessionId);
    if (!session) throw Object.assign(new Error(`unknown session ${params.sessionId}`), { code: -32602 });
    return { queued: true, messageId: session.steer(params.text ?? "").id };
  }
  throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
}

export { createSession, handleExtMethod, logLines };
