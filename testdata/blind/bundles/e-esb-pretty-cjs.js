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

// src/acp-server.ts
var acp_server_exports = {};
__export(acp_server_exports, {
  AGENT_VERSION: () => AGENT_VERSION,
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);
var import_node_os2 = require("node:os");
var import_node_path4 = require("node:path");

// src/agent/model-client.ts
var DelegatingModelClient = class {
  constructor(inner) {
    this.inner = inner;
  }
  inner;
  #invocations = 0;
  async invoke(execution, context) {
    this.#invocations++;
    const raw = await this.inner.invoke(execution, context);
    return {
      text: typeof raw?.text === "string" ? raw.text : "",
      toolCalls: Array.isArray(raw?.toolCalls) ? raw.toolCalls : [],
      usage: raw?.usage
    };
  }
  get invocations() {
    return this.#invocations;
  }
};
var EndpointModelClient = class {
  constructor(endpoint, token) {
    this.endpoint = endpoint;
    this.token = token;
  }
  endpoint;
  token;
  async invoke(execution, context) {
    const token = await this.token();
    const res = await fetch(`${this.endpoint}/v1/converse`, {
      method: "POST",
      signal: execution.abortController.signal,
      headers: { "content-type": "application/json", ...token ? { authorization: `Bearer ${token}` } : {} },
      body: JSON.stringify({
        modelId: execution.promptContext.modelId,
        system: execution.promptContext.systemPrompt,
        messages: context,
        tools: execution.sessionServices.tools.describe(execution.toolAllowList)
      })
    });
    if (!res.ok) throw new Error(`model endpoint answered ${res.status}`);
    const body = await res.json();
    return { text: body.output?.text ?? "", toolCalls: body.output?.toolCalls ?? [] };
  }
};

// src/logging/logger.ts
var import_node_fs = require("node:fs");
var import_node_path = require("node:path");
var LEVEL_ORDER = {
  ["TRACE" /* Trace */]: 0,
  ["DEBUG" /* Debug */]: 1,
  ["INFO" /* Info */]: 2,
  ["WARN" /* Warn */]: 3,
  ["ERROR" /* Error */]: 4
};
var logLines = [];
var MAX_RETAINED_LINES = 5e4;
var MemorySink = class {
  write(line) {
    logLines.push(line);
    if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  }
};
var FileSink = class {
  constructor(file) {
    this.file = file;
  }
  file;
  #ready = false;
  write(line) {
    try {
      if (!this.#ready) {
        (0, import_node_fs.mkdirSync)((0, import_node_path.dirname)(this.file), { recursive: true });
        this.#ready = true;
      }
      (0, import_node_fs.appendFileSync)(this.file, line + "\n");
    } catch {
    }
  }
};
var Logger = class _Logger {
  constructor(scope) {
    this.scope = scope;
  }
  scope;
  static #sinks = [new MemorySink()];
  static #threshold = "DEBUG" /* Debug */;
  static addSink(sink) {
    _Logger.#sinks.push(sink);
  }
  static setLevel(level) {
    _Logger.#threshold = level;
  }
  child(scope) {
    return new _Logger(`${this.scope}:${scope}`);
  }
  #emit(level, message, fields) {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[_Logger.#threshold]) return;
    const suffix = fields && Object.keys(fields).length > 0 ? " " + safeJson(fields) : "";
    const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level} ${message}${suffix}`;
    for (const sink of _Logger.#sinks) sink.write(line, level);
  }
  trace(message, fields) {
    this.#emit("TRACE" /* Trace */, message, fields);
  }
  debug(message, fields) {
    this.#emit("DEBUG" /* Debug */, message, fields);
  }
  info(message, fields) {
    this.#emit("INFO" /* Info */, message, fields);
  }
  warn(message, fields) {
    this.#emit("WARN" /* Warn */, message, fields);
  }
  error(message, fields) {
    this.#emit("ERROR" /* Error */, message, fields);
  }
};
function safeJson(value) {
  try {
    return JSON.stringify(value, (_k, v) => v instanceof Error ? { name: v.name, message: v.message } : v);
  } catch {
    return "[unserializable]";
  }
}
var rootLogger = new Logger("kas");

// src/acp/protocol.ts
var PROTOCOL_VERSION = 1;
var RpcError = class extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
  code;
  data;
};

// src/acp/connection.ts
var NdjsonConnection = class {
  constructor(input, output, handler) {
    this.input = input;
    this.output = output;
    this.handler = handler;
    input.setEncoding("utf8");
    input.on("data", (chunk) => this.#onData(chunk));
    input.on("end", () => this.#onEnd());
  }
  input;
  output;
  handler;
  #nextId = 1;
  #pending = /* @__PURE__ */ new Map();
  #buffer = "";
  #log = new Logger("acp");
  #onData(chunk) {
    this.#buffer += chunk;
    let nl;
    while ((nl = this.#buffer.indexOf("\n")) >= 0) {
      const line = this.#buffer.slice(0, nl).trim();
      this.#buffer = this.#buffer.slice(nl + 1);
      if (line) void this.#onLine(line);
    }
  }
  #onEnd() {
    for (const p of this.#pending.values()) p.reject(new Error("connection closed"));
    this.#pending.clear();
  }
  async #onLine(line) {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      this.#write({ jsonrpc: "2.0", id: 0, error: { code: -32700 /* ParseError */, message: "parse error" } });
      return;
    }
    if (msg.method === void 0 && msg.id !== void 0) {
      const waiter = this.#pending.get(msg.id);
      if (!waiter) return;
      this.#pending.delete(msg.id);
      if (msg.error) waiter.reject(new RpcError(msg.error.code, msg.error.message, msg.error.data));
      else waiter.resolve(msg.result);
      return;
    }
    try {
      const result = await this.handler(msg.method, msg.params);
      if (msg.id !== void 0) this.#write({ jsonrpc: "2.0", id: msg.id, result: result ?? null });
    } catch (err) {
      this.#log.warn(`request ${msg.method} failed`, { error: err });
      if (msg.id === void 0) return;
      const code = err instanceof RpcError ? err.code : -32603 /* InternalError */;
      this.#write({ jsonrpc: "2.0", id: msg.id, error: { code, message: String(err?.message ?? err) } });
    }
  }
  #write(message) {
    this.output.write(JSON.stringify(message) + "\n");
  }
  notify(method, params) {
    this.#write({ jsonrpc: "2.0", method, params });
  }
  request(method, params) {
    const id = this.#nextId++;
    return new Promise((resolve2, reject) => {
      this.#pending.set(id, { resolve: resolve2, reject });
      this.#write({ jsonrpc: "2.0", id, method, params });
    });
  }
};

// src/acp/ext-methods.ts
var sessions = /* @__PURE__ */ new Map();
function sessionFor(params) {
  const sessionId = params?.sessionId;
  const session = sessionId ? sessions.get(sessionId) : void 0;
  if (!session) throw new RpcError(-32602 /* InvalidParams */, `unknown session ${String(sessionId)}`);
  return session;
}
async function handleExtMethod(method, params) {
  switch (method) {
    case "_session/steer": {
      const session = sessionFor(params);
      const message = session.steer(String(params.text ?? params.message ?? ""), params.origin ?? "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params ?? {};
      const session = sessionFor({ sessionId });
      const messageIds = session.clearSteering("user_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/steer/list": {
      const session = sessionFor(params);
      return {
        epoch: session.steeringEpoch,
        messages: session.services.steeringBuffer.messages.map((m) => ({ id: m.id, kind: m.kind, handlers: m.handlers.size }))
      };
    }
    case "_kiro/logs": {
      const n = Math.min(Number(params?.limit ?? 200), 5e3);
      return { lines: logLines.slice(-n) };
    }
    default:
      throw new RpcError(-32601 /* MethodNotFound */, `unknown extension method ${method}`);
  }
}

// src/util/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSessionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSteeringId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomBytes)(6).toString("hex")}`;
}
function workspaceHash(cwd) {
  let h = 2166136261;
  for (let i = 0; i < cwd.length; i++) {
    h ^= cwd.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

// src/util/async.ts
var AbortedError = class extends Error {
  constructor(reason) {
    super(reason ? `aborted: ${reason}` : "aborted");
    this.reason = reason;
  }
  reason;
  name = "AbortedError";
};
function linkAbort(parent, child) {
  if (!parent) return;
  if (parent.aborted) {
    child.abort(parent.reason);
    return;
  }
  parent.addEventListener("abort", () => child.abort(parent.reason), { once: true });
}

// src/agent/agent-execution.ts
var AgentExecution = class {
  executionId = newExecutionId();
  abortController = new AbortController();
  history = [];
  injectedSteeringIds = [];
  startedAt = Date.now();
  queuedSteering = [];
  state = void 0;
  steps = 0;
  finished = false;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  toolAllowList;
  maxSteps;
  constructor(config) {
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks ?? false;
    this.parentExecutionId = config.parentExecutionId;
    this.toolAllowList = config.toolAllowList;
    this.maxSteps = config.maxSteps ?? 200;
    linkAbort(config.signal, this.abortController);
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueSteeringMessage(entry) {
    this.queuedSteering.push(entry);
    this.injectedSteeringIds.push(entry.messageId);
  }
  takeQueuedSteering() {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    return taken;
  }
  /** Steering still waiting for this execution: unread buffer entries or its own queue. */
  hasQueuedUserMessage() {
    if (this.queuedSteering.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }
  abort(reason = "cancelled") {
    this.abortController.abort(reason);
  }
  describe() {
    return `${this.agentName} (${this.executionId.slice(0, 8)})`;
  }
};

// src/events/bus.ts
var EventBus = class {
  #listeners = /* @__PURE__ */ new Map();
  #wildcard = /* @__PURE__ */ new Set();
  #emitted = 0;
  on(event, listener) {
    let set = this.#listeners.get(event);
    if (!set) {
      set = /* @__PURE__ */ new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
  onAny(listener) {
    this.#wildcard.add(listener);
    return () => this.#wildcard.delete(listener);
  }
  once(event, listener) {
    const off = this.on(event, (p) => {
      off();
      listener(p);
    });
    return off;
  }
  emit(event, payload) {
    this.#emitted++;
    for (const l of this.#listeners.get(event) ?? []) {
      try {
        l(payload);
      } catch {
      }
    }
    for (const l of this.#wildcard) {
      try {
        l(event, payload);
      } catch {
      }
    }
  }
  get emittedCount() {
    return this.#emitted;
  }
};

// src/memory/memory-extractor.ts
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var log = new Logger("memory");
var MemoryStore = class {
  #memories = [];
  #seen = /* @__PURE__ */ new Set();
  add(memory) {
    const key = memory.text.trim().toLowerCase();
    if (!key || this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.#memories.push(memory);
    return true;
  }
  list() {
    return this.#memories;
  }
};
function memoryPromptContext(base) {
  return {
    ...base,
    systemPrompt: "You extract durable facts about the user and the project from a conversation. Answer with one '- ' bullet per fact, or nothing."
  };
}
function transcriptOf(root) {
  return root.history.filter((h) => h.role === "user" || h.role === "assistant").map((h) => `${h.role}: ${h.text}`).join("\n");
}
var MemoryExtractor = class {
  constructor(store) {
    this.store = store;
  }
  store;
  async extract(root) {
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: memoryPromptContext(root.promptContext),
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true
    });
    extraction.history.push({ role: "user", text: `Conversation:
${transcriptOf(root)}` });
    let added = 0;
    try {
      const { text } = await root.sessionServices.graph.run(extraction);
      for (const line of text.split("\n")) {
        if (line.startsWith("- ") && this.store.add({ text: line.slice(2), sessionId: root.sessionServices.sessionId, at: Date.now() })) {
          added++;
        }
      }
    } catch (err) {
      log.warn("memory extraction failed", { error: err });
    }
    root.sessionServices.bus.emit("memory.extracted" /* MemoryExtracted */, { executionId: extraction.executionId, memories: added });
    return added;
  }
};

// src/hooks/hook-runner.ts
var import_node_child_process = require("node:child_process");
var HookRunner = class {
  #hooks = [];
  #log = new Logger("hooks");
  #runs = 0;
  register(def) {
    this.#hooks.push(def);
  }
  has(trigger) {
    return this.#hooks.some((h) => h.trigger === trigger);
  }
  async run(trigger, payload, cwd) {
    const matching = this.#hooks.filter(
      (h) => h.trigger === trigger && (!h.matcher || new RegExp(h.matcher).test(String(payload.tool ?? "")))
    );
    const results = [];
    for (const hook of matching) {
      this.#runs++;
      results.push(await this.#exec(hook, payload, cwd));
    }
    return results;
  }
  #exec(hook, payload, cwd) {
    return new Promise((resolve2) => {
      const child = (0, import_node_child_process.spawn)(process.env.SHELL || "/bin/sh", ["-c", hook.command], { cwd, stdio: ["pipe", "pipe", "ignore"] });
      let stdout = "";
      const timer = setTimeout(() => child.kill("SIGTERM"), hook.timeoutMs ?? 3e4);
      timer.unref();
      child.stdout.on("data", (d) => stdout += String(d));
      child.on("close", (code) => {
        clearTimeout(timer);
        this.#log.debug(`hook ${hook.trigger} exited`, { code });
        resolve2({ hook, exitCode: code, stdout, blocked: code === 2 });
      });
      child.on("error", () => resolve2({ hook, exitCode: null, stdout, blocked: false }));
      child.stdin.end(JSON.stringify(payload));
    });
  }
  get runCount() {
    return this.#runs;
  }
};

// src/telemetry/tracer.ts
var import_node_async_hooks = require("node:async_hooks");
var import_node_crypto2 = require("node:crypto");
var Span = class {
  constructor(name, kind, parent, tracer2) {
    this.tracer = tracer2;
    this.record = {
      traceId: parent?.record.traceId ?? (0, import_node_crypto2.randomBytes)(16).toString("hex"),
      spanId: (0, import_node_crypto2.randomBytes)(8).toString("hex"),
      parentSpanId: parent?.record.spanId,
      name,
      kind,
      startTime: performance.now(),
      status: "unset" /* Unset */,
      attributes: {},
      events: []
    };
  }
  tracer;
  record;
  #ended = false;
  setAttribute(key, value) {
    this.record.attributes[key] = value;
    return this;
  }
  addEvent(name, attributes) {
    this.record.events.push({ name, time: performance.now(), attributes });
    return this;
  }
  setStatus(status) {
    this.record.status = status;
    return this;
  }
  end() {
    if (this.#ended) return;
    this.#ended = true;
    this.record.endTime = performance.now();
    if (this.record.status === "unset" /* Unset */) this.record.status = "ok" /* Ok */;
    this.tracer.finish(this);
  }
};
var RingBufferExporter = class {
  constructor(capacity = 2048) {
    this.capacity = capacity;
  }
  capacity;
  spans = [];
  async export(spans) {
    this.spans.push(...spans);
    if (this.spans.length > this.capacity) this.spans.splice(0, this.spans.length - this.capacity);
  }
  async shutdown() {
  }
};
var OtlpHttpExporter = class {
  constructor(endpoint, headers = {}) {
    this.endpoint = endpoint;
    this.headers = headers;
  }
  endpoint;
  headers;
  async export(spans) {
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: "service.name", value: { stringValue: "kiro-agent-server" } }] },
          scopeSpans: [{ scope: { name: "@kiro/agent" }, spans }]
        }
      ]
    };
    await fetch(`${this.endpoint.replace(/\/$/, "")}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json", ...this.headers },
      body: JSON.stringify(body)
    }).catch(() => void 0);
  }
  async shutdown() {
  }
};
var Tracer = class {
  constructor(serviceName) {
    this.serviceName = serviceName;
  }
  serviceName;
  #storage = new import_node_async_hooks.AsyncLocalStorage();
  #pending = [];
  #exporters = [];
  #flushTimer;
  #bus;
  addExporter(exporter) {
    this.#exporters.push(exporter);
    if (!this.#flushTimer) {
      this.#flushTimer = setInterval(() => void this.flush(), 5e3);
      this.#flushTimer.unref();
    }
  }
  attachBus(bus) {
    this.#bus = bus;
    bus.on("tool.finished" /* ToolFinished */, (p) => this.current()?.addEvent("tool.finished", p));
  }
  current() {
    return this.#storage.getStore();
  }
  startSpan(name, kind = "internal" /* Internal */) {
    return new Span(name, kind, this.current(), this);
  }
  async withSpan(name, fn, kind = "internal" /* Internal */) {
    const span = this.startSpan(name, kind);
    return this.#storage.run(span, async () => {
      try {
        return await fn(span);
      } catch (err) {
        span.setStatus("error" /* Error */).addEvent("exception", { message: String(err?.message ?? err) });
        throw err;
      } finally {
        span.end();
      }
    });
  }
  finish(span) {
    if (this.#exporters.length === 0) return;
    this.#pending.push(span.record);
    if (this.#pending.length >= 256) void this.flush();
  }
  async flush() {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    await Promise.all(this.#exporters.map((e) => e.export(batch).catch(() => void 0)));
  }
  get busAttached() {
    return this.#bus !== void 0;
  }
};
var tracer = new Tracer("kiro-agent-server");
function traced(name, kind = "internal" /* Internal */) {
  return function(_target, _key, descriptor) {
    const original = descriptor.value;
    descriptor.value = function(...args) {
      return tracer.withSpan(name, () => original.apply(this, args), kind);
    };
    return descriptor;
  };
}
var Metrics = class _Metrics {
  static #counters = /* @__PURE__ */ new Map();
  static #histograms = /* @__PURE__ */ new Map();
  static increment(name, by = 1) {
    _Metrics.#counters.set(name, (_Metrics.#counters.get(name) ?? 0) + by);
  }
  static observe(name, value) {
    let h = _Metrics.#histograms.get(name);
    if (!h) _Metrics.#histograms.set(name, h = []);
    h.push(value);
    if (h.length > 1e3) h.shift();
  }
  static snapshot() {
    const histograms = {};
    for (const [k, v] of _Metrics.#histograms) {
      const sorted = [...v].sort((a, b) => a - b);
      histograms[k] = { count: v.length, p50: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    }
    return { counters: Object.fromEntries(_Metrics.#counters), histograms };
  }
};

// src/steering/live-steering-hook.ts
var log2 = new Logger("steering");
var RECAP_PREFIX = "While you delegated work to subagent(s), the user sent the following message. It may already have been addressed by the subagent; take it into account in your next step:";
var ACTIVE_PREFIX = "The user sent a new message while you were working. Adjust your approach as the currently active agent:";
var NOTIFICATION_PREFIX = "The following notification is informational only; no reply or action is required:";
async function injectLiveSteering(execution) {
  const services = execution.sessionServices;
  const buffer = services.steeringBuffer;
  let injected = 0;
  while (execution.steeringReaderIndex < buffer.messages.length) {
    const message = buffer.messages[execution.steeringReaderIndex];
    execution.steeringReaderIndex++;
    let prompt;
    if (message.kind !== "user") {
      prompt = `[NOTIFY ${message.id}] ${NOTIFICATION_PREFIX}
${message.text}`;
    } else {
      let handledElsewhere = false;
      for (const handler of message.handlers) {
        if (handler !== execution.executionId) {
          handledElsewhere = true;
          break;
        }
      }
      prompt = handledElsewhere ? `[STEERING ${message.id}] ${RECAP_PREFIX}
${message.text}` : `[STEERING ${message.id}] ${ACTIVE_PREFIX}
${message.text}`;
    }
    execution.queueSteeringMessage({ messageId: message.id, kind: message.kind, prompt });
    injected++;
    log2.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
    services.bus.emit("steering.injected" /* SteeringInjected */, { messageId: message.id, executionId: execution.executionId });
    services.eventAdapter.sendSteeringUpdate("steering_injected", [message.id], { executionId: execution.executionId });
  }
  if (injected > 0) {
    Metrics.increment("steering.injected", injected);
    services.eventAdapter.sendSteeringUpdate("steering_cleared", execution.injectedSteeringIds.slice(-injected), {
      executionId: execution.executionId
    });
  }
  return injected;
}

// src/agent/execution-graph.ts
var MAX_DRAIN_RETRIES = 10;
var log3 = new Logger("graph");
function routeFinalResponse(state, targets) {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      state.execution.drainRetryCount++;
      log3.debug("steering queued at end of turn, continuing", { execution: state.execution.executionId });
      return targets.continueTarget;
    }
    if (state.execution.subExecutionDepth === 0) {
      return targets.continuationTarget;
    }
    log3.warn("drain retries exhausted in a sub-execution", { execution: state.execution.executionId });
  }
  return targets.doneTarget;
}
var ExecutionGraph = class {
  #targets = {
    continueTarget: "MODEL_INVOKE" /* MODEL_INVOKE */,
    doneTarget: "DONE" /* DONE */,
    continuationTarget: "CONTINUATION" /* CONTINUATION */
  };
  #runs = 0;
  async run(execution) {
    this.#runs++;
    const services = execution.sessionServices;
    services.bus.emit("execution.started" /* ExecutionStarted */, {
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth
    });
    if (!execution.skipHooks && services.hooks.has("agentSpawn" /* AgentSpawn */)) {
      await services.hooks.run("agentSpawn" /* AgentSpawn */, { agent: execution.agentName }, execution.promptContext.cwd);
    }
    let state = { execution, node: "MODEL_INVOKE" /* MODEL_INVOKE */, pendingToolCalls: [], finalText: "" };
    let outcome = "completed" /* Completed */;
    try {
      while (state.node !== "DONE" /* DONE */) {
        if (execution.abortController.signal.aborted) throw new AbortedError("execution aborted");
        if (++execution.steps > execution.maxSteps) {
          outcome = "step_limit" /* StepLimit */;
          break;
        }
        switch (state.node) {
          case "MODEL_INVOKE" /* MODEL_INVOKE */: {
            await injectLiveSteering(state.execution);
            state = await this.invokeModel(state);
            state.execution.state = state;
            state.node = state.pendingToolCalls.length > 0 ? "TOOL_EXECUTE" /* TOOL_EXECUTE */ : "FINAL_RESPONSE" /* FINAL_RESPONSE */;
            break;
          }
          case "TOOL_EXECUTE" /* TOOL_EXECUTE */: {
            state = await this.executeTools(state);
            state.node = "MODEL_INVOKE" /* MODEL_INVOKE */;
            break;
          }
          case "FINAL_RESPONSE" /* FINAL_RESPONSE */: {
            state.node = routeFinalResponse(state, this.#targets);
            break;
          }
          case "CONTINUATION" /* CONTINUATION */: {
            outcome = "steering_pending" /* SteeringPending */;
            state.node = "DONE" /* DONE */;
            break;
          }
        }
      }
    } catch (err) {
      if (err instanceof AbortedError) outcome = "aborted" /* Aborted */;
      else throw err;
    } finally {
      execution.finished = true;
      services.bus.emit("execution.finished" /* ExecutionFinished */, {
        executionId: execution.executionId,
        agentName: execution.agentName,
        steps: execution.steps
      });
    }
    if (!execution.skipHooks && services.hooks.has("stop" /* Stop */)) {
      await services.hooks.run("stop" /* Stop */, { agent: execution.agentName }, execution.promptContext.cwd);
    }
    return { outcome, text: state.finalText };
  }
  async invokeModel(state) {
    const execution = state.execution;
    const services = execution.sessionServices;
    for (const queued of execution.takeQueuedSteering()) {
      execution.history.push({ role: "steering", text: queued.prompt, steeringId: queued.messageId });
    }
    const context = execution.history.map((h) => ({ role: h.role === "steering" ? "user" : h.role, text: h.text }));
    services.bus.emit("model.invoked" /* ModelInvoked */, { executionId: execution.executionId, contextSize: context.length });
    const started = performance.now();
    let response;
    try {
      response = await services.model.invoke(execution, context);
    } catch (err) {
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
  async executeTools(state) {
    const execution = state.execution;
    const services = execution.sessionServices;
    const calls = state.pendingToolCalls;
    for (const [index, call] of calls.entries()) {
      const toolCallId = call.id ?? `${execution.executionId.slice(0, 8)}-${execution.steps}-${index}`;
      services.eventAdapter.sendToolCall(execution.executionId, toolCallId, call.name, "pending");
      services.bus.emit("tool.started" /* ToolStarted */, { executionId: execution.executionId, tool: call.name });
      if (!execution.skipHooks && services.hooks.has("preToolUse" /* PreToolUse */)) {
        const blocked = (await services.hooks.run("preToolUse" /* PreToolUse */, { tool: call.name }, execution.promptContext.cwd)).some(
          (r) => r.blocked
        );
        if (blocked) {
          execution.history.push({ role: "tool", toolName: call.name, text: "blocked by a preToolUse hook" });
          continue;
        }
      }
      const result = await services.tools.execute(call, { execution, state, services });
      execution.history.push({ role: "tool", toolName: call.name, text: result.output });
      services.eventAdapter.sendToolCall(execution.executionId, toolCallId, call.name, result.ok ? "completed" : "failed");
      services.bus.emit("tool.finished" /* ToolFinished */, { executionId: execution.executionId, tool: call.name, ok: result.ok });
      if (!execution.skipHooks && services.hooks.has("postToolUse" /* PostToolUse */)) {
        await services.hooks.run("postToolUse" /* PostToolUse */, { tool: call.name, ok: result.ok }, execution.promptContext.cwd);
      }
    }
    return { ...state, pendingToolCalls: [] };
  }
  get runCount() {
    return this.#runs;
  }
};
__decorateClass([
  traced("agent.model_invoke", "client" /* Client */)
], ExecutionGraph.prototype, "invokeModel", 1);
__decorateClass([
  traced("agent.tools")
], ExecutionGraph.prototype, "executeTools", 1);

// src/steering/steering-buffer.ts
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  epoch = 0;
  totalAppended = 0;
  append(text, origin = "user") {
    const kind = origin === "user" ? "user" : "notification";
    const message = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      createdAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    this.totalAppended++;
    return message;
  }
  /** Records that `executionId` handled the message. Changes no cursor. */
  acknowledge(messageId, executionId) {
    const message = this.messageById.get(messageId);
    if (message === void 0) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(messageId) {
    const message = this.messageById.get(messageId);
    return message !== void 0 && message.handlers.size > 0;
  }
  get(messageId) {
    return this.messageById.get(messageId);
  }
  pendingUserText(from) {
    return this.messages.slice(from).filter((m) => m.kind === "user").map((m) => m.text);
  }
  /** Empties the buffer and returns the ids it held. Live cursors are not touched. */
  clear() {
    const removed = this.messages.splice(0, this.messages.length);
    for (const m of removed) this.messageById.delete(m.id);
    return removed.map((m) => m.id);
  }
};

// src/session/event-adapter.ts
var AcpEventAdapter = class _AcpEventAdapter {
  constructor(sessionId) {
    this.sessionId = sessionId;
  }
  sessionId;
  #ownedExecutionId;
  #connection;
  backlog = [];
  static BACKLOG_LIMIT = 500;
  bind(connection) {
    this.#connection = connection;
  }
  setOwnedExecutionId(executionId) {
    this.#ownedExecutionId = executionId;
  }
  get ownedExecutionId() {
    return this.#ownedExecutionId;
  }
  #send(update) {
    const notification = { sessionId: this.sessionId, update };
    if (this.#connection) {
      this.#connection.notify("session/update", notification);
      return;
    }
    this.backlog.push(notification);
    if (this.backlog.length > _AcpEventAdapter.BACKLOG_LIMIT) this.backlog.shift();
  }
  sendSteeringUpdate(kind, messageIds, extra = {}) {
    this.#send({
      sessionUpdate: "session_info_update",
      _meta: { kiro: { kind, messageIds, ...extra } }
    });
  }
  sendAgentText(executionId, text) {
    if (executionId !== this.#ownedExecutionId) return;
    this.#send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }
  sendToolCall(executionId, toolCallId, title, status) {
    if (executionId !== this.#ownedExecutionId) return;
    this.#send({ sessionUpdate: status === "pending" ? "tool_call" : "tool_call_update", toolCallId, title, status });
  }
};

// src/session/session.ts
var MAX_ROOT_CONTINUATIONS = 2;
function continuationPrompt(pending) {
  return [
    "Continue the current task. While you were finishing, the user added:",
    ...pending.map((t) => `- ${t}`)
  ].join("\n");
}
var Session = class {
  sessionId = newSessionId();
  services;
  promptContext;
  conversation = [];
  steeringEpoch = 0;
  activeRoot = void 0;
  #turn = 0;
  #turnAbort;
  #memory;
  #log;
  #transcript;
  constructor(model, options) {
    this.#log = new Logger("session");
    this.promptContext = {
      systemPrompt: options.systemPrompt,
      cwd: options.cwd,
      modelId: options.modelId,
      workspaceHash: workspaceHash(options.cwd)
    };
    const bus = new EventBus();
    tracer.attachBus(bus);
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(),
      bus,
      hooks: new HookRunner(),
      tools: options.tools,
      model,
      eventAdapter: new AcpEventAdapter(this.sessionId),
      graph: new ExecutionGraph(),
      logger: this.#log,
      host: this
    };
    this.#memory = new MemoryExtractor(options.memoryStore);
    bus.emit("session.created" /* SessionCreated */, { sessionId: this.sessionId });
  }
  /** Appends to the session's live-steering buffer (the user's `_session/steer`, or a notification). */
  steer(text, origin = "user") {
    const message = this.services.steeringBuffer.append(text, origin);
    this.services.bus.emit("steering.queued" /* SteeringQueued */, { messageId: message.id, kind: message.kind });
    this.services.eventAdapter.sendSteeringUpdate("steering_queued", [message.id], { kind: message.kind });
    return message;
  }
  /** Turn-boundary helper: empties the buffer. Live cursors keep their positions. */
  clearSteering(reason) {
    const messageIds = this.services.steeringBuffer.clear();
    this.services.bus.emit("steering.cleared" /* SteeringCleared */, { messageIds, reason });
    this.services.eventAdapter.sendSteeringUpdate("steering_cleared", messageIds, { reason });
    return messageIds;
  }
  persistTo(store) {
    this.#transcript = store;
    store.attach(this.services.bus);
    this.services.bus.on("execution.started" /* ExecutionStarted */, () => {
      const root = this.activeRoot;
      if (root) store.track(root);
    });
  }
  bumpSteeringEpoch() {
    this.steeringEpoch++;
    this.services.steeringBuffer.epoch = this.steeringEpoch;
    return this.steeringEpoch;
  }
  createRootExecution(promptText) {
    const execution = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort?.signal,
      agentName: "chat-agent"
    });
    execution.history.push(...this.conversation, { role: "user", text: promptText });
    return execution;
  }
  async prompt(text) {
    const turn = ++this.#turn;
    this.#turnAbort = new AbortController();
    this.services.bus.emit("turn.started" /* TurnStarted */, { sessionId: this.sessionId, turn });
    return tracer.withSpan(
      "session.prompt",
      async (span) => {
        span.setAttribute("session.turn", turn);
        try {
          if (this.services.hooks.has("userPromptSubmit" /* UserPromptSubmit */)) {
            await this.services.hooks.run("userPromptSubmit" /* UserPromptSubmit */, { prompt: text }, this.promptContext.cwd);
          }
          let promptText = text;
          let isContinuation = false;
          let resumeIndex = 0;
          let root;
          let outcome;
          for (let attempt = 0; ; attempt++) {
            root = this.createRootExecution(promptText);
            if (isContinuation) {
              root.setSteeringReaderIndex(resumeIndex);
            }
            this.services.eventAdapter.setOwnedExecutionId(root.executionId);
            this.activeRoot = root;
            const result = await this.services.graph.run(root);
            outcome = result.outcome;
            if (outcome !== "steering_pending" /* SteeringPending */ || attempt >= MAX_ROOT_CONTINUATIONS) break;
            const buffer = this.services.steeringBuffer;
            promptText = continuationPrompt(buffer.pendingUserText(root.steeringReaderIndex));
            resumeIndex = buffer.messages.length;
            isContinuation = true;
          }
          if (outcome === "aborted" /* Aborted */) {
            this.clearSteering("cancel");
            return { stopReason: "cancelled" };
          }
          this.conversation.push({ role: "user", text }, { role: "assistant", text: root.state?.finalText ?? "" });
          await this.#memory.extract(root);
          this.clearSteering("turn_end");
          this.services.bus.emit("turn.ended" /* TurnEnded */, { sessionId: this.sessionId, turn, stopReason: "end_turn" });
          return { stopReason: outcome === "step_limit" /* StepLimit */ ? "max_turn_requests" : "end_turn" };
        } catch (err) {
          this.#log.error("prompt failed", { error: err });
          this.clearSteering("prompt_error");
          throw err;
        } finally {
          this.activeRoot = void 0;
        }
      },
      "server" /* Server */
    );
  }
  cancel() {
    this.#turnAbort?.abort("cancelled");
    this.clearSteering("cancel");
  }
};

// src/session/transcript-store.ts
var import_promises = require("node:fs/promises");
var import_node_os = require("node:os");
var import_node_path2 = require("node:path");
var TranscriptStore = class {
  constructor(workspaceHash2, sessionId, base = (0, import_node_path2.join)((0, import_node_os.homedir)(), ".kiro", "sessions")) {
    this.sessionId = sessionId;
    this.#dir = (0, import_node_path2.join)(base, workspaceHash2, sessionId);
  }
  sessionId;
  #dir;
  #chain = Promise.resolve();
  #seq = 0;
  #executions = /* @__PURE__ */ new Map();
  attach(bus) {
    bus.on("turn.started" /* TurnStarted */, (p) => this.#line("messages", "turn_start" /* TurnStart */, { turn: p.turn }));
    bus.on("turn.ended" /* TurnEnded */, (p) => {
      this.#line("messages", "turn_end" /* TurnEnd */, { turn: p.turn, stopReason: p.stopReason });
      this.#enqueue(() => this.#writeSessionJson());
    });
    bus.on("tool.started" /* ToolStarted */, (p) => this.#line(this.#fileFor(p.executionId), "tool_call" /* ToolCall */, { tool: p.tool }));
    bus.on(
      "tool.finished" /* ToolFinished */,
      (p) => this.#line(this.#fileFor(p.executionId), "tool_result" /* ToolResult */, { tool: p.tool, ok: p.ok })
    );
    bus.on(
      "steering.injected" /* SteeringInjected */,
      (p) => this.#line(this.#fileFor(p.executionId), "steering" /* Steering */, { messageId: p.messageId })
    );
  }
  track(execution) {
    this.#executions.set(execution.executionId, {
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
      cursor: () => execution.steeringReaderIndex
    });
  }
  #fileFor(executionId) {
    const e = this.#executions.get(executionId);
    return !e || e.depth === 0 ? "messages" : (0, import_node_path2.join)("sub-executions", executionId);
  }
  #line(file, type, fields) {
    const line = {
      id: `${this.sessionId.slice(0, 8)}-${++this.#seq}`,
      timestamp: (/* @__PURE__ */ new Date()).toISOString(),
      payload: { type, ...fields }
    };
    this.#enqueue(async () => {
      const path = (0, import_node_path2.join)(this.#dir, `${file}.jsonl`);
      await (0, import_promises.mkdir)((0, import_node_path2.join)(path, ".."), { recursive: true });
      await (0, import_promises.appendFile)(path, JSON.stringify(line) + "\n");
    });
  }
  async #writeSessionJson() {
    await (0, import_promises.mkdir)(this.#dir, { recursive: true });
    const executions = [...this.#executions].map(([id, e]) => ({ id, agentName: e.agentName, depth: e.depth, steeringCursor: e.cursor() }));
    await (0, import_promises.writeFile)((0, import_node_path2.join)(this.#dir, "session.json"), JSON.stringify({ sessionId: this.sessionId, updatedAt: Date.now(), executions }, null, 2));
  }
  #enqueue(task) {
    this.#chain = this.#chain.then(task).catch(() => void 0);
  }
  flushed() {
    return this.#chain;
  }
};

// src/tools/registry.ts
var BaseTool = class {
  fail(message) {
    return { ok: false, output: message };
  }
  ok(output) {
    return { ok: true, output };
  }
};
var specs = /* @__PURE__ */ new WeakMap();
function tool(spec) {
  return function(target) {
    specs.set(target, spec);
    return target;
  };
}
function specOf(target) {
  return specs.get(target);
}
function validateInput(schema, input) {
  for (const key of schema.required ?? []) {
    if (input[key] === void 0 || input[key] === null) return `missing required input "${key}"`;
  }
  for (const [key, value] of Object.entries(input)) {
    const prop = schema.properties[key];
    if (!prop || value === void 0) continue;
    const actual = Array.isArray(value) ? "array" : typeof value;
    if (actual !== prop.type) return `input "${key}" must be ${prop.type}, got ${actual}`;
  }
  return void 0;
}
var ToolRegistry = class {
  #tools = /* @__PURE__ */ new Map();
  #aliases = /* @__PURE__ */ new Map();
  #log = new Logger("tools");
  #calls = 0;
  registerClass(cls) {
    const spec = specOf(cls);
    if (!spec) throw new Error(`${cls.name} has no @tool spec`);
    if (this.#tools.has(spec.name)) throw new Error(`duplicate tool ${spec.name}`);
    this.#tools.set(spec.name, { spec, instance: new cls() });
    for (const alias of spec.aliases ?? []) this.#aliases.set(alias, spec.name);
  }
  resolve(name) {
    return this.#tools.get(name) ?? this.#tools.get(this.#aliases.get(name) ?? "");
  }
  describe(allow) {
    return [...this.#tools.values()].map((t) => t.spec).filter((s) => !allow || allow.includes(s.name));
  }
  async execute(call, ctx) {
    this.#calls++;
    const entry = this.resolve(call.name);
    if (!entry) return { ok: false, output: `unknown tool: ${call.name}` };
    if (ctx.execution.toolAllowList && !ctx.execution.toolAllowList.includes(entry.spec.name)) {
      return { ok: false, output: `tool ${entry.spec.name} is not allowed for ${ctx.execution.agentName}` };
    }
    const input = { ...call.input ?? {} };
    if (call.text !== void 0 && input.text === void 0) input.text = call.text;
    const invalid = validateInput(entry.spec.inputSchema, input);
    if (invalid) return { ok: false, output: invalid };
    try {
      return await entry.instance.run(input, ctx);
    } catch (err) {
      this.#log.warn(`tool ${entry.spec.name} failed`, { error: err });
      return { ok: false, output: `tool failed: ${err?.message ?? String(err)}` };
    }
  }
  get size() {
    return this.#tools.size;
  }
  get callCount() {
    return this.#calls;
  }
};

// src/tools/builtin/fs-tools.ts
var import_promises2 = require("node:fs/promises");
var import_node_path3 = require("node:path");
var MAX_READ_BYTES = 256 * 1024;
function inWorkspace(ctx, p) {
  const root = ctx.execution.promptContext.cwd;
  const full = (0, import_node_path3.resolve)(root, p);
  if ((0, import_node_path3.relative)(root, full).startsWith("..")) throw new Error(`path ${p} is outside the workspace`);
  return full;
}
var FsReadTool = class extends BaseTool {
  async run(input, ctx) {
    const file = inWorkspace(ctx, String(input.path));
    const info = await (0, import_promises2.stat)(file);
    if (info.size > MAX_READ_BYTES) return this.fail(`file is ${info.size} bytes; read a line range`);
    const lines = (await (0, import_promises2.readFile)(file, "utf8")).split("\n");
    const start = Math.max(1, Number(input.startLine ?? 1));
    const end = Math.min(lines.length, Number(input.endLine ?? lines.length));
    return this.ok(lines.slice(start - 1, end).map((l, i) => `${start + i}	${l}`).join("\n"));
  }
};
FsReadTool = __decorateClass([
  tool({
    name: "fs_read",
    description: "Read a file of the workspace, optionally a line range.",
    category: "filesystem" /* FileSystem */,
    readOnly: true,
    aliases: ["read_file"],
    inputSchema: {
      type: "object",
      properties: { path: { type: "string" }, startLine: { type: "number" }, endLine: { type: "number" } },
      required: ["path"]
    }
  })
], FsReadTool);
var FsWriteTool = class extends BaseTool {
  async run(input, ctx) {
    const file = inWorkspace(ctx, String(input.path));
    await (0, import_promises2.mkdir)((0, import_node_path3.dirname)(file), { recursive: true });
    await (0, import_promises2.writeFile)(file, String(input.content));
    return this.ok(`wrote ${String(input.content).length} characters to ${input.path}`);
  }
};
FsWriteTool = __decorateClass([
  tool({
    name: "fs_write",
    description: "Create or overwrite a file of the workspace.",
    category: "filesystem" /* FileSystem */,
    aliases: ["write_file"],
    inputSchema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] }
  })
], FsWriteTool);
var ListDirectoryTool = class extends BaseTool {
  async run(input, ctx) {
    const base = inWorkspace(ctx, String(input.path));
    const depth = Math.min(3, Number(input.depth ?? 1));
    const out = [];
    const walk = async (dir, level) => {
      for (const entry of await (0, import_promises2.readdir)(dir, { withFileTypes: true })) {
        if (entry.name === "node_modules" || entry.name.startsWith(".git")) continue;
        out.push(`${"  ".repeat(level)}${entry.name}${entry.isDirectory() ? "/" : ""}`);
        if (entry.isDirectory() && level + 1 < depth) await walk((0, import_node_path3.join)(dir, entry.name), level + 1);
        if (out.length > 2e3) return;
      }
    };
    await walk(base, 0);
    return this.ok(out.join("\n"));
  }
};
ListDirectoryTool = __decorateClass([
  tool({
    name: "list_directory",
    description: "List the entries of a directory.",
    category: "filesystem" /* FileSystem */,
    readOnly: true,
    inputSchema: { type: "object", properties: { path: { type: "string" }, depth: { type: "number" } }, required: ["path"] }
  })
], ListDirectoryTool);
var GrepSearchTool = class extends BaseTool {
  async run(input, ctx) {
    const re = new RegExp(String(input.pattern));
    const base = inWorkspace(ctx, String(input.path ?? "."));
    const hits = [];
    const walk = async (dir) => {
      for (const entry of await (0, import_promises2.readdir)(dir, { withFileTypes: true })) {
        if (hits.length >= 200) return;
        const full = (0, import_node_path3.join)(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(full);
          continue;
        }
        const text = await (0, import_promises2.readFile)(full, "utf8").catch(() => "");
        text.split("\n").forEach((line, i) => {
          if (re.test(line)) hits.push(`${(0, import_node_path3.relative)(base, full)}:${i + 1}:${line.slice(0, 200)}`);
        });
      }
    };
    await walk(base);
    return this.ok(hits.join("\n") || "no matches");
  }
};
GrepSearchTool = __decorateClass([
  tool({
    name: "grep_search",
    description: "Search the workspace for a regular expression.",
    category: "filesystem" /* FileSystem */,
    readOnly: true,
    inputSchema: { type: "object", properties: { pattern: { type: "string" }, path: { type: "string" } }, required: ["pattern"] }
  })
], GrepSearchTool);
var GlobTool = class extends BaseTool {
  static toRegExp(glob) {
    let re = "";
    for (let i = 0; i < glob.length; i++) {
      const c = glob[i];
      if (c === "*" && glob[i + 1] === "*") {
        re += ".*";
        i++;
      } else if (c === "*") re += "[^/]*";
      else if (c === "?") re += "[^/]";
      else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
    return new RegExp(`^${re}$`);
  }
  async run(input, ctx) {
    const re = GlobTool.toRegExp(String(input.pattern));
    const root = ctx.execution.promptContext.cwd;
    const found = [];
    const walk = async (dir) => {
      for (const entry of await (0, import_promises2.readdir)(dir, { withFileTypes: true })) {
        const full = (0, import_node_path3.join)(dir, entry.name);
        const rel = (0, import_node_path3.relative)(root, full);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(full);
        } else if (re.test(rel)) found.push(rel);
        if (found.length > 1e3) return;
      }
    };
    await walk(root);
    return this.ok(found.join("\n") || "no files");
  }
};
GlobTool = __decorateClass([
  tool({
    name: "glob",
    description: "Find files by a glob pattern (*, **, ?).",
    category: "filesystem" /* FileSystem */,
    readOnly: true,
    inputSchema: { type: "object", properties: { pattern: { type: "string" } }, required: ["pattern"] }
  })
], GlobTool);

// src/tools/builtin/shell-tools.ts
var import_node_child_process2 = require("node:child_process");
var DENY = [/\brm\s+-rf\s+\/(\s|$)/, /\bmkfs\b/, /:\(\)\s*\{/];
var ExecuteBashTool = class extends BaseTool {
  async run(input, ctx) {
    const command = String(input.command);
    if (DENY.some((re) => re.test(command))) return this.fail("command refused by policy");
    const timeoutMs = Math.min(6e5, Number(input.timeoutMs ?? 12e4));
    return new Promise((resolve2) => {
      const child = (0, import_node_child_process2.spawn)("bash", ["-lc", command], {
        cwd: ctx.execution.promptContext.cwd,
        signal: ctx.execution.abortController.signal
      });
      let out = "";
      const push = (d) => {
        out += d.toString();
        if (out.length > 1e5) out = out.slice(-1e5);
      };
      child.stdout.on("data", push);
      child.stderr.on("data", push);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      timer.unref();
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve2({ ok: code === 0, output: `exit ${code}
${out}` });
      });
      child.on("error", (err) => resolve2({ ok: false, output: String(err) }));
    });
  }
};
ExecuteBashTool = __decorateClass([
  tool({
    name: "execute_bash",
    description: "Run a shell command in the workspace and return its output.",
    category: "shell" /* Shell */,
    aliases: ["shell"],
    inputSchema: {
      type: "object",
      properties: { command: { type: "string" }, timeoutMs: { type: "number" } },
      required: ["command"]
    }
  })
], ExecuteBashTool);
var ThinkTool = class extends BaseTool {
  async run(input) {
    return this.ok(`noted (${String(input.thought).length} chars)`);
  }
};
ThinkTool = __decorateClass([
  tool({
    name: "think",
    description: "Write down reasoning; has no side effects.",
    category: "planning" /* Planning */,
    readOnly: true,
    inputSchema: { type: "object", properties: { thought: { type: "string" } }, required: ["thought"] }
  })
], ThinkTool);
var todosByExecution = /* @__PURE__ */ new WeakMap();
var TodoWriteTool = class extends BaseTool {
  async run(input, ctx) {
    const items = input.items.map((t, i) => ({ id: i + 1, text: String(t?.text ?? t), done: Boolean(t?.done) }));
    todosByExecution.set(ctx.execution, items);
    return this.ok(`${items.length} todos`);
  }
};
TodoWriteTool = __decorateClass([
  tool({
    name: "todo_write",
    description: "Replace the current todo list.",
    category: "planning" /* Planning */,
    inputSchema: { type: "object", properties: { items: { type: "array" } }, required: ["items"] }
  })
], TodoWriteTool);
var TodoReadTool = class extends BaseTool {
  async run(_input, ctx) {
    const items = todosByExecution.get(ctx.execution) ?? [];
    return this.ok(items.map((t) => `${t.done ? "[x]" : "[ ]"} ${t.id}. ${t.text}`).join("\n") || "no todos");
  }
};
TodoReadTool = __decorateClass([
  tool({
    name: "todo_read",
    description: "Read the current todo list.",
    category: "planning" /* Planning */,
    readOnly: true,
    inputSchema: { type: "object", properties: {} }
  })
], TodoReadTool);

