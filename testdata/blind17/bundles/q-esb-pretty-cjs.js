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
var __decorateClass = (decorators, target, key, kind) => {
  var result = kind > 1 ? void 0 : kind ? __getOwnPropDesc(target, key) : target;
  for (var i = decorators.length - 1, decorator; i >= 0; i--)
    if (decorator = decorators[i])
      result = (kind ? decorator(target, key, result) : decorator(result)) || result;
  if (kind && result) __defProp(target, key, result);
  return result;
};

// src/index.ts
var index_exports = {};
__export(index_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(index_exports);

// src/acp/server.ts
var import_node_readline = require("node:readline");

// src/di/container.ts
var registrations = /* @__PURE__ */ new Map();
function Injectable(token, options = {}) {
  return function(ctor) {
    if (registrations.has(token)) throw new Error(`duplicate injectable token ${token}`);
    registrations.set(token, { ctor, deps: options.deps ?? [], scope: options.scope ?? "root" });
    return ctor;
  };
}
var Container = class _Container {
  constructor(parent, scopeName = "root") {
    this.parent = parent;
    this.scopeName = scopeName;
  }
  parent;
  scopeName;
  instances = /* @__PURE__ */ new Map();
  resolving = /* @__PURE__ */ new Set();
  provide(token, value) {
    this.instances.set(token, value);
    return this;
  }
  has(token) {
    return this.instances.has(token) || (this.parent?.has(token) ?? false);
  }
  resolve(token) {
    const own = this.instances.get(token);
    if (own !== void 0) return own;
    const reg = registrations.get(token);
    if (!reg) {
      if (this.parent) return this.parent.resolve(token);
      throw new Error(`no provider for ${token}`);
    }
    if (reg.scope === "root" && this.parent) return this.parent.resolve(token);
    if (reg.scope === "session" && this.scopeName !== "session") throw new Error(`${token} is session-scoped`);
    if (this.resolving.has(token)) throw new Error(`circular dependency on ${token}`);
    this.resolving.add(token);
    try {
      const args = reg.deps.map((d) => this.resolve(d));
      const instance = new reg.ctor(...args);
      this.instances.set(token, instance);
      return instance;
    } finally {
      this.resolving.delete(token);
    }
  }
  createScope() {
    return new _Container(this, "session");
  }
};
var rootContainer = new Container();

// src/bus/event-bus.ts
var EventBus = class {
  handlers = /* @__PURE__ */ new Map();
  history = [];
  on(event, handler) {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, set = /* @__PURE__ */ new Set());
    set.add(handler);
    return () => this.off(event, handler);
  }
  once(event, handler) {
    const off = this.on(event, (payload) => {
      off();
      handler(payload);
    });
    return off;
  }
  off(event, handler) {
    this.handlers.get(event)?.delete(handler);
  }
  emit(event, payload) {
    this.history.push({ event, at: Date.now() });
    if (this.history.length > 500) this.history.shift();
    for (const handler of [...this.handlers.get(event) ?? []]) {
      try {
        handler(payload);
      } catch {
      }
    }
  }
  listenerCount(event) {
    return this.handlers.get(event)?.size ?? 0;
  }
};
EventBus = __decorateClass([
  Injectable("eventBus", { scope: "session" })
], EventBus);

