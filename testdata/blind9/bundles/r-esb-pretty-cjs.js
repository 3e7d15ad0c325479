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

// src/server/acp-server.ts
var acp_server_exports = {};
__export(acp_server_exports, {
  closeSession: () => closeSession,
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// src/util/ids.ts
var import_node_crypto = require("node:crypto");
function prefixedId(prefix, bytes = 6) {
  return `${prefix}-${(0, import_node_crypto.randomBytes)(bytes).toString("hex")}`;
}
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomBytes)(8).toString("hex")}`;
}
function shortExecutionId(executionId) {
  return executionId.slice(0, 8);
}

// src/agent/execution.ts
var AgentExecution = class {
  executionId;
  sessionServices;
  promptContext;
  abortController;
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  deliveredSteering;
  steeringReaderIndex;
  drainRetryCount;
  status;
  state;
  pendingUserMessages;
  constructor(options) {
    this.executionId = newExecutionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    this.pendingUserMessages = [];
    this.deliveredSteering = /* @__PURE__ */ new Set();
    this.status = "created";
    this.state = void 0;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  get isTopLevel() {
    return this.subExecutionDepth === 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(text) {
    this.pendingUserMessages.push(text);
  }
  takeQueuedUserMessages() {
    return this.pendingUserMessages.splice(0, this.pendingUserMessages.length);
  }
  hasQueuedUserMessage() {
    if (this.pendingUserMessages.length !== 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }
  cancel(reason = "cancelled") {
    this.status = "cancelled";
    this.abortController.abort(reason);
  }
};

// src/util/log.ts
var LEVEL_RANK = { debug: 10, info: 20, warn: 30, error: 40 };
var logLines = [];
var MAX_RETAINED_LINES = 2e4;
function threshold() {
  const raw = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase();
  return LEVEL_RANK[raw] ?? LEVEL_RANK.info;
}
function stamp() {
  return (/* @__PURE__ */ new Date()).toISOString();
}
function emit(level, scope, message) {
  if (LEVEL_RANK[level] < threshold()) return;
  const line = `${stamp()} ${level.toUpperCase().padEnd(5)} ${scope ? `${scope} ` : ""}${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  if (process.env.KAS_LOG_STDERR) process.stderr.write(`${line}
`);
}
function createLogger(scope) {
  return {
    debug: (message) => emit("debug", scope, message),
    info: (message) => emit("info", scope, message),
    warn: (message) => emit("warn", scope, message),
    error: (message, err) => emit("error", scope, err instanceof Error ? `${message}: ${err.message}` : message),
    child: (next) => createLogger(scope ? `${scope}:${next}` : next)
  };
}
var log = createLogger();

