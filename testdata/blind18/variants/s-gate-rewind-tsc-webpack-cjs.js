/******/ (() => { // webpackBootstrap
/******/ 	"use strict";
/******/ 	var __webpack_modules__ = ([
/* 0 */,
/* 1 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Session: () => (/* binding */ Session)
/* harmony export */ });
/* harmony import */ var _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2);
/* harmony import */ var _steering_steering_buffer_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7);
/* harmony import */ var _steering_turn_boundary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8);
/* harmony import */ var _acp_session_updates_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(10);
/* harmony import */ var _tools_registry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(11);
/* harmony import */ var _tools_invoke_sub_agent_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(12);
/* harmony import */ var _tools_session_tools_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(13);
/* harmony import */ var _memory_memory_extraction_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(14);
/* harmony import */ var _graph_runner_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(15);
/* harmony import */ var _runtime_ids_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5);
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9);











const log = (0,_runtime_log_js__WEBPACK_IMPORTED_MODULE_10__.createLogger)("session");
/** How many times one prompt may re-run the root execution for steering that arrived at its end. */
const MAX_ROOT_CONTINUATIONS = 4;
function steeringKindOf(origin) {
    if (origin === undefined || origin === "user")
        return "user";
    return origin === "system" ? "system" : "workflow";
}
class Session {
    sessionId = (0,_runtime_ids_js__WEBPACK_IMPORTED_MODULE_9__.newSessionId)();
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
            steeringDocs: [],
        };
        this.services = {
            sessionId: this.sessionId,
            session: this,
            steering: new _steering_steering_buffer_js__WEBPACK_IMPORTED_MODULE_1__.SteeringBuffer(),
            model,
            tools: new _tools_registry_js__WEBPACK_IMPORTED_MODULE_4__.ToolRegistry().register(new _tools_invoke_sub_agent_js__WEBPACK_IMPORTED_MODULE_5__.InvokeSubAgentTool()).register(new _tools_session_tools_js__WEBPACK_IMPORTED_MODULE_6__.RelaySteerTool()).register(new _tools_session_tools_js__WEBPACK_IMPORTED_MODULE_6__.NotifyTool()),
            updates: new _acp_session_updates_js__WEBPACK_IMPORTED_MODULE_3__.SessionUpdateChannel(this.sessionId),
            executions: new Map(),
        };
        this.memory = new _memory_memory_extraction_js__WEBPACK_IMPORTED_MODULE_7__.MemoryExtractionService(_graph_runner_js__WEBPACK_IMPORTED_MODULE_8__.runExecution);
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
        return (0,_steering_turn_boundary_js__WEBPACK_IMPORTED_MODULE_2__.clearSteeringAtTurnBoundary)(this.services, reason);
    }
    cancel() {
        this.abortController.abort(new Error("cancelled by client"));
        this.clearSteering("cancel");
    }
    async prompt(text) {
        if (this.running)
            throw new Error("a prompt is already running in this session");
        this.running = true;
        if (this.abortController.signal.aborted)
            this.abortController = new AbortController();
        this.history.push({ role: "user", text });
        try {
            let root;
            let continuation = false;
            let readerIndex = 0;
            let answer = "";
            for (let round = 0; round <= MAX_ROOT_CONTINUATIONS; round++) {
                root = new _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__.AgentExecution({
                    sessionServices: this.services,
                    promptContext: this.promptContext,
                    signal: this.abortController.signal,
                    agentName: this.agentName,
                });
                continuation && root.setSteeringReaderIndex(readerIndex);
                this.services.updates.setOwnedExecutionId(root.executionId);
                answer = await (0,_graph_runner_js__WEBPACK_IMPORTED_MODULE_8__.runExecution)(root, [{ role: "system", text: this.promptContext.systemPrompt }, ...this.history]);
                this.history.push({ role: "assistant", text: answer });
                if (root.status === "cancelled" || !root.hasQueuedUserMessage())
                    break;
                log.info(`continuing ${this.agentName} for steering queued at the end of its turn`);
                continuation = true;
                readerIndex = root.steeringReaderIndex;
            }
            if (root && root.status !== "cancelled")
                await this.memory.extractAfterTurn(root, this.history);
            this.clearSteering("turn_end");
            return { stopReason: root?.status === "cancelled" ? "cancelled" : "end_turn", text: answer };
        }
        catch (error) {
            this.clearSteering("prompt_error");
            throw error;
        }
        finally {
            this.running = false;
        }
    }
}


