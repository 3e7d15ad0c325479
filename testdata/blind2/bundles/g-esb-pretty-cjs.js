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
var __decorateParam = (index, decorator) => (target, key) => decorator(target, key, index);

// src/index.ts
var index_exports = {};
__export(index_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(index_exports);

// src/di/container.ts
function token(description) {
  return Symbol(description);
}
var providers = /* @__PURE__ */ new Map();
var pendingDeps = /* @__PURE__ */ new WeakMap();
function Injectable(tok, scope = "session") {
  return function(target) {
    providers.set(tok, { ctor: target, deps: pendingDeps.get(target) ?? [], scope });
  };
}
function Inject(tok) {
  return function(target, _key, index) {
    const deps = pendingDeps.get(target) ?? [];
    deps[index] = tok;
    pendingDeps.set(target, deps);
  };
}
var Container = class {
  constructor(parent) {
    this.parent = parent;
  }
  parent;
  instances = /* @__PURE__ */ new Map();
  provide(tok, value) {
    this.instances.set(tok, value);
    return this;
  }
  resolve(tok) {
    if (this.instances.has(tok)) return this.instances.get(tok);
    const record = providers.get(tok);
    if (!record) {
      if (this.parent) return this.parent.resolve(tok);
      throw new Error(`no provider for ${String(tok.description)}`);
    }
    if (record.scope === "global" && this.parent) return this.parent.resolve(tok);
    const args = record.deps.map((dep) => this.resolve(dep));
    const instance = new record.ctor(...args);
    this.instances.set(tok, instance);
    return instance;
  }
};
var rootContainer = new Container();

// src/di/tokens.ts
var STEERING_BUFFER = token("SteeringBuffer");
var PROMPT_RENDERER = token("SteeringPromptRenderer");
var EXECUTION_FACTORY = token("ExecutionFactory");
var EXECUTION_REGISTRY = token("ExecutionRegistry");
var HOOK_DISPATCHER = token("HookDispatcher");
var LOGGER = token("Logger");
var UPDATE_SINK = token("UpdateSink");
var TOOL_REGISTRY = token("ToolRegistry");
var SESSION = token("Session");
var CONTAINER = token("Container");
var MODEL = token("Model");
var LIVE_STEERING_HOOK = token("LiveSteeringHook");
var TURN_ROUTES = token("TurnRoutes");
var GRAPH_RUNNER = token("GraphRunner");

// src/util/logger.ts
var logLines = [];
var LogLevel = /* @__PURE__ */ ((LogLevel2) => {
  LogLevel2[LogLevel2["Debug"] = 10] = "Debug";
  LogLevel2[LogLevel2["Info"] = 20] = "Info";
  LogLevel2[LogLevel2["Warn"] = 30] = "Warn";
  return LogLevel2;
})(LogLevel || {});
var Logger = class {
  level = 20 /* Info */;
  write(level, msg) {
    if (level < this.level) return;
    logLines.push(`${(/* @__PURE__ */ new Date()).toISOString()} ${LogLevel[level].toUpperCase()} ${msg}`);
  }
  debug(msg) {
    this.write(10 /* Debug */, msg);
  }
  info(msg) {
    this.write(20 /* Info */, msg);
  }
  warn(msg) {
    this.write(30 /* Warn */, msg);
  }
};
Logger = __decorateClass([
  Injectable(LOGGER, "global")
], Logger);

// src/acp/updates.ts
var UpdateSink = class {
  sent = [];
  ownedExecutionId;
  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }
  steering(kind, messageIds, executionId) {
    this.sent.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId: executionId ?? this.ownedExecutionId } } });
  }
};
UpdateSink = __decorateClass([
  Injectable(UPDATE_SINK)
], UpdateSink);

// src/steering/buffer.ts
var import_node_crypto = require("node:crypto");

// src/steering/append-log.ts
var AppendLog = class {
  records = [];
  messageById = /* @__PURE__ */ new Map();
  /** Number of records currently held. */
  get total() {
    return this.records.length;
  }
  push(record) {
    this.records.push(record);
    this.messageById.set(record.id, record);
    return record;
  }
  *entriesFrom(start) {
    for (let index = start; index < this.records.length; index++) {
      yield [index, this.records[index]];
    }
  }
  drop() {
    const dropped = this.records;
    this.records = [];
    this.messageById.clear();
    return dropped;
  }
};

