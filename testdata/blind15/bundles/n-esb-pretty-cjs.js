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

// src/session/agent-session.ts
var import_node_crypto2 = require("node:crypto");

// src/logging/sink.ts
var logLines = [];
var MAX_LINES = 1e4;
var Logger = class _Logger {
  constructor(scope = "") {
    this.scope = scope;
    this.prefix = scope ? `[${scope}] ` : "";
  }
  child(scope) {
    return new _Logger(scope);
  }
  debug(message) {
    if (process.env.KAS_DEBUG) this.emit("DEBUG", message);
  }
  info(message) {
    this.emit("INFO", message);
  }
  warn(message) {
    this.emit("WARN", message);
  }
  error(message) {
    this.emit("ERROR", message);
  }
  emit(level, message) {
    const line = `[${level}] ${this.prefix}${message}`;
    if (logLines.push(line) > MAX_LINES) logLines.shift();
    if (process.env.KAS_LOG_FILE_ECHO === "1") console.error(line);
  }
};
var logger = new Logger();

// src/common/ids.ts
var import_node_crypto = require("node:crypto");
var sequence = 0;
function executionId() {
  return (0, import_node_crypto.randomUUID)();
}
function steeringId(kind, sessionId) {
  sequence += 1;
  const digest = (0, import_node_crypto.createHash)("sha256").update(`${sessionId}:${sequence}:${process.hrtime.bigint()}`).digest("hex");
  return `${kind}-${digest.slice(0, 12)}`;
}

// src/steering/live-steering-queue.ts
var LiveSteeringQueue = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
    this.items = [];
    this.messageById = /* @__PURE__ */ new Map();
    this.epoch = 0;
  }
  append(kind, text) {
    const entry = {
      id: steeringId(kind === "user" ? "steer" : "notify", this.sessionId),
      kind,
      text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.items.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }
  messageCount() {
    return this.items.length;
  }
  at(index) {
    return this.items[index];
  }
  ids() {
    return this.items.map((entry) => entry.id);
  }
  /** Records that an execution handled (answered) a message. */
  markHandled(id, executionId2) {
    const entry = this.messageById.get(id);
    if (entry) entry.handlers.add(executionId2);
  }
  isHandled(id) {
    const entry = this.messageById.get(id);
    return entry !== void 0 && entry.handlers.size > 0;
  }
  clear() {
    const removed = this.ids();
    this.items = [];
    this.messageById.clear();
    return removed;
  }
};

// src/steering/steering-prompt-builder.ts
var RECAP_HEADER = "While you delegated work to subagent(s), the user sent the message below. It has already been handled there; summarise how it affects your remaining work.";
var ACTIVE_HEADER = "The user sent the message below while you were working. Adjust your approach as the currently active agent.";
var NOTIFICATION_HEADER = "Notification (informational only, do not reply to it):";
function buildSteeringInjection(target, entry) {
  if (entry.kind !== "user") {
    return `${NOTIFICATION_HEADER}
[NOTIFY ${entry.id}] ${entry.text}`;
  }
  let handledByAnother = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      handledByAnother = true;
      break;
    }
  }
  const header = handledByAnother ? RECAP_HEADER : ACTIVE_HEADER;
  return `${header}
[STEERING ${entry.id}] ${entry.text}`;
}

// src/steering/live-steering-hook.ts
var LiveSteeringHook = class {
  constructor() {
    this.name = "LiveSteeringHook";
    this.builtin = true;
    this.log = new Logger("LiveSteeringHook");
  }
  async onModelInvoke(execution) {
    const services = execution.sessionServices;
    const queue = services.liveSteering;
    const end = queue.messageCount();
    const start = execution.steeringReaderIndex;
    if (start >= end) return;
    for (let i = start; i < end; i++) {
      const entry = queue.at(i);
      if (!entry) continue;
      execution.enqueueUserMessage(buildSteeringInjection(execution, entry));
      execution.deliveredSteeringIds.push(entry.id);
      services.metrics.count("steering.injected");
      this.log.info(
        `injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`
      );
      services.bus.publish("steering:injected", {
        messageId: entry.id,
        executionId: execution.executionId,
        agentName: execution.agentName
      });
    }
    execution.steeringReaderIndex = end;
    services.bus.publish("steering:cleared", { messageIds: queue.ids().slice(start, end), reason: "injected" });
  }
};

