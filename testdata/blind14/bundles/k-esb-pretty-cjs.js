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
  ExtMethodError: () => ExtMethodError,
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
function newSteeringId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomBytes)(6).toString("hex")}`;
}

// src/agent/execution.ts
var ROOT_AGENT_NAME = "chat-agent";
var AgentExecution = class {
  executionId = newExecutionId();
  abortController = new AbortController();
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  state = void 0;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  /** ids injected by the live-steering hook since the last model response */
  injectedSteeringIds = [];
  queuedUserMessages = [];
  createdAt = Date.now();
  constructor(config) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    const parentSignal = config.signal;
    if (parentSignal !== void 0) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
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
  hasQueuedUserMessage() {
    return this.queuedUserMessages.length > 0 || this.steeringReaderIndex < this.sessionServices.liveSteering.messages.length;
  }
  describe() {
    return `${this.agentName} (${this.executionId.slice(0, 8)})`;
  }
};

// src/util/logger.ts
var logLines = [];
var LEVEL_ORDER = { debug: 10, info: 20, warn: 30, error: 40 };
var MAX_LINES = 5e3;
function threshold() {
  const configured = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase();
  return LEVEL_ORDER[configured] ?? LEVEL_ORDER.info;
}
function createLogger(scope) {
  const write = (level, message) => {
    if (LEVEL_ORDER[level] < threshold()) return;
    const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)} ${scope}: ${message}`;
    if (logLines.length >= MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES + 1);
    logLines.push(line);
  };
  return {
    debug: (message) => write("debug", message),
    info: (message) => write("info", message),
    warn: (message) => write("warn", message),
    error: (message, error) => write("error", error instanceof Error ? `${message}: ${error.message}` : message)
  };
}

// src/context/compaction.ts
var log = createLogger("kas.compaction");
var COMPACTION_THRESHOLD = 400;
var KEEP_TAIL = 40;
async function compactContext(state, runner) {
  const parent = state.execution;
  const head = state.context.slice(0, state.context.length - KEEP_TAIL);
  const summarizer = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: { ...parent.promptContext, mode: "compaction" },
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: "context-compactor"
  });
  const transcript = head.map((m) => `${m.role}: ${m.text}`).join("\n");
  const summary = await runner.runExecution(summarizer, `Summarise this conversation so far:
${transcript}`);
  log.info(`compacted ${head.length} message(s) of ${parent.describe()}`);
  return { ...state, context: [{ role: "user", text: `Summary of earlier conversation: ${summary}` }, ...state.context.slice(-KEEP_TAIL)] };
}

// src/steering/turn-boundary.ts
var log2 = createLogger("kas.steering");
function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.liveSteering.clear();
  if (messageIds.length > 0) log2.debug(`cleared ${messageIds.length} steering message(s): ${reason}`);
  services.steeringEvents.cleared(messageIds, reason);
  return messageIds;
}

// src/graph/nodes.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTION: "TOOL_EXECUTION",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END"
};

