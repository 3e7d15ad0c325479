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

// src/main.ts
var main_exports = {};
__export(main_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(main_exports);

// src/session/kiro-session.ts
var import_node_crypto2 = require("node:crypto");

// src/steering/inbox.ts
var import_node_events = require("node:events");

// src/core/tokens.ts
var import_node_crypto = require("node:crypto");
var sequence = (0, import_node_crypto.randomInt)(4096);
function hexToken(prefix) {
  sequence = sequence + 1 & 65535;
  return `${prefix}-${Date.now().toString(16)}${sequence.toString(16).padStart(4, "0")}`;
}
var executionToken = () => (0, import_node_crypto.randomUUID)();

// src/steering/inbox.ts
var SteeringInbox = class extends import_node_events.EventEmitter {
  #entries = [];
  #byId = /* @__PURE__ */ new Map();
  epoch = 0;
  total() {
    return this.#entries.length;
  }
  entryAt(position) {
    return this.#entries[position];
  }
  post(text, origin) {
    const kind = origin === "user" ? "user" : "notification";
    const entry = {
      id: hexToken(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      origin,
      at: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.#entries.push(entry);
    this.#byId.set(entry.id, entry);
    this.emit("added", entry);
    return entry;
  }
  acknowledge(id, executionId) {
    this.#byId.get(id)?.handlers.add(executionId);
  }
  isHandled(t) {
    const r = this.#byId.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }
  clear(reason) {
    const ids = this.#entries.map((entry) => entry.id);
    this.#entries = [];
    this.#byId.clear();
    this.emit("cleared", { ids, reason });
    return ids;
  }
};

// src/execution/core.ts
var ExecutionCore = class {
  executionId;
  agentName;
  sessionServices;
  promptContext;
  subExecutionDepth;
  skipHooks;
  abortController;
  transcript;
  disposers;
  constructor(options) {
    this.executionId = executionToken();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = options.skipHooks === true;
    this.abortController = new AbortController();
    this.transcript = [];
    this.disposers = [];
    const upstream = options.signal;
    if (upstream) {
      const forward = () => this.abortController.abort(upstream.reason);
      if (upstream.aborted) forward();
      else {
        upstream.addEventListener("abort", forward, { once: true });
        this.disposers.push(() => upstream.removeEventListener("abort", forward));
      }
    }
  }
  dispose() {
    for (const dispose of this.disposers.splice(0)) dispose();
  }
};

// src/execution/cursor.ts
function WithSteeringCursor(Base) {
  return class SteeringCursorExecution extends Base {
    steeringReaderIndex;
    drainRetryCount;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args) {
      super(...args);
      this.steeringReaderIndex = 0;
      this.drainRetryCount = 0;
    }
    setSteeringReaderIndex(n) {
      this.steeringReaderIndex = n;
    }
  };
}

// src/execution/agent-execution.ts
var AgentExecution = class extends WithSteeringCursor(ExecutionCore) {
  /** steering prompts waiting for the next model call, by steering id */
  pendingSteering;
  deliveredSteering;
  constructor(options) {
    super(options);
    this.pendingSteering = /* @__PURE__ */ new Map();
    this.deliveredSteering = /* @__PURE__ */ new Set();
  }
  enqueueSteeringPrompt(id, text) {
    this.pendingSteering.set(id, { role: "user", text });
    this.deliveredSteering.add(id);
  }
  flushSteeringPrompts() {
    const prompts = [...this.pendingSteering.values()];
    this.pendingSteering.clear();
    return prompts;
  }
  hasQueuedUserMessage() {
    if (this.pendingSteering.size > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.inbox.total();
  }
};

// src/core/trace.ts
var logLines = [];
var LEVEL_NAMES = {
  [10 /* Debug */]: "debug",
  [20 /* Info */]: "info",
  [30 /* Warn */]: "warn",
  [40 /* Error */]: "error"
};
var threshold = 10 /* Debug */;
function trace(level, message) {
  if (level < threshold) return;
  const stamp = (/* @__PURE__ */ new Date()).toISOString().replace("T", " ").replace("Z", "");
  logLines.push(`[${stamp}] [${LEVEL_NAMES[level]}] ${message}`);
  if (logLines.length > 2e4) logLines.splice(0, 5e3);
}

// src/steering/collector.ts
function* unreadSteering(execution) {
  const inbox = execution.sessionServices.inbox;
  while (execution.steeringReaderIndex < inbox.total()) {
    const entry = inbox.entryAt(execution.steeringReaderIndex);
    execution.steeringReaderIndex += 1;
    if (entry) yield entry;
  }
}

// src/steering/prompt-builder.ts
var templates = {
  notification: (entry) => `[NOTIFY ${entry.id}] This notification is informational only; you do not need to act on it.
<notification>${entry.text}</notification>`,
  "delegation-recap": (entry) => `[STEERING ${entry.id}] While you delegated work to subagent(s), the user sent the message below. A subagent may have acted on it already; reconcile its result with what the user asked.
<user_message>${entry.text}</user_message>`,
  "active-agent": (entry) => `[STEERING ${entry.id}] The user sent the message below while you were working. Adjust your approach as the currently active agent.
<user_message>${entry.text}</user_message>`
};
function buildSteeringPrompt(target, entry) {
  let kind;
  if (entry.kind !== "user") kind = "notification";
  else if (Array.from(entry.handlers).some((handlerId) => handlerId !== target.executionId)) kind = "delegation-recap";
  else kind = "active-agent";
  return { kind, text: templates[kind](entry) };
}

// src/steering/steering-hook.ts
var LiveSteeringHook = {
  name: "LiveSteeringHook",
  async beforeModelInvoke(execution) {
    const delivered = [];
    for (const entry of unreadSteering(execution)) {
      const prompt = buildSteeringPrompt(execution, entry);
      execution.enqueueSteeringPrompt(entry.id, prompt.text);
      delivered.push(entry.id);
      trace(
        20 /* Info */,
        `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.substring(0, 8)}) (handlers: ${entry.handlers.size})`
      );
    }
    if (delivered.length) {
      const notify = execution.sessionServices.notify;
      notify("steering_injected", { messageIds: delivered, agent: execution.agentName });
      notify("steering_cleared", { messageIds: delivered });
    }
  }
};

// src/execution/spawn.ts
function forkExecution(parent, role) {
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: role.agentName,
    skipHooks: role.skipHooks ?? false
  });
  return child;
}

// src/agent/tool-handlers.ts
var SUB_AGENT_DEPTH_LIMIT = 3;
async function invokeSubAgent(call, { execution, runChild }) {
  if (execution.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT) return "error: sub-agents may not nest this deep";
  const subagentId = call.input?.subagentId ?? "general-purpose";
  const child = forkExecution(execution, { agentName: subagentId });
  const result = await runChild(child, [
    { role: "system", text: `${execution.promptContext.system}
You are running as sub-agent ${subagentId}.` },
    { role: "user", text: String(call.input?.prompt ?? "") }
  ]);
  const inbox = execution.sessionServices.inbox;
  child.deliveredSteering.forEach((id) => {
    inbox.acknowledge(id, child.executionId);
    inbox.acknowledge(id, execution.executionId);
  });
  return result;
}
var toolHandlers = /* @__PURE__ */ new Map([
  ["invoke_sub_agent", invokeSubAgent],
  ["user_steer", async (call, { execution }) => `queued ${execution.sessionServices.steer(call.text ?? "", "user").id}`],
  ["notify", async (call, { execution }) => `posted ${execution.sessionServices.steer(call.text ?? "", "workflow").id}`]
]);

// src/agent/graph.ts
var MAX_STEERING_RETRIES = 2;
var AgentGraph = class {
  async *walk(execution, seed) {
    execution.transcript.push(...seed);
    let node = "MODEL_INVOKE";
    let turn = {};
    let answer = "";
    for (; ; ) {
      if (execution.abortController.signal.aborted) {
        yield { type: "cancelled" };
        return answer;
      }
      yield { type: "node", node, executionId: execution.executionId };
      switch (node) {
        case "MODEL_INVOKE": {
          await LiveSteeringHook.beforeModelInvoke(execution);
          execution.transcript.push(...execution.flushSteeringPrompts());
          turn = await this.#invokeModel(execution);
          answer = turn.text ?? "";
          execution.transcript.push({ role: "assistant", text: answer });
          yield { type: "assistant", text: answer };
          node = turn.toolCalls && turn.toolCalls.length > 0 ? "TOOL_USE" : "FINAL_RESPONSE";
          break;
        }
        case "TOOL_USE": {
          const context = { execution, runChild: (child, childSeed) => this.run(child, childSeed) };
          for (const call of turn.toolCalls ?? []) {
            const handler = toolHandlers.get(call.name);
            const output = handler ? await handler(call, context) : `error: no tool named ${call.name}`;
            execution.transcript.push({ role: "tool", text: output });
            yield { type: "tool", name: call.name, output };
          }
          node = "MODEL_INVOKE";
          break;
        }
        case "FINAL_RESPONSE": {
          if (!this.#resumeForSteering(execution)) return answer;
          node = "MODEL_INVOKE";
          break;
        }
      }
    }
  }
  /** Resolves with the execution's final answer once its walk is over. */
  async run(execution, seed) {
    const walker = this.walk(execution, seed);
    try {
      for (; ; ) {
        const step = await walker.next();
        if (step.done) return step.value;
      }
    } finally {
      execution.dispose();
    }
  }
  #resumeForSteering(execution) {
    if (!execution.hasQueuedUserMessage()) return false;
    if (execution.drainRetryCount >= MAX_STEERING_RETRIES) {
      trace(30 /* Warn */, `steering still queued for ${execution.agentName}; retry budget spent`);
      return false;
    }
    execution.drainRetryCount += 1;
    return true;
  }
  async #invokeModel(execution) {
    try {
      return await execution.sessionServices.model.invoke(execution, execution.transcript.slice()) ?? {};
    } catch (error) {
      execution.sessionServices.inbox.clear("model_settle_failure");
      throw error;
    }
  }
};

// src/agent/memory.ts
var MEMORY_PROMPT = "You maintain the user's long-term memory. From the conversation, list new durable facts (preferences, conventions, project details), one per line. Reply NONE if there are none.";
async function extractMemories(graph, root, conversation) {
  const extraction = forkExecution(root, { agentName: "memory-extraction", skipHooks: true });
  const facts = [];
  const body = conversation.map((message) => `<${message.role}>${message.text}</${message.role}>`).join("\n");
  try {
    for await (const event of graph.walk(extraction, [
      { role: "system", text: MEMORY_PROMPT },
      { role: "user", text: body }
    ])) {
      if (event.type !== "assistant") continue;
      for (const line of event.text.split(/\r?\n/)) {
        const fact = line.trim();
        if (fact.length > 0 && fact !== "NONE" && fact !== "done") facts.push(fact);
      }
    }
  } catch (error) {
    trace(30 /* Warn */, `memory extraction failed: ${String(error)}`);
  } finally {
    extraction.dispose();
  }
  return facts;
}

// src/session/kiro-session.ts
var MAX_ROOT_PASSES = 3;
var KiroSession = class {
  sessionId = (0, import_node_crypto2.randomUUID)();
  services;
  promptContext;
  conversation = [];
  updates = [];
  memories = [];
  agentName = "chat-agent";
  ownedExecutionId;
  #graph = new AgentGraph();
  #turn;
  constructor(model, cwd = process.cwd()) {
    const inbox = new SteeringInbox();
    this.promptContext = { system: "You are Kiro, an agentic assistant working in the user's workspace.", cwd };
    this.services = {
      sessionId: this.sessionId,
      inbox,
      model,
      steer: (text, origin) => this.steer(text, origin),
      notify: (kind, data) => this.#publish(kind, data)
    };
    inbox.on("cleared", ({ ids, reason }) => {
      if (ids.length > 0) this.#publish("steering_cleared", { messageIds: ids, reason });
    });
  }
  #publish(kind, data) {
    this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } });
  }
  steer(text, origin = "user") {
    const entry = this.services.inbox.post(text, origin);
    this.#publish("steering_queued", { messageId: entry.id });
    return entry;
  }
  /** Turn-boundary helper: drops all pending steering. */
  clearSteering(reason) {
    return this.services.inbox.clear(reason);
  }
  cancel() {
    this.#turn?.abort(new Error("cancelled"));
    this.clearSteering("cancel");
  }
  async prompt(text) {
    const turn = this.#turn = new AbortController();
    this.conversation.push({ role: "user", text });
    try {
      let carried = -1;
      let root;
      for (let pass = 0; pass < MAX_ROOT_PASSES; pass++) {
        const resumed = carried >= 0;
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal: turn.signal,
          agentName: this.agentName
        });
        resumed && root.setSteeringReaderIndex(carried);
        this.ownedExecutionId = root.executionId;
        const answer = await this.#graph.run(root, [{ role: "system", text: this.promptContext.system }, ...this.conversation]);
        this.conversation.push({ role: "assistant", text: answer });
        if (turn.signal.aborted || !root.hasQueuedUserMessage()) break;
        trace(20 /* Info */, `re-running ${root.agentName} for steering that arrived as it finished`);
        carried = root.steeringReaderIndex;
      }
      if (turn.signal.aborted) return { stopReason: "cancelled" };
      if (root) this.memories.push(...await extractMemories(this.#graph, root, this.conversation));
      this.clearSteering("turn_end");
      return { stopReason: "end_turn" };
    } catch (error) {
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.#turn = void 0;
    }
  }
};

// src/acp/extensions.ts
var liveSessions = /* @__PURE__ */ new Map();
function sessionFor(sessionId) {
  const session = sessionId ? liveSessions.get(sessionId) : void 0;
  if (session === void 0) throw new Error(`no such session: ${sessionId}`);
  return session;
}
var extensionMethods = {
  "_session/steer": ({ sessionId, text, origin }) => {
    const entry = sessionFor(sessionId).steer(text ?? "", origin ?? "user");
    return { messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => {
    const session = sessionFor(sessionId);
    const messageIds = session.clearSteering("user_clear");
    session.services.inbox.epoch += 1;
    return { cleared: true, messageIds };
  }
};
async function handleExtMethod(method, params) {
  const handler = Object.hasOwn(extensionMethods, method) ? extensionMethods[method] : void 0;
  if (!handler) {
    const error = new Error(`Method not found: ${method}`);
    error.code = -32601;
    throw error;
  }
  return handler(params ?? {});
}

// src/main.ts
function createSession(model) {
  const session = new KiroSession(model);
  liveSessions.set(session.sessionId, session);
  return session;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