// src/ops/metrics.ts
function labelKey(labels) {
  if (!labels) return "";
  const keys = Object.keys(labels).sort();
  return keys.map((k) => `${k}=${String(labels[k])}`).join(",");
}
var Counter = class {
  constructor(name, help) {
    this.name = name;
    this.help = help;
  }
  name;
  help;
  values = /* @__PURE__ */ new Map();
  inc(labels, by = 1) {
    if (by < 0) throw new RangeError(`counter ${this.name} cannot decrease`);
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  get(labels) {
    return this.values.get(labelKey(labels)) ?? 0;
  }
  entries() {
    return [...this.values.entries()];
  }
};
var Gauge = class {
  constructor(name, help) {
    this.name = name;
    this.help = help;
  }
  name;
  help;
  values = /* @__PURE__ */ new Map();
  set(value, labels) {
    this.values.set(labelKey(labels), value);
  }
  add(delta, labels) {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + delta);
  }
  entries() {
    return [...this.values.entries()];
  }
};
var Histogram = class {
  constructor(name, help, buckets = [5, 25, 100, 250, 1e3, 5e3]) {
    this.name = name;
    this.help = help;
    this.buckets = buckets;
    this.counts = new Array(buckets.length + 1).fill(0);
  }
  name;
  help;
  buckets;
  counts;
  sum = 0;
  total = 0;
  observe(value) {
    let i = 0;
    while (i < this.buckets.length && value > this.buckets[i]) i++;
    this.counts[i] += 1;
    this.sum += value;
    this.total += 1;
  }
  summary() {
    const labels = this.buckets.map((b) => `le${b}`).concat("inf");
    return { count: this.total, sum: this.sum, buckets: labels.map((l, i) => [l, this.counts[i]]) };
  }
};
var MetricsRegistry = class {
  counters = /* @__PURE__ */ new Map();
  gauges = /* @__PURE__ */ new Map();
  histograms = /* @__PURE__ */ new Map();
  counter(name, help = "") {
    let c = this.counters.get(name);
    if (!c) this.counters.set(name, c = new Counter(name, help));
    return c;
  }
  gauge(name, help = "") {
    let g = this.gauges.get(name);
    if (!g) this.gauges.set(name, g = new Gauge(name, help));
    return g;
  }
  histogram(name, help = "", buckets) {
    let h = this.histograms.get(name);
    if (!h) this.histograms.set(name, h = new Histogram(name, help, buckets));
    return h;
  }
  snapshot() {
    const out = {};
    for (const [name, c] of this.counters) out[name] = Object.fromEntries(c.entries());
    for (const [name, g] of this.gauges) out[name] = Object.fromEntries(g.entries());
    for (const [name, h] of this.histograms) out[name] = h.summary();
    return out;
  }
};
var metrics = new MetricsRegistry();
var steeringMetrics = {
  queued: metrics.counter("kas_steering_queued_total", "steering messages appended to a session buffer"),
  injected: metrics.counter("kas_steering_injected_total", "steering messages queued into an execution prompt"),
  cleared: metrics.counter("kas_steering_cleared_total", "steering buffer clears by reason"),
  executions: metrics.gauge("kas_live_executions", "executions currently running"),
  modelLatency: metrics.histogram("kas_model_invoke_ms", "model invoke latency in milliseconds")
};

// src/agent/spawn.ts
var MAX_SUB_EXECUTION_DEPTH = 5;
var SubExecutionDepthError = class extends Error {
  constructor(agentName, depth) {
    super(`Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded by ${agentName} at depth ${depth}`);
    this.agentName = agentName;
    this.depth = depth;
  }
  agentName;
  depth;
};
function createChildExecution(parent, options) {
  if (parent.subExecutionDepth >= MAX_SUB_EXECUTION_DEPTH) {
    throw new SubExecutionDepthError(options.agentName, parent.subExecutionDepth);
  }
  const child = new AgentExecution({
    ...options,
    parentExecutionId: parent.executionId,
    signal: parent.abortController.signal,
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    subExecutionDepth: parent.subExecutionDepth + 1
  });
  steeringMetrics.executions.add(0, { agent: options.agentName });
  return child;
}

// src/tools/invoke-sub-agent.ts
var toolLog = createLogger("[SubAgentGraph]");
async function invokeSubAgentTool(state, input, host) {
  const subagentId = typeof input.subagentId === "string" ? input.subagentId : "general-task";
  const prompt = typeof input.prompt === "string" ? input.prompt : "";
  let child;
  try {
    child = createChildExecution(state.execution, { agentName: subagentId });
  } catch (err) {
    if (err instanceof SubExecutionDepthError) {
      toolLog.warn(`${err.message}, rejecting invocation of ${subagentId}`);
      return { response: "" };
    }
    throw err;
  }
  const response = await host.runExecution(child, prompt);
  const buffer = child.sessionServices.steeringBuffer;
  for (const id of child.deliveredSteering) buffer.acknowledge(id, child.executionId);
  return { response };
}

// src/graph/types.ts
var ModelSettleError = class extends Error {
  constructor(message, raw) {
    super(message);
    this.raw = raw;
  }
  raw;
};

