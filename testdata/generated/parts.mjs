// The parts a generated runtime model is written from (issue 29), written fresh from
// shared/kas-steering.md. `sources(choices, fix)` gives the model's TypeScript-named source
// files for one variant: `choices` holds one choice per axis of AXES, `fix` says which
// source-level reference fixes are written in ({ seed, gate, rewind }, all false for stock).
//
// Every variant keeps every fact of kas-steering.md (cursor and setter on every execution,
// drainRetryCount beside it, sub-executions built with the parent's sessionServices and
// subExecutionDepth + 1, memory extraction at depth + 1 with skipHooks: true, the drain at
// MODEL_INVOKE for every execution advancing the cursor past each message it reads and
// logging `[LiveSteeringHook] injected steering …`, the buffer's handlers filled by
// acknowledgments where a sub-agent's result comes back, the end-of-turn check bounded by
// drainRetryCount, every clear, the root continuation that alone seeds a cursor, and the
// prompt wording chosen from handlers), so its stock build replays exactly as
// testdata/corpus/expect/stock*.json say. What differs between variants is only how.
//
// The reference fix knows where it put each spawn and the drain: the seed is written after
// every construction of a sub-execution, the gate in the drain's delivering loop, the
// rewind in the buffer's clear and the execution's constructor. None of it comes from the
// tool's anchors.

export const AXES = {
  // where steeringReaderIndex and drainRetryCount are declared
  fields: ["class-fields", "constructor", "lowered", "base-class"],
  // how the drain moves the cursor past what it read
  advance: ["per-message", "after-loop", "collector", "setter"],
  // what holds the drain
  drain: ["function", "hook-method", "factory-closure", "static-method"],
  // how the drain walks the unread messages
  loop: ["for-of-slice", "index", "while-message-at", "for-each"],
  // where the prompt wording is chosen from handlers
  prompt: ["inline", "builder-function", "builder-method"],
  // how the buffer's length is read
  length: ["getter", "count-method", "nested-array", "private-field"],
  // the buffer's append signature
  append: ["text-kind", "kind-text", "object", "derived-kind"],
  // how the invoke-sub-agent tool builds its child
  spawn: ["literal", "spread", "config-helper", "shared-helper", "map-fan-out"],
  // how memory extraction builds its execution
  memory: ["direct", "shared-helper", "lazy-import"],
  // what holds the end-of-turn check
  endOfTurn: ["function", "session-method", "factory-closure", "router-inline"],
  // how the root continuation seeds its cursor
  continuation: ["and-call", "if-block", "helper"],
  // the logger
  logger: ["object", "function", "class-instance"],
};

const RECAP = "While you delegated work to subagent(s), the user sent the following message. The subagent(s) saw it and responded as noted; make sure it is handled.";
const ACTIVE = "The user sent a message while you were working. Adjust your approach as the currently active agent and say how you handled it.";
const INFO = "Informational only, no reply needed.";

// ---- small writers ---------------------------------------------------------------------

function logImport(v) {
  return v.logger === "function" ? 'import { log } from "../util/logger";' : 'import { logger } from "../util/logger";';
}

function log(v, level, message) {
  return v.logger === "function" ? `log("${level}", ${message})` : `logger.${level}(${message})`;
}

/** The buffer's current length, read from the buffer expression `b`. */
function len(v, b) {
  switch (v.length) {
    case "getter": return `${b}.length`;
    case "count-method": return `${b}.count()`;
    case "nested-array": return `${b}.store.messages.length`;
    case "private-field": return `${b}.size`;
  }
  throw new Error(`length ${v.length}`);
}

function item(v, b, i) {
  return v.length === "nested-array" ? `${b}.store.messages[${i}]` : `${b}.messageAt(${i})`;
}

function unreadFrom(v, b, i) {
  return v.length === "nested-array" ? `${b}.store.messages.slice(${i})` : `${b}.readFrom(${i})`;
}

/** The seed of the reference fix for the new execution `e`. */
function seed(v, fix, e) {
  return fix.seed ? `${e}.setSteeringReaderIndex(${len(v, `${e}.sessionServices.steeringBuffer`)});` : "";
}

// ---- src/util ---------------------------------------------------------------------------