// src/tools/builtin/web-tools.ts
var cache = /* @__PURE__ */ new Map();
var TTL_MS = 10 * 60 * 1e3;
function stripHtml(html) {
  return html.replace(/<script[\s\S]*?<\/script>/gi, "").replace(/<style[\s\S]*?<\/style>/gi, "").replace(/<[^>]+>/g, " ").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}
var WebFetchTool = class extends BaseTool {
  async run(input, ctx) {
    const url = new URL(String(input.url));
    if (url.protocol !== "https:" && url.protocol !== "http:") return this.fail("only http(s) URLs");
    const hit = cache.get(url.href);
    let body;
    if (hit && Date.now() - hit.at < TTL_MS) body = hit.body;
    else {
      const res = await fetch(url, { signal: ctx.execution.abortController.signal, redirect: "follow" });
      body = stripHtml(await res.text());
      cache.set(url.href, { at: Date.now(), body });
    }
    return this.ok(body.slice(0, Number(input.maxChars ?? 2e4)));
  }
};
WebFetchTool = __decorateClass([
  tool({
    name: "web_fetch",
    description: "Fetch a URL and return its text.",
    category: "web" /* Web */,
    readOnly: true,
    inputSchema: { type: "object", properties: { url: { type: "string" }, maxChars: { type: "number" } }, required: ["url"] }
  })
], WebFetchTool);
var WebSearchTool = class extends BaseTool {
  async run(input) {
    const provider = process.env.KIRO_SEARCH_ENDPOINT;
    if (!provider) return this.fail("no search provider configured");
    const res = await fetch(`${provider}?q=${encodeURIComponent(String(input.query))}`);
    return this.ok((await res.text()).slice(0, 2e4));
  }
};
WebSearchTool = __decorateClass([
  tool({
    name: "web_search",
    description: "Search the web (requires a configured search provider).",
    category: "web" /* Web */,
    readOnly: true,
    inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] }
  })
], WebSearchTool);