// src/graph/agent-graph.ts
var graphLog = createLogger("[AgentGraph]");
var MAX_DRAIN_RETRIES = 3;
var MAX_GRAPH_STEPS = 64;
function settleModelResponse(raw) {
  if (raw === null || typeof raw !== "object") throw new ModelSettleError("model returned no response object", raw);
  const r = raw;
  const toolCalls = Array.isArray(r.toolCalls) ? r.toolCalls : [];
  for (const call of toolCalls) {
    if (!call || typeof call.name !== "string") throw new ModelSettleError("tool call without a name", raw);
  }
  return { text: typeof r.text === "string" ? r.text : "", toolCalls };
}
var AgentGraph = class {
  constructor(model, steering, host) {
    this.model = model;
    this.steering = steering;
    this.host = host;
  }
  model;
  steering;
  host;
  routeFinalResponse(state, targets) {
    const exec = state.execution;
    if (!exec.hasQueuedUserMessage()) {
      exec.drainRetryCount = 0;
      return targets.endTarget;
    }
    if (exec.drainRetryCount >= MAX_DRAIN_RETRIES) {
      graphLog.warn(`[LiveSteeringHook] drain retry limit reached for ${exec.agentName}; ending with steering still queued`);
      exec.drainRetryCount = 0;
      return targets.endTarget;
    }
    exec.drainRetryCount++;
    graphLog.info("[LiveSteeringHook] Queued user message found - continuing");
    return targets.continueTarget;
  }
  async modelInvoke(state) {
    const execution = state.execution;
    await this.steering.beforeModelInvoke(execution);
    const queued = execution.takeQueuedUserMessages();
    let context = state.context;
    let iteration = state.agentIterationNumber;
    if (queued.length > 0) {
      context = context.concat(queued.map((text) => ({ role: "user", text })));
      iteration = 0;
    }
    execution.state = state;
    const started = Date.now();
    const raw = await this.model.invoke(execution, context);
    steeringMetrics.modelLatency.observe(Date.now() - started);
    const response = settleModelResponse(raw);
    context = context.concat({ role: "assistant", text: response.text });
    return { ...state, context, response, agentIterationNumber: iteration + 1, steps: state.steps + 1 };
  }
  async toolExecution(state) {
    const calls = state.response?.toolCalls ?? [];
    const results = [];
    for (const call of calls) {
      switch (call.name) {
        case "invoke_sub_agent": {
          const out = await invokeSubAgentTool(state, call.input ?? {}, this.host);
          results.push({ role: "tool", text: out.response });
          break;
        }
        case "user_steer":
          this.host.steer(call.text ?? "");
          results.push({ role: "tool", text: "steering queued" });
          break;
        case "notify":
          this.host.steer(call.text ?? "", "workflow");
          results.push({ role: "tool", text: "notification queued" });
          break;
        default:
          results.push({ role: "tool", text: `unknown tool ${call.name}` });
      }
    }
    return { ...state, context: state.context.concat(results) };
  }
  async run(execution, prompt) {
    let state = { execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0, steps: 0 };
    let node = "MODEL_INVOKE";
    while (node !== "END") {
      if (execution.abortController.signal.aborted) throw new Error(`execution ${execution.executionId} aborted`);
      if (state.steps >= MAX_GRAPH_STEPS) {
        graphLog.warn(`step limit reached in ${execution.agentName}`);
        break;
      }
      switch (node) {
        case "MODEL_INVOKE":
          state = await this.modelInvoke(state);
          node = (state.response?.toolCalls.length ?? 0) > 0 ? "TOOL_EXECUTION" : "FINAL_RESPONSE";
          break;
        case "TOOL_EXECUTION":
          state = await this.toolExecution(state);
          node = "MODEL_INVOKE";
          break;
        case "FINAL_RESPONSE":
          node = this.routeFinalResponse(state, { continueTarget: "MODEL_INVOKE", endTarget: "END" });
          break;
      }
    }
    return state;
  }
};