// src/log/logger.ts
var logLines = [];
var MAX_LINES = 5e3;
var Logger = class {
  toStderr = process.env.KAS_LOG_STDERR === "1";
  write(level, message) {
    const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level} ${message}`;
    logLines.push(line);
    if (logLines.length > MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES);
    if (this.toStderr) process.stderr.write(line + "\n");
  }
  debug(message) {
    this.write("DEBUG", message);
  }
  info(message) {
    this.write("INFO", message);
  }
  warn(message) {
    this.write("WARN", message);
  }
  error(message, err) {
    this.write("ERROR", err ? `${message}: ${err instanceof Error ? err.message : String(err)}` : message);
  }
};
Logger = __decorateClass([
  Injectable("logger")
], Logger);

// src/steering/ids.ts
var import_node_crypto = require("node:crypto");
function hex16() {
  return (0, import_node_crypto.randomUUID)().replaceAll("-", "").slice(0, 16);
}
var newSteeringId = () => `steer-${hex16()}`;
var newNotificationId = () => `notify-${hex16()}`;
var newExecutionId = () => (0, import_node_crypto.randomUUID)();
var newSessionId = () => `sess_${(0, import_node_crypto.randomUUID)()}`;

// src/steering/steering-buffer.ts
function kindForOrigin(origin) {
  if (origin === void 0 || origin === "user" || origin === "client") return "user";
  return origin === "system" ? "system" : "workflow";
}
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  epoch = 0;
  record(kind, text) {
    const message = {
      id: kind === "user" ? newSteeringId() : newNotificationId(),
      kind,
      text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  get(id) {
    return this.messageById.get(id);
  }
  acknowledge(id, executionId) {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  pendingIds() {
    return this.messages.map((m) => m.id);
  }
  /** Empties the buffer and returns the ids it held. */
  clear() {
    const removed = this.messages.splice(0);
    for (const message of removed) this.messageById.delete(message.id);
    return removed.map((m) => m.id);
  }
};
SteeringBuffer = __decorateClass([
  Injectable("steeringBuffer", { scope: "session" })
], SteeringBuffer);

// src/util/traced.ts
var MAX_SPANS = 256;
var spans = [];
function record(span) {
  spans.push(span);
  if (spans.length > MAX_SPANS) spans.splice(0, spans.length - MAX_SPANS);
}
function traced(name) {
  return function(_target, _key, descriptor) {
    const original = descriptor.value;
    descriptor.value = function(...args) {
      const startedAt = Date.now();
      let result;
      try {
        result = original.apply(this, args);
      } catch (err) {
        record({ name, startedAt, durationMs: Date.now() - startedAt, ok: false });
        throw err;
      }
      if (result && typeof result.then === "function") {
        return result.then(
          (v) => (record({ name, startedAt, durationMs: Date.now() - startedAt, ok: true }), v),
          (e) => {
            record({ name, startedAt, durationMs: Date.now() - startedAt, ok: false });
            throw e;
          }
        );
      }
      record({ name, startedAt, durationMs: Date.now() - startedAt, ok: true });
      return result;
    };
    return descriptor;
  };
}

// src/tools/registry.ts
var ToolDispatcher = class {
  tools = /* @__PURE__ */ new Map();
  aliases = /* @__PURE__ */ new Map();
  register(spec, ...aliases) {
    this.tools.set(spec.name, spec);
    for (const alias of aliases) this.aliases.set(alias, spec.name);
    return this;
  }
  list() {
    return [...this.tools.values()];
  }
  lookup(name) {
    return this.tools.get(name) ?? this.tools.get(this.aliases.get(name) ?? "");
  }
  async dispatch(call, execution) {
    const spec = this.lookup(call.name);
    if (!spec) return `error: unknown tool ${call.name}`;
    if (spec.rootOnly && execution.subExecutionDepth > 0) return `error: ${call.name} is not available to sub-agents`;
    execution.sessionServices.bus.emit("tool/called", { executionId: execution.executionId, name: spec.name });
    try {
      return await spec.run(call, execution);
    } catch (err) {
      execution.sessionServices.logger.error(`[tools] ${spec.name} failed`, err);
      return `error: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
};
__decorateClass([
  traced("tools.dispatch")
], ToolDispatcher.prototype, "dispatch", 1);
ToolDispatcher = __decorateClass([
  Injectable("toolDispatcher")
], ToolDispatcher);

// src/memory/memory-store.ts
var MemoryStore = class {
  items = [];
  seen = /* @__PURE__ */ new Set();
  add(text, source) {
    const key = text.trim().toLowerCase();
    if (!key || this.seen.has(key)) return false;
    this.seen.add(key);
    this.items.push({ text: text.trim(), source, at: Date.now() });
    return true;
  }
  list() {
    return [...this.items];
  }
};
MemoryStore = __decorateClass([
  Injectable("memoryStore", { scope: "session" })
], MemoryStore);