// src/execution/model-invoke-hooks.ts
var log = new Logger("Hooks");
var ModelInvokeHookPipeline = class {
  constructor() {
    this.hooks = [];
  }
  add(hook) {
    this.hooks.push(hook);
  }
  applicable(execution) {
    return execution.skipHooks ? this.hooks.filter((hook) => hook.builtin) : this.hooks;
  }
  async beforeInvoke(execution) {
    for (const hook of this.applicable(execution)) {
      if (!hook.onModelInvoke) continue;
      if (hook.builtin) {
        await hook.onModelInvoke(execution);
        continue;
      }
      try {
        await hook.onModelInvoke(execution);
      } catch (err) {
        log.warn(`user hook ${hook.name} failed: ${err.message}`);
      }
    }
  }
  async afterResponse(execution) {
    for (const hook of this.applicable(execution)) {
      if (hook.onModelResponse) await hook.onModelResponse(execution);
    }
  }
};

// src/common/event-bus.ts
var import_node_events = require("node:events");
var SessionEventBus = class {
  constructor() {
    this.emitter = new import_node_events.EventEmitter();
    this.emitter.setMaxListeners(50);
  }
  on(event, listener) {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
  publish(event, payload) {
    this.emitter.emit(event, payload);
  }
};

// src/telemetry/metrics.ts
var SessionMetrics = class {
  constructor() {
    this.counters = /* @__PURE__ */ Object.create(null);
    this.durations = /* @__PURE__ */ Object.create(null);
  }
  count(name, delta = 1) {
    this.counters[name] = (this.counters[name] || 0) + delta;
  }
  time(name, work) {
    const started = Date.now();
    return work().finally(() => {
      (this.durations[name] = this.durations[name] || []).push(Date.now() - started);
    });
  }
  toJSON() {
    const summary = {};
    for (const [name, list] of Object.entries(this.durations)) summary[name] = { n: list.length, max: Math.max(...list) };
    return { counters: { ...this.counters }, durations: summary };
  }
};

// src/session/session-services.ts
function createSessionServices(sessionId) {
  const modelInvokeHooks = new ModelInvokeHookPipeline();
  modelInvokeHooks.add(new LiveSteeringHook());
  return {
    sessionId,
    liveSteering: new LiveSteeringQueue(sessionId),
    modelInvokeHooks,
    bus: new SessionEventBus(),
    metrics: new SessionMetrics()
  };
}

// src/session/turn-runner.ts
var log2 = new Logger("TurnRunner");
var MAX_ROOT_CONTINUATIONS = 2;
var CONTINUATION_PROMPT = "Continue: the user added guidance after your last answer.";
var TurnRunner = class {
  constructor(services, factory, bridge, execute, memory) {
    this.services = services;
    this.factory = factory;
    this.bridge = bridge;
    this.execute = execute;
    this.memory = memory;
  }
  async run(prompt, signal) {
    let root = this.factory.createRoot(signal);
    this.bridge.setOwnedExecutionId(root.executionId);
    let answer = await this.execute(root, prompt);
    for (let round = 0; round < MAX_ROOT_CONTINUATIONS; round++) {
      const readUpTo = root.steeringReaderIndex;
      if (readUpTo >= this.services.liveSteering.messageCount()) break;
      log2.info(`root continuation ${round + 1}: steering queued after the final response`);
      const continuation = this.factory.createRoot(signal);
      continuation.setSteeringReaderIndex(readUpTo);
      this.bridge.setOwnedExecutionId(continuation.executionId);
      this.factory.release(root);
      root = continuation;
      answer = await this.execute(root, CONTINUATION_PROMPT);
    }
    for (const id of root.deliveredSteeringIds) this.services.liveSteering.markHandled(id, root.executionId);
    if (this.memory) await this.memory.extractAfterTurn(root);
    this.factory.release(root);
    return answer;
  }
};

// src/execution/agent-execution.ts
var DEFAULT_AGENT = "chat-agent";
var AgentExecution = class {
  constructor(options) {
    this.executionId = executionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? DEFAULT_AGENT;
    this.skipHooks = !!options.skipHooks;
    this.parentExecutionId = options.parentExecutionId;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.deliveredSteeringIds = [];
    this.pendingUserMessages = [];
    this.startedAt = Date.now();
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  enqueueUserMessage(text) {
    this.pendingUserMessages.push(text);
  }
  dequeueUserMessage() {
    return this.pendingUserMessages.shift();
  }
  hasQueuedUserMessage() {
    if (this.pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.liveSteering.messageCount();
  }
  elapsedMs() {
    return Date.now() - this.startedAt;
  }
};

// src/execution/execution-factory.ts
var ExecutionFactory = class {
  constructor(services, promptContext) {
    this.services = services;
    this.promptContext = promptContext;
    this.live = /* @__PURE__ */ new Map();
  }
  createRoot(signal) {
    return this.track(
      new AgentExecution({
        sessionServices: this.services,
        promptContext: this.promptContext,
        signal,
        agentName: DEFAULT_AGENT
      })
    );
  }
  spawnChild(parent, options) {
    const child = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: options.agentName,
      skipHooks: options.skipHooks,
      parentExecutionId: parent.executionId
    });
    return this.track(child);
  }
  release(execution) {
    this.live.delete(execution.executionId);
  }
  abortAll(reason) {
    let aborted = 0;
    this.live.forEach((execution) => {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(reason);
        aborted++;
      }
    });
    return aborted;
  }
  track(execution) {
    this.live.set(execution.executionId, execution);
    return execution;
  }
};

