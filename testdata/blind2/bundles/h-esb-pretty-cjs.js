var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
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

// src/core/ids.ts
function nextHexId() {
  sequence = sequence + 1 >>> 0;
  return (bootNonce ^ Date.now()).toString(16).slice(-6) + sequence.toString(16).padStart(6, "0");
}
function newExecutionId() {
  return `${nextHexId()}${nextHexId()}`.slice(0, 8) + "-" + nextHexId();
}
var sequence, bootNonce;
var init_ids = __esm({
  "src/core/ids.ts"() {
    sequence = 0;
    bootNonce = process.pid * 2654435761 >>> 0;
  }
});

// src/runtime/execution-base.ts
var ExecutionBase;
var init_execution_base = __esm({
  "src/runtime/execution-base.ts"() {
    ExecutionBase = class {
      steeringReaderIndex = 0;
      drainRetryCount = 0;
      pendingUserMessages = [];
      setSteeringReaderIndex(index) {
        this.steeringReaderIndex = index;
      }
      hasQueuedUserMessage() {
        return this.pendingUserMessages.length > 0 || this.sessionServices.channel.store.entries.length > this.steeringReaderIndex;
      }
    };
  }
});

// src/runtime/agent-execution.ts
var AgentExecution;
var init_agent_execution = __esm({
  "src/runtime/agent-execution.ts"() {
    init_ids();
    init_execution_base();
    AgentExecution = class _AgentExecution extends ExecutionBase {
      executionId;
      sessionServices;
      promptContext;
      abortController = new AbortController();
      /** 0 = top-level execution */
      subExecutionDepth;
      agentName;
      skipHooks;
      messages;
      constructor({
        sessionServices,
        promptContext,
        signal,
        subExecutionDepth = 0,
        agentName = "chat-agent",
        skipHooks = false,
        executionId = newExecutionId(),
        messages = []
      }) {
        super();
        this.executionId = executionId;
        this.sessionServices = sessionServices;
        this.promptContext = promptContext;
        this.subExecutionDepth = subExecutionDepth;
        this.agentName = agentName;
        this.skipHooks = skipHooks;
        this.messages = messages;
        signal?.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
      }
      /** The root execution of a session, re-run for its next turn. */
      static resume(previous, signal) {
        return new _AgentExecution({
          sessionServices: previous.sessionServices,
          promptContext: previous.promptContext,
          signal,
          agentName: previous.agentName,
          executionId: previous.executionId,
          messages: previous.messages
        });
      }
      flushPending() {
        while (this.pendingUserMessages.length > 0) this.messages.push(this.pendingUserMessages.shift());
      }
    };
  }
});

// src/context/compaction.ts
async function compactIfNeeded(execution) {
  if (execution.messages.length < COMPACTION_THRESHOLD) return;
  const { runExecution: runExecution2 } = await Promise.resolve().then(() => (init_runner(), runner_exports));
  const compactor = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "context-compaction",
    skipHooks: true
  });
  compactor.messages.push({ role: "user", text: "Summarise this conversation:\n" + execution.messages.map((m) => m.text).join("\n") });
  const summary = await runExecution2(compactor);
  execution.messages.splice(0, execution.messages.length - 20, { role: "user", text: `Summary of earlier conversation: ${summary.text}` });
}
var COMPACTION_THRESHOLD;
var init_compaction = __esm({
  "src/context/compaction.ts"() {
    init_agent_execution();
    COMPACTION_THRESHOLD = 400;
  }
});

