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

// dist/server/acp-server.js
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  extRouter: () => extRouter,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// dist/core/logging.js
var logLines = [];
var order = ["trace", "debug", "info", "warn", "error"];
var minimum = process.env.KAS_LOG_LEVEL ?? "info";
function write(level, text) {
  if (order.indexOf(level) < order.indexOf(minimum))
    return;
  logLines.push(`[${(/* @__PURE__ */ new Date()).toISOString()}][${level}] ${text}`);
}
var logger = {
  trace: (text) => write("trace", text),
  debug: (text) => write("debug", text),
  info: (text) => write("info", text),
  warn: (text) => write("warn", text),
  error: (text, cause) => write("error", cause instanceof Error ? `${text} (${cause.message})` : text)
};

// dist/core/ids.js
var salt = (process.pid & 65535).toString(16).padStart(4, "0");
var sequence = 0;
function nextHex() {
  sequence = sequence + 1 >>> 0;
  return `${salt}${sequence.toString(16).padStart(8, "0")}`;
}
var ids = {
  steering: (notification) => `${notification ? "notify" : "steer"}-${nextHex()}`,
  execution: () => `${nextHex()}${Math.floor(Math.random() * 4294967295).toString(16).padStart(8, "0")}`,
  session: () => `s-${nextHex()}`,
  request: () => nextHex()
};

