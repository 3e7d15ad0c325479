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

// src/common/log.ts
var logLines = [];
var LEVEL_TAG = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" };
function emit(level, message) {
  if (level === "debug" && !process.env.KAS_DEBUG) return;
  logLines.push(`[${LEVEL_TAG[level]}] ${message}`);
  if (logLines.length > 1e4) logLines.splice(0, logLines.length - 1e4);
}
var log = {
  debug: (message) => emit("debug", message),
  info: (message) => emit("info", message),
  warn: (message) => emit("warn", message),
  error: (message) => emit("error", message)
};

// src/common/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSessionId() {
  return `sess_${(0, import_node_crypto.randomUUID)()}`;
}
function newSteeringId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 16)}`;
}

// src/agent/agent-execution.ts
var AgentExecution = class _AgentExecution {
  executionId;
  sessionServices;
  promptContext;
  abortController = new AbortController();
  subExecutionDepth;
  agentName;
  skipHooks;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  /** ids of the steering messages the live-steering hook put into this execution's prompt */
  receivedSteeringIds = [];
  state = void 0;
  queuedUserMessages = [];
  constructor(config) {
    this.executionId = config.executionId ?? newExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks ?? false;
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  enqueueUserMessage(text) {
    this.queuedUserMessages.push(text);
  }
  dequeueUserMessage() {
    return this.queuedUserMessages.shift();
  }
  /** Steering still waiting for this execution: unread in the session buffer, or read and not yet sent. */
  hasQueuedUserMessage() {
    return this.queuedUserMessages.length > 0 || this.steeringReaderIndex < this.sessionServices.steeringBuffer.size();
  }
  /** Builds a child execution that shares this execution's session services. */
  spawnSubExecution(agentName, options = {}) {
    return new _AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
      skipHooks: options.skipHooks
    });
  }
};

// src/agent/agent-hooks.ts
async function runAgentHooks(event, execution) {
  if (execution.skipHooks) return;
  const commands = execution.promptContext.hooks[event] ?? [];
  for (const command of commands) {
    log.debug(`[AgentHooks] ${event} for ${execution.agentName}: ${command}`);
  }
}

// src/graph/agent-graph.ts
var MODEL_INVOKE = "MODEL_INVOKE";
var RUN_TOOLS = "RUN_TOOLS";
var FINAL_RESPONSE = "FINAL_RESPONSE";
var END = "__end__";
var MAX_DRAIN_RETRIES = 3;
var MAX_GRAPH_STEPS = 64;
var AgentGraph = class {
  constructor(model, tools, onModelSettleFailure) {
    this.model = model;
    this.tools = tools;
    this.onModelSettleFailure = onModelSettleFailure;
  }
  model;
  tools;
  onModelSettleFailure;
  targets = { continueTarget: MODEL_INVOKE, doneTarget: END };
  async run(execution, prompt) {
    let state = {
      execution,
      context: [{ role: "user", text: prompt }],
      response: { text: "", toolCalls: [] },
      agentIterationNumber: 0
    };
    let node = MODEL_INVOKE;
    for (let steps = 0; node !== END; steps++) {
      if (steps >= MAX_GRAPH_STEPS) {
        log.warn(`[AgentGraph] step limit reached in ${execution.agentName}`);
        break;
      }
      switch (node) {
        case MODEL_INVOKE:
          state = await this.modelInvoke(state);
          node = state.response.toolCalls.length > 0 ? RUN_TOOLS : FINAL_RESPONSE;
          break;
        case RUN_TOOLS:
          state = await this.runTools(state);
          node = MODEL_INVOKE;
          break;
        case FINAL_RESPONSE:
          node = this.routeFinalResponse(state);
          break;
      }
    }
    return state.response.text;
  }
  async modelInvoke(state) {
    const { execution } = state;
    await execution.sessionServices.liveSteering.beforeModelInvoke(execution);
    let context = state.context;
    for (let queued = execution.dequeueUserMessage(); queued !== void 0; queued = execution.dequeueUserMessage()) {
      context = [...context, { role: "user", text: queued }];
    }
    execution.state = state;
    let response;
    try {
      response = await this.model.invoke(execution, context);
    } catch (error) {
      this.onModelSettleFailure(execution, error);
      throw error;
    }
    const text = response.text ?? "";
    return {
      execution,
      context: [...context, { role: "assistant", text }],
      response: { text, toolCalls: response.toolCalls ?? [] },
      agentIterationNumber: state.agentIterationNumber + 1
    };
  }
  async runTools(state) {
    let context = state.context;
    for (const call of state.response.toolCalls) {
      const handler = this.tools.get(call.name);
      const output = handler ? await handler(call, state) : `Unknown tool: ${call.name}`;
      context = [...context, { role: "tool", text: output }];
    }
    return { ...state, context };
  }
  /** End of turn: loop back through MODEL_INVOKE while steering is still queued for this execution. */
  routeFinalResponse(state) {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount++;
        log.info(`[LiveSteeringHook] steering still queued for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
        return this.targets.continueTarget;
      }
      log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.agentName}, ending turn`);
    }
    execution.drainRetryCount = 0;
    return this.targets.doneTarget;
  }
};

// src/memory/memory-extraction.ts
var EXTRACTION_PROMPT = "Review the conversation of this turn and extract durable facts about the user, the project and their preferences worth remembering.";
async function extractMemories(parent, run) {
  const extractor = parent.spawnSubExecution("memory-extraction", { skipHooks: true });
  try {
    await run(extractor, EXTRACTION_PROMPT);
  } catch (error) {
    log.warn(`[MemoryExtraction] failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// src/steering/live-steering-hook.ts
