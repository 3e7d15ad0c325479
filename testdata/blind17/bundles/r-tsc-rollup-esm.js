import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

class PluginRegistry {
    constructor() {
        this.plugins = [];
        this.toolIndex = Object.create(null);
    }
    use(plugin) {
        if (this.plugins.some((p) => p.name === plugin.name))
            throw new Error(`plugin ${plugin.name} already registered`);
        for (const dep of plugin.dependsOn ?? []) {
            if (!this.plugins.some((p) => p.name === dep))
                throw new Error(`plugin ${plugin.name} needs ${dep}`);
        }
        this.plugins.push(plugin);
        for (const tool of plugin.tools ?? [])
            this.toolIndex[tool.name] = tool;
        return this;
    }
    tool(name) {
        return this.toolIndex[name];
    }
    toolNames() {
        return Object.keys(this.toolIndex);
    }
    async fire(point, execution, ...rest) {
        if (execution.skipHooks)
            return;
        for (const plugin of this.plugins) {
            const hook = plugin.hooks?.[point];
            if (hook)
                await hook(execution, ...rest);
        }
    }
    names() {
        return this.plugins.map((p) => p.name + (p.version ? "@" + p.version : ""));
    }
}

function compose(stack) {
    for (const fn of stack) {
        if (typeof fn !== "function")
            throw new TypeError("middleware must be a function");
    }
    return function run(ctx, last) {
        let called = -1;
        const dispatch = (i) => {
            if (i <= called)
                return Promise.reject(new Error("next() called more than once"));
            called = i;
            const fn = i === stack.length ? last : stack[i];
            if (!fn)
                return Promise.resolve();
            try {
                return Promise.resolve(fn(ctx, () => dispatch(i + 1)));
            }
            catch (err) {
                return Promise.reject(err);
            }
        };
        return dispatch(0);
    };
}

// Process log: every line is kept in memory (tail) and, when KAS_LOG_FILE is
// set, appended to that file. Structured fields follow the text as key=value.
const logLines = [];
const LIMIT = 4000;
const file = process.env.KAS_LOG_FILE;
function emit(level, text, fields) {
    let line = "[" + new Date().toISOString() + "] [" + level + "] " + text;
    if (fields) {
        for (const [k, v] of Object.entries(fields))
            if (v !== undefined)
                line += " " + k + "=" + String(v);
    }
    logLines.push(line);
    if (logLines.length > LIMIT)
        logLines.splice(0, logLines.length - LIMIT);
    if (file) {
        try {
            appendFileSync(file, line + "\n");
        }
        catch {
            // logging must never fail a request
        }
    }
}
const log = {
    info: (text, fields) => emit("info", text, fields),
    warn: (text, fields) => emit("warn", text, fields),
    error: (text, fields) => emit("error", text, fields),
    debug: (text, fields) => {
        if (process.env.KAS_DEBUG)
            emit("debug", text, fields);
    },
};

const Route = Object.freeze({ Tools: 1, ModelInvoke: 2, Done: 3, Exhausted: 4 });
/** Decides where an execution goes after a model response. */
class TurnRouter {
    constructor(maxDrainRetries) {
        this.maxDrainRetries = maxDrainRetries;
    }
    route(state) {
        const execution = state.execution;
        if (state.output && state.output.toolCalls.length > 0)
            return Route.Tools;
        if (!execution.hasQueuedUserMessage())
            return Route.Done;
        if (execution.drainRetryCount >= this.maxDrainRetries)
            return Route.Exhausted;
        execution.drainRetryCount += 1;
        return Route.ModelInvoke;
    }
}