// dist/config/defaults.js
function deepFreeze(value) {
  if (value && typeof value === "object") {
    for (const key of Object.keys(value))
      deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}
var DEFAULT_CONFIG = deepFreeze({
  steering: {
    maxDrainRetries: 2,
    notificationPrefix: "[notification/",
    emitClearedAfterInjection: true
  },
  agents: {
    rootAgentName: "chat-agent",
    maxSubExecutionDepth: 4,
    maxGraphSteps: 48,
    memoryExtraction: true
  },
  transport: "stdio",
  auth: "acp-callback"
});
function merge(base, patch) {
  if (!patch)
    return base;
  const out = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === void 0)
      continue;
    const current = out[key];
    out[key] = current && typeof current === "object" && typeof value === "object" ? merge(current, value) : value;
  }
  return out;
}
function fromEnvironment(env) {
  const layer = {};
  const depth = Number.parseInt(env.KAS_MAX_SUBAGENT_DEPTH ?? "", 10);
  if (Number.isFinite(depth) && depth > 0)
    layer.agents = { maxSubExecutionDepth: depth };
  if (env.KAS_DISABLE_MEMORY === "1")
    layer.agents = { ...layer.agents, memoryExtraction: false };
  if (env.KAS_TRANSPORT === "socket")
    layer.transport = "socket";
  return layer;
}
function resolveConfig(overrides, env = process.env) {
  return deepFreeze(merge(merge(DEFAULT_CONFIG, fromEnvironment(env)), overrides));
}
function validateConfig(config) {
  const problems = [];
  const positiveInt = (path, value, max) => {
    if (!Number.isInteger(value) || value < 0 || value > max)
      problems.push({ path, message: `expected an integer in 0..${max}, got ${value}` });
  };
  positiveInt("steering.maxDrainRetries", config.steering.maxDrainRetries, 10);
  positiveInt("agents.maxSubExecutionDepth", config.agents.maxSubExecutionDepth, 16);
  positiveInt("agents.maxGraphSteps", config.agents.maxGraphSteps, 1e3);
  if (!config.steering.notificationPrefix.startsWith("[")) {
    problems.push({ path: "steering.notificationPrefix", message: "must start with '['" });
  }
  if (!/^[a-z][a-z0-9-]*$/.test(config.agents.rootAgentName)) {
    problems.push({ path: "agents.rootAgentName", message: `invalid agent name ${config.agents.rootAgentName}` });
  }
  return problems;
}
function describeConfig(config) {
  const rows = [];
  const walk = (node, base, prefix) => {
    for (const [key, value] of Object.entries(node)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      const baseValue = base?.[key];
      if (value && typeof value === "object")
        walk(value, baseValue, dotted);
      else
        rows.push({ key: dotted, value, overridden: value !== baseValue });
    }
  };
  walk(config, DEFAULT_CONFIG, "");
  return rows;
}
var processConfig;
function serverConfig() {
  if (!processConfig) {
    const resolved = resolveConfig();
    const problems = validateConfig(resolved);
    if (problems.length > 0)
      throw new Error(`invalid KAS configuration: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
    processConfig = resolved;
  }
  return processConfig;
}

// dist/steering/buffer.js
var SteeringBuffer = class {
  entries = [];
  messageById = /* @__PURE__ */ new Map();
  generation = 0;
  add(input) {
    const origin = input.origin ?? "user";
    let kind = "user";
    if (origin === "workflow")
      kind = "workflow";
    else if (origin !== "user" || input.text.trimStart().startsWith(serverConfig().steering.notificationPrefix))
      kind = "system";
    const entry = {
      id: ids.steering(kind !== "user"),
      kind,
      text: input.text,
      createdAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }
  messageCount() {
    return this.entries.length;
  }
  at(index) {
    return this.entries[index];
  }
  ids() {
    return this.entries.map((e) => e.id);
  }
  markHandled(id, executionId) {
    this.messageById.get(id)?.handlers.add(executionId);
  }
  isHandled(t) {
    let r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  reset() {
    const removed = this.ids();
    this.entries.length = 0;
    this.messageById.clear();
    this.generation += 1;
    return removed;
  }
};

// dist/runtime/execution.js
var AgentExecution = class {
  executionId = ids.execution();
  abortController = new AbortController();
  drainRetryCount = 0;
  steeringReaderIndex = 0;
  inbox = [];
  startedAt = 0;
  finishedAt = 0;
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  state;
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? config.sessionServices.config.agents.rootAgentName;
    this.skipHooks = config.skipHooks ?? false;
    config.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  enqueueUserMessage(text) {
    this.inbox.push(text);
  }
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messageCount() || this.inbox.length > 0;
  }
  get shortId() {
    return this.executionId.slice(0, 8);
  }
};

// dist/steering/live-steering.js
var RECAP = "While you delegated work to subagent(s), the user sent the message below. It was already handled by a subagent; summarise what changed before you continue.";
var ACTIVE = "The user has sent the message below mid-task. Adjust your approach as the currently active agent.";
var INFO = "The following notification is informational only; do not reply to it.";
async function injectLiveSteering(exec) {
  const buffer = exec.sessionServices.steeringBuffer;
  const injected = [];
  for (let i = exec.steeringReaderIndex; i < buffer.messageCount(); i++) {
    const msg = buffer.at(i);
    exec.steeringReaderIndex = i + 1;
    if (!msg)
      continue;
    let text;
    switch (msg.kind) {
      case "user": {
        const recap = [...msg.handlers].some((h) => h !== exec.executionId);
        text = `${recap ? RECAP : ACTIVE}
[STEERING ${msg.id}] ${msg.text}`;
        break;
      }
      default:
        text = `${INFO}
[NOTIFY ${msg.id}] ${msg.text}`;
    }
    exec.enqueueUserMessage(text);
    injected.push(msg.id);
    logger.info(`[LiveSteeringHook] injected steering ${msg.id} into ${exec.agentName} (${exec.shortId}) (handlers: ${msg.handlers.size})`);
    exec.sessionServices.emit("steering_injected", { messageId: msg.id, executionId: exec.executionId });
  }
  if (injected.length > 0 && exec.sessionServices.config.steering.emitClearedAfterInjection) {
    exec.sessionServices.emit("steering_cleared", { messageIds: injected, executionId: exec.executionId });
  }
  return injected;
}

// dist/runtime/graph.js
var SettleError = class extends Error {
  settle = true;
};
var TurnPolicy = class {
  targets;
  maxRetries;
  constructor(targets, maxRetries) {
    this.targets = targets;
    this.maxRetries = maxRetries;
  }
  next(state) {
    const { execution } = state;
    if (execution.hasQueuedUserMessage() && execution.drainRetryCount < this.maxRetries) {
      execution.drainRetryCount += 1;
      logger.info(`[LiveSteeringHook] Queued user message found - continuing (${execution.agentName})`);
      return this.targets.continueTarget;
    }
    if (execution.hasQueuedUserMessage()) {
      logger.warn(`[LiveSteeringHook] retry budget spent for ${execution.agentName}; steering left for the continuation`);
    }
    execution.drainRetryCount = 0;
    return this.targets.doneTarget;
  }
};
function settle(raw) {
  if (typeof raw !== "object" || raw === null)
    throw new SettleError("model produced no settled reply");
  const { text, toolCalls } = raw;
  if (toolCalls !== void 0 && !Array.isArray(toolCalls))
    throw new SettleError("toolCalls is not a list");
  return { text: text ?? "", toolCalls: toolCalls ?? [] };
}
async function runGraph(model, execution, prompt, runTool, maxSteps) {
  const policy = new TurnPolicy({ continueTarget: "MODEL_INVOKE", doneTarget: "__end__" }, execution.sessionServices.config.steering.maxDrainRetries);
  const nodes = {
    MODEL_INVOKE: async (s) => {
      s.delivered.push(...await injectLiveSteering(s.execution));
      const fresh = s.execution.inbox.splice(0);
      const context2 = fresh.length ? [...s.context, ...fresh.map((text) => ({ role: "user", text }))] : s.context;
      s.execution.state = s;
      const reply = settle(await model.invoke(s.execution, context2));
      const next = { ...s, context: [...context2, { role: "assistant", text: reply.text }], reply, iteration: s.iteration + 1 };
      return [next, reply.toolCalls.length ? "TOOLS" : "FINAL_RESPONSE"];
    },
    TOOLS: async (s) => {
      const results = [];
      for (const call of s.reply?.toolCalls ?? [])
        results.push(await runTool(s, call));
      return [{ ...s, context: [...s.context, ...results] }, "MODEL_INVOKE"];
    },
    FINAL_RESPONSE: async (s) => [s, policy.next(s)]
  };
  let state = { execution, context: [{ role: "user", text: prompt }], reply: void 0, iteration: 0, delivered: [] };
  let at = "MODEL_INVOKE";
  for (let step = 0; at !== "__end__"; step++) {
    if (step >= maxSteps * 3) {
      logger.warn(`[AgentGraph] step limit reached in ${execution.agentName}`);
      break;
    }
    if (execution.abortController.signal.aborted)
      throw new Error("aborted");
    [state, at] = await nodes[at](state);
  }
  return state;
}

// dist/agents/inherit.js
function inheritedExecutionFields(parent) {
  return {
    promptContext: parent.promptContext,
    signal: parent.abortController.signal
  };
}

// dist/agents/subagent.js
async function runSubAgentTool(state, call, run) {
  const parent = state.execution;
  const depth = parent.subExecutionDepth;
  const agentName = call.input?.subagentId ?? "general-purpose";
  const limit = parent.sessionServices.config.agents.maxSubExecutionDepth;
  if (depth >= limit) {
    logger.warn(`[SubAgentGraph] Sub-agent nesting depth limit (${limit}) exceeded, rejecting invocation of ${agentName}`);
    return { role: "tool", text: `error: depth limit ${limit}` };
  }
  const subAgentExecution = new AgentExecution({
    ...inheritedExecutionFields(parent),
    sessionServices: parent.sessionServices,
    subExecutionDepth: depth + 1,
    agentName
  });
  const done = await run(subAgentExecution, call.input?.prompt ?? "");
  for (const id of done.delivered)
    parent.sessionServices.steeringBuffer.markHandled(id, subAgentExecution.executionId);
  return { role: "tool", text: done.reply?.text ?? "" };
}

// dist/agents/memory.js
var EXTRACTION_PROMPT = "Extract durable user preferences and project facts from the turn that just ended.";
async function runMemoryExtraction(owner, run) {
  if (!owner.sessionServices.config.agents.memoryExtraction)
    return "";
  const extraction = new AgentExecution({
    agentName: "memory-extraction",
    skipHooks: true,
    sessionServices: owner.sessionServices,
    promptContext: owner.promptContext,
    signal: owner.abortController.signal,
    subExecutionDepth: owner.subExecutionDepth + 1
  });
  const result = await run(extraction, EXTRACTION_PROMPT);
  return result.reply?.text ?? "";
}

// dist/runtime/session.js
function buildRootExecution(session, signal) {
  return new AgentExecution({ sessionServices: session.services, promptContext: session.promptContext, signal });
}
var AgentSession = class {
  model;
  id = ids.session();
  notifications = [];
  promptContext;
  services;
  config;
  steeringEpoch = 0;
  ownedExecutionId;
  abort;
  constructor(model, overrides) {
    this.model = model;
    this.config = resolveConfig(overrides);
    this.promptContext = { cwd: process.cwd(), mode: "vibe", promptTemplateContext: {} };
    this.services = {
      sessionId: this.id,
      steeringBuffer: new SteeringBuffer(),
      config: this.config,
      emit: (kind, payload) => this.notifications.push({ sessionId: this.id, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } })
    };
  }
  steer(text, origin = "user") {
    const entry = this.services.steeringBuffer.add({ text, origin });
    this.services.emit("steering_queued", { messageId: entry.id, kind: entry.kind });
    return entry;
  }
  clearSteering(reason) {
    const messageIds = this.services.steeringBuffer.reset();
    if (messageIds.length)
      this.services.emit("steering_cleared", { messageIds, reason });
    logger.debug(`[Session] steering cleared (${reason}): ${messageIds.length} message(s)`);
    return { reason, messageIds };
  }
  /** Turn-boundary helper: every path that ends a turn clears steering through here. */
  atTurnBoundary(reason) {
    this.ownedExecutionId = void 0;
    return this.clearSteering(reason);
  }
  bumpSteeringEpoch() {
    return ++this.steeringEpoch;
  }
  run = (execution, prompt) => {
    execution.startedAt = Date.now();
    return runGraph(this.model, execution, prompt, this.tool, this.config.agents.maxGraphSteps).finally(() => {
      execution.finishedAt = Date.now();
    });
  };
  tool = async (state, call) => {
    if (call.name === "invoke_sub_agent")
      return runSubAgentTool(state, call, this.run);
    if (call.name === "user_steer" || call.name === "notify") {
      const entry = this.steer(call.text ?? "", call.name === "notify" ? "workflow" : "user");
      return { role: "tool", text: `queued ${entry.id}` };
    }
    return { role: "tool", text: `no such tool: ${call.name}` };
  };
  async continueRoot(previous, signal) {
    const resumeAt = previous.steeringReaderIndex;
    const cont = buildRootExecution(this, signal);
    cont.setSteeringReaderIndex(resumeAt);
    this.ownedExecutionId = cont.executionId;
    const state = await this.run(cont, "Continue with the user's latest guidance.");
    return { owner: cont, text: state.reply?.text ?? "" };
  }
  async prompt(text) {
    const abort = this.abort = new AbortController();
    try {
      let owner = buildRootExecution(this, abort.signal);
      this.ownedExecutionId = owner.executionId;
      const first = await this.run(owner, text);
      let answer = first.reply?.text ?? "";
      if (owner.steeringReaderIndex < this.services.steeringBuffer.messageCount()) {
        ({ owner, text: answer } = await this.continueRoot(owner, abort.signal));
      }
      await runMemoryExtraction(owner, this.run);
      this.atTurnBoundary("end_turn");
      return { stopReason: "end_turn", text: answer };
    } catch (err) {
      if (abort.signal.aborted) {
        this.atTurnBoundary("cancelled");
        return { stopReason: "cancelled", text: "" };
      }
      this.atTurnBoundary(err instanceof SettleError ? "settle_failed" : "prompt_error");
      logger.error("[Session] prompt failed", err);
      throw err;
    } finally {
      if (this.abort === abort)
        this.abort = void 0;
    }
  }
  cancel() {
    if (!this.abort)
      return false;
    this.abort.abort();
    return true;
  }
};

// dist/rpc/router.js
var RpcError = class extends Error {
  code;
  data;
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
};
var RPC_INVALID_PARAMS = -32602;
var RPC_METHOD_NOT_FOUND = -32601;
var RpcRouter = class {
  table = /* @__PURE__ */ new Map();
  calls = /* @__PURE__ */ new Map();
  middleware = [];
  stats = /* @__PURE__ */ new Map();
  use(mw) {
    this.middleware.push(mw);
    return this;
  }
  describe() {
    return this.methods().map((method) => {
      const route = this.table.get(method);
      const params = Object.entries(route.params).map(([name, spec]) => `${name}${spec.optional ? "?" : ""}: ${spec.type}`);
      return { method, params, description: route.description };
    });
  }
  statsFor(method) {
    return this.stats.get(method);
  }
  register(route) {
    if (this.table.has(route.method))
      throw new Error(`duplicate route ${route.method}`);
    this.table.set(route.method, Object.freeze(route));
    return this;
  }
  methods() {
    return [...this.table.keys()].sort();
  }
  callCount(method) {
    return this.calls.get(method) ?? 0;
  }
  validate(route, params) {
    const picked = {};
    for (const [name, spec] of Object.entries(route.params)) {
      const value = params[name];
      if (value === void 0) {
        if (!spec.optional)
          throw new RpcError(RPC_INVALID_PARAMS, `${route.method}: missing ${name}`);
        continue;
      }
      if (typeof value !== spec.type)
        throw new RpcError(RPC_INVALID_PARAMS, `${route.method}: ${name} must be ${spec.type}`);
      picked[name] = value;
    }
    return picked;
  }
  async dispatch(method, params, ctx) {
    const route = this.table.get(method);
    if (!route)
      throw new RpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${method}`);
    const raw = params && typeof params === "object" ? params : {};
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
    const params_ = this.validate(route, raw);
    const stats = this.stats.get(method) ?? { calls: 0, errors: 0, totalMs: 0 };
    this.stats.set(method, stats);
    const started = performance.now();
    const chain = this.middleware;
    const step = async (i) => i < chain.length ? chain[i]({ method, params: params_, ctx }, () => step(i + 1)) : route.handler(params_, ctx);
    try {
      return await step(0);
    } catch (err) {
      stats.errors += 1;
      stats.lastError = err instanceof Error ? err.message : String(err);
      throw err instanceof RpcError ? err : new RpcError(-32603, stats.lastError);
    } finally {
      stats.calls += 1;
      stats.totalMs += performance.now() - started;
    }
  }
};