var RECAP_PREAMBLE = "While you delegated work to subagent(s), the user sent the message below. A subagent has already acted on it; take its result into account and do not repeat that work.";
var ACTIVE_PREAMBLE = "The user sent the message below while you were working. Adjust your approach as the currently active agent, and say briefly how you took it into account.";
var NOTICE_PREAMBLE = "The following notification is informational only. Do not reply to it unless it changes your task.";
var LiveSteeringHook = class {
  constructor(updates) {
    this.updates = updates;
  }
  updates;
  async beforeModelInvoke(execution) {
    const buffer = execution.sessionServices.steeringBuffer;
    const injected = [];
    while (execution.steeringReaderIndex < buffer.size()) {
      const message = buffer.at(execution.steeringReaderIndex++);
      if (!message) break;
      execution.enqueueUserMessage(this.wrapForPrompt(execution, message));
      execution.receivedSteeringIds.push(message.id);
      injected.push(message.id);
      log.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
      );
    }
    if (injected.length > 0) {
      this.updates.steering("steering_injected", injected, { executionId: execution.executionId });
      this.updates.steering("steering_cleared", injected, { executionId: execution.executionId });
    }
    return injected.length;
  }
  wrapForPrompt(execution, message) {
    switch (message.kind) {
      case "user": {
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            return `${RECAP_PREAMBLE}
[STEERING ${message.id}] ${message.text}`;
          }
        }
        return `${ACTIVE_PREAMBLE}
[STEERING ${message.id}] ${message.text}`;
      }
      default:
        return `${NOTICE_PREAMBLE}
[NOTIFY ${message.id}] ${message.text}`;
    }
  }
};

// src/steering/steering-buffer.ts
var NOTIFICATION_TAG = /^\s*\[notification\/[a-z]+\]/i;
var SteeringBuffer = class {
  /** bumped by every explicit clear (`_session/steer/clear`) */
  epoch = 0;
  entries = [];
  messageById = /* @__PURE__ */ new Map();
  add(text, source = "user") {
    const kind = source === "user" && !NOTIFICATION_TAG.test(text) ? "user" : "notification";
    const message = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      receivedAt: Date.now(),
      epoch: this.epoch
    };
    this.entries.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  size() {
    return this.entries.length;
  }
  at(index) {
    return this.entries[index];
  }
  ids() {
    return this.entries.map((entry) => entry.id);
  }
  /** Record that an execution handled a message. Moves no cursor. */
  acknowledge(id, executionId) {
    const message = this.messageById.get(id);
    if (message === void 0) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  /** Drops every message; returns their ids. Reader cursors are not touched. */
  clear() {
    const removed = this.ids();
    this.entries = [];
    this.messageById.clear();
    return removed;
  }
};

// src/tools/invoke-sub-agent.ts
var MAX_SUB_AGENT_DEPTH = 4;
async function invokeSubAgent(state, input, run) {
  const parent = state.execution;
  if (parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) {
    log.warn(`[SubAgent] depth limit ${MAX_SUB_AGENT_DEPTH} reached, not starting ${input.subagentId}`);
    return `Error: sub-agent nesting is limited to ${MAX_SUB_AGENT_DEPTH} levels`;
  }
  const child = parent.spawnSubExecution(input.subagentId);
  log.info(`[SubAgent] ${parent.agentName} (${parent.executionId.slice(0, 8)}) started ${child.agentName} (${child.executionId.slice(0, 8)})`);
  try {
    return await run(child, input.prompt);
  } finally {
    const buffer = parent.sessionServices.steeringBuffer;
    for (const id of child.receivedSteeringIds) buffer.acknowledge(id, child.executionId);
  }
}

// src/session/session-updates.ts
var SessionUpdateSink = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
  }
  sessionId;
  outbox = [];
  listener;
  onUpdate(listener) {
    this.listener = listener;
  }
  steering(kind, messageIds, extra = {}) {
    const update = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } }
    };
    this.outbox.push(update);
    if (this.outbox.length > 256) this.outbox.shift();
    this.listener?.(update);
  }
};

// src/session/turn-boundary.ts
var TurnBoundary = class {
  constructor(buffer, updates) {
    this.buffer = buffer;
    this.updates = updates;
  }
  buffer;
  updates;
  clearSteering(reason) {
    const messageIds = this.buffer.clear();
    if (messageIds.length > 0) {
      log.info(`[TurnBoundary] cleared ${messageIds.length} steering message(s): ${reason}`);
    }
    this.updates.steering("steering_cleared", messageIds, { reason });
    return messageIds;
  }
};

