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

// src/common/logging.ts
var logLines = [];
var LEVEL_ORDER = { debug: 10, info: 20, warn: 30, error: 40 };
function thresholdFromEnv() {
  const wanted = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase();
  return LEVEL_ORDER[wanted] ?? LEVEL_ORDER.info;
}
var Logger = class _Logger {
  constructor(component) {
    this.component = component;
  }
  component;
  static threshold = thresholdFromEnv();
  /** A logger for a sub-component, e.g. `server.child("acp")`. */
  child(component) {
    return new _Logger(`${this.component}.${component}`);
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
    const detail = cause instanceof Error ? `: ${cause.message}` : "";
    this.write("error", `${message}${detail}`);
  }
  write(level, message) {
    if (LEVEL_ORDER[level] < _Logger.threshold) return;
    const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase()} (${this.component}) ${message}`;
    logLines.push(line);
    if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(`${line}
`);
  }
};
var serverLogger = new Logger("kas");

// src/acp/ext-methods.ts
var log = new Logger("acp");
var sessions = /* @__PURE__ */ new Map();
function registerSession(session) {
  sessions.set(session.sessionId, session);
}
var AcpMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
function sessionFor(params) {
  const sessionId = params?.sessionId;
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (session === void 0) throw new AcpMethodError(-32602, `unknown session: ${String(sessionId)}`);
  return session;
}
async function handleExtMethod(method, params) {
  switch (method) {
    case "_session/steer": {
      const message = sessionFor(params).steer(String(params?.text ?? ""));
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear":
      return sessionFor(params).clearSteering("client_request");
    case "_session/cancel":
      sessionFor(params).cancel();
      return { cancelled: true };
    default:
      log.warn(`unhandled extension method ${method}`);
      throw new AcpMethodError(-32601, `Method not found: ${method}`);
  }
}

// src/common/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function shortExecutionId(executionId) {
  return executionId.slice(0, 8);
}
function newSteeringMessageId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 16)}`;
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomUUID)().replace(/-/g, "")}`;
}

// src/execution/agent-execution.ts
var ROOT_AGENT_NAME = "chat-agent";
var AgentExecution = class {
  executionId = newExecutionId();
  abortController = new AbortController();
  /** Position of the next unread message in the session's steering buffer. */
  steeringReaderIndex = 0;
  /** Times the end-of-turn check looped back because steering was still queued. */
  drainRetryCount = 0;
  /** Ids of steering messages this execution was given, in order. */
  injectedSteeringIds = [];
  state = void 0;
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  queuedUserMessages = [];
  constructor({
    sessionServices,
    promptContext,
    signal,
    subExecutionDepth = 0,
    agentName = ROOT_AGENT_NAME,
    skipHooks = false,
    parentExecutionId
  }) {
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth;
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.parentExecutionId = parentExecutionId;
    if (signal !== void 0) {
      if (signal.aborted) this.abortController.abort(signal.reason);
      else signal.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
    }
  }
  get isTopLevel() {
    return this.subExecutionDepth === 0;
  }
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }
  enqueueUserMessage(text) {
    this.queuedUserMessages.push(text);
  }
  /** Removes and returns everything queued for the next prompt. */
  takeQueuedUserMessages() {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }
  hasQueuedUserMessage() {
    if (this.queuedUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }
};

// src/execution/types.ts
var HookRunner = class {
  constructor(handlers = []) {
    this.handlers = handlers;
  }
  handlers;
  async run(event, execution) {
    if (execution.skipHooks) return;
    for (const handler of this.handlers) await handler(event, execution);
  }
};

// src/steering/steering-prompts.ts
function handledByAnotherExecution(message, readerExecutionId) {
  for (const handler of message.handlers) {
    if (handler !== readerExecutionId) return true;
  }
  return false;
}
var delegatedRecap = (message) => [
  "While you delegated work to subagent(s), the user sent the following message.",
  "The subagent(s) already saw it; take their handling into account when you continue.",
  `[STEERING ${message.id}] ${message.text}`
].join("\n");
var activeAgent = (message) => [
  "The user sent a message while you were working.",
  "Read it and adjust your approach as the currently active agent; say briefly how you took it into account.",
  `[STEERING ${message.id}] ${message.text}`
].join("\n");
var informational = (message) => ["This notification is informational only; no reply is needed.", `[NOTIFY ${message.id}] ${message.text}`].join("\n");
var RENDERERS = {
  user: (message, reader) => handledByAnotherExecution(message, reader) ? delegatedRecap(message, reader) : activeAgent(message, reader),
  workflow: informational,
  system: informational
};
function formatSteeringForPrompt(message, execution) {
  const render = RENDERERS[message.kind] ?? informational;
  return render(message, execution.executionId);
}

// src/steering/live-steering-hook.ts
var log2 = new Logger("steering");
async function drainLiveSteering(execution) {
  const { steeringBuffer, events } = execution.sessionServices;
  const delivered = [];
  for (let index = execution.steeringReaderIndex; index < steeringBuffer.messages.length; index++) {
    const message = steeringBuffer.messages[index];
    execution.steeringReaderIndex = index + 1;
    execution.enqueueUserMessage(formatSteeringForPrompt(message, execution));
    execution.injectedSteeringIds.push(message.id);
    delivered.push(message.id);
    log2.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`
    );
  }
  if (delivered.length > 0) {
    events.steeringInjected(execution.executionId, delivered);
  }
  return delivered.length;
}