// src/graph/turn-graph.ts
var log3 = createLogger("kas.graph");
var MAX_DRAIN_RETRIES = 2;
var MAX_GRAPH_STEPS = 64;
var ModelSettleError = class extends Error {
  constructor(agentName, cause) {
    super(`model response for ${agentName} did not settle: ${String(cause)}`);
    this.agentName = agentName;
  }
  agentName;
};
function normalizeResponse(raw) {
  return { text: raw?.text ?? "", toolCalls: Array.isArray(raw?.toolCalls) ? raw.toolCalls : [] };
}
var TurnGraph = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  targets = {
    continueTarget: GraphNode.MODEL_INVOKE,
    endTarget: GraphNode.END
  };
  async run(execution, prompt) {
    let state = { execution, context: [{ role: "user", text: prompt }], iteration: 0 };
    execution.state = state;
    let node = GraphNode.MODEL_INVOKE;
    for (let step = 0; node !== GraphNode.END; step++) {
      if (execution.abortController.signal.aborted) throw new Error(`execution ${execution.describe()} aborted`);
      if (step >= MAX_GRAPH_STEPS) {
        log3.warn(`graph step limit reached in ${execution.describe()}`);
        break;
      }
      switch (node) {
        case GraphNode.MODEL_INVOKE:
          state = await this.modelInvoke(state);
          node = state.response.toolCalls.length > 0 ? GraphNode.TOOL_EXECUTION : GraphNode.FINAL_RESPONSE;
          break;
        case GraphNode.TOOL_EXECUTION:
          state = await this.executeTools(state);
          node = GraphNode.MODEL_INVOKE;
          break;
        case GraphNode.FINAL_RESPONSE:
          node = this.routeFinalResponse(state);
          break;
      }
    }
    return state.response?.text ?? "";
  }
  async modelInvoke(r) {
    if (!r.execution.skipHooks) {
      await r.execution.sessionServices.hooks.run("preModelInvoke", {
        executionId: r.execution.executionId,
        agentName: r.execution.agentName
      });
    }
    if (r.context.length > COMPACTION_THRESHOLD) r = await compactContext(r, this.deps.runner);
    await r.execution.sessionServices.liveSteeringHook.beforeModelInvoke(r.execution), r = await this.appendQueuedMessages(r), r.execution.state = r;
    const response = await this.settle(r);
    this.acknowledgeInjected(r.execution);
    const context = [...r.context, { role: "assistant", text: response.text }];
    return { ...r, context, response, iteration: r.iteration + 1 };
  }
  async appendQueuedMessages(r) {
    const queued = r.execution.takeQueuedUserMessages();
    if (queued.length === 0) return r;
    log3.debug(`appending ${queued.length} queued message(s) for ${r.execution.describe()}`);
    return { ...r, context: [...r.context, ...queued.map((text) => ({ role: "user", text }))] };
  }
  async settle(r) {
    try {
      return normalizeResponse(await this.deps.model.invoke(r.execution, r.context));
    } catch (error) {
      clearSteeringAtTurnBoundary(r.execution.sessionServices, "model_settle_failed");
      throw new ModelSettleError(r.execution.agentName, error);
    }
  }
  /** The model has now seen what was injected for it: record this execution as a handler. */
  acknowledgeInjected(execution) {
    const ids = execution.injectedSteeringIds.splice(0, execution.injectedSteeringIds.length);
    for (const id of ids) execution.sessionServices.liveSteering.acknowledge(id, execution.executionId);
  }
  async executeTools(r) {
    const results = [];
    for (const call of r.response.toolCalls) {
      const tool = this.deps.tools.get(call.name);
      if (tool === void 0) {
        results.push({ role: "tool", text: `unknown tool ${call.name}` });
        continue;
      }
      if (!r.execution.skipHooks) {
        await r.execution.sessionServices.hooks.run("preToolUse", {
          executionId: r.execution.executionId,
          agentName: r.execution.agentName,
          toolName: call.name
        });
      }
      const input = call.input ?? call;
      const output = await tool.execute(input, { ...this.deps.toolContext, execution: r.execution, state: r });
      results.push({ role: "tool", text: output.content });
    }
    return { ...r, context: [...r.context, ...results] };
  }
  routeFinalResponse(state) {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        log3.info(`[LiveSteeringHook] steering still queued for ${execution.describe()}, re-entering MODEL_INVOKE (${execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`);
        return this.targets.continueTarget;
      }
      log3.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.describe()}`);
    }
    return this.targets.endTarget;
  }
};

// src/memory/extraction.ts
var log4 = createLogger("kas.memory");
var MEMORY_AGENT_NAME = "memory-extraction";
var MEMORY_PROMPT = "Extract durable facts and preferences worth remembering from the turn that just ended.";
function inheritExecutionServices(parent) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: { ...parent.promptContext, mode: "memory" },
    signal: parent.abortController.signal
  };
}
async function extractMemories(root, runner) {
  const memoryExecution = new AgentExecution({
    ...inheritExecutionServices(root),
    subExecutionDepth: root.subExecutionDepth + 1,
    agentName: MEMORY_AGENT_NAME,
    skipHooks: true
  });
  try {
    return await runner.runExecution(memoryExecution, MEMORY_PROMPT);
  } catch (error) {
    log4.error(`memory extraction failed for ${root.describe()}`, error);
    return void 0;
  }
}

// src/steering/events.ts
var BufferedClient = class {
  updates = [];
  sessionUpdate(notification) {
    this.updates.push(notification);
    if (this.updates.length > 500) this.updates.shift();
  }
};
var SteeringEvents = class {
  constructor(sessionId, client) {
    this.sessionId = sessionId;
    this.client = client;
  }
  sessionId;
  client;
  send(kind, data) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } }
    };
    void Promise.resolve(this.client.sessionUpdate(notification)).catch(() => void 0);
  }
  queued(message) {
    this.send("steering_queued", { messageId: message.id, messageKind: message.kind });
  }
  injected(executionId, messageIds) {
    this.send("steering_injected", { executionId, messageIds: [...messageIds] });
  }
  cleared(messageIds, reason) {
    this.send("steering_cleared", { messageIds: [...messageIds], reason });
  }
};

// src/tools/invoke-sub-agent.ts
var log5 = createLogger("kas.subagent");
var MAX_SUB_EXECUTION_DEPTH = 4;
var invokeSubAgentTool = {
  name: "invoke_sub_agent",
  description: "Delegate a task to a named sub-agent and wait for its answer.",
  async execute(input, context) {
    const subagentId = String(input.subagentId ?? "");
    const prompt = String(input.prompt ?? "");
    if (subagentId === "") return { content: "invoke_sub_agent: subagentId is required", isError: true };
    const parent = context.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log5.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, refusing ${subagentId}`);
      return { content: `Sub-agent nesting limit (${MAX_SUB_EXECUTION_DEPTH}) reached`, isError: true };
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId
    });
    const tracer = parent.sessionServices.tracer;
    const span = tracer.start(`subagent:${subagentId}`, void 0, { depth: subAgentExecution.subExecutionDepth });
    try {
      log5.info(`[SubAgentGraph] ${parent.describe()} -> ${subAgentExecution.describe()}`);
      const answer = await context.runner.runExecution(subAgentExecution, prompt);
      return { content: answer };
    } finally {
      tracer.finish(span);
    }
  }
};