function logger(v) {
  const line = (level) => "`${new Date(0).toISOString()} " + level + " ${message}`";
  if (v.logger === "object") {
    return `export const logLines = [];
export const logger = {
  info(message) {
    logLines.push(${line("INFO")});
  },
  warn(message) {
    logLines.push(${line("WARN")});
  },
  debug(message) {
    if (process.env.KAS_DEBUG) logLines.push(${line("DEBUG")});
  },
};
`;
  }
  if (v.logger === "function") {
    return `export const logLines = [];
const LEVELS = { debug: 10, info: 20, warn: 30 };
export function log(level, message) {
  if (LEVELS[level] < LEVELS.info && !process.env.KAS_DEBUG) return;
  logLines.push(\`\${new Date(0).toISOString()} \${level.toUpperCase()} \${message}\`);
}
`;
  }
  return `export const logLines = [];
class Logger {
  constructor(scope, sink) {
    this.scope = scope;
    this.sink = sink;
  }
  write(level, message) {
    this.sink.push(\`\${new Date(0).toISOString()} \${level} [\${this.scope}] \${message}\`);
  }
  info(message) {
    this.write("INFO", message);
  }
  warn(message) {
    this.write("WARN", message);
  }
  debug(message) {
    if (process.env.KAS_DEBUG) this.write("DEBUG", message);
  }
}
export const logger = new Logger("kas", logLines);
`;
}

function ids() {
  return `let sequence = 0;
export function shortId() {
  sequence += 1;
  return (Math.imul(sequence, 2654435761) >>> 0).toString(16).padStart(8, "0");
}
export function newExecutionId() {
  return \`\${shortId()}-\${shortId().slice(0, 4)}-\${shortId().slice(0, 4)}\`;
}
`;
}

// ---- src/steering/buffer.ts -----------------------------------------------------------

function buffer(v, fix) {
  const store = {
    "getter": { decl: "messages = [];\n  messageById = new Map();", list: "this.messages", byId: "this.messageById" },
    "count-method": { decl: "messages = [];\n  messageById = new Map();", list: "this.messages", byId: "this.messageById" },
    "nested-array": { decl: "store = { messages: [], byId: new Map() };", list: "this.store.messages", byId: "this.store.byId" },
    "private-field": { decl: "#messages = [];\n  #byId = new Map();", list: "this.#messages", byId: "this.#byId" },
  }[v.length];
  // one way of clearing for every choice, so that the length axis is only the length
  store.reset = `${store.list} = [];\n    ${store.byId}.clear();`;
  const entry = (kind) => `{
      id: \`\${${kind} === "user" ? "steer" : "notify"}-\${shortId()}\`,
      kind: ${kind},
      text,
      handlers: new Set(),
      queuedAt: Date.now(),
    }`;
  const push = `${store.list}.push(entry);
    ${store.byId}.set(entry.id, entry);
    return entry;`;
  let append;
  switch (v.append) {
    case "text-kind":
      append = `append(text, kind = "user") {
    const entry = ${entry("kind")};
    ${push}
  }`;
      break;
    case "kind-text":
      append = `append(kind, text) {
    const entry = ${entry("kind")};
    ${push}
  }`;
      break;
    case "object":
      append = `append({ text, source }) {
    const kind = source === "user" && !NOTIFICATION_PREFIX.test(text) ? "user" : source;
    const entry = ${entry("kind")};
    ${push}
  }`;
      break;
    case "derived-kind":
      append = `append(text) {
    const kind = NOTIFICATION_PREFIX.test(text) ? "notification" : "user";
    const entry = ${entry("kind")};
    ${push}
  }`;
      break;
  }
  const length = {
    "getter": `get length() {
    return this.messages.length;
  }`,
    "count-method": `count() {
    return this.messages.length;
  }`,
    "nested-array": `get pendingIds() {
    return this.store.messages.map((m) => m.id);
  }`,
    "private-field": `get size() {
    return this.#messages.length;
  }`,
  }[v.length];
  const readers = v.length === "nested-array" ? "" : `
  messageAt(index) {
    return ${store.list}[index];
  }
  readFrom(index) {
    return ${store.list}.slice(index);
  }`;
  return `import { shortId } from "../util/ids";
export const NOTIFICATION_PREFIX = /^\\s*\\[notification\\/(info|success|warning|error)\\]/;

export class SteeringBuffer {
  ${store.decl}
  epoch = 0;${fix.rewind ? "\n  clearCount = 0;" : ""}
  ${append}
  ${length}${readers}
  acknowledge(id, executionId) {
    const entry = ${store.byId}.get(id);
    if (entry !== undefined) entry.handlers.add(executionId);
  }
  isHandled(id) {
    const entry = ${store.byId}.get(id);
    return entry !== undefined && entry.handlers.size > 0;
  }
  clear(reason) {${fix.rewind ? "\n    this.clearCount += 1;" : ""}
    const messageIds = ${store.list}.map((m) => m.id);
    ${store.reset}
    this.epoch += 1;
    return { reason, messageIds, epoch: this.epoch };
  }
}
`;
}

