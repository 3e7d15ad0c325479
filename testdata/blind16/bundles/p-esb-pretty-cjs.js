"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/acp-server.ts
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// src/acp/ext-methods.ts
var sessionsById = /* @__PURE__ */ new Map();
function registerSession(session) {
  sessionsById.set(session.sessionId, session);
}
function lookup(sessionId) {
  const session = typeof sessionId === "string" ? sessionsById.get(sessionId) : void 0;
  if (!session) throw Object.assign(new Error(`session not found: ${String(sessionId)}`), { code: -32602 });
  return session;
}
async function handleExtMethod(method, params = {}) {
  if (method === "_session/steer/clear") {
    return lookup(params.sessionId).clearSteering("user_clear");
  }
  if (method === "_session/steer") {
    const message = lookup(params.sessionId).steer(String(params.text ?? ""));
    return { messageId: message.id };
  }
  throw Object.assign(new Error(`unknown extension method ${method}`), { code: -32601 });
}

// src/runtime/logger.ts
var logLines = [];
var MAX_LINES = 5e3;
function write(level, text) {
  logLines.push(`${(/* @__PURE__ */ new Date()).toISOString()} ${level} ${text}`);
  if (logLines.length > MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES);
}
function logInfo(text) {
  write("INFO", text);
}
function logWarn(text) {
  write("WARN", text);
}
function logDebug(text) {
  if (process.env.KIRO_LOG_LEVEL === "debug") write("DEBUG", text);
}

// src/runtime/ids.ts
var sequence = 0;
var processSalt = process.pid * 2654435761 >>> 0;
function nextHex(width) {
  sequence += 1;
  const mixed = (Math.imul(sequence, 2654435761) ^ processSalt) >>> 0;
  return mixed.toString(16).padStart(8, "0").slice(0, width) + sequence.toString(16).padStart(4, "0");
}
function nextExecutionId() {
  return `${nextHex(8)}-${nextHex(4)}`;
}
function nextSessionId() {
  return `session-${nextHex(8)}`;
}
function nextMessageId(kind) {
  return `${kind}-${nextHex(8)}`;
}

// src/runtime/execution.ts
var AgentExecution = class {
  constructor(config) {
    this.executionId = nextExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.pendingUserMessages = [];
    this.startedAt = Date.now();
    const signal = config.signal;
    if (signal !== void 0) {
      const forward = () => this.abortController.abort(signal.reason);
      if (signal.aborted) forward();
      else signal.addEventListener("abort", forward, { once: true });
    }
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(text) {
    this.pendingUserMessages.push(text);
  }
  takeQueuedUserMessages() {
    const taken = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return taken;
  }
  hasQueuedUserMessage() {
    if (this.pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.total;
  }
};

// src/runtime/background/spawn-config.ts
function inheritedExecutionConfig(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal
  };
}

// src/runtime/background/compaction.ts
var COMPACTION_THRESHOLD = 400;
var KEEP_RECENT = 20;
async function compactTranscript(exec, transcript, run) {
  const older = transcript.slice(0, -KEEP_RECENT);
  const summarizer = new AgentExecution({
    ...inheritedExecutionConfig(exec),
    subExecutionDepth: exec.subExecutionDepth + 1,
    agentName: "context-summarizer",
    skipHooks: true
  });
  const summary = await run(summarizer, `Summarise this conversation so far:
${older.map((item) => `${item.role}: ${item.text}`).join("\n")}`);
  logInfo(`[Compaction] ${exec.agentName}: ${older.length} items summarised`);
  return [{ role: "user", text: `Summary of the earlier conversation: ${summary}` }, ...transcript.slice(-KEEP_RECENT)];
}

// src/runtime/boundary.ts
function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.steering.reset();
  if (messageIds.length > 0) logInfo(`[Steering] cleared ${messageIds.length} message(s) (${reason})`);
  services.updates.emit({ kind: "steering_cleared", messageIds, reason });
  return messageIds;
}

// src/runtime/steering/prompts.ts
function recapPrompt(entry) {
  return [
    "While you delegated work to subagent(s), the user sent the following message.",
    "It has already been handled by a subagent; check its result against it rather than starting over.",
    `[STEERING ${entry.id}] ${entry.text}`
  ].join("\n");
}
function activeAgentPrompt(entry) {
  return [
    "The user has sent a new message while you were working.",
    "Read it and adjust your approach as the currently active agent.",
    `[STEERING ${entry.id}] ${entry.text}`
  ].join("\n");
}
function notificationPrompt(entry) {
  return [`[NOTIFY ${entry.id}] ${entry.text}`, "(informational only: no action or reply is required)"].join("\n");
}
function renderSteeringPrompt(entry, target) {
  if (entry.kind !== "user") return notificationPrompt(entry);
  const seenBySubagent = Array.from(entry.handlers).some((handlerId) => handlerId !== target.executionId);
  return seenBySubagent ? recapPrompt(entry) : activeAgentPrompt(entry);
}

