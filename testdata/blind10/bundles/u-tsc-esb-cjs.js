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

// src/server/acp-server.js
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  disposeSession: () => disposeSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// src/platform/ids.js
var import_node_crypto = require("node:crypto");
var sequence = 0;
var bootStamp = (Date.now() & 16777215).toString(16).padStart(6, "0");
function steeringId(prefix) {
  sequence = sequence + 1 & 16777215;
  return `${prefix}-${bootStamp}${sequence.toString(16).padStart(6, "0")}`;
}
function executionId() {
  return (0, import_node_crypto.randomUUID)();
}
function sessionId() {
  return (0, import_node_crypto.randomUUID)();
}

// src/core/execution.js
var AgentExecution = class {
  executionId;
  sessionServices;
  promptContext;
  abortController;
  subExecutionDepth;
  agentName;
  skipHooks;
  steeringReaderIndex;
  drainRetryCount;
  state;
  /** steering prompts the live-steering hook prepared for the next model call */
  pendingSteering;
  /** ids of every steering message this execution was handed */
  deliveredSteeringIds;
  constructor(options) {
    this.executionId = executionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks ?? false;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.state = void 0;
    this.pendingSteering = [];
    this.deliveredSteeringIds = [];
    const upstream = options.signal;
    if (upstream !== void 0) {
      const forward = () => this.abortController.abort(upstream.reason);
      if (upstream.aborted)
        forward();
      else
        upstream.addEventListener("abort", forward, { once: true });
    }
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  enqueueSteeringPrompt(prompt) {
    this.pendingSteering.push(prompt);
  }
  takePendingSteering() {
    const taken = this.pendingSteering.slice();
    this.pendingSteering.length = 0;
    return taken;
  }
  /** Steering still waiting: unread messages past the cursor, or prompts queued but not yet sent. */
  hasQueuedUserMessage() {
    if (this.pendingSteering.length > 0)
      return true;
    return this.steeringReaderIndex < this.sessionServices.steering.journal.entries.length;
  }
  get shortId() {
    return this.executionId.slice(0, 8);
  }
};

// src/acp/notifier.js
var ClientNotifier = class {
  sessionId;
  transport;
  backlog = [];
  constructor(sessionId2) {
    this.sessionId = sessionId2;
  }
  connect(transport) {
    this.transport = transport;
    for (const message of this.backlog.splice(0))
      transport(message);
  }
  steering(kind, detail) {
    const message = {
      method: "session/update",
      params: { sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } } }
    };
    if (this.transport === void 0) {
      this.backlog.push(message);
      if (this.backlog.length > 256)
        this.backlog.shift();
      return;
    }
    this.transport(message);
  }
};

// src/platform/log.js
var RANK = { trace: 0, debug: 1, info: 2, warn: 3, error: 4 };
var RETAIN = 2e4;
var logLines = [];
var minimum = process.env.KAS_LOG_LEVEL ?? "info";
if (!(minimum in RANK))
  minimum = "info";
function emit(level, scope, message) {
  if (RANK[level] < RANK[minimum])
    return;
  const prefix = scope === void 0 ? "" : `[${scope}] `;
  logLines.push(`[${(/* @__PURE__ */ new Date()).toISOString()}] [${level}] ${prefix}${message}`);
  if (logLines.length > RETAIN)
    logLines.splice(0, logLines.length - RETAIN);
}
function describe(cause) {
  if (cause instanceof Error)
    return cause.stack ?? `${cause.name}: ${cause.message}`;
  return typeof cause === "string" ? cause : JSON.stringify(cause);
}
function make(scope) {
  return {
    trace: (message) => emit("trace", scope, message),
    debug: (message) => emit("debug", scope, message),
    info: (message) => emit("info", scope, message),
    warn: (message) => emit("warn", scope, message),
    error: (message, cause) => emit("error", scope, cause === void 0 ? message : `${message} (${describe(cause)})`),
    child: (name) => make(scope === void 0 ? name : `${scope}:${name}`)
  };
}
var log = make(void 0);

// src/hooks/hook-pipeline.js
var hookLog = log.child("Hooks");
var HookPipeline = class {
  builtins = [];
  userHooks = [];
  installBuiltin(hook) {
    this.builtins.push(hook);
  }
  addUserHook(hook) {
    this.userHooks.push(hook);
  }
  async beforeModelInvoke(execution) {
    for (const hook of this.builtins)
      await hook.beforeModelInvoke?.(execution);
    await this.runUser("beforeModelInvoke", execution);
  }
  async afterTurn(execution) {
    await this.runUser("afterTurn", execution);
  }
  async runUser(when, execution) {
    if (execution.skipHooks)
      return;
    for (const hook of this.userHooks) {
      if (hook.when !== when)
        continue;
      try {
        await hook.run(execution);
      } catch (err) {
        hookLog.warn(`user hook ${hook.id} failed: ${String(err)}`);
      }
    }
  }
};