// ---- src/agent/execution.ts -----------------------------------------------------------

function execution(v, fix) {
  const names = [["steeringReaderIndex", "0"], ["drainRetryCount", "0"], ["queuedUserMessages", "[]"], ["injectedSteeringIds", "[]"]];
  const setter = `setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }`;
  let head = "";
  let decl = "";
  let first = "";
  let base = "";
  let ownSetter = setter;
  switch (v.fields) {
    case "class-fields":
      decl = names.map(([n, x]) => `  ${n} = ${x};\n`).join("");
      break;
    case "constructor":
      first = names.map(([n, x]) => `    this.${n} = ${x};\n`).join("");
      break;
    case "lowered":
      head = `var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
`;
      first = names.map(([n, x]) => `    __publicField(this, "${n}", ${x});\n`).join("");
      break;
    case "base-class":
      head = `import { EventEmitter } from "node:events";

// the state every execution carries, kept apart from the execution's wiring
export class ExecutionCursorState extends EventEmitter {
${names.map(([n, x]) => `  ${n} = ${x};\n`).join("")}  ${setter}
}
`;
      base = " extends ExecutionCursorState";
      first = "    super();\n";
      ownSetter = "";
      break;
  }
  const rewind = fix.rewind ? `    {
      // reference rewind (kirodotdev/Kiro#11449): a cursor written before the buffer's last clear reads 0
      const steeringBuffer = this.sessionServices.steeringBuffer;
      let index = this.steeringReaderIndex;
      let clears = steeringBuffer.clearCount;
      Object.defineProperty(this, "steeringReaderIndex", {
        configurable: true,
        enumerable: true,
        get: () => (steeringBuffer.clearCount === clears ? index : 0),
        set: (value) => {
          index = value;
          clears = steeringBuffer.clearCount;
        },
      });
    }
` : "";
  return `import { newExecutionId } from "../util/ids";
${head}
export class AgentExecution${base} {
${decl}  constructor(config) {
${first}    this.executionId = config.executionId ?? newExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.abortController = new AbortController();
    if (config.signal) {
      config.signal.addEventListener("abort", () => this.abortController.abort(), { once: true });
    }
    this.subExecutionDepth = config.subExecutionDepth ?? 0; // 0 = top-level execution
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    this.state = undefined;
${rewind}  }
  ${ownSetter}
  enqueueUserMessage(text) {
    this.queuedUserMessages.push(text);
  }
  hasQueuedUserMessage() {
    return this.queuedUserMessages.length > 0 || this.steeringReaderIndex < ${len(v, "this.sessionServices.steeringBuffer")};
  }
  consumeQueuedUserMessage() {
    return this.queuedUserMessages.shift();
  }
}
`;
}

// ---- src/steering/prompts.ts -----------------------------------------------------------

function promptBody(e, m) {
  return `if (${m}.kind !== "user") {
      return \`${INFO}\\n[NOTIFY \${${m}.id}] \${${m}.text}\`;
    }
    const delegated = [...${m}.handlers].some((handler) => handler !== ${e}.executionId);
    if (delegated) {
      return \`${RECAP}\\n[STEERING \${${m}.id}] \${${m}.text}\`;
    }
    return \`${ACTIVE}\\n[STEERING \${${m}.id}] \${${m}.text}\`;`;
}

function prompts(v) {
  if (v.prompt === "builder-function") {
    return `export function buildSteeringPrompt(targetExecution, steeringMessage) {
    ${promptBody("targetExecution", "steeringMessage")}
}
`;
  }
  if (v.prompt === "builder-method" && v.drain !== "hook-method") {
    return `export class SteeringPromptBuilder {
  constructor() {
    this.rendered = 0;
  }
  render(forExecution, entry) {
    this.rendered += 1;
    ${promptBody("forExecution", "entry")}
  }
}
export const steeringPrompts = new SteeringPromptBuilder();
`;
  }
  return "export const PROMPTS_INLINE = true;\n";
}

// ---- src/steering/drain.ts ------------------------------------------------------------

