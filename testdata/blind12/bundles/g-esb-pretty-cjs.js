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

// src/acp-server.ts
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// src/acp/ext-methods.ts
function requireSession(ctx2, params) {
  const sessionId = String(params.sessionId ?? "");
  const session = ctx2.sessions.get(sessionId);
  if (!session) throw Object.assign(new Error(`unknown session ${sessionId}`), { code: -32602 });
  return session;
}
var EXT_METHODS = {
  "_session/steer/clear": async (ctx2, params) => {
    const session = requireSession(ctx2, params);
    const { messageIds } = session.endTurnBoundary("user_clear");
    session.sessionServices.steeringBuffer.journal.epoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/steer": async (ctx2, params) => {
    const session = requireSession(ctx2, params);
    const message = session.steer(String(params.text ?? ""));
    return { queued: true, messageId: message.id };
  }
};

// src/session/kas-session.ts
var import_node_crypto2 = require("node:crypto");

// src/util/ids.ts
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function newSteeringId(prefix) {
  return `${prefix}-${(0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, 12)}`;
}

// src/agent/agent-execution.ts
var AgentExecution = class {
  executionId = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  deliveredSteeringIds = /* @__PURE__ */ new Set();
  abortController = new AbortController();
  pendingInputs = [];
  sessionServices;
  promptContext;
  subExecutionDepth;
  agentName;
  skipHooks;
  parentExecutionId;
  startedAt = 0;
  constructor(options) {
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  get isSubExecution() {
    return this.subExecutionDepth > 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  pushPendingInput(text) {
    this.pendingInputs.push(text);
  }
  takePendingInputs() {
    return this.pendingInputs.splice(0, this.pendingInputs.length);
  }
  /** Steering still waiting for this execution: unread buffer entries or queued input. */
  hasQueuedUserMessage() {
    if (this.pendingInputs.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.journal.entries.length;
  }
};

// src/acp/session-updates.ts
var SessionUpdates = class {
  constructor(sessionId, sink) {
    this.sessionId = sessionId;
    this.sink = sink;
  }
  sessionId;
  sink;
  backlog = [];
  steering(kind, messageIds, executionId, reason) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId, reason } } }
    };
    if (this.sink) this.sink(notification);
    else {
      this.backlog.push(notification);
      if (this.backlog.length > 200) this.backlog.shift();
    }
  }
  drainBacklog() {
    return this.backlog.splice(0, this.backlog.length);
  }
};

// src/util/log.ts
var logLines = [];
var LEVEL_RANK = { debug: 10, info: 20, warn: 30, error: 40 };
function threshold() {
  const wanted = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase();
  return LEVEL_RANK[wanted] ?? LEVEL_RANK.info;
}
function write(level, scope, message) {
  if (LEVEL_RANK[level] < threshold()) return;
  logLines.push(`${level.toUpperCase().padEnd(5)} [${scope}] ${message}`);
  if (logLines.length > 5e3) logLines.splice(0, logLines.length - 5e3);
}
function scoped(scope) {
  return {
    debug: (m) => write("debug", scope, m),
    info: (m) => write("info", scope, m),
    warn: (m) => write("warn", scope, m),
    error: (m, cause) => write("error", scope, cause instanceof Error ? `${m}: ${cause.message}` : m)
  };
}

// src/context/compaction.ts
var log = scoped("Compaction");
var ContextCompactor = class {
  constructor(settings) {
    this.settings = settings;
  }
  settings;
  async maybeCompact(state, runner) {
    if (state.context.length <= this.settings.maxEntries) return false;
    const parent = state.execution;
    const older = state.context.slice(0, state.context.length - this.settings.keepRecent);
    const summarizer = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: { ...parent.promptContext, mode: "compaction" },
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "context-compaction",
      skipHooks: true
    });
    const summary = await runner.run(
      summarizer,
      `Summarise this conversation so far in a few paragraphs:
${older.map((e) => `${e.role}: ${e.text}`).join("\n")}`
    );
    state.context.splice(0, older.length, { role: "user", text: `Summary of earlier conversation: ${summary}` });
    log.info(`compacted ${older.length} entries for ${parent.agentName}`);
    return true;
  }
};

