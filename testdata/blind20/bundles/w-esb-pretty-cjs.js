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

// build/src/w-stock/acp-server.js
var acp_server_exports = {};
__export(acp_server_exports, {
  createSession: () => createSession,
  handleExtMethod: () => handleExtMethod,
  logLines: () => logLines
});
module.exports = __toCommonJS(acp_server_exports);

// build/src/w-stock/session/session.js
var import_node_crypto2 = require("node:crypto");

// build/src/w-stock/util/ids.js
var import_node_crypto = require("node:crypto");
function newExecutionId() {
  return (0, import_node_crypto.randomUUID)();
}
function shortHex(length = 12) {
  return (0, import_node_crypto.randomUUID)().replace(/-/g, "").slice(0, length);
}
function short(executionId) {
  return String(executionId).slice(0, 8);
}

// build/src/w-stock/agent/agent-execution.js
var AgentExecution = class {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  pendingUserMessages = [];
  deliveredSteering = [];
  messages = [];
  state = void 0;
  constructor(config) {
    this.executionId = newExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext ?? {};
    this.agentName = config.agentName ?? "chat-agent";
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    this.abortController = new AbortController();
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  get isTopLevel() {
    return this.subExecutionDepth === 0;
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueUserMessage(text, meta = {}) {
    this.pendingUserMessages.push({ role: "user", text, meta });
  }
  takeQueuedMessages() {
    const queued = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return queued;
  }
  hasQueuedUserMessage() {
    const buffer = this.sessionServices.steering;
    return this.steeringReaderIndex < buffer.store.items.length || this.pendingUserMessages.length > 0;
  }
};

// build/src/w-stock/util/logger.js
var logLines = [];
function write(level, message) {
  const line = `${(/* @__PURE__ */ new Date()).toISOString()} [${level}] ${message}`;
  logLines.push(line);
  if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(line + "\n");
}
var logger = {
  debug: (message) => write("DEBUG", message),
  info: (message) => write("INFO", message),
  warn: (message) => write("WARN", message),
  error: (message) => write("ERROR", message)
};

// build/src/w-stock/steering/steering-prompts.js
var RECAP = "While you delegated work to subagent(s), the user sent the following message. Review it and take it into account in what you do next:";
var ACTIVE = "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent:";
var INFO = "The following notification is informational only; you do not need to reply to it:";
function formatSteeringForExecution(target, entry) {
  if (entry.kind !== "user") {
    return `[NOTIFY ${entry.id}] ${INFO}
${entry.text}`;
  }
  let handledElsewhere = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      handledElsewhere = true;
      break;
    }
  }
  return handledElsewhere ? `[STEERING ${entry.id}] ${RECAP}
${entry.text}` : `[STEERING ${entry.id}] ${ACTIVE}
${entry.text}`;
}

// build/src/w-stock/steering/live-steering-hook.js
var TAG = "[LiveSteeringHook]";
async function injectLiveSteering(execution) {
  const { steering } = execution.sessionServices;
  const items = steering.store.items;
  const injected = [];
  while (execution.steeringReaderIndex < items.length) {
    const entry = items[execution.steeringReaderIndex];
    execution.setSteeringReaderIndex(execution.steeringReaderIndex + 1);
    execution.queueUserMessage(formatSteeringForExecution(execution, entry), { steeringId: entry.id });
    execution.deliveredSteering.push(entry.id);
    injected.push(entry.id);
    logger.info(
      `${TAG} injected steering ${entry.id} into ${execution.agentName} (${short(execution.executionId)}) (handlers: ${entry.handlers.size})`
    );
  }
  steering.reportInjected(injected);
  return injected.length;
}