/** The statements that deliver `message` into `ex`, the prompt chosen as the variant says. */
function deliver(v, ex) {
  let prompt;
  switch (v.prompt) {
    case "inline":
      prompt = `let prompt;
      if (message.kind === "user") {
        const handledElsewhere = [...message.handlers].some((h) => h !== ${ex}.executionId);
        prompt = handledElsewhere ? \`${RECAP}\\n[STEERING \${message.id}] \${message.text}\` : \`${ACTIVE}\\n[STEERING \${message.id}] \${message.text}\`;
      } else {
        prompt = \`${INFO}\\n[NOTIFY \${message.id}] \${message.text}\`;
      }`;
      break;
    case "builder-function":
      prompt = `const prompt = buildSteeringPrompt(${ex}, message);`;
      break;
    case "builder-method":
      prompt = v.drain === "hook-method" ? `const prompt = this.promptFor(${ex}, message);` : `const prompt = steeringPrompts.render(${ex}, message);`;
      break;
  }
  return `${prompt}
      ${ex}.enqueueUserMessage(prompt);
      ${ex}.injectedSteeringIds.push(message.id);
      injected += 1;
      ${log(v, "info", `\`[LiveSteeringHook] injected steering \${message.id} into \${${ex}.agentName} (\${${ex}.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\``)};`;
}

function gate(v, fix, ex, inCallback) {
  return fix.gate ? `if (message.kind === "user" && ${ex}.subExecutionDepth > 0) ${inCallback ? "return" : "continue"};\n      ` : "";
}

/** The drain's statements after the buffer local: the loop with its advance, gate and delivery. */
function drainLoop(v, fix, ex) {
  const b = "buffer";
  const d = deliver(v, ex);
  if (v.advance === "collector") {
    const g = (cb) => gate(v, fix, ex, cb);
    switch (v.loop) {
      case "for-of-slice":
        return `const unread = collectUnreadSteering(${ex});
    for (const message of unread) {
      ${g(false)}${d}
    }`;
      case "index":
        return `const unread = collectUnreadSteering(${ex});
    for (let i = 0; i < unread.length; i++) {
      const message = unread[i];
      ${g(false)}${d}
    }`;
      case "while-message-at":
        return `const unread = collectUnreadSteering(${ex});
    while (unread.length > 0) {
      const message = unread.shift();
      ${g(false)}${d}
    }`;
      case "for-each":
        return `const unread = collectUnreadSteering(${ex});
    unread.forEach((message) => {
      ${g(true)}${d}
    });`;
    }
  }
  const adv = v.advance === "setter" ? `${ex}.setSteeringReaderIndex(${ex}.steeringReaderIndex + 1);` : `${ex}.steeringReaderIndex += 1;`;
  if (v.advance === "after-loop") {
    const g = (cb) => gate(v, fix, ex, cb);
    switch (v.loop) {
      case "for-of-slice":
        return `const batch = ${unreadFrom(v, b, `${ex}.steeringReaderIndex`)};
    for (const message of batch) {
      ${g(false)}${d}
    }
    ${ex}.steeringReaderIndex += batch.length;`;
      case "index":
        return `const end = ${len(v, b)};
    for (let i = ${ex}.steeringReaderIndex; i < end; i++) {
      const message = ${item(v, b, "i")};
      ${g(false)}${d}
    }
    ${ex}.steeringReaderIndex = end;`;
      case "while-message-at":
        return `let next = ${ex}.steeringReaderIndex;
    while (next < ${len(v, b)}) {
      const message = ${item(v, b, "next++")};
      ${g(false)}${d}
    }
    ${ex}.steeringReaderIndex = next;`;
      case "for-each":
        return `const batch = ${unreadFrom(v, b, `${ex}.steeringReaderIndex`)};
    batch.forEach((message) => {
      ${g(true)}${d}
    });
    ${ex}.steeringReaderIndex += batch.length;`;
    }
  }
  const g = (cb) => gate(v, fix, ex, cb);
  switch (v.loop) {
    case "for-of-slice":
      return `for (const message of ${unreadFrom(v, b, `${ex}.steeringReaderIndex`)}) {
      ${adv}
      ${g(false)}${d}
    }`;
    case "index":
      return `for (let i = ${ex}.steeringReaderIndex; i < ${len(v, b)}; i++) {
      const message = ${item(v, b, "i")};
      ${adv}
      ${g(false)}${d}
    }`;
    case "while-message-at":
      return `while (${ex}.steeringReaderIndex < ${len(v, b)}) {
      const message = ${item(v, b, `${ex}.steeringReaderIndex`)};
      ${adv}
      ${g(false)}${d}
    }`;
    case "for-each":
      return `${unreadFrom(v, b, `${ex}.steeringReaderIndex`)}.forEach((message) => {
      ${adv}
      ${g(true)}${d}
    });`;
  }
  throw new Error(`loop ${v.loop}`);
}

function collector(v) {
  if (v.advance !== "collector") return "";
  const b = "steering";
  switch (v.loop) {
    case "index":
      return `