// src/memory/extractor.js
var MEMORY_AGENT = "memory-extraction";
var memoryLog = log.child("MemoryExtraction");
var INSTRUCTIONS = [
  "You are reviewing the conversation turn that just ended.",
  'Write down durable preferences or facts worth keeping for future sessions as JSON lines {"fact": "..."}.',
  "Write nothing if there is nothing to keep."
].join("\n");
var rememberedFacts = /* @__PURE__ */ new Map();
function parseFacts(output) {
  const facts = [];
  for (const line of output.split("\n")) {
    try {
      const parsed = JSON.parse(line);
      if (typeof parsed.fact === "string")
        facts.push(parsed.fact);
    } catch {
    }
  }
  return facts;
}
async function runMemoryExtraction(host, source) {
  const memoryExecution = new AgentExecution({
    agentName: MEMORY_AGENT,
    skipHooks: true,
    sessionServices: source.sessionServices,
    promptContext: source.promptContext,
    signal: source.abortController.signal,
    subExecutionDepth: source.subExecutionDepth + 1
  });
  try {
    const output = await host.runExecution(memoryExecution, INSTRUCTIONS);
    const facts = parseFacts(output);
    if (facts.length > 0) {
      const sessionId2 = source.sessionServices.sessionId;
      rememberedFacts.set(sessionId2, [...rememberedFacts.get(sessionId2) ?? [], ...facts]);
    }
  } catch (err) {
    memoryLog.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// src/platform/tracing.js
var MAX_BUFFERED_SPANS = 1e3;
var finished = [];
var tracer = {
  enabled: process.env.KIRO_TELEMETRY !== "off",
  async span(name, attributes, work) {
    if (!this.enabled)
      return work();
    const startTime = Date.now();
    const started = performance.now();
    let status = "ok";
    try {
      return await work();
    } catch (err) {
      status = "error";
      throw err;
    } finally {
      finished.push({ name, attributes, startTime, durationMs: performance.now() - started, status });
      if (finished.length > MAX_BUFFERED_SPANS)
        finished.shift();
    }
  },
  drainFinished() {
    return finished.splice(0, finished.length);
  }
};

// src/subagents/invoke-sub-agent.js
var SUB_AGENT_DEPTH_LIMIT = 3;
var subLog = log.child("SubAgentGraph");
function parseSubAgentRequest(input) {
  const raw = input ?? {};
  return { subagentId: raw.subagentId ?? "general-purpose", prompt: raw.prompt ?? "" };
}
function acknowledgeChildSteering(child) {
  const queue = child.sessionServices.steering;
  for (const messageId of child.deliveredSteeringIds)
    queue.markHandledBy(messageId, child.executionId);
}
async function invokeSubAgent(input, { execution, host }) {
  const { subagentId, prompt } = parseSubAgentRequest(input);
  const parentDepth = execution.subExecutionDepth;
  if (parentDepth >= SUB_AGENT_DEPTH_LIMIT) {
    subLog.warn(`nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded, rejecting invocation of ${subagentId}`);
    return { ok: false, output: `Sub-agent nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded` };
  }
  const subAgentExecution = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: parentDepth + 1,
    agentName: subagentId
  });
  subLog.info(`starting ${subagentId} (${subAgentExecution.shortId}) for ${execution.agentName} (${execution.shortId})`);
  const output = await host.runExecution(subAgentExecution, prompt);
  acknowledgeChildSteering(subAgentExecution);
  return { ok: true, output: output || "(no output)" };
}

// src/subagents/parallel-sub-agents.js
var MAX_PARALLEL = 4;
var parallelLog = log.child("ParallelSubAgents");
async function invokeSubAgentsInParallel(input, { execution, host }) {
  const tasks = ((input ?? {}).tasks ?? []).map(parseSubAgentRequest).slice(0, MAX_PARALLEL);
  if (tasks.length === 0)
    return { ok: false, output: "no tasks given" };
  if (execution.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT) {
    return { ok: false, output: `Sub-agent nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded` };
  }
  const inherited = { promptContext: execution.promptContext, signal: execution.abortController.signal };
  const children = tasks.map((task) => new AgentExecution({
    ...inherited,
    sessionServices: execution.sessionServices,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: task.subagentId
  }));
  parallelLog.info(`running ${children.length} sub-agents for ${execution.agentName} (${execution.shortId})`);
  const settled = await Promise.allSettled(children.map((child, index) => host.runExecution(child, tasks[index].prompt)));
  children.forEach(acknowledgeChildSteering);
  const lines = settled.map((outcome, index) => outcome.status === "fulfilled" ? `${tasks[index].subagentId}: ${outcome.value || "(no output)"}` : `${tasks[index].subagentId}: failed (${String(outcome.reason)})`);
  return { ok: settled.every((outcome) => outcome.status === "fulfilled"), output: lines.join("\n") };
}

