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

// build/src/x-stock/server.js
var server_exports = {};
__export(server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(server_exports);
var import_node_crypto2 = require("node:crypto");

// build/src/x-stock/runtime/events.js
var AsyncEvents = class {
  #listeners = /* @__PURE__ */ new Map();
  on(name, listener) {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener);
    this.#listeners.set(name, list);
    return () => this.off(name, listener);
  }
  off(name, listener) {
    const list = this.#listeners.get(name);
    if (list) this.#listeners.set(name, list.filter((l) => l !== listener));
  }
  async emit(name, payload) {
    const results = [];
    for (const listener of this.#listeners.get(name) ?? []) results.push(await listener(payload));
    return results;
  }
};

// build/src/x-stock/runtime/registry.js
var ServiceRegistry = class {
  #factories = /* @__PURE__ */ new Map();
  #instances = /* @__PURE__ */ new Map();
  register(key, factory) {
    this.#factories.set(key, factory);
    return this;
  }
  get(key) {
    if (!this.#instances.has(key)) {
      const factory = this.#factories.get(key);
      if (!factory) throw new Error(`service not registered: ${key}`);
      this.#instances.set(key, factory(this));
    }
    return this.#instances.get(key);
  }
  has(key) {
    return this.#factories.has(key);
  }
};

// build/src/x-stock/steering/inbox.js
var sequence = 0;
function nextId(prefix) {
  sequence = sequence + 1 & 65535;
  return `${prefix}-${Date.now().toString(16)}${sequence.toString(16).padStart(4, "0")}`;
}
var SteeringInbox = class {
  #items = [];
  #byId = /* @__PURE__ */ new Map();
  generation = 0;
  messageCount() {
    return this.#items.length;
  }
  at(index) {
    return this.#items[index];
  }
  ids() {
    return this.#items.map((item) => item.id);
  }
  add({ text, source = "user" }) {
    const kind = source === "user" ? "user" : "system";
    const message = { id: nextId(kind === "user" ? "steer" : "notify"), kind, source, text, handlers: /* @__PURE__ */ new Set(), at: Date.now() };
    this.#items.push(message);
    this.#byId.set(message.id, message);
    return message;
  }
  acknowledge(id, handlerId) {
    const message = this.#byId.get(id);
    if (message === void 0) return false;
    message.handlers.add(handlerId);
    return true;
  }
  isHandled(id) {
    const message = this.#byId.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  drainAll() {
    const removed = this.#items;
    this.#items = [];
    this.#byId = /* @__PURE__ */ new Map();
    this.generation++;
    return removed.map((item) => item.id);
  }
};

// build/src/x-stock/runtime/log.js
var logLines = [];
var levels = ["trace", "debug", "info", "warn", "error"];
function log(level, scope, message) {
  if (!levels.includes(level)) level = "info";
  logLines.push(`${(/* @__PURE__ */ new Date()).toISOString()} ${level.toUpperCase().padEnd(5)} ${scope} ${message}`);
}

// build/src/x-stock/steering/prompt.js
var templates = {
  recap: (m) => `[STEERING ${m.id}] While you delegated work to subagent(s), the user sent the message below. Fold it into your plan now that the work is back:
${m.text}`,
  active: (m) => `[STEERING ${m.id}] The user just sent the message below. Adjust your approach as the currently active agent:
${m.text}`,
  info: (m) => `[NOTIFY ${m.id}] Informational only, no action needed:
${m.text}`
};
function pickTemplate(message, viewerId) {
  if (message.kind !== "user") return "info";
  return [...message.handlers].some((handlerId) => handlerId !== viewerId) ? "recap" : "active";
}
var renderSteering = (message, viewerId) => templates[pickTemplate(message, viewerId)](message);

// build/src/x-stock/steering/live-steering.js
var LiveSteeringService = class {
  constructor(inbox, events) {
    this.inbox = inbox;
    this.events = events;
  }
  #collect(execution) {
    const collected = [];
    for (let cursor = execution.steeringReaderIndex; cursor < this.inbox.messageCount(); ) {
      collected.push(this.inbox.at(cursor));
      execution.setSteeringReaderIndex(++cursor);
    }
    return collected;
  }
  async drain(execution) {
    const injected = [];
    for (const message of this.#collect(execution)) {
      execution.enqueue({ role: "user", text: renderSteering(message, execution.executionId), steeringId: message.id });
      execution.receivedSteering.add(message.id);
      injected.push(message.id);
      log(
        "info",
        "[LiveSteeringHook]",
        `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
      );
    }
    if (injected.length) {
      await this.events.emit("update", { kind: "steering_injected", messageIds: injected });
      await this.events.emit("update", { kind: "steering_cleared", messageIds: injected });
    }
    return injected;
  }
};

// build/src/x-stock/execution/execution.js
var import_node_crypto = require("node:crypto");
var Execution = class {
  #pending = [];
  #transcript = [];
  constructor(options) {
    this.executionId = (0, import_node_crypto.randomUUID)();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext ?? {};
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = !!options.skipHooks;
    this.abortController = new AbortController();
    options.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.receivedSteering = /* @__PURE__ */ new Set();
    this.state = null;
  }
  get steeringPending() {
    const inbox = this.sessionServices.get("steering");
    return this.steeringReaderIndex < inbox.messageCount() || this.#pending.length !== 0;
  }
  setSteeringReaderIndex(value) {
    this.steeringReaderIndex = value;
  }
  enqueue(message) {
    this.#pending.push(message);
  }
  append(message) {
    this.#transcript.push(message);
  }
  takeContext() {
    this.#transcript.push(...this.#pending.splice(0));
    return [...this.#transcript];
  }
};

// build/src/x-stock/execution/factory.js
var ExecutionFactory = class {
  constructor(services) {
    this.services = services;
  }
  root({ promptContext, agentName = "chat-agent", resumeFrom } = {}) {
    const execution = new Execution({ sessionServices: this.services, promptContext, agentName });
    resumeFrom && execution.setSteeringReaderIndex(resumeFrom.steeringReaderIndex);
    return execution;
  }
  child(parent, overrides = {}) {
    return new Execution({
      ...overrides,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1
    });
  }
};

// build/src/x-stock/execution/runner.js
var abortError = () => Object.assign(new Error("aborted"), { name: "AbortError" });
var TurnRunner = class _TurnRunner {
  static MAX_DRAIN_RETRIES = 2;
  constructor(services) {
    this.services = services;
    this.run = this.run.bind(this);
  }
  async run(execution, input) {
    const events = this.services.get("events");
    await events.emit("execution:start", execution);
    try {
      execution.append({ role: "user", text: input });
      let step = "MODEL_INVOKE";
      let reply = null;
      for (; ; ) {
        if (execution.abortController.signal.aborted) throw abortError();
        if (step === "MODEL_INVOKE") {
          if (!execution.skipHooks) await events.emit("hook:preModelInvoke", execution);
          await this.services.get("liveSteering").drain(execution);
          reply = await this.#invoke(execution);
          step = reply.toolCalls.length > 0 ? "TOOL_EXEC" : "TURN_END";
        } else if (step === "TOOL_EXEC") {
          await this.#runTools(execution, reply.toolCalls);
          step = "MODEL_INVOKE";
        } else {
          if (this.#shouldContinue(execution)) {
            step = "MODEL_INVOKE";
            continue;
          }
          return reply;
        }
      }
    } finally {
      await events.emit("execution:end", execution);
    }
  }
  #shouldContinue(execution) {
    if (!execution.steeringPending) return false;
    if (execution.drainRetryCount >= _TurnRunner.MAX_DRAIN_RETRIES) {
      log("warn", "[TurnRunner]", `giving up on queued steering for ${execution.agentName}`);
      return false;
    }
    execution.drainRetryCount += 1;
    return true;
  }
  async #invoke(execution) {
    const model = this.services.get("model");
    const response = await model.invoke(execution, execution.takeContext()) ?? {};
    const reply = { text: response.text ?? "", toolCalls: response.toolCalls ?? [] };
    execution.append({ role: "assistant", text: reply.text });
    execution.state = { lastReply: reply };
    return reply;
  }
  async #runTools(execution, calls) {
    const tools = this.services.get("tools");
    for (const call of calls) {
      const tool = tools.get(call.name);
      const context = { execution, run: this.run, services: this.services };
      let output;
      try {
        output = tool ? await tool.execute(call.input ?? call, context) : `no such tool: ${call.name}`;
      } catch (error) {
        output = `error: ${error?.message ?? error}`;
      }
      execution.append({ role: "tool", text: String(output) });
    }
  }
};

// build/src/x-stock/tools/builtin.js
function createBuiltinTools() {
  const tools = /* @__PURE__ */ new Map();
  tools.set("invoke_sub_agent", {
    description: "Delegate a task to a named sub-agent",
    async execute({ subagentId, prompt }, { execution, run, services }) {
      const child = services.get("executions").child(execution, { agentName: subagentId });
      const reply = await run(child, prompt ?? "");
      const inbox = services.get("steering");
      for (const id of child.receivedSteering) inbox.acknowledge(id, execution.executionId);
      return `${subagentId}: ${reply?.text ?? ""}`;
    }
  });
  tools.set("user_steer", {
    description: "Relay a message as if the user typed it",
    async execute({ text }, { services }) {
      await services.get("events").emit("steer:request", { text, origin: "user" });
      return "relayed";
    }
  });
  tools.set("notify", {
    description: "Post a workflow notification",
    async execute({ text }, { services }) {
      await services.get("events").emit("steer:request", { text, origin: "workflow" });
      return "posted";
    }
  });
  return tools;
}

// build/src/x-stock/memory/extraction.js
var PROMPT = "Review the finished turn and record durable memories.";
function installMemoryExtraction(services) {
  services.get("events").on("turn:completed", async ({ root, run }) => {
    const execution = services.get("executions").child(root, { agentName: "memory-extraction", skipHooks: true });
    try {
      await run(execution, PROMPT);
    } catch (error) {
      log("warn", "[MemoryExtraction]", String(error?.message ?? error));
    }
  });
}

// build/src/x-stock/server.js
var openSessions = /* @__PURE__ */ new Map();
var AgentSession = class {
  #active = /* @__PURE__ */ new Map();
  steeringEpoch = 0;
  constructor(model) {
    this.sessionId = (0, import_node_crypto2.randomUUID)();
    this.updates = [];
    this.services = new ServiceRegistry().register("events", () => new AsyncEvents()).register("model", () => model).register("steering", () => new SteeringInbox()).register("liveSteering", (s) => new LiveSteeringService(s.get("steering"), s.get("events"))).register("executions", (s) => new ExecutionFactory(s)).register("tools", () => createBuiltinTools()).register("runner", (s) => new TurnRunner(s));
    const events = this.services.get("events");
    events.on("steer:request", ({ text, origin }) => {
      this.steer(text, origin);
    });
    events.on("execution:start", (execution) => {
      this.#active.set(execution.executionId, execution);
    });
    events.on("execution:end", (execution) => {
      this.#active.delete(execution.executionId);
    });
    events.on("update", (update) => {
      this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: update } });
    });
    installMemoryExtraction(this.services);
    openSessions.set(this.sessionId, this);
  }
  steer(text, origin = "user") {
    return this.services.get("steering").add({ text, source: origin });
  }
  clearSteering(reason) {
    return this.#clearAtBoundary(reason ?? "user_clear");
  }
  #clearAtBoundary(reason) {
    const messageIds = this.services.get("steering").drainAll();
    if (messageIds.length) void this.services.get("events").emit("update", { kind: "steering_cleared", messageIds, reason });
    return messageIds;
  }
  cancel() {
    for (const execution of this.#active.values()) execution.abortController.abort();
    this.#clearAtBoundary("cancel");
  }
  async prompt(text) {
    const factory = this.services.get("executions");
    const runner = this.services.get("runner");
    let root = factory.root({ promptContext: { sessionId: this.sessionId } });
    try {
      let reply = await runner.run(root, text);
      for (let continuation = 0; root.steeringPending && continuation < 3; continuation++) {
        root = factory.root({ promptContext: root.promptContext, agentName: root.agentName, resumeFrom: root });
        reply = await runner.run(root, "Continue: the user sent more while you were finishing.");
      }
      await this.services.get("events").emit("turn:completed", { root, run: runner.run });
      this.#clearAtBoundary("turn_end");
      return { stopReason: "end_turn", text: reply?.text ?? "" };
    } catch (error) {
      this.#clearAtBoundary(error?.name === "AbortError" ? "cancel" : "prompt_error");
      throw error;
    }
  }
};
var createSession = (model) => new AgentSession(model);
async function handleExtMethod(method, params) {
  const session = openSessions.get(params?.sessionId);
  if (method === "_session/steer/clear") {
    if (!session) return { cleared: false, messageIds: [] };
    const messageIds = session.clearSteering("client_clear");
    session.steeringEpoch++;
    return { cleared: true, messageIds };
  }
  throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