// src/memory/extraction.ts
var memLog = createLogger("[MemoryExtraction]");
var MEMORY_EXTRACTION_PROMPT = "Review the conversation of this turn and extract durable facts worth remembering in later sessions.";
async function extractMemories(turnOwner, host) {
  const extractor = createChildExecution(turnOwner, { agentName: "memory-extraction", skipHooks: true });
  const raw = await host.runExecution(extractor, MEMORY_EXTRACTION_PROMPT);
  const memories = raw.split("\n").map((line) => line.replace(/^[-*]\s*/, "").trim()).filter((line) => line.length > 0 && line !== "done");
  memLog.debug(`extracted ${memories.length} memories for ${turnOwner.executionId.slice(0, 8)}`);
  return memories;
}

// src/ops/scheduler.ts
var schedLog = createLogger("[Scheduler]");
var TaskScheduler = class {
  queue = [];
  nextId = 1;
  timer;
  running = 0;
  stopped = false;
  now;
  maxConcurrent;
  constructor(options = {}) {
    this.now = options.now ?? Date.now;
    this.maxConcurrent = options.maxConcurrent ?? 2;
  }
  schedule(name, delayMs, run, priority = 1) {
    return this.insert({ id: this.nextId++, name, priority, dueAt: this.now() + delayMs, run, cancelled: false, runs: 0 });
  }
  every(name, intervalMs, run, priority = 2) {
    return this.insert({ id: this.nextId++, name, priority, dueAt: this.now() + intervalMs, intervalMs, run, cancelled: false, runs: 0 });
  }
  cancel(task) {
    task.cancelled = true;
    const at = this.queue.indexOf(task);
    if (at >= 0) this.queue.splice(at, 1);
  }
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = void 0;
    this.queue.length = 0;
  }
  pending() {
    return this.queue;
  }
  insert(task) {
    if (this.stopped) {
      task.cancelled = true;
      return task;
    }
    let i = this.queue.length;
    while (i > 0) {
      const prev = this.queue[i - 1];
      if (prev.dueAt < task.dueAt || prev.dueAt === task.dueAt && prev.priority <= task.priority) break;
      i--;
    }
    this.queue.splice(i, 0, task);
    this.arm();
    return task;
  }
  arm() {
    if (this.stopped || this.queue.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, this.queue[0].dueAt - this.now());
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref?.();
  }
  tick() {
    this.timer = void 0;
    const now = this.now();
    while (this.queue.length > 0 && this.queue[0].dueAt <= now && this.running < this.maxConcurrent) {
      const task = this.queue.shift();
      if (task.cancelled) continue;
      this.execute(task);
    }
    this.arm();
  }
  execute(task) {
    this.running += 1;
    task.runs += 1;
    Promise.resolve().then(() => task.run()).catch((err) => schedLog.error(`task ${task.name}#${task.id} failed`, err)).finally(() => {
      this.running -= 1;
      if (task.intervalMs !== void 0 && !task.cancelled && !this.stopped) {
        task.dueAt = this.now() + task.intervalMs;
        this.insert(task);
      } else {
        this.arm();
      }
    });
  }
};
var shared;
function backgroundScheduler() {
  shared ??= new TaskScheduler();
  return shared;
}

// src/steering/prompts.ts
var RECAP_HEADER = "While you delegated work to subagent(s), the user sent the following message. The subagent(s) already saw it; take their handling into account before continuing.";
var ACTIVE_HEADER = "The user sent a new message while you were working. Adjust your approach as the currently active agent and briefly acknowledge the change.";
var NOTIFICATION_HEADER = "Notification (informational only, no action or reply required):";
function composeSteeringPrompt(target, entry) {
  if (entry.kind !== "user") {
    return `${NOTIFICATION_HEADER}
[NOTIFY ${entry.id}] ${entry.text}`;
  }
  let delegated = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      delegated = true;
      break;
    }
  }
  const header = delegated ? RECAP_HEADER : ACTIVE_HEADER;
  return `${header}
[STEERING ${entry.id}] ${entry.text}`;
}

