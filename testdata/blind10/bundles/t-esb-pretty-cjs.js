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
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomUUID)().replace(/-/g, "")}`;
}
function newSteeringMessageId(isUserText) {
  return `${isUserText ? "steer" : "notify"}-${(0, import_node_crypto.randomBytes)(6).toString("hex")}`;
}
function shortExecutionId(executionId) {
  return executionId.slice(0, 8);
}

// src/agent/agent-execution.ts
var ROOT_AGENT_NAME = "chat-agent";
var AgentExecution = class {
  executionId = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  abortController = new AbortController();
  startedAt = Date.now();
  state = void 0;
  /** steering prompts waiting to be appended to this execution's context at MODEL_INVOKE */
  queuedUserMessages = [];
  /** ids injected since the model last answered; acknowledged once it has */
  pendingAcknowledgements = [];
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    this.parentExecutionId = config.parentExecutionId;
    const parentSignal = config.signal;
    if (parentSignal?.aborted) {
      this.abortController.abort(parentSignal.reason);
    } else {
      parentSignal?.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(text) {
    this.queuedUserMessages.push(text);
  }
  takeQueuedUserMessages() {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }
  /** True while steering is still waiting for this execution: unread in the session buffer, or queued here. */
  hasQueuedUserMessage() {
    return this.queuedUserMessages.length > 0 || this.steeringReaderIndex < this.sessionServices.steeringBuffer.bufferedCount();
  }
};

// src/util/logger.ts
var LEVEL_ORDER = { debug: 10, info: 20, warn: 30, error: 40 };
var MAX_RETAINED_LINES = 1e4;
var logLines = [];
var sinks = [];
function thresholdFromEnv() {
  const raw = (process.env.KIRO_LOG_LEVEL ?? "info").toLowerCase();
  return raw in LEVEL_ORDER ? raw : "info";
}
var threshold = thresholdFromEnv();
function write(level, message) {
  if (LEVEL_ORDER[level] < LEVEL_ORDER[threshold]) return;
  const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  for (const sink of sinks) {
    try {
      sink(line);
    } catch {
    }
  }
}
var logger = {
  debug: (message) => write("debug", message),
  info: (message) => write("info", message),
  warn: (message) => write("warn", message),
  error: (message, err) => write("error", err === void 0 ? message : `${message}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`),
  setLevel(level) {
    threshold = level;
  },
  addSink(sink) {
    sinks.push(sink);
    return () => {
      const at = sinks.indexOf(sink);
      if (at >= 0) sinks.splice(at, 1);
    };
  }
};

// src/agent/agent-hooks.ts
var AgentHookRunner = class {
  hooks = [];
  register(hook) {
    this.hooks.push(hook);
  }
  async fire(event, execution) {
    if (execution.skipHooks) return;
    for (const hook of this.hooks) {
      if (hook.event !== event) continue;
      try {
        await hook.run(execution);
      } catch (err) {
        logger.warn(`[AgentHooks] hook ${hook.id} failed on ${event}: ${String(err)}`);
      }
    }
  }
};

// src/agent/spawn.ts
function createSubExecution(parent, agentName, options) {
  const depth = parent.subExecutionDepth;
  return new AgentExecution({
    promptContext: parent.promptContext,
    ...options,
    sessionServices: parent.sessionServices,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName,
    parentExecutionId: parent.executionId
  });
}

// src/context/compaction.ts
var KEEP_RECENT_MESSAGES = 8;
var SUMMARIZER_AGENT = "context-summarizer";
function contextChars(context) {
  let total = 0;
  for (const message of context) total += message.text.length;
  return total;
}
async function compactContextIfNeeded(execution, context, host) {
  const budget = execution.promptContext.contextCharBudget;
  if (execution.agentName === SUMMARIZER_AGENT || context.length <= KEEP_RECENT_MESSAGES + 1) return context;
  const size = contextChars(context);
  if (size <= budget) return context;
  logger.info(`[Compaction] ${execution.agentName}: ${size} chars over budget ${budget}, summarizing`);
  const older = context.slice(1, context.length - KEEP_RECENT_MESSAGES);
  const summarizer = createSubExecution(execution, SUMMARIZER_AGENT, { skipHooks: true });
  const transcript = older.map((message) => `${message.role}: ${message.text}`).join("\n");
  const summary = await host.runExecution(summarizer, `Summarize this conversation so far for the agent that continues it:
${transcript}`);
  return [
    context[0],
    { role: "system", text: `Summary of the earlier conversation:
${summary}` },
    ...context.slice(context.length - KEEP_RECENT_MESSAGES)
  ];
}

// src/telemetry/metrics.ts
var counters = /* @__PURE__ */ new Map();
function incrementCounter(name, by = 1) {
  counters.set(name, (counters.get(name) ?? 0) + by);
}
function snapshotCounters() {
  return Object.fromEntries(counters);
}

// src/steering/steering-prompts.ts
var TEMPLATES = {
  recap: (message) => `While you delegated work to subagent(s), the user sent the message below. A subagent already saw it; take it into account when you review their results.
[STEERING ${message.id}] ${message.text}`,
  active: (message) => `The user sent the message below while you were working. Adjust your approach as the currently active agent, and say briefly how you did.
[STEERING ${message.id}] ${message.text}`,
  informational: (message) => `[NOTIFY ${message.id}] ${message.text}
This notification is informational only: do not reply to it or change course because of it.`
};
function pickVariant(target, message) {
  if (message.kind !== "user") return "informational";
  for (const handlerId of message.handlers) {
    if (handlerId !== target.executionId) return "recap";
  }
  return "active";
}
function renderSteeringPrompt(target, message) {
  return TEMPLATES[pickVariant(target, message)](message);
}

// src/steering/live-steering-hook.ts
function* unreadSteering(execution) {
  const buffer = execution.sessionServices.steeringBuffer;
  while (execution.steeringReaderIndex < buffer.bufferedCount()) {
    const message = buffer.messageAt(execution.steeringReaderIndex);
    execution.steeringReaderIndex += 1;
    if (message !== void 0) yield message;
  }
}
async function drainLiveSteering(execution) {
  const injected = [];
  for (const message of unreadSteering(execution)) {
    execution.queueUserMessage(renderSteeringPrompt(execution, message));
    execution.pendingAcknowledgements.push(message.id);
    injected.push(message.id);
    logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`
    );
  }
  if (injected.length > 0) {
    incrementCounter("steering.injected", injected.length);
    const events = execution.sessionServices.events;
    events.steeringInjected(execution.executionId, injected);
    events.steeringCleared(injected, "injected");
  }
  return injected.length;
}

// src/graph/turn-state.ts
var MODEL_INVOKE = "MODEL_INVOKE";
var TOOL_EXECUTION = "TOOL_EXECUTION";
var TURN_END = "__end__";

// src/graph/turn-graph.ts
var MAX_DRAIN_RETRIES = 3;
var MAX_GRAPH_STEPS = 64;
async function appendQueuedSteering(state) {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  const additions = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...additions], agentIterationNumber: 0 };
}
var TurnGraph = class {
  constructor(host) {
    this.host = host;
  }
  host;
  async run(execution, prompt) {
    let state = {
      execution,
      context: [{ role: "user", text: prompt }],
      response: void 0,
      agentIterationNumber: 0
    };
    await execution.sessionServices.hooks.fire("promptSubmit", execution);
    let node = MODEL_INVOKE;
    let steps = 0;
    while (node !== TURN_END) {
      if (execution.abortController.signal.aborted) {
        throw execution.abortController.signal.reason ?? new Error("execution aborted");
      }
      if (++steps > MAX_GRAPH_STEPS) {
        logger.warn(`[TurnGraph] ${execution.agentName} hit ${MAX_GRAPH_STEPS} steps, ending the turn`);
        break;
      }
      if (node === MODEL_INVOKE) {
        state = await this.modelInvoke(state);
        node = state.response?.toolCalls?.length ? TOOL_EXECUTION : this.routeFinalResponse(state, { continueTarget: MODEL_INVOKE, doneTarget: TURN_END });
      } else {
        state = await this.executeTools(state);
        node = MODEL_INVOKE;
      }
    }
    await execution.sessionServices.hooks.fire("agentStop", execution);
    return state.response?.text ?? "";
  }
  async modelInvoke(input) {
    let r = input;
    await drainLiveSteering(r.execution);
    r = await appendQueuedSteering(r);
    r.execution.state = r;
    const execution = r.execution;
    const context = await compactContextIfNeeded(execution, r.context, this.host);
    let response;
    try {
      response = await execution.sessionServices.model.invoke(execution, context);
    } catch (err) {
      this.host.onModelSettleFailure(execution, err);
      throw err;
    }
    const buffer = execution.sessionServices.steeringBuffer;
    for (const messageId of execution.pendingAcknowledgements.splice(0)) buffer.acknowledge(messageId, execution.executionId);
    execution.sessionServices.events.agentText(execution.executionId, response.text ?? "");
    return {
      ...r,
      context: [...context, { role: "assistant", text: response.text ?? "" }],
      response,
      agentIterationNumber: r.agentIterationNumber + 1
    };
  }
  async executeTools(state) {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      const text = await state.execution.sessionServices.tools.execute(call, { execution: state.execution, host: this.host });
      results.push({ role: "tool", toolName: call.name, text });
    }
    return { ...state, context: [...state.context, ...results] };
  }
  /** End of turn: loop back through MODEL_INVOKE while steering is still queued for this execution. */
  routeFinalResponse(state, targets) {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount++;
        logger.info(`[LiveSteeringHook] queued steering for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
        return targets.continueTarget;
      }
      logger.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}, ending with steering still queued`);
    }
    execution.drainRetryCount = 0;
    return targets.doneTarget;
  }
};