// reads what the execution has not seen yet and moves its cursor past it
function collectUnreadSteering(reader) {
  const steering = reader.sessionServices.steeringBuffer;
  const unread = [];
  const end = ${len(v, b)};
  for (let i = reader.steeringReaderIndex; i < end; i++) unread.push(${item(v, b, "i")});
  reader.steeringReaderIndex = end;
  return unread;
}
`;
    case "while-message-at":
      return `
// reads what the execution has not seen yet and moves its cursor past it
function collectUnreadSteering(reader) {
  const steering = reader.sessionServices.steeringBuffer;
  const unread = [];
  while (reader.steeringReaderIndex < ${len(v, b)}) {
    unread.push(${item(v, b, "reader.steeringReaderIndex")});
    reader.steeringReaderIndex += 1;
  }
  return unread;
}
`;
    default:
      return `
// reads what the execution has not seen yet and moves its cursor past it
function collectUnreadSteering(reader) {
  const unread = ${unreadFrom(v, "reader.sessionServices.steeringBuffer", "reader.steeringReaderIndex")};
  reader.steeringReaderIndex += unread.length;
  return unread;
}
`;
  }
}

function drain(v, fix) {
  const body = (ex) => `const buffer = ${ex}.sessionServices.steeringBuffer;
    if (${ex}.steeringReaderIndex >= ${len(v, "buffer")}) {
      return 0;
    }
    let injected = 0;
    ${drainLoop(v, fix, ex)}
    return injected;`;
  const imports = [logImport(v)];
  if (v.prompt === "builder-function") imports.push('import { buildSteeringPrompt } from "./prompts";');
  if (v.prompt === "builder-method" && v.drain !== "hook-method") imports.push('import { steeringPrompts } from "./prompts";');
  let holder;
  switch (v.drain) {
    case "function":
      holder = `export async function drainLiveSteering(execution) {
    ${body("execution")}
}
`;
      break;
    case "hook-method":
      holder = `export class LiveSteeringHook {
  constructor() {
    this.name = "LiveSteeringHook";
    this.runs = 0;
  }
  async beforeModelInvoke(execution) {
    this.runs += 1;
    ${body("execution")}
  }${v.prompt === "builder-method" ? `
  promptFor(target, entry) {
    ${promptBody("target", "entry")}
  }` : ""}
}
`;
      break;
    case "factory-closure":
      holder = `export function createSteeringDrain(options) {
  const label = options.label;
  return async (ctx) => {
    if (!label) return 0;
    ${body("ctx")}
  };
}
`;
      break;
    case "static-method":
      holder = `export class SteeringDrain {
  static async drain(target) {
    ${body("target")}
  }
}
`;
      break;
  }
  return `${imports.join("\n")}
${collector(v)}
${holder}`;
}

// ---- src/graph/nodes.ts ---------------------------------------------------------------

function endOfTurnLogic(v, ex, yes, no) {
  return `if (${ex}.hasQueuedUserMessage()) {
    if (${ex}.drainRetryCount < MAX_DRAIN_RETRIES) {
      ${ex}.drainRetryCount += 1;
      ${log(v, "info", '"[LiveSteeringHook] Queued user message found - continuing"')};
      return ${yes};
    }
    ${log(v, "warn", '"[LiveSteeringHook] drain retry limit reached - ending turn with steering still queued"')};
  }
  ${ex}.drainRetryCount = 0;
  return ${no};`;
}

function nodes(v) {
  const drainImport = {
    "function": 'import { drainLiveSteering } from "../steering/drain";',
    "hook-method": "",
    "factory-closure": 'import { createSteeringDrain } from "../steering/drain";',
    "static-method": 'import { SteeringDrain } from "../steering/drain";',
  }[v.drain];
  const drainCall = {
    "function": "await drainLiveSteering(execution);",
    "hook-method": "await steeringHook.beforeModelInvoke(execution);",
    "factory-closure": "await drainSteering(execution);",
    "static-method": "await SteeringDrain.drain(execution);",
  }[v.drain];
  let check = "";
  let route;
  switch (v.endOfTurn) {
    case "function":
      check = `
export function continueForQueuedSteering(execution) {
  ${endOfTurnLogic(v, "execution", "true", "false")}
}
`;
      route = "return continueForQueuedSteering(state.execution) ? NODE.MODEL_INVOKE : NODE.END;";
      break;
    case "session-method":
      route = "return graph.session.continuesForSteering(state.execution) ? NODE.MODEL_INVOKE : NODE.END;";
      break;
    case "factory-closure":
      check = `