// src/loop/types.ts
var ModelSettleFailure = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ModelSettleFailure";
  }
};

// src/loop/agent-loop.ts
var log3 = new Logger("AgentLoop");
var MAX_LOOP_STEPS = 50;
var AgentLoop = class {
  constructor(model, tools, policy, host) {
    this.model = model;
    this.tools = tools;
    this.policy = policy;
    this.host = host;
  }
  async run(execution, prompt) {
    const transcript = [{ role: "user", text: prompt }];
    const bus = execution.sessionServices.bus;
    bus.publish("execution:started", {
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth
    });
    let outcome = "error";
    try {
      for (let step = 0; step < MAX_LOOP_STEPS; step++) {
        const reply = await this.modelInvoke(execution, transcript);
        const calls = reply.toolCalls ?? [];
        if (calls.length > 0) {
          for (const call of calls) {
            const output = await this.tools.dispatch(call, { execution, host: this.host });
            transcript.push({ role: "tool", text: output });
          }
          continue;
        }
        if (this.policy.shouldContinue(execution)) continue;
        outcome = "ok";
        return reply.text ?? "";
      }
      log3.warn(`${execution.agentName} hit the step limit (${MAX_LOOP_STEPS})`);
      outcome = "ok";
      return "";
    } finally {
      bus.publish("execution:ended", { executionId: execution.executionId, agentName: execution.agentName, outcome });
    }
  }
  /** MODEL_INVOKE: hooks (live steering among them), queued user messages, then the model. */
  async modelInvoke(execution, transcript) {
    const hooks = execution.sessionServices.modelInvokeHooks;
    await hooks.beforeInvoke(execution);
    for (let next = execution.dequeueUserMessage(); next !== void 0; next = execution.dequeueUserMessage()) {
      transcript.push({ role: "user", text: next });
    }
    if (execution.abortController.signal.aborted) throw new Error(`${execution.agentName} aborted`);
    const reply = await execution.sessionServices.metrics.time(
      "model.invoke",
      () => this.model.invoke(execution, transcript.slice())
    );
    if (!reply || typeof reply !== "object") {
      throw new ModelSettleFailure(`no settled reply from the model for ${execution.agentName}`);
    }
    transcript.push({ role: "assistant", text: reply.text ?? "" });
    await hooks.afterResponse(execution);
    return reply;
  }
};

