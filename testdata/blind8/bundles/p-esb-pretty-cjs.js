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
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);
var import_node_readline = require("node:readline");

// src/util/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSteeringId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomUUID)().slice(0, 8)}`;
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomUUID)().replace(/-/g, "")}`;
}
function shortExecutionId(executionId) {
  return executionId.slice(0, 8);
}

// src/agent/execution.ts
var ROOT_AGENT_NAME = "chat-agent";
function followAbort(source, target) {
  if (source.aborted) {
    target.abort(source.reason);
    return;
  }
  source.addEventListener("abort", () => target.abort(source.reason), { once: true });
}
var AgentExecution = class {
  constructor(options) {
    this.executionId = options.executionId ?? newExecutionId();
    this.agentName = options.agentName ?? ROOT_AGENT_NAME;
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    if (options.signal) followAbort(options.signal, this.abortController);
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = options.skipHooks ?? false;
    this.pendingPrompts = [];
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.deliveredSteering = [];
    this.status = { phase: "created", modelCalls: 0 };
    this.state = void 0;
  }
  get isTopLevel() {
    return this.subExecutionDepth === 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queuePrompt(text) {
    this.pendingPrompts.push(text);
  }
  takeQueuedPrompts() {
    const taken = this.pendingPrompts;
    this.pendingPrompts = [];
    return taken;
  }
  /** Steering the execution has not handled yet: unread log entries, or prompts queued but not sent. */
  hasPendingSteering() {
    if (this.pendingPrompts.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.messages.length;
  }
  markRunning() {
    this.status = { ...this.status, phase: "running" };
  }
  markModelCall() {
    this.status = { ...this.status, modelCalls: this.status.modelCalls + 1 };
  }
  markFinished(phase) {
    this.status = { ...this.status, phase, finishedAt: Date.now() };
  }
};

// src/agent/model.ts
var ModelSettleError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ModelSettleError";
  }
};
function settleModelResponse(raw) {
  if (raw === null || typeof raw !== "object") {
    throw new ModelSettleError(`model returned ${raw === null ? "null" : typeof raw}`);
  }
  const candidate = raw;
  if (candidate.toolCalls !== void 0 && !Array.isArray(candidate.toolCalls)) {
    throw new ModelSettleError("model returned malformed toolCalls");
  }
  const toolCalls = (candidate.toolCalls ?? []).filter(
    (call) => call && typeof call.name === "string"
  );
  return { text: typeof candidate.text === "string" ? candidate.text : "", toolCalls };
}

// src/agent/graph.ts
var END = "__end__";
var GraphRecursionError = class extends Error {
  constructor(limit) {
    super(`graph recursion limit of ${limit} reached`);
    this.name = "GraphRecursionError";
  }
};
var StateGraph = class {
  constructor() {
    this.nodes = /* @__PURE__ */ new Map();
    this.edges = /* @__PURE__ */ new Map();
    this.conditionalEdges = /* @__PURE__ */ new Map();
    this.entryPoint = void 0;
  }
  addNode(name, fn) {
    if (this.nodes.has(name)) throw new Error(`node ${name} already defined`);
    this.nodes.set(name, fn);
    return this;
  }
  addEdge(from, to) {
    this.edges.set(from, to);
    return this;
  }
  addConditionalEdges(from, route, targets) {
    this.conditionalEdges.set(from, { route, targets });
    return this;
  }
  setEntryPoint(name) {
    this.entryPoint = name;
    return this;
  }
  compile() {
    const entry = this.entryPoint;
    if (!entry || !this.nodes.has(entry)) throw new Error("graph has no entry point");
    for (const [from, edge] of this.conditionalEdges) {
      for (const target of Object.values(edge.targets)) {
        if (target !== END && !this.nodes.has(target)) throw new Error(`edge ${from} -> ${target}: unknown node`);
      }
    }
    const nodes = new Map(this.nodes);
    const edges = new Map(this.edges);
    const conditional = new Map(this.conditionalEdges);
    return {
      async invoke(initial, options = {}) {
        const limit = options.recursionLimit ?? 50;
        let state = initial;
        let current = entry;
        for (let step = 0; current !== END; step++) {
          if (step >= limit) throw new GraphRecursionError(limit);
          options.signal?.throwIfAborted();
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown node ${current}`);
          state = await node(state);
          const branch = conditional.get(current);
          if (branch) {
            const key = branch.route(state);
            const target = branch.targets[key];
            if (target === void 0) throw new Error(`node ${current}: router returned unmapped key ${key}`);
            current = target;
          } else {
            current = edges.get(current) ?? END;
          }
        }
        return state;
      }
    };
  }
};