// src/tools/catalog.js
function textOf(call) {
  if (typeof call.text === "string")
    return call.text;
  const input = call.input;
  return typeof input?.text === "string" ? input.text : "";
}
var TOOL_CATALOG = {
  invoke_sub_agent: (call, invocation) => invokeSubAgent(call.input, invocation),
  invoke_sub_agents: (call, invocation) => invokeSubAgentsInParallel(call.input, invocation),
  // relayed by the ACP client when the person types while a tool loop is running
  user_steer: async (call, { host }) => {
    host.steer(textOf(call), "user");
    return { ok: true, output: "message relayed" };
  },
  // posted by spec/workflow steps
  notify: async (call, { host }) => {
    host.steer(textOf(call), "workflow");
    return { ok: true, output: "notification posted" };
  }
};
async function runTool(call, invocation) {
  const handler = Object.prototype.hasOwnProperty.call(TOOL_CATALOG, call.name) ? TOOL_CATALOG[call.name] : void 0;
  if (handler === void 0)
    return { ok: false, output: `unknown tool: ${call.name}` };
  return handler(call, invocation);
}

// src/runtime/turn-runner.js
var MODEL_INVOKE = "MODEL_INVOKE";
var TOOL_EXECUTION = "TOOL_EXECUTION";
var FINAL_RESPONSE = "FINAL_RESPONSE";
var END = "END";
var STEERING_LOOP_LIMIT = 2;
var NODE_VISIT_LIMIT = 80;
var runnerLog = log.child("TurnRunner");
var EDGES = {
  [MODEL_INVOKE]: (state) => (state.last.toolCalls?.length ?? 0) > 0 ? TOOL_EXECUTION : FINAL_RESPONSE,
  [TOOL_EXECUTION]: () => MODEL_INVOKE,
  [FINAL_RESPONSE]: ({ execution }) => {
    if (!execution.hasQueuedUserMessage()) {
      execution.drainRetryCount = 0;
      return END;
    }
    if (execution.drainRetryCount >= STEERING_LOOP_LIMIT) {
      runnerLog.warn(`${execution.agentName} (${execution.shortId}) still has steering queued after ${STEERING_LOOP_LIMIT} retries; ending turn`);
      execution.drainRetryCount = 0;
      return END;
    }
    execution.drainRetryCount += 1;
    runnerLog.info(`queued user message found for ${execution.agentName} (${execution.shortId}), continuing`);
    return MODEL_INVOKE;
  }
};
var TurnRunner = class {
  host;
  constructor(host) {
    this.host = host;
  }
  async run(execution, prompt) {
    let state = { execution, context: [{ role: "user", text: prompt }], last: {}, iteration: 0 };
    let node = MODEL_INVOKE;
    for (let visits = 0; node !== END; visits++) {
      if (visits >= NODE_VISIT_LIMIT) {
        runnerLog.warn(`${execution.agentName} exceeded ${NODE_VISIT_LIMIT} node visits`);
        break;
      }
      execution.abortController.signal.throwIfAborted();
      if (node === MODEL_INVOKE)
        state = await this.invokeModel(state);
      else if (node === TOOL_EXECUTION)
        state = await this.executeTools(state);
      node = EDGES[node](state);
    }
    await execution.sessionServices.hooks.afterTurn(execution);
    return state.last.text ?? "";
  }
  async invokeModel(state) {
    const { execution } = state;
    await execution.sessionServices.hooks.beforeModelInvoke(execution);
    const steering = execution.takePendingSteering();
    const context = steering.length === 0 ? state.context : state.context.concat(steering.map((text) => ({ role: "user", text })));
    execution.state = { context, iteration: state.iteration };
    const attributes = { agent: execution.agentName, depth: execution.subExecutionDepth, iteration: state.iteration };
    let last;
    try {
      last = await tracer.span("agent.model_invoke", attributes, () => execution.sessionServices.modelProvider.invoke(execution, context));
    } catch (cause) {
      this.host.handleModelSettleFailure(execution, cause);
      throw cause;
    }
    return { execution, context: context.concat({ role: "assistant", text: last.text ?? "" }), last, iteration: state.iteration + 1 };
  }
  async executeTools(state) {
    const outputs = [];
    for (const call of state.last.toolCalls ?? []) {
      const result = await runTool(call, { execution: state.execution, host: this.host });
      outputs.push({ role: "tool", text: result.ok ? result.output : `error: ${result.output}` });
    }
    return { ...state, context: state.context.concat(outputs) };
  }
};