// src/runtime/steering/inject.ts
async function injectLiveSteering(exec) {
  const { steering, updates } = exec.sessionServices;
  const start = exec.steeringReaderIndex;
  const unread = steering.since(start);
  const delivered = [];
  for (let offset = 0; offset < unread.length; offset++) {
    const message = unread[offset];
    exec.steeringReaderIndex = start + offset + 1;
    exec.queueUserMessage(renderSteeringPrompt(message, exec));
    delivered.push(message.id);
    logInfo(
      `[LiveSteeringHook] injected steering ${message.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
  if (delivered.length > 0) {
    updates.emit({ kind: "steering_injected", messageIds: delivered, executionId: exec.executionId });
    updates.emit({ kind: "steering_cleared", messageIds: delivered });
  }
  return delivered;
}

// src/runtime/agent-loop.ts
var MAX_DRAIN_RETRIES = 2;
var MAX_LOOP_STEPS = 50;
function shouldContinueTurn(exec) {
  if (!exec.hasQueuedUserMessage()) {
    exec.drainRetryCount = 0;
    return false;
  }
  if (exec.drainRetryCount >= MAX_DRAIN_RETRIES) {
    logWarn(`[LiveSteeringHook] ${exec.agentName} still has queued steering after ${MAX_DRAIN_RETRIES} retries; ending turn`);
    exec.drainRetryCount = 0;
    return false;
  }
  exec.drainRetryCount += 1;
  logInfo(`[LiveSteeringHook] queued user message found for ${exec.agentName}; continuing`);
  return true;
}
async function modelInvoke(deps, exec, transcript) {
  const delivered = await injectLiveSteering(exec);
  for (const text of exec.takeQueuedUserMessages()) transcript.push({ role: "user", text });
  let reply;
  try {
    reply = await deps.model.invoke(exec, transcript.slice());
  } catch (error) {
    logWarn(`[ModelInvoke] ${exec.agentName}: model response failed to settle: ${String(error)}`);
    clearSteeringAtTurnBoundary(exec.sessionServices, "model_settle_failed");
    throw error;
  }
  for (const id of delivered) exec.sessionServices.steering.acknowledge(id, exec.executionId);
  return reply;
}
async function runAgentLoop(deps, exec, prompt) {
  let transcript = [{ role: "user", text: prompt }];
  for (let step = 0; step < MAX_LOOP_STEPS; step++) {
    if (exec.abortController.signal.aborted) throw new Error(`${exec.agentName} was cancelled`);
    if (transcript.length > COMPACTION_THRESHOLD) transcript = await compactTranscript(exec, transcript, deps.runChild);
    const reply = await modelInvoke(deps, exec, transcript);
    transcript.push({ role: "assistant", text: reply.text ?? "" });
    const calls = reply.toolCalls ?? [];
    if (calls.length > 0) {
      for (const call of calls) transcript.push({ role: "tool", text: await deps.toolbox.dispatch(call, exec) });
      continue;
    }
    if (shouldContinueTurn(exec)) continue;
    return reply.text ?? "";
  }
  logWarn(`[AgentLoop] ${exec.agentName} hit the step limit (${MAX_LOOP_STEPS})`);
  return "";
}

// src/runtime/background/memory.ts
var MEMORY_AGENT = "memory-extraction";
var MEMORY_PROMPT = "Extract anything from this turn worth remembering across sessions (preferences, project facts). Reply with a list.";
async function runMemoryExtraction(turnOwner, run) {
  const memoryExecution = new AgentExecution({
    ...inheritedExecutionConfig(turnOwner),
    subExecutionDepth: turnOwner.subExecutionDepth + 1,
    agentName: MEMORY_AGENT,
    skipHooks: true
  });
  try {
    await run(memoryExecution, MEMORY_PROMPT);
  } catch (error) {
    logWarn(`[Memory] extraction failed: ${String(error)}`);
  }
}

// src/runtime/lifecycle-hooks.ts
async function fireLifecycleHooks(event, exec) {
  for (const command of exec.promptContext.lifecycleHooks[event] ?? []) {
    logDebug(`[Hooks] ${event} (${exec.agentName}): ${command}`);
  }
}

// src/runtime/steering/buffer.ts
var SteeringBuffer = class {
  constructor() {
    this.messageById = /* @__PURE__ */ new Map();
    this.epoch = 0;
  }
  get total() {
    return this.messageById.size;
  }
  /** Messages from position `index` on. */
  since(index) {
    if (index >= this.messageById.size) return [];
    return Array.from(this.messageById.values()).slice(index);
  }
  push(kind, text) {
    const message = {
      id: nextMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      queuedAt: Date.now()
    };
    this.messageById.set(message.id, message);
    return message;
  }
  acknowledge(id, executionId) {
    this.messageById.get(id)?.handlers.add(executionId);
  }
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  reset() {
    const ids = Array.from(this.messageById.keys());
    this.messageById.clear();
    return ids;
  }
};

// src/runtime/tools/invoke-sub-agent.ts
var MAX_SUB_AGENT_DEPTH = 5;
async function invokeSubAgent(parent, subagentId, prompt, run) {
  const depth = parent.subExecutionDepth;
  if (depth >= MAX_SUB_AGENT_DEPTH) {
    logWarn(`[SubAgentTool] nesting depth limit (${MAX_SUB_AGENT_DEPTH}) exceeded, rejecting ${subagentId}`);
    return `Sub-agent nesting depth limit (${MAX_SUB_AGENT_DEPTH}) exceeded`;
  }
  const subAgentExecution = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName: subagentId
  });
  logInfo(`[SubAgentTool] ${parent.agentName} -> ${subagentId} (${subAgentExecution.executionId.slice(0, 8)})`);
  const answer = await run(subAgentExecution, prompt);
  return `${subagentId} finished: ${answer}`;
}

// src/runtime/tools/toolbox.ts
function createToolbox(session, runChild) {
  return {
    async dispatch(call, exec) {
      switch (call.name) {
        case "invoke_sub_agent":
          return invokeSubAgent(exec, call.input?.subagentId ?? "general", call.input?.prompt ?? "", runChild);
        case "user_steer":
          session.steer(call.text ?? "");
          return "queued";
        case "notify":
          session.steer(call.text ?? "", "workflow");
          return "posted";
        default:
          return `unknown tool ${call.name}`;
      }
    }
  };
}

// src/runtime/tracker.ts
var ExecutionTracker = class {
  constructor() {
    this.live = /* @__PURE__ */ new Set();
  }
  track(execution) {
    this.live.add(execution);
  }
  release(execution) {
    this.live.delete(execution);
  }
  get count() {
    return this.live.size;
  }
};

// src/runtime/updates.ts
function createUpdateChannel(sessionId) {
  const sent = [];
  return {
    sent,
    emit(info) {
      sent.push({ sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: info } } });
      if (sent.length > 200) sent.splice(0, sent.length - 200);
    }
  };
}

// src/runtime/session.ts
var MAX_ROOT_CONTINUATIONS = 2;
var RESUME_PROMPT = "Continue: the user added guidance after your last answer.";
var NOTIFICATION_PREFIX = /^\s*\[notification\/(?:info|success|warning|error)\]/;
function createKasSession(model) {
  const sessionId = nextSessionId();
  const services = {
    sessionId,
    steering: new SteeringBuffer(),
    updates: createUpdateChannel(sessionId),
    executions: new ExecutionTracker()
  };
  const promptContext = { cwd: process.cwd(), lifecycleHooks: {} };
  let turnController = new AbortController();
  const session = {
    sessionId,
    sessionServices: services,
    eventAdapter: {
      ownedExecutionId: void 0,
      setOwnedExecutionId(id) {
        this.ownedExecutionId = id;
      }
    },
    steer(text, origin = "user") {
      const kind = origin !== "user" ? "workflow" : NOTIFICATION_PREFIX.test(text) ? "system" : "user";
      const message = services.steering.push(kind, text);
      services.updates.emit({ kind: "steering_queued", messageIds: [message.id] });
      return message;
    },
    clearSteering(reason = "user_clear") {
      const messageIds = clearSteeringAtTurnBoundary(services, reason);
      services.steering.epoch++;
      return { cleared: true, messageIds };
    },
    cancel() {
      turnController.abort();
      clearSteeringAtTurnBoundary(services, "cancelled");
    },
    prompt: (text) => runTurn(text)
  };
  const deps = {
    model,
    toolbox: createToolbox(session, (child, prompt) => runExecution(child, prompt)),
    runChild: (child, prompt) => runExecution(child, prompt)
  };
  async function runExecution(exec, prompt) {
    services.executions.track(exec);
    try {
      if (!exec.skipHooks) await fireLifecycleHooks("agentSpawn", exec);
      return await runAgentLoop(deps, exec, prompt);
    } finally {
      services.executions.release(exec);
    }
  }
  async function runTurn(text) {
    if (turnController.signal.aborted) turnController = new AbortController();
    const rootConfig = {
      sessionServices: services,
      promptContext,
      signal: turnController.signal,
      agentName: "chat-agent"
    };
    let owner = new AgentExecution(rootConfig);
    session.eventAdapter.setOwnedExecutionId(owner.executionId);
    try {
      let answer = await runExecution(owner, text);
      for (let resumed = 0; resumed < MAX_ROOT_CONTINUATIONS; resumed++) {
        const readUpTo = owner.steeringReaderIndex;
        if (readUpTo >= services.steering.total) break;
        logInfo(`[Session] steering arrived after ${owner.agentName} finished; continuing the turn`);
        owner = new AgentExecution(rootConfig);
        owner.setSteeringReaderIndex(readUpTo);
        session.eventAdapter.setOwnedExecutionId(owner.executionId);
        answer = await runExecution(owner, RESUME_PROMPT);
      }
      await runMemoryExtraction(owner, runExecution);
      clearSteeringAtTurnBoundary(services, "turn_end");
      return answer;
    } catch (error) {
      clearSteeringAtTurnBoundary(services, turnController.signal.aborted ? "cancelled" : "prompt_error");
      throw error;
    }
  }
  return session;
}

// src/acp-server.ts
function createSession(model) {
  const session = createKasSession(model);
  registerSession(session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