export function createEndOfTurnCheck(limit) {
  return (turn) => {
    ${endOfTurnLogic(v, "turn", "true", "false").replace("MAX_DRAIN_RETRIES", "limit")}
  };
}
`;
      route = "return graph.endOfTurn(state.execution) ? NODE.MODEL_INVOKE : NODE.END;";
      break;
    case "router-inline":
      route = `const execution = state.execution;
  ${endOfTurnLogic(v, "execution", "NODE.MODEL_INVOKE", "NODE.END")}`;
      break;
  }
  return `${logImport(v)}
${drainImport}
export const MAX_DRAIN_RETRIES = 3;
export const NODE = { MODEL_INVOKE: "model_invoke", TOOLS: "tools", END: "__end__" };
${v.drain === "factory-closure" ? 'const drainSteering = createSteeringDrain({ label: "LiveSteeringHook" });\n' : ""}
export function createModelInvokeNode(model${v.drain === "hook-method" ? ", steeringHook" : ""}) {
  return async function modelInvoke(state) {
    const execution = state.execution;
    ${drainCall}
    let context = state.context;
    for (let queued = execution.consumeQueuedUserMessage(); queued !== undefined; queued = execution.consumeQueuedUserMessage()) {
      ${log(v, "info", '"Appending queued steering message to context"')};
      context = [...context, { role: "user", text: queued }];
    }
    execution.state = state;
    let response;
    try {
      response = await model.invoke(execution, context);
    } catch (error) {
      execution.sessionServices.steeringBuffer.clear("model_settle_failure");
      throw error;
    }
    return { ...state, context, response, iteration: state.iteration + 1 };
  };
}
${check}
// the graph's router after MODEL_INVOKE: tools, another model call, or the end of the turn
export function routeAfterModelInvoke(state, graph) {
  if ((state.response.toolCalls ?? []).length > 0) {
    return NODE.TOOLS;
  }
  ${route}
}
`;
}

// ---- src/agent/spawn.ts ---------------------------------------------------------------

function spawnHelpers(v, fix) {
  let out = 'import { AgentExecution } from "./execution";\n';
  if (v.spawn === "config-helper") {
    out += `
// the options every sub-execution inherits from its parent
export function subExecutionConfig(parent, agentName) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  };
}
`;
  }
  if (v.spawn === "shared-helper" || v.memory === "shared-helper") {
    const make = `new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    ...options,
  })`;
    out += fix.seed ? `
export function spawnChildExecution(parent, options) {
  const child = ${make};
  ${seed(v, fix, "child")}
  return child;
}
` : `
export function spawnChildExecution(parent, options) {
  return ${make};
}
`;
  }
  return out;
}

// ---- src/tools/invoke-subagent.ts -----------------------------------------------------

function invokeSubagent(v, fix) {
  const ack = (child) => `for (const id of ${child}.injectedSteeringIds) {
      parent.sessionServices.steeringBuffer.acknowledge(id, ${child}.executionId);
    }`;
  const guard = `const currentDepth = parent.subExecutionDepth;
  if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
    ${log(v, "warn", "`[SubAgentGraph] Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded`")};
    return { response: "" };
  }`;
  const imports = [logImport(v), 'import { AgentExecution } from "../agent/execution";'];
  if (v.spawn === "config-helper") imports.push('import { subExecutionConfig } from "../agent/spawn";');
  if (v.spawn === "shared-helper") imports.push('import { spawnChildExecution } from "../agent/spawn";');
  if (v.spawn === "map-fan-out") {
    const make = `new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: input.subagentId,
    })`;
    const build = fix.seed ? `inputs.map((input) => {
    const child = ${make};
    ${seed(v, fix, "child")}
    return child;
  })` : `inputs.map((input) => ${make})`;
    return `${imports.join("\n")}
export const MAX_SUB_EXECUTION_DEPTH = 5;

// the fan-out tool: every sub-agent of one model response is built at once, then run in turn
export async function invokeSubAgents(state, inputs, session) {
  const parent = state.execution;
  ${guard}
  const children = ${build};
  const responses = [];
  for (let i = 0; i < children.length; i++) {
    responses.push(await session.runExecution(children[i], inputs[i].prompt));
    ${ack("children[i]")}
  }
  return { response: responses.join("\\n") };
}
`;
  }
  let make;
  switch (v.spawn) {
    case "literal":
      make = `const subAgentExecution = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });`;
      break;
    case "spread":
      make = `const inherited = {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
  };
  const subAgentExecution = new AgentExecution({ ...inherited, subExecutionDepth: currentDepth + 1, agentName: subagentId });`;
      break;
    case "config-helper":
      make = "const subAgentExecution = new AgentExecution(subExecutionConfig(parent, subagentId));";
      break;
    case "shared-helper":
      make = "const subAgentExecution = spawnChildExecution(parent, { agentName: subagentId });";
      break;
  }
  const seedHere = v.spawn === "shared-helper" ? "" : seed(v, fix, "subAgentExecution");
  return `${imports.join("\n")}