// src/tools/builtin/steering-tools.ts
var UserSteerTool = class extends BaseTool {
  async run(input, ctx) {
    ctx.services.host.steer(String(input.text), "user");
    return this.ok("relayed");
  }
};
UserSteerTool = __decorateClass([
  tool({
    name: "user_steer",
    description: "Relay a message typed by the user while the agent works into live steering.",
    category: "steering" /* Steering */,
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] }
  })
], UserSteerTool);
var NotifyTool = class extends BaseTool {
  async run(input, ctx) {
    ctx.services.host.steer(String(input.text), "workflow");
    return this.ok("posted");
  }
};
NotifyTool = __decorateClass([
  tool({
    name: "notify",
    description: "Post a workflow notification into live steering.",
    category: "steering" /* Steering */,
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] }
  })
], NotifyTool);

// src/tools/builtin/sub-agent-tool.ts
var MAX_SUBAGENT_DEPTH = 4;
var log4 = new Logger("subagent");
function inheritedExecutionOptions(parent) {
  return {
    parentExecutionId: parent.executionId,
    toolAllowList: parent.toolAllowList,
    maxSteps: Math.max(20, Math.floor(parent.maxSteps / 2))
  };
}
var InvokeSubAgentTool = class extends BaseTool {
  async run(input, ctx) {
    const state = ctx.state;
    const subagentId = String(input.subagentId);
    const currentDepth = state.execution.subExecutionDepth;
    if (currentDepth + 1 > MAX_SUBAGENT_DEPTH) {
      return this.fail(`sub-agent depth limit (${MAX_SUBAGENT_DEPTH}) reached`);
    }
    const subAgentExecution = new AgentExecution({
      ...inheritedExecutionOptions(state.execution),
      sessionServices: state.execution.sessionServices,
      promptContext: state.execution.promptContext,
      signal: state.execution.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId
    });
    subAgentExecution.history.push({ role: "user", text: String(input.prompt) });
    log4.debug(`spawned ${subAgentExecution.describe()} from ${state.execution.describe()}`);
    const result = await state.execution.sessionServices.graph.run(subAgentExecution);
    const buffer = state.execution.sessionServices.steeringBuffer;
    for (const messageId of subAgentExecution.injectedSteeringIds) {
      buffer.acknowledge(messageId, subAgentExecution.executionId);
    }
    if (result.outcome === "aborted" /* Aborted */) return this.fail("sub-agent was cancelled");
    return this.ok(result.text || "(the sub-agent returned no text)");
  }
};
InvokeSubAgentTool = __decorateClass([
  tool({
    name: "invoke_sub_agent",
    description: "Delegate a task to a named sub-agent and wait for its result.",
    category: "agent" /* Agent */,
    aliases: ["use_subagent"],
    inputSchema: {
      type: "object",
      properties: { subagentId: { type: "string" }, prompt: { type: "string" } },
      required: ["subagentId", "prompt"]
    }
  })
], InvokeSubAgentTool);