// src/steering/inject-live-steering.ts
var log2 = scoped("LiveSteeringHook");
var DELEGATED_PREAMBLE = "While you delegated work to subagent(s), the user sent the message below. The subagent(s) already received it; fold what they did with it into your answer.";
var ACTIVE_PREAMBLE = "The user sent the message below while you were working. Adjust your approach as the currently active agent and mention how you did.";
var INFO_PREAMBLE = "Informational only - a status notification, no reply or action is needed.";
async function injectLiveSteering(execution) {
  const { steeringBuffer, counters, updates } = execution.sessionServices;
  const entries = steeringBuffer.journal.entries;
  const injected = [];
  for (let i = execution.steeringReaderIndex; i < entries.length; i++) {
    const message = entries[i];
    execution.steeringReaderIndex = i + 1;
    let rendered;
    switch (message.kind) {
      case "user": {
        let elsewhere = false;
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            elsewhere = true;
            break;
          }
        }
        rendered = `${elsewhere ? DELEGATED_PREAMBLE : ACTIVE_PREAMBLE}
[STEERING ${message.id}] ${message.text}`;
        break;
      }
      default:
        rendered = `${INFO_PREAMBLE}
[NOTIFY ${message.id}] ${message.text}`;
    }
    execution.pushPendingInput(rendered);
    execution.deliveredSteeringIds.add(message.id);
    injected.push(message.id);
    counters.increment(`steering.injected.${message.kind}`);
    log2.info(
      `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
  if (injected.length > 0) {
    updates.steering("steering_injected", injected, execution.executionId);
    updates.steering("steering_cleared", injected, execution.executionId);
  }
  return injected;
}

// src/graph/final-response.ts
var log3 = scoped("LiveSteeringHook");
var MAX_DRAIN_RETRIES = 3;
function routeFinalResponse(state, targets) {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      log3.info(`queued steering for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
      return targets.continueTarget;
    }
    log3.warn(`drain retry limit reached for ${execution.agentName}; ending with steering queued`);
  }
  execution.drainRetryCount = 0;
  return targets.terminationTarget;
}

// src/graph/state.ts
var GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTE: "TOOL_EXECUTE",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END"
};

// src/graph/execution-runner.ts
var log4 = scoped("ExecutionGraph");
var MAX_GRAPH_STEPS = 60;
var ExecutionRunner = class {
  constructor(host) {
    this.host = host;
  }
  host;
  live = /* @__PURE__ */ new Set();
  get liveExecutions() {
    return this.live;
  }
  nodes() {
    return {
      [GraphNode.MODEL_INVOKE]: (state) => this.modelInvoke(state),
      [GraphNode.TOOL_EXECUTE]: (state) => this.toolExecute(state),
      [GraphNode.FINAL_RESPONSE]: async (state) => routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, terminationTarget: GraphNode.END })
    };
  }
  async run(execution, prompt) {
    execution.startedAt = Date.now();
    this.live.add(execution);
    const nodes = this.nodes();
    const state = { execution, context: [{ role: "user", text: prompt }], iteration: 0 };
    try {
      if (!execution.skipHooks) await this.runUserHooks(execution, "agentSpawn");
      let node = GraphNode.MODEL_INVOKE;
      for (let step = 0; node !== GraphNode.END; step++) {
        if (step >= MAX_GRAPH_STEPS) {
          log4.warn(`step limit reached in ${execution.agentName}`);
          break;
        }
        if (execution.abortController.signal.aborted) throw new Error("execution aborted");
        node = await nodes[node](state);
      }
      return state.response?.text ?? "";
    } finally {
      this.live.delete(execution);
    }
  }
  async runUserHooks(execution, event) {
    for (const hook of execution.sessionServices.userHooks) {
      if (hook.event === event) await hook.run({ agentName: execution.agentName, executionId: execution.executionId });
    }
  }
  async modelInvoke(state) {
    const execution = state.execution;
    await injectLiveSteering(execution);
    for (const text of execution.takePendingInputs()) {
      state.context.push({ role: "user", text });
    }
    if (!execution.skipHooks) await this.runUserHooks(execution, "preModelInvoke");
    await this.host.compactor.maybeCompact(state, this);
    let response;
    try {
      response = await this.host.model.invoke(execution, state.context);
    } catch (error) {
      this.host.onModelSettleFailure(execution, error);
      throw error;
    }
    state.response = response;
    state.iteration += 1;
    if (response.text) state.context.push({ role: "assistant", text: response.text });
    return (response.toolCalls?.length ?? 0) > 0 ? GraphNode.TOOL_EXECUTE : GraphNode.FINAL_RESPONSE;
  }
  async toolExecute(state) {
    for (const call of state.response?.toolCalls ?? []) {
      const output = await this.host.tools.dispatch(call, state, this);
      state.context.push({ role: "tool", text: output });
    }
    return GraphNode.MODEL_INVOKE;
  }
};