// src/steering/live-steering-hook.js
var STEERING_WORDING = {
  recap: (entry) => `While you delegated work to subagent(s), the user sent this message; it has already been handled there, so fold it into your summary:
[STEERING ${entry.id}] ${entry.text}`,
  active: (entry) => `New message from the user, sent while you were working. Adjust your approach as the currently active agent:
[STEERING ${entry.id}] ${entry.text}`,
  notice: (entry) => `[NOTIFY ${entry.id}] ${entry.text}
(Informational only. No reply is needed.)`
};
var LiveSteeringHook = class {
  id = "live-steering";
  log = log.child("LiveSteeringHook");
  async beforeModelInvoke(execution) {
    const queue = execution.sessionServices.steering;
    const injected = [];
    for (let i = execution.steeringReaderIndex; i < queue.journal.entries.length; i++) {
      const entry = queue.journal.entries[i];
      execution.steeringReaderIndex = i + 1;
      const wording = entry.kind !== "user" ? STEERING_WORDING.notice : [...entry.handlers].some((handler) => handler !== execution.executionId) ? STEERING_WORDING.recap : STEERING_WORDING.active;
      execution.enqueueSteeringPrompt(wording(entry));
      execution.deliveredSteeringIds.push(entry.id);
      injected.push(entry.id);
      this.log.info(`injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`);
    }
    if (injected.length === 0)
      return;
    const notifier = execution.sessionServices.notifier;
    notifier.steering("steering_injected", { messageIds: injected, executionId: execution.executionId, agentName: execution.agentName });
    notifier.steering("steering_cleared", { messageIds: injected });
  }
};