export const MAX_SUB_EXECUTION_DEPTH = 5;

export async function invokeSubAgent(state, input, session) {
  const { subagentId, prompt } = input;
  const parent = state.execution;
  ${guard}
  ${make}
  ${seedHere}
  const response = await session.runExecution(subAgentExecution, prompt);
  ${ack("subAgentExecution")}
  return { response };
}
`;
}

// ---- src/memory/extraction.ts ---------------------------------------------------------

function memory(v, fix) {
  const prompt = '"Extract durable memories from this turn."';
  if (v.memory === "shared-helper") {
    return `import { spawnChildExecution } from "../agent/spawn";
export async function runMemoryExtraction(parent, session) {
  const memoryExecution = spawnChildExecution(parent, { agentName: "memory-extraction", skipHooks: true });
  return session.runExecution(memoryExecution, ${prompt});
}
`;
  }
  return `import { AgentExecution } from "../agent/execution";
${v.memory === "lazy-import" ? "// loaded on first use (the session imports it dynamically)\n" : ""}export async function runMemoryExtraction(parent, session) {
  const memoryExecution = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
  ${seed(v, fix, "memoryExecution")}
  return session.runExecution(memoryExecution, ${prompt});
}
`;
}

// ---- src/session/session.ts -----------------------------------------------------------

function session(v) {
  const imports = [
    logImport(v),
    'import { shortId } from "../util/ids";',
    'import { AgentExecution } from "../agent/execution";',
    'import { SteeringBuffer, NOTIFICATION_PREFIX } from "../steering/buffer";',
    `import { createModelInvokeNode, routeAfterModelInvoke, NODE, MAX_DRAIN_RETRIES${v.endOfTurn === "factory-closure" ? ", createEndOfTurnCheck" : ""} } from "../graph/nodes";`,
    v.spawn === "map-fan-out" ? 'import { invokeSubAgents } from "../tools/invoke-subagent";' : 'import { invokeSubAgent } from "../tools/invoke-subagent";',
  ];
  if (v.memory !== "lazy-import") imports.push('import { runMemoryExtraction } from "../memory/extraction";');
  if (v.drain === "hook-method") imports.push('import { LiveSteeringHook } from "../steering/drain";');
  const append = {
    "text-kind": 'buffer.append(text, origin === "user" && !NOTIFICATION_PREFIX.test(text) ? "user" : "notification")',
    "kind-text": 'buffer.append(origin === "user" && !NOTIFICATION_PREFIX.test(text) ? "user" : "notification", text)',
    "object": "buffer.append({ text, source: origin })",
    "derived-kind": "buffer.append(text)",
  }[v.append];
  const continuation = {
    "and-call": "pending && next.setSteeringReaderIndex(cursor), this.eventAdapter.setOwnedExecutionId(next.executionId);",
    "if-block": `if (pending) {
          next.setSteeringReaderIndex(cursor);
        }
        this.eventAdapter.setOwnedExecutionId(next.executionId);`,
    "helper": `resumeSteeringCursor(next, cursor);
        this.eventAdapter.setOwnedExecutionId(next.executionId);`,
  }[v.continuation];
  const helper = v.continuation === "helper" ? `
function resumeSteeringCursor(execution, index) {
  execution.setSteeringReaderIndex(index);
}
` : "";
  const tools = v.spawn === "map-fan-out" ? `const calls = state.response.toolCalls ?? [];
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i];
      if (call.name === "invoke_sub_agent") {
        const inputs = [call.input];
        while (i + 1 < calls.length && calls[i + 1].name === "invoke_sub_agent") inputs.push(calls[++i].input);
        await invokeSubAgents(state, inputs, this);
      } else if (call.name === "user_steer") {
        this.steer(call.text);
      } else if (call.name === "notify") {
        this.steer(call.text, "workflow");
      }
    }` : `for (const call of state.response.toolCalls ?? []) {
      if (call.name === "invoke_sub_agent") {
        await invokeSubAgent(state, call.input, this);
      } else if (call.name === "user_steer") {
        this.steer(call.text);
      } else if (call.name === "notify") {
        this.steer(call.text, "workflow");
      }
    }`;
  const memoryCall = v.memory === "lazy-import"
    ? `const { runMemoryExtraction } = await import("../memory/extraction");
      await runMemoryExtraction(active, this);`
    : "await runMemoryExtraction(active, this);";
  const method = v.endOfTurn === "session-method" ? `
  continuesForSteering(execution) {
    ${endOfTurnLogic(v, "execution", "true", "false").replace(/\n/g, "\n  ")}
  }` : "";
  return `${imports.join("\n")}