// src/memory/memory-extraction.ts
var log5 = scoped("MemoryExtraction");
var MEMORY_EXTRACTION_AGENT = "memory-extraction";
var EXTRACTION_PROMPT = "Review the turn that just finished and extract durable, reusable memories (preferences, project facts). Reply with none if there is nothing.";
var MemoryExtractionService = class {
  constructor(settings) {
    this.settings = settings;
  }
  settings;
  async extractAfterTurn(source, runner) {
    if (!this.settings.enabled) return;
    const extractor = new AgentExecution({
      sessionServices: source.sessionServices,
      promptContext: { ...source.promptContext, mode: "memory" },
      signal: source.abortController.signal,
      subExecutionDepth: source.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true,
      parentExecutionId: source.executionId
    });
    try {
      const answer = await runner.run(extractor, EXTRACTION_PROMPT);
      source.sessionServices.counters.increment(answer.trim() === "none" ? "memory.empty" : "memory.extracted");
    } catch (error) {
      log5.error("memory extraction failed", error);
    }
  }
};

// src/steering/live-steering-buffer.ts
var NOTIFICATION_MARKER = /^\s*\[notification\/[a-z]+\]/i;
function classify(text, origin) {
  if (origin !== "user") return origin;
  return NOTIFICATION_MARKER.test(text) ? "system" : "user";
}
var LiveSteeringBuffer = class {
  journal = { entries: [], epoch: 0 };
  messageById = /* @__PURE__ */ new Map();
  push(text, origin = "user") {
    const kind = classify(text, origin);
    const message = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: /* @__PURE__ */ new Set(),
      receivedAt: Date.now()
    };
    this.journal.entries.push(message);
    this.messageById.set(message.id, message);
    return message;
  }
  get(id) {
    return this.messageById.get(id);
  }
  /** Record that an execution handled a message. */
  markHandled(id, executionId) {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  /** Empties the journal; returns the ids that were dropped. */
  reset(reason) {
    const dropped = this.journal.entries.splice(0, this.journal.entries.length);
    this.messageById.clear();
    this.journal.lastClearReason = reason;
    return dropped.map((m) => m.id);
  }
};