class SettleError extends Error {
    constructor(detail) {
        super("could not settle model response: " + detail);
        this.name = "SettleError";
    }
}
const MAX_DRAIN_RETRIES = 2;
const router = new TurnRouter(MAX_DRAIN_RETRIES);
const timing = async (ctx, next) => {
    await next();
    log.debug("model invoke", { agent: ctx.state.execution.agentName, ms: Date.now() - ctx.startedAt });
};
const pluginHooks = async (ctx, next) => {
    await ctx.state.execution.sessionServices.plugins.fire("beforeModel", ctx.state.execution);
    await next();
};
const liveSteering = async (ctx, next) => {
    const execution = ctx.state.execution;
    const services = execution.sessionServices;
    ctx.injected = await services.liveSteering.onModelInvoke(execution);
    if (ctx.injected.length > 0) {
        services.notify(services.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_injected", executionId: execution.executionId, messageIds: ctx.injected } } });
        services.notify(services.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_cleared", messageIds: ctx.injected } } });
    }
    await next();
};
function settle(raw) {
    if (!raw || typeof raw !== "object")
        throw new SettleError("not an object");
    const { text, toolCalls } = raw;
    if (text != null && typeof text !== "string")
        throw new SettleError("text");
    if (toolCalls != null && !Array.isArray(toolCalls))
        throw new SettleError("toolCalls");
    return { text: text ?? "", toolCalls: toolCalls ?? [] };
}
const callModel = async (ctx) => {
    const execution = ctx.state.execution;
    const consumed = execution.flushQueue();
    const context = execution.transcript.map((t) => ({ ...t }));
    const output = settle(await execution.sessionServices.model.invoke(execution, context));
    execution.transcript.push({ role: "assistant", text: output.text });
    // the model has now seen them: this execution handled those messages
    for (const id of consumed)
        execution.sessionServices.steering.markHandled(id, execution.executionId);
    ctx.state = { ...ctx.state, round: ctx.state.round + 1, output };
};
const modelInvoke = compose([timing, pluginHooks, liveSteering, callModel]);
async function runTools(state) {
    const execution = state.execution;
    const { plugins, profiles } = execution.sessionServices;
    for (const call of state.output?.toolCalls ?? []) {
        if (execution.abortController.signal.aborted)
            return;
        const tool = plugins.tool(call.name);
        let result;
        if (!tool)
            result = "error: no such tool " + call.name;
        else if (!profiles.allows(execution.agentName, call.name))
            result = "error: " + call.name + " is not allowed for " + execution.agentName;
        else {
            try {
                result = await tool.handler(call, execution);
            }
            catch (err) {
                result = "error: " + (err instanceof Error ? err.message : String(err));
            }
        }
        execution.transcript.push({ role: "tool", text: result });
        await plugins.fire("afterTool", execution, call, result);
    }
}
/** MODEL_INVOKE -> (tools -> MODEL_INVOKE)* -> end-of-turn check. */
async function runAgentLoop(execution) {
    let state = { execution, round: 0 };
    const limit = execution.sessionServices.profiles.resolve(execution.agentName).maxToolRounds + 8;
    for (let guard = 0; guard < limit; guard++) {
        const signal = execution.abortController.signal;
        if (signal.aborted)
            throw signal.reason ?? new Error("aborted");
        const ctx = { state, injected: [], startedAt: Date.now() };
        await modelInvoke(ctx);
        state = ctx.state;
        execution.state = state;
        switch (router.route(state)) {
            case Route.Tools:
                await runTools(state);
                break;
            case Route.ModelInvoke:
                break;
            case Route.Done:
                await execution.sessionServices.plugins.fire("onTurnEnd", execution);
                return "done";
            case Route.Exhausted:
                return "exhausted";
        }
    }
    log.warn("agent loop hit its round limit", { agent: execution.agentName });
    return "done";
}

// Message ids: a per-process prefix of 3 random bytes and a sequence number, hex.
const processTag = randomBytes(3).toString("hex");
let sequence = 0;
function next() {
    sequence = (sequence + 1) >>> 0;
    return processTag + sequence.toString(16).padStart(5, "0");
}
function makeMessageId(prefix) {
    return prefix + "-" + next();
}
function makeExecutionId() {
    return randomBytes(16).toString("hex");
}
function makeSessionId() {
    return "s-" + randomBytes(8).toString("hex");
}

class AgentExecutionImpl {
    constructor(init) {
        this.executionId = makeExecutionId();
        this.agentName = init.agentName;
        this.sessionServices = init.sessionServices;
        this.promptContext = init.promptContext;
        this.subExecutionDepth = init.subExecutionDepth ?? 0;
        this.skipHooks = !!init.skipHooks;
        this.parentExecutionId = init.parentExecutionId;
        this.abortController = new AbortController();
        this.transcript = init.transcript ? init.transcript.slice() : [];
        this.queue = new Map();
        this.delivered = [];
        this.state = undefined;
        this.steeringReaderIndex = 0;
        this.drainRetryCount = 0;
        const upstream = init.signal;
        if (upstream) {
            const forward = () => this.abortController.abort(upstream.reason);
            if (upstream.aborted)
                forward();
            else
                upstream.addEventListener("abort", forward, { once: true });
        }
    }
    setSteeringReaderIndex(value) {
        this.steeringReaderIndex = value;
    }
    enqueuePrompt(entryId, text) {
        this.queue.set(entryId, { role: "user", text, steering: entryId });
    }
    /** Moves queued steering prompts into the transcript; returns their ids. */
    flushQueue() {
        const ids = [...this.queue.keys()];
        for (const turn of this.queue.values())
            this.transcript.push(turn);
        this.queue.clear();
        this.delivered.push(...ids);
        return ids;
    }
    hasQueuedUserMessage() {
        const total = this.sessionServices.steering.store.entries.length;
        return total > this.steeringReaderIndex || this.queue.size !== 0;
    }
    finalText() {
        const last = this.transcript.filter((t) => t.role === "assistant").pop();
        return last ? last.text : "";
    }
    get depthLabel() {
        return this.subExecutionDepth === 0 ? "root" : "sub@" + this.subExecutionDepth;
    }
}

/** Builds a child execution that shares the parent's session services. */
function spawnSubExecution(parent, agentName, options = {}) {
    const depth = parent.subExecutionDepth;
    const child = new AgentExecutionImpl({
        sessionServices: parent.sessionServices,
        promptContext: parent.promptContext,
        signal: parent.abortController.signal,
        subExecutionDepth: depth + 1,
        agentName,
        skipHooks: options.skipHooks === true,
        transcript: options.transcript,
        parentExecutionId: parent.executionId,
    });
    parent.sessionServices.registry.track(child);
    return child;
}

const MAX_DEPTH = 4;
const subagentPlugin = {
    name: "subagents",
    version: "1.4.0",
    tools: [
        {
            name: "invoke_sub_agent",
            summary: "Run a named sub-agent on a task and return what it reports.",
            async handler(call, execution) {
                const { subagentId = "general-task-agent", prompt = "" } = (call.input ?? {});
                if (execution.subExecutionDepth >= MAX_DEPTH)
                    return "error: sub-agents may not nest deeper than " + MAX_DEPTH;
                const child = spawnSubExecution(execution, subagentId, { transcript: [{ role: "user", text: prompt }] });
                const { steering, registry } = execution.sessionServices;
                try {
                    await runAgentLoop(child);
                }
                finally {
                    registry.release(child);
                }
                // the result comes back to the parent, which now holds what the child handled
                for (const id of child.delivered)
                    steering.markHandled(id, execution.executionId);
                return child.finalText() || "(sub-agent returned no text)";
            },
        },
    ],
};
const relayPlugin = {
    name: "steering-relay",
    tools: [
        {
            name: "user_steer",
            summary: "Relay a message the user typed while the agent runs.",
            handler(call, execution) {
                return "queued " + execution.sessionServices.surface.steer(String(call.text ?? ""), "user").id;
            },
        },
        {
            name: "notify",
            summary: "Post a system notification to the running agents.",
            handler(call, execution) {
                return "posted " + execution.sessionServices.surface.steer(String(call.text ?? ""), "system").id;
            },
        },
    ],
};

/** Live executions of a session, by id; cancel aborts them all. */
class ExecutionRegistry {
    constructor() {
        this.live = new Map();
        this.finished = 0;
    }
    track(execution) {
        this.live.set(execution.executionId, execution);
        return execution;
    }
    release(execution) {
        if (this.live.delete(execution.executionId))
            this.finished++;
    }
    get(executionId) {
        return this.live.get(executionId);
    }
    all() {
        return [...this.live.values()];
    }
    abortAll(reason) {
        let n = 0;
        for (const execution of this.live.values()) {
            if (!execution.abortController.signal.aborted) {
                execution.abortController.abort(reason);
                n++;
            }
        }
        return n;
    }
    stats() {
        return { live: this.live.size, finished: this.finished };
    }
}

class JobQueue {
    constructor(concurrency = 1, onError) {
        this.concurrency = concurrency;
        this.onError = onError;
        this.pending = [];
        this.records = [];
        this.running = 0;
        this.nextId = 1;
        this.idleWaiters = [];
    }
    enqueue(name, task) {
        const record = { id: this.nextId++, name, state: "queued" };
        this.records.push(record);
        if (this.records.length > 200)
            this.records.shift();
        this.pending.push({ record, task });
        this.pump();
        return record;
    }
    pump() {
        while (this.running < this.concurrency && this.pending.length > 0) {
            const { record, task } = this.pending.shift();
            this.running++;
            record.state = "running";
            task()
                .then(() => {
                record.state = "done";
            }, (err) => {
                record.state = "failed";
                record.error = err instanceof Error ? err.message : String(err);
                this.onError?.(record, err);
            })
                .finally(() => {
                this.running--;
                this.pump();
                if (this.running === 0 && this.pending.length === 0) {
                    const waiters = this.idleWaiters;
                    this.idleWaiters = [];
                    for (const w of waiters)
                        w();
                }
            });
        }
    }
    idle() {
        if (this.running === 0 && this.pending.length === 0)
            return Promise.resolve();
        return new Promise((resolve) => this.idleWaiters.push(resolve));
    }
    history() {
        return this.records;
    }
}

// A least-recently-used cache on a Map (insertion order = recency).
class LruCache {
    constructor(capacity) {
        this.capacity = capacity;
        if (capacity < 1)
            throw new RangeError("capacity must be at least 1");
        this.map = new Map();
        this.hits = 0;
        this.misses = 0;
    }
    get(key) {
        if (!this.map.has(key)) {
            this.misses++;
            return undefined;
        }
        const value = this.map.get(key);
        this.map.delete(key);
        this.map.set(key, value);
        this.hits++;
        return value;
    }
    set(key, value) {
        if (this.map.has(key))
            this.map.delete(key);
        this.map.set(key, value);
        while (this.map.size > this.capacity) {
            const oldest = this.map.keys().next().value;
            this.map.delete(oldest);
        }
        return this;
    }
    getOrCreate(key, make) {
        const cached = this.get(key);
        if (cached !== undefined)
            return cached;
        const value = make(key);
        this.set(key, value);
        return value;
    }
    delete(key) {
        return this.map.delete(key);
    }
    get size() {
        return this.map.size;
    }
    stats() {
        return { hits: this.hits, misses: this.misses, size: this.map.size };
    }
}

const BUILTIN = {
    "chat-agent": { system: "You are Kiro, an AI assistant and IDE agent.", tools: "*", maxToolRounds: 64 },
    "memory-extraction": { system: "You extract durable memories from a conversation.", tools: [], maxToolRounds: 1 },
    "title-generator": { system: "You write a short title for a conversation.", tools: [], maxToolRounds: 1 },
};
/** Resolves agent profiles; custom agents get the general-purpose profile. */
class ProfileCatalog {
    constructor(capacity = 32) {
        this.cache = new LruCache(capacity);
    }
    resolve(name) {
        return this.cache.getOrCreate(name, (n) => {
            const base = BUILTIN[n] ?? {};
            return {
                name: n,
                system: base.system ?? `You are ${n}, a sub-agent. Complete the task you are given and report back.`,
                tools: base.tools ?? "*",
                maxToolRounds: base.maxToolRounds ?? 32,
            };
        });
    }
    allows(name, tool) {
        const tools = this.resolve(name).tools;
        return tools === "*" || tools.includes(tool);
    }
    stats() {
        return this.cache.stats();
    }
}

/** What put a message in the steering channel. */
var SteeringKind;
(function (SteeringKind) {
    /** a person typed it while the agent ran */
    SteeringKind["User"] = "user";
    /** workflow and system notifications */
    SteeringKind["Notification"] = "notification";
})(SteeringKind || (SteeringKind = {}));
function kindOf(origin) {
    switch (origin) {
        case undefined:
        case "user":
        case "client":
        case "ide":
            return SteeringKind.User;
        default:
            return SteeringKind.Notification;
    }
}

/**
 * Session-wide steering channel. Entries stay in `store.entries` in arrival
 * order until the turn boundary drops them.
 */
class SteeringChannel {
    constructor() {
        this.store = { entries: [], since: Date.now() };
        this.messageById = new Map();
        this.listeners = [];
    }
    publish(input) {
        const entry = {
            id: makeMessageId(input.kind === SteeringKind.User ? "steer" : "notify"),
            kind: input.kind,
            text: input.text,
            origin: input.origin,
            at: Date.now(),
            handlers: new Set(),
        };
        this.store.entries.push(entry);
        this.messageById.set(entry.id, entry);
        for (const l of this.listeners)
            l(entry);
        return entry;
    }
    subscribe(listener) {
        this.listeners.push(listener);
        return () => {
            this.listeners = this.listeners.filter((l) => l !== listener);
        };
    }
    slice(from) {
        return this.store.entries.slice(from);
    }
    markHandled(id, executionId) {
        this.messageById.get(id)?.handlers.add(executionId);
    }
    isHandled(id) {
        const entry = this.messageById.get(id);
        return entry !== undefined && entry.handlers.size > 0;
    }
    /** Drops every entry; returns the dropped ids. */
    drop() {
        const ids = this.store.entries.map((e) => e.id);
        this.store.entries = [];
        this.store.since = Date.now();
        this.messageById.clear();
        return ids;
    }
}

const TEMPLATES = {
    recap: (e) => `[STEERING ${e.id}] While you delegated work to subagent(s), the user sent the message below. Fold it into what you do next.\n<user_message>${e.text}</user_message>`,
    active: (e) => `[STEERING ${e.id}] The user just sent the message below. Adjust your approach as the currently active agent.\n<user_message>${e.text}</user_message>`,
    info: (e) => `[NOTIFY ${e.id}] The following notification is informational only; do not reply to it.\n<notification>${e.text}</notification>`,
};
/** Picks the wording a steering message is wrapped in for one execution. */
function renderSteeringPrompt(target, message) {
    if (message.kind !== SteeringKind.User)
        return TEMPLATES.info(message);
    for (const handler of message.handlers) {
        if (handler !== target.executionId)
            return TEMPLATES.recap(message);
    }
    return TEMPLATES.active(message);
}

/**
 * Delivers live steering into a running execution. The model-invoke pipeline
 * calls onModelInvoke for every execution, parent or sub.
 */
class LiveSteeringHook {
    constructor() {
        this.deliveries = 0;
    }
    get deliveryCount() {
        return this.deliveries;
    }
    /** What this execution has not read yet, and where that starts. */
    collect(execution) {
        const from = execution.steeringReaderIndex;
        return { from, pending: execution.sessionServices.steering.slice(from) };
    }
    async onModelInvoke(execution) {
        const { from, pending } = this.collect(execution);
        const injected = [];
        for (const [offset, entry] of pending.entries()) {
            execution.setSteeringReaderIndex(from + offset + 1);
            execution.enqueuePrompt(entry.id, renderSteeringPrompt(execution, entry));
            injected.push(entry.id);
            this.deliveries++;
            log.info(`[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`);
        }
        return injected;
    }
}

const memories = new Map();
const INSTRUCTION = "List durable facts about the user or the workspace from the conversation above, one per line prefixed with '* '. Answer 'nothing' if there are none.";
function memoriesFor(sessionId) {
    return memories.get(sessionId) ?? [];
}
/** Memory extraction after a successful turn, queued on the session's job queue. */
async function extractMemories(root) {
    const transcript = root.transcript.filter((t) => t.steering === undefined && t.role !== "tool");
    const extractor = spawnSubExecution(root, "memory-extraction", {
        skipHooks: true,
        transcript: [...transcript, { role: "user", text: INSTRUCTION }],
    });
    try {
        await runAgentLoop(extractor);
        const found = extractor
            .finalText()
            .split("\n")
            .filter((l) => l.startsWith("* "))
            .map((l) => l.slice(2).trim());
        if (found.length) {
            const list = memories.get(root.sessionServices.sessionId) ?? [];
            list.push(...found);
            memories.set(root.sessionServices.sessionId, list);
            log.info("memory extraction stored " + found.length + " item(s)");
        }
    }
    finally {
        root.sessionServices.registry.release(extractor);
    }
}

const titles = new Map();
/** Names a conversation after its first turn (ACP clients show it). */
async function generateTitle(root) {
    const sessionId = root.sessionServices.sessionId;
    if (titles.has(sessionId))
        return;
    const firstUser = root.transcript.find((t) => t.role === "user" && t.steering === undefined);
    const writer = spawnSubExecution(root, "title-generator", {
        skipHooks: true,
        transcript: [{ role: "user", text: "Write a title of at most six words for: " + (firstUser?.text ?? "") }],
    });
    try {
        await runAgentLoop(writer);
        titles.set(sessionId, writer.finalText().slice(0, 80) || "Untitled");
        root.sessionServices.notify(sessionId, { sessionUpdate: "session_info_update", title: titles.get(sessionId) });
    }
    finally {
        root.sessionServices.registry.release(writer);
    }
}

/**
 * The turn boundary: drops the steering channel and tells the client which
 * messages went. Every way a turn can end comes through here.
 */
function settleTurnBoundary(runtime, reason) {
    const services = runtime.services;
    const messageIds = services.steering.drop();
    if (messageIds.length > 0) {
        services.notify(services.sessionId, {
            sessionUpdate: "session_info_update",
            _meta: { kiro: { kind: "steering_cleared", messageIds, reason } },
        });
        log.debug("turn boundary dropped steering", { reason, count: messageIds.length });
    }
    return messageIds;
}

const ROOT_AGENT = "chat-agent";
const MAX_CONTINUATIONS = 3;
/** Routes updates for the execution the client is following. */
class EventAdapter {
    setOwnedExecutionId(id) {
        this.owned = id;
    }
    get ownedExecutionId() {
        return this.owned;
    }
}
class SessionRuntime {
    constructor(model, plugins, options = {}) {
        this.options = options;
        this.sessionId = makeSessionId();
        this.steeringEpoch = 0;
        this.history = [];
        this.turnCount = 0;
        this.cancelling = false;
        this.eventAdapter = new EventAdapter();
        const sink = options.sink;
        this.services = {
            sessionId: this.sessionId,
            steering: new SteeringChannel(),
            liveSteering: new LiveSteeringHook(),
            plugins,
            jobs: new JobQueue(1, (job, err) => log.warn("background job failed", { job: job.name, error: String(err) })),
            registry: new ExecutionRegistry(),
            profiles: new ProfileCatalog(),
            model,
            surface: { steer: () => ({ id: "" }) },
            notify: (sessionId, update) => sink?.(sessionId, update),
            features: { titles: options.titles === true },
        };
    }
    attachSurface(surface) {
        this.services.surface = surface;
    }
    bumpSteeringEpoch() {
        return ++this.steeringEpoch;
    }
    enqueueSteering(text, origin = "user") {
        const entry = this.services.steering.publish({ kind: kindOf(origin), text, origin });
        this.services.notify(this.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_queued", messageId: entry.id } } });
        return entry;
    }
    clearSteering(reason = "user_clear") {
        return settleTurnBoundary(this, reason);
    }
    context() {
        return { cwd: this.options.cwd ?? process.cwd(), system: this.services.profiles.resolve(ROOT_AGENT).system, kiro: this.options.kiro };
    }
    async runRoot(root, resumeAt) {
        const isContinuation = resumeAt !== undefined;
        if (isContinuation) {
            log.info("continuing root execution", { execution: root.executionId.slice(0, 8), resumeAt });
            root.drainRetryCount = 0;
            root.setSteeringReaderIndex(resumeAt);
        }
        this.eventAdapter.setOwnedExecutionId(root.executionId);
        return runAgentLoop(root);
    }
    async prompt(text) {
        this.cancelling = false;
        this.history.push({ role: "user", text });
        const root = new AgentExecutionImpl({
            sessionServices: this.services,
            promptContext: this.context(),
            agentName: ROOT_AGENT,
            transcript: this.history,
        });
        this.services.registry.track(root);
        try {
            let outcome = await this.runRoot(root);
            for (let n = 0; outcome === "exhausted" && n < MAX_CONTINUATIONS; n++) {
                outcome = await this.runRoot(root, root.steeringReaderIndex);
            }
            const answer = root.finalText();
            this.history.push({ role: "assistant", text: answer });
            this.turnCount++;
            const jobs = this.services.jobs;
            jobs.enqueue("memory-extraction", () => extractMemories(root));
            if (this.services.features.titles && this.turnCount === 1)
                jobs.enqueue("title", () => generateTitle(root));
            await jobs.idle();
            settleTurnBoundary(this, "turn_end");
            return { stopReason: "end_turn", text: answer };
        }
        catch (err) {
            if (this.cancelling)
                return { stopReason: "cancelled", text: "" };
            settleTurnBoundary(this, err instanceof SettleError ? "settle_failure" : "prompt_error");
            throw err;
        }
        finally {
            this.services.registry.release(root);
        }
    }
    cancel() {
        this.cancelling = true;
        const n = this.services.registry.abortAll(new Error("cancelled"));
        settleTurnBoundary(this, "cancel");
        log.info("session cancelled", { session: this.sessionId, aborted: n });
    }
}

const runtimes = new Map();
let plugins;
function pluginRegistry() {
    if (!plugins)
        plugins = new PluginRegistry().use(subagentPlugin).use(relayPlugin);
    return plugins;
}
/** Opens a session and hands back the surface a client drives. */
function createSession(model, options = {}) {
    const runtime = new SessionRuntime(model, pluginRegistry(), options);
    runtimes.set(runtime.sessionId, runtime);
    const handle = {
        sessionId: runtime.sessionId,
        steer: (text, origin) => runtime.enqueueSteering(text, origin),
        prompt: (text) => runtime.prompt(text),
        clearSteering: (reason) => runtime.clearSteering((reason ?? "user_clear")),
        cancel: () => runtime.cancel(),
    };
    runtime.attachSurface(handle);
    return handle;
}

class ExtError extends Error {
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}
function runtimeFor(sessionId) {
    const runtime = runtimes.get(String(sessionId));
    if (!runtime)
        throw new ExtError(-32602, "session not found: " + String(sessionId));
    return runtime;
}
const handlers = {
    "_session/steer": (params) => {
        const entry = runtimeFor(params.sessionId).enqueueSteering(String(params.text ?? params.message ?? ""), params.origin);
        return { queued: true, messageId: entry.id };
    },
    "_session/steer/clear": ({ sessionId }) => {
        const runtime = runtimeFor(sessionId);
        const messageIds = settleTurnBoundary(runtime, "user_clear");
        runtime.bumpSteeringEpoch();
        return { cleared: true, messageIds };
    },
    "_session/memories": (params) => ({ memories: memoriesFor(runtimeFor(params.sessionId).sessionId) }),
    "_kiro/health": () => ({ ok: true, sessions: runtimes.size }),
};
/** Kiro's ACP extension methods. */
async function handleExtMethod(method, params = {}) {
    const handler = handlers[method];
    if (!handler)
        throw new ExtError(-32601, "unknown extension method " + method);
    return handler(params);
}

const unconfiguredModel = {
    invoke: () => ({ text: "This agent server has no model endpoint configured.", toolCalls: [] }),
};
/** ACP over stdio: newline-delimited JSON-RPC 2.0. */
function startStdioTransport(argv) {
    const endpoint = argv.find((a) => a.startsWith("--endpoint="))?.slice("--endpoint=".length);
    const handles = new Map();
    let kiroMeta;
    const send = (payload) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...payload }) + "\n");
    const sink = (sessionId, update) => send({ method: "session/update", params: { sessionId, update } });
    const methods = {
        initialize: (p) => {
            kiroMeta = p.clientCapabilities?._meta?.kiro;
            return { protocolVersion: 1, agentCapabilities: { _meta: { kiro: { steering: true, endpoint: endpoint ?? null } } } };
        },
        "session/new": (p) => {
            const handle = createSession(unconfiguredModel, { cwd: p.cwd, kiro: kiroMeta, titles: true, sink });
            handles.set(handle.sessionId, handle);
            return { sessionId: handle.sessionId };
        },
        "session/prompt": async (p) => {
            const handle = handles.get(p.sessionId);
            if (!handle)
                throw new ExtError(-32602, "session not found");
            const text = Array.isArray(p.prompt) ? p.prompt.map((b) => b.text ?? "").join("\n") : String(p.prompt ?? "");
            return { stopReason: (await handle.prompt(text)).stopReason };
        },
        "session/cancel": (p) => {
            handles.get(p.sessionId)?.cancel();
            return null;
        },
    };
    createInterface({ input: process.stdin }).on("line", async (line) => {
        let msg;
        try {
            msg = JSON.parse(line);
        }
        catch {
            return;
        }
        if (!msg.method)
            return;
        try {
            const fn = methods[msg.method];
            const result = fn ? await fn(msg.params ?? {}) : await handleExtMethod(msg.method, msg.params ?? {});
            if (msg.id !== undefined)
                send({ id: msg.id, result });
        }
        catch (err) {
            if (msg.id !== undefined)
                send({ id: msg.id, error: { code: err instanceof ExtError ? err.code : -32603, message: String(err?.message ?? err) } });
        }
    });
}

// Kiro agent server (model r): ACP entry.
const argv = process.argv.slice(2);
if (argv.some((a) => a === "--transport=stdio"))
    startStdioTransport(argv);

export { createSession, handleExtMethod, logLines };