// src/util/logger.ts
var import_node_async_hooks = require("node:async_hooks");
var LEVEL_ORDER = { debug: 10, info: 20, warn: 30, error: 40 };
var MAX_RETAINED_LINES = 2e4;
var logLines = [];
var scopeStorage = new import_node_async_hooks.AsyncLocalStorage();
function withLogScope(scope, fn) {
  const parent = scopeStorage.getStore();
  return scopeStorage.run({ ...parent, ...scope }, fn);
}
function thresholdFromEnv() {
  const raw = (process.env.KAS_LOG_LEVEL ?? "").toLowerCase();
  return raw in LEVEL_ORDER ? raw : "info";
}
var Logger = class _Logger {
  constructor(component) {
    this.component = component;
    this.threshold = thresholdFromEnv();
  }
  child(component) {
    const child = new _Logger(this.component ? `${this.component}.${component}` : component);
    child.threshold = this.threshold;
    return child;
  }
  setLevel(level) {
    this.threshold = level;
  }
  debug(message) {
    this.write("debug", message);
  }
  info(message) {
    this.write("info", message);
  }
  warn(message) {
    this.write("warn", message);
  }
  error(message, cause) {
    const suffix = cause instanceof Error ? `: ${cause.message}` : cause !== void 0 ? `: ${String(cause)}` : "";
    this.write("error", message + suffix);
  }
  write(level, message) {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[this.threshold]) return;
    const scope = scopeStorage.getStore();
    const where = scope?.sessionId ? ` session=${scope.sessionId.slice(0, 8)}` : "";
    const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)}${where} ${message}`;
    logLines.push(line);
    if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  }
};
var logger = new Logger();

// src/util/retry.ts
var TRANSIENT_CODES = /* @__PURE__ */ new Set(["ECONNRESET", "ETIMEDOUT", "EPIPE", "ThrottlingException", "ServiceUnavailable"]);
var defaultModelRetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4e3,
  isRetryable(error) {
    if (!error || typeof error !== "object") return false;
    const code = error.code ?? error.name;
    return typeof code === "string" && TRANSIENT_CODES.has(code);
  }
};
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error("aborted"));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
async function withRetry(label, operation, policy = defaultModelRetryPolicy, signal) {
  let lastError;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      lastError = error;
      if (attempt === policy.attempts || !policy.isRetryable(error)) break;
      const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      logger.warn(`[Retry] ${label} failed (attempt ${attempt}/${policy.attempts}), retrying in ${delay}ms`);
      await sleep(delay, signal);
    }
  }
  throw lastError;
}

// src/agent/runner.ts
var MAX_DRAIN_RETRIES = 3;
var RECURSION_LIMIT = 120;
var Node = {
  ModelInvoke: "MODEL_INVOKE",
  Tools: "TOOLS",
  FinalResponse: "FINAL_RESPONSE"
};
var ExecutionRunner = class {
  constructor(deps) {
    this.deps = deps;
    this.graph = this.buildGraph();
  }
  async run(execution, prompt) {
    const registry = execution.sessionServices.registry;
    registry.register(execution);
    execution.markRunning();
    try {
      const final = await withLogScope(
        { sessionId: this.deps.session.sessionId, executionId: execution.executionId, agentName: execution.agentName },
        () => this.graph.invoke(
          { execution, context: [{ role: "user", text: prompt }], iteration: 0 },
          { recursionLimit: RECURSION_LIMIT, signal: execution.abortController.signal }
        )
      );
      execution.markFinished("completed");
      return final.response?.text ?? "";
    } catch (error) {
      execution.markFinished(execution.abortController.signal.aborted ? "aborted" : "failed");
      throw error;
    } finally {
      registry.unregister(execution);
    }
  }
  buildGraph() {
    const { plugins, model, tools, session } = this.deps;
    const graph = new StateGraph();
    graph.addNode(Node.ModelInvoke, async (state) => {
      const execution = state.execution;
      await plugins.dispatch("model:before-invoke", { session, runner: this, execution });
      const queued = execution.takeQueuedPrompts();
      const context = queued.length ? [...state.context, ...queued.map((text) => ({ role: "user", text }))] : state.context;
      const next = { ...state, context };
      execution.state = next;
      const raw = await withRetry(
        `model call for ${execution.agentName}`,
        () => model.invoke(execution, context),
        void 0,
        execution.abortController.signal
      );
      execution.markModelCall();
      const response = settleModelResponse(raw);
      await plugins.dispatch("model:after-invoke", { session, runner: this, execution });
      return {
        ...next,
        response,
        context: response.text ? [...context, { role: "assistant", text: response.text }] : context,
        iteration: state.iteration + 1
      };
    });
    graph.addNode(Node.Tools, async (state) => {
      const execution = state.execution;
      const results = [];
      for (const call of state.response?.toolCalls ?? []) {
        const tool = tools.resolve(call.name);
        let output;
        if (!tool) {
          output = `error: unknown tool ${call.name}`;
          logger.warn(`[Tools] ${execution.agentName} called unknown tool ${call.name}`);
        } else {
          output = await tool.execute(call, { execution, runner: this, plugins, session });
        }
        results.push({ role: "tool", text: `${call.name}: ${output}` });
        await plugins.dispatch("tool:after", { session, runner: this, execution, toolName: call.name });
      }
      return { ...state, context: [...state.context, ...results] };
    });
    graph.addNode(Node.FinalResponse, async (state) => {
      logger.debug(`[Graph] final response from ${state.execution.agentName} after ${state.iteration} call(s)`);
      return state;
    });
    graph.addConditionalEdges(
      Node.ModelInvoke,
      (state) => state.response && state.response.toolCalls.length > 0 ? "tools" : "final",
      { tools: Node.Tools, final: Node.FinalResponse }
    );
    graph.addEdge(Node.Tools, Node.ModelInvoke);
    graph.addConditionalEdges(
      Node.FinalResponse,
      (state) => {
        const execution = state.execution;
        if (!execution.hasPendingSteering()) {
          execution.drainRetryCount = 0;
          return "done";
        }
        if (execution.drainRetryCount >= MAX_DRAIN_RETRIES) {
          logger.warn(
            `[LiveSteeringHook] ${execution.agentName} (${shortExecutionId(execution.executionId)}) still has steering queued after ${MAX_DRAIN_RETRIES} retries, ending`
          );
          execution.drainRetryCount = 0;
          return "done";
        }
        execution.drainRetryCount += 1;
        logger.info("[LiveSteeringHook] steering queued at end of turn, returning to MODEL_INVOKE");
        return "again";
      },
      { again: Node.ModelInvoke, done: END }
    );
    graph.setEntryPoint(Node.ModelInvoke);
    return graph.compile();
  }
};

// src/agent/invoke-sub-agent.ts
var MAX_SUB_EXECUTION_DEPTH = 4;
function inheritFromParent(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal
  };
}
var InvokeSubAgentTool = class {
  constructor() {
    this.name = "invoke_sub_agent";
    this.description = "Delegate a task to a specialised sub-agent and return its final answer";
  }
  async execute(call, context) {
    const subagentId = String(call.input?.subagentId ?? "");
    const task = String(call.input?.prompt ?? "");
    if (!subagentId) return "error: subagentId is required";
    const parent = context.execution;
    const depth = parent.subExecutionDepth;
    if (depth >= MAX_SUB_EXECUTION_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, not starting ${subagentId}`);
      return `error: sub-agent nesting limit (${MAX_SUB_EXECUTION_DEPTH}) reached`;
    }
    const subExecution = new AgentExecution({
      ...inheritFromParent(parent),
      agentName: subagentId,
      subExecutionDepth: depth + 1
    });
    logger.info(
      `[SubAgentGraph] ${parent.agentName} (${shortExecutionId(parent.executionId)}) -> ${subagentId} (${shortExecutionId(subExecution.executionId)}) depth ${subExecution.subExecutionDepth}`
    );
    let answer;
    try {
      answer = await context.runner.run(subExecution, task);
    } finally {
      await context.plugins.dispatch("subagent:returned", {
        session: context.session,
        runner: context.runner,
        execution: parent,
        child: subExecution
      });
    }
    return answer || "(sub-agent returned no text)";
  }
};