// src/tools/builtin/delegate-tool.ts
var MAX_PARALLEL = 4;
var DelegateTasksTool = class extends BaseTool {
  async run(input, ctx) {
    const parent = ctx.execution;
    const tasks = input.tasks.slice(0, MAX_PARALLEL);
    if (parent.subExecutionDepth + 1 > MAX_SUBAGENT_DEPTH) return this.fail("delegation depth limit reached");
    const delegates = [];
    for (const [index, task] of tasks.entries()) {
      const delegate = new AgentExecution({
        sessionServices: parent.sessionServices,
        promptContext: parent.promptContext,
        signal: parent.abortController.signal,
        subExecutionDepth: parent.subExecutionDepth + 1,
        agentName: task.agent ?? `delegate-${index + 1}`,
        parentExecutionId: parent.executionId
      });
      delegate.history.push({ role: "user", text: String(task.prompt) });
      delegates.push(delegate);
    }
    const results = await Promise.all(delegates.map((d) => parent.sessionServices.graph.run(d)));
    return this.ok(results.map((r, i) => `## ${delegates[i].agentName}
${r.text}`).join("\n\n"));
  }
};
DelegateTasksTool = __decorateClass([
  tool({
    name: "delegate_tasks",
    description: "Run up to four independent tasks in parallel sub-agents and collect their results.",
    category: "agent" /* Agent */,
    inputSchema: { type: "object", properties: { tasks: { type: "array" } }, required: ["tasks"] }
  })
], DelegateTasksTool);

