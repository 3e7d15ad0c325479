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

// src/execution/execution-base.ts
var import_node_events = require("node:events");

// src/runtime/ids.ts
var import_node_crypto = require("node:crypto");
function shortHexId() {
  return (0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 16);
}
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomUUID)()}`;
}

// src/execution/execution-base.ts
var ExecutionBase = class extends import_node_events.EventEmitter {
  executionId;
  agentName;
  abortController = new AbortController();
  createdAt = Date.now();
  status = "idle";
  constructor(config) {
    super();
    this.executionId = config.executionId ?? newExecutionId();
    this.agentName = config.agentName ?? "chat-agent";
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else
        parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), {
          once: true,
          signal: this.abortController.signal
        });
    }
  }
  get shortId() {
    return this.executionId.slice(0, 8);
  }
  transition(status) {
    const previous = this.status;
    this.status = status;
    this.emit("status", { previous, status });
  }
};

// src/execution/agent-execution.ts
var AgentExecution = class extends ExecutionBase {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  sessionServices;
  promptContext;
  subExecutionDepth;
  skipHooks;
  messages = [];
  state = void 0;
  queuedUserMessages = [];
  constructor(config) {
    super(config);
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(message) {
    this.queuedUserMessages.push(message);
  }
  takeQueuedUserMessages() {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steering.length || this.queuedUserMessages.length > 0;
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
};

// src/steering/steering-buffer.ts
var SteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  get length() {
    return this.messages.length;
  }
  push(input) {
    const prefix = input.kind === "user" ? "steer" : "notify";
    const message = {
      id: `${prefix}-${shortHexId()}`,
      kind: input.kind,
      text: input.text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  at(index) {
    return this.messages[index];
  }
  get(id) {
    return this.messageById.get(id);
  }
  /** Records that `executionId` handled message `id`. Changes no cursor. */
  acknowledge(id, executionId) {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  pendingIds() {
    return this.messages.map((message) => message.id);
  }
  /** Drops every message; returns the ids that were dropped. */
  clear() {
    const ids = this.pendingIds();
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
};

// src/runtime/log.ts
var logLines = [];
var MAX_RETAINED_LINES = 1e4;
function write(level, scope, message) {
  const line = `${(/* @__PURE__ */ new Date()).toISOString()} ${level.padEnd(5)} [${scope}] ${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(line + "\n");
}
function createLogger(scope) {
  return {
    debug: (message) => write("DEBUG", scope, message),
    info: (message) => write("INFO", scope, message),
    warn: (message) => write("WARN", scope, message),
    error: (message) => write("ERROR", scope, message)
  };
}

// src/steering/turn-boundary.ts
var log = createLogger("steering");
function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.steering.clear();
  if (messageIds.length > 0) {
    services.updates.send("steering_cleared", { messageIds, reason });
    log.debug(`cleared ${messageIds.length} steering message(s) (${reason})`);
  }
  return messageIds;
}

// src/acp/session-updates.ts
var import_node_events2 = require("node:events");
var SessionUpdateChannel = class extends import_node_events2.EventEmitter {
  constructor(sessionId) {
    super();
    this.sessionId = sessionId;
  }
  sessionId;
  sent = [];
  ownedExecutionId;
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
  get owner() {
    return this.ownedExecutionId;
  }
  send(kind, payload) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } }
    };
    this.sent.push(notification);
    if (this.sent.length > 500) this.sent.shift();
    this.emit("update", notification);
  }
};

// src/tools/registry.ts
var ToolRegistry = class {
  tools = /* @__PURE__ */ new Map();
  register(tool) {
    this.tools.set(tool.name, tool);
    return this;
  }
  get(name) {
    return this.tools.get(name);
  }
  names() {
    return [...this.tools.keys()];
  }
};

// src/tools/invoke-sub-agent.ts
var MAX_SUB_AGENT_DEPTH = 4;
var InvokeSubAgentTool = class {
  name = "invoke_sub_agent";
  description = "Delegate a self-contained task to a named sub-agent and return its answer.";
  async execute(call, context) {
    const parent = context.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_AGENT_DEPTH) {
      return `Sub-agent depth limit (${MAX_SUB_AGENT_DEPTH}) reached; do the work yourself.`;
    }
    const input = call.input ?? {};
    const subagentId = input.subagentId ?? "general-purpose";
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId
    });
    const answer = await context.runExecution(subAgentExecution, [
      { role: "system", text: `${parent.promptContext.systemPrompt}
You are the sub-agent "${subagentId}".` },
      { role: "user", text: input.prompt ?? "" }
    ]);
    this.acknowledgeHandledSteering(parent, subAgentExecution);
    return answer;
  }
  /** The sub-agent's answer covers whatever steering it read: record that on the messages. */
  acknowledgeHandledSteering(parent, child) {
    const buffer = parent.sessionServices.steering;
    const upTo = Math.min(child.steeringReaderIndex, buffer.length);
    for (let index = 0; index < upTo; index++) {
      const message = buffer.at(index);
      if (!message) continue;
      buffer.acknowledge(message.id, child.executionId);
      buffer.acknowledge(message.id, parent.executionId);
    }
  }
};