// build/src/w-stock/agent/graph.js
var Nodes = Object.freeze({
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXEC: "TOOL_EXEC",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END"
});
var MAX_DRAIN_RETRIES = 3;
async function invokeModel(state) {
  const execution = state.execution;
  const queued = execution.takeQueuedMessages();
  for (const message of queued) execution.messages.push(message);
  const model = execution.sessionServices.model;
  const response = await model.invoke(execution, execution.messages.slice());
  execution.messages.push({ role: "assistant", text: response?.text ?? "" });
  for (const message of queued) {
    if (message.meta?.steeringId) execution.sessionServices.steering.acknowledge(message.meta.steeringId, execution.executionId);
  }
  return { ...state, response: { text: response?.text ?? "", toolCalls: response?.toolCalls ?? [] }, modelCalls: state.modelCalls + 1 };
}
function routeFinalResponse(state, targets) {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      logger.debug(`[Graph] steering queued at end of turn for ${execution.agentName}; looping (${execution.drainRetryCount})`);
      return targets.continueTarget;
    }
    logger.warn(`[Graph] steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries`);
  }
  return targets.doneTarget;
}
function createNodes(run) {
  return {
    [Nodes.MODEL_INVOKE]: async (state) => {
      await injectLiveSteering(state.execution);
      state = await invokeModel(state);
      state.execution.state = state;
      return [state, state.response.toolCalls.length > 0 ? Nodes.TOOL_EXEC : Nodes.FINAL_RESPONSE];
    },
    [Nodes.TOOL_EXEC]: async (state) => {
      const { execution } = state;
      const tools = execution.sessionServices.tools;
      for (const call of state.response.toolCalls) {
        const handler = tools[call.name];
        let output;
        try {
          output = handler ? await handler(call, { execution, run }) : `unknown tool ${call.name}`;
        } catch (error) {
          output = `tool ${call.name} failed: ${error?.message ?? error}`;
        }
        execution.messages.push({ role: "tool", text: String(output) });
      }
      return [state, Nodes.MODEL_INVOKE];
    },
    [Nodes.FINAL_RESPONSE]: async (state) => [
      state,
      routeFinalResponse(state, { continueTarget: Nodes.MODEL_INVOKE, doneTarget: Nodes.END })
    ]
  };
}
async function runExecution(execution, input) {
  const services = execution.sessionServices;
  const nodes = createNodes(runExecution);
  services.lifecycle.started(execution);
  try {
    execution.messages.push({ role: "user", text: input });
    let state = { execution, response: null, modelCalls: 0 };
    let target = Nodes.MODEL_INVOKE;
    while (target !== Nodes.END) {
      if (execution.abortController.signal.aborted) {
        const error = new Error("execution aborted");
        error.name = "AbortError";
        throw error;
      }
      [state, target] = await nodes[target](state);
    }
    logger.debug(`[Graph] ${execution.agentName} (${short(execution.executionId)}) finished after ${state.modelCalls} call(s)`);
    return state;
  } finally {
    services.lifecycle.finished(execution);
  }
}

// build/src/w-stock/agent/tools.js
var MAX_SUB_EXECUTION_DEPTH = 4;
async function invokeSubAgent(call, { execution, run }) {
  const { subagentId, prompt } = call.input ?? {};
  const currentDepth = execution.subExecutionDepth;
  if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) return `refused: sub-agent depth ${currentDepth} reached`;
  const subAgentExecution = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId
  });
  logger.info(`[SubAgent] spawning ${subagentId} at depth ${currentDepth + 1}`);
  const result = await run(subAgentExecution, prompt ?? "");
  const steering = execution.sessionServices.steering;
  for (const id of subAgentExecution.deliveredSteering) steering.acknowledge(id, subAgentExecution.executionId);
  return `sub-agent ${subagentId} returned: ${result.response?.text ?? ""}`;
}
function createToolRegistry() {
  return {
    invoke_sub_agent: invokeSubAgent,
    user_steer: async (call, { execution }) => {
      const message = execution.sessionServices.session.steer(call.text ?? call.input?.text ?? "", "user");
      return `queued (${message.kind})`;
    },
    notify: async (call, { execution }) => {
      execution.sessionServices.session.steer(call.text ?? call.input?.text ?? "", "workflow");
      return "notification posted";
    }
  };
}

// build/src/w-stock/agent/memory-extraction.js
var MEMORY_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";
var inheritFrom = (parent) => ({
  sessionServices: parent.sessionServices,
  promptContext: parent.promptContext,
  signal: parent.abortController.signal
});
var MemoryExtractor = class {
  constructor(run, options = {}) {
    this.run = run;
    this.enabled = options.enabled ?? true;
  }
  async extract(parent) {
    if (!this.enabled) return null;
    const memoryExecution = new AgentExecution({
      ...inheritFrom(parent),
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true
    });
    try {
      const state = await this.run(memoryExecution, MEMORY_PROMPT);
      return state.response?.text ?? null;
    } catch (error) {
      logger.warn(`[MemoryExtraction] failed: ${error?.message ?? error}`);
      return null;
    }
  }
};