/***/ }),
/* 2 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AgentExecution: () => (/* binding */ AgentExecution)
/* harmony export */ });
/* harmony import */ var _execution_base_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3);

class AgentExecution extends _execution_base_js__WEBPACK_IMPORTED_MODULE_0__.ExecutionBase {
    steeringReaderIndex = 0;
    drainRetryCount = 0;
    sessionServices;
    promptContext;
    subExecutionDepth;
    skipHooks;
    messages = [];
    state = undefined;
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
        return (this.steeringReaderIndex < this.sessionServices.steering.length || this.queuedUserMessages.length > 0);
    }
    get isSubExecution() {
        return this.subExecutionDepth > 0;
    }
}


/***/ }),
/* 3 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ExecutionBase: () => (/* binding */ ExecutionBase)
/* harmony export */ });
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4);
/* harmony import */ var _runtime_ids_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5);


/** Identity, cancellation and lifecycle events shared by every kind of execution. */
class ExecutionBase extends node_events__WEBPACK_IMPORTED_MODULE_0__.EventEmitter {
    executionId;
    agentName;
    abortController = new AbortController();
    createdAt = Date.now();
    status = "idle";
    constructor(config) {
        super();
        this.executionId = config.executionId ?? (0,_runtime_ids_js__WEBPACK_IMPORTED_MODULE_1__.newExecutionId)();
        this.agentName = config.agentName ?? "chat-agent";
        const parentSignal = config.signal;
        if (parentSignal) {
            if (parentSignal.aborted)
                this.abortController.abort(parentSignal.reason);
            else
                parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), {
                    once: true,
                    signal: this.abortController.signal,
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
}


/***/ }),
/* 4 */
/***/ ((module) => {

module.exports = require("node:events");

/***/ }),
/* 5 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   newExecutionId: () => (/* binding */ newExecutionId),
/* harmony export */   newSessionId: () => (/* binding */ newSessionId),
/* harmony export */   shortHexId: () => (/* binding */ shortHexId)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6);

/** A short hex token for client-visible ids (`steer-…`, `notify-…`). */
function shortHexId() {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)().replace(/-/g, "").slice(0, 16);
}
function newExecutionId() {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)();
}
function newSessionId() {
    return `sess_${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}`;
}


/***/ }),
/* 6 */
/***/ ((module) => {

module.exports = require("node:crypto");

/***/ }),
/* 7 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SteeringBuffer: () => (/* binding */ SteeringBuffer)
/* harmony export */ });
/* harmony import */ var _runtime_ids_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5);

/**
 * The session's live-steering buffer. Messages stay here until the turn ends (or the
 * user clears them); each execution keeps its own read cursor into it.
 */
class SteeringBuffer {
    messages = [];
    messageById = new Map();
    get length() {
        return this.messages.length;
    }
    push(input) {
        const prefix = input.kind === "user" ? "steer" : "notify";
        const message = {
            id: `${prefix}-${(0,_runtime_ids_js__WEBPACK_IMPORTED_MODULE_0__.shortHexId)()}`,
            kind: input.kind,
            text: input.text,
            receivedAt: Date.now(),
            handlers: new Set(),
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
        if (!message)
            return false;
        message.handlers.add(executionId);
        return true;
    }
    isHandled(id) {
        const message = this.messageById.get(id);
        return message !== undefined && message.handlers.size > 0;
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
}


/***/ }),
/* 8 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   clearSteeringAtTurnBoundary: () => (/* binding */ clearSteeringAtTurnBoundary)
/* harmony export */ });
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9);

const log = (0,_runtime_log_js__WEBPACK_IMPORTED_MODULE_0__.createLogger)("steering");
/** Empties the session's steering buffer at a turn boundary and tells the client. */
function clearSteeringAtTurnBoundary(services, reason) {
    const messageIds = services.steering.clear();
    // rewind: the buffer starts over, so every live reader starts over with it
    for (const execution of services.executions.values())
        execution.setSteeringReaderIndex(0);
    if (messageIds.length > 0) {
        services.updates.send("steering_cleared", { messageIds, reason });
        log.debug(`cleared ${messageIds.length} steering message(s) (${reason})`);
    }
    return messageIds;
}