// src/loop/turn-policy.ts
var log4 = new Logger("LiveSteeringHook");
var TurnCompletionPolicy = class {
  constructor(maxDrainRetries = 2) {
    this.maxDrainRetries = maxDrainRetries;
  }
  shouldContinue(execution) {
    const queued = execution.hasQueuedUserMessage();
    if (queued && execution.drainRetryCount < this.maxDrainRetries) {
      execution.drainRetryCount++;
      log4.info(`Queued user message found for ${execution.agentName} - continuing`);
      return true;
    }
    if (queued) log4.warn(`drain retries exhausted for ${execution.agentName}; steering stays queued`);
    execution.drainRetryCount = 0;
    return false;
  }
};

// src/tools/tool-catalog.ts
var textOf = (call) => String(call.text ?? call.input?.text ?? "");
var userSteerTool = {
  name: "user_steer",
  async run(call, { host }) {
    return `queued ${host.steer(textOf(call), "user").id}`;
  }
};
var notifyTool = {
  name: "notify",
  async run(call, { host }) {
    return `posted ${host.steer(textOf(call), "workflow").id}`;
  }
};
var ToolCatalog = class {
  constructor(tools) {
    this.byName = /* @__PURE__ */ new Map();
    tools.forEach((tool) => this.byName.set(tool.name, tool));
  }
  async dispatch(call, invocation) {
    const tool = this.byName.get(call.name);
    if (!tool) return `error: no tool named ${call.name}`;
    try {
      return await tool.run(call, invocation);
    } catch (err) {
      return `error: ${err.message}`;
    }
  }
};

// src/tools/subagent-tool.ts
var log5 = new Logger("SubAgentGraph");
var MAX_SUBAGENT_DEPTH = 5;
function createSubAgentTool(factory) {
  return {
    name: "invoke_sub_agent",
    async run(call, { execution, host }) {
      const subagentId = String(call.input?.subagentId ?? "general");
      const prompt = String(call.input?.prompt ?? "");
      if (execution.subExecutionDepth >= MAX_SUBAGENT_DEPTH) {
        log5.warn(`refusing ${subagentId}: depth ${execution.subExecutionDepth}`);
        return `error: sub-agent depth limit ${MAX_SUBAGENT_DEPTH}`;
      }
      const child = factory.spawnChild(execution, { agentName: subagentId });
      execution.sessionServices.metrics.count("subagent.spawned");
      try {
        const answer = await host.runExecution(child, prompt);
        const queue = execution.sessionServices.liveSteering;
        for (const id of child.deliveredSteeringIds) queue.markHandled(id, child.executionId);
        return answer;
      } finally {
        factory.release(child);
      }
    }
  };
}

// src/memory/memory-extraction-service.ts
var log6 = new Logger("MemoryExtraction");
var MEMORY_PROMPT = "Extract durable memories (preferences, decisions, project facts) from the turn above. Answer with one memory per line, or NONE.";
var MemoryExtractionService = class {
  constructor(factory, runExecution) {
    this.factory = factory;
    this.runExecution = runExecution;
    this.memories = [];
  }
  async extractAfterTurn(rootExecution) {
    const extraction = this.factory.spawnChild(rootExecution, { agentName: "memory-extraction", skipHooks: true });
    try {
      const answer = await this.runExecution(extraction, MEMORY_PROMPT);
      const found = answer.split("\n").map((line) => line.trim()).filter((line) => line && line !== "NONE" && line !== "done");
      this.memories.push(...found);
      return found.length;
    } catch (err) {
      log6.warn(`memory extraction failed: ${err.message}`);
      return 0;
    } finally {
      this.factory.release(extraction);
    }
  }
  list() {
    return this.memories;
  }
};

// src/acp/acp-bridge.ts
var AcpSessionBridge = class {
  constructor(sessionId, bus, sender) {
    this.sessionId = sessionId;
    this.sender = sender;
    this.sent = [];
    this.unsubscribe = [];
    this.unsubscribe.push(
      bus.on("steering:queued", (e) => this.info("steering_queued", { messageId: e.messageId })),
      bus.on("steering:injected", (e) => this.info("steering_injected", { messageId: e.messageId, executionId: e.executionId })),
      bus.on("steering:cleared", (e) => this.info("steering_cleared", { messageIds: e.messageIds, reason: e.reason }))
    );
  }
  setOwnedExecutionId(executionId2) {
    this.ownedExecutionId = executionId2;
  }
  dispose() {
    this.unsubscribe.splice(0).forEach((off) => off());
  }
  info(kind, payload) {
    const notification = {
      method: "session/update",
      params: { sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } }
    };
    if (this.sender) this.sender(notification);
    else if (this.sent.push(notification) > 100) this.sent.shift();
  }
};