// build/src/w-stock/steering/steering-buffer.js
var SteeringBuffer = class {
  #listeners = /* @__PURE__ */ new Set();
  constructor(sessionId) {
    this.sessionId = sessionId;
    this.store = { items: [], byId: /* @__PURE__ */ new Map() };
    this.steeringEpoch = 0;
  }
  onUpdate(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  #emit(kind, messageIds) {
    for (const listener of this.#listeners) {
      try {
        listener({ sessionId: this.sessionId, kind, messageIds });
      } catch (error) {
        logger.warn(`[SteeringBuffer] listener failed: ${error?.message}`);
      }
    }
  }
  push(text, kind = "user") {
    const prefix = kind === "user" ? "steer" : "notify";
    const message = {
      id: `${prefix}-${shortHex()}`,
      kind,
      text,
      receivedAt: Date.now(),
      handlers: /* @__PURE__ */ new Set()
    };
    this.store.items.push(message);
    this.store.byId.set(message.id, message);
    this.#emit("steering_queued", [message.id]);
    return message;
  }
  get(id) {
    return this.store.byId.get(id);
  }
  acknowledge(id, executionId) {
    const message = this.store.byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }
  isHandled(id) {
    const message = this.store.byId.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  clear(reason) {
    const removed = this.store.items.splice(0);
    this.store.byId.clear();
    const messageIds = removed.map((m) => m.id);
    if (messageIds.length > 0) {
      logger.debug(`[SteeringBuffer] cleared ${messageIds.length} message(s) (${reason})`);
      this.#emit("steering_cleared", messageIds);
    }
    return messageIds;
  }
  bumpEpoch() {
    this.steeringEpoch += 1;
    return this.steeringEpoch;
  }
  reportInjected(messageIds) {
    if (messageIds.length === 0) return;
    this.#emit("steering_injected", messageIds);
    this.#emit("steering_cleared", messageIds);
  }
};

// build/src/w-stock/session/session.js
var sessions = /* @__PURE__ */ new Map();
var MAX_ROOT_CONTINUATIONS = 2;
var Session = class {
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? (0, import_node_crypto2.randomUUID)();
    this.steering = new SteeringBuffer(this.sessionId);
    this.liveExecutions = /* @__PURE__ */ new Set();
    this.updates = [];
    this.steering.onUpdate(
      (update) => this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: update.kind, messageIds: update.messageIds } } })
    );
    const live = this.liveExecutions;
    this.services = {
      session: this,
      steering: this.steering,
      model,
      tools: createToolRegistry(),
      lifecycle: {
        started: (execution) => live.add(execution),
        finished: (execution) => live.delete(execution)
      }
    };
    this.memory = new MemoryExtractor(runExecution, { enabled: options.memory !== false });
    sessions.set(this.sessionId, this);
  }
  steer(text, origin = "user") {
    return this.steering.push(text, origin === "user" ? "user" : "notification");
  }
  clearSteering(reason = "user_clear") {
    return this.#clearAtTurnBoundary(reason);
  }
  #clearAtTurnBoundary(reason) {
    const messageIds = this.steering.clear(reason);
    return messageIds;
  }
  cancel() {
    for (const execution of this.liveExecutions) execution.abortController.abort("cancelled");
    this.#clearAtTurnBoundary("cancel");
  }
  async prompt(text) {
    let root = new AgentExecution({
      sessionServices: this.services,
      promptContext: { sessionId: this.sessionId, cwd: process.cwd() },
      agentName: "chat-agent"
    });
    try {
      let state = await runExecution(root, text);
      let continuations = 0;
      while (root.hasQueuedUserMessage() && continuations < MAX_ROOT_CONTINUATIONS) {
        continuations++;
        const previous = root;
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: previous.promptContext,
          agentName: previous.agentName
        });
        root.setSteeringReaderIndex(previous.steeringReaderIndex);
        logger.info(`[Session] root continuation ${continuations} from cursor ${previous.steeringReaderIndex}`);
        state = await runExecution(root, "Continue with the user's latest steering.");
      }
      await this.memory.extract(root);
      this.#clearAtTurnBoundary("turn_end");
      return { stopReason: "end_turn", text: state.response?.text ?? "" };
    } catch (error) {
      this.#clearAtTurnBoundary(error?.name === "AbortError" ? "cancel" : "prompt_error");
      throw error;
    }
  }
};

// build/src/w-stock/acp-server.js
function createSession(model, options) {
  return new Session(model, options);
}
async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = sessions.get(params.sessionId);
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const message = session.steer(String(params.text ?? ""), "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = sessions.get(params.sessionId);
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const messageIds = session.clearSteering("client_clear");
      session.steering.bumpEpoch();
      return { cleared: true, messageIds };
    }
    default:
      throw new Error(`method not found: ${method}`);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createSession,
  handleExtMethod,
  logLines
});