// dist/agents/plan-verifier.js
async function verifyPlan(owner, plan, run) {
  const level = owner.subExecutionDepth;
  const verifier = new AgentExecution({
    sessionServices: owner.sessionServices,
    subExecutionDepth: level + 1,
    promptContext: { ...owner.promptContext, mode: "spec" },
    signal: owner.abortController.signal,
    agentName: "plan-verifier"
  });
  const out = await run(verifier, `Check this plan for missing steps and risky changes:
${plan}`);
  const notes = out.reply?.text ?? "";
  return { ok: !/\bBLOCK\b/.test(notes), notes };
}

// dist/server/acp-server.js
var context = { sessions: /* @__PURE__ */ new Map() };
function sessionFor(ctx, sessionId) {
  const session = typeof sessionId === "string" ? ctx.sessions.get(sessionId) : void 0;
  if (!session)
    throw new RpcError(RPC_INVALID_PARAMS, `unknown session: ${String(sessionId)}`);
  return session;
}
var extRouter = new RpcRouter().use(async ({ method }, next) => {
  const started = Date.now();
  try {
    return await next();
  } finally {
    logger.debug(`[AcpServer] ${method} handled in ${Date.now() - started}ms`);
  }
}).register({
  method: "_session/steer",
  params: { sessionId: { type: "string" }, text: { type: "string" } },
  handler: ({ sessionId, text }, ctx) => {
    const entry = sessionFor(ctx, sessionId).steer(text);
    return { queued: true, messageId: entry.id };
  }
}).register({
  method: "_session/steer/clear",
  params: { sessionId: { type: "string" } },
  handler: ({ sessionId }, ctx) => {
    const session = sessionFor(ctx, sessionId);
    const { messageIds } = session.atTurnBoundary("client_clear");
    session.bumpSteeringEpoch();
    return { cleared: true, messageIds };
  }
}).register({
  method: "_session/cancel",
  params: { sessionId: { type: "string" } },
  handler: ({ sessionId }, ctx) => ({ cancelled: sessionFor(ctx, sessionId).cancel() })
}).register({
  method: "_session/plan/verify",
  params: { sessionId: { type: "string" }, plan: { type: "string" } },
  handler: async ({ sessionId, plan }, ctx) => {
    const session = sessionFor(ctx, sessionId);
    const owner = buildRootExecution(session, new AbortController().signal);
    return verifyPlan(owner, plan, session.run);
  }
}).register({
  method: "_kas/config",
  params: { flat: { type: "boolean", optional: true } },
  handler: ({ flat }) => flat ? describeConfig(serverConfig()) : serverConfig()
}).register({
  method: "_kas/methods",
  params: {},
  description: "lists the extension methods this server answers",
  handler: () => extRouter.describe()
});
function createSession(model) {
  const session = new AgentSession(model);
  context.sessions.set(session.id, session);
  logger.debug(`[AcpServer] session ${session.id} created`);
  return session;
}
function handleExtMethod(method, params) {
  return extRouter.dispatch(method, params, context);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  extRouter,
  handleExtMethod,
  logLines
});
