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

// src/i/server/acp-server.ts
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// src/i/util/ids.ts
var import_node_crypto = require("node:crypto");
var sequence = 7994;
function nextHexId() {
  sequence = sequence + 40503 >>> 0;
  return (sequence ^ Date.now() & 4294901760).toString(16).padStart(8, "0");
}
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}

// src/i/agent/agent-execution.ts
var DEFAULT_AGENT_NAME = "chat-agent";
var AgentExecution = class {
  executionId = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  queuedUserMessages = [];
  deliveredSteeringIds = [];
  state = void 0;
  sessionServices;
  promptContext;
  abortController = new AbortController();
  subExecutionDepth;
  agentName;
  skipHooks;
  constructor(options) {
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? DEFAULT_AGENT_NAME;
    this.skipHooks = options.skipHooks === true;
    options.signal?.addEventListener("abort", () => this.abortController.abort(options.signal?.reason), { once: true });
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  enqueueUserMessage(text) {
    this.queuedUserMessages.push(text);
  }
  takeQueuedUserMessages() {
    return this.queuedUserMessages.splice(0);
  }
  hasUnreadSteering() {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.store.list.length;
  }
  hasQueuedUserMessage() {
    return this.queuedUserMessages.length > 0 || this.hasUnreadSteering();
  }
};

// src/i/graph/state-graph.ts
var END = "__end__";
var GraphRecursionError = class extends Error {
  constructor(limit) {
    super(`Recursion limit of ${limit} reached without hitting a stop condition`);
    this.name = "GraphRecursionError";
  }
};
var StateGraph = class {
  nodes = /* @__PURE__ */ new Map();
  edges = /* @__PURE__ */ new Map();
  entryPoint;
  addNode(name, node) {
    this.nodes.set(name, node);
    return this;
  }
  setEntryPoint(name) {
    this.entryPoint = name;
    return this;
  }
  addEdge(from, to) {
    this.edges.set(from, () => to);
    return this;
  }
  addConditionalEdges(from, router) {
    this.edges.set(from, router);
    return this;
  }
  compile(recursionLimit) {
    const { nodes, edges, entryPoint } = this;
    if (!entryPoint) throw new Error("graph has no entry point");
    return {
      async invoke(initial) {
        let state = initial;
        let current = entryPoint;
        for (let step = 0; current !== END; step++) {
          if (step >= recursionLimit) throw new GraphRecursionError(recursionLimit);
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown graph node ${current}`);
          state = await node(state);
          const route = edges.get(current);
          current = route ? route(state) : END;
        }
        return state;
      }
    };
  }
};

// src/i/util/logger.ts
var logLines = [];
function write(level, scope, message) {
  if (level === "debug" && !process.env.KAS_DEBUG) return;
  logLines.push(`${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)} ${scope}: ${message}`);
}
var Logger = class {
  constructor(scope) {
    this.scope = scope;
  }
  scope;
  debug(message) {
    write("debug", this.scope, message);
  }
  info(message) {
    write("info", this.scope, message);
  }
  warn(message) {
    write("warn", this.scope, message);
  }
  error(message, err) {
    write("error", this.scope, err instanceof Error ? `${message}: ${err.message}` : message);
  }
};

// src/i/session/turn-boundary.ts
var log = new Logger("TurnBoundary");
function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.liveSteering.clear();
  log.info(`[LiveSteeringHook] cleared ${messageIds.length} steering message(s) at turn boundary (${reason}), epoch ${services.liveSteering.epoch}`);
  if (messageIds.length > 0) services.events.sessionInfo("steering_cleared", { messageIds, reason });
  return { reason, messageIds };
}

// src/i/graph/agent-graph.ts
var log2 = new Logger("AgentGraph");
var MODEL_INVOKE = "MODEL_INVOKE";
var TOOL_EXECUTION = "TOOL_EXECUTION";
var MAX_DRAIN_RETRIES = 3;
function appendQueuedSteering(state) {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  log2.debug(`appending ${queued.length} queued steering message(s) to the context`);
  return {
    ...state,
    context: [...state.context, ...queued.map((text) => ({ role: "user", text }))],
    agentIterationNumber: 0
  };
}
function createModelInvokeNode(model, hook) {
  return async function modelInvoke(state) {
    await hook.beforeModelInvoke(state.execution);
    const next = appendQueuedSteering(state);
    next.execution.state = next;
    let response;
    try {
      response = await model.invoke(next.execution, next.context);
    } catch (err) {
      log2.error("model call failed to settle", err);
      clearSteeringAtTurnBoundary(next.execution.sessionServices, "model_settle_failed");
      throw err;
    }
    return {
      ...next,
      response,
      context: [...next.context, { role: "assistant", text: response.text ?? "" }],
      agentIterationNumber: next.agentIterationNumber + 1
    };
  };
}
function createToolExecutionNode(tools, runtime) {
  return async function toolExecution(state) {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = tools.get(call.name);
      if (!tool) {
        results.push({ role: "tool", text: `Unknown tool: ${call.name}` });
        continue;
      }
      const result = await tool.execute(call, state, runtime);
      results.push({ role: "tool", text: result.text ?? "" });
    }
    return { ...state, context: [...state.context, ...results] };
  };
}
function routeAfterModelInvoke(state, targets) {
  if ((state.response?.toolCalls?.length ?? 0) > 0) return targets.toolTarget;
  const execution = state.execution;
  const steeringQueued = execution.hasQueuedUserMessage();
  const retriesLeft = execution.drainRetryCount < MAX_DRAIN_RETRIES;
  if (steeringQueued && retriesLeft) {
    execution.drainRetryCount++;
    log2.info(`[LiveSteeringHook] steering still queued for ${execution.agentName} - invoking the model again (${execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`);
    return targets.continueTarget;
  }
  if (steeringQueued) log2.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}; ending with steering queued`);
  return targets.endTarget;
}
function buildAgentGraph(deps) {
  const targets = { toolTarget: TOOL_EXECUTION, continueTarget: MODEL_INVOKE, endTarget: END };
  return new StateGraph().addNode(MODEL_INVOKE, createModelInvokeNode(deps.model, deps.hook)).addNode(TOOL_EXECUTION, createToolExecutionNode(deps.tools, deps.runtime)).setEntryPoint(MODEL_INVOKE).addConditionalEdges(MODEL_INVOKE, (state) => routeAfterModelInvoke(state, targets)).addEdge(TOOL_EXECUTION, MODEL_INVOKE);
}

// src/i/steering/live-steering-hook.ts
var log3 = new Logger("LiveSteering");
var LiveSteeringHook = class {
  constructor(events) {
    this.events = events;
  }
  events;
  name = "LiveSteeringHook";
  async beforeModelInvoke(execution) {
    const buffer = execution.sessionServices.liveSteering;
    const pending = buffer.store.list;
    const injected = [];
    while (execution.steeringReaderIndex < pending.length) {
      const message = pending[execution.steeringReaderIndex];
      execution.steeringReaderIndex += 1;
      let wrapped;
      switch (message.kind) {
        case "user": {
          const elsewhere = [...message.handlers].some((handler) => handler !== execution.executionId);
          wrapped = elsewhere ? `While you delegated work to subagent(s), the user sent the message below; the subagent(s) have already acted on it. Fold it into your summary.
[STEERING ${message.id}] ${message.text}` : `The user sent a message while you were working. Adjust your approach as the currently active agent and say how you handled it.
[STEERING ${message.id}] ${message.text}`;
          break;
        }
        default:
          wrapped = `Informational only, do not reply to it.
[NOTIFY ${message.id}] ${message.text}`;
      }
      execution.enqueueUserMessage(wrapped);
      execution.deliveredSteeringIds.push(message.id);
      injected.push(message.id);
      log3.info(`[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`);
    }
    if (injected.length > 0) {
      this.events.sessionInfo("steering_injected", { executionId: execution.executionId, messageIds: injected });
      this.events.sessionInfo("steering_cleared", { messageIds: injected });
    }
    return injected.length;
  }
};

// src/i/memory/memory-extraction.ts
var log4 = new Logger("MemoryExtraction");
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var EXTRACTION_PROMPT = "Review this turn and extract durable memories (preferences, facts, decisions) worth keeping.";
var MemoryExtractionService = class {
  constructor(runtime) {
    this.runtime = runtime;
  }
  runtime;
  async extract(execution) {
    const memoryExecution = new AgentExecution({
      agentName: MEMORY_EXTRACTION_AGENT,
      sessionServices: execution.sessionServices,
      promptContext: { ...execution.promptContext, purpose: MEMORY_EXTRACTION_AGENT },
      subExecutionDepth: execution.subExecutionDepth + 1,
      skipHooks: true
    });
    try {
      return await this.runtime.runExecution(memoryExecution, EXTRACTION_PROMPT);
    } catch (err) {
      log4.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
      return "";
    }
  }
};

// src/i/tools/invoke-sub-agent.ts
var log5 = new Logger("SubAgentGraph");
var MAX_SUB_EXECUTION_DEPTH = 4;
var InvokeSubAgentTool = class {
  name = "invoke_sub_agent";
  async execute(call, state, runtime) {
    const subagentId = call.input?.subagentId ?? "general-purpose";
    const prompt = call.input?.prompt ?? "";
    const currentDepth = state.execution.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log5.warn(`[SubAgentGraph] nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded, rejecting ${subagentId}`);
      return { text: `Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded`, isError: true };
    }
    let subAgentExecution;
    try {
      subAgentExecution = new AgentExecution({
        sessionServices: state.execution.sessionServices,
        promptContext: state.execution.promptContext,
        signal: state.execution.abortController.signal,
        subExecutionDepth: currentDepth + 1,
        agentName: subagentId
      });
      log5.info(`[SubAgentGraph] starting ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${subAgentExecution.subExecutionDepth}`);
      const text = await runtime.runExecution(subAgentExecution, prompt);
      return { text };
    } catch (err) {
      log5.error(`[SubAgentGraph] ${subagentId} failed`, err);
      return { text: `Sub-agent ${subagentId} failed`, isError: true };
    } finally {
      if (subAgentExecution) {
        for (const messageId of subAgentExecution.deliveredSteeringIds) {
          state.execution.sessionServices.liveSteering.acknowledge(messageId, subAgentExecution.executionId);
        }
      }
    }
  }
};

// src/i/tools/registry.ts
var ToolRegistry = class {
  tools = /* @__PURE__ */ new Map();
  register(tool) {
    if (this.tools.has(tool.name)) throw new Error(`tool ${tool.name} registered twice`);
    this.tools.set(tool.name, tool);
    return this;
  }
  get(name) {
    return this.tools.get(name);
  }
};
var UserSteerTool = class {
  name = "user_steer";
  async execute(call, _state, runtime) {
    const message = runtime.session.steer(call.text ?? "");
    return { text: `queued ${message.id}` };
  }
};
var NotifyTool = class {
  name = "notify";
  async execute(call, _state, runtime) {
    const message = runtime.session.steer(call.text ?? "", "workflow");
    return { text: `posted ${message.id}` };
  }
};

// src/i/steering/live-steering-buffer.ts
var LiveSteeringBuffer = class {
  store = {
    list: [],
    byId: /* @__PURE__ */ new Map()
  };
  epoch = 0;
  append(text, kind) {
    const message = {
      id: `${kind === "user" ? "steer" : "notify"}-${nextHexId()}`,
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      receivedAt: Date.now()
    };
    this.store.list.push(message);
    this.store.byId.set(message.id, message);
    return message;
  }
  /** Record that an execution handled a message. Changes no cursor. */
  acknowledge(messageId, executionId) {
    const message = this.store.byId.get(messageId);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(messageId) {
    const message = this.store.byId.get(messageId);
    return message !== void 0 && message.handlers.size > 0;
  }
  /** Drop every message and start a new epoch. */
  clear() {
    const removed = this.store.list.splice(0, this.store.list.length);
    this.store.byId.clear();
    this.epoch++;
    return removed.map((message) => message.id);
  }
};

// src/i/session/session-services.ts
var SessionEventAdapter = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
  }
  sessionId;
  ownedExecutionId = void 0;
  outbox = [];
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  sessionInfo(kind, payload) {
    this.outbox.push({
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } }
    });
    if (this.outbox.length > 256) this.outbox.splice(0, this.outbox.length - 256);
  }
};
var SessionServices = class {
  constructor(sessionId, events) {
    this.sessionId = sessionId;
    this.events = events;
  }
  sessionId;
  events;
  liveSteering = new LiveSteeringBuffer();
};

// src/i/session/kiro-session.ts
var log6 = new Logger("Session");
var RECURSION_LIMIT = 64;
var CONTINUATION_PROMPT = "Continue: the user sent more guidance while you were finishing.";
var NOTIFICATION_TEXT = /^\s*\[notification\/(?:info|success|warning|error)\]/i;
var KiroSession = class {
  constructor(model) {
    this.model = model;
    this.eventAdapter = new SessionEventAdapter(this.sessionId);
    this.sessionServices = new SessionServices(this.sessionId, this.eventAdapter);
    const tools = new ToolRegistry().register(new InvokeSubAgentTool()).register(new UserSteerTool()).register(new NotifyTool());
    this.graph = buildAgentGraph({ model, hook: new LiveSteeringHook(this.eventAdapter), tools, runtime: this }).compile(RECURSION_LIMIT);
    this.memoryExtraction = new MemoryExtractionService(this);
  }
  model;
  sessionId = newExecutionId();
  eventAdapter;
  sessionServices;
  promptContext = { promptTemplateContext: {} };
  abortController = new AbortController();
  graph;
  memoryExtraction;
  get session() {
    return this;
  }
  steer(text, origin = "user") {
    let kind = "user";
    if (origin === "workflow") kind = "workflow";
    else if (origin !== "user" || NOTIFICATION_TEXT.test(text)) kind = "system";
    const message = this.sessionServices.liveSteering.append(text, kind);
    this.eventAdapter.sessionInfo("steering_queued", { messageId: message.id, kind });
    return message;
  }
  clearSteering(reason = "user_clear") {
    return clearSteeringAtTurnBoundary(this.sessionServices, reason);
  }
  cancel() {
    this.abortController.abort();
    clearSteeringAtTurnBoundary(this.sessionServices, "cancelled");
  }
  async runExecution(execution, prompt) {
    const finalState = await this.graph.invoke({ execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0 });
    return finalState.response?.text ?? "";
  }
  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal
    });
  }
  async prompt(text) {
    let execution = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let reply = await this.runExecution(execution, text);
      const continueWithSteering = execution.hasUnreadSteering();
      if (continueWithSteering) {
        const readerIndex = execution.steeringReaderIndex;
        log6.info(`[LiveSteeringHook] steering arrived after the final response; continuing the root execution from ${readerIndex}`);
        execution = this.createRootExecution();
        execution.setSteeringReaderIndex(readerIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        reply = await this.runExecution(execution, CONTINUATION_PROMPT);
      }
      await this.memoryExtraction.extract(execution);
      clearSteeringAtTurnBoundary(this.sessionServices, "turn_end");
      return reply;
    } catch (err) {
      clearSteeringAtTurnBoundary(this.sessionServices, "prompt_error");
      throw err;
    }
  }
};

// src/i/server/acp-server.ts
var sessions = /* @__PURE__ */ new Map();
function createSession(model) {
  const session = new KiroSession(model);
  sessions.set(session.sessionId, session);
  return session;
}
function sessionFor(sessionId) {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (!session) throw Object.assign(new Error(`Session not found: ${String(sessionId)}`), { code: -32602 });
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const message = sessionFor(params.sessionId).steer(String(params.text ?? ""), typeof params.origin === "string" ? params.origin : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const { messageIds } = sessionFor(sessionId).clearSteering("client_clear");
      return { cleared: true, messageIds };
    }
    default:
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
