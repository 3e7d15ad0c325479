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

// src/session.ts
var import_node_crypto3 = require("node:crypto");

// src/core/container.ts
var ServiceContainer = class {
  #factories = /* @__PURE__ */ new Map();
  #instances = /* @__PURE__ */ new Map();
  register(token, factory) {
    this.#factories.set(token, factory);
    this.#instances.delete(token);
    return this;
  }
  value(token, instance) {
    this.#instances.set(token, instance);
    return this;
  }
  resolve(token) {
    if (this.#instances.has(token)) return this.#instances.get(token);
    const factory = this.#factories.get(token);
    if (!factory) throw new Error(`service not registered: ${token}`);
    const made = factory(this);
    this.#instances.set(token, made);
    return made;
  }
};
var Tokens = {
  Steering: "steering.buffer",
  Events: "acp.eventAdapter",
  Model: "llm.model",
  Session: "session",
  Memory: "memory.extractor",
  Tools: "tools.registry",
  Runner: "graph.runner"
};

// src/core/events.ts
var import_node_events = require("node:events");
var AcpEventAdapter = class extends import_node_events.EventEmitter {
  sent = [];
  #ownedExecutionId;
  setOwnedExecutionId(id) {
    this.#ownedExecutionId = id;
  }
  get ownedExecutionId() {
    return this.#ownedExecutionId;
  }
  sessionInfo(kind, extra = {}) {
    const update = { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...extra } } };
    this.sent.push(update);
    this.emit("update", update);
  }
};