/***/ }),
/* 9 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createLogger: () => (/* binding */ createLogger),
/* harmony export */   logLines: () => (/* binding */ logLines)
/* harmony export */ });
// Process-wide log sink. KAS writes these lines to ~/.kiro/logs/<run>/kiro.log; the
// in-memory copy is what the ACP debug surface and the test driver read.
const logLines = [];
const MAX_RETAINED_LINES = 10_000;
function write(level, scope, message) {
    const line = `${new Date().toISOString()} ${level.padEnd(5)} [${scope}] ${message}`;
    logLines.push(line);
    if (logLines.length > MAX_RETAINED_LINES)
        logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
    if (process.env.KAS_LOG_STDERR === "1")
        process.stderr.write(line + "\n");
}
function createLogger(scope) {
    return {
        debug: (message) => write("DEBUG", scope, message),
        info: (message) => write("INFO", scope, message),
        warn: (message) => write("WARN", scope, message),
        error: (message) => write("ERROR", scope, message),
    };
}


/***/ }),
/* 10 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SessionUpdateChannel: () => (/* binding */ SessionUpdateChannel)
/* harmony export */ });
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4);

/** Outgoing ACP notifications for one session; the transport subscribes to "update". */
class SessionUpdateChannel extends node_events__WEBPACK_IMPORTED_MODULE_0__.EventEmitter {
    sessionId;
    sent = [];
    ownedExecutionId;
    constructor(sessionId) {
        super();
        this.sessionId = sessionId;
    }
    setOwnedExecutionId(executionId) {
        this.ownedExecutionId = executionId;
    }
    get owner() {
        return this.ownedExecutionId;
    }
    send(kind, payload) {
        const notification = {
            sessionId: this.sessionId,
            update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } },
        };
        this.sent.push(notification);
        if (this.sent.length > 500)
            this.sent.shift();
        this.emit("update", notification);
    }
}


/***/ }),
/* 11 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ToolRegistry: () => (/* binding */ ToolRegistry)
/* harmony export */ });
class ToolRegistry {
    tools = new Map();
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
}


/***/ }),
/* 12 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   InvokeSubAgentTool: () => (/* binding */ InvokeSubAgentTool)
/* harmony export */ });
/* harmony import */ var _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2);

const MAX_SUB_AGENT_DEPTH = 4;
class InvokeSubAgentTool {
    name = "invoke_sub_agent";
    description = "Delegate a self-contained task to a named sub-agent and return its answer.";
    async execute(call, context) {
        const parent = context.execution;
        const currentDepth = parent.subExecutionDepth;
        if (currentDepth >= MAX_SUB_AGENT_DEPTH) {
            return `Sub-agent depth limit (${MAX_SUB_AGENT_DEPTH}) reached; do the work yourself.`;
        }
        const input = (call.input ?? {});
        const subagentId = input.subagentId ?? "general-purpose";
        const subAgentExecution = new _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__.AgentExecution({
            sessionServices: parent.sessionServices,
            promptContext: parent.promptContext,
            signal: parent.abortController.signal,
            subExecutionDepth: currentDepth + 1,
            agentName: subagentId,
        });
        const answer = await context.runExecution(subAgentExecution, [
            { role: "system", text: `${parent.promptContext.systemPrompt}\nYou are the sub-agent "${subagentId}".` },
            { role: "user", text: input.prompt ?? "" },
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
            if (!message)
                continue;
            buffer.acknowledge(message.id, child.executionId);
            buffer.acknowledge(message.id, parent.executionId);
        }
    }
}


/***/ }),
/* 13 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NotifyTool: () => (/* binding */ NotifyTool),
/* harmony export */   RelaySteerTool: () => (/* binding */ RelaySteerTool)
/* harmony export */ });
/** Relays a steer that a companion client typed into the session (IDE side panel). */
class RelaySteerTool {
    name = "user_steer";
    description = "Relay a user steer typed into a companion client.";
    async execute(call, context) {
        const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "user");
        return `queued ${message.id}`;
    }
}
/** Posts a workflow notification (task finished, spec step done, …) to the session. */
class NotifyTool {
    name = "notify";
    description = "Post an informational workflow notification.";
    async execute(call, context) {
        const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "workflow");
        return `posted ${message.id}`;
    }
}