// src/steering/hook.ts
var hookLog = createLogger();
var LiveSteeringHook = class {
  constructor(events) {
    this.events = events;
  }
  events;
  /** Messages this execution has not read yet; moves its cursor past each one. */
  collectUnread(exec) {
    const source = exec.sessionServices.steeringBuffer.messages;
    const unread = [];
    while (exec.steeringReaderIndex < source.length) {
      const next = source[exec.steeringReaderIndex];
      exec.steeringReaderIndex++;
      unread.push(next);
    }
    return unread;
  }
  async beforeModelInvoke(execution) {
    const unread = this.collectUnread(execution);
    if (unread.length === 0) return 0;
    const ids = [];
    for (const item of unread) {
      execution.queueUserMessage(composeSteeringPrompt(execution, item));
      execution.deliveredSteering.add(item.id);
      ids.push(item.id);
      steeringMetrics.injected.inc({ kind: item.kind, depth: execution.subExecutionDepth });
      hookLog.info(
        `[LiveSteeringHook] injected steering ${item.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${item.handlers.size})`
      );
      this.events.injected(execution, item);
    }
    this.events.delivered(execution, ids);
    return ids.length;
  }
};

// src/steering/buffer.ts
var NOTIFICATION_MARKER = /^\s*\[notification\/[a-z]+\]/i;
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  listeners = [];
  push(text, origin = "user") {
    const notification = origin !== "user" || NOTIFICATION_MARKER.test(text);
    const message = {
      id: prefixedId(notification ? "notify" : "steer"),
      kind: notification ? "notification" : "user",
      origin,
      text,
      queuedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    steeringMetrics.queued.inc({ kind: message.kind });
    for (const listener of this.listeners) listener(message);
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
  isHandled(t) {
    let r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  onQueued(listener) {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }
  /** Drops every message. Cursors held by executions are not touched. */
  drain(reason) {
    const messageIds = this.messages.map((m) => m.id);
    this.messages.splice(0, this.messages.length);
    this.messageById.clear();
    steeringMetrics.cleared.inc({ reason });
    return { reason, messageIds };
  }
};

// src/session/session.ts
var sessionLog = createLogger("[Session]");
var KasSession = class {
  sessionId;
  services;
  outbound = [];
  steeringEpoch = 0;
  liveExecutions = /* @__PURE__ */ new Set();
  graph;
  promptContext;
  ownedExecutionId;
  turnAbort;
  turns = 0;
  constructor(model, workspaceRoot = process.cwd()) {
    this.sessionId = newSessionId();
    const buffer = new SteeringBuffer();
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: buffer,
      metrics,
      scheduler: backgroundScheduler(),
      notify: (update) => {
        this.outbound.push(update);
      }
    };
    this.promptContext = { workspaceRoot, promptTemplateContext: { sessionId: this.sessionId } };
    const hook = new LiveSteeringHook({
      injected: (execution, message) => this.sendSteeringUpdate("steering_injected", [message.id], execution.executionId),
      delivered: (execution, ids) => this.sendSteeringUpdate("steering_cleared", ids, execution.executionId)
    });
    this.graph = new AgentGraph(model, hook, this);
    buffer.onQueued((message) => this.sendSteeringUpdate("steering_queued", [message.id]));
  }
  get steeringBuffer() {
    return this.services.steeringBuffer;
  }
  steer(text, origin = "user") {
    return this.services.steeringBuffer.push(text, origin);
  }
  clearSteering(reason) {
    const cleared = this.services.steeringBuffer.drain(reason);
    if (cleared.messageIds.length > 0) this.sendSteeringUpdate("steering_cleared", cleared.messageIds);
    return cleared;
  }
  async runExecution(execution, prompt) {
    this.liveExecutions.add(execution);
    steeringMetrics.executions.set(this.liveExecutions.size);
    execution.status = "running";
    try {
      const final = await this.graph.run(execution, prompt);
      execution.status = "completed";
      return final.response?.text ?? "";
    } catch (err) {
      execution.status = execution.abortController.signal.aborted ? "cancelled" : "failed";
      throw err;
    } finally {
      this.liveExecutions.delete(execution);
      steeringMetrics.executions.set(this.liveExecutions.size);
    }
  }
  newRootExecution(signal) {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal,
      agentName: "chat-agent"
    });
  }
  async prompt(text) {
    const abort = new AbortController();
    this.turnAbort = abort;
    this.turns += 1;
    try {
      let owner = this.newRootExecution(abort.signal);
      this.ownedExecutionId = owner.executionId;
      let reply = await this.runExecution(owner, text);
      const buffer = this.services.steeringBuffer;
      const resumeFrom = owner.steeringReaderIndex;
      const resume = resumeFrom < buffer.messages.length;
      if (resume) {
        const next = this.newRootExecution(abort.signal);
        this.ownedExecutionId = next.executionId;
        next.setSteeringReaderIndex(resumeFrom);
        for (const id of owner.deliveredSteering) buffer.acknowledge(id, owner.executionId);
        owner = next;
        reply = await this.runExecution(owner, "The user sent more guidance after your last answer. Continue.");
      }
      const memories = await extractMemories(owner, this);
      this.endTurn("turn_end");
      return { stopReason: "end_turn", text: reply, memories };
    } catch (err) {
      if (abort.signal.aborted) {
        this.endTurn("cancelled");
        return { stopReason: "cancelled", text: "", memories: [] };
      }
      this.endTurn(err instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      sessionLog.error(`turn ${this.turns} failed`, err);
      throw err;
    } finally {
      if (this.turnAbort === abort) this.turnAbort = void 0;
    }
  }
  cancel() {
    const abort = this.turnAbort;
    if (!abort) return;
    for (const execution of this.liveExecutions) execution.cancel("session/cancel");
    abort.abort("session/cancel");
  }
  /** Clears steering at a turn boundary (turn end, cancel, errors, client clear). */
  endTurn(reason) {
    return this.clearSteering(reason);
  }
  get ownerExecutionId() {
    return this.ownedExecutionId;
  }
  sendSteeringUpdate(kind, messageIds, executionId) {
    this.services.notify({
      sessionId: this.sessionId,
      update: {
        sessionUpdate: "session_info_update",
        _meta: { kiro: { kind, messageIds, executionId, epoch: this.steeringEpoch } }
      }
    });
  }
};

// src/server/acp-server.ts
var acpLog = createLogger("[AcpServer]");
var sessions = /* @__PURE__ */ new Map();
function createSession(model) {
  const session = new KasSession(model);
  sessions.set(session.sessionId, session);
  return session;
}
function lookup(params) {
  const id = typeof params.sessionId === "string" ? params.sessionId : "";
  const session = sessions.get(id);
  if (!session) throw Object.assign(new Error(`unknown session ${id}`), { code: -32602 });
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = lookup(params);
      const message = session.steer(String(params.text ?? ""), params.origin === "workflow" ? "workflow" : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = lookup(params);
      const { messageIds } = session.endTurn("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      lookup(params).cancel();
      return { cancelled: true };
    }
    case "_kas/metrics":
      return metrics.snapshot();
    case "_kas/scheduler":
      return backgroundScheduler().pending().map((t) => ({ id: t.id, name: t.name, dueAt: t.dueAt, runs: t.runs }));
    default:
      acpLog.warn(`unhandled extension method ${method}`);
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}
function closeSession(sessionId) {
  return sessions.delete(sessionId);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  closeSession,
  createSession,
  handleExtMethod,
  logLines
});