// src/steering/buffer.ts
var import_node_events2 = require("node:events");
var import_node_crypto = require("node:crypto");
function shortHex() {
  return (0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 12);
}
var SteeringBuffer = class extends import_node_events2.EventEmitter {
  state = { items: [], byId: /* @__PURE__ */ new Map() };
  add(text, kind = "user") {
    const message = {
      id: `${kind === "user" ? "steer" : "notify"}-${shortHex()}`,
      kind,
      text,
      createdAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.state.items.push(message);
    this.state.byId.set(message.id, message);
    this.emit("queued", message);
    return message;
  }
  acknowledge(id, executionId) {
    const message = this.state.byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.state.byId.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  clear() {
    const ids = this.state.items.map((m) => m.id);
    this.state.items.splice(0, this.state.items.length);
    this.state.byId.clear();
    this.emit("cleared", ids);
    return ids;
  }
};

// src/execution/agent-execution.ts
var import_node_crypto2 = require("node:crypto");
var AgentExecution = class {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  executionId = (0, import_node_crypto2.randomUUID)();
  sessionServices;
  promptContext;
  abortController = new AbortController();
  subExecutionDepth;
  agentName;
  skipHooks;
  deliveredSteering = [];
  state;
  #transcript = [];
  #queuedSteering = [];
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    if (config.signal) {
      const parent = config.signal;
      if (parent.aborted) this.abortController.abort(parent.reason);
      else parent.addEventListener("abort", () => this.abortController.abort(parent.reason), { once: true });
    }
    this.#transcript.push({ role: "system", text: config.promptContext.systemPrompt });
    if (config.initialPrompt) this.#transcript.push({ role: "user", text: config.initialPrompt });
  }
  get isRoot() {
    return this.subExecutionDepth === 0;
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  queueSteering(id, text) {
    this.deliveredSteering.push(id);
    this.#queuedSteering.push({ role: "user", text });
  }
  /** Whether live steering is still waiting for this execution. */
  get hasPendingSteering() {
    const { items } = this.sessionServices.steering.state;
    return this.steeringReaderIndex < items.length || this.#queuedSteering.length > 0;
  }
  append(entry) {
    this.#transcript.push(entry);
  }
  /** Moves queued steering into the transcript and returns what the model sees. */
  materialize() {
    if (this.#queuedSteering.length) {
      this.#transcript.push(...this.#queuedSteering);
      this.#queuedSteering = [];
    }
    return this.#transcript.slice();
  }
};

// src/steering/prompts.ts
var RECAP = "While you delegated work to subagent(s), the user sent the following guidance. Take it into account for the rest of the task.";
var ACTIVE = "The user sent new guidance while you were working; adjust your approach as the currently active agent.";
var INFO = "The following notification is informational only; no action is required unless it changes your plan.";
function wrapSteeringMessage(reader, entry) {
  if (entry.kind !== "user") return `[NOTIFY ${entry.id}] ${INFO}
${entry.text}`;
  let handledElsewhere = false;
  for (const handler of entry.handlers) {
    if (handler !== reader.executionId) {
      handledElsewhere = true;
      break;
    }
  }
  return `[STEERING ${entry.id}] ${handledElsewhere ? RECAP : ACTIVE}
${entry.text}`;
}

// src/core/logger.ts
var logLines = [];
var Logger = class {
  constructor(scope) {
    this.scope = scope;
  }
  scope;
  write(level, msg) {
    logLines.push(`${(/* @__PURE__ */ new Date(0)).toISOString()} ${level} [${this.scope}] ${msg}`);
  }
  debug(msg) {
    if (process.env.KAS_DEBUG) this.write("DEBUG", msg);
  }
  info(msg) {
    this.write("INFO", msg);
  }
  warn(msg) {
    this.write("WARN", msg);
  }
};
var rootLogger = new Logger("kas");

// src/steering/live-steering.ts
var log = new Logger("hooks");
async function* unreadSteering(execution) {
  const { items } = execution.sessionServices.steering.state;
  while (execution.steeringReaderIndex < items.length) {
    const next = items[execution.steeringReaderIndex];
    execution.steeringReaderIndex += 1;
    yield next;
  }
}
async function drainLiveSteering(execution) {
  const injected = [];
  for await (const message of unreadSteering(execution)) {
    execution.queueSteering(message.id, wrapSteeringMessage(execution, message));
    injected.push(message.id);
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
  if (injected.length > 0) {
    execution.sessionServices.eventAdapter.sessionInfo("steering_injected", { messageIds: injected, executionId: execution.executionId });
    execution.sessionServices.eventAdapter.sessionInfo("steering_cleared", { messageIds: injected });
  }
  return injected.length;
}

// src/graph/nodes.ts
var log2 = new Logger("graph");
var MAX_DRAIN_RETRIES = 2;
async function snapshot(state) {
  return { ...state, steps: state.steps + 1 };
}
var ModelInvokeNode = class {
  id = "MODEL_INVOKE" /* ModelInvoke */;
  async run(state) {
    await drainLiveSteering(state.execution);
    state = await snapshot(state);
    state.execution.state = state;
    const { model } = state.execution.sessionServices;
    const response = await model.invoke(state.execution, state.execution.materialize());
    state.lastResponse = response;
    state.execution.append({ role: "assistant", text: response.text });
    return response.toolCalls.length > 0 ? "TOOL_EXECUTE" /* ToolExecute */ : "FINAL_RESPONSE" /* FinalResponse */;
  }
};
var ToolExecuteNode = class {
  id = "TOOL_EXECUTE" /* ToolExecute */;
  async run(state) {
    const registry = state.execution.sessionServices.container.resolve(Tokens.Tools);
    for (const call of state.lastResponse?.toolCalls ?? []) {
      const output = await registry.execute(call, state);
      state.execution.append({ role: "tool", text: output });
    }
    return "MODEL_INVOKE" /* ModelInvoke */;
  }
};
var FinalResponseNode = class {
  id = "FINAL_RESPONSE" /* FinalResponse */;
  async run({ execution }) {
    if (!execution.hasPendingSteering) return "END" /* End */;
    if (execution.drainRetryCount >= MAX_DRAIN_RETRIES) {
      log2.warn(`steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries`);
      return "END" /* End */;
    }
    execution.drainRetryCount++;
    return "MODEL_INVOKE" /* ModelInvoke */;
  }
};
var GraphRunner = class {
  #nodes = /* @__PURE__ */ new Map();
  constructor(nodes) {
    for (const node of nodes) this.#nodes.set(node.id, node);
  }
  async run(execution) {
    let state = { execution, steps: 0 };
    execution.state = state;
    let at = "MODEL_INVOKE" /* ModelInvoke */;
    while (at !== "END" /* End */) {
      if (execution.abortController.signal.aborted) throw new Error("aborted");
      const node = this.#nodes.get(at);
      if (!node) throw new Error(`no node ${at}`);
      at = await node.run(execution.state ?? state);
    }
    return execution.state?.lastResponse?.text ?? "";
  }
};
function createDefaultGraph() {
  return new GraphRunner([new ModelInvokeNode(), new ToolExecuteNode(), new FinalResponseNode()]);
}

// src/tools/registry.ts
var ToolRegistry = class {
  #tools = /* @__PURE__ */ new Map();
  add(tool) {
    this.#tools.set(tool.name, tool);
    return this;
  }
  async execute(call, state) {
    const tool = this.#tools.get(call.name);
    if (!tool) return `unknown tool ${call.name}`;
    return tool.execute(call, state);
  }
};
var UserSteerTool = class {
  name = "user_steer";
  async execute(call, state) {
    const message = state.execution.sessionServices.host.steer(call.text ?? "", "user");
    return `queued ${message.id}`;
  }
};
var NotifyTool = class {
  name = "notify";
  async execute(call, state) {
    const message = state.execution.sessionServices.host.steer(call.text ?? "", "workflow");
    return `notified ${message.id}`;
  }
};

// src/tools/invoke-sub-agent.ts
var log3 = new Logger("subagent");
var MAX_SUBAGENT_DEPTH = 4;
var InvokeSubAgentTool = class {
  name = "invoke_sub_agent";
  async execute(call, state) {
    const parent = state.execution;
    const subagentId = call.input?.subagentId ?? "general";
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUBAGENT_DEPTH) return `refused: maximum sub-agent depth reached`;
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      initialPrompt: call.input?.prompt
    });
    log3.info(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${currentDepth + 1}`);
    const runner = parent.sessionServices.container.resolve(Tokens.Runner);
    const result = await runner.run(subAgentExecution);
    const buffer = parent.sessionServices.steering;
    for (const id of subAgentExecution.deliveredSteering) {
      buffer.acknowledge(id, subAgentExecution.executionId);
      buffer.acknowledge(id, parent.executionId);
    }
    return `subagent ${subagentId} finished: ${result}`;
  }
};

// src/memory/extractor.ts
var log4 = new Logger("memory");
var MemoryExtractor = class {
  constructor(container, options = {}) {
    this.container = container;
    this.#options = { enabled: true, agentName: "memory-extraction", ...options };
  }
  container;
  #options;
  inherit(from) {
    return { sessionServices: from.sessionServices, promptContext: from.promptContext, signal: from.abortController.signal };
  }
  async extract(from) {
    if (!this.#options.enabled) return;
    const extraction = new AgentExecution({
      ...this.inherit(from),
      subExecutionDepth: from.subExecutionDepth + 1,
      agentName: this.#options.agentName,
      initialPrompt: "Extract durable memories from this conversation.",
      skipHooks: true
    });
    try {
      await this.container.resolve(Tokens.Runner).run(extraction);
    } catch (err) {
      log4.warn(`memory extraction failed: ${String(err)}`);
    }
  }
};

// src/session.ts
var log5 = new Logger("session");
var MAX_ROOT_CONTINUATIONS = 3;
var Session = class {
  sessionId;
  eventAdapter = new AcpEventAdapter();
  steeringEpoch = 0;
  #container = new ServiceContainer();
  #services;
  #promptContext;
  #turnActive = false;
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? (0, import_node_crypto3.randomUUID)();
    this.#promptContext = { systemPrompt: "You are Kiro, an agent working in the user's workspace.", workspace: options.workspace ?? process.cwd() };
    const steering = new SteeringBuffer();
    this.#container.value(Tokens.Steering, steering).value(Tokens.Events, this.eventAdapter).value(Tokens.Model, model).value(Tokens.Session, this).register(Tokens.Runner, () => createDefaultGraph()).register(Tokens.Tools, () => new ToolRegistry().add(new UserSteerTool()).add(new NotifyTool()).add(new InvokeSubAgentTool())).register(Tokens.Memory, (c) => new MemoryExtractor(c, { enabled: options.memory !== false }));
    this.#services = {
      sessionId: this.sessionId,
      steering,
      eventAdapter: this.eventAdapter,
      container: this.#container,
      model,
      host: this
    };
  }
  get steeringBuffer() {
    return this.#services.steering;
  }
  steer(text, origin = "user") {
    const kind = origin === "user" ? "user" : origin === "system" ? "system" : "workflow";
    const message = this.#services.steering.add(text, kind);
    this.eventAdapter.sessionInfo("steering_queued", { messageId: message.id, steeringKind: kind });
    return message;
  }
  /** Turn-boundary helper: drops every buffered message and tells the client. */
  clearSteering(reason) {
    const messageIds = this.#services.steering.clear();
    this.eventAdapter.sessionInfo("steering_cleared", { messageIds, reason });
    log5.debug(`steering cleared (${reason}): ${messageIds.length}`);
    return messageIds;
  }
  #rootExecution(prompt) {
    return new AgentExecution({
      sessionServices: this.#services,
      promptContext: this.#promptContext,
      agentName: "chat-agent",
      initialPrompt: prompt
    });
  }
  async prompt(text) {
    if (this.#turnActive) throw new Error("a turn is already running");
    this.#turnActive = true;
    const runner = this.#container.resolve(Tokens.Runner);
    let execution = this.#rootExecution(text);
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let result = await runner.run(execution);
      for (let round = 0; round < MAX_ROOT_CONTINUATIONS && execution.hasPendingSteering; round++) {
        const readUpTo = execution.steeringReaderIndex;
        const resumed = readUpTo > 0;
        execution = this.#rootExecution("Continue: the user sent more guidance.");
        if (resumed) execution.setSteeringReaderIndex(readUpTo);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        result = await runner.run(execution);
      }
      await this.#container.resolve(Tokens.Memory).extract(execution);
      this.clearSteering("turn_end");
      return result;
    } catch (err) {
      this.clearSteering("prompt_error");
      throw err;
    } finally {
      this.#turnActive = false;
    }
  }
  cancel() {
    this.clearSteering("cancel");
  }
};

// src/index.ts
var sessions = /* @__PURE__ */ new Map();
function createSession(model) {
  const session = new Session(model);
  sessions.set(session.sessionId, session);
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer/clear": {
      const session = params.sessionId ? sessions.get(params.sessionId) : void 0;
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const messageIds = session.clearSteering("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    default:
      throw new Error(`method not found: ${method}`);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