const MAX_STEPS = 40;
${helper}
export class Session {
  constructor(model) {
    this.model = model;
    this.sessionId = \`session-\${shortId()}\`;
    this.sessionServices = { steeringBuffer: new SteeringBuffer(), session: this };
    this.promptContext = { promptTemplateContext: {}, workspace: "/workspace" };
    this.abortController = new AbortController();
    this.eventAdapter = {
      ownedExecutionId: undefined,
      updates: [],
      setOwnedExecutionId(id) {
        this.ownedExecutionId = id;
      },
      emit(kind, data) {
        this.updates.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } });
      },
    };
    this.graph = {
      session: this,
      modelInvoke: createModelInvokeNode(model${v.drain === "hook-method" ? ", new LiveSteeringHook()" : ""}),${v.endOfTurn === "factory-closure" ? "\n      endOfTurn: createEndOfTurnCheck(MAX_DRAIN_RETRIES)," : ""}
    };
  }
  steer(text, origin = "user") {
    const buffer = this.sessionServices.steeringBuffer;
    const entry = ${append};
    this.eventAdapter.emit("steering_queued", { id: entry.id });
    return entry;
  }
  clearSteering(reason) {
    const cleared = this.sessionServices.steeringBuffer.clear(reason);
    this.eventAdapter.emit("steering_cleared", cleared);
    return cleared;
  }
  cancel() {
    this.abortController.abort();
    this.clearSteering("cancel");
  }${method}
  async runExecution(execution, prompt) {
    let state = { execution, context: [{ role: "user", text: prompt }], iteration: 0 };
    for (let step = 0; step < MAX_STEPS; step++) {
      state = await this.graph.modelInvoke(state);
      const next = routeAfterModelInvoke(state, this.graph);
      if (next === NODE.TOOLS) {
        await this.runTools(state);
        continue;
      }
      if (next === NODE.END) {
        return state.response.text ?? "";
      }
    }
    ${log(v, "warn", "`[Session] step limit reached in ${execution.agentName}`")};
    return "";
  }
  async runTools(state) {
    ${tools}
  }
  async prompt(text) {
    try {
      const rootConfig = {
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.abortController.signal,
        agentName: "chat-agent",
      };
      let active = new AgentExecution(rootConfig);
      this.eventAdapter.setOwnedExecutionId(active.executionId);
      let result = await this.runExecution(active, text);
      const pending = active.steeringReaderIndex < ${len(v, "this.sessionServices.steeringBuffer")};
      if (pending) {
        const cursor = active.steeringReaderIndex;
        const next = new AgentExecution(rootConfig);
        ${continuation}
        active = next;
        result = await this.runExecution(next, "Continue: the user sent more guidance while you were finishing.");
      }
      ${memoryCall}
      this.clearSteering("turn_end");
      return result;
    } catch (error) {
      this.clearSteering("prompt_error");
      throw error;
    }
  }
}
`;
}

function server(v) {
  return `import { logLines } from "../util/logger";
import { Session } from "../session/session";

export function createSession(model) {
  return new Session(model);
}

// ACP extension methods of a session
export function handleExtMethod(session, method, params = {}) {
  switch (method) {
    case "_session/steer":
      return { id: session.steer(params.text, params.origin ?? "user").id };
    case "_session/steer/clear":
      return session.clearSteering("user_clear");
    default:
      throw new Error(\`unknown method \${method}\`);
  }
}

export { logLines };
`;
}

/** The model's source files for one variant and fix: { "src/….ts": text }. */
export function sources(v, fix) {
  for (const [axis, choices] of Object.entries(AXES)) {
    if (!choices.includes(v[axis])) throw new Error(`variant has no valid ${axis}: ${v[axis]}`);
  }
  return {
    "src/util/logger.ts": logger(v),
    "src/util/ids.ts": ids(),
    "src/steering/buffer.ts": buffer(v, fix),
    "src/steering/prompts.ts": prompts(v),
    "src/steering/drain.ts": drain(v, fix),
    "src/agent/execution.ts": execution(v, fix),
    "src/agent/spawn.ts": spawnHelpers(v, fix),
    "src/graph/nodes.ts": nodes(v),
    "src/tools/invoke-subagent.ts": invokeSubagent(v, fix),
    "src/memory/extraction.ts": memory(v, fix),
    "src/session/session.ts": session(v),
    "src/server/acp-server.ts": server(v),
  };
}