// src/tools/registry.ts
var ToolRegistry = class {
  tools = /* @__PURE__ */ new Map();
  register(...specs) {
    for (const spec of specs) {
      if (this.tools.has(spec.name)) throw new Error(`tool ${spec.name} registered twice`);
      this.tools.set(spec.name, spec);
    }
    return this;
  }
  get(name) {
    return this.tools.get(name);
  }
  names() {
    return [...this.tools.keys()].sort();
  }
};

// src/tools/steering-tools.ts
var userSteerTool = {
  name: "user_steer",
  description: "Queue a steering message as if the user had typed it.",
  async execute(input, context) {
    const message = context.session.steer(String(input.text ?? ""), "user");
    return { content: `queued ${message.id}` };
  }
};
var notifyTool = {
  name: "notify",
  description: "Post a workflow notification to every agent of the session.",
  async execute(input, context) {
    const message = context.session.steer(String(input.text ?? ""), "workflow");
    return { content: `posted ${message.id}` };
  }
};

// src/hooks/hook-runner.ts
var log6 = createLogger("kas.hooks");
var HookRunner = class {
  handlers = /* @__PURE__ */ new Map();
  on(event, handler) {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
    return () => {
      const index = list.indexOf(handler);
      if (index >= 0) list.splice(index, 1);
    };
  }
  async run(event, context) {
    const list = this.handlers.get(event);
    if (!list || list.length === 0) return;
    for (const handler of [...list]) {
      try {
        await handler(context);
      } catch (error) {
        log6.warn(`hook ${event} failed for ${context.agentName}: ${String(error)}`);
      }
    }
  }
};