// src/session/kas-session.ts
var CONTINUE_PROMPT = "The user sent more guidance while you were finishing. Continue with it.";
var EventAdapter = class {
  ownedExecutionId;
  setOwnedExecutionId(executionId) {
    this.ownedExecutionId = executionId;
  }
};
var KasSession = class {
  sessionId = newSessionId();
  sessionServices;
  promptContext = { workspaceRoot: process.cwd(), hooks: {} };
  eventAdapter = new EventAdapter();
  activeExecutions = /* @__PURE__ */ new Map();
  graph;
  turnAbort = new AbortController();
  constructor(model) {
    const steeringBuffer = new SteeringBuffer();
    const updates = new SessionUpdateSink(this.sessionId);
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer,
      liveSteering: new LiveSteeringHook(updates),
      updates,
      turnBoundary: new TurnBoundary(steeringBuffer, updates)
    };
    const tools = /* @__PURE__ */ new Map([
      ["invoke_sub_agent", (call, state) => invokeSubAgent(state, call.input, (child, prompt) => this.runExecution(child, prompt))],
      ["user_steer", (call) => (this.steer(call.text ?? ""), "Steering message queued.")],
      ["notify", (call) => (this.steer(call.text ?? "", "workflow"), "Notification posted.")]
    ]);
    this.graph = new AgentGraph(model, tools, (execution, error) => {
      log.error(`[AgentGraph] model call failed in ${execution.agentName}: ${String(error)}`);
      this.clearAtTurnBoundary("model_settle_failed");
    });
  }
  get runningExecutions() {
    return [...this.activeExecutions.values()];
  }
  /** `_session/steer`: queue a message for the running turn. */
  steer(text, source = "user") {
    const message = this.sessionServices.steeringBuffer.add(text, source);
    this.sessionServices.updates.steering("steering_queued", [message.id]);
    return message;
  }
  /** `_session/steer/clear`: retract everything queued so far. */
  clearSteering(reason = "user_clear") {
    const messageIds = this.clearAtTurnBoundary(reason);
    this.sessionServices.steeringBuffer.epoch += 1;
    return { cleared: true, messageIds };
  }
  cancel() {
    this.turnAbort.abort(new Error("cancelled"));
    this.clearAtTurnBoundary("cancelled");
  }
  clearAtTurnBoundary(reason) {
    return this.sessionServices.turnBoundary.clearSteering(reason);
  }
  async runExecution(execution, prompt) {
    this.activeExecutions.set(execution.executionId, execution);
    try {
      await runAgentHooks("agentSpawn", execution);
      const result = await this.graph.run(execution, prompt);
      await runAgentHooks("agentStop", execution);
      return result;
    } finally {
      this.activeExecutions.delete(execution.executionId);
    }
  }
  async prompt(text) {
    if (this.turnAbort.signal.aborted) this.turnAbort = new AbortController();
    const services = this.sessionServices;
    const root = new AgentExecution({
      sessionServices: services,
      promptContext: this.promptContext,
      signal: this.turnAbort.signal,
      agentName: "chat-agent"
    });
    this.eventAdapter.setOwnedExecutionId(root.executionId);
    try {
      let result = await this.runExecution(root, text);
      let last = root;
      const readUpTo = root.steeringReaderIndex;
      const hasUnread = readUpTo < services.steeringBuffer.size();
      if (hasUnread) {
        const continuation = new AgentExecution({
          sessionServices: services,
          promptContext: this.promptContext,
          signal: this.turnAbort.signal,
          agentName: root.agentName
        });
        continuation.setSteeringReaderIndex(readUpTo);
        this.eventAdapter.setOwnedExecutionId(continuation.executionId);
        result = await this.runExecution(continuation, CONTINUE_PROMPT);
        last = continuation;
      }
      await extractMemories(last, (execution, prompt) => this.runExecution(execution, prompt));
      this.clearAtTurnBoundary("turn_end");
      return result;
    } catch (error) {
      this.clearAtTurnBoundary(this.turnAbort.signal.aborted ? "cancelled" : "prompt_error");
      throw error;
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
  }
};

// src/server/ext-methods.ts
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
};
function requireSession(params) {
  const sessionId = params?.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(-32602, "sessionId is required");
  const session = sessionRegistry.get(sessionId);
  if (!session) throw new ExtMethodError(-32602, `Unknown session: ${sessionId}`);
  return session;
}
async function handleExtMethod(method, params) {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const text = String(params.text ?? "");
      const message = session.steer(text);
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear":
      return requireSession(params).clearSteering("user_clear");
    case "_session/cancel":
      requireSession(params).cancel();
      return { cancelled: true };
    default:
      throw new ExtMethodError(-32601, `Method not found: ${method}`);
  }
}

// src/server/acp-server.ts
function createSession(model) {
  const session = new KasSession(model);
  sessionRegistry.add(session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