// src/memory/memory-extraction.ts
var MEMORY_AGENT_NAME = "memory-extraction";
var EXTRACTION_PROMPT = "Read the turn that just finished and list durable facts about the user or the workspace worth remembering in later sessions, one per line starting with '- '. Reply 'none' if there are none.";
var inMemoryStore = {
  facts: /* @__PURE__ */ new Map(),
  add(sessionId, fact) {
    const list = this.facts.get(sessionId) ?? [];
    list.push(fact);
    this.facts.set(sessionId, list);
  }
};
async function extractMemories(host, finished, store = inMemoryStore) {
  const extractor = createSubExecution(finished, MEMORY_AGENT_NAME, { skipHooks: true });
  let answer;
  try {
    answer = await host.runExecution(extractor, EXTRACTION_PROMPT);
  } catch (err) {
    logger.warn(`[MemoryExtraction] skipped: ${err instanceof Error ? err.message : String(err)}`);
    return 0;
  }
  const facts = answer.split("\n").map((line) => line.trim()).filter((line) => line.startsWith("- ")).map((line) => line.slice(2));
  for (const fact of facts) store.add(finished.sessionServices.sessionId, fact);
  return facts.length;
}

// src/steering/steering-buffer.ts
var NOTIFICATION_PREFIX = /^\s*\[notification\/[a-z]+\]/i;
var SteeringBuffer = class {
  constructor(sessionId, capacity = 256) {
    this.sessionId = sessionId;
    this.capacity = capacity;
  }
  sessionId;
  capacity;
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  push(text, origin = "user") {
    const kind = origin === "user" && NOTIFICATION_PREFIX.test(text) ? "system" : origin;
    const message = {
      id: newSteeringMessageId(kind === "user"),
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      queuedAt: Date.now()
    };
    if (this.messages.length >= this.capacity) {
      throw new Error(`steering buffer for ${this.sessionId} is full (${this.capacity} messages)`);
    }
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  bufferedCount() {
    return this.messages.length;
  }
  messageAt(index) {
    return this.messages[index];
  }
  ids() {
    return this.messages.map((message) => message.id);
  }
  /** Record that an execution handled a message. Moves no cursor. */
  acknowledge(messageId, executionId) {
    const message = this.messageById.get(messageId);
    if (message === void 0) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(t) {
    const r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  /** Drop every message; returns what was dropped. */
  clear() {
    const removed = this.messages.splice(0, this.messages.length);
    this.messageById.clear();
    return removed;
  }
};

// src/tools/invoke-sub-agent.ts
var MAX_SUB_EXECUTION_DEPTH = 4;
var invokeSubAgentTool = {
  name: "invoke_sub_agent",
  description: "Delegate a self-contained task to a named sub-agent and wait for its answer.",
  async execute(call, { execution, host }) {
    const { subagentId = "general-purpose", prompt = "" } = call.input ?? {};
    if (execution.subExecutionDepth >= MAX_SUB_EXECUTION_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, refusing ${subagentId}`);
      return `Error: sub-agents may not nest deeper than ${MAX_SUB_EXECUTION_DEPTH}`;
    }
    const subAgentExecution = createSubExecution(execution, subagentId);
    logger.info(
      `[SubAgentGraph] ${execution.agentName} (${shortExecutionId(execution.executionId)}) delegates to ${subagentId} (${shortExecutionId(subAgentExecution.executionId)}) at depth ${subAgentExecution.subExecutionDepth}`
    );
    const answer = await host.runExecution(subAgentExecution, prompt);
    return answer.length > 0 ? answer : "(the sub-agent returned no text)";
  }
};

// src/tools/session-tools.ts
var relayUserMessageTool = {
  name: "user_steer",
  description: "Relay a message the user typed in the client while the agent is working.",
  async execute(call, { host }) {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    host.steer(text, "user");
    return "queued for the agent";
  }
};
var workflowNotifyTool = {
  name: "notify",
  description: "Post a workflow notification to the session (informational, no reply expected).",
  async execute(call, { host }) {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    host.steer(text, "workflow");
    return "notification posted";
  }
};

// src/tools/tool-registry.ts
var ToolRegistry = class {
  tools = /* @__PURE__ */ new Map();
  register(...definitions) {
    for (const definition of definitions) {
      if (this.tools.has(definition.name)) throw new Error(`tool ${definition.name} registered twice`);
      this.tools.set(definition.name, definition);
    }
    return this;
  }
  list() {
    return [...this.tools.keys()];
  }
  async execute(call, context) {
    const tool = this.tools.get(call.name);
    if (tool === void 0) {
      logger.warn(`[Tools] unknown tool ${call.name} requested by ${context.execution.agentName}`);
      return `Error: no tool named ${call.name}`;
    }
    try {
      return await tool.execute(call, context);
    } catch (err) {
      if (context.execution.abortController.signal.aborted) throw err;
      logger.warn(`[Tools] ${call.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      return `Error: ${call.name} failed`;
    }
  }
};

// src/session/event-adapter.ts
var RETAINED_UPDATES = 500;
var SessionEventAdapter = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
  }
  sessionId;
  ownedExecutionId = void 0;
  recent = [];
  sink;
  attach(sink) {
    this.sink = sink;
  }
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  send(update) {
    const notification = { sessionId: this.sessionId, update };
    this.recent.push(notification);
    if (this.recent.length > RETAINED_UPDATES) this.recent.shift();
    this.sink?.(notification);
  }
  steering(kind, detail) {
    this.send({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } });
  }
  steeringQueued(messageId, kind) {
    this.steering("steering_queued", { messageId, messageKind: kind });
  }
  steeringInjected(executionId, messageIds) {
    this.steering("steering_injected", {
      messageIds,
      executionId,
      owned: executionId === this.ownedExecutionId
    });
  }
  steeringCleared(messageIds, reason) {
    this.steering("steering_cleared", { messageIds, reason });
  }
  agentText(executionId, text) {
    if (executionId !== this.ownedExecutionId || text.length === 0) return;
    this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }
};

// src/session/turn-boundary.ts
function clearSteeringAtTurnBoundary(session, reason) {
  const removed = session.sessionServices.steeringBuffer.clear();
  const messageIds = removed.map((message) => message.id);
  if (messageIds.length > 0) {
    logger.info(`[Steering] cleared ${messageIds.length} message(s) for ${session.sessionId} (${reason})`);
    session.sessionServices.events.steeringCleared(messageIds, reason);
  }
  return { reason, messageIds };
}

// src/session/agent-session.ts
var CONTINUATION_PROMPT = "Continue the task: the user sent more guidance while you were finishing.";
var MAX_ROOT_CONTINUATIONS = 2;
var AgentSession = class {
  sessionId = newSessionId();
  sessionServices;
  promptContext;
  eventAdapter;
  /** executions currently running in this session, root and sub-agents */
  liveExecutions = /* @__PURE__ */ new Set();
  steeringEpoch = 0;
  abortController = new AbortController();
  graph;
  turnInFlight = false;
  constructor(model, options = {}) {
    this.eventAdapter = new SessionEventAdapter(this.sessionId);
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(this.sessionId),
      events: this.eventAdapter,
      tools: new ToolRegistry().register(invokeSubAgentTool, relayUserMessageTool, workflowNotifyTool),
      model,
      hooks: new AgentHookRunner()
    };
    this.promptContext = {
      workspaceRoot: options.workspaceRoot ?? process.cwd(),
      promptTemplateContext: {},
      contextCharBudget: options.contextCharBudget ?? 4e5
    };
    this.graph = new TurnGraph(this);
  }
  steer(text, origin = "user") {
    const message = this.sessionServices.steeringBuffer.push(text, origin);
    incrementCounter("steering.queued");
    this.eventAdapter.steeringQueued(message.id, message.kind);
    return message;
  }
  clearSteering(reason) {
    return clearSteeringAtTurnBoundary(this, reason);
  }
  bumpSteeringEpoch() {
    this.steeringEpoch += 1;
    return this.steeringEpoch;
  }
  cancel() {
    logger.info(`[Session] ${this.sessionId} cancelled`);
    this.abortController.abort(new Error("cancelled by client"));
    this.abortController = new AbortController();
    clearSteeringAtTurnBoundary(this, "cancel");
  }
  onModelSettleFailure(execution, error) {
    logger.error(`[Session] model call for ${execution.agentName} (${shortExecutionId(execution.executionId)}) did not settle`, error);
    clearSteeringAtTurnBoundary(this, "model_settle_failed");
  }
  async runExecution(execution, prompt) {
    this.liveExecutions.add(execution);
    try {
      return await this.graph.run(execution, prompt);
    } finally {
      this.liveExecutions.delete(execution);
    }
  }
  async prompt(text) {
    if (this.turnInFlight) throw new Error(`session ${this.sessionId} already has a turn in flight`);
    this.turnInFlight = true;
    const rootConfig = {
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: ROOT_AGENT_NAME
    };
    try {
      let D = new AgentExecution(rootConfig);
      this.eventAdapter.setOwnedExecutionId(D.executionId);
      let answer = await this.runExecution(D, text);
      for (let continuation = 1; continuation <= MAX_ROOT_CONTINUATIONS; continuation++) {
        const N = D.steeringReaderIndex;
        const O = N < this.sessionServices.steeringBuffer.bufferedCount();
        if (!O) break;
        logger.info(`[Session] steering arrived as the turn ended, continuing root (${continuation}/${MAX_ROOT_CONTINUATIONS})`);
        D = new AgentExecution(rootConfig);
        if (O) D.setSteeringReaderIndex(N);
        this.eventAdapter.setOwnedExecutionId(D.executionId);
        answer = await this.runExecution(D, CONTINUATION_PROMPT);
      }
      await extractMemories(this, D);
      clearSteeringAtTurnBoundary(this, "turn_end");
      return answer;
    } catch (err) {
      clearSteeringAtTurnBoundary(this, "prompt_error");
      throw err;
    } finally {
      this.turnInFlight = false;
    }
  }
};

