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

// src/util/logger.ts
var logLines = [];
var LEVEL_ORDER = { debug: 10, info: 20, warn: 30, error: 40 };
function threshold() {
  const configured = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase();
  return LEVEL_ORDER[configured] ?? LEVEL_ORDER.info;
}
function write(level, message) {
  if (LEVEL_ORDER[level] < threshold()) return;
  const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  logLines.push(line);
  if (logLines.length > 5e3) logLines.splice(0, logLines.length - 5e3);
  if (process.env.KAS_LOG_STDERR) process.stderr.write(line + "\n");
}
function createLogger(scope) {
  const tag = scope ? `[${scope}] ` : "";
  return {
    debug: (message) => write("debug", tag + message),
    info: (message) => write("info", tag + message),
    warn: (message) => write("warn", tag + message),
    error: (message, err) => write("error", tag + message + (err instanceof Error ? `: ${err.message}` : ""))
  };
}
var rootLogger = createLogger();

// src/util/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)().replace(/-/g, "");
}
function newSessionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSteeringMessageId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomBytes)(6).toString("hex")}`;
}

// src/agent/execution.ts
var ROOT_AGENT_NAME = "chat-agent";
var AgentExecution = class {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  status = "created";
  executionId = newExecutionId();
  sessionServices;
  promptContext;
  abortController = new AbortController();
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  /** steering ids the drain delivered and nobody has acknowledged for this execution yet */
  deliveredSteering = [];
  #queuedUserMessages = [];
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    this.parentExecutionId = config.parentExecutionId;
    config.signal?.addEventListener("abort", () => this.abortController.abort(config.signal?.reason), { once: true });
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(text) {
    this.#queuedUserMessages.push(text);
  }
  takeQueuedUserMessages() {
    return this.#queuedUserMessages.splice(0);
  }
  hasQueuedUserMessage() {
    return this.#queuedUserMessages.length > 0 || this.steeringReaderIndex < this.sessionServices.steering.entries.length;
  }
};
function inheritedExecutionOptions(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    parentExecutionId: parent.executionId
  };
}

// src/acp/event-adapter.ts
var ExecutionEventAdapter = class {
  #ownedExecutionId;
  #history = [];
  setOwnedExecutionId(executionId) {
    this.#ownedExecutionId = executionId;
    this.#history.push(executionId);
  }
  get ownedExecutionId() {
    return this.#ownedExecutionId;
  }
  owns(executionId) {
    return executionId === this.#ownedExecutionId;
  }
  get ownedHistory() {
    return this.#history;
  }
};

// src/graph/nodes.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOLS: "TOOLS",
  END: "__end__"
};

// src/graph/agent-graph.ts
var log = createLogger("AgentGraph");
var AgentGraph = class {
  constructor(maxSteps = 60) {
    this.maxSteps = maxSteps;
  }
  maxSteps;
  #nodes = /* @__PURE__ */ new Map();
  #edges = /* @__PURE__ */ new Map();
  addNode(name, handler) {
    this.#nodes.set(name, handler);
    return this;
  }
  addEdge(from, router) {
    this.#edges.set(from, router);
    return this;
  }
  async invoke(initial, entry = GraphNode.MODEL_INVOKE) {
    let state = initial;
    let current = entry;
    for (let step = 0; step < this.maxSteps; step++) {
      if (current === GraphNode.END) return state;
      const handler = this.#nodes.get(current);
      if (!handler) throw new Error(`graph has no node ${current}`);
      state = await handler(state);
      state.execution.abortController.signal.throwIfAborted();
      const route = this.#edges.get(current);
      current = route ? route(state) : GraphNode.END;
    }
    log.warn(`step limit (${this.maxSteps}) reached in ${initial.execution.agentName}`);
    return state;
  }
};

// src/steering/prompts.ts
var STEERING_TEMPLATES = {
  delegatedRecap: (message) => `While you delegated work to subagent(s), the user sent the following message. The subagent(s) already saw it; take their handling into account.