// src/tools/invoke-sub-agent.ts
var InvokeSubAgentTool;
var init_invoke_sub_agent = __esm({
  "src/tools/invoke-sub-agent.ts"() {
    init_agent_execution();
    init_runner();
    InvokeSubAgentTool = class {
      name = "invoke_sub_agent";
      async run(call, ctx) {
        const { subagentId, prompt } = call.input;
        const { subExecutionDepth: depth, sessionServices } = ctx.execution;
        const subAgentExecution = new AgentExecution({
          sessionServices,
          promptContext: ctx.execution.promptContext,
          signal: ctx.execution.abortController.signal,
          subExecutionDepth: depth + 1,
          agentName: subagentId
        });
        subAgentExecution.messages.push({ role: "user", text: prompt });
        const result = await runExecution(subAgentExecution);
        const { channel } = sessionServices;
        for (const entry of channel.store.entries.slice(0, subAgentExecution.steeringReaderIndex)) {
          channel.ack(entry.id, subAgentExecution.executionId);
          channel.ack(entry.id, ctx.execution.executionId);
        }
        return `subagent ${subagentId}: ${result.text}`;
      }
    };
  }
});

// src/tools/registry.ts
function toolTable() {
  return tools ??= /* @__PURE__ */ new Map([
    ["user_steer", new SteerTool("user_steer", "user")],
    ["notify", new SteerTool("notify", "workflow")],
    ["invoke_sub_agent", new InvokeSubAgentTool()]
  ]);
}
async function runTool(call, execution) {
  const tool = toolTable().get(call.name);
  return tool ? tool.run(call, { execution }) : `no such tool: ${call.name}`;
}
var SteerTool, tools;
var init_registry = __esm({
  "src/tools/registry.ts"() {
    init_invoke_sub_agent();
    SteerTool = class {
      constructor(name, origin) {
        this.name = name;
        this.origin = origin;
      }
      name;
      origin;
      async run(call, { execution }) {
        const entry = execution.sessionServices.session.steer(call.text ?? "", this.origin);
        return `accepted ${entry.id}`;
      }
    };
  }
});

// src/runtime/runner.ts
var runner_exports = {};
__export(runner_exports, {
  SettleError: () => SettleError,
  Step: () => Step,
  executionSteps: () => executionSteps,
  runExecution: () => runExecution
});
async function settle(pending) {
  try {
    const raw = await pending;
    return { text: raw?.text ?? "", toolCalls: raw?.toolCalls ?? [] };
  } catch (cause) {
    throw new SettleError(`model did not settle: ${String(cause)}`, { cause });
  }
}
async function* executionSteps(execution) {
  const services = execution.sessionServices;
  for (; ; ) {
    yield { step: "MODEL_INVOKE" /* ModelInvoke */, execution };
    await compactIfNeeded(execution);
    await services.events.emitSerial("beforeModelInvoke", { execution, services });
    execution.flushPending();
    const output = await settle(services.model.invoke(execution, execution.messages));
    execution.messages.push({ role: "assistant", text: output.text });
    if (output.toolCalls.length) {
      yield { step: "TOOL_EXECUTION" /* ToolExecution */, execution };
      for (const call of output.toolCalls) {
        execution.messages.push({ role: "tool", text: await runTool(call, execution) });
      }
      continue;
    }
    yield { step: "END_OF_TURN" /* EndOfTurn */, execution };
    if (execution.hasQueuedUserMessage() && execution.drainRetryCount++ < MAX_DRAIN_RETRIES) continue;
    return output;
  }
}
async function runExecution(execution) {
  const { events } = execution.sessionServices;
  events.emit("executionStarted", execution);
  try {
    const steps = executionSteps(execution);
    for (; ; ) {
      if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason;
      const next = await steps.next();
      if (next.done) return next.value;
      events.emit("step", next.value);
    }
  } finally {
    events.emit("executionFinished", execution);
  }
}
var Step, SettleError, MAX_DRAIN_RETRIES;
var init_runner = __esm({
  "src/runtime/runner.ts"() {
    init_compaction();
    init_registry();
    Step = /* @__PURE__ */ ((Step2) => {
      Step2["ModelInvoke"] = "MODEL_INVOKE";
      Step2["ToolExecution"] = "TOOL_EXECUTION";
      Step2["EndOfTurn"] = "END_OF_TURN";
      return Step2;
    })(Step || {});
    SettleError = class extends Error {
      name = "SettleError";
    };
    MAX_DRAIN_RETRIES = 8;
  }
});