// src/session/session-registry.ts
var sessions = /* @__PURE__ */ new Map();
var sessionRegistry = {
  add(session) {
    sessions.set(session.sessionId, session);
  },
  get(sessionId) {
    return sessions.get(sessionId);
  },
  remove(sessionId) {
    return sessions.delete(sessionId);
  },
  size() {
    return sessions.size;
  }
};

// src/acp/ext-methods.ts
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
var METHOD_NOT_FOUND = -32601;
var INVALID_PARAMS = -32602;
function requireSession(params) {
  const sessionId = params?.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(INVALID_PARAMS, "sessionId is required");
  const session = sessionRegistry.get(sessionId);
  if (session === void 0) throw new ExtMethodError(INVALID_PARAMS, `unknown session ${sessionId}`);
  return session;
}
async function handleExtMethod(method, params) {
  switch (method) {
    case "_session/steer/clear": {
      const session = requireSession(params);
      const { messageIds } = clearSteeringAtTurnBoundary(session, "client_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/steer": {
      const session = requireSession(params);
      const text = params.text;
      if (typeof text !== "string" || text.trim() === "") throw new ExtMethodError(INVALID_PARAMS, "text is required");
      const message = session.steer(text, "user");
      return { queued: true, messageId: message.id, epoch: session.steeringEpoch };
    }
    case "_kiro/metrics":
      return { counters: snapshotCounters() };
    default:
      throw new ExtMethodError(METHOD_NOT_FOUND, `unknown ext method ${method}`);
  }
}

// src/server/acp-server.ts
function createSession(model, options) {
  const session = new AgentSession(model, options);
  sessionRegistry.add(session);
  return session;
}
function closeSession(sessionId) {
  const session = sessionRegistry.get(sessionId);
  session?.cancel();
  return sessionRegistry.remove(sessionId);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  closeSession,
  createSession,
  handleExtMethod,
  logLines
});
