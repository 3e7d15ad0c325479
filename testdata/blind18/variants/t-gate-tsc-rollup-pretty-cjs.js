'use strict';

Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });

const node_crypto = require('node:crypto');
const node_events = require('node:events');

let sequence = node_crypto.randomInt(0x1000);
/** `<prefix>-<hex>`: time in ms, then a per-process sequence, both hex. */
function hexToken(prefix) {
    sequence = (sequence + 1) & 0xffff;
    return `${prefix}-${Date.now().toString(16)}${sequence.toString(16).padStart(4, "0")}`;
}
const executionToken = () => node_crypto.randomUUID();

/**
 * Steering typed while a prompt runs, kept per session until the turn boundary.
 * Readers (executions) hold their own positions into it.
 */
class SteeringInbox extends node_events.EventEmitter {
    #entries = [];
    #byId = new Map();
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
            handlers: new Set(),
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
        return r !== undefined && r.handlers.size > 0;
    }
    clear(reason) {
        const ids = this.#entries.map((entry) => entry.id);
        this.#entries = [];
        this.#byId.clear();
        this.emit("cleared", { ids, reason });
        return ids;
    }
}

/** What every execution has, whatever it runs: identity, services, cancellation, a transcript. */
class ExecutionCore {
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
            if (upstream.aborted)
                forward();
            else {
                upstream.addEventListener("abort", forward, { once: true });
                this.disposers.push(() => upstream.removeEventListener("abort", forward));
            }
        }
    }
    dispose() {
        for (const dispose of this.disposers.splice(0))
            dispose();
    }
}

/** Adds the live-steering read position (and its retry budget) to an execution class. */
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

class AgentExecution extends WithSteeringCursor(ExecutionCore) {
    /** steering prompts waiting for the next model call, by steering id */
    pendingSteering;
    deliveredSteering;
    constructor(options) {
        super(options);
        this.pendingSteering = new Map();
        this.deliveredSteering = new Set();
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
        if (this.pendingSteering.size > 0)
            return true;
        return this.steeringReaderIndex < this.sessionServices.inbox.total();
    }
}

/** Every line the agent server logs, newest last (mirrored to kiro.log by the host). */
const logLines = [];
var TraceLevel;
(function (TraceLevel) {
    TraceLevel[TraceLevel["Debug"] = 10] = "Debug";
    TraceLevel[TraceLevel["Info"] = 20] = "Info";
    TraceLevel[TraceLevel["Warn"] = 30] = "Warn";
    TraceLevel[TraceLevel["Error"] = 40] = "Error";
})(TraceLevel || (TraceLevel = {}));
const LEVEL_NAMES = {
    [TraceLevel.Debug]: "debug",
    [TraceLevel.Info]: "info",
    [TraceLevel.Warn]: "warn",
    [TraceLevel.Error]: "error",
};
let threshold = TraceLevel.Debug;
function trace(level, message) {
    if (level < threshold)
        return;
    const stamp = new Date().toISOString().replace("T", " ").replace("Z", "");
    logLines.push(`[${stamp}] [${LEVEL_NAMES[level]}] ${message}`);
    if (logLines.length > 20_000)
        logLines.splice(0, 5_000);
}

/** Yields the entries this execution has not read yet, moving its cursor past each one. */
function* unreadSteering(execution) {
    const inbox = execution.sessionServices.inbox;
    while (execution.steeringReaderIndex < inbox.total()) {
        const entry = inbox.entryAt(execution.steeringReaderIndex);
        execution.steeringReaderIndex += 1;
        if (entry)
            yield entry;
    }
}