/***/ }),
/* 14 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MemoryExtractionService: () => (/* binding */ MemoryExtractionService)
/* harmony export */ });
/* harmony import */ var _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2);
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9);


const log = (0,_runtime_log_js__WEBPACK_IMPORTED_MODULE_1__.createLogger)("memory");
const EXTRACTION_INSTRUCTIONS = "Extract durable facts about the user's preferences and project from the conversation below. " +
    "Answer with one fact per line, or NONE.";
/** After each turn, distils the conversation into memories with a short internal execution. */
class MemoryExtractionService {
    runExecution;
    memories = [];
    constructor(runExecution) {
        this.runExecution = runExecution;
    }
    async extractAfterTurn(root, transcript) {
        const extraction = new _execution_agent_execution_js__WEBPACK_IMPORTED_MODULE_0__.AgentExecution({
            sessionServices: root.sessionServices,
            promptContext: root.promptContext,
            signal: root.abortController.signal,
            subExecutionDepth: root.subExecutionDepth + 1,
            agentName: "memory-extraction",
            skipHooks: true,
        });
        const rendered = transcript.map((message) => `${message.role}: ${message.text}`).join("\n");
        try {
            const answer = await this.runExecution(extraction, [
                { role: "system", text: EXTRACTION_INSTRUCTIONS },
                { role: "user", text: rendered },
            ]);
            for (const line of answer.split("\n")) {
                const fact = line.trim();
                if (fact && fact !== "NONE" && fact !== "done")
                    this.memories.push(fact);
            }
        }
        catch (error) {
            log.warn(`memory extraction failed: ${error.message}`);
        }
    }
}


/***/ }),
/* 15 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runExecution: () => (/* binding */ runExecution)
/* harmony export */ });
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(16);
/* harmony import */ var _nodes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(17);


const MAX_GRAPH_STEPS = 200;
/** Runs one execution through the agent graph; resolves with its final answer. */
async function runExecution(execution, initial) {
    const live = execution.sessionServices.executions;
    live.set(execution.executionId, execution);
    execution.messages.push(...initial);
    execution.transition("running");
    let state = { execution, response: undefined, modelCalls: 0, finalText: "" };
    let node = _state_js__WEBPACK_IMPORTED_MODULE_0__.GraphNode.MODEL_INVOKE;
    try {
        for (let step = 0; node !== _state_js__WEBPACK_IMPORTED_MODULE_0__.GraphNode.END; step++) {
            if (execution.abortController.signal.aborted) {
                execution.transition("cancelled");
                return state.finalText;
            }
            if (step >= MAX_GRAPH_STEPS)
                throw new Error(`execution ${execution.shortId} exceeded ${MAX_GRAPH_STEPS} steps`);
            const handler = _nodes_js__WEBPACK_IMPORTED_MODULE_1__.graphNodes.get(node);
            if (!handler)
                throw new Error(`no graph node ${node}`);
            const result = await handler(state, runExecution);
            state = result.state;
            node = result.next;
        }
        execution.transition("completed");
        return state.finalText;
    }
    catch (error) {
        execution.transition("failed");
        throw error;
    }
    finally {
        live.delete(execution.executionId);
    }
}


/***/ }),
/* 16 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GraphNode: () => (/* binding */ GraphNode)
/* harmony export */ });
const GraphNode = {
    MODEL_INVOKE: "MODEL_INVOKE",
    TOOL_EXECUTION: "TOOL_EXECUTION",
    FINAL_RESPONSE: "FINAL_RESPONSE",
    END: "__END__",
};


/***/ }),
/* 17 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_DRAIN_RETRIES: () => (/* binding */ MAX_DRAIN_RETRIES),
/* harmony export */   graphNodes: () => (/* binding */ graphNodes)
/* harmony export */ });
/* harmony import */ var _steering_live_steering_hook_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(18);
/* harmony import */ var _steering_turn_boundary_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8);
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(16);