// src/tools/invoke-sub-agent.ts
var log6 = scoped("SubAgentGraph");
var InvokeSubAgentTool = class {
  constructor(limits) {
    this.limits = limits;
  }
  limits;
  name = "invoke_sub_agent";
  async execute(call, state, runner) {
    const subagentId = String(call.input?.subagentId ?? "general-purpose");
    const prompt = String(call.input?.prompt ?? "");
    const parent = state.execution;
    const depth = parent.subExecutionDepth;
    if (depth >= this.limits.maxDepth) {
      log6.warn(`nesting depth limit (${this.limits.maxDepth}) reached, refusing ${subagentId}`);
      return `error: sub-agent nesting limit reached`;
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: depth + 1,
      agentName: subagentId,
      parentExecutionId: parent.executionId
    });
    log6.debug(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${depth + 1}`);
    const result = await runner.run(subAgentExecution, prompt);
    const buffer = parent.sessionServices.steeringBuffer;
    for (const id of subAgentExecution.deliveredSteeringIds) buffer.markHandled(id, subAgentExecution.executionId);
    return result;
  }
};

// src/tools/registry.ts
var log7 = scoped("Tools");
var ToolRegistry = class {
  byName = /* @__PURE__ */ new Map();
  register(...tools) {
    for (const tool of tools) this.byName.set(tool.name, tool);
    return this;
  }
  async dispatch(call, state, runner) {
    const tool = this.byName.get(call.name);
    if (!tool) {
      log7.warn(`unknown tool ${call.name}`);
      return `error: unknown tool ${call.name}`;
    }
    return tool.execute(call, state, runner);
  }
};

// src/tools/steering-tools.ts
var UserSteerTool = class {
  constructor(sink) {
    this.sink = sink;
  }
  sink;
  name = "user_steer";
  async execute(call, _state) {
    const { id } = this.sink.steer(call.text ?? "");
    return `queued ${id}`;
  }
};
var NotifyTool = class {
  constructor(sink) {
    this.sink = sink;
  }
  sink;
  name = "notify";
  async execute(call, _state) {
    const { id } = this.sink.steer(call.text ?? "", "workflow");
    return `notified ${id}`;
  }
};

// src/util/metrics.ts
var Counters = class {
  values = /* @__PURE__ */ new Map();
  increment(name, by = 1) {
    this.values.set(name, (this.values.get(name) ?? 0) + by);
  }
  read(name) {
    return this.values.get(name) ?? 0;
  }
  snapshot() {
    return Object.fromEntries(this.values);
  }
};

// src/session/kas-session.ts
var log8 = scoped("Session");
var CONTINUE_PROMPT = "Continue: the user sent more guidance while you were finishing.";
var EventAdapter = class {
  ownedExecutionId;
  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }
};
var KasSession = class {
  sessionId = (0, import_node_crypto2.randomUUID)();
  eventAdapter = new EventAdapter();
  sessionServices;
  runner;
  memory;
  abortController = new AbortController();
  promptContext;
  turns = 0;
  constructor(model, settings, sink) {
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer: new LiveSteeringBuffer(),
      counters: new Counters(),
      updates: new SessionUpdates(this.sessionId, sink),
      userHooks: settings.hooks
    };
    this.promptContext = { workspace: settings.workspace, mode: "chat", templateVars: {} };
    const tools = new ToolRegistry().register(
      new InvokeSubAgentTool({ maxDepth: settings.maxSubAgentDepth }),
      new UserSteerTool(this),
      new NotifyTool(this)
    );
    this.runner = new ExecutionRunner({
      model,
      tools,
      compactor: new ContextCompactor(settings.compaction),
      onModelSettleFailure: (execution, error) => {
        log8.error(`model call did not settle for ${execution.agentName}`, error);
        this.endTurnBoundary("model_settle_failure");
      }
    });
    this.memory = new MemoryExtractionService(settings.memory);
  }
  steer(text, origin = "user") {
    const message = this.sessionServices.steeringBuffer.push(text, origin);
    this.sessionServices.updates.steering("steering_queued", [message.id]);
    return message;
  }
  clearSteering(reason) {
    return this.endTurnBoundary(reason);
  }
  /** Everything that ends a turn (or abandons it) empties the session's steering. */
  endTurnBoundary(reason) {
    const messageIds = this.sessionServices.steeringBuffer.reset(reason);
    if (messageIds.length > 0) this.sessionServices.updates.steering("steering_cleared", messageIds, void 0, reason);
    log8.debug(`steering cleared (${reason}): ${messageIds.length} message(s)`);
    return { reason, messageIds };
  }
  cancel() {
    this.abortController.abort(new Error("cancelled"));
    this.endTurnBoundary("cancelled");
  }
  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent"
    });
  }
  async prompt(text) {
    this.turns += 1;
    const buffer = this.sessionServices.steeringBuffer;
    try {
      const root = this.createRootExecution();
      this.eventAdapter.setOwnedExecutionId(root.executionId);
      let answer = await this.runner.run(root, text);
      let owner = root;
      const unread = root.steeringReaderIndex < buffer.journal.entries.length;
      if (unread) {
        const resumeAt = root.steeringReaderIndex;
        owner = this.createRootExecution();
        owner.setSteeringReaderIndex(resumeAt);
        this.eventAdapter.setOwnedExecutionId(owner.executionId);
        answer = await this.runner.run(owner, CONTINUE_PROMPT);
      }
      await this.memory.extractAfterTurn(owner, this.runner);
      this.endTurnBoundary("turn_end");
      return answer;
    } catch (error) {
      this.endTurnBoundary("prompt_error");
      throw error;
    }
  }
  get turnCount() {
    return this.turns;
  }
};

// src/session/settings.ts
function defaultSettings(overrides = {}) {
  return {
    workspace: process.cwd(),
    maxSubAgentDepth: 5,
    memory: { enabled: true },
    compaction: { maxEntries: 400, keepRecent: 40 },
    hooks: [],
    ...overrides
  };
}

// src/acp-server.ts
var log9 = scoped("AcpServer");
var ctx = { sessions: /* @__PURE__ */ new Map() };
function createSession(model, settings, sink) {
  const session = new KasSession(model, defaultSettings(settings), sink);
  ctx.sessions.set(session.sessionId, session);
  log9.debug(`session ${session.sessionId} created`);
  return session;
}
async function handleExtMethod(method, params) {
  const handler = EXT_METHODS[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(ctx, params ?? {});
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