// src/index.ts
var index_exports = {};
__export(index_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(index_exports);

// src/channel/steering-channel.ts
init_ids();
var SteeringChannel = class {
  store = { entries: [], index: /* @__PURE__ */ new Map(), epoch: 0 };
  onPublish;
  constructor(onPublish) {
    this.onPublish = onPublish;
  }
  publish({ body, origin }) {
    const kind = origin === "user" ? "user" : "system";
    const entry = {
      id: (kind === "user" ? "steer-" : "notify-") + nextHexId(),
      kind,
      origin,
      text: body,
      handlers: /* @__PURE__ */ new Set(),
      at: Date.now()
    };
    this.store.entries.push(entry);
    this.store.index.set(entry.id, entry);
    this.onPublish(entry);
    return entry;
  }
  ack(entryId, executionId) {
    const entry = this.store.index.get(entryId);
    if (entry) entry.handlers.add(executionId);
  }
  isHandled(t) {
    const r = this.store.index.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  purge() {
    const ids = this.store.entries.map((e) => e.id);
    this.store.entries.length = 0;
    this.store.index.clear();
    return ids;
  }
};

// src/core/async-emitter.ts
var import_node_events = require("node:events");
var AsyncEmitter = class extends import_node_events.EventEmitter {
  on(event, listener) {
    return super.on(event, listener);
  }
  async emitSerial(event, payload) {
    for (const listener of this.listeners(event)) {
      await listener(payload);
    }
  }
};

// src/server/session.ts
init_ids();
init_agent_execution();
init_runner();

// src/steering/live-steering.ts
var RECAP = "While you delegated work to subagent(s), the user sent the following message. Take it into account now:";
var ACTIVE = "The user sent a message while you were working. Read it and adjust your approach as the currently active agent:";
var INFO = "The following notification is informational only; no reply is needed:";
function drainLiveSteering({ execution: exec, services }) {
  const entries = services.channel.store.entries;
  const delivered = [];
  for (let i = exec.steeringReaderIndex; i < entries.length; i++) {
    const entry = entries[i];
    exec.steeringReaderIndex = i + 1;
    let text;
    switch (entry.kind) {
      case "user": {
        let recap = false;
        for (const handler of entry.handlers) {
          if (handler !== exec.executionId) {
            recap = true;
            break;
          }
        }
        text = `[STEERING ${entry.id}] ${recap ? RECAP : ACTIVE}
${entry.text}`;
        break;
      }
      default:
        text = `[NOTIFY ${entry.id}] ${INFO}
${entry.text}`;
    }
    exec.pendingUserMessages.push({ role: "user", text });
    services.log(`[LiveSteeringHook] injected steering ${entry.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`);
    delivered.push(entry.id);
  }
  if (delivered.length) {
    services.eventAdapter.send("steering_injected", delivered);
    services.eventAdapter.send("steering_cleared", delivered);
  }
}

// src/memory/extraction-task.ts
init_agent_execution();
init_runner();
var EXTRACTION_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";
var MemoryExtractionTask = class {
  constructor(root) {
    this.root = root;
  }
  root;
  execution;
  prepare() {
    const depth = this.root.subExecutionDepth;
    this.execution = new AgentExecution({
      agentName: "memory-extraction",
      skipHooks: true,
      sessionServices: this.root.sessionServices,
      promptContext: this.root.promptContext,
      signal: this.root.abortController.signal,
      subExecutionDepth: depth + 1
    });
    this.execution.messages.push({ role: "user", text: EXTRACTION_PROMPT });
    return this.execution;
  }
  async run() {
    const result = await runExecution(this.execution ?? this.prepare());
    this.root.sessionServices.log(`[MemoryExtraction] ${result.text.length} chars extracted`);
  }
};
function installMemoryExtraction(events) {
  events.on("turnSettled", ({ root }) => new MemoryExtractionTask(root).run());
}

// src/server/turn-boundary.ts
function endTurnClear(session, reason) {
  const messageIds = session.services.channel.purge();
  if (messageIds.length) {
    session.services.eventAdapter.send("steering_cleared", messageIds);
    session.services.log(`[LiveSteering] cleared ${messageIds.length} (${reason})`);
  }
  return messageIds;
}

// src/server/log.ts
var logLines = [];

// src/server/session.ts
var sessionsById = /* @__PURE__ */ new Map();
var AcpEventAdapter = class {
  constructor(sessionId) {
    this.sessionId = sessionId;
  }
  sessionId;
  updates = [];
  owned = "";
  setOwnedExecutionId(id) {
    this.owned = id;
  }
  send(kind, messageIds) {
    this.updates.push({ sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId: this.owned } } } });
  }
};
var AcpSession = class {
  sessionId = newExecutionId();
  services;
  live = /* @__PURE__ */ new Set();
  root;
  abort = new AbortController();
  promptContext = { cwd: process.cwd(), system: "You are Kiro." };
  constructor(model) {
    const events = new AsyncEmitter();
    const eventAdapter = new AcpEventAdapter(this.sessionId);
    this.services = {
      sessionId: this.sessionId,
      channel: new SteeringChannel((entry) => eventAdapter.send("steering_queued", [entry.id])),
      events,
      eventAdapter,
      model,
      log: (line) => logLines.push(`[${(/* @__PURE__ */ new Date()).toISOString()}] [info] ${line}`),
      session: this
    };
    events.on("beforeModelInvoke", drainLiveSteering);
    events.on("beforeModelInvoke", ({ execution }) => {
      if (execution.skipHooks) return;
    });
    events.on("executionStarted", (e) => void this.live.add(e));
    events.on("executionFinished", (e) => void this.live.delete(e));
    installMemoryExtraction(events);
    sessionsById.set(this.sessionId, this);
  }
  steer(text, origin = "user") {
    return this.services.channel.publish({ body: text, origin });
  }
  clearSteering(reason = "user_clear") {
    return endTurnClear(this, reason);
  }
  cancel() {
    this.abort.abort(new Error("cancelled"));
  }
  async prompt(text) {
    const previous = this.root;
    const continued = previous !== void 0;
    const next = continued ? AgentExecution.resume(previous, this.abort.signal) : new AgentExecution({ sessionServices: this.services, promptContext: this.promptContext, signal: this.abort.signal });
    continued && next.setSteeringReaderIndex(this.services.channel.store.entries.length);
    this.root = next;
    this.services.eventAdapter.setOwnedExecutionId(next.executionId);
    next.messages.push({ role: "user", text });
    let reason = "turn_end";
    try {
      await runExecution(next);
      await this.services.events.emitSerial("turnSettled", { root: next });
      return { stopReason: "end_turn" };
    } catch (error) {
      reason = this.abort.signal.aborted ? "cancel" : error instanceof SettleError ? "model_settle_failure" : "prompt_error";
      if (reason === "cancel") {
        this.abort = new AbortController();
        return { stopReason: "cancelled" };
      }
      throw error;
    } finally {
      endTurnClear(this, reason);
    }
  }
};

// src/server/acp.ts
var extMethods = /* @__PURE__ */ new Map([
  [
    "_session/steer/clear",
    ({ sessionId }) => {
      const session = sessionId === void 0 ? void 0 : sessionsById.get(sessionId);
      if (session === void 0) throw Object.assign(new Error("unknown session"), { code: -32602 });
      const messageIds = endTurnClear(session, "user_clear");
      session.services.channel.store.epoch++;
      return { cleared: true, messageIds };
    }
  ]
]);
async function handleExtMethod(method, params) {
  const handler = extMethods.get(method);
  if (handler === void 0) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params ?? {});
}

// src/index.ts
function createSession(model) {
  return new AcpSession(model);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