// src/tools/builtin/index.ts
var BUILTIN_TOOLS = [
  FsReadTool,
  FsWriteTool,
  ListDirectoryTool,
  GrepSearchTool,
  GlobTool,
  ExecuteBashTool,
  ThinkTool,
  TodoWriteTool,
  TodoReadTool,
  WebFetchTool,
  WebSearchTool,
  UserSteerTool,
  NotifyTool,
  InvokeSubAgentTool,
  DelegateTasksTool
];
function createBuiltinRegistry() {
  const registry = new ToolRegistry();
  for (const cls of BUILTIN_TOOLS) registry.registerClass(cls);
  return registry;
}

// src/acp-server.ts
var AGENT_VERSION = "0.54.8";
var DEFAULT_SYSTEM_PROMPT = "You are Kiro, an AI assistant and IDE built to assist developers. Use the tools available to you to complete the user's task.";
var memoryStore = new MemoryStore();
function createSession(model, options = {}) {
  const session = new Session(new DelegatingModelClient(model), {
    cwd: options.cwd ?? process.cwd(),
    modelId: "claude-sonnet-4",
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
    tools: createBuiltinRegistry(),
    memoryStore
  });
  sessions.set(session.sessionId, session);
  return session;
}
function parseArgs(argv) {
  const args = {};
  for (const a of argv) {
    const m = /^--([a-z-]+)=(.*)$/.exec(a);
    if (m) args[m[1]] = m[2];
  }
  if (!args.transport) return void 0;
  return { transport: args.transport, auth: args.auth ?? "none", endpoint: args.endpoint };
}
async function main(args) {
  const log5 = new Logger("server");
  Logger.addSink(new FileSink((0, import_node_path4.join)((0, import_node_os2.homedir)(), ".kiro", "logs", (/* @__PURE__ */ new Date()).toISOString().slice(0, 10), "kiro.log")));
  Logger.setLevel(process.env.KIRO_LOG_LEVEL === "trace" ? "TRACE" /* Trace */ : "INFO" /* Info */);
  tracer.addExporter(process.env.KIRO_OTLP_ENDPOINT ? new OtlpHttpExporter(process.env.KIRO_OTLP_ENDPOINT) : new RingBufferExporter());
  if (args.transport !== "stdio") throw new Error(`unsupported transport ${args.transport}`);
  let authToken;
  let kiroClient;
  const connection = new NdjsonConnection(process.stdin, process.stdout, async (method, params) => {
    switch (method) {
      case "initialize": {
        const p = params;
        kiroClient = p.clientCapabilities?._meta?.kiro;
        return {
          protocolVersion: PROTOCOL_VERSION,
          agentCapabilities: { loadSession: true, promptCapabilities: { image: true, embeddedContext: true } },
          authMethods: args.auth === "acp-callback" ? [{ id: "kiro", name: "Kiro" }] : [],
          _meta: { kiro: { agentVersion: AGENT_VERSION, steering: kiroClient?.steering !== false } }
        };
      }
      case "authenticate": {
        authToken = await connection.request("_kiro/auth/token", {}).catch(() => void 0);
        return {};
      }
      case "session/new": {
        const session = new Session(
          new EndpointModelClient(args.endpoint ?? "https://localhost.invalid", async () => authToken),
          {
            cwd: params?.cwd ?? process.cwd(),
            modelId: params?._meta?.kiro?.modelId ?? "claude-sonnet-4",
            systemPrompt: DEFAULT_SYSTEM_PROMPT,
            tools: createBuiltinRegistry(),
            memoryStore
          }
        );
        session.services.eventAdapter.bind(connection);
        if (process.env.KIRO_DISABLE_TRANSCRIPTS !== "1") {
          session.persistTo(new TranscriptStore(session.promptContext.workspaceHash, session.sessionId));
        }
        sessions.set(session.sessionId, session);
        return { sessionId: session.sessionId };
      }
      case "session/prompt": {
        const session = sessions.get(params?.sessionId);
        if (!session) throw new RpcError(-32602 /* InvalidParams */, "unknown session");
        const text = (params.prompt ?? []).map((b) => b?.type === "text" ? b.text : "").join("\n");
        return session.prompt(text);
      }
      case "session/cancel": {
        sessions.get(params?.sessionId)?.cancel();
        return null;
      }
      default:
        if (method.startsWith("_")) return handleExtMethod(method, params);
        throw new RpcError(-32601 /* MethodNotFound */, `unknown method ${method}`);
    }
  });
  log5.info(`kiro agent server ${AGENT_VERSION} listening on stdio`);
  process.on("SIGTERM", () => {
    void tracer.flush().finally(() => process.exit(0));
  });
}
var serverArgs = parseArgs(process.argv.slice(2));
if (serverArgs) {
  main(serverArgs).catch((err) => {
    process.stderr.write(`fatal: ${String(err?.stack ?? err)}
`);
    process.exit(1);
  });
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  AGENT_VERSION,
  createSession,
  handleExtMethod,
  logLines
});