const templates = {
    notification: (entry) => `[NOTIFY ${entry.id}] This notification is informational only; you do not need to act on it.\n<notification>${entry.text}</notification>`,
    "delegation-recap": (entry) => `[STEERING ${entry.id}] While you delegated work to subagent(s), the user sent the message below. ` +
        `A subagent may have acted on it already; reconcile its result with what the user asked.\n<user_message>${entry.text}</user_message>`,
    "active-agent": (entry) => `[STEERING ${entry.id}] The user sent the message below while you were working. ` +
        `Adjust your approach as the currently active agent.\n<user_message>${entry.text}</user_message>`,
};
/** Picks the wording a steering entry is wrapped in for the execution that receives it. */
function buildSteeringPrompt(target, entry) {
    let kind;
    if (entry.kind !== "user")
        kind = "notification";
    else if (Array.from(entry.handlers).some((handlerId) => handlerId !== target.executionId))
        kind = "delegation-recap";
    else
        kind = "active-agent";
    return { kind, text: templates[kind](entry) };
}

/** MODEL_INVOKE hook: delivers live steering to the execution about to call the model. */
const LiveSteeringHook = {
    name: "LiveSteeringHook",
    async beforeModelInvoke(execution) {
        const delivered = [];
        for (const entry of unreadSteering(execution)) {
            // gate: a person's steer is for the top-level agent; the cursor has already moved past it
            if (entry.kind === "user" && execution.subExecutionDepth > 0)
                continue;
            const prompt = buildSteeringPrompt(execution, entry);
            execution.enqueueSteeringPrompt(entry.id, prompt.text);
            delivered.push(entry.id);
            trace(TraceLevel.Info, `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.substring(0, 8)}) (handlers: ${entry.handlers.size})`);
        }
        if (delivered.length) {
            const notify = execution.sessionServices.notify;
            notify("steering_injected", { messageIds: delivered, agent: execution.agentName });
            notify("steering_cleared", { messageIds: delivered });
        }
    },
};

/** Builds a sub-execution that shares its parent's session services and cancellation. */
function forkExecution(parent, role) {
    const child = new AgentExecution({
        sessionServices: parent.sessionServices,
        promptContext: parent.promptContext,
        signal: parent.abortController.signal,
        subExecutionDepth: parent.subExecutionDepth + 1,
        agentName: role.agentName,
        skipHooks: role.skipHooks ?? false,
    });
    return child;
}

const SUB_AGENT_DEPTH_LIMIT = 3;
async function invokeSubAgent(call, { execution, runChild }) {
    if (execution.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT)
        return "error: sub-agents may not nest this deep";
    const subagentId = call.input?.subagentId ?? "general-purpose";
    const child = forkExecution(execution, { agentName: subagentId });
    const result = await runChild(child, [
        { role: "system", text: `${execution.promptContext.system}\nYou are running as sub-agent ${subagentId}.` },
        { role: "user", text: String(call.input?.prompt ?? "") },
    ]);
    // the sub-agent's result answers the steering it was given
    const inbox = execution.sessionServices.inbox;
    child.deliveredSteering.forEach((id) => {
        inbox.acknowledge(id, child.executionId);
        inbox.acknowledge(id, execution.executionId);
    });
    return result;
}
const toolHandlers = new Map([
    ["invoke_sub_agent", invokeSubAgent],
    ["user_steer", async (call, { execution }) => `queued ${execution.sessionServices.steer(call.text ?? "", "user").id}`],
    ["notify", async (call, { execution }) => `posted ${execution.sessionServices.steer(call.text ?? "", "workflow").id}`],
]);

/** How many extra MODEL_INVOKE rounds steering queued at the end of a response may buy. */
const MAX_STEERING_RETRIES = 2;
class AgentGraph {
    async *walk(execution, seed) {
        execution.transcript.push(...seed);
        let node = "MODEL_INVOKE";
        let turn = {};
        let answer = "";
        for (;;) {
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
                    if (!this.#resumeForSteering(execution))
                        return answer;
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
            for (;;) {
                const step = await walker.next();
                if (step.done)
                    return step.value;
            }
        }
        finally {
            execution.dispose();
        }
    }
    #resumeForSteering(execution) {
        if (!execution.hasQueuedUserMessage())
            return false;
        if (execution.drainRetryCount >= MAX_STEERING_RETRIES) {
            trace(TraceLevel.Warn, `steering still queued for ${execution.agentName}; retry budget spent`);
            return false;
        }
        execution.drainRetryCount += 1;
        return true;
    }
    async #invokeModel(execution) {
        try {
            return (await execution.sessionServices.model.invoke(execution, execution.transcript.slice())) ?? {};
        }
        catch (error) {
            execution.sessionServices.inbox.clear("model_settle_failure");
            throw error;
        }
    }
}