// src/steering/turn-boundary.ts
var log7 = new Logger("TurnBoundary");
function clearSteeringAtBoundary(services, reason) {
  const messageIds = services.liveSteering.clear();
  if (messageIds.length) {
    services.metrics.count("steering.cleared", messageIds.length);
    services.bus.publish("steering:cleared", { messageIds, reason });
    log7.debug(`cleared ${messageIds.length} (${reason})`);
  }
  return messageIds;
}

// src/session/agent-session.ts
var log8 = new Logger("AgentSession");
var liveSessions = /* @__PURE__ */ new Map();
function kindFor(origin) {
  if (origin === void 0 || origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}
var AgentSession = class {
  static get(sessionId) {
    return liveSessions.get(sessionId);
  }
  constructor(model, init = {}) {
    this.sessionId = init.sessionId ?? (0, import_node_crypto2.randomUUID)();
    this.sessionServices = createSessionServices(this.sessionId);
    this.bridge = new AcpSessionBridge(this.sessionId, this.sessionServices.bus, init.sender);
    this.factory = new ExecutionFactory(this.sessionServices, { cwd: init.cwd ?? process.cwd(), steeringDocuments: [] });
    const tools = new ToolCatalog([createSubAgentTool(this.factory), userSteerTool, notifyTool]);
    this.loop = new AgentLoop(model, tools, new TurnCompletionPolicy(), this);
    const run = (execution, prompt) => this.runExecution(execution, prompt);
    const memory = init.memory === false ? void 0 : new MemoryExtractionService(this.factory, run);
    this.turns = new TurnRunner(this.sessionServices, this.factory, this.bridge, run, memory);
    liveSessions.set(this.sessionId, this);
  }
  steer(text, origin) {
    const entry = this.sessionServices.liveSteering.append(kindFor(origin), text);
    this.sessionServices.metrics.count("steering.queued");
    this.sessionServices.bus.publish("steering:queued", { messageId: entry.id, kind: entry.kind });
    return entry;
  }
  clearSteering(reason = "user_clear") {
    return { cleared: true, messageIds: clearSteeringAtBoundary(this.sessionServices, reason) };
  }
  runExecution(execution, prompt) {
    return this.loop.run(execution, prompt);
  }
  async prompt(text) {
    const controller = new AbortController();
    this.activeTurn = controller;
    try {
      const answer = await this.turns.run(text, controller.signal);
      clearSteeringAtBoundary(this.sessionServices, "turn_end");
      return answer;
    } catch (err) {
      const reason = err instanceof ModelSettleFailure ? "model_settle_failure" : controller.signal.aborted ? "cancel" : "prompt_error";
      clearSteeringAtBoundary(this.sessionServices, reason);
      log8.warn(`turn failed (${reason}): ${err.message}`);
      throw err;
    } finally {
      if (this.activeTurn === controller) this.activeTurn = void 0;
    }
  }
  cancel() {
    this.activeTurn?.abort("cancelled");
    this.factory.abortAll("cancelled");
    clearSteeringAtBoundary(this.sessionServices, "cancel");
  }
  close() {
    this.cancel();
    this.bridge.dispose();
    liveSessions.delete(this.sessionId);
  }
};

// src/acp/ext-methods.ts
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
};
function sessionFrom(params) {
  const session = typeof params.sessionId === "string" ? AgentSession.get(params.sessionId) : void 0;
  if (!session) throw new ExtMethodError(-32602, "unknown sessionId");
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const entry = sessionFrom(params).steer(String(params.message ?? params.text ?? ""), params.origin);
      return { queued: true, messageId: entry.id };
    }
    case "_session/steer/clear": {
      const session = sessionFrom(params);
      const reply = session.clearSteering("user_clear");
      session.sessionServices.liveSteering.epoch++;
      return reply;
    }
    default:
      throw new ExtMethodError(-32601, `unknown extension method ${method}`);
  }
}

// src/acp-server.ts
function createSession(model, init) {
  return new AgentSession(model, init);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