// src/tools/session-tools.ts
var RelaySteerTool = class {
  name = "user_steer";
  description = "Relay a user steer typed into a companion client.";
  async execute(call, context) {
    const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "user");
    return `queued ${message.id}`;
  }
};
var NotifyTool = class {
  name = "notify";
  description = "Post an informational workflow notification.";
  async execute(call, context) {
    const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "workflow");
    return `posted ${message.id}`;
  }
};

// src/memory/memory-extraction.ts
var log2 = createLogger("memory");
var EXTRACTION_INSTRUCTIONS = "Extract durable facts about the user's preferences and project from the conversation below. Answer with one fact per line, or NONE.";
var MemoryExtractionService = class {
  constructor(runExecution2) {
    this.runExecution = runExecution2;
  }
  runExecution;
  memories = [];
  async extractAfterTurn(root, transcript) {
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true
    });
    const rendered = transcript.map((message) => `${message.role}: ${message.text}`).join("\n");
    try {
      const answer = await this.runExecution(extraction, [
        { role: "system", text: EXTRACTION_INSTRUCTIONS },
        { role: "user", text: rendered }
      ]);
      for (const line of answer.split("\n")) {
        const fact = line.trim();
        if (fact && fact !== "NONE" && fact !== "done") this.memories.push(fact);
      }
    } catch (error) {
      log2.warn(`memory extraction failed: ${error.message}`);
    }
  }
};

// src/graph/state.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTION: "TOOL_EXECUTION",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "__END__"
};

// src/steering/live-steering-hook.ts
var log3 = createLogger("steering");
var RECAP_PREAMBLE = "While you delegated work to subagent(s), the user sent the following message. It may already have been handled by a subagent; take it into account when you continue:";
var ACTIVE_PREAMBLE = "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent:";
var NOTIFICATION_PREAMBLE = "The following notification is informational only. Do not stop or change course because of it:";
async function drainLiveSteering(execution) {
  const services = execution.sessionServices;
  const buffer = services.steering;
  const injected = [];
  while (execution.steeringReaderIndex < buffer.length) {
    const message = buffer.at(execution.steeringReaderIndex);
    execution.steeringReaderIndex++;
    if (message === void 0) continue;
    let text;
    if (message.kind !== "user") {
      text = `[NOTIFY ${message.id}] ${NOTIFICATION_PREAMBLE}
${message.text}`;
    } else {
      let delegated = false;
      for (const handler of message.handlers) {
        if (handler !== execution.executionId) {
          delegated = true;
          break;
        }
      }
      text = delegated ? `[STEERING ${message.id}] ${RECAP_PREAMBLE}
${message.text}` : `[STEERING ${message.id}] ${ACTIVE_PREAMBLE}
${message.text}`;
    }
    execution.queueUserMessage({ role: "user", text, steeringId: message.id });
    injected.push(message.id);
    log3.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
  if (injected.length > 0) {
    services.updates.send("steering_injected", { messageIds: injected, executionId: execution.executionId });
    services.updates.send("steering_cleared", { messageIds: injected });
  }
  return injected.length;
}

// src/graph/nodes.ts
var log4 = createLogger("graph");
var MAX_DRAIN_RETRIES = 3;
async function applyQueuedUserMessages(state) {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length > 0) state.execution.messages.push(...queued);
  return state;
}
var modelInvoke = async (state) => {
  const execution = state.execution;
  await drainLiveSteering(execution);
  state = await applyQueuedUserMessages(state);
  execution.state = state;
  let response;
  try {
    response = await execution.sessionServices.model.invoke(execution, [...execution.messages]);
  } catch (error) {
    clearSteeringAtTurnBoundary(execution.sessionServices, "model_settle_failure");
    throw error;
  }
  const text = response?.text ?? "";
  execution.messages.push({ role: "assistant", text });
  const next = response?.toolCalls?.length ? GraphNode.TOOL_EXECUTION : GraphNode.FINAL_RESPONSE;
  return { state: { ...state, response, modelCalls: state.modelCalls + 1, finalText: text }, next };
};
var toolExecution = async (state, run) => {
  const execution = state.execution;
  for (const call of state.response?.toolCalls ?? []) {
    const tool = execution.sessionServices.tools.get(call.name);
    let output;
    if (!tool) {
      output = `Unknown tool "${call.name}".`;
    } else {
      if (!execution.skipHooks) execution.emit("preToolUse", call);
      try {
        output = await tool.execute(call, { execution, runExecution: run });
      } catch (error) {
        output = `Tool "${call.name}" failed: ${error.message}`;
      }
      if (!execution.skipHooks) execution.emit("postToolUse", call, output);
    }
    execution.messages.push({ role: "tool", text: output, toolName: call.name });
  }
  return { state, next: GraphNode.MODEL_INVOKE };
};
var finalResponse = async (state) => {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      return { state, next: GraphNode.MODEL_INVOKE };
    }
    log4.warn(`${execution.agentName} (${execution.shortId}) ends its turn with steering still queued`);
  }
  return { state, next: GraphNode.END };
};
var graphNodes = /* @__PURE__ */ new Map([
  [GraphNode.MODEL_INVOKE, modelInvoke],
  [GraphNode.TOOL_EXECUTION, toolExecution],
  [GraphNode.FINAL_RESPONSE, finalResponse]
]);

