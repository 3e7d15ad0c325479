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

// src/index.ts
var index_exports = {};
__export(index_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(index_exports);

// src/execution/agent-execution.ts
var AgentExecution = class {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  executionId = crypto.randomUUID();
  sessionServices;
  promptContext;
  abortController = new AbortController();
  subExecutionDepth;
  agentName;
  skipHooks;
  history = [];
  queuedSteering = [];
  deliveredSteeringIds = [];
  state;
  #startedAt = Date.now();
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName;
    this.skipHooks = config.skipHooks ?? false;
    if (config.signal) {
      const parentSignal = config.signal;
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
    if (config.initialPrompt !== void 0) this.history.push({ role: "user", text: config.initialPrompt });
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueSteering(text) {
    this.queuedSteering.push({ role: "user", text });
  }
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.length || this.queuedSteering.length > 0;
  }
  /** moves queued steering into the conversation and returns what the model sees */
  buildModelContext() {
    this.history.push(...this.queuedSteering.splice(0));
    return [{ role: "system", text: this.promptContext.systemPrompt }, ...this.history];
  }
  get elapsedMs() {
    return Date.now() - this.#startedAt;
  }
};

// src/graph/state-graph.ts
var END = "__end__";
var GraphRecursionError = class extends Error {
};
var GraphCancelledError = class extends Error {
};
var StateGraph = class {
  #nodes = /* @__PURE__ */ new Map();
  #routers = /* @__PURE__ */ new Map();
  #entryPoint;
  addNode(name, fn) {
    if (this.#nodes.has(name)) throw new Error(`node ${name} already exists`);
    this.#nodes.set(name, fn);
    return this;
  }
  addEdge(from, to) {
    this.#routers.set(from, () => to);
    return this;
  }
  addConditionalEdges(from, router) {
    this.#routers.set(from, router);
    return this;
  }
  setEntryPoint(name) {
    this.#entryPoint = name;
    return this;
  }
  compile() {
    const nodes = new Map(this.#nodes);
    const routers = new Map(this.#routers);
    const entry = this.#entryPoint;
    if (!entry || !nodes.has(entry)) throw new Error("graph has no entry point");
    return {
      async invoke(initial, options = {}) {
        const limit = options.recursionLimit ?? 100;
        let state = initial;
        let current = entry;
        for (let step = 0; current !== END; step++) {
          if (step >= limit) throw new GraphRecursionError(`recursion limit ${limit} reached at ${current}`);
          if (options.signal?.aborted) throw new GraphCancelledError("cancelled");
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown node ${current}`);
          state = await node(state);
          const route = routers.get(current);
          current = route ? route(state) : END;
        }
        return state;
      }
    };
  }
};

// src/log.ts
var logLines = [];
var LEVEL_TAG = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" };
function log(level, message) {
  const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${LEVEL_TAG[level]} ${message}`;
  logLines.push(line);
  if (logLines.length > 5e3) logLines.splice(0, logLines.length - 5e3);
}

// src/steering/live-steering-hook.ts
var RECAP_PREFIX = "While you delegated work to subagent(s), the user sent the following message. Take it into account for the rest of the task";
var ACTIVE_PREFIX = "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent";
var NOTIFY_PREFIX = "This notification is informational only; do not treat it as a request";
async function drainLiveSteering(execution) {
  const buffer = execution.sessionServices.steeringBuffer;
  const injected = [];
  while (execution.steeringReaderIndex < buffer.length) {
    const message = buffer.at(execution.steeringReaderIndex);
    execution.steeringReaderIndex++;
    let wrapped;
    if (message.kind !== "user") {
      wrapped = `[NOTIFY ${message.id}] ${NOTIFY_PREFIX}:
${message.text}`;
    } else if ([...message.handlers].some((handler) => handler !== execution.executionId)) {
      wrapped = `[STEERING ${message.id}] ${RECAP_PREFIX}:
${message.text}`;
    } else {
      wrapped = `[STEERING ${message.id}] ${ACTIVE_PREFIX}:
${message.text}`;
    }
    execution.queueSteering(wrapped);
    execution.deliveredSteeringIds.push(message.id);
    injected.push(message.id);
    log(
      "info",
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
  if (injected.length > 0) {
    const { bus, sessionId } = execution.sessionServices;
    bus.emit("session/update", {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_injected", messageIds: injected } } }
    });
    bus.emit("session/update", {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_cleared", messageIds: injected } } }
    });
  }
  return injected.length;
}

// src/graph/agent-graph.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOLS: "TOOLS",
  END_OF_TURN: "END_OF_TURN"
};
var MAX_DRAIN_RETRIES = 8;
var MAX_SUBAGENT_DEPTH = 4;
var ModelSettleError = class extends Error {
  constructor(agentName, cause) {
    super(`model did not settle for ${agentName}`, { cause });
    this.agentName = agentName;
  }
  agentName;
};
async function invokeModel(state) {
  const { execution } = state;
  const context = execution.buildModelContext();
  let response;
  try {
    response = await execution.sessionServices.model.invoke(execution, context);
  } catch (error) {
    throw new ModelSettleError(execution.agentName, error);
  }
  if (!response || typeof response !== "object") throw new ModelSettleError(execution.agentName, response);
  execution.history.push({ role: "assistant", text: response.text ?? "" });
  return { ...state, response, steps: state.steps + 1 };
}
async function modelInvokeNode(state) {
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
  state.execution.state = state;
  return state;
}
async function invokeSubAgentTool(state2, input) {
  const currentDepth = state2.execution.subExecutionDepth;
  if (currentDepth + 1 > MAX_SUBAGENT_DEPTH) return `error: sub-agent depth limit (${MAX_SUBAGENT_DEPTH}) reached`;
  const subagentId = input.subagentId;
  const subAgentExecution = new AgentExecution({
    sessionServices: state2.execution.sessionServices,
    promptContext: state2.execution.promptContext,
    signal: state2.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
    initialPrompt: input.prompt
  });
  const result = await runExecution(subAgentExecution);
  const buffer = state2.execution.sessionServices.steeringBuffer;
  for (const id of subAgentExecution.deliveredSteeringIds) {
    buffer.acknowledge(id, subAgentExecution.executionId);
    buffer.acknowledge(id, state2.execution.executionId);
  }
  return result;
}
async function toolsNode(state) {
  const { execution } = state;
  const sink = execution.sessionServices.steeringSink;
  for (const call of state.response?.toolCalls ?? []) {
    switch (call.name) {
      case "user_steer": {
        const queued = sink.steer(call.text ?? "", "user");
        execution.history.push({ role: "tool", text: `queued ${queued.id}` });
        break;
      }
      case "notify": {
        const queued = sink.steer(call.text ?? "", "workflow");
        execution.history.push({ role: "tool", text: `notified ${queued.id}` });
        break;
      }
      case "invoke_sub_agent": {
        const result = await invokeSubAgentTool(state, call.input);
        execution.history.push({ role: "tool", text: `sub-agent ${call.input.subagentId} returned: ${result}` });
        break;
      }
      default:
        execution.history.push({ role: "tool", text: `error: unknown tool ${call.name}` });
    }
  }
  return state;
}
async function endOfTurnNode(state) {
  const targets = { continueTarget: GraphNode.MODEL_INVOKE, endTarget: END };
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      return { ...state, next: targets.continueTarget };
    }
    log("warn", `[AgentGraph] steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries; ending turn`);
  }
  return { ...state, next: targets.endTarget };
}
var compiled;
function agentGraph() {
  compiled ??= new StateGraph().addNode(GraphNode.MODEL_INVOKE, modelInvokeNode).addNode(GraphNode.TOOLS, toolsNode).addNode(GraphNode.END_OF_TURN, endOfTurnNode).setEntryPoint(GraphNode.MODEL_INVOKE).addConditionalEdges(GraphNode.MODEL_INVOKE, (s) => s.response?.toolCalls?.length ? GraphNode.TOOLS : GraphNode.END_OF_TURN).addEdge(GraphNode.TOOLS, GraphNode.MODEL_INVOKE).addConditionalEdges(GraphNode.END_OF_TURN, (s) => s.next ?? END).compile();
  return compiled;
}
async function runExecution(execution) {
  const services = execution.sessionServices;
  services.liveExecutions.add(execution);
  services.bus.emit("execution/started", {
    executionId: execution.executionId,
    agentName: execution.agentName,
    depth: execution.subExecutionDepth
  });
  let ok = false;
  try {
    if (!execution.skipHooks) await services.hooks.run("agentSpawn", execution);
    const final = await agentGraph().invoke(
      { execution, steps: 0 },
      { signal: execution.abortController.signal, recursionLimit: 200 }
    );
    if (!execution.skipHooks) await services.hooks.run("stop", execution);
    ok = true;
    return final.response?.text ?? "";
  } finally {
    services.liveExecutions.delete(execution);
    services.bus.emit("execution/finished", { executionId: execution.executionId, agentName: execution.agentName, ok });
  }
}

// src/steering/steering-buffer.ts
function shortHex() {
  return crypto.randomUUID().replace(/-/g, "").slice(0, 12);
}
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  epoch = 0;
  get length() {
    return this.messages.length;
  }
  at(index) {
    return this.messages[index];
  }
  push(text, kind) {
    const message = {
      id: `${kind === "user" ? "steer" : "notify"}-${shortHex()}`,
      kind,
      text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  acknowledge(messageId, executionId) {
    const message = this.messageById.get(messageId);
    if (message) message.handlers.add(executionId);
  }
  isHandled(messageId) {
    const message = this.messageById.get(messageId);
    return message !== void 0 && message.handlers.size > 0;
  }
  clear() {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
};

// src/events/event-bus.ts
var EventBus = class {
  #listeners = /* @__PURE__ */ new Map();
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
  emit(event, payload) {
    this.#emitted++;
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch {
      }
    }
  }
  get emittedCount() {
    return this.#emitted;
  }
};
var AcpEventAdapter = class {
  constructor(bus) {
    this.bus = bus;
    this.bus.on("session/update", (u) => this.outbox.push(u));
  }
  bus;
  #ownedExecutionId;
  outbox = [];
  setOwnedExecutionId(executionId) {
    this.#ownedExecutionId = executionId;
  }
  get ownedExecutionId() {
    return this.#ownedExecutionId;
  }
};

// src/session/acp-session.ts
var MEMORY_EXTRACTION_DEFAULTS = {
  agentName: "memory-extraction",
  initialPrompt: "Extract durable facts about the user and the workspace from this conversation."
};
var NoopHookRunner = class {
  #ran = 0;
  async run() {
    this.#ran++;
  }
};
var AcpSession = class {
  sessionId = crypto.randomUUID();
  services;
  promptContext;
  rootExecution;
  #turnAbort = new AbortController();
  #turns = 0;
  constructor(model, bus = new EventBus()) {
    this.promptContext = { systemPrompt: "You are Kiro, an AI assistant and IDE.", workspaceRoot: process.cwd(), modelId: "auto" };
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(),
      model,
      bus,
      eventAdapter: new AcpEventAdapter(bus),
      hooks: new NoopHookRunner(),
      liveExecutions: /* @__PURE__ */ new Set(),
      steeringSink: this
    };
  }
  steer(text, origin = "user") {
    const message = this.services.steeringBuffer.push(text, origin === "user" ? "user" : "notification");
    this.#update("steering_queued", [message.id]);
    log("debug", `[LiveSteeringHook] queued ${message.id} (${message.kind}) for session ${this.sessionId.slice(0, 8)}`);
    return message;
  }
  async prompt(text) {
    this.#turns++;
    this.#turnAbort = new AbortController();
    const previous = this.rootExecution;
    if (previous !== void 0 && previous.abortController.signal.aborted) {
      this.rootExecution = void 0;
    }
    const isContinuation = this.rootExecution !== void 0;
    const root = this.rootExecution ??= new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort.signal,
      agentName: "chat-agent"
    });
    if (!isContinuation && previous !== void 0) root.history.push(...previous.history);
    this.services.eventAdapter.setOwnedExecutionId(root.executionId);
    if (isContinuation) {
      root.setSteeringReaderIndex(this.services.steeringBuffer.length);
    }
    root.drainRetryCount = 0;
    root.history.push({ role: "user", text });
    try {
      await runExecution(root);
    } catch (error) {
      const cancelled = this.#turnAbort.signal.aborted;
      this.clearSteering(cancelled ? "cancel" : error instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      if (cancelled) return { stopReason: "cancelled" };
      throw error;
    }
    await this.#extractMemories(root);
    this.clearSteering("turn_end");
    return { stopReason: "end_turn" };
  }
  async #extractMemories(root) {
    const memoryExecution = new AgentExecution({
      ...MEMORY_EXTRACTION_DEFAULTS,
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      skipHooks: true
    });
    try {
      await runExecution(memoryExecution);
    } catch (error) {
      log("warn", `[MemoryExtraction] failed: ${String(error)}`);
    }
  }
  /** turn-boundary helper: empties the session's steering buffer */
  clearSteering(reason) {
    const messageIds = this.services.steeringBuffer.clear();
    if (messageIds.length > 0) this.#update("steering_cleared", messageIds, reason);
    return messageIds;
  }
  bumpSteeringEpoch() {
    return ++this.services.steeringBuffer.epoch;
  }
  cancel() {
    this.#turnAbort.abort("cancelled");
    for (const execution of this.services.liveExecutions) execution.abortController.abort("cancelled");
    this.clearSteering("cancel");
  }
  get turnCount() {
    return this.#turns;
  }
  #update(kind, messageIds, reason) {
    this.services.bus.emit("session/update", {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, reason } } }
    });
  }
};

// src/protocol/ext-methods.ts
var sessions = /* @__PURE__ */ new Map();
var JsonRpcError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
function requireSession(params) {
  const sessionId = params?.sessionId;
  if (typeof sessionId !== "string") throw new JsonRpcError(-32602, "sessionId is required");
  const session = sessions.get(sessionId);
  if (!session) throw new JsonRpcError(-32602, `unknown session ${sessionId}`);
  return session;
}
async function handleExtMethod(method, params) {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const { text } = params;
      const queued = session.steer(text, "user");
      return { queued: true, messageId: queued.id };
    }
    case "_session/steer/clear": {
      const session = requireSession(params);
      const messageIds = session.clearSteering("user_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params).cancel();
      return { cancelled: true };
    }
    default:
      throw new JsonRpcError(-32601, `Method not found: ${method}`);
  }
}

// src/index.ts
function createSession(model) {
  const session = new AcpSession(model);
  sessions.set(session.sessionId, session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