const MEMORY_PROMPT = "You maintain the user's long-term memory. From the conversation, list new durable facts " +
    "(preferences, conventions, project details), one per line. Reply NONE if there are none.";
/** Streams the memory-extraction execution and keeps the facts it reports. */
async function extractMemories(graph, root, conversation) {
    const extraction = forkExecution(root, { agentName: "memory-extraction", skipHooks: true });
    const facts = [];
    const body = conversation.map((message) => `<${message.role}>${message.text}</${message.role}>`).join("\n");
    try {
        for await (const event of graph.walk(extraction, [
            { role: "system", text: MEMORY_PROMPT },
            { role: "user", text: body },
        ])) {
            if (event.type !== "assistant")
                continue;
            for (const line of event.text.split(/\r?\n/)) {
                const fact = line.trim();
                if (fact.length > 0 && fact !== "NONE" && fact !== "done")
                    facts.push(fact);
            }
        }
    }
    catch (error) {
        trace(TraceLevel.Warn, `memory extraction failed: ${String(error)}`);
    }
    finally {
        extraction.dispose();
    }
    return facts;
}

const MAX_ROOT_PASSES = 3;
class KiroSession {
    sessionId = node_crypto.randomUUID();
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
            notify: (kind, data) => this.#publish(kind, data),
        };
        inbox.on("cleared", ({ ids, reason }) => {
            if (ids.length > 0)
                this.#publish("steering_cleared", { messageIds: ids, reason });
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
        const turn = (this.#turn = new AbortController());
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
                    agentName: this.agentName,
                });
                resumed && root.setSteeringReaderIndex(carried);
                this.ownedExecutionId = root.executionId;
                const answer = await this.#graph.run(root, [{ role: "system", text: this.promptContext.system }, ...this.conversation]);
                this.conversation.push({ role: "assistant", text: answer });
                if (turn.signal.aborted || !root.hasQueuedUserMessage())
                    break;
                trace(TraceLevel.Info, `re-running ${root.agentName} for steering that arrived as it finished`);
                carried = root.steeringReaderIndex;
            }
            if (turn.signal.aborted)
                return { stopReason: "cancelled" };
            if (root)
                this.memories.push(...(await extractMemories(this.#graph, root, this.conversation)));
            this.clearSteering("turn_end");
            return { stopReason: "end_turn" };
        }
        catch (error) {
            this.clearSteering("prompt_error");
            throw error;
        }
        finally {
            this.#turn = undefined;
        }
    }
}

const liveSessions = new Map();
function sessionFor(sessionId) {
    const session = sessionId ? liveSessions.get(sessionId) : undefined;
    if (session === undefined)
        throw new Error(`no such session: ${sessionId}`);
    return session;
}
const extensionMethods = {
    "_session/steer": ({ sessionId, text, origin }) => {
        const entry = sessionFor(sessionId).steer(text ?? "", origin ?? "user");
        return { messageId: entry.id };
    },
    "_session/steer/clear": ({ sessionId }) => {
        const session = sessionFor(sessionId);
        const messageIds = session.clearSteering("user_clear");
        session.services.inbox.epoch += 1;
        return { cleared: true, messageIds };
    },
};
async function handleExtMethod(method, params) {
    const handler = Object.hasOwn(extensionMethods, method) ? extensionMethods[method] : undefined;
    if (!handler) {
        const error = new Error(`Method not found: ${method}`);
        error.code = -32601;
        throw error;
    }
    return handler(params ?? {});
}

function createSession(model) {
    const session = new KiroSession(model);
    liveSessions.set(session.sessionId, session);
    return session;
}

exports.createSession = createSession;
exports.handleExtMethod = handleExtMethod;
exports.logLines = logLines;