// src/steering/buffer.ts
function shortId() {
  return (0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 16);
}
var SteeringBuffer = class extends AppendLog {
  constructor(updates) {
    super();
    this.updates = updates;
  }
  updates;
  epoch = 0;
  append(kind, text) {
    const prefix = kind === "user" /* User */ ? "steer" : "notify";
    const message = this.push({ id: `${prefix}-${shortId()}`, kind, text, receivedAt: Date.now(), handlers: /* @__PURE__ */ new Set() });
    this.updates.steering("steering_queued", [message.id]);
    return message;
  }
  acknowledge(messageId, executionId) {
    this.messageById.get(messageId)?.handlers.add(executionId);
  }
  isHandled(t) {
    const r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  clear() {
    return this.drop().map((m) => m.id);
  }
  bumpEpoch() {
    this.epoch += 1;
    return this.epoch;
  }
};
SteeringBuffer = __decorateClass([
  Injectable(STEERING_BUFFER),
  __decorateParam(0, Inject(UPDATE_SINK))
], SteeringBuffer);

// src/steering/prompt-renderer.ts
var templates = {
  [0 /* Recap */]: (id, text) => `[STEERING ${id}] While you delegated work to subagent(s), the user sent the following message. Take it into account now:
${text}`,
  [1 /* ActiveAgent */]: (id, text) => `[STEERING ${id}] The user sent a message while you were working. Read it and adjust your approach as the currently active agent:
${text}`,
  [2 /* Informational */]: (id, text) => `[NOTIFY ${id}] The following notification is informational only; no reply is needed:
${text}`
};
var SteeringPromptRenderer = class {
  wordingFor(target, entry) {
    if (entry.kind !== "user" /* User */) return 2 /* Informational */;
    for (const handler of entry.handlers) {
      if (handler !== target.executionId) return 0 /* Recap */;
    }
    return 1 /* ActiveAgent */;
  }
  render(target, entry) {
    return templates[this.wordingFor(target, entry)](entry.id, entry.text);
  }
};
SteeringPromptRenderer = __decorateClass([
  Injectable(PROMPT_RENDERER)
], SteeringPromptRenderer);

// src/execution/execution-registry.ts
var ExecutionRegistry = class {
  live = /* @__PURE__ */ new Set();
  parents = /* @__PURE__ */ new WeakMap();
  track(execution, parent) {
    this.live.add(execution);
    if (parent) this.parents.set(execution, parent);
  }
  untrack(execution) {
    this.live.delete(execution);
  }
  parentOf(execution) {
    return this.parents.get(execution);
  }
  running() {
    return [...this.live];
  }
};
ExecutionRegistry = __decorateClass([
  Injectable(EXECUTION_REGISTRY)
], ExecutionRegistry);

// src/util/options.ts
function mergeOptions(base, override) {
  const out = { ...base };
  if (override) {
    for (const key of Object.keys(override)) {
      const value = override[key];
      if (value !== void 0) out[key] = value;
    }
  }
  return out;
}

// src/execution/agent-execution.ts
var import_node_crypto2 = require("node:crypto");
var promptQueues = /* @__PURE__ */ new WeakMap();
var AgentExecution = class {
  executionId;
  sessionServices;
  promptContext;
  abortController;
  subExecutionDepth;
  agentName;
  skipHooks;
  messages;
  steeringReaderIndex;
  drainRetryCount;
  state;
  constructor(config) {
    this.executionId = (0, import_node_crypto2.randomUUID)();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    this.abortController = new AbortController();
    if (config.signal) {
      const onAbort = () => this.abortController.abort(config.signal.reason);
      config.signal.addEventListener("abort", onAbort, { once: true });
    }
    this.messages = [];
    this.drainRetryCount = 0;
    this.steeringReaderIndex = 0;
    promptQueues.set(this, []);
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  hasQueuedUserMessage() {
    const queued = promptQueues.get(this);
    if (queued !== void 0 && queued.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.total;
  }
  /** Moves queued steering into the conversation right before a model call. */
  foldQueuedMessages() {
    const queued = promptQueues.get(this) ?? [];
    const n = queued.length;
    this.messages.push(...queued.splice(0, n));
    return n;
  }
};

// src/execution/execution-factory.ts
var ExecutionFactory = class {
  constructor(registry, steering) {
    this.registry = registry;
    this.steering = steering;
  }
  registry;
  steering;
  /** Builds a sub-execution that shares the parent's session services. */
  spawnChild(parent, init) {
    const child = new AgentExecution(
      mergeOptions(
        {
          sessionServices: parent.sessionServices,
          promptContext: parent.promptContext,
          signal: parent.abortController.signal,
          subExecutionDepth: parent.subExecutionDepth + 1
        },
        init
      )
    );
    this.registry.track(child, parent);
    return child;
  }
  /** Called when a child's result comes back to its parent. */
  settleChild(parent, child) {
    for (const [index, message] of this.steering.entriesFrom(0)) {
      if (index >= child.steeringReaderIndex) break;
      this.steering.acknowledge(message.id, child.executionId);
      this.steering.acknowledge(message.id, parent.executionId);
    }
    this.registry.untrack(child);
  }
};
ExecutionFactory = __decorateClass([
  Injectable(EXECUTION_FACTORY),
  __decorateParam(0, Inject(EXECUTION_REGISTRY)),
  __decorateParam(1, Inject(STEERING_BUFFER))
], ExecutionFactory);

// src/graph/hooks.ts
var registrations = [];
var ownerTokens = /* @__PURE__ */ new WeakMap();
function HookOwner(tok) {
  return (target) => {
    ownerTokens.set(target, tok);
    for (const r of registrations) if (r.owner === target) r.owner = tok;
  };
}
function Hook(node, options = {}) {
  return (target, method) => {
    registrations.push({ node, owner: target.constructor, method, system: options.system === true });
  };
}
var HookDispatcher = class {
  constructor(container) {
    this.container = container;
  }
  container;
  async dispatch(node, execution) {
    for (const r of registrations) {
      if (r.node !== node) continue;
      if (execution.skipHooks && !r.system) continue;
      const owner = this.container.resolve(r.owner);
      await owner[r.method](execution);
    }
  }
};
HookDispatcher = __decorateClass([
  Injectable(HOOK_DISPATCHER),
  __decorateParam(0, Inject(CONTAINER))
], HookDispatcher);

// src/steering/live-steering-hook.ts
var LiveSteeringHook = class {
  constructor(buffer, renderer, logger, updates) {
    this.buffer = buffer;
    this.renderer = renderer;
    this.logger = logger;
    this.updates = updates;
  }
  buffer;
  renderer;
  logger;
  updates;
  async injectPendingSteering(execution) {
    const queue = promptQueues.get(execution);
    const injected = [];
    for (const [index, message] of this.buffer.entriesFrom(execution.steeringReaderIndex)) {
      execution.setSteeringReaderIndex(index + 1);
      queue.push({ role: "user", text: this.renderer.render(execution, message) });
      this.logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
      );
      injected.push(message.id);
    }
    if (injected.length > 0) {
      this.updates.steering("steering_injected", injected, execution.executionId);
      this.updates.steering("steering_cleared", injected, execution.executionId);
    }
  }
};
__decorateClass([
  Hook("MODEL_INVOKE" /* ModelInvoke */, { system: true })
], LiveSteeringHook.prototype, "injectPendingSteering", 1);
LiveSteeringHook = __decorateClass([
  HookOwner(LIVE_STEERING_HOOK),
  Injectable(LIVE_STEERING_HOOK),
  __decorateParam(0, Inject(STEERING_BUFFER)),
  __decorateParam(1, Inject(PROMPT_RENDERER)),
  __decorateParam(2, Inject(LOGGER)),
  __decorateParam(3, Inject(UPDATE_SINK))
], LiveSteeringHook);

// src/graph/graph.ts
var routers = /* @__PURE__ */ new Map();
function Route(node) {
  return (target, method) => {
    routers.set(node, { owner: target.constructor, method });
  };
}
var ModelSettleError = class extends Error {
  constructor(cause) {
    super(`model response did not settle: ${String(cause)}`);
    this.cause = cause;
  }
  cause;
};
var GraphRunner = class {
  constructor(hooks, tools, model, routes) {
    this.hooks = hooks;
    this.tools = tools;
    this.model = model;
    this.routes = routes;
  }
  hooks;
  tools;
  model;
  routes;
  async run(execution) {
    let state = { execution, steps: 0 };
    execution.state = state;
    let node = "MODEL_INVOKE" /* ModelInvoke */;
    while (node !== "DONE" /* Done */) {
      if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason ?? new Error("aborted");
      node = await this.step(node, state);
      state = execution.state;
    }
    return state.response;
  }
  async step(node, state) {
    switch (node) {
      case "MODEL_INVOKE" /* ModelInvoke */: {
        await this.hooks.dispatch("MODEL_INVOKE" /* ModelInvoke */, state.execution);
        state = await this.invokeModel(state);
        state.execution.state = state;
        return state.response.toolCalls.length > 0 ? "TOOL_EXECUTION" /* ToolExecution */ : "FINAL_RESPONSE" /* FinalResponse */;
      }
      case "TOOL_EXECUTION" /* ToolExecution */: {
        for (const call of state.response.toolCalls) {
          const output = await this.tools.execute(call, state);
          state.execution.messages.push({ role: "tool", text: output });
        }
        return "MODEL_INVOKE" /* ModelInvoke */;
      }
      case "FINAL_RESPONSE" /* FinalResponse */: {
        const route = routers.get("FINAL_RESPONSE" /* FinalResponse */);
        return this.routes[route.method](state, { continueTarget: "MODEL_INVOKE" /* ModelInvoke */, doneTarget: "DONE" /* Done */ });
      }
      default:
        return "DONE" /* Done */;
    }
  }
  async invokeModel(state) {
    const { execution } = state;
    execution.foldQueuedMessages();
    let response;
    try {
      response = await this.model.invoke(execution, execution.messages);
    } catch (error) {
      throw new ModelSettleError(error);
    }
    execution.messages.push({ role: "assistant", text: response.text });
    return { ...state, response: { text: response.text ?? "", toolCalls: response.toolCalls ?? [] }, steps: state.steps + 1 };
  }
};
GraphRunner = __decorateClass([
  Injectable(GRAPH_RUNNER),
  __decorateParam(0, Inject(HOOK_DISPATCHER)),
  __decorateParam(1, Inject(TOOL_REGISTRY)),
  __decorateParam(2, Inject(MODEL)),
  __decorateParam(3, Inject(TURN_ROUTES))
], GraphRunner);

// src/graph/turn-routes.ts
var MAX_DRAIN_RETRIES = 10;
var TurnRoutes = class {
  afterFinalResponse(state, targets) {
    const execution = state.execution;
    const steeringPending = execution.hasQueuedUserMessage();
    if (steeringPending && execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount += 1;
      return targets.continueTarget;
    }
    return targets.doneTarget;
  }
};
__decorateClass([
  Route("FINAL_RESPONSE" /* FinalResponse */)
], TurnRoutes.prototype, "afterFinalResponse", 1);
TurnRoutes = __decorateClass([
  Injectable(TURN_ROUTES)
], TurnRoutes);

// src/tools/tool-registry.ts
var ToolRegistry = class {
  constructor(session, executions, container) {
    this.session = session;
    this.executions = executions;
    this.container = container;
    this.handlers.set("user_steer", async (call) => {
      const message = this.session.steer(call.text ?? "", "user");
      return `queued ${message.id}`;
    });
    this.handlers.set("notify", async (call) => {
      const message = this.session.steer(call.text ?? "", "workflow");
      return `queued ${message.id}`;
    });
    this.handlers.set("invoke_sub_agent", (call, state) => this.invokeSubAgent(call, state));
  }
  session;
  executions;
  container;
  handlers = /* @__PURE__ */ new Map();
  async execute(call, state) {
    const handler = this.handlers.get(call.name);
    if (!handler) return `unknown tool ${call.name}`;
    return handler(call, state);
  }
  async invokeSubAgent(call, state) {
    const { subagentId, prompt } = call.input;
    const child = this.executions.spawnChild(state.execution, { agentName: subagentId });
    child.messages.push({ role: "user", text: prompt });
    try {
      const result = await this.container.resolve(GRAPH_RUNNER).run(child);
      return `subagent ${subagentId} finished: ${result?.text ?? ""}`;
    } finally {
      this.executions.settleChild(state.execution, child);
    }
  }
};
ToolRegistry = __decorateClass([
  Injectable(TOOL_REGISTRY),
  __decorateParam(0, Inject(SESSION)),
  __decorateParam(1, Inject(EXECUTION_FACTORY)),
  __decorateParam(2, Inject(CONTAINER))
], ToolRegistry);

// src/session/session.ts
var import_node_crypto3 = require("node:crypto");

// src/session/session-services.ts
function createSessionServices(container) {
  let steering;
  return {
    container,
    get steering() {
      return steering ??= container.resolve(STEERING_BUFFER);
    },
    logger: container.resolve(LOGGER),
    updates: container.resolve(UPDATE_SINK)
  };
}

// src/session/turn-boundary.ts
function clearAtTurnBoundary(services, reason) {
  const messageIds = services.steering.clear();
  if (messageIds.length > 0) {
    services.updates.steering("steering_cleared", messageIds);
    services.logger.debug(`[LiveSteering] cleared ${messageIds.length} message(s) (${reason})`);
  }
  return messageIds;
}

// src/session/session.ts
var MEMORY_EXTRACTION_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";
var sessions = /* @__PURE__ */ new Map();
var originKinds = {
  user: "user" /* User */,
  system: "system" /* System */
};
var Session = class {
  sessionId = (0, import_node_crypto3.randomUUID)();
  services;
  promptContext = { workspace: process.cwd(), systemPrompt: "You are Kiro." };
  container;
  rootExecution;
  turnAbort = new AbortController();
  constructor(model) {
    this.container = new Container(rootContainer);
    this.container.provide(SESSION, this).provide(MODEL, model).provide(CONTAINER, this.container);
    this.services = createSessionServices(this.container);
    sessions.set(this.sessionId, this);
  }
  steer(text, origin = "user") {
    return this.services.steering.append(originKinds[origin] ?? "workflow" /* Workflow */, text);
  }
  clearSteering(reason = "user_clear") {
    return clearAtTurnBoundary(this.services, reason);
  }
  cancel() {
    this.turnAbort.abort(new Error("cancelled"));
  }
  async prompt(text) {
    const registry = this.container.resolve(EXECUTION_REGISTRY);
    const runner = this.container.resolve(GRAPH_RUNNER);
    const continued = this.rootExecution !== void 0;
    this.rootExecution ??= new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.turnAbort.signal,
      agentName: "chat-agent"
    });
    const root = this.rootExecution;
    if (continued) {
      root.setSteeringReaderIndex(this.services.steering.total);
      root.drainRetryCount = 0;
    }
    this.services.updates.setOwnedExecutionId(root.executionId);
    registry.track(root);
    root.messages.push({ role: "user", text });
    try {
      const response = await runner.run(root);
      await this.extractMemories(root, runner);
      clearAtTurnBoundary(this.services, "turn_end");
      return { stopReason: "end_turn", text: response?.text };
    } catch (error) {
      const cancelled = this.turnAbort.signal.aborted;
      clearAtTurnBoundary(this.services, cancelled ? "cancel" : error instanceof ModelSettleError ? "model_settle_failure" : "prompt_error");
      if (cancelled) {
        this.rootExecution = void 0;
        this.turnAbort = new AbortController();
        return { stopReason: "cancelled" };
      }
      throw error;
    } finally {
      registry.untrack(root);
    }
  }
  async extractMemories(root, runner) {
    const factory = this.container.resolve(EXECUTION_FACTORY);
    const extraction = factory.spawnChild(root, { agentName: "memory-extraction", skipHooks: true });
    extraction.messages.push({ role: "user", text: MEMORY_EXTRACTION_PROMPT });
    try {
      await runner.run(extraction);
    } finally {
      factory.settleChild(root, extraction);
    }
  }
};

// src/acp/ext-methods.ts
var extHandlers = {
  "_session/steer/clear": async (params) => {
    const { sessionId } = params;
    const session = sessions.get(sessionId);
    if (!session) throw Object.assign(new Error(`Session not found: ${sessionId}`), { code: -32602 });
    const messageIds = clearAtTurnBoundary(session.services, "user_clear");
    session.services.steering.bumpEpoch();
    return { cleared: true, messageIds };
  }
};
async function handleExtMethod(method, params) {
  const handler = extHandlers[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params ?? {});
}

// src/index.ts
function createSession(model) {
  return new Session(model);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