[STEERING ${message.id}] ${message.text}`,
  activeAgent: (message) => `The user sent a new message while you were working. Adjust your approach as the currently active agent.
[STEERING ${message.id}] ${message.text}`,
  informational: (message) => `The following notification is informational only; it needs no reply.
[NOTIFY ${message.id}] ${message.text}`
};

// src/steering/live-steering-hook.ts
var log2 = createLogger("LiveSteeringHook");
async function drainLiveSteering(execution) {
  const { steering, notifier, telemetry, sessionId } = execution.sessionServices;
  const injectedIds = [];
  while (execution.steeringReaderIndex < steering.entries.length) {
    const message = steering.entries[execution.steeringReaderIndex++];
    const template = message.kind !== "user" ? STEERING_TEMPLATES.informational : [...message.handlers].some((handler) => handler !== execution.executionId) ? STEERING_TEMPLATES.delegatedRecap : STEERING_TEMPLATES.activeAgent;
    execution.queueUserMessage(template(message));
    execution.deliveredSteering.push(message.id);
    injectedIds.push(message.id);
    telemetry.increment("steering.injected");
    log2.info(
      `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
    notifier.steering(sessionId, "steering_injected", { messageId: message.id, executionId: execution.executionId });
  }
  if (injectedIds.length > 0) {
    notifier.steering(sessionId, "steering_cleared", { messageIds: injectedIds, reason: "injected" });
  }
  return injectedIds.length;
}

// src/model/types.ts
var ModelSettleError = class extends Error {
  constructor(message, cause) {
    super(message);
    this.cause = cause;
    this.name = "ModelSettleError";
  }
  cause;
};

// src/graph/model-invoke.ts
var log3 = createLogger("ModelInvoke");
function appendQueuedSteering(state) {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  log3.debug(`appending ${queued.length} queued steering message(s) for ${state.execution.agentName}`);
  const additions = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...additions], agentIterationNumber: 0 };
}
function createModelInvokeNode(model) {
  return async (state) => {
    const execution = state.execution;
    await execution.sessionServices.hooks.run(execution, "preModelInvoke");
    await drainLiveSteering(execution);
    const prepared = appendQueuedSteering(state);
    execution.abortController.signal.throwIfAborted();
    let response;
    try {
      response = await model.invoke(execution, prepared.context);
    } catch (err) {
      throw new ModelSettleError(`model call failed for ${execution.agentName}`, err);
    }
    if (response == null || typeof response !== "object") {
      throw new ModelSettleError(`model returned no settled response for ${execution.agentName}`);
    }
    const { steering } = execution.sessionServices;
    for (const id of execution.deliveredSteering.splice(0)) steering.acknowledge(id, execution.executionId);
    await execution.sessionServices.hooks.run(execution, "postModelInvoke");
    return {
      ...prepared,
      context: [...prepared.context, { role: "assistant", text: response.text ?? "" }],
      response,
      agentIterationNumber: prepared.agentIterationNumber + 1
    };
  };
}

// src/graph/tools-node.ts
var log4 = createLogger("ToolsNode");
function createToolsNode(tools, host) {
  return async (state) => {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      try {
        const result = await tools.execute(call, { state, host });
        results.push({ role: "tool", text: `${call.name}: ${result.text}` });
      } catch (err) {
        log4.warn(`tool ${call.name} failed in ${state.execution.agentName}: ${String(err)}`);
        results.push({ role: "tool", text: `${call.name} failed` });
      }
    }
    return { ...state, context: [...state.context, ...results] };
  };
}

// src/graph/routing.ts
var log5 = createLogger("LiveSteeringHook");
var MAX_DRAIN_RETRIES = 3;
function routeFinalResponse(state, targets) {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount += 1;
      log5.info(`Queued user message found - continuing ${execution.agentName}`);
      return targets.continueTarget;
    }
    log5.warn(`drain retry limit reached for ${execution.agentName}; ending with steering still queued`);
  }
  execution.drainRetryCount = 0;
  return targets.endTarget;
}
function routeAfterModelInvoke(state) {
  if ((state.response?.toolCalls?.length ?? 0) > 0) return GraphNode.TOOLS;
  return routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, endTarget: GraphNode.END });
}