// src/agent/tools.ts
var ToolRegistry = class {
  constructor(tools = []) {
    this.tools = /* @__PURE__ */ new Map();
    for (const tool of tools) this.register(tool);
  }
  register(tool) {
    this.tools.set(tool.name, tool);
  }
  resolve(name) {
    return this.tools.get(name);
  }
  names() {
    return [...this.tools.keys()].sort();
  }
};
var SteeringRelayTool = class {
  constructor(name, origin) {
    this.name = name;
    this.origin = origin;
    this.description = origin === "user" ? "Forward a message from the user to the running agents" : "Post a workflow notification";
  }
  async execute(call, context) {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    if (!text.trim()) return "nothing to relay";
    const message = context.session.steer(text, this.origin);
    return `queued ${message.id}`;
  }
};

// src/runtime/hooks.ts
var PluginHost = class {
  constructor() {
    this.plugins = [];
    this.failures = /* @__PURE__ */ new Map();
  }
  use(plugin) {
    if (this.plugins.some((p) => p.name === plugin.name)) {
      throw new Error(`plugin ${plugin.name} is already installed`);
    }
    this.plugins = [...this.plugins, plugin].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
    return this;
  }
  installed() {
    return this.plugins.map((p) => p.name);
  }
  async dispatch(point, context) {
    const skipOptional = context.execution.skipHooks;
    for (const plugin of this.plugins) {
      const handler = plugin.handlers[point];
      if (!handler) continue;
      if (skipOptional && !plugin.critical) continue;
      if (plugin.critical) {
        await handler(context);
        continue;
      }
      try {
        await handler(context);
      } catch (error) {
        const count = (this.failures.get(plugin.name) ?? 0) + 1;
        this.failures.set(plugin.name, count);
        logger.error(`[Plugins] ${plugin.name} failed at ${point} (${count} failure(s))`, error);
      }
    }
  }
};