// src/agent/agent-execution.ts
var AgentExecution = class {
  executionId;
  agentName;
  sessionServices;
  promptContext;
  subExecutionDepth;
  skipHooks;
  abortController = new AbortController();
  startedAt = Date.now();
  messages = [];
  pendingSteering = [];
  deliveredSteeringIds = [];
  state = void 0;
  disposed = false;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.agentName = config.agentName;
    this.executionId = config.executionId ?? newExecutionId();
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks === true;
    if (config.history) this.messages = [...config.history];
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueSteeringPrompt(messageId, text) {
    this.pendingSteering.push({ role: "user", text, steeringId: messageId });
    this.deliveredSteeringIds.push(messageId);
  }
  takePendingSteering() {
    return this.pendingSteering.splice(0);
  }
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steering.messages.length || this.pendingSteering.length > 0;
  }
  lastAssistantText() {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (this.messages[i].role === "assistant") return this.messages[i].text;
    }
    return "";
  }
  dispose() {
    this.disposed = true;
    this.pendingSteering.length = 0;
    this.state = void 0;
  }
};
__decorateClass([
  traced("execution.dispose")
], AgentExecution.prototype, "dispose", 1);

// src/acp/updates.ts
function steeringUpdate(sessionId, kind, data) {
  return {
    sessionId,
    update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } }
  };
}
function messageChunk(sessionId, text) {
  return { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } };
}
var EventAdapter = class {
  constructor(sink) {
    this.sink = sink;
  }
  sink;
  ownedExecutionId;
  sent = [];
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  get owned() {
    return this.ownedExecutionId;
  }
  forward(update) {
    this.sent.push(update);
    if (this.sent.length > 1e3) this.sent.shift();
    this.sink(update);
  }
};

// src/steering/live-steering-hook.ts
var RECAP_PREFIX = "While you delegated work to subagent(s), the user sent the following message. Take it into account for the rest of this task:";
var ACTIVE_PREFIX = "The user sent a message while you were working. Read it and adjust your approach as the currently active agent:";
var NOTIFY_PREFIX = "Notification (informational only; no reply or action is required):";
async function injectLiveSteering(execution) {
  const { steering, logger, bus, sessionId } = execution.sessionServices;
  const injected = [];
  while (execution.steeringReaderIndex < steering.messages.length) {
    const message = steering.messages[execution.steeringReaderIndex++];
    let wrapped;
    if (message.kind !== "user") {
      wrapped = `[NOTIFY ${message.id}] ${NOTIFY_PREFIX}
${message.text}`;
    } else if ([...message.handlers].some((handler) => handler !== execution.executionId)) {
      wrapped = `[STEERING ${message.id}] ${RECAP_PREFIX}
${message.text}`;
    } else {
      wrapped = `[STEERING ${message.id}] ${ACTIVE_PREFIX}
${message.text}`;
    }
    execution.queueSteeringPrompt(message.id, wrapped);
    injected.push(message.id);
    logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
    bus.emit("session/update", steeringUpdate(sessionId, "steering_injected", { messageId: message.id, executionId: execution.executionId }));
  }
  if (injected.length > 0) {
    bus.emit("session/update", steeringUpdate(sessionId, "steering_cleared", { messageIds: injected }));
  }
}

// src/context/compaction.ts
var COMPACTION_THRESHOLD_CHARS = 4e5;
var KEEP_TAIL = 8;
function contextSize(execution) {
  let n = 0;
  for (const m of execution.messages) n += m.text.length;
  return n;
}
async function compactIfNeeded(execution) {
  if (contextSize(execution) < COMPACTION_THRESHOLD_CHARS) return false;
  const head = execution.messages.slice(0, -KEEP_TAIL).filter((m) => m.steeringId === void 0);
  const compactor = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "context-compaction",
    skipHooks: true,
    history: [...head, { role: "user", text: "Summarise the conversation above in under 300 words." }]
  });
  try {
    await runExecutionGraph(compactor);
    execution.messages = [{ role: "system", text: `Summary of earlier conversation:
${compactor.lastAssistantText()}` }, ...execution.messages.slice(-KEEP_TAIL)];
    return true;
  } finally {
    compactor.dispose();
  }
}