// src/graph/runner.ts
var MAX_GRAPH_STEPS = 200;
async function runExecution(execution, initial) {
  const live = execution.sessionServices.executions;
  live.set(execution.executionId, execution);
  execution.messages.push(...initial);
  execution.transition("running");
  let state = { execution, response: void 0, modelCalls: 0, finalText: "" };
  let node = GraphNode.MODEL_INVOKE;
  try {
    for (let step = 0; node !== GraphNode.END; step++) {
      if (execution.abortController.signal.aborted) {
        execution.transition("cancelled");
        return state.finalText;
      }
      if (step >= MAX_GRAPH_STEPS) throw new Error(`execution ${execution.shortId} exceeded ${MAX_GRAPH_STEPS} steps`);
      const handler = graphNodes.get(node);
      if (!handler) throw new Error(`no graph node ${node}`);
      const result = await handler(state, runExecution);
      state = result.state;
      node = result.next;
    }
    execution.transition("completed");
    return state.finalText;
  } catch (error) {
    execution.transition("failed");
    throw error;
  } finally {
    live.delete(execution.executionId);
  }
}

// src/session/session.ts
var log5 = createLogger("session");
var MAX_ROOT_CONTINUATIONS = 4;
function steeringKindOf(origin) {
  if (origin === void 0 || origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}
var Session = class {
  sessionId = newSessionId();
  services;
  promptContext;
  history = [];
  memory;
  agentName;
  steeringEpoch = 0;
  abortController = new AbortController();
  running = false;
  constructor(model, options = {}) {
    this.agentName = options.agentName ?? "chat-agent";
    this.promptContext = {
      workspaceRoot: options.workspaceRoot ?? process.cwd(),
      systemPrompt: "You are Kiro, an AI assistant and IDE built to assist developers.",
      steeringDocs: []
    };
    this.services = {
      sessionId: this.sessionId,
      session: this,
      steering: new SteeringBuffer(),
      model,
      tools: new ToolRegistry().register(new InvokeSubAgentTool()).register(new RelaySteerTool()).register(new NotifyTool()),
      updates: new SessionUpdateChannel(this.sessionId),
      executions: /* @__PURE__ */ new Map()
    };
    this.memory = new MemoryExtractionService(runExecution);
  }
  get isRunning() {
    return this.running;
  }
  /** Queues a live steer (or a notification) for the running executions. */
  steer(text, origin = "user") {
    const message = this.services.steering.push({ kind: steeringKindOf(origin), text });
    this.services.updates.send("steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }
  clearSteering(reason) {
    return clearSteeringAtTurnBoundary(this.services, reason);
  }
  cancel() {
    this.abortController.abort(new Error("cancelled by client"));
    this.clearSteering("cancel");
  }
  async prompt(text) {
    if (this.running) throw new Error("a prompt is already running in this session");
    this.running = true;
    if (this.abortController.signal.aborted) this.abortController = new AbortController();
    this.history.push({ role: "user", text });
    try {
      let root;
      let continuation = false;
      let readerIndex = 0;
      let answer = "";
      for (let round = 0; round <= MAX_ROOT_CONTINUATIONS; round++) {
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal: this.abortController.signal,
          agentName: this.agentName
        });
        continuation && root.setSteeringReaderIndex(readerIndex);
        this.services.updates.setOwnedExecutionId(root.executionId);
        answer = await runExecution(root, [{ role: "system", text: this.promptContext.systemPrompt }, ...this.history]);
        this.history.push({ role: "assistant", text: answer });
        if (root.status === "cancelled" || !root.hasQueuedUserMessage()) break;
        log5.info(`continuing ${this.agentName} for steering queued at the end of its turn`);
        continuation = true;
        readerIndex = root.steeringReaderIndex;
      }
      if (root && root.status !== "cancelled") await this.memory.extractAfterTurn(root, this.history);
      this.clearSteering("turn_end");
      return { stopReason: root?.status === "cancelled" ? "cancelled" : "end_turn", text: answer };
    } catch (error) {
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.running = false;
    }
  }
};

// src/acp/ext-methods.ts
var sessions = /* @__PURE__ */ new Map();
function requireSession(sessionId) {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : void 0;
  if (!session) throw Object.assign(new Error(`Unknown session: ${String(sessionId)}`), { code: -32602 });
  return session;
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params.sessionId);
      const message = session.steer(String(params.text ?? ""), typeof params.origin === "string" ? params.origin : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const session = requireSession(sessionId);
      const messageIds = session.clearSteering("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params.sessionId).cancel();
      return { cancelled: true };
    }
    default:
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}

// src/index.ts
function createSession(model, options) {
  const session = new Session(model, options);
  sessions.set(session.sessionId, session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