// src/graph/turn-graph.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_USE: "TOOL_USE",
  END: "END"
};
var MAX_STEERING_DRAIN_RETRIES = 3;
var MAX_GRAPH_STEPS = 64;
function appendQueuedSteering(state) {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  const added = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...added], agentIterationNumber: 0 };
}
var TurnGraph = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  log = new Logger("graph");
  async run(execution, prompt) {
    const release = this.deps.host.track(execution);
    let state = { execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0 };
    let node = GraphNode.MODEL_INVOKE;
    try {
      if (!execution.skipHooks) await execution.sessionServices.hooks.run("agentSpawn", execution);
      for (let step = 0; step < MAX_GRAPH_STEPS && node !== GraphNode.END; step++) {
        if (execution.abortController.signal.aborted) {
          this.log.info(`${execution.agentName} (${shortExecutionId(execution.executionId)}) aborted`);
          return "";
        }
        if (node === GraphNode.MODEL_INVOKE) {
          state = await this.modelInvoke(state);
          node = this.nextAfterModel(state);
        } else {
          state = await this.useTools(state);
          node = GraphNode.MODEL_INVOKE;
        }
      }
      if (node !== GraphNode.END) {
        this.log.warn(`step limit (${MAX_GRAPH_STEPS}) reached in ${execution.agentName}`);
      }
      if (!execution.skipHooks) await execution.sessionServices.hooks.run("stop", execution);
      return state.response?.text ?? "";
    } finally {
      release();
    }
  }
  async modelInvoke(state) {
    const execution = state.execution;
    const alreadyGiven = execution.injectedSteeringIds.length;
    await drainLiveSteering(execution);
    const next = appendQueuedSteering(state);
    execution.state = next;
    let response;
    try {
      response = await this.deps.model.invoke(execution, next.context);
    } catch (error) {
      this.deps.host.onModelSettleFailure(execution, error);
      throw error;
    }
    const buffer = execution.sessionServices.steeringBuffer;
    for (const messageId of execution.injectedSteeringIds.slice(alreadyGiven)) {
      buffer.acknowledge(messageId, execution.executionId);
    }
    const reply = { role: "assistant", text: response.text ?? "" };
    return {
      ...next,
      response,
      context: [...next.context, reply],
      agentIterationNumber: next.agentIterationNumber + 1
    };
  }
  nextAfterModel(state) {
    if ((state.response?.toolCalls?.length ?? 0) > 0) return GraphNode.TOOL_USE;
    return this.routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, endTarget: GraphNode.END });
  }
  /** End-of-turn check: loop back through MODEL_INVOKE while steering is still queued. */
  routeFinalResponse(state, targets) {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_STEERING_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        this.log.info(
          `[LiveSteeringHook] Queued user message found - continuing ${execution.agentName} (${execution.drainRetryCount}/${MAX_STEERING_DRAIN_RETRIES})`
        );
        return targets.continueTarget;
      }
      this.log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}; ending with steering queued`);
    }
    execution.drainRetryCount = 0;
    return targets.endTarget;
  }
  async useTools(state) {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = this.deps.tools.resolve(call.name);
      if (tool === void 0) {
        results.push({ role: "tool", text: `error: unknown tool ${call.name}` });
        continue;
      }
      const output = await tool.execute(call, { execution: state.execution, runner: this, session: this.deps.host });
      results.push({ role: "tool", text: output });
    }
    return { ...state, context: [...state.context, ...results] };
  }
};

// src/memory/memory-extraction.ts
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var EXTRACTION_PROMPT = "Review the conversation so far and extract durable facts about the user, the project and their preferences. Reply with the memories to store, one per line, or nothing.";
var log3 = new Logger("memory");
function inheritFrom(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    parentExecutionId: parent.executionId
  };
}
var MemoryExtractionService = class {
  constructor(runner, options = { enabled: true }) {
    this.runner = runner;
    this.options = options;
  }
  runner;
  options;
  async extractAfterTurn(parent) {
    if (!this.options.enabled) return;
    const memoryExecution = new AgentExecution({
      ...inheritFrom(parent),
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true
    });
    try {
      const memories = await this.runner.run(memoryExecution, EXTRACTION_PROMPT);
      log3.debug(`extracted ${memories.split("\n").filter(Boolean).length} memory line(s)`);
    } catch (error) {
      log3.error("memory extraction failed", error);
    }
  }
};

// src/steering/steering-buffer.ts
var NOTIFICATION_MARKER = /^\s*\[notification\/(?:info|success|warning|error)\]/i;
function classifySteering(text, origin) {
  if (origin === "user") {
    return NOTIFICATION_MARKER.test(text) ? "system" : "user";
  }
  return origin === "workflow" ? "workflow" : "system";
}
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  push(text, origin = "user") {
    const kind = classifySteering(text, origin);
    const message = {
      id: newSteeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  /** Records that `executionId` handled the message. Returns false for an unknown (e.g. cleared) id. */
  acknowledge(messageId, executionId) {
    const message = this.messageById.get(messageId);
    if (message === void 0) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(t) {
    let r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  /** Drops every message and returns their ids (oldest first). */
  takeAll() {
    const ids = this.messages.map((message) => message.id);
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
};

// src/tools/invoke-sub-agent.ts
var MAX_SUB_EXECUTION_DEPTH = 5;
var InvokeSubAgentTool = class {
  name = "invoke_sub_agent";
  log = new Logger("subagent");
  async execute(call, { execution: parent, runner }) {
    const subagentId = call.input?.subagentId;
    const prompt = call.input?.prompt ?? "";
    if (typeof subagentId !== "string" || subagentId.length === 0) {
      return "error: invoke_sub_agent needs a subagentId";
    }
    const depth = parent.subExecutionDepth;
    if (depth >= MAX_SUB_EXECUTION_DEPTH) {
      this.log.warn(`[SubAgentGraph] nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) reached, not starting ${subagentId}`);
      return `error: sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded`;
    }
    const subAgentExecution = new AgentExecution({
      agentName: subagentId,
      parentExecutionId: parent.executionId,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: depth + 1
    });
    this.log.info(
      `[SubAgentGraph] ${parent.agentName} -> ${subagentId} (${shortExecutionId(subAgentExecution.executionId)}) at depth ${subAgentExecution.subExecutionDepth}`
    );
    const reply = await runner.run(subAgentExecution, prompt);
    const buffer = parent.sessionServices.steeringBuffer;
    for (const messageId of subAgentExecution.injectedSteeringIds) {
      buffer.acknowledge(messageId, subAgentExecution.executionId);
    }
    return reply.length > 0 ? reply : `(${subagentId} returned no text)`;
  }
};

// src/tools/registry.ts
var ToolRegistry = class {
  tools = /* @__PURE__ */ new Map();
  register(...tools) {
    for (const tool of tools) this.tools.set(tool.name, tool);
    return this;
  }
  resolve(name) {
    return this.tools.get(name);
  }
};

// src/tools/steering-tools.ts
var userSteerTool = {
  name: "user_steer",
  async execute(call, { session }) {
    const message = session.steer(call.text ?? "");
    return `queued ${message.id}`;
  }
};
var notifyTool = {
  name: "notify",
  async execute(call, { session }) {
    const message = session.steer(call.text ?? "", "workflow");
    return `notified ${message.id}`;
  }
};

// src/session/session-events.ts
var RECENT_UPDATES_KEPT = 256;
var SessionEventAdapter = class {
  constructor(sessionId, sink) {
    this.sessionId = sessionId;
    this.sink = sink;
  }
  sessionId;
  sink;
  ownedExecutionId = void 0;
  recent = [];
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  steeringQueued(message) {
    this.emit("steering_queued", [message.id]);
  }
  steeringInjected(executionId, messageIds) {
    this.emit("steering_injected", messageIds, { executionId });
    this.emit("steering_cleared", messageIds, { executionId, reason: "injected" });
  }
  steeringCleared(messageIds, reason) {
    this.emit("steering_cleared", messageIds, { reason });
  }
  emit(kind, messageIds, extra = {}) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } }
    };
    this.recent.push(notification);
    if (this.recent.length > RECENT_UPDATES_KEPT) this.recent.shift();
    this.sink?.(notification);
  }
};

// src/session/kiro-session.ts
var log4 = new Logger("session");
var ROOT_CONTINUATION_PROMPT = "The user sent more guidance after your last reply. Continue the task with it.";
var KiroSession = class {
  sessionId = newSessionId();
  services;
  promptContext;
  eventAdapter;
  /** Bumped by every explicit clear so stale client requests can be told apart. */
  steeringEpoch = 0;
  liveExecutions = /* @__PURE__ */ new Set();
  abortController = new AbortController();
  graph;
  memory;
  constructor(model, options = {}) {
    this.eventAdapter = new SessionEventAdapter(this.sessionId, options.onUpdate);
    this.services = {
      steeringBuffer: new SteeringBuffer(),
      events: this.eventAdapter,
      hooks: new HookRunner(options.hooks ?? [])
    };
    this.promptContext = { promptTemplateContext: { cwd: options.cwd ?? process.cwd(), sessionId: this.sessionId } };
    const tools = new ToolRegistry().register(new InvokeSubAgentTool(), userSteerTool, notifyTool);
    this.graph = new TurnGraph({ model, tools, host: this });
    this.memory = new MemoryExtractionService(this.graph, { enabled: options.memoryExtraction ?? true });
  }
  /** `_session/steer`: queue text typed while the agent works. */
  steer(text, origin = "user") {
    const message = this.services.steeringBuffer.push(text, origin);
    this.eventAdapter.steeringQueued(message);
    return message;
  }
  /** `_session/steer/clear`. */
  clearSteering(reason = "client_request") {
    const messageIds = this.settleSteeringAtTurnBoundary(reason);
    this.steeringEpoch += 1;
    return { cleared: true, messageIds };
  }
  cancel() {
    this.abortController.abort(new Error("cancelled by client"));
    this.settleSteeringAtTurnBoundary("cancelled");
    this.abortController = new AbortController();
  }
  track(execution) {
    this.liveExecutions.add(execution);
    return () => {
      this.liveExecutions.delete(execution);
    };
  }
  onModelSettleFailure(execution, error) {
    log4.error(`model call of ${execution.agentName} did not settle`, error);
    this.settleSteeringAtTurnBoundary("model_settle_failure");
  }
  async prompt(text) {
    let execution = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let reply = await this.graph.run(execution, text);
      const readerIndex = execution.steeringReaderIndex;
      const unread = readerIndex < this.services.steeringBuffer.messages.length;
      if (unread) {
        log4.info("[LiveSteeringHook] steering still queued at the end of the turn - continuing the root execution");
        execution = this.createRootExecution();
        execution.setSteeringReaderIndex(readerIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        reply = await this.graph.run(execution, ROOT_CONTINUATION_PROMPT);
      }
      await this.memory.extractAfterTurn(execution);
      this.settleSteeringAtTurnBoundary("turn_end");
      return reply;
    } catch (error) {
      this.settleSteeringAtTurnBoundary("prompt_error");
      throw error;
    }
  }
  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: ROOT_AGENT_NAME
    });
  }
  /** Turn-boundary helper: drops all queued steering and tells the client. */
  settleSteeringAtTurnBoundary(reason) {
    const messageIds = this.services.steeringBuffer.takeAll();
    if (messageIds.length > 0) {
      log4.info(`[LiveSteeringHook] cleared ${messageIds.length} steering message(s): ${reason}`);
    }
    this.eventAdapter.steeringCleared(messageIds, reason);
    return messageIds;
  }
};

// src/server/acp-server.ts
function createSession(model, options) {
  const session = new KiroSession(model, options);
  registerSession(session);
  serverLogger.debug(`session ${session.sessionId} created`);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