const log = (0,_runtime_log_js__WEBPACK_IMPORTED_MODULE_2__.createLogger)("graph");
/** How often the end-of-turn check may send an execution back to MODEL_INVOKE for queued steering. */
const MAX_DRAIN_RETRIES = 3;
async function applyQueuedUserMessages(state) {
    const queued = state.execution.takeQueuedUserMessages();
    if (queued.length > 0)
        state.execution.messages.push(...queued);
    return state;
}
const modelInvoke = async (state) => {
    const execution = state.execution;
    await (0,_steering_live_steering_hook_js__WEBPACK_IMPORTED_MODULE_0__.drainLiveSteering)(execution);
    state = await applyQueuedUserMessages(state);
    execution.state = state;
    let response;
    try {
        response = await execution.sessionServices.model.invoke(execution, [...execution.messages]);
    }
    catch (error) {
        ;(0,_steering_turn_boundary_js__WEBPACK_IMPORTED_MODULE_1__.clearSteeringAtTurnBoundary)(execution.sessionServices, "model_settle_failure");
        throw error;
    }
    const text = response?.text ?? "";
    execution.messages.push({ role: "assistant", text });
    const next = response?.toolCalls?.length ? _state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.TOOL_EXECUTION : _state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.FINAL_RESPONSE;
    return { state: { ...state, response, modelCalls: state.modelCalls + 1, finalText: text }, next };
};
const toolExecution = async (state, run) => {
    const execution = state.execution;
    for (const call of state.response?.toolCalls ?? []) {
        const tool = execution.sessionServices.tools.get(call.name);
        let output;
        if (!tool) {
            output = `Unknown tool "${call.name}".`;
        }
        else {
            if (!execution.skipHooks)
                execution.emit("preToolUse", call);
            try {
                output = await tool.execute(call, { execution, runExecution: run });
            }
            catch (error) {
                output = `Tool "${call.name}" failed: ${error.message}`;
            }
            if (!execution.skipHooks)
                execution.emit("postToolUse", call, output);
        }
        execution.messages.push({ role: "tool", text: output, toolName: call.name });
    }
    return { state, next: _state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.MODEL_INVOKE };
};
const finalResponse = async (state) => {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
        if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
            execution.drainRetryCount++;
            return { state, next: _state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.MODEL_INVOKE };
        }
        log.warn(`${execution.agentName} (${execution.shortId}) ends its turn with steering still queued`);
    }
    return { state, next: _state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.END };
};
const graphNodes = new Map([
    [_state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.MODEL_INVOKE, modelInvoke],
    [_state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.TOOL_EXECUTION, toolExecution],
    [_state_js__WEBPACK_IMPORTED_MODULE_3__.GraphNode.FINAL_RESPONSE, finalResponse],
]);


/***/ }),
/* 18 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   drainLiveSteering: () => (/* binding */ drainLiveSteering)
/* harmony export */ });
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9);

const log = (0,_runtime_log_js__WEBPACK_IMPORTED_MODULE_0__.createLogger)("steering");
const RECAP_PREAMBLE = "While you delegated work to subagent(s), the user sent the following message. " +
    "It may already have been handled by a subagent; take it into account when you continue:";
const ACTIVE_PREAMBLE = "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent:";
const NOTIFICATION_PREAMBLE = "The following notification is informational only. Do not stop or change course because of it:";
/**
 * Moves every steering message this execution has not read yet into its prompt queue.
 * Runs at MODEL_INVOKE for every execution, top-level or not.
 */