// src/steering/steering-queue.js
var SteeringQueue = class {
  journal;
  messageById;
  limit;
  constructor(limit = 200) {
    this.journal = { entries: [], epoch: 0 };
    this.messageById = /* @__PURE__ */ new Map();
    this.limit = limit;
  }
  enqueue(text, source) {
    if (this.journal.entries.length >= this.limit) {
      throw new RangeError(`steering queue limit (${this.limit}) reached`);
    }
    const kind = source === "user" ? "user" : "notification";
    const entry = {
      id: steeringId(kind === "user" ? "steer" : "notify"),
      kind,
      source,
      text,
      handlers: /* @__PURE__ */ new Set(),
      createdAt: Date.now()
    };
    this.journal.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }
  /** An execution reports that it dealt with a message. */
  markHandledBy(messageId, executionId2) {
    this.messageById.get(messageId)?.handlers.add(executionId2);
  }
  isHandled(t) {
    const r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  /** Empty the queue and hand back what it held. */
  reset() {
    const dropped = this.journal.entries;
    this.journal.entries = [];
    this.messageById.clear();
    return dropped;
  }
};

// src/session/turn-boundary.js
var boundaryLog = log.child("TurnBoundary");
var TurnBoundary = class {
  session;
  constructor(session) {
    this.session = session;
  }
  clearSteering(reason, options = {}) {
    const queue = this.session.services.steering;
    const dropped = queue.reset();
    if (options.bumpEpoch)
      queue.journal.epoch += 1;
    const messageIds = dropped.map((entry) => entry.id);
    if (messageIds.length > 0) {
      boundaryLog.debug(`dropped ${messageIds.length} steering message(s): ${reason}`);
      this.session.services.notifier.steering("steering_cleared", { messageIds, reason });
    }
    return { reason, messageIds, epoch: queue.journal.epoch };
  }
};

// src/session/session.js
var ROOT_AGENT = "chat-agent";
var CONTINUE_PROMPT = "The user added guidance while you were wrapping up. Continue from where you stopped.";
var CONTINUATION_LIMIT = 3;
var sessionLog = log.child("Session");
var EventAdapter = class {
  ownedExecutionId = null;
  setOwnedExecutionId(executionId2) {
    this.ownedExecutionId = executionId2;
  }
};
var KiroSession = class {
  sessionId;
  services;
  promptContext;
  eventAdapter;
  turnBoundary;
  /** executions running right now, by id */
  activeExecutions;
  cancellation;
  runner;
  constructor(modelProvider, cwd = process.cwd()) {
    this.sessionId = sessionId();
    const hooks = new HookPipeline();
    hooks.installBuiltin(new LiveSteeringHook());
    this.services = {
      sessionId: this.sessionId,
      steering: new SteeringQueue(),
      hooks,
      notifier: new ClientNotifier(this.sessionId),
      modelProvider
    };
    this.promptContext = { cwd, steeringDocs: [], modelId: process.env.KIRO_MODEL_ID ?? "auto" };
    this.eventAdapter = new EventAdapter();
    this.turnBoundary = new TurnBoundary(this);
    this.activeExecutions = /* @__PURE__ */ new Map();
    this.cancellation = new AbortController();
    this.runner = new TurnRunner(this);
  }
  steer(text, origin = "user") {
    const entry = this.services.steering.enqueue(text, origin);
    this.services.notifier.steering("steering_queued", { messageId: entry.id, source: entry.source });
    return entry;
  }
  clearSteering(reason) {
    return this.turnBoundary.clearSteering(reason);
  }
  cancel() {
    this.cancellation.abort(new DOMException("The turn was cancelled", "AbortError"));
    this.cancellation = new AbortController();
    this.turnBoundary.clearSteering("cancelled");
  }
  handleModelSettleFailure(execution, cause) {
    sessionLog.error(`model response for ${execution.agentName} (${execution.shortId}) failed to settle`, cause);
    this.turnBoundary.clearSteering("model_settle_failed");
  }
  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.cancellation.signal,
      agentName: ROOT_AGENT
    });
  }
  async runExecution(execution, prompt) {
    this.activeExecutions.set(execution.executionId, execution);
    try {
      return await this.runner.run(execution, prompt);
    } finally {
      this.activeExecutions.delete(execution.executionId);
    }
  }
  async prompt(text) {
    let D = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(D.executionId);
    try {
      let reply = await this.runExecution(D, text);
      let continuations = 0;
      while (continuations < CONTINUATION_LIMIT) {
        const N = D.steeringReaderIndex;
        const O = N < this.services.steering.journal.entries.length;
        if (!O)
          break;
        continuations += 1;
        sessionLog.info(`steering left unread at turn end; continuation ${continuations}`);
        D = this.createRootExecution();
        if (O) {
          D.setSteeringReaderIndex(N);
        }
        this.eventAdapter.setOwnedExecutionId(D.executionId);
        reply = await this.runExecution(D, CONTINUE_PROMPT);
      }
      await runMemoryExtraction(this, D);
      this.turnBoundary.clearSteering("turn_complete");
      return reply;
    } catch (err) {
      const aborted = err instanceof Error && err.name === "AbortError";
      this.turnBoundary.clearSteering(aborted ? "cancelled" : "prompt_failed");
      throw err;
    }
  }
};

// src/session/store.js
var sessionStore = /* @__PURE__ */ new Map();

// src/acp/ext.js
var AcpRequestError = class extends Error {
  code;
  data;
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
    this.name = "AcpRequestError";
  }
};
function sessionFor(params) {
  const { sessionId: sessionId2 } = params;
  const session = typeof sessionId2 === "string" ? sessionStore.get(sessionId2) : void 0;
  if (session === void 0)
    throw new AcpRequestError(-32602, "Session not found", { sessionId: sessionId2 });
  return session;
}
var EXT_METHODS = {
  "_session/steer/clear": async (params) => {
    const session = sessionFor(params);
    const { messageIds } = session.turnBoundary.clearSteering("client_request", { bumpEpoch: true });
    return { cleared: true, messageIds };
  },
  "_session/steer/list": async (params) => {
    const steering = sessionFor(params).services.steering;
    return {
      epoch: steering.journal.epoch,
      messages: steering.journal.entries.map(({ id, kind, text }) => ({ id, kind, text }))
    };
  }
};
async function handleExtMethod(method, params) {
  const handler = Object.prototype.hasOwnProperty.call(EXT_METHODS, method) ? EXT_METHODS[method] : void 0;
  if (handler === void 0)
    throw new AcpRequestError(-32601, `Method not found: ${method}`);
  return handler(params ?? {});
}

// src/server/acp-server.js
function createSession(model) {
  const session = new KiroSession(model);
  sessionStore.set(session.sessionId, session);
  return session;
}
function disposeSession(sessionId2) {
  sessionStore.get(sessionId2)?.cancel();
  sessionStore.delete(sessionId2);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  disposeSession,
  handleExtMethod,
  logLines
});