// src/steering/buffer.ts
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  epoch = 0;
  push(text, kind) {
    const message = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      receivedAt: Date.now(),
      epoch: this.epoch
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  acknowledge(messageId, executionId) {
    const message = this.messageById.get(messageId);
    if (message === void 0) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(messageId) {
    const message = this.messageById.get(messageId);
    return message !== void 0 && message.handlers.size > 0;
  }
  clear() {
    const messageIds = this.messages.map((message) => message.id);
    this.messages = [];
    this.messageById.clear();
    return messageIds;
  }
};

// src/steering/live-steering-hook.ts
var log7 = createLogger("kas.steering");
var RECAP_PREAMBLE = "While you delegated work to subagent(s), the user sent the message below. It was already seen by another agent; fold it into your recap and your next steps.";
var ACTIVE_PREAMBLE = "The user sent the message below while you were working. Adjust your approach as the currently active agent.";
var NOTIFICATION_SUFFIX = "(This notification is informational only; it needs no reply.)";
var LiveSteeringHook = class {
  constructor(events) {
    this.events = events;
  }
  events;
  async beforeModelInvoke(execution) {
    const buffer = execution.sessionServices.liveSteering;
    const injected = [];
    while (execution.steeringReaderIndex < buffer.messages.length) {
      const message = buffer.messages[execution.steeringReaderIndex];
      execution.steeringReaderIndex++;
      let prompt;
      switch (message.kind) {
        case "user": {
          const handledElsewhere = [...message.handlers].some((handler) => handler !== execution.executionId);
          prompt = handledElsewhere ? `${RECAP_PREAMBLE}
[STEERING ${message.id}] ${message.text}` : `${ACTIVE_PREAMBLE}
[STEERING ${message.id}] ${message.text}`;
          break;
        }
        default:
          prompt = `[NOTIFY ${message.id}] ${message.text}
${NOTIFICATION_SUFFIX}`;
      }
      execution.queueUserMessage(prompt);
      execution.injectedSteeringIds.push(message.id);
      injected.push(message.id);
      log7.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
      );
    }
    if (injected.length > 0) {
      this.events.injected(execution.executionId, injected);
      this.events.cleared(injected, "injected");
    }
    return injected.length;
  }
};

// src/telemetry/spans.ts
var Span = class _Span {
  name;
  depth;
  parent;
  attributes;
  startedAt = performance.now();
  endedAt;
  constructor(options) {
    this.name = options.name;
    this.parent = options.parent;
    this.depth = options.parent ? options.parent.depth + 1 : 0;
    this.attributes = { ...options.attributes };
  }
  child(name, attributes) {
    return new _Span({ name, parent: this, attributes });
  }
  end() {
    this.endedAt ??= performance.now();
    return this.endedAt - this.startedAt;
  }
};
var Tracer = class {
  finished = [];
  limit;
  constructor(limit = 256) {
    this.limit = limit;
  }
  start(name, parent, attributes) {
    return new Span({ name, parent, attributes });
  }
  finish(span) {
    span.end();
    this.finished.push(span);
    if (this.finished.length > this.limit) this.finished.shift();
  }
  recent() {
    return this.finished;
  }
};

// src/session/services.ts
function createSessionServices(sessionId, client) {
  const steeringEvents = new SteeringEvents(sessionId, client);
  return {
    sessionId,
    liveSteering: new SteeringBuffer(),
    steeringEvents,
    liveSteeringHook: new LiveSteeringHook(steeringEvents),
    hooks: new HookRunner(),
    tracer: new Tracer()
  };
}