async function drainLiveSteering(execution) {
    const services = execution.sessionServices;
    const buffer = services.steering;
    const injected = [];
    while (execution.steeringReaderIndex < buffer.length) {
        const message = buffer.at(execution.steeringReaderIndex);
        execution.steeringReaderIndex++;
        if (message === undefined)
            continue;
        // gate: a person's steer is for the top-level agent; sub-executions skip it (cursor already past it)
        if (message.kind === "user" && execution.subExecutionDepth > 0)
            continue;
        let text;
        if (message.kind !== "user") {
            text = `[NOTIFY ${message.id}] ${NOTIFICATION_PREAMBLE}\n${message.text}`;
        }
        else {
            let delegated = false;
            for (const handler of message.handlers) {
                if (handler !== execution.executionId) {
                    delegated = true;
                    break;
                }
            }
            text = delegated
                ? `[STEERING ${message.id}] ${RECAP_PREAMBLE}\n${message.text}`
                : `[STEERING ${message.id}] ${ACTIVE_PREAMBLE}\n${message.text}`;
        }
        execution.queueUserMessage({ role: "user", text, steeringId: message.id });
        injected.push(message.id);
        log.info(`[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`);
    }
    if (injected.length > 0) {
        services.updates.send("steering_injected", { messageIds: injected, executionId: execution.executionId });
        services.updates.send("steering_cleared", { messageIds: injected });
    }
    return injected.length;
}


/***/ }),
/* 19 */
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   handleExtMethod: () => (/* binding */ handleExtMethod),
/* harmony export */   sessions: () => (/* binding */ sessions)
/* harmony export */ });
const sessions = new Map();
function requireSession(sessionId) {
    const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!session)
        throw Object.assign(new Error(`Unknown session: ${String(sessionId)}`), { code: -32602 });
    return session;
}
/** Kiro's ACP extension methods (`_session/…`). */
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


/***/ })
/******/ 	]);
/************************************************************************/
/******/ 	// The module cache
/******/ 	const __webpack_module_cache__ = {};
/******/ 	
/******/ 	// The require function
/******/ 	function __webpack_require__(moduleId) {
/******/ 		// Check if module is in cache
/******/ 		const cachedModule = __webpack_module_cache__[moduleId];
/******/ 		if (cachedModule !== undefined) {
/******/ 			return cachedModule.exports;
/******/ 		}
/******/ 		// Create a new module (and put it into the cache)
/******/ 		const module = __webpack_module_cache__[moduleId] = {
/******/ 			// no module.id needed
/******/ 			// no module.loaded needed
/******/ 			exports: {}
/******/ 		};
/******/ 	
/******/ 		// Execute the module function
/******/ 		__webpack_modules__[moduleId](module, module.exports, __webpack_require__);
/******/ 	
/******/ 		// Return the exports of the module
/******/ 		return module.exports;
/******/ 	}
/******/ 	
/************************************************************************/
/******/ 	/* webpack/runtime/define property getters */
/******/ 	// define getter/value functions for harmony exports
/******/ 	__webpack_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__webpack_require__.o(definition, key) && !__webpack_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ 	
/******/ 	/* webpack/runtime/hasOwnProperty shorthand */
/******/ 	__webpack_require__.o = (obj, prop) => (Object.hasOwn(obj, prop));
/******/ 	
/******/ 	/* webpack/runtime/make namespace object */
/******/ 	// define __esModule on exports
/******/ 	__webpack_require__.r = (exports) => {
/******/ 		Object.defineProperties(exports, { [Symbol.toStringTag]: { value: 'Module' }, __esModule: { value: true } });
/******/ 	};
/******/ 	
/************************************************************************/
let __webpack_exports__ = {};
// This entry needs to be wrapped in an IIFE because it needs to be isolated against other modules in the chunk.
(() => {
__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createSession: () => (/* binding */ createSession),
/* harmony export */   handleExtMethod: () => (/* reexport safe */ _acp_ext_methods_js__WEBPACK_IMPORTED_MODULE_1__.handleExtMethod),
/* harmony export */   logLines: () => (/* reexport safe */ _runtime_log_js__WEBPACK_IMPORTED_MODULE_2__.logLines)
/* harmony export */ });
/* harmony import */ var _session_session_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1);
/* harmony import */ var _acp_ext_methods_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(19);
/* harmony import */ var _runtime_log_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9);



function createSession(model, options) {
    const session = new _session_session_js__WEBPACK_IMPORTED_MODULE_0__.Session(model, options);
    _acp_ext_methods_js__WEBPACK_IMPORTED_MODULE_1__.sessions.set(session.sessionId, session);
    return session;
}
;

})();

module.exports = __webpack_exports__;
/******/ })()
;