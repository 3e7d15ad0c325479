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

// src/index.js
var index_exports = {};
__export(index_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(index_exports);

// src/runtime/session.js
var import_node_events = require("node:events");
var import_node_crypto3 = require("node:crypto");

// src/runtime/container.js
var Container = class {
  #defs = /* @__PURE__ */ new Map();
  #made = /* @__PURE__ */ new Map();
  set(name, make) {
    this.#defs.set(name, make);
    return this;
  }
  get(name) {
    if (!this.#made.has(name)) {
      const make = this.#defs.get(name);
      if (!make) throw new Error(`no service named ${name}`);
      this.#made.set(name, make(this));
    }
    return this.#made.get(name);
  }
};

// src/runtime/steering-queue.js
var import_node_crypto = require("node:crypto");
var sequence = 0;
function nextId(prefix) {
  sequence = sequence + 1 >>> 0;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${(0, import_node_crypto.randomBytes)(4).toString("hex")}`;
}
var SteeringQueue = class {
  #entries = [];
  #index = /* @__PURE__ */ new Map();
  #listeners = /* @__PURE__ */ new Set();
  total() {
    return this.#entries.length;
  }
  at(position) {
    return this.#entries[position];
  }
  push(kind, text) {
    const entry = {
      id: nextId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      receivedAt: (/* @__PURE__ */ new Date()).toISOString(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.#entries.push(entry);
    this.#index.set(entry.id, entry);
    for (const fn of this.#listeners) fn("queued", entry);
    return entry;
  }
  markHandled(id, executionId) {
    const entry = this.#index.get(id);
    if (entry) entry.handlers.add(executionId);
    return entry !== void 0;
  }
  isHandled(id) {
    const entry = this.#index.get(id);
    return entry !== void 0 && entry.handlers.size > 0;
  }
  reset() {
    const removed = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.#index.clear();
    for (const fn of this.#listeners) fn("cleared", removed);
    return removed;
  }
  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }
};

// src/runtime/execution.js
var import_node_crypto2 = require("node:crypto");
var ExecutionBase = class {
  constructor(sessionServices) {
    this.sessionServices = sessionServices;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steeringQueue.total() || this.pendingInjections.length > 0;
  }
};
var AgentExecution = class extends ExecutionBase {
  constructor({ sessionServices, promptContext, signal, subExecutionDepth, agentName = "chat-agent", skipHooks = false, task } = {}) {
    super(sessionServices);
    this.executionId = (0, import_node_crypto2.randomUUID)();
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth ?? 0;
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.abortController = new AbortController();
    signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.pendingInjections = [];
    this.receivedSteering = [];
    this.conversation = [{ role: "system", text: promptContext.instructions }];
    if (task) this.conversation.push({ role: "user", text: task });
    this.state = void 0;
  }
  get shortId() {
    return this.executionId.slice(0, 8);
  }
  injectUserMessage(steeringId, text) {
    this.receivedSteering.push(steeringId);
    this.pendingInjections.push({ role: "user", text });
  }
  record(role, text) {
    this.conversation.push({ role, text });
  }
  contextForModel() {
    const pending = this.pendingInjections.splice(0);
    this.conversation.push(...pending);
    return [...this.conversation];
  }
};

// src/runtime/factory.js
var ExecutionFactory = class {
  constructor(sessionServices, promptContext) {
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
  }
  root(task) {
    return new AgentExecution({ sessionServices: this.sessionServices, promptContext: this.promptContext, agentName: "chat-agent", task });
  }
  child(parent, agentName, extra = {}) {
    const execution = new AgentExecution({
      ...extra,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName
    });
    this.sessionServices.events.emit("execution:spawned", { parent: parent.executionId, child: execution.executionId, agentName });
    return execution;
  }
};

// src/runtime/log.js
var logLines = [];
var levels = { debug: 10, info: 20, warn: 30, error: 40 };
var threshold = process.env.KAS_LOG_LEVEL && levels[process.env.KAS_LOG_LEVEL] ? levels[process.env.KAS_LOG_LEVEL] : levels.info;
function emit(level, args) {
  if (levels[level] < threshold) return;
  const line = args.map((a) => typeof a === "string" ? a : JSON.stringify(a)).join(" ");
  logLines.push(`[${level.toUpperCase()}] ${line}`);
}
var logger = {
  debug: (...a) => emit("debug", a),
  info: (...a) => emit("info", a),
  warn: (...a) => emit("warn", a),
  error: (...a) => emit("error", a)
};

// src/runtime/graph.js
var MODEL_INVOKE = "model_invoke";
var TOOLS = "tools";
var FINAL_RESPONSE = "final_response";
var DONE = "__done__";
var MAX_DRAIN_RETRIES = 6;
function createFinalCheck({ continueTarget, doneTarget }) {
  return async (state) => {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        logger.debug(`steering queued for ${execution.agentName}, continuing`);
        return continueTarget;
      }
      logger.warn(`giving up on queued steering for ${execution.agentName}`);
    }
    return doneTarget;
  };
}
var AgentGraph = class {
  constructor(services) {
    this.services = services;
    this.nodes = {
      [MODEL_INVOKE]: (s) => this.invokeModel(s),
      [TOOLS]: (s) => this.runTools(s),
      [FINAL_RESPONSE]: createFinalCheck({ continueTarget: MODEL_INVOKE, doneTarget: DONE })
    };
  }
  async invokeModel(state) {
    const { hooks, model } = this.services;
    await hooks.run("beforeModelInvoke", state.execution);
    const response = await model.invoke(state.execution, state.execution.contextForModel());
    state.execution.record("assistant", response.text ?? "");
    state.response = response;
    return response.toolCalls?.length ? TOOLS : FINAL_RESPONSE;
  }
  async runTools(state) {
    for await (const output of this.services.tools.dispatch(state.response.toolCalls, state.execution)) {
      state.execution.record("tool", output);
    }
    return MODEL_INVOKE;
  }
  async execute(execution) {
    const state = { execution, response: null };
    execution.state = state;
    let node = MODEL_INVOKE;
    while (node !== DONE) {
      if (execution.abortController.signal.aborted) throw new Error("execution aborted");
      node = await this.nodes[node](state);
    }
    return state.response?.text ?? "";
  }
};

// src/hooks/registry.js
var HookRegistry = class {
  #byPoint = /* @__PURE__ */ new Map();
  use(point, hook, { system = false } = {}) {
    const list = this.#byPoint.get(point) ?? [];
    list.push({ hook, system });
    this.#byPoint.set(point, list);
    return this;
  }
  async run(point, execution, payload) {
    for (const { hook, system } of this.#byPoint.get(point) ?? []) {
      if (execution.skipHooks && !system) continue;
      await hook.handle(execution, payload);
    }
  }
};

// src/hooks/steering-text.js
var wording = {
  recap: (t) => `While you delegated work to subagent(s), the user sent this message. Fold it into your plan:
${t}`,
  active: (t) => `The user sent new guidance mid-task. Please adjust your approach as the currently active agent:
${t}`,
  info: (t) => `Notification (informational only, no reply needed):
${t}`
};
function steeringPrompt(target, item) {
  if (item.kind !== "user") return `[NOTIFY ${item.id}] ${wording.info(item.text)}`;
  const someoneElse = [...item.handlers].some((h) => h !== target.executionId);
  return `[STEERING ${item.id}] ${(someoneElse ? wording.recap : wording.active)(item.text)}`;
}

// src/hooks/live-steering.js
function takeUnread(execution) {
  const queue = execution.sessionServices.steeringQueue;
  const taken = [];
  for (let i = execution.steeringReaderIndex, end = queue.total(); i < end; i++) {
    taken.push(queue.at(i));
    execution.setSteeringReaderIndex(i + 1);
  }
  return taken;
}
var LiveSteeringHook = class {
  constructor(events) {
    this.events = events;
  }
  async handle(execution) {
    const delivered = [];
    for (const item of takeUnread(execution)) {
      execution.injectUserMessage(item.id, steeringPrompt(execution, item));
      delivered.push(item.id);
      logger.info(`[LiveSteeringHook] injected steering ${item.id} into ${execution.agentName} (${execution.shortId}) (handlers: ${item.handlers.size})`);
    }
    if (delivered.length) {
      this.events.emit("session_info_update", { kind: "steering_injected", messageIds: delivered });
      this.events.emit("session_info_update", { kind: "steering_cleared", messageIds: delivered });
    }
  }
};
var UserHooks = class {
  constructor(definitions = []) {
    this.definitions = definitions;
  }
  async handle(execution, payload) {
    for (const def of this.definitions) await def(execution, payload);
  }
};

// src/agents/tools.js
var MAX_DEPTH = 5;
var ToolDispatcher = class {
  constructor(container) {
    this.container = container;
    this.handlers = {
      user_steer: (call) => `queued ${this.container.get("session").steer(call.text ?? "", "user").id}`,
      notify: (call) => `notified ${this.container.get("session").steer(call.text ?? "", "workflow").id}`,
      invoke_sub_agent: (call, execution) => this.invokeSubAgent(call.input ?? {}, execution)
    };
  }
  async *dispatch(calls, execution) {
    for (const call of calls) {
      const handler = this.handlers[call.name];
      yield handler ? await handler(call, execution) : `unknown tool: ${call.name}`;
    }
  }
  async invokeSubAgent({ subagentId = "general", prompt = "" }, parentExecution) {
    if (parentExecution.subExecutionDepth >= MAX_DEPTH) return "sub-agent depth limit reached";
    const factory = this.container.get("factory");
    const subExecution = factory.child(parentExecution, subagentId, { task: prompt });
    logger.info(`sub-agent ${subagentId} started (${subExecution.shortId})`);
    const text = await this.container.get("graph").execute(subExecution);
    const queue = parentExecution.sessionServices.steeringQueue;
    for (const id of subExecution.receivedSteering) {
      queue.markHandled(id, subExecution.executionId);
      queue.markHandled(id, parentExecution.executionId);
    }
    return JSON.stringify({ subagentId, result: text });
  }
};

// src/agents/memory.js
var MEMORY_AGENT = "memory-extraction";
function memoryExtractionTask(container) {
  return async function extractMemories(rootExecution) {
    const execution = container.get("factory").child(rootExecution, MEMORY_AGENT, {
      skipHooks: true,
      task: "Summarise what should be remembered from this conversation."
    });
    try {
      await container.get("graph").execute(execution);
    } catch (error) {
      logger.warn(`memory extraction failed: ${error?.message ?? error}`);
    }
  };
}

// src/runtime/session.js
var USER_ORIGINS = /* @__PURE__ */ new Set(["user", "client"]);
var AgentSession = class extends import_node_events.EventEmitter {
  #afterTurn = [];
  #running = false;
  constructor(model, { sessionId = (0, import_node_crypto3.randomUUID)(), instructions = "You are Kiro." } = {}) {
    super();
    this.sessionId = sessionId;
    this.steeringEpoch = 0;
    this.ownedExecutionId = null;
    const steeringQueue = new SteeringQueue();
    this.sessionServices = { sessionId, steeringQueue, events: this, model };
    this.container = new Container().set("session", () => this).set("hooks", (c) => new HookRegistry().use("beforeModelInvoke", new LiveSteeringHook(this), { system: true }).use("beforeModelInvoke", new UserHooks())).set("tools", (c) => new ToolDispatcher(c)).set("factory", () => new ExecutionFactory(this.sessionServices, { instructions })).set("graph", (c) => new AgentGraph({ hooks: c.get("hooks"), model, tools: c.get("tools") }));
    this.#afterTurn.push(memoryExtractionTask(this.container));
  }
  steer(text, origin = "user") {
    const kind = USER_ORIGINS.has(origin) ? "user" : "workflow";
    const item = this.sessionServices.steeringQueue.push(kind, text);
    this.emit("session_info_update", { kind: "steering_queued", messageId: item.id });
    return item;
  }
  clearSteering(reason) {
    const messageIds = this.sessionServices.steeringQueue.reset();
    this.emit("session_info_update", { kind: "steering_cleared", messageIds, reason });
    return messageIds;
  }
  async prompt(text) {
    if (this.#running) throw new Error("turn in progress");
    this.#running = true;
    const graph = this.container.get("graph");
    const factory = this.container.get("factory");
    try {
      let root = factory.root(text);
      this.ownedExecutionId = root.executionId;
      let result = await graph.execute(root);
      if (root.hasQueuedUserMessage()) {
        const cursor = root.steeringReaderIndex;
        root = factory.root("Continue: the user sent more guidance.");
        root.setSteeringReaderIndex(cursor);
        this.ownedExecutionId = root.executionId;
        result = await graph.execute(root);
      }
      for (const task of this.#afterTurn) await task(root);
      this.clearSteering("turn_end");
      return result;
    } catch (error) {
      logger.error(`prompt failed: ${error?.message ?? error}`);
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.#running = false;
    }
  }
  cancel() {
    this.clearSteering("cancel");
  }
};

// src/index.js
var registry = /* @__PURE__ */ new Map();
function createSession(model) {
  const session = new AgentSession(model);
  registry.set(session.sessionId, session);
  return session;
}
var extMethods = {
  "_session/steer/clear": ({ sessionId }) => {
    const session = registry.get(sessionId);
    if (!session) throw Object.assign(new Error("session not found"), { code: -32602 });
    const messageIds = session.clearSteering("user_clear");
    session.steeringEpoch += 1;
    return { cleared: true, messageIds };
  }
};
async function handleExtMethod(method, params = {}) {
  const fn = extMethods[method];
  if (!fn) throw Object.assign(new Error(`unknown method ${method}`), { code: -32601 });
  return fn(params);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