// src/session/session.ts
var log8 = createLogger("kas.session");
var MAX_ROOT_CONTINUATIONS = 3;
var CONTINUATION_PROMPT = "Continue the current task; the user sent more guidance while you were finishing.";
var ExecutionEventAdapter = class {
  ownedExecutionId;
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
};
var AgentSession = class {
  constructor(model, client = new BufferedClient(), workspaceRoot = process.cwd()) {
    this.model = model;
    this.services = createSessionServices(this.sessionId, client);
    this.promptContext = { workspaceRoot, mode: "chat", steeringFiles: [] };
  }
  model;
  sessionId = newSessionId();
  services;
  eventAdapter = new ExecutionEventAdapter();
  promptContext;
  tools = new ToolRegistry().register(invokeSubAgentTool, userSteerTool, notifyTool);
  abortController = new AbortController();
  turns = 0;
  steer(text, origin = "user") {
    const kind = origin === "user" ? "user" : origin === "system" ? "system" : "workflow";
    const message = this.services.liveSteering.push(text, kind);
    this.services.steeringEvents.queued(message);
    log8.debug(`queued ${kind} steering ${message.id}`);
    return message;
  }
  /** `_session/steer/clear`: drop the buffer and start a new steering epoch. */
  clearSteering(reason = "user_clear") {
    const messageIds = clearSteeringAtTurnBoundary(this.services, reason);
    this.services.liveSteering.epoch += 1;
    return messageIds;
  }
  cancel() {
    this.abortController.abort(new Error("cancelled by client"));
    clearSteeringAtTurnBoundary(this.services, "cancelled");
    this.abortController = new AbortController();
  }
  async runExecution(execution, prompt) {
    const graph = new TurnGraph({
      model: this.model,
      tools: this.tools,
      runner: this,
      toolContext: { runner: this, session: this }
    });
    if (!execution.skipHooks) {
      await this.services.hooks.run("agentSpawn", { executionId: execution.executionId, agentName: execution.agentName });
    }
    return graph.run(execution, prompt);
  }
  async prompt(text) {
    this.turns += 1;
    const signal = this.abortController.signal;
    try {
      let resumeAt;
      let root;
      let answer = "";
      for (let pass = 0; ; pass++) {
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal,
          agentName: ROOT_AGENT_NAME
        });
        const continuing = resumeAt !== void 0;
        if (continuing) {
          root.setSteeringReaderIndex(resumeAt);
        }
        this.eventAdapter.setOwnedExecutionId(root.executionId);
        answer = await this.runExecution(root, continuing ? CONTINUATION_PROMPT : text);
        if (pass >= MAX_ROOT_CONTINUATIONS || !root.hasQueuedUserMessage()) break;
        log8.info(`root continuation ${pass + 1} for turn ${this.turns}`);
        resumeAt = root.steeringReaderIndex;
      }
      await extractMemories(root, this);
      clearSteeringAtTurnBoundary(this.services, "turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (error) {
      if (signal.aborted) return { stopReason: "cancelled", text: "" };
      clearSteeringAtTurnBoundary(this.services, "prompt_error");
      throw error;
    }
  }
};

// src/server/acp-server.ts
var log9 = createLogger("kas.acp");
var sessions = /* @__PURE__ */ new Map();
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
function createSession(model, client) {
  const session = new AgentSession(model, client);
  sessions.set(session.sessionId, session);
  log9.info(`session ${session.sessionId} created`);
  return session;
}
function requireSession(params) {
  const sessionId = params.sessionId;
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (session === void 0) throw new ExtMethodError(-32602, `unknown session ${String(sessionId)}`);
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const message = session.steer(String(params.text ?? ""), "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = requireSession(params);
      const messageIds = session.clearSteering("user_clear");
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params).cancel();
      return { cancelled: true };
    }
    default:
      throw new ExtMethodError(-32601, `method not found: ${method}`);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  ExtMethodError,
  createSession,
  handleExtMethod,
  logLines
});
