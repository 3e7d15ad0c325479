"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
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
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/acp/server.ts
var server_exports = {};
__export(server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(server_exports);

// src/core/logging.ts
var logLines = [];
var enabled = /* @__PURE__ */ new Set(["INFO", "WARN", "ERROR"]);
if (process.env.KAS_DEBUG === "1") enabled.add("DEBUG");
function stamp() {
  return (/* @__PURE__ */ new Date()).toISOString().replace("T", " ").slice(0, 23);
}
function emit(level, component, message) {
  if (!enabled.has(level)) return;
  logLines.push(`${stamp()} [${level}] <${component}> ${message}`);
  if (logLines.length > 1e4) logLines.splice(0, 1e3);
}
var ComponentLogger = class {
  constructor(component) {
    this.component = component;
  }
  debug(message) {
    emit("DEBUG", this.component, message);
  }
  info(message) {
    emit("INFO", this.component, message);
  }
  warn(message) {
    emit("WARN", this.component, message);
  }
  error(message, cause) {
    emit("ERROR", this.component, cause === void 0 ? message : `${message} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
};

// src/core/ids.ts
var crypto = __toESM(require("node:crypto"), 1);
var compact = () => crypto.randomUUID().replace(/-/g, "");
var ids = {
  execution: () => crypto.randomUUID(),
  session: () => crypto.randomUUID(),
  steering: (kind) => `${kind === "user" ? "steer" : "notify"}-${compact().slice(0, 16)}`,
  transcriptEntry: () => `msg_${compact().slice(0, 20)}`
};

// src/runtime/agent-execution.ts
var AgentExecution = class {
  constructor(init) {
    this.executionId = ids.execution();
    this.abortController = new AbortController();
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    /** steering ids this execution has been handed, for acknowledgment when it reports back */
    this.seenSteeringIds = /* @__PURE__ */ new Set();
    this.pendingUserMessages = [];
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.agentName = init.agentName;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.skipHooks = init.skipHooks ?? false;
    init.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  enqueueUserMessage(text) {
    this.pendingUserMessages.push(text);
  }
  drainPendingUserMessages() {
    const out = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return out;
  }
  hasQueuedUserMessage() {
    if (this.steeringReaderIndex < this.sessionServices.steeringInbox.size()) return true;
    return this.pendingUserMessages.length !== 0;
  }
  get shortId() {
    return this.executionId.substring(0, 8);
  }
};

// src/agents/spawner.ts
var log = new ComponentLogger("spawner");
var ExecutionSpawner = class {
  constructor() {
    this.live = /* @__PURE__ */ new Set();
  }
  spawn(parent, request) {
    const child = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: request.promptContext ?? parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: request.agentName,
      skipHooks: request.skipHooks
    });
    this.live.add(child);
    log.debug(`spawned ${child.agentName} (${child.shortId}) under ${parent.agentName} (${parent.shortId})`);
    return child;
  }
  release(child) {
    this.live.delete(child);
  }
  abortAll() {
    const count = this.live.size;
    for (const execution of this.live) execution.abortController.abort();
    this.live.clear();
    return count;
  }
};

// src/agents/memory.ts
var log2 = new ComponentLogger("memory");
var MEMORY_INSTRUCTIONS = "Review the finished turn and record anything durable about the user or the project.";
function memoryContext(base) {
  return { ...base, purpose: "memory", includeSteeringDocs: false };
}
async function runMemoryExtraction(root, deps) {
  const { spawner } = root.sessionServices;
  const extractor = spawner.spawn(root, {
    agentName: "memory-extraction",
    skipHooks: true,
    promptContext: memoryContext(root.promptContext)
  });
  try {
    await deps.run(extractor, MEMORY_INSTRUCTIONS);
  } catch (cause) {
    log2.error("memory extraction failed", cause);
  } finally {
    spawner.release(extractor);
  }
}

// src/agents/subagent-tool.ts
var log3 = new ComponentLogger("subagents");
var SUBAGENT_DEPTH_LIMIT = 3;
async function runSubagent(parent, call, deps) {
  if (parent.subExecutionDepth >= SUBAGENT_DEPTH_LIMIT) {
    log3.warn(`[SubAgentGraph] refusing ${call.subagentId}: depth limit ${SUBAGENT_DEPTH_LIMIT}`);
    return `error: sub-agent depth limit (${SUBAGENT_DEPTH_LIMIT}) reached`;
  }
  const { spawner, steeringInbox } = parent.sessionServices;
  const child = spawner.spawn(parent, { agentName: call.subagentId });
  try {
    const answer = await deps.run(child, call.prompt);
    for (const id of child.seenSteeringIds) steeringInbox.markHandled(id, child.executionId);
    return answer;
  } finally {
    spawner.release(child);
  }
}
function runSubagentBatch(parent, calls, deps) {
  log3.info(`[SubAgentGraph] ${parent.agentName} delegating to ${calls.map((c) => c.subagentId).join(", ")}`);
  return Promise.all(calls.map((call) => runSubagent(parent, call, deps)));
}

// src/steering/boundary.ts
var log4 = new ComponentLogger("steering");
function closeSteeringWindow(services, cause) {
  const messageIds = services.steeringInbox.reset();
  services.notifier.emit("steering_cleared", { messageIds, reason: cause });
  log4.debug(`steering window closed (${cause}), ${messageIds.length} dropped`);
  return messageIds;
}

// src/steering/prompts.ts
var TEMPLATES = {
  recap: (entry) => `While you delegated work to subagent(s), the user sent the following. A subagent already acted on it; reconcile its result with this request.
[STEERING ${entry.id}] ${entry.text}`,
  active: (entry) => `New input from the user arrived mid-task. Please adjust your approach as the currently active agent.
[STEERING ${entry.id}] ${entry.text}`,
  informational: (entry) => `Informational only (no action required):
[NOTIFY ${entry.id}] ${entry.text}`
};
function pickWording(entry, execution) {
  if (entry.kind !== "user") return "informational";
  for (const handler of entry.handlers) {
    if (handler !== execution.executionId) return "recap";
  }
  return "active";
}
function composeSteeringPrompt(entry, execution) {
  return TEMPLATES[pickWording(entry, execution)](entry);
}

// src/steering/inject.ts
var log5 = new ComponentLogger("steering");
async function injectLiveSteering(execution) {
  const { steeringInbox, notifier } = execution.sessionServices;
  const delivered = [];
  for (const [index, entry] of steeringInbox.entriesFrom(execution.steeringReaderIndex)) {
    execution.steeringReaderIndex = index + 1;
    execution.enqueueUserMessage(composeSteeringPrompt(entry, execution));
    execution.seenSteeringIds.add(entry.id);
    delivered.push(entry.id);
    log5.info(
      `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.shortId}) (handlers: ${entry.handlers.size})`
    );
  }
  if (delivered.length === 0) return;
  notifier.emit("steering_injected", { executionId: execution.executionId, messageIds: delivered });
  notifier.emit("steering_cleared", { messageIds: delivered, reason: "delivered" });
}

// src/loop/agent-loop.ts
var log6 = new ComponentLogger("loop");
var ModelSettleFailure = class extends Error {
};
function runHooks(execution, trigger) {
  if (execution.skipHooks) return;
  const commands = execution.sessionServices.hooks.byTrigger.get(trigger) ?? [];
  for (const command of commands) log6.debug(`hook ${trigger}: ${command} (${execution.agentName})`);
}
async function flushPendingMessages(r) {
  const pending = r.execution.drainPendingUserMessages();
  if (pending.length === 0) return r;
  return { ...r, messages: r.messages.concat(pending.map((text) => ({ role: "user", text }))) };
}
async function settleModelReply(r, deps) {
  let reply;
  try {
    reply = await deps.model.invoke(r.execution, r.messages);
  } catch (cause) {
    closeSteeringWindow(r.execution.sessionServices, "model_settle_failure");
    throw new ModelSettleFailure(`model call for ${r.execution.agentName} failed: ${String(cause)}`);
  }
  return reply ?? {};
}
async function modelInvokeNode(r, deps) {
  runHooks(r.execution, "beforeModelCall");
  await injectLiveSteering(r.execution), r = await flushPendingMessages(r), r.execution.state = r;
  const reply = await settleModelReply(r, deps);
  const messages = r.messages.concat({ role: "assistant", text: reply.text ?? "" });
  const next = reply.toolCalls && reply.toolCalls.length > 0 ? "TOOLS" : "FINAL_RESPONSE";
  return { state: { ...r, messages, lastReply: reply, iteration: r.iteration + 1 }, next };
}
async function toolsNode(r, deps) {
  const calls = r.lastReply?.toolCalls ?? [];
  const results = [];
  let batch = [];
  const flushBatch = async () => {
    if (batch.length === 0) return;
    const answers = await runSubagentBatch(r.execution, batch, deps);
    answers.forEach((answer, i) => results.push({ role: "tool", text: `${batch[i].subagentId}: ${answer}` }));
    batch = [];
  };
  for (const call of calls) {
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
async function finalResponseNode(state, deps) {
  const { targets } = deps;
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount >= deps.limits.maxDrainRetries) {
      log6.warn(`[LiveSteeringHook] ${state.execution.agentName}: steering still queued after ${state.execution.drainRetryCount} retries, ending turn`);
      return { state, next: targets.endTarget };
    }
    state.execution.drainRetryCount++;
    log6.info(`[LiveSteeringHook] queued steering for ${state.execution.agentName}, continuing`);
    return { state, next: targets.continueTarget };
  }
  runHooks(state.execution, "stop");
  return { state, next: targets.endTarget };
}
var NODES = {
  MODEL_INVOKE: modelInvokeNode,
  TOOLS: toolsNode,
  FINAL_RESPONSE: finalResponseNode
};
async function runAgentLoop(execution, input, deps) {
  let state = execution.state ?? { execution, messages: [], iteration: 0 };
  state = { ...state, iteration: 0, messages: [...state.messages, { role: "user", text: input }] };
  let next = "MODEL_INVOKE";
  while (next !== "END") {
    if (execution.abortController.signal.aborted) throw new Error(`${execution.agentName} aborted`);
    if (state.iteration >= deps.limits.maxIterations) {
      log6.warn(`${execution.agentName}: iteration limit reached`);
      break;
    }
    ({ state, next } = await NODES[next](state, deps));
  }
  return state.lastReply?.text ?? "";
}

// src/steering/inbox.ts
var SteeringInbox = class {
  constructor() {
    this.entries = [];
    this.messageById = /* @__PURE__ */ new Map();
  }
  append(kind, text) {
    const entry = { id: ids.steering(kind), kind, text, handlers: /* @__PURE__ */ new Set(), queuedAt: /* @__PURE__ */ new Date() };
    this.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }
  size() {
    return this.entries.length;
  }
  *entriesFrom(start) {
    for (let index = start; index < this.entries.length; index++) yield [index, this.entries[index]];
  }
  /** acknowledgment: the execution handled (answered) the entry */
  markHandled(id, executionId) {
    this.messageById.get(id)?.handlers.add(executionId);
  }
  isHandled(id) {
    const entry = this.messageById.get(id);
    return entry !== void 0 && entry.handlers.size > 0;
  }
  reset() {
    const removed = this.entries.map((entry) => entry.id);
    this.entries.length = 0;
    this.messageById.clear();
    return removed;
  }
};

// src/steering/notifier.ts
var nullConnection = { sessionUpdate: () => void 0 };
var SteeringNotifier = class {
  constructor(sessionId, connection) {
    this.sessionId = sessionId;
    this.connection = connection;
  }
  emit(kind, payload) {
    try {
      const pending = this.connection.sessionUpdate({
        sessionId: this.sessionId,
        update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } }
      });
      if (pending instanceof Promise) pending.catch(() => {
      });
    } catch {
    }
  }
};

// src/transcript/writer.ts
var TranscriptWriter = class {
  constructor() {
    this.messages = [];
    this.subExecutions = /* @__PURE__ */ new Map();
  }
  record(executionId, payload) {
    const line = { id: ids.transcriptEntry(), timestamp: (/* @__PURE__ */ new Date()).toISOString(), payload };
    if (executionId === void 0) {
      this.messages.push(line);
      return;
    }
    let lines = this.subExecutions.get(executionId);
    if (lines === void 0) this.subExecutions.set(executionId, lines = []);
    lines.push(line);
  }
  toJsonl(lines = this.messages) {
    return lines.map((line) => JSON.stringify(line)).join("\n");
  }
};

// src/session/kas-session.ts
var log7 = new ComponentLogger("session");
var DRAIN_RETRY_LIMIT = 8;
var ITERATION_LIMIT = 50;
var EventAdapter = class {
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  owns(executionId) {
    return this.ownedExecutionId === executionId;
  }
};
var KasSession = class {
  constructor(model, connection = nullConnection) {
    this.sessionId = ids.session();
    this.eventAdapter = new EventAdapter();
    this.abortController = new AbortController();
    this.promptContext = { cwd: process.cwd(), purpose: "conversation", includeSteeringDocs: true };
    this.services = {
      sessionId: this.sessionId,
      steeringInbox: new SteeringInbox(),
      steeringEpoch: 0,
      notifier: new SteeringNotifier(this.sessionId, connection),
      spawner: new ExecutionSpawner(),
      transcript: new TranscriptWriter(),
      hooks: { byTrigger: /* @__PURE__ */ new Map() }
    };
    this.deps = {
      model,
      session: this,
      run: (execution, input) => this.runExecution(execution, input),
      limits: { maxDrainRetries: DRAIN_RETRY_LIMIT, maxIterations: ITERATION_LIMIT },
      targets: { continueTarget: "MODEL_INVOKE", endTarget: "END" }
    };
  }
  steer(text, origin = "user") {
    const entry = this.services.steeringInbox.append(origin === "user" ? "user" : "notification", text);
    this.services.notifier.emit("steering_queued", { messageId: entry.id, epoch: this.services.steeringEpoch });
    return entry;
  }
  clearSteering(cause = "client_clear") {
    const messageIds = closeSteeringWindow(this.services, cause);
    this.services.steeringEpoch += 1;
    return messageIds;
  }
  cancel() {
    const aborted = this.services.spawner.abortAll();
    this.root?.abortController.abort();
    this.root = void 0;
    closeSteeringWindow(this.services, "cancel");
    log7.info(`cancelled; ${aborted} sub-execution(s) aborted`);
  }
  async runExecution(execution, input) {
    const sub = execution.subExecutionDepth > 0 ? execution.executionId : void 0;
    this.services.transcript.record(sub, { type: "turn_start" });
    const answer = await runAgentLoop(execution, input, this.deps);
    this.services.transcript.record(sub, { type: "turn_end", text: answer });
    return answer;
  }
  newRootExecution() {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent"
    });
  }
  async prompt(text) {
    const continuing = this.root !== void 0;
    const root = this.root ??= this.newRootExecution();
    root.drainRetryCount = 0;
    if (continuing) root.setSteeringReaderIndex(this.services.steeringInbox.size());
    this.eventAdapter.setOwnedExecutionId(root.executionId);
    try {
      this.services.transcript.record(void 0, { type: "user", text });
      await this.runExecution(root, text);
      await runMemoryExtraction(root, this.deps);
      closeSteeringWindow(this.services, "turn_end");
      return { stopReason: "end_turn" };
    } catch (cause) {
      if (root.abortController.signal.aborted) return { stopReason: "cancelled" };
      closeSteeringWindow(this.services, "prompt_error");
      throw cause;
    }
  }
};

// src/acp/ext-methods.ts
var sessions = /* @__PURE__ */ new Map();
function lookup(sessionId) {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (!session) throw Object.assign(new Error(`Session not found: ${String(sessionId)}`), { code: -32002 });
  return session;
}
var EXT_METHODS = {
  "_session/steer": ({ sessionId, text }) => {
    const entry = lookup(sessionId).steer(String(text ?? ""));
    return { messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => {
    const messageIds = lookup(sessionId).clearSteering("client_clear");
    return { cleared: true, messageIds };
  }
};
async function handleExtMethod(method, params = {}) {
  const handler = EXT_METHODS[method];
  if (handler === void 0) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params);
}

// src/acp/server.ts
function createSession(model, connection) {
  const session = new KasSession(model, connection);
  sessions.set(session.sessionId, session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