// src/tools/hooks.ts
var hooks = /* @__PURE__ */ new Map();
async function runHooks(point, execution, call) {
  for (const hook of hooks.get(point) ?? []) {
    try {
      await hook(execution, call);
    } catch (err) {
      execution.sessionServices.logger.warn(`[hooks] ${point} hook failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

// src/agent/graph.ts
var NODE = {
  MODEL_INVOKE: "model_invoke",
  TOOLS: "tools",
  END_OF_TURN: "end_of_turn",
  DONE: "done",
  EXHAUSTED: "exhausted"
};
var MAX_DRAIN_RETRIES = 3;
var MAX_STEPS = 256;
async function invokeModel(state) {
  const execution = state.execution;
  const steeringPrompts = execution.takePendingSteering();
  if (steeringPrompts.length > 0) execution.messages.push(...steeringPrompts);
  if (!execution.skipHooks) await runHooks("preModelInvoke", execution);
  const response = await execution.sessionServices.model.invoke(execution, execution.messages.slice(), execution.abortController.signal);
  execution.messages.push({ role: "assistant", text: response.text });
  return { ...state, step: state.step + 1, lastResponse: response };
}
var nodes = {
  async [NODE.MODEL_INVOKE](r) {
    await compactIfNeeded(r.execution);
    await injectLiveSteering(r.execution);
    r = await invokeModel(r);
    r.execution.state = r;
    return r;
  },
  async [NODE.TOOLS](state) {
    const { execution } = state;
    for (const call of state.lastResponse?.toolCalls ?? []) {
      if (execution.abortController.signal.aborted) break;
      if (!execution.skipHooks) await runHooks("preToolUse", execution, call);
      const result = await execution.sessionServices.tools.dispatch(call, execution);
      execution.messages.push({ role: "tool", text: result, toolCallId: call.name });
    }
    return state;
  },
  async [NODE.END_OF_TURN](state) {
    if (!state.execution.skipHooks) await runHooks("stop", state.execution);
    return state;
  }
};
var edges = {
  [NODE.MODEL_INVOKE]: (s) => (s.lastResponse?.toolCalls.length ?? 0) > 0 ? NODE.TOOLS : NODE.END_OF_TURN,
  [NODE.TOOLS]: () => NODE.MODEL_INVOKE,
  [NODE.END_OF_TURN]: (s) => s.execution.hasQueuedUserMessage() ? s.execution.drainRetryCount++ < MAX_DRAIN_RETRIES ? NODE.MODEL_INVOKE : NODE.EXHAUSTED : NODE.DONE
};
async function runExecutionGraph(execution) {
  const { bus } = execution.sessionServices;
  bus.emit("execution/started", { executionId: execution.executionId, agentName: execution.agentName, depth: execution.subExecutionDepth });
  let state = { execution, step: 0 };
  let node = NODE.MODEL_INVOKE;
  let steps = 0;
  while (node !== NODE.DONE && node !== NODE.EXHAUSTED) {
    if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason ?? new Error("aborted");
    if (++steps > MAX_STEPS) throw new Error(`execution ${execution.executionId} exceeded ${MAX_STEPS} steps`);
    state = await nodes[node](state);
    node = edges[node](state);
  }
  bus.emit("execution/finished", { executionId: execution.executionId, agentName: execution.agentName, outcome: node });
  return node;
}

// src/tools/invoke-sub-agent.ts
var MAX_SUB_AGENT_DEPTH = 4;
var invokeSubAgentTool = {
  name: "invoke_sub_agent",
  description: "Delegate a task to a named sub-agent and return its final answer.",
  async run(call, execution) {
    const input = call.input ?? {};
    const subagentId = input.subagentId ?? "general-task-agent";
    const currentDepth = execution.subExecutionDepth;
    if (currentDepth + 1 > MAX_SUB_AGENT_DEPTH) return `error: sub-agent depth limit (${MAX_SUB_AGENT_DEPTH}) reached`;
    const subAgentExecution = new AgentExecution({
      sessionServices: execution.sessionServices,
      promptContext: execution.promptContext,
      signal: execution.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      history: [{ role: "user", text: input.prompt ?? "" }]
    });
    try {
      await runExecutionGraph(subAgentExecution);
      const { steering } = execution.sessionServices;
      for (const id of subAgentExecution.deliveredSteeringIds) {
        steering.acknowledge(id, subAgentExecution.executionId);
        steering.acknowledge(id, execution.executionId);
      }
      return subAgentExecution.lastAssistantText();
    } finally {
      subAgentExecution.dispose();
    }
  }
};

// src/tools/steering-tools.ts
var userSteerTool = {
  name: "user_steer",
  description: "Relay a message the user typed while the agent runs.",
  run(call, execution) {
    const message = execution.sessionServices.session.steer(String(call.text ?? ""), "user");
    return `queued ${message.id}`;
  }
};
var notifyTool = {
  name: "notify",
  description: "Post a workflow notification to every running agent.",
  run(call, execution) {
    const message = execution.sessionServices.session.steer(String(call.text ?? ""), "workflow");
    return `posted ${message.id}`;
  }
};

// src/tools/builtin.ts
var readMemoryTool = {
  name: "read_memories",
  description: "List what the memory store remembers about this workspace.",
  run(_call, execution) {
    const items = execution.sessionServices.memory.list();
    return items.length === 0 ? "no memories" : items.map((m) => `- ${m.text}`).join("\n");
  }
};
var currentTimeTool = {
  name: "current_time",
  description: "Return the current time in ISO 8601.",
  run() {
    return (/* @__PURE__ */ new Date()).toISOString();
  }
};

// src/bootstrap.ts
var SERVICE_CLASSES = [EventBus, Logger, SteeringBuffer, ToolDispatcher, MemoryStore];
var booted = false;
function boot() {
  if (!booted) {
    booted = true;
    const tools = rootContainer.resolve("toolDispatcher");
    tools.register(invokeSubAgentTool, "invokeSubAgent", "use_subagent").register(userSteerTool).register(notifyTool, "workflow_notify").register(readMemoryTool).register(currentTimeTool);
    rootContainer.resolve("logger").debug(`[boot] ${SERVICE_CLASSES.length} services, ${tools.list().length} tools`);
  }
  return rootContainer;
}

// src/agent/model-gateway.ts
var ModelSettleError = class extends Error {
  constructor(message, raw) {
    super(message);
    this.raw = raw;
    this.name = "ModelSettleError";
  }
  raw;
};
var ModelGateway = class {
  constructor(model, maxAttempts = 2) {
    this.model = model;
    this.maxAttempts = maxAttempts;
  }
  model;
  maxAttempts;
  calls = 0;
  get callCount() {
    return this.calls;
  }
  async invoke(execution, context, signal) {
    let lastError;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      if (signal?.aborted) throw signal.reason ?? new Error("aborted");
      try {
        this.calls++;
        const raw = await this.model.invoke(execution, context);
        return settle(raw);
      } catch (err) {
        if (err instanceof ModelSettleError || !isTransient(err)) throw err;
        lastError = err;
      }
    }
    throw lastError;
  }
};
function isTransient(err) {
  return err instanceof Error && /ECONNRESET|ETIMEDOUT|throttl/i.test(err.message);
}
function settle(raw) {
  if (raw === null || typeof raw !== "object") throw new ModelSettleError("model returned no response object", raw);
  const r = raw;
  if (r.text !== void 0 && typeof r.text !== "string") throw new ModelSettleError("model text is not a string", raw);
  if (r.toolCalls !== void 0 && !Array.isArray(r.toolCalls)) throw new ModelSettleError("toolCalls is not a list", raw);
  const toolCalls = (r.toolCalls ?? []).filter((c) => c && typeof c.name === "string");
  return { text: r.text ?? "", toolCalls };
}

// src/memory/memory-extraction.ts
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var EXTRACTION_PROMPT = "Review the conversation so far and list durable facts worth remembering about the user or the workspace, one per line starting with '- '. Reply 'none' if there are none.";
function childExecutionOptions(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1
  };
}
async function extractMemories(parent) {
  const extractor = new AgentExecution({
    ...childExecutionOptions(parent),
    agentName: MEMORY_EXTRACTION_AGENT,
    skipHooks: true,
    history: [...parent.messages.filter((m) => m.role !== "tool" && m.steeringId === void 0), { role: "user", text: EXTRACTION_PROMPT }]
  });
  try {
    await runExecutionGraph(extractor);
    let stored = 0;
    for (const line of extractor.lastAssistantText().split("\n")) {
      if (line.startsWith("- ") && parent.sessionServices.memory.add(line.slice(2), parent.executionId)) stored++;
    }
    return stored;
  } catch (err) {
    parent.sessionServices.logger.warn(`[memory] extraction failed: ${err instanceof Error ? err.message : String(err)}`);
    return 0;
  } finally {
    extractor.dispose();
  }
}

// src/session/turn-boundary.ts
var TurnBoundary = class {
  turns = 0;
  history = [];
  get completedTurns() {
    return this.turns;
  }
  close(session, reason) {
    const { steering, bus, logger } = session.services;
    const messageIds = steering.clear();
    if (reason === "turn_end") this.turns++;
    this.history.push({ reason, cleared: messageIds.length, at: Date.now() });
    if (this.history.length > 100) this.history.shift();
    if (messageIds.length > 0) {
      logger.debug(`[TurnBoundary] cleared ${messageIds.length} steering message(s) (${reason})`);
      bus.emit("session/update", steeringUpdate(session.sessionId, "steering_cleared", { messageIds, reason }));
    }
    return messageIds;
  }
};

// src/session/session.ts
var ROOT_AGENT = "chat-agent";
var MAX_CONTINUATIONS = 4;
var Session = class {
  constructor(scope, model, options = {}) {
    this.options = options;
    const bus = scope.resolve("eventBus");
    this.services = {
      sessionId: this.sessionId,
      steering: scope.resolve("steeringBuffer"),
      bus,
      logger: scope.resolve("logger"),
      tools: scope.resolve("toolDispatcher"),
      model: new ModelGateway(model),
      memory: scope.resolve("memoryStore"),
      session: this
    };
    this.eventAdapter = new EventAdapter((u) => options.onUpdate?.(u));
    bus.on("session/update", (u) => this.eventAdapter.forward(u));
  }
  options;
  sessionId = newSessionId();
  services;
  eventAdapter;
  turnBoundary = new TurnBoundary();
  activeExecution;
  transcript = [];
  cancelled = false;
  get steeringEpoch() {
    return this.services.steering.epoch;
  }
  steer(text, origin = "user") {
    const message = this.services.steering.record(kindForOrigin(origin), text);
    this.services.bus.emit("session/update", steeringUpdate(this.sessionId, "steering_queued", { messageId: message.id, kind: message.kind }));
    return message;
  }
  promptContext() {
    return {
      workspaceRoot: this.options.workspaceRoot ?? process.cwd(),
      systemPrompt: "You are Kiro, an AI assistant and IDE agent.",
      clientKiroMeta: this.options.clientKiroMeta,
      createdAt: Date.now()
    };
  }
  async prompt(text) {
    this.cancelled = false;
    const promptContext = this.promptContext();
    this.transcript.push({ role: "user", text });
    let execution = new AgentExecution({
      sessionServices: this.services,
      promptContext,
      agentName: ROOT_AGENT,
      history: this.transcript.filter((m) => m.role !== "tool")
    });
    try {
      let isContinuation = false;
      let resumeIndex = 0;
      for (let pass = 0; ; pass++) {
        if (isContinuation) {
          execution = new AgentExecution({
            sessionServices: this.services,
            promptContext,
            agentName: ROOT_AGENT,
            executionId: execution.executionId,
            history: execution.messages
          });
        }
        this.activeExecution = execution;
        isContinuation && execution.setSteeringReaderIndex(resumeIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        const outcome = await runExecutionGraph(execution);
        if (outcome !== NODE.EXHAUSTED || pass >= MAX_CONTINUATIONS) break;
        isContinuation = true;
        resumeIndex = execution.steeringReaderIndex;
      }
      const answer = execution.lastAssistantText();
      this.transcript.push({ role: "assistant", text: answer });
      this.services.bus.emit("session/update", messageChunk(this.sessionId, answer));
      await extractMemories(execution);
      this.turnBoundary.close(this, "turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (err) {
      if (this.cancelled) return { stopReason: "cancelled", text: "" };
      this.clearSteering(err instanceof ModelSettleError ? "model_settle_failure" : "prompt_error");
      throw err;
    } finally {
      this.activeExecution = void 0;
    }
  }
  cancel() {
    this.cancelled = true;
    this.activeExecution?.abortController.abort(new Error("cancelled by client"));
    this.clearSteering("cancelled");
  }
  clearSteering(reason = "user_clear") {
    return this.turnBoundary.close(this, reason);
  }
};
__decorateClass([
  traced("session.prompt")
], Session.prototype, "prompt", 1);
__decorateClass([
  traced("session.clearSteering")
], Session.prototype, "clearSteering", 1);

// src/acp/server.ts
var RpcError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
var sessions = /* @__PURE__ */ new Map();
var clientKiroMeta;
var notifySink;
function createSession(model, workspaceRoot) {
  const scope = boot().createScope();
  const session = new Session(scope, model, { workspaceRoot, clientKiroMeta, onUpdate: (u) => notifySink?.(u) });
  sessions.set(session.sessionId, session);
  return session;
}
function requireSession(sessionId) {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (!session) throw new RpcError(-32602, `unknown session ${String(sessionId)}`);
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params.sessionId);
      const message = session.steer(String(params.text ?? ""), params.origin ?? "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const session = requireSession(sessionId);
      const messageIds = session.clearSteering("user_clear");
      session.services.steering.epoch++;
      return { cleared: true, messageIds };
    }
    case "_session/steer/list": {
      const session = requireSession(params.sessionId);
      return { epoch: session.steeringEpoch, messageIds: session.services.steering.pendingIds() };
    }
    case "_kiro/diagnostics":
      return { sessions: sessions.size, spans: spans.slice(-50) };
    default:
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}
var offlineModel = {
  invoke() {
    return { text: "No model endpoint is configured for this session.", toolCalls: [] };
  }
};
async function handleRequest(method, params) {
  switch (method) {
    case "initialize":
      clientKiroMeta = params.clientCapabilities?._meta?.kiro;
      return { protocolVersion: 1, agentCapabilities: { loadSession: false, _meta: { kiro: { steering: true } } } };
    case "session/new": {
      const session = createSession(offlineModel, params.cwd);
      return { sessionId: session.sessionId };
    }
    case "session/prompt": {
      const session = requireSession(params.sessionId);
      const text = (params.prompt ?? []).map((b) => b.text ?? "").join("\n");
      const result = await session.prompt(text);
      return { stopReason: result.stopReason };
    }
    case "session/cancel":
      requireSession(params.sessionId).cancel();
      return null;
    default:
      if (method.startsWith("_")) return handleExtMethod(method, params);
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}
function serveStdio() {
  const write = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
  notifySink = (update) => write({ jsonrpc: "2.0", method: "session/update", params: update });
  const rl = (0, import_node_readline.createInterface)({ input: process.stdin });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (!msg.method) return;
    handleRequest(msg.method, msg.params ?? {}).then(
      (result) => msg.id !== void 0 && write({ jsonrpc: "2.0", id: msg.id, result }),
      (err) => msg.id !== void 0 && write({ jsonrpc: "2.0", id: msg.id, error: { code: err instanceof RpcError ? err.code : -32603, message: String(err?.message ?? err) } })
    );
  });
}

// src/index.ts
if (process.argv.includes("--transport=stdio")) serveStdio();
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