// src/tools/registry.ts
var ToolRegistry = class {
  #tools = /* @__PURE__ */ new Map();
  register(...tools) {
    for (const tool of tools) {
      if (this.#tools.has(tool.name)) throw new Error(`duplicate tool ${tool.name}`);
      this.#tools.set(tool.name, tool);
    }
    return this;
  }
  names() {
    return [...this.#tools.keys()];
  }
  async execute(call, ctx) {
    const tool = this.#tools.get(call.name);
    if (!tool) return { text: `unknown tool ${call.name}` };
    return tool.execute(call, ctx);
  }
};

// src/tools/invoke-sub-agent.ts
var log6 = createLogger("SubAgentGraph");
var MAX_SUB_EXECUTION_DEPTH = 4;
function parseInput(raw) {
  const subagentId = typeof raw?.subagentId === "string" ? raw.subagentId : "general-purpose";
  const prompt = typeof raw?.prompt === "string" ? raw.prompt : "";
  return { subagentId, prompt };
}
var invokeSubAgentTool = {
  name: "invoke_sub_agent",
  description: "Delegate a self-contained task to a sub-agent and return its final answer.",
  async execute(call, { state, host }) {
    const { subagentId, prompt } = parseInput(call.input);
    const parent = state.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log6.warn(`nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) reached, not invoking ${subagentId}`);
      return { text: `Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded` };
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      parentExecutionId: parent.executionId
    });
    parent.sessionServices.telemetry.increment("subagent.spawned");
    log6.info(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${currentDepth + 1}`);
    const output = await host.runExecution(subAgentExecution, prompt);
    return { text: output || "(no output)" };
  }
};

// src/tools/steering-tools.ts
var userSteerTool = {
  name: "user_steer",
  description: "Queue a steering message as if the user had typed it.",
  async execute(call, { host }) {
    const message = host.steer(String(call.text ?? call.input?.text ?? ""), "user");
    return { text: `queued ${message.id}` };
  }
};
var notifyTool = {
  name: "notify",
  description: "Post a workflow notification to every active agent.",
  async execute(call, { host }) {
    const message = host.steer(String(call.text ?? call.input?.text ?? ""), "workflow");
    return { text: `posted ${message.id}` };
  }
};

// src/memory/memory-extraction.ts
var log7 = createLogger("MemoryExtraction");
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var EXTRACTION_PROMPT = "Review the conversation turn that just finished and extract durable facts about the user, the project and its conventions. Reply with a JSON array of memories, or [] if there are none.";
var memoryExtractionPlugin = {
  name: MEMORY_EXTRACTION_AGENT,
  enabled: (turn) => turn.status === "completed" && process.env.KIRO_DISABLE_MEMORY !== "1",
  async run(turn) {
    const root = turn.rootExecution;
    const memoryExecution = new AgentExecution({
      ...inheritedExecutionOptions(root),
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true
    });
    root.sessionServices.telemetry.increment("memory.extraction");
    const raw = await turn.runExecution(memoryExecution, EXTRACTION_PROMPT);
    log7.debug(`extraction returned ${raw.length} chars`);
  }
};

// src/steering/steering-store.ts
var SteeringStore = class {
  entries = [];
  #byId = /* @__PURE__ */ new Map();
  epoch = 0;
  push(text, origin = "user") {
    const kind = origin === "user" ? "user" : "notification";
    const message = {
      id: newSteeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      queuedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.entries.push(message);
    this.#byId.set(message.id, message);
    return message;
  }
  get(id) {
    return this.#byId.get(id);
  }
  acknowledge(id, executionId) {
    const message = this.#byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.#byId.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  drop(reason) {
    const removed = this.entries.splice(0, this.entries.length);
    this.#byId.clear();
    return { reason, messageIds: removed.map((m) => m.id) };
  }
};

// src/telemetry/counters.ts
var TelemetryCounters = class {
  #values = /* @__PURE__ */ new Map();
  #listeners = [];
  increment(name, by = 1) {
    const next = (this.#values.get(name) ?? 0) + by;
    this.#values.set(name, next);
    for (const listener of this.#listeners) listener(name, next);
    return next;
  }
  get(name) {
    return this.#values.get(name) ?? 0;
  }
  onChange(listener) {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }
  snapshot() {
    return Object.fromEntries(this.#values);
  }
};

// src/acp/notifier.ts
var import_node_events = require("node:events");
var SessionUpdateNotifier = class extends import_node_events.EventEmitter {
  outbox = [];
  steering(sessionId, kind, payload) {
    const notification = {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } }
    };
    this.outbox.push(notification);
    if (this.outbox.length > 200) this.outbox.shift();
    this.emit("notification", notification);
  }
};

// src/agent/execution-registry.ts
var LiveExecutionRegistry = class {
  #live = /* @__PURE__ */ new Map();
  #peak = 0;
  register(execution) {
    this.#live.set(execution.executionId, execution);
    this.#peak = Math.max(this.#peak, this.#live.size);
    return () => {
      this.#live.delete(execution.executionId);
    };
  }
  get(executionId) {
    return this.#live.get(executionId);
  }
  list() {
    return [...this.#live.values()];
  }
  get peak() {
    return this.#peak;
  }
  abortAll(reason) {
    let n = 0;
    for (const execution of this.#live.values()) {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(reason);
        n++;
      }
    }
    return n;
  }
};

// src/hooks/agent-hooks.ts
var log8 = createLogger("AgentHooks");
var AgentHookRunner = class {
  #hooks = [];
  use(hook) {
    this.#hooks.push(hook);
    return this;
  }
  async run(execution, event) {
    if (execution.skipHooks) return;
    for (const hook of this.#hooks) {
      if (!hook.events.includes(event)) continue;
      try {
        await hook.run(execution, event);
      } catch (err) {
        log8.warn(`hook ${hook.name} failed on ${event} for ${execution.agentName}: ${String(err)}`);
      }
    }
  }
};

// src/session/services.ts
function createSessionServices(sessionId, notifier = new SessionUpdateNotifier()) {
  return {
    sessionId,
    steering: new SteeringStore(),
    telemetry: new TelemetryCounters(),
    notifier,
    executions: new LiveExecutionRegistry(),
    hooks: new AgentHookRunner()
  };
}

// src/session/turn-boundary.ts
var log9 = createLogger("Steering");
function clearSteeringAtTurnBoundary(services, reason) {
  const result = services.steering.drop(reason);
  if (result.messageIds.length > 0) {
    services.telemetry.increment("steering.cleared", result.messageIds.length);
    services.notifier.steering(services.sessionId, "steering_cleared", { reason, messageIds: result.messageIds });
    log9.debug(`cleared ${result.messageIds.length} steering message(s): ${reason}`);
  }
  return result;
}

// src/session/session.ts
var log10 = createLogger("Session");
var CONTINUE_PROMPT = "Continue the task: the user sent more guidance while you were finishing.";
var KasSession = class {
  sessionId;
  services;
  promptContext;
  eventAdapter = new ExecutionEventAdapter();
  #graph;
  #postTurn;
  #turnAbort = new AbortController();
  #turnNumber = 0;
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? newSessionId();
    this.services = createSessionServices(this.sessionId);
    this.promptContext = { workspaceRoot: options.workspaceRoot ?? process.cwd(), promptTemplateContext: {} };
    this.#postTurn = options.postTurnPlugins ?? [memoryExtractionPlugin];
    const tools = new ToolRegistry().register(invokeSubAgentTool, userSteerTool, notifyTool);
    this.#graph = new AgentGraph().addNode(GraphNode.MODEL_INVOKE, createModelInvokeNode(model)).addNode(GraphNode.TOOLS, createToolsNode(tools, this)).addEdge(GraphNode.MODEL_INVOKE, routeAfterModelInvoke).addEdge(GraphNode.TOOLS, () => GraphNode.MODEL_INVOKE);
  }
  steer(text, origin = "user") {
    const message = this.services.steering.push(text, origin);
    this.services.telemetry.increment("steering.queued");
    this.services.notifier.steering(this.sessionId, "steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }
  clearSteering(reason = "user_clear") {
    return clearSteeringAtTurnBoundary(this.services, reason);
  }
  async runExecution(execution, prompt) {
    const release = this.services.executions.register(execution);
    this.services.telemetry.increment("execution.started");
    execution.status = "running";
    try {
      await this.services.hooks.run(execution, "agentSpawn");
      const final = await this.#graph.invoke({
        execution,
        context: [{ role: "user", text: prompt }],
        agentIterationNumber: 0
      });
      execution.status = "finished";
      await this.services.hooks.run(execution, "stop");
      return final.response?.text ?? "";
    } catch (err) {
      execution.status = execution.abortController.signal.aborted ? "cancelled" : "failed";
      throw err;
    } finally {
      release();
      this.services.telemetry.increment("execution.finished");
    }
  }
  #newRootExecution() {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort.signal
    });
  }
  async prompt(text) {
    this.#turnAbort = new AbortController();
    const turnNumber = ++this.#turnNumber;
    try {
      let rootExecution = this.#newRootExecution();
      this.eventAdapter.setOwnedExecutionId(rootExecution.executionId);
      let result = await this.runExecution(rootExecution, text);
      const pending = rootExecution.steeringReaderIndex < this.services.steering.entries.length;
      if (pending) {
        const resumeFrom = rootExecution.steeringReaderIndex;
        rootExecution = this.#newRootExecution();
        rootExecution.setSteeringReaderIndex(resumeFrom);
        this.eventAdapter.setOwnedExecutionId(rootExecution.executionId);
        log10.info(`continuing turn ${turnNumber} for steering queued after the final response`);
        result = await this.runExecution(rootExecution, CONTINUE_PROMPT);
      }
      const turn = {
        status: "completed",
        turnNumber,
        rootExecution,
        result,
        runExecution: (execution, prompt) => this.runExecution(execution, prompt)
      };
      for (const plugin of this.#postTurn) {
        if (!plugin.enabled(turn)) continue;
        try {
          await plugin.run(turn);
        } catch (err) {
          log10.warn(`post-turn plugin ${plugin.name} failed: ${String(err)}`);
        }
      }
      this.clearSteering("turn_end");
      return result;
    } catch (err) {
      this.clearSteering(err instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      throw err;
    }
  }
  cancel() {
    this.#turnAbort.abort("cancelled");
    const aborted = this.services.executions.abortAll("cancelled");
    log10.info(`cancel: aborted ${aborted} execution(s)`);
    this.clearSteering("cancelled");
  }
};

// src/session/session-registry.ts
var sessions = /* @__PURE__ */ new Map();
function registerSession(session) {
  sessions.set(session.sessionId, session);
  return session;
}
function lookupSession(sessionId) {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (!session) throw Object.assign(new Error(`unknown session ${String(sessionId)}`), { code: -32602 });
  return session;
}

// src/acp/ext-methods.ts
var handlers = {
  "_session/steer": (params) => {
    const session = lookupSession(params.sessionId);
    const origin = typeof params.origin === "string" ? params.origin : "user";
    const message = session.steer(String(params.text ?? ""), origin);
    return { queued: true, messageId: message.id };
  },
  "_session/steer/clear": (params) => {
    const session = lookupSession(params.sessionId);
    const { messageIds } = clearSteeringAtTurnBoundary(session.services, "user_clear");
    session.services.steering.epoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/cancel": (params) => {
    lookupSession(params.sessionId).cancel();
    return { cancelled: true };
  }
};
async function handleExtMethod(method, params = {}) {
  const handler = handlers[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params);
}

// src/server/acp-server.ts
function createSession(model, options) {
  return registerSession(new KasSession(model, options));
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