// src/runtime/agent-hooks.ts
var AgentHooksPlugin = class {
  constructor(definitions) {
    this.definitions = definitions;
    this.name = "agent-hooks";
    this.order = 80;
    this.handlers = {
      "tool:after": (context) => this.fire("toolUse", context),
      "turn:closed": (context) => this.fire("agentStop", context)
    };
    this.audit = [];
  }
  fire(when, context) {
    for (const hook of this.definitions) {
      if (hook.when !== when) continue;
      if (hook.toolName && hook.toolName !== context.toolName) continue;
      this.audit.push({ hook: hook.name, agentName: context.execution.agentName, at: Date.now() });
    }
  }
};
var UsagePlugin = class {
  constructor() {
    this.name = "usage";
    this.order = 90;
    this.handlers = {
      "model:after-invoke": (context) => {
        const name = context.execution.agentName;
        this.callsByAgent.set(name, (this.callsByAgent.get(name) ?? 0) + 1);
      }
    };
    this.callsByAgent = /* @__PURE__ */ new Map();
  }
};

// src/steering/live-steering-hook.ts
var WORDING = {
  recap: "While you delegated work to subagent(s), the user sent the following message. It has already been seen by the subagent(s); take it into account in your summary.",
  active: "The user sent the following message while you were working. Adjust your approach as the currently active agent and acknowledge it briefly.",
  notice: "The following notification is informational only; do not reply to it."
};
var LiveSteeringHook = class {
  constructor(updates) {
    this.updates = updates;
    this.name = "live-steering";
    this.critical = true;
    this.order = 10;
    this.handlers = {
      "model:before-invoke": (context) => this.drainInto(context.execution),
      "subagent:returned": (context) => this.acknowledgeDelegated(context)
    };
  }
  /** Reads the log from the execution's cursor and queues every message into its prompt. */
  async drainInto(execution) {
    const log = execution.sessionServices.steering;
    const injectedIds = [];
    for (let position = execution.steeringReaderIndex; position < log.messages.length; position++) {
      const message = log.messages[position];
      execution.steeringReaderIndex = position + 1;
      let prompt;
      if (message.kind !== "user") {
        prompt = `${WORDING.notice}
[NOTIFY ${message.id}] ${message.text}`;
      } else {
        let delegated = false;
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            delegated = true;
            break;
          }
        }
        prompt = `${delegated ? WORDING.recap : WORDING.active}
[STEERING ${message.id}] ${message.text}`;
      }
      execution.queuePrompt(prompt);
      execution.deliveredSteering.push(message.id);
      injectedIds.push(message.id);
      logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`
      );
    }
    if (injectedIds.length > 0) {
      this.updates.publish("steering_injected", { messageIds: injectedIds, executionId: execution.executionId });
      this.updates.publish("steering_cleared", { messageIds: injectedIds, reason: "injected" });
    }
    return injectedIds.length;
  }
  acknowledgeDelegated(context) {
    const child = context.child;
    if (!child) return;
    const log = child.sessionServices.steering;
    for (const id of child.deliveredSteering) {
      if (log.acknowledge(id, child.executionId)) {
        logger.debug(`[LiveSteeringHook] ${id} acknowledged by ${child.agentName} (${shortExecutionId(child.executionId)})`);
      }
    }
  }
};

// src/memory/memory-extraction-hook.ts
var MEMORY_AGENT_NAME = "memory-extraction";
var EXTRACTION_PROMPT = "Review the conversation of this turn. Extract durable facts about the user, the project and their preferences as short bullet points. Reply with nothing if there is nothing new.";
var MemoryStore = class {
  constructor(capacity = 500) {
    this.capacity = capacity;
    this.records = [];
  }
  add(record) {
    if (!record.text.trim()) return;
    this.records.push(record);
    if (this.records.length > this.capacity) this.records.shift();
  }
  forSession(sessionId) {
    return this.records.filter((r) => r.sessionId === sessionId);
  }
};
var MemoryExtractionHook = class {
  constructor(store) {
    this.store = store;
    this.name = "memory-extraction";
    this.order = 50;
    this.handlers = {
      "turn:settled": (context) => this.extract(context)
    };
    this.turns = 0;
  }
  async extract(context) {
    const root = context.execution;
    if (root.abortController.signal.aborted) return;
    const turn = ++this.turns;
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_AGENT_NAME,
      skipHooks: true
    });
    logger.info(`[MemoryExtraction] turn ${turn}: extracting in ${shortExecutionId(extraction.executionId)}`);
    const text = await context.runner.run(extraction, EXTRACTION_PROMPT);
    this.store.add({ sessionId: context.session.sessionId, turn, text, extractedAt: Date.now() });
  }
};

// src/steering/steering-log.ts
var NOTICE_PREFIX = /^\s*\[notification\/(?:info|success|warning|error)\]/i;
function classifySteering(text, origin) {
  if (origin !== "user") return "system";
  return NOTICE_PREFIX.test(text) ? "system" : "user";
}
var SteeringLog = class {
  constructor() {
    this.messages = [];
    this.index = /* @__PURE__ */ new Map();
    this.listeners = [];
  }
  publish(text, origin = "user") {
    const kind = classifySteering(text, origin);
    const message = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      origin,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.index.set(message.id, message);
    for (const listener of this.listeners) listener(message);
    return message;
  }
  onPublish(listener) {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }
  find(id) {
    return this.index.get(id);
  }
  /** Records that `executionId` handled the message. Changes nobody's cursor. */
  acknowledge(id, executionId) {
    const message = this.index.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  hasHandler(id) {
    const message = this.index.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  /** Drops every message and returns their ids. */
  reset() {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.index = /* @__PURE__ */ new Map();
    return ids;
  }
};

// src/runtime/execution-registry.ts
var ExecutionRegistry = class {
  constructor() {
    this.live = /* @__PURE__ */ new Map();
    this.startedAt = /* @__PURE__ */ new Map();
    this.rootExecution = void 0;
    this.totalRegistered = 0;
  }
  adoptRoot(execution) {
    this.rootExecution = execution;
  }
  get root() {
    return this.rootExecution;
  }
  register(execution) {
    if (this.live.has(execution.executionId)) return;
    this.live.set(execution.executionId, execution);
    this.startedAt.set(execution.executionId, Date.now());
    this.totalRegistered++;
    logger.debug(`[ExecutionRegistry] + ${execution.agentName} (${shortExecutionId(execution.executionId)}) depth=${execution.subExecutionDepth}`);
  }
  unregister(execution) {
    if (!this.live.delete(execution.executionId)) return;
    this.startedAt.delete(execution.executionId);
    logger.debug(`[ExecutionRegistry] - ${execution.agentName} (${shortExecutionId(execution.executionId)})`);
  }
  get(executionId) {
    return this.live.get(executionId);
  }
  liveExecutions() {
    return [...this.live.values()];
  }
  get size() {
    return this.live.size;
  }
  get registeredSinceStart() {
    return this.totalRegistered;
  }
  abortAll(reason) {
    let aborted = 0;
    for (const execution of this.live.values()) {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(new Error(reason));
        aborted++;
      }
    }
    return aborted;
  }
  snapshot() {
    const now = Date.now();
    return this.liveExecutions().map((execution) => ({
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
      cursor: execution.steeringReaderIndex,
      runningForMs: now - (this.startedAt.get(execution.executionId) ?? now)
    }));
  }
};

// src/session/session-services.ts
var SessionServices = class {
  constructor(updates) {
    this.steering = new SteeringLog();
    this.registry = new ExecutionRegistry();
    this.updates = updates;
    this.steeringEpoch = 0;
  }
};

// src/server/updates.ts
var OUTBOX_LIMIT = 1e3;
var SessionUpdateChannel = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
    this.outbox = [];
    this.ownerExecutionId = void 0;
    this.sinks = [];
  }
  /** The execution whose events this channel reports as the session's own. */
  bindOwner(executionId) {
    this.ownerExecutionId = executionId;
  }
  get owner() {
    return this.ownerExecutionId;
  }
  subscribe(sink) {
    this.sinks.push(sink);
    return () => {
      this.sinks = this.sinks.filter((s) => s !== sink);
    };
  }
  publish(kind, fields) {
    const notification = {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: this.sessionId,
        update: {
          sessionUpdate: "session_info_update",
          _meta: { kiro: { kind, ownerExecutionId: this.ownerExecutionId, ...fields } }
        }
      }
    };
    this.outbox.push(notification);
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
    for (const sink of this.sinks) sink(notification);
  }
};

// src/session/session.ts
var CONTINUATION_PROMPT = "Continue the task, taking the user's latest guidance into account.";
var KasSession = class {
  constructor(init) {
    this.sessionId = newSessionId();
    this.services = new SessionServices(new SessionUpdateChannel(this.sessionId));
    this.promptContext = {
      workspaceRoot: init.workspaceRoot ?? process.cwd(),
      steeringDocuments: [],
      promptTemplateContext: {}
    };
    this.usage = new UsagePlugin();
    this.plugins = new PluginHost().use(new LiveSteeringHook(this.services.updates)).use(new MemoryExtractionHook(init.memory)).use(new AgentHooksPlugin(init.agentHooks ?? [])).use(this.usage);
    const tools = new ToolRegistry([
      new InvokeSubAgentTool(),
      new SteeringRelayTool("user_steer", "user"),
      new SteeringRelayTool("notify", "workflow")
    ]);
    this.runner = new ExecutionRunner({ model: init.model, tools, plugins: this.plugins, session: this });
    this.turnAbort = void 0;
    this.turnCount = 0;
  }
  get busy() {
    return this.turnAbort !== void 0;
  }
  /** Appends live steering (typed by the user, or posted by a workflow). */
  steer(text, origin = "user") {
    const message = this.services.steering.publish(text, origin);
    this.services.updates.publish("steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }
  clearSteering(reason) {
    return this.closeSteeringWindow(reason);
  }
  bumpSteeringEpoch() {
    this.services.steeringEpoch += 1;
    return this.services.steeringEpoch;
  }
  /** Turn-boundary helper: drops the session's steering and tells the client. */
  closeSteeringWindow(reason) {
    const messageIds = this.services.steering.reset();
    if (messageIds.length > 0) {
      logger.info(`[Steering] cleared ${messageIds.length} message(s): ${reason}`);
    }
    this.services.updates.publish("steering_cleared", { messageIds, reason });
    return { reason, messageIds };
  }
  cancel() {
    if (!this.turnAbort) return;
    this.turnAbort.abort(new Error("cancelled by client"));
    const aborted = this.services.registry.abortAll("cancelled by client");
    logger.info(`[Session] cancel: aborted ${aborted} execution(s)`);
    this.closeSteeringWindow("cancel");
  }
  async prompt(text) {
    if (this.turnAbort) throw new Error("a turn is already running in this session");
    this.turnAbort = new AbortController();
    const turn = ++this.turnCount;
    try {
      return await withLogScope({ sessionId: this.sessionId }, () => this.runTurn(turn, text));
    } catch (error) {
      if (!this.turnAbort.signal.aborted) {
        this.closeSteeringWindow(error instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      }
      logger.error(`[Session] turn ${turn} failed`, error);
      throw error;
    } finally {
      this.turnAbort = void 0;
    }
  }
  async runTurn(turn, text) {
    let root = this.spawnRoot();
    logger.info(`[Session] turn ${turn} started in ${shortExecutionId(root.executionId)}`);
    let output = await this.runner.run(root, text);
    const resumeAt = root.steeringReaderIndex;
    if (resumeAt < this.services.steering.messages.length) {
      logger.info(`[LiveSteeringHook] unread steering after the turn, continuing ${ROOT_AGENT_NAME}`);
      root = this.spawnRoot();
      root.setSteeringReaderIndex(resumeAt);
      output = await this.runner.run(root, CONTINUATION_PROMPT);
    }
    await this.plugins.dispatch("turn:settled", { session: this, runner: this.runner, execution: root });
    await this.plugins.dispatch("turn:closed", { session: this, runner: this.runner, execution: root, reason: "end_turn" });
    this.closeSteeringWindow("turn_end");
    return output;
  }
  spawnRoot() {
    const root = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.turnAbort?.signal,
      agentName: ROOT_AGENT_NAME
    });
    this.services.registry.adoptRoot(root);
    this.services.updates.bindOwner(root.executionId);
    return root;
  }
};

// src/server/ext-methods.ts
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "ExtMethodError";
  }
};
function requireSession(params, table) {
  const sessionId = params.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(-32602, "sessionId is required");
  const session = table.lookup(sessionId);
  if (!session) throw new ExtMethodError(-32004, `unknown session ${sessionId}`);
  return session;
}
var handlers = {
  "_session/steer": (params, table) => {
    const session = requireSession(params, table);
    const text = typeof params.text === "string" ? params.text : "";
    if (!text.trim()) throw new ExtMethodError(-32602, "text is required");
    const message = session.steer(text, "user");
    return { queued: true, messageId: message.id };
  },
  "_session/steer/clear": (params, table) => {
    const session = requireSession(params, table);
    const { messageIds } = session.closeSteeringWindow("user_clear");
    session.bumpSteeringEpoch();
    return { cleared: true, messageIds };
  },
  "_session/executions": (params, table) => {
    const session = requireSession(params, table);
    return { executions: session.services.registry.snapshot() };
  },
  "_session/usage": (params, table) => {
    const session = requireSession(params, table);
    return { modelCalls: Object.fromEntries(session.usage.callsByAgent) };
  }
};
async function dispatchExtMethod(method, params, table) {
  const handler = handlers[method];
  if (!handler) {
    logger.warn(`[Ext] unknown extension method ${method}`);
    throw new ExtMethodError(-32601, `method not found: ${method}`);
  }
  return handler(params ?? {}, table);
}

// src/server/acp-server.ts
function parseArgs(argv) {
  const options = { transport: "none", auth: "none" };
  for (const arg of argv) {
    const [key, value] = arg.startsWith("--") ? arg.slice(2).split("=", 2) : [arg, ""];
    if (key === "transport" && value === "stdio") options.transport = "stdio";
    else if (key === "auth" && value) options.auth = value;
    else if (key === "endpoint" && value) options.endpoint = value;
  }
  return options;
}
var AcpServer = class {
  constructor() {
    this.sessions = /* @__PURE__ */ new Map();
    this.memory = new MemoryStore();
  }
  open(model) {
    const session = new KasSession({ model, memory: this.memory });
    this.sessions.set(session.sessionId, session);
    logger.info(`[AcpServer] session ${session.sessionId} opened`);
    return session;
  }
  lookup(sessionId) {
    return this.sessions.get(sessionId);
  }
  close(sessionId) {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.cancel();
    return this.sessions.delete(sessionId);
  }
  async serveStdio(options, model) {
    const write = (payload) => process.stdout.write(`${JSON.stringify(payload)}
`);
    const lines = (0, import_node_readline.createInterface)({ input: process.stdin });
    logger.info(`[AcpServer] listening on stdio (auth=${options.auth}${options.endpoint ? `, endpoint=${options.endpoint}` : ""})`);
    for await (const line of lines) {
      if (!line.trim()) continue;
      let request;
      try {
        request = JSON.parse(line);
      } catch {
        write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
        continue;
      }
      const { id, method = "", params = {} } = request;
      try {
        let result;
        if (method === "initialize") {
          result = { protocolVersion: 1, agentCapabilities: { loadSession: false, _meta: { kiro: { steering: true } } } };
        } else if (method === "session/new") {
          const session = this.open(model);
          session.services.updates.subscribe(write);
          result = { sessionId: session.sessionId };
        } else if (method === "session/prompt") {
          const session = this.lookup(String(params.sessionId));
          if (!session) throw new ExtMethodError(-32004, "unknown session");
          const text = Array.isArray(params.prompt) ? params.prompt.map((p) => p.text ?? "").join("\n") : "";
          await session.prompt(text);
          result = { stopReason: "end_turn" };
        } else if (method === "session/cancel") {
          this.lookup(String(params.sessionId))?.cancel();
          result = null;
        } else {
          result = await dispatchExtMethod(method, params, this);
        }
        if (id !== void 0) write({ jsonrpc: "2.0", id, result });
      } catch (error) {
        const code = error instanceof ExtMethodError ? error.code : -32603;
        if (id !== void 0) write({ jsonrpc: "2.0", id, error: { code, message: error.message } });
      }
    }
  }
};
var server = new AcpServer();
function createSession(model) {
  return server.open(model);
}
function handleExtMethod(method, params) {
  return dispatchExtMethod(method, params, server);
}
var cli = parseArgs(process.argv.slice(2));
if (cli.transport === "stdio") {
  const unavailable = {
    async invoke() {
      throw new Error("no model provider is configured for this process");
    }
  };
  server.serveStdio(cli, unavailable).catch((error) => {
    logger.error("[AcpServer] stdio transport failed", error);
    process.exitCode = 1;
  });
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
