// src/server.ts
import { homedir as homedir2 } from "node:os";
import { join as join3 } from "node:path";

// src/core/log.ts
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
var rank = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };
var logLines = [];
var minimum = "debug";
var file;
var retained = 2e4;
function configureLogging(options) {
  if (options.level) minimum = options.level;
  if (options.retain) retained = options.retain;
  if (options.file) {
    try {
      mkdirSync(dirname(options.file), { recursive: true });
      file = createWriteStream(options.file, { flags: "a" });
    } catch {
      file = void 0;
    }
  }
}
function write(level, scope, msg, data) {
  if (rank[level] < rank[minimum]) return;
  let line = `${(/* @__PURE__ */ new Date()).toISOString()} [${level.toUpperCase()}] [${scope}] ${msg}`;
  if (data !== void 0) {
    let json;
    try {
      json = JSON.stringify(data);
    } catch {
      json = "{}";
    }
    line += ` ${json}`;
  }
  logLines.push(line);
  logLines.length > retained && logLines.splice(0, logLines.length - retained);
  file?.write(line + "\n");
}
function createLogger(scope) {
  return {
    scope,
    trace: (m, d) => write("trace", scope, m, d),
    debug: (m, d) => write("debug", scope, m, d),
    info: (m, d) => write("info", scope, m, d),
    warn: (m, d) => write("warn", scope, m, d),
    error: (m, d) => write("error", scope, m, d),
    child: (s) => createLogger(`${scope}/${s}`)
  };
}

// src/core/config.ts
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

// src/core/schema.ts
var SchemaError = class extends Error {
  constructor(issues) {
    super(issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    this.issues = issues;
    this.name = "SchemaError";
  }
};
var Schema = class {
  parse(value) {
    let issues = [];
    let out = this.check(value, [], issues);
    if (issues.length) throw new SchemaError(issues);
    return out;
  }
  safeParse(value) {
    let issues = [];
    let out = this.check(value, [], issues);
    return issues.length ? { success: false, error: new SchemaError(issues) } : { success: true, data: out };
  }
  optional() {
    return new OptionalSchema(this);
  }
  default(fallback) {
    return new DefaultSchema(this, fallback);
  }
  refine(pred, message) {
    return new RefineSchema(this, pred, message);
  }
  /** @internal */
  run(value, path, issues) {
    return this.check(value, path, issues);
  }
};
var OptionalSchema = class extends Schema {
  constructor(inner) {
    super();
    this.inner = inner;
  }
  check(value, path, issues) {
    return value === void 0 ? void 0 : this.inner.run(value, path, issues);
  }
};
var DefaultSchema = class extends Schema {
  constructor(inner, fallback) {
    super();
    this.inner = inner;
    this.fallback = fallback;
  }
  check(value, path, issues) {
    if (value === void 0) return typeof this.fallback === "object" && this.fallback !== null ? structuredClone(this.fallback) : this.fallback;
    return this.inner.run(value, path, issues);
  }
};
var RefineSchema = class extends Schema {
  constructor(inner, pred, message) {
    super();
    this.inner = inner;
    this.pred = pred;
    this.message = message;
  }
  check(value, path, issues) {
    let before = issues.length;
    let out = this.inner.run(value, path, issues);
    if (issues.length === before && !this.pred(out)) issues.push({ path, message: this.message });
    return out;
  }
};
var StringSchema = class extends Schema {
  constructor() {
    super(...arguments);
    this.minLength = 0;
  }
  min(n) {
    this.minLength = n;
    return this;
  }
  regex(re) {
    this.pattern = re;
    return this;
  }
  check(value, path, issues) {
    if (typeof value !== "string") {
      issues.push({ path, message: `expected string, got ${typeOf(value)}` });
      return "";
    }
    value.length < this.minLength && issues.push({ path, message: `must have at least ${this.minLength} characters` });
    this.pattern && !this.pattern.test(value) && issues.push({ path, message: `must match ${this.pattern}` });
    return value;
  }
};
var NumberSchema = class extends Schema {
  constructor() {
    super(...arguments);
    this.lo = -Infinity;
    this.hi = Infinity;
    this.integer = false;
  }
  int() {
    this.integer = true;
    return this;
  }
  min(n) {
    this.lo = n;
    return this;
  }
  max(n) {
    this.hi = n;
    return this;
  }
  check(value, path, issues) {
    if (typeof value !== "number" || Number.isNaN(value)) {
      issues.push({ path, message: `expected number, got ${typeOf(value)}` });
      return 0;
    }
    this.integer && !Number.isInteger(value) && issues.push({ path, message: "expected an integer" });
    (value < this.lo || value > this.hi) && issues.push({ path, message: `must be within [${this.lo}, ${this.hi}]` });
    return value;
  }
};
var BooleanSchema = class extends Schema {
  check(value, path, issues) {
    if (typeof value !== "boolean") {
      issues.push({ path, message: `expected boolean, got ${typeOf(value)}` });
      return false;
    }
    return value;
  }
};
var EnumSchema = class extends Schema {
  constructor(values) {
    super();
    this.values = values;
  }
  check(value, path, issues) {
    if (typeof value !== "string" || !this.values.includes(value)) {
      issues.push({ path, message: `expected one of ${this.values.join(", ")}` });
      return this.values[0];
    }
    return value;
  }
};
var ArraySchema = class extends Schema {
  constructor(item) {
    super();
    this.item = item;
  }
  check(value, path, issues) {
    if (!Array.isArray(value)) {
      issues.push({ path, message: `expected array, got ${typeOf(value)}` });
      return [];
    }
    return value.map((v, i) => this.item.run(v, [...path, i], issues));
  }
};
var RecordSchema = class extends Schema {
  constructor(item) {
    super();
    this.item = item;
  }
  check(value, path, issues) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ path, message: `expected object, got ${typeOf(value)}` });
      return {};
    }
    let out = {};
    for (let [k, v] of Object.entries(value)) out[k] = this.item.run(v, [...path, k], issues);
    return out;
  }
};
var ObjectSchema = class _ObjectSchema extends Schema {
  constructor(shape) {
    super();
    this.shape = shape;
    this.strictKeys = false;
  }
  strict() {
    this.strictKeys = true;
    return this;
  }
  extend(more) {
    return new _ObjectSchema({ ...this.shape, ...more });
  }
  check(value, path, issues) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ path, message: `expected object, got ${typeOf(value)}` });
      value = {};
    }
    let input = value;
    let out = {};
    for (let key of Object.keys(this.shape)) {
      let v = this.shape[key].run(input[key], [...path, key], issues);
      v !== void 0 && (out[key] = v);
    }
    if (this.strictKeys) {
      for (let key of Object.keys(input)) key in this.shape || issues.push({ path: [...path, key], message: "unknown key" });
    }
    return out;
  }
};
var UnknownSchema = class extends Schema {
  check(value) {
    return value;
  }
};
function typeOf(v) {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}
var z = {
  string: () => new StringSchema(),
  number: () => new NumberSchema(),
  boolean: () => new BooleanSchema(),
  enum: (values) => new EnumSchema(values),
  array: (item) => new ArraySchema(item),
  record: (item) => new RecordSchema(item),
  object: (shape) => new ObjectSchema(shape),
  unknown: () => new UnknownSchema()
};

// src/core/config.ts
var log = createLogger("config");
var hookSchema = z.object({
  command: z.string().min(1),
  matcher: z.string().optional(),
  timeoutMs: z.number().int().min(100).max(6e5).default(3e4)
});
var mcpServerSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string()).default({}),
  disabled: z.boolean().default(false),
  timeoutMs: z.number().int().min(1e3).default(12e4)
});
var settingsSchema = z.object({
  model: z.object({
    id: z.string().default("claude-sonnet-4"),
    maxOutputTokens: z.number().int().min(256).max(2e5).default(32e3),
    temperature: z.number().min(0).max(1).optional()
  }).default({ id: "claude-sonnet-4", maxOutputTokens: 32e3, temperature: void 0 }),
  steering: z.object({
    enabled: z.boolean().default(true),
    maxDrainRetries: z.number().int().min(1).max(50).default(6)
  }).default({ enabled: true, maxDrainRetries: 6 }),
  subagents: z.object({
    maxDepth: z.number().int().min(1).max(8).default(4),
    compactAfterEntries: z.number().int().min(50).default(400)
  }).default({ maxDepth: 4, compactAfterEntries: 400 }),
  memory: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  telemetry: z.object({ enabled: z.boolean().default(false), endpoint: z.string().optional() }).default({ enabled: false, endpoint: void 0 }),
  hooks: z.object({
    agentSpawn: z.array(hookSchema).default([]),
    userPromptSubmit: z.array(hookSchema).default([]),
    preToolUse: z.array(hookSchema).default([]),
    postToolUse: z.array(hookSchema).default([]),
    stop: z.array(hookSchema).default([])
  }).default({ agentSpawn: [], userPromptSubmit: [], preToolUse: [], postToolUse: [], stop: [] }),
  mcpServers: z.record(mcpServerSchema).default({}),
  logLevel: z.enum(["trace", "debug", "info", "warn", "error"]).default("info")
});
function defaultSettings() {
  return settingsSchema.parse({});
}
function deepMerge(base, over) {
  if (typeof base !== "object" || base === null || Array.isArray(base)) return over ?? base;
  let out = { ...base };
  for (let [k, v] of Object.entries(over ?? {})) out[k] = k in base ? deepMerge(base[k], v) : v;
  return out;
}
function readJson(path) {
  if (!existsSync(path)) return void 0;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    log.warn(`ignoring unreadable settings file ${path}`, { error: String(err) });
    return void 0;
  }
}
function loadSettings(options) {
  let layers = [];
  if (options.readFiles) {
    layers.push(readJson(join(homedir(), ".kiro", "settings", "agent.json")));
    layers.push(readJson(join(options.cwd, ".kiro", "settings", "agent.json")));
  }
  if (options.env.KIRO_AGENT_SETTINGS) {
    try {
      layers.push(JSON.parse(options.env.KIRO_AGENT_SETTINGS));
    } catch {
      log.warn("KIRO_AGENT_SETTINGS is not JSON");
    }
  }
  let merged = layers.filter((l) => l !== void 0).reduce((acc, l) => deepMerge(acc, l), {});
  let parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  log.warn("settings rejected, using defaults", { issues: parsed.error.issues });
  return defaultSettings();
}

// src/mcp/transport.ts
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
var AsyncQueue = class {
  #items = [];
  #waiters = [];
  #closed = false;
  push(item) {
    if (this.#closed) return;
    let w = this.#waiters.shift();
    w ? w({ value: item, done: false }) : this.#items.push(item);
  }
  close() {
    this.#closed = true;
    for (let w of this.#waiters.splice(0)) w({ value: void 0, done: true });
  }
  async *drain() {
    for (; ; ) {
      if (this.#items.length) {
        yield this.#items.shift();
        continue;
      }
      if (this.#closed) return;
      let next = await new Promise((resolve2) => this.#waiters.push(resolve2));
      if (next.done) return;
      yield next.value;
    }
  }
  get length() {
    return this.#items.length;
  }
};
var InMemoryTransport = class _InMemoryTransport {
  #inbox = new AsyncQueue();
  #peer;
  static pair() {
    let a = new _InMemoryTransport();
    let b = new _InMemoryTransport();
    a.#peer = b;
    b.#peer = a;
    return [a, b];
  }
  send(message) {
    let peer = this.#peer;
    queueMicrotask(() => {
      if (peer) peer.#inbox.push(structuredClone(message));
    });
  }
  messages() {
    return this.#inbox.drain();
  }
  close() {
    this.#inbox.close();
    if (this.#peer) this.#peer.#inbox.close();
  }
};
var StdioTransport = class {
  #child;
  constructor(command, args, env) {
    this.#child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  }
  send(message) {
    this.#child.stdin.write(JSON.stringify(message) + "\n");
  }
  async *messages() {
    let lines = createInterface({ input: this.#child.stdout });
    for await (let line of lines) {
      if (!line.trim()) continue;
      try {
        yield JSON.parse(line);
      } catch {
      }
    }
  }
  close() {
    this.#child.kill();
  }
};

// src/mcp/client.ts
var log2 = createLogger("mcp");
var toolListSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string().default(""),
      inputSchema: z.unknown()
    })
  )
});
var callResultSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })).default([]),
  isError: z.boolean().default(false)
});
var McpClient = class {
  constructor(name, transport, timeoutMs = 12e4) {
    this.name = name;
    this.transport = transport;
    this.timeoutMs = timeoutMs;
  }
  #nextId = 1;
  #pending = /* @__PURE__ */ new Map();
  #pump;
  #serverInfo = {};
  async connect() {
    this.#pump = this.#readLoop();
    let init = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      clientInfo: { name: "kiro-agent", version: "0.54.8" }
    });
    this.#serverInfo = init?.serverInfo ?? {};
    this.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }
  async #readLoop() {
    for await (let msg of this.transport.messages()) this.#dispatch(msg);
    for (let p of this.#pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error(`${this.name}: transport closed`));
    }
    this.#pending.clear();
  }
  #dispatch(msg) {
    if (typeof msg.id !== "number" || msg.method !== void 0) {
      msg.method === "notifications/message" && log2.debug(`${this.name}: ${JSON.stringify(msg.params)}`);
      return;
    }
    let waiter = this.#pending.get(msg.id);
    if (!waiter) return;
    this.#pending.delete(msg.id);
    clearTimeout(waiter.timer);
    let err = msg.error;
    err ? waiter.reject(new Error(`${this.name}: ${err.message ?? "error"}`)) : waiter.resolve(msg.result);
  }
  request(method, params) {
    let id = this.#nextId++;
    return new Promise((resolve2, reject) => {
      let timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${this.name}: ${method} timed out`));
      }, this.timeoutMs);
      timer.unref();
      this.#pending.set(id, { resolve: resolve2, reject, timer });
      this.transport.send({ jsonrpc: "2.0", id, method, params });
    });
  }
  async listTools() {
    let { tools } = toolListSchema.parse(await this.request("tools/list", {}));
    return tools.map((t) => ({ server: this.name, name: t.name, description: t.description, inputSchema: t.inputSchema }));
  }
  async callTool(name, args) {
    let result = callResultSchema.parse(await this.request("tools/call", { name, arguments: args }));
    return { ok: !result.isError, text: result.content.map((c) => c.text ?? `[${c.type}]`).join("\n") };
  }
  close() {
    this.transport.close();
  }
  get serverInfo() {
    return this.#serverInfo;
  }
  get closed() {
    return this.#pump;
  }
};
async function* loopbackServer(transport) {
  for await (let msg of transport.messages()) {
    let reply = (result) => transport.send({ jsonrpc: "2.0", id: msg.id, result });
    switch (msg.method) {
      case "initialize":
        reply({ protocolVersion: "2025-06-18", serverInfo: { name: "loopback", version: "1" }, capabilities: { tools: {} } });
        break;
      case "tools/list":
        reply({ tools: [{ name: "echo", description: "Echo the input text", inputSchema: { type: "object" } }] });
        break;
      case "tools/call":
        reply({ content: [{ type: "text", text: String(msg.params?.arguments?.text ?? "") }] });
        break;
      default:
        msg.id !== void 0 && transport.send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "method not found" } });
    }
    yield String(msg.method);
  }
}
var McpHub = class {
  #clients = /* @__PURE__ */ new Map();
  #tools = [];
  async start(servers) {
    for (let [name, spec] of Object.entries(servers)) {
      if (spec.disabled) continue;
      let client = new McpClient(name, new StdioTransport(spec.command, spec.args, spec.env), spec.timeoutMs);
      try {
        await client.connect();
        this.#tools.push(...await client.listTools());
        this.#clients.set(name, client);
      } catch (err) {
        log2.warn(`MCP server ${name} failed to start`, { error: String(err) });
        client.close();
      }
    }
  }
  async selfTest() {
    let [clientSide, serverSide] = InMemoryTransport.pair();
    let server = loopbackServer(serverSide);
    let serving = (async () => {
      for await (let _method of server) {
      }
    })();
    let client = new McpClient("loopback", clientSide, 5e3);
    await client.connect();
    let tools = await client.listTools();
    let echoed = await client.callTool(tools[0].name, { text: "ping" });
    client.close();
    await serving;
    return echoed.text;
  }
  tools() {
    return this.#tools;
  }
  call(server, tool, args) {
    let client = this.#clients.get(server);
    if (!client) return Promise.resolve({ ok: false, text: `MCP server ${server} is not running` });
    return client.callTool(tool, args);
  }
  stop() {
    for (let c of this.#clients.values()) c.close();
    this.#clients.clear();
  }
};

// src/acp/ext.ts
var liveSessions = /* @__PURE__ */ new Map();
var ExtMethodError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
};
function lookup(sessionId2) {
  let session = typeof sessionId2 === "string" ? liveSessions.get(sessionId2) : void 0;
  if (!session) throw new ExtMethodError(-32602, `no session ${String(sessionId2)}`);
  return session;
}
var handlers = {
  "_session/steer": (params) => {
    let entry = lookup(params?.sessionId).steer(String(params?.text ?? ""), params?.origin ?? "user");
    return { queued: true, messageId: entry.id };
  },
  "_session/steer/clear": (params) => {
    let session = lookup(params?.sessionId);
    let messageIds = session.clearSteering("user_clear");
    session.steeringEpoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/tree": (params) => ({ epoch: lookup(params?.sessionId).steeringEpoch, executions: lookup(params?.sessionId).tree() }),
  "_session/memories": (params) => ({ memories: lookup(params?.sessionId).memories() }),
  "_kiro/logs": (params) => ({ lines: logLines.slice(-Math.min(5e3, Number(params?.limit ?? 200))) }),
  "_kiro/mcp/selftest": async (params) => ({ echoed: await lookup(params?.sessionId).services.mcp.selfTest() })
};
async function handleExtMethod(method, params) {
  let handler = handlers[method];
  if (!handler) throw new ExtMethodError(-32601, `method not found: ${method}`);
  return handler(params);
}

// src/acp/stdio.ts
import { createInterface as createInterface2 } from "node:readline";
var log3 = createLogger("acp");
var StdioPeer = class {
  #out;
  #nextId;
  #waiting;
  constructor(out) {
    this.#out = out;
    this.#nextId = 1;
    this.#waiting = /* @__PURE__ */ new Map();
  }
  send(msg) {
    this.#out.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}
`);
  }
  notify(method, params) {
    this.send({ method, params });
  }
  call(method, params) {
    let id = this.#nextId++;
    return new Promise((resolve2, reject) => {
      this.#waiting.set(id, (msg) => msg.error ? reject(new Error(msg.error.message)) : resolve2(msg.result));
      this.send({ id, method, params });
    });
  }
  async *incoming(input) {
    for await (let line of createInterface2({ input, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        this.send({ id: null, error: { code: -32700, message: "parse error" } });
        continue;
      }
      if (msg.method === void 0 && typeof msg.id === "number") {
        let w = this.#waiting.get(msg.id);
        w && (this.#waiting.delete(msg.id), w(msg));
        continue;
      }
      yield msg;
    }
  }
  async serve(input, handler) {
    for await (let msg of this.incoming(input)) {
      void handler(msg.method, msg.params, this).then(
        (result) => msg.id !== void 0 && this.send({ id: msg.id, result: result ?? null }),
        (err) => {
          log3.warn(`${msg.method} failed: ${String(err?.message ?? err)}`);
          msg.id !== void 0 && this.send({ id: msg.id, error: { code: err?.code ?? -32603, message: String(err?.message ?? err) } });
        }
      );
    }
  }
};

// src/core/ids.ts
import { randomUUID, randomInt } from "node:crypto";
var sequence = randomInt(0, 65535);
function hex(n, width) {
  return (n >>> 0).toString(16).padStart(width, "0").slice(-width);
}
function steeringId(isUser) {
  sequence = sequence + 1 & 65535;
  let stamp = hex(Math.floor(Date.now() / 1e3), 8);
  return `${isUser ? "steer" : "notify"}-${stamp}${hex(sequence, 4)}${hex(randomInt(0, 65535), 4)}`;
}
var executionId = () => randomUUID();
var sessionId = () => randomUUID();
function short(id) {
  return id.substring(0, 8);
}

// src/core/telemetry.ts
import { randomBytes } from "node:crypto";
var Telemetry = class {
  #spans;
  #endpoint;
  #timer;
  constructor(endpoint) {
    this.#spans = [];
    this.#endpoint = endpoint;
    if (endpoint) {
      this.#timer = setInterval(() => void this.flush(), 1e4);
      this.#timer.unref();
    }
  }
  async span(name, attrs, fn) {
    let start = performance.now();
    let event = { id: randomBytes(8).toString("hex"), name, attrs, start, durationMs: 0 };
    try {
      return await fn();
    } catch (err) {
      event.error = String(err?.message ?? err);
      throw err;
    } finally {
      event.durationMs = performance.now() - start;
      this.#spans.push(event);
      this.#spans.length > 4096 && this.#spans.splice(0, 1024);
    }
  }
  async flush() {
    if (!this.#endpoint || this.#spans.length === 0) return;
    let batch = this.#spans.splice(0, this.#spans.length);
    await fetch(this.#endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batch) }).catch(
      () => void 0
    );
  }
  recent(n = 50) {
    return this.#spans.slice(-n);
  }
};

// src/runtime/execution.ts
var AgentExecution = class {
  constructor(options) {
    this.executionId = executionId();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    this.abortController = new AbortController();
    this.transcript = [];
    this.pendingSteering = [];
    this.deliveredSteering = [];
    this.state = void 0;
    this.needsContinuation = false;
    this.modelCalls = 0;
    this.drainRetryCount = 0;
    this.steeringReaderIndex = 0;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    let parentSignal = options.signal;
    if (parentSignal) {
      parentSignal.aborted ? this.abortController.abort(parentSignal.reason) : parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  enqueueSteering(item) {
    this.pendingSteering.push(item);
  }
  flushSteering() {
    let items = this.pendingSteering.splice(0, this.pendingSteering.length);
    for (let item of items) this.deliveredSteering.push(item.messageId);
    return items;
  }
  hasQueuedUserMessage() {
    return this.pendingSteering.length > 0 || this.steeringReaderIndex < this.sessionServices.liveSteering.size();
  }
  get aborted() {
    return this.abortController.signal.aborted;
  }
  label() {
    return `${this.agentName}#${this.executionId.substring(0, 8)}@${this.subExecutionDepth}`;
  }
};

// src/runtime/steering/buffer.ts
function kindFor(origin) {
  if (origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}
var LiveSteeringBuffer = class {
  #entries;
  constructor() {
    this.#entries = [];
    this.messageById = /* @__PURE__ */ new Map();
    this.appended = 0;
  }
  push(text, origin) {
    let kind = kindFor(origin);
    let entry = { id: steeringId(kind === "user"), kind, text, receivedAt: Date.now(), handlers: /* @__PURE__ */ new Set() };
    this.#entries.push(entry);
    this.messageById.set(entry.id, entry);
    this.appended++;
    return entry;
  }
  size() {
    return this.#entries.length;
  }
  at(index) {
    return this.#entries[index];
  }
  snapshot() {
    return [...this.#entries];
  }
  recordHandler(messageId, executionId2) {
    let entry = this.messageById.get(messageId);
    entry && entry.handlers.add(executionId2);
  }
  isHandled(messageId) {
    let entry = this.messageById.get(messageId);
    if (entry === void 0) return false;
    return entry.handlers.size > 0;
  }
  /** Drops every entry; returns their ids. Readers' cursors are left as they are. */
  reset() {
    let ids = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.messageById.clear();
    return ids;
  }
};

// src/runtime/steering/unread.ts
function* takeUnread(execution, buffer) {
  for (let index = execution.steeringReaderIndex; index < buffer.size(); index++) {
    let entry = buffer.at(index);
    execution.setSteeringReaderIndex(index + 1);
    if (entry !== void 0) yield entry;
  }
}

// src/runtime/steering/prompt.ts
var wording = {
  recap: "While you delegated work to subagent(s), the user sent this message; a subagent may already have acted on it, so check before repeating work:",
  active: "New message from the user. Adjust your approach as the currently active agent:",
  informational: "Notification (informational only, do not reply to it):"
};
function composeSteeringPrompt(target, entry) {
  if (entry.kind !== "user") return `[NOTIFY ${entry.id}] ${wording.informational} ${entry.text}`;
  let handledByOther = false;
  entry.handlers.forEach((handlerId) => {
    handlerId !== target.executionId && (handledByOther = true);
  });
  let lead = handledByOther ? wording.recap : wording.active;
  return `[STEERING ${entry.id}] ${lead} ${entry.text}`;
}

// src/runtime/steering/hook.ts
var LiveSteeringHook = class {
  constructor() {
    this.log = createLogger("LiveSteeringHook");
    this.deliveries = 0;
  }
  async beforeModelInvoke(execution) {
    let services = execution.sessionServices;
    let delivered = [];
    for (let entry of takeUnread(execution, services.liveSteering)) {
      let text = composeSteeringPrompt(execution, entry);
      this.log.info(
        `injected steering ${entry.id} into ${execution.agentName} (${short(execution.executionId)}) (handlers: ${entry.handlers.size})`
      );
      execution.enqueueSteering({ messageId: entry.id, text });
      delivered.push(entry.id);
      services.events.steering("steering_injected", [entry.id], execution.executionId);
    }
    this.deliveries += delivered.length;
    delivered.length > 0 && services.events.steering("steering_cleared", delivered, execution.executionId);
  }
};

// src/runtime/turn-graph.ts
var Node = {
  ModelInvoke: "MODEL_INVOKE",
  ToolUse: "TOOL_USE",
  FinalResponse: "FINAL_RESPONSE",
  End: "END"
};
var log4 = createLogger("turn-graph");
var STEP_LIMIT = 250;
function finalResponseEdge(state, targets, maxRetries) {
  let execution = state.execution;
  let queued = execution.hasQueuedUserMessage();
  let retry = queued && execution.drainRetryCount < maxRetries;
  if (retry) {
    execution.drainRetryCount++;
    return targets.continueTarget;
  }
  queued && execution.subExecutionDepth === 0 && (execution.needsContinuation = true);
  return targets.doneTarget;
}
var TurnGraph = class {
  #targets;
  #maxRetries;
  constructor(maxRetries) {
    this.#targets = { continueTarget: Node.ModelInvoke, doneTarget: Node.End };
    this.#maxRetries = maxRetries;
  }
  async drive(execution) {
    let services = execution.sessionServices;
    let state = { execution, next: Node.ModelInvoke, toolCalls: [], text: "", status: "running" };
    execution.skipHooks || await services.hooks.fire("agentSpawn", { agent: execution.agentName });
    let steps = 0;
    while (state.next !== Node.End) {
      if (execution.aborted) {
        state.status = "cancelled";
        break;
      }
      if (++steps > STEP_LIMIT) {
        state.status = "step_limit";
        log4.warn(`step limit reached for ${execution.label()}`);
        break;
      }
      state = await this.#step(state);
    }
    state.status === "running" && (state.status = "completed");
    execution.skipHooks || await services.hooks.fire("stop", { agent: execution.agentName });
    return state;
  }
  async #step(state) {
    switch (state.next) {
      case Node.ModelInvoke: {
        await state.execution.sessionServices.steeringHook.beforeModelInvoke(state.execution);
        state = await this.callModel(state);
        state.execution.state = state;
        state.next = state.toolCalls.length ? Node.ToolUse : Node.FinalResponse;
        return state;
      }
      case Node.ToolUse: {
        let next = await this.runTools(state);
        next.next = Node.ModelInvoke;
        return next;
      }
      case Node.FinalResponse: {
        state.next = finalResponseEdge(state, this.#targets, this.#maxRetries);
        return state;
      }
      default:
        return { ...state, next: Node.End };
    }
  }
  async callModel(state) {
    let execution = state.execution;
    let services = execution.sessionServices;
    let injected = execution.flushSteering();
    for (let item of injected) execution.transcript.push({ role: "user", text: item.text, steeringId: item.messageId });
    let context = execution.transcript.map(({ role, text }) => ({ role, text }));
    execution.modelCalls++;
    let reply;
    try {
      reply = await services.telemetry.span(
        "model.invoke",
        { agent: execution.agentName },
        () => services.model.invoke(execution, context)
      );
    } catch (err) {
      services.session.clearSteering("model_settle_failure");
      throw err;
    }
    for (let item of injected) services.liveSteering.recordHandler(item.messageId, execution.executionId);
    reply.text && execution.transcript.push({ role: "assistant", text: reply.text });
    reply.text && services.events.agentText(execution.executionId, reply.text);
    return { ...state, toolCalls: reply.toolCalls, text: reply.text };
  }
  async runTools(state) {
    let execution = state.execution;
    let services = execution.sessionServices;
    for (let call of state.toolCalls) {
      let blocked = execution.skipHooks ? false : await services.hooks.blocks("preToolUse", { tool: call.name });
      let result = blocked ? { ok: false, output: "blocked by a preToolUse hook" } : await services.catalog.invoke(call, { state, execution, services });
      execution.transcript.push({ role: "tool", tool: call.name, text: result.output });
      execution.skipHooks || await services.hooks.fire("postToolUse", { tool: call.name, ok: result.ok });
    }
    return { ...state, toolCalls: [] };
  }
};

// src/core/cache.ts
var LruCache = class {
  constructor(capacity, ttlMs = Infinity) {
    this.capacity = capacity;
    this.ttlMs = ttlMs;
  }
  #map = /* @__PURE__ */ new Map();
  #hits = 0;
  #misses = 0;
  get(key) {
    let hit = this.#map.get(key);
    if (!hit) {
      this.#misses++;
      return void 0;
    }
    if (Date.now() - hit.at > this.ttlMs) {
      this.#map.delete(key);
      this.#misses++;
      return void 0;
    }
    this.#map.delete(key);
    this.#map.set(key, hit);
    this.#hits++;
    return hit.value;
  }
  set(key, value) {
    this.#map.delete(key);
    this.#map.set(key, { value, at: Date.now() });
    while (this.#map.size > this.capacity) {
      let oldest = this.#map.keys().next();
      if (oldest.done) break;
      this.#map.delete(oldest.value);
    }
    return this;
  }
  getOrCreate(key, make) {
    let v = this.get(key);
    if (v === void 0) {
      v = make();
      this.set(key, v);
    }
    return v;
  }
  delete(key) {
    return this.#map.delete(key);
  }
  get stats() {
    return { size: this.#map.size, hits: this.#hits, misses: this.#misses };
  }
};
function memoizeWeak(fn) {
  let memo = /* @__PURE__ */ new WeakMap();
  return (key) => {
    if (memo.has(key)) return memo.get(key);
    let v = fn(key);
    memo.set(key, v);
    return v;
  };
}
var SideTable = class {
  constructor(init) {
    this.init = init;
  }
  #table = /* @__PURE__ */ new WeakMap();
  of(key) {
    let v = this.#table.get(key);
    if (v === void 0) {
      v = this.init(key);
      this.#table.set(key, v);
    }
    return v;
  }
  peek(key) {
    return this.#table.get(key);
  }
};

// src/runtime/tools/catalog.ts
var log5 = createLogger("tools");
var ToolCatalog = class {
  #defs;
  #results;
  constructor(defs) {
    this.#defs = /* @__PURE__ */ new Map();
    this.#results = new LruCache(256, 3e4);
    for (let d of defs) this.add(d);
  }
  add(def) {
    this.#defs.has(def.name) && log5.warn(`tool ${def.name} redefined`);
    this.#defs.set(def.name, def);
  }
  list() {
    return [...this.#defs.values()];
  }
  async invoke(call, env) {
    let def = this.#defs.get(call.name);
    if (!def) return { ok: false, output: `no such tool: ${call.name}` };
    let raw = call.input ?? (call.text !== void 0 ? { text: call.text } : {});
    let parsed = def.input.safeParse(raw);
    if (!parsed.success) return { ok: false, output: `invalid input: ${parsed.error.message}` };
    let key = def.readOnly ? `${def.name}:${JSON.stringify(parsed.data)}` : void 0;
    let cached = key !== void 0 ? this.#results.get(key) : void 0;
    if (cached) return cached;
    try {
      let outcome = await def.run(parsed.data, env);
      key !== void 0 && outcome.ok && this.#results.set(key, outcome);
      return outcome;
    } catch (err) {
      log5.warn(`${def.name} threw`, { error: String(err) });
      return { ok: false, output: `error: ${err?.message ?? err}` };
    }
  }
};

// src/runtime/hooks.ts
import { execFile } from "node:child_process";
var log6 = createLogger("hooks");
var UserHooks = class {
  #byTrigger;
  #cwd;
  constructor(hooks, cwd) {
    this.#byTrigger = hooks;
    this.#cwd = cwd;
  }
  #run(spec, payload) {
    return new Promise((resolve2) => {
      let child = execFile(process.env.SHELL || "/bin/sh", ["-c", spec.command], { cwd: this.#cwd, timeout: spec.timeoutMs }, (err) => {
        resolve2(err ? Number(err.code ?? 1) : 0);
      });
      child.stdin?.end(JSON.stringify(payload));
    });
  }
  async fire(trigger, payload) {
    let specs = this.#byTrigger[trigger];
    if (!specs.length) return [];
    let codes = [];
    for (let spec of specs) {
      if (spec.matcher && !new RegExp(spec.matcher).test(String(payload.tool ?? ""))) continue;
      codes.push(await this.#run(spec, payload));
    }
    log6.debug(`fired ${trigger}`, { codes });
    return codes;
  }
  async blocks(trigger, payload) {
    return (await this.fire(trigger, payload)).includes(2);
  }
};

// src/runtime/spawn.ts
var childrenOf = new SideTable(() => /* @__PURE__ */ new Set());
function createSubExecution(parent, options) {
  let child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: options.promptContext ?? parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: options.agentName,
    skipHooks: options.skipHooks ?? false,
    parentExecutionId: parent.executionId
  });
  options.prompt !== void 0 && child.transcript.push({ role: "user", text: options.prompt });
  childrenOf.of(parent).add(child);
  return child;
}

// src/runtime/memory.ts
var log7 = createLogger("memory");
var MEMORY_AGENT = "memory-extraction";
var extractionContext = memoizeWeak(
  (base) => ({
    ...base,
    system: "Read the conversation and list durable facts worth remembering about the user or the project, one per line prefixed by '* '. Say nothing else.",
    attachments: []
  })
);
var MemoryBank = class {
  #facts;
  constructor() {
    this.#facts = /* @__PURE__ */ new Map();
  }
  remember(text) {
    let key = text.trim().toLowerCase().replace(/\s+/g, " ");
    if (!key) return false;
    let known = this.#facts.get(key);
    if (known) {
      known.hits++;
      return false;
    }
    this.#facts.set(key, { text: text.trim(), firstSeen: Date.now(), hits: 1 });
    return true;
  }
  all() {
    return [...this.#facts.values()].map((f) => f.text);
  }
};
async function extractMemories(root, bank2) {
  let conversation = root.transcript.filter((item) => item.steeringId === void 0 && item.role !== "tool").map((item) => `${item.role.toUpperCase()}: ${item.text}`).join("\n");
  let extractor = createSubExecution(root, {
    agentName: MEMORY_AGENT,
    skipHooks: true,
    prompt: `<conversation>
${conversation}
</conversation>`,
    promptContext: extractionContext(root.promptContext)
  });
  try {
    let result = await root.sessionServices.graph.drive(extractor);
    let added = 0;
    for (let line of result.text.split(/\r?\n/)) line.startsWith("* ") && bank2.remember(line.slice(2)) && added++;
    return added;
  } catch (err) {
    log7.warn("memory extraction failed", { error: String(err) });
    return 0;
  }
}

// src/runtime/compaction.ts
var log8 = createLogger("compaction");
async function compactIfNeeded(execution) {
  let threshold = execution.sessionServices.settings.subagents.compactAfterEntries;
  if (execution.transcript.length <= threshold) return false;
  let keep = Math.floor(threshold / 4);
  let older = execution.transcript.slice(0, execution.transcript.length - keep);
  let summarizer = createSubExecution(execution, {
    agentName: "context-compactor",
    skipHooks: true,
    prompt: older.filter((t) => t.steeringId === void 0).map((t) => `${t.role}: ${t.text}`).join("\n")
  });
  let summary = await execution.sessionServices.graph.drive(summarizer);
  execution.transcript.splice(0, older.length, { role: "user", text: `Summary of the earlier conversation:
${summary.text}` });
  log8.info(`compacted ${older.length} entries of ${execution.label()}`);
  return true;
}

// src/session/events.ts
var EventAdapter = class {
  #queue;
  #dropped;
  constructor(sessionId2) {
    this.sessionId = sessionId2;
    this.ownedExecutionId = void 0;
    this.#queue = void 0;
    this.#dropped = 0;
  }
  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }
  /** Starts buffering updates for a transport. Without one they are dropped. */
  stream() {
    this.#queue ??= new AsyncQueue();
    return this.#queue.drain();
  }
  close() {
    this.#queue?.close();
  }
  #emit(update) {
    this.#queue ? this.#queue.push({ sessionId: this.sessionId, update }) : this.#dropped++;
  }
  steering(kind, messageIds, executionId2) {
    this.#emit({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId: executionId2 } } });
  }
  agentText(executionId2, text) {
    executionId2 === this.ownedExecutionId && this.#emit({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }
  get dropped() {
    return this.#dropped;
  }
};

// src/session/services.ts
var SessionServices = class {
  constructor(parts) {
    this.session = parts.session;
    this.liveSteering = parts.liveSteering;
    this.steeringHook = parts.steeringHook;
    this.events = parts.events;
    this.graph = parts.graph;
    this.catalog = parts.catalog;
    this.hooks = parts.hooks;
    this.model = parts.model;
    this.settings = parts.settings;
    this.telemetry = parts.telemetry;
    this.mcp = parts.mcp;
  }
};

// src/session/agent-session.ts
var log9 = createLogger("session");
var MAX_CONTINUATIONS = 2;
var AgentSession = class {
  #context;
  #history;
  #turns;
  #abort;
  #bank;
  #roots;
  constructor(init) {
    this.sessionId = sessionId();
    this.steeringEpoch = 0;
    this.#turns = 0;
    this.#history = [];
    this.#abort = new AbortController();
    this.#bank = init.memory;
    this.#roots = [];
    this.#context = {
      system: "You are Kiro, an agentic coding assistant. Work in the user's workspace with the tools you are given.",
      cwd: init.cwd,
      modelId: init.settings.model.id,
      attachments: []
    };
    this.services = new SessionServices({
      session: this,
      liveSteering: new LiveSteeringBuffer(),
      steeringHook: new LiveSteeringHook(),
      events: new EventAdapter(this.sessionId),
      graph: new TurnGraph(init.settings.steering.maxDrainRetries),
      catalog: new ToolCatalog(init.tools),
      hooks: new UserHooks(init.settings.hooks, init.cwd),
      model: init.model,
      settings: init.settings,
      telemetry: new Telemetry(init.settings.telemetry.enabled ? init.settings.telemetry.endpoint : void 0),
      mcp: init.mcp ?? new McpHub()
    });
  }
  steer(text, origin = "user") {
    let entry = this.services.liveSteering.push(text, origin);
    this.services.events.steering("steering_queued", [entry.id]);
    log9.debug(`queued ${entry.id} (${entry.kind})`);
    return entry;
  }
  /** Clears the buffer at a turn boundary (end, cancel, errors, the client's clear). Cursors stay put. */
  clearSteering(reason) {
    let ids = this.services.liveSteering.reset();
    ids.length && log9.debug(`cleared ${ids.length} steering message(s): ${reason}`);
    this.services.events.steering("steering_cleared", ids);
    return ids;
  }
  #startRoot(text, resume, resumeAt) {
    let root = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.#context,
      signal: this.#abort.signal,
      agentName: "chat-agent"
    });
    root.transcript.push(...this.#history, { role: "user", text });
    this.#roots.push(root);
    this.#roots.length > 8 && this.#roots.shift();
    this.services.events.setOwnedExecutionId(root.executionId);
    resume && root.setSteeringReaderIndex(resumeAt);
    return root;
  }
  async prompt(text) {
    let turn = ++this.#turns;
    this.#abort = new AbortController();
    let services = this.services;
    try {
      await services.hooks.fire("userPromptSubmit", { prompt: text, turn });
      let root = this.#startRoot(text, false, 0);
      await compactIfNeeded(root);
      let final = await services.graph.drive(root);
      for (let n = 0; root.needsContinuation && n < MAX_CONTINUATIONS; n++) {
        let unread = services.liveSteering.snapshot().slice(root.steeringReaderIndex).filter((e) => e.kind === "user").map((e) => `- ${e.text}`);
        let resumeAt = services.liveSteering.size();
        root = this.#startRoot(`Continue. Messages the user sent meanwhile:
${unread.join("\n")}`, true, resumeAt);
        final = await services.graph.drive(root);
      }
      if (final.status === "cancelled") {
        this.clearSteering("cancel");
        return { stopReason: "cancelled" };
      }
      this.#history.push({ role: "user", text }, { role: "assistant", text: final.text });
      services.settings.memory.enabled && await extractMemories(root, this.#bank);
      this.clearSteering("turn_end");
      return { stopReason: final.status === "step_limit" ? "max_turn_requests" : "end_turn" };
    } catch (err) {
      log9.error(`turn ${turn} failed`, { error: String(err) });
      this.clearSteering("prompt_error");
      throw err;
    }
  }
  cancel() {
    this.#abort.abort("cancelled");
    this.clearSteering("cancel");
  }
  /** The recent executions of this session as a tree (`_session/tree`, for the client's debug view). */
  tree() {
    let size = this.services.liveSteering.size();
    let describe = (e) => ({
      executionId: e.executionId,
      agentName: e.agentName,
      depth: e.subExecutionDepth,
      modelCalls: e.modelCalls,
      cursor: e.steeringReaderIndex,
      unread: Math.max(0, size - e.steeringReaderIndex),
      children: [...childrenOf.peek(e) ?? []].map(describe)
    });
    return this.#roots.map(describe);
  }
  memories() {
    return this.#bank.all();
  }
};

// src/session/model.ts
function adaptModel(source) {
  return {
    async invoke(execution, context) {
      let out = await source.invoke(execution, context);
      return { text: String(out?.text ?? ""), toolCalls: Array.isArray(out?.toolCalls) ? out.toolCalls : [] };
    }
  };
}
function endpointModel(endpoint, auth) {
  return {
    async invoke(execution, context) {
      let token = auth();
      let res = await fetch(new URL("/v1/agent/invoke", endpoint), {
        method: "POST",
        signal: execution.abortController.signal,
        headers: { "content-type": "application/json", ...token && { authorization: `Bearer ${token}` } },
        body: JSON.stringify({ model: execution.promptContext.modelId, system: execution.promptContext.system, messages: context })
      });
      if (!res.ok) throw new Error(`endpoint ${res.status}`);
      let text = "";
      let toolCalls = [];
      for await (let chunk of res.body) {
        for (let line of Buffer.from(chunk).toString("utf8").split("\n")) {
          if (!line.startsWith("data: ")) continue;
          let ev = JSON.parse(line.slice(6));
          ev.type === "text" && (text += ev.text);
          ev.type === "tool_call" && toolCalls.push(ev.call);
        }
      }
      return { text, toolCalls };
    }
  };
}

// src/runtime/tools/builtins.ts
import { readFile, writeFile, readdir, mkdir } from "node:fs/promises";
import { dirname as dirname2, join as join2, relative, resolve } from "node:path";
import { exec } from "node:child_process";
function within(env, p) {
  let root = env.execution.promptContext.cwd;
  let full = resolve(root, p);
  if (relative(root, full).startsWith("..")) throw new Error(`${p} is outside the workspace`);
  return full;
}
var readFileTool = {
  name: "read_file",
  description: "Read a text file of the workspace.",
  readOnly: true,
  input: z.object({ path: z.string().min(1), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).optional() }),
  async run({ path, offset = 0, limit = 2e3 }, env) {
    let lines = (await readFile(within(env, path), "utf8")).split("\n");
    return { ok: true, output: lines.slice(offset, offset + limit).join("\n") };
  }
};
var writeFileTool = {
  name: "write_file",
  description: "Write a text file of the workspace.",
  input: z.object({ path: z.string().min(1), content: z.string() }),
  async run({ path, content }, env) {
    let target = within(env, path);
    await mkdir(dirname2(target), { recursive: true });
    await writeFile(target, content);
    return { ok: true, output: `wrote ${path}` };
  }
};
var listDirTool = {
  name: "list_dir",
  description: "List a directory.",
  readOnly: true,
  input: z.object({ path: z.string().default(".") }),
  async run({ path }, env) {
    let entries = await readdir(within(env, path), { withFileTypes: true });
    return { ok: true, output: entries.map((e) => e.isDirectory() ? `${e.name}/` : e.name).join("\n") };
  }
};
var searchTextTool = {
  name: "search_text",
  description: "Search files for a regular expression.",
  readOnly: true,
  input: z.object({ pattern: z.string().min(1), path: z.string().default(".") }),
  async run({ pattern, path }, env) {
    let re = new RegExp(pattern);
    let hits = [];
    let walk = async (dir) => {
      for (let e of await readdir(dir, { withFileTypes: true })) {
        let p = join2(dir, e.name);
        if (e.isDirectory()) {
          e.name === "node_modules" || e.name.startsWith(".") || await walk(p);
        } else {
          let text = await readFile(p, "utf8").catch(() => "");
          text.split("\n").forEach((l, i) => re.test(l) && hits.push(`${relative(env.execution.promptContext.cwd, p)}:${i + 1}: ${l}`));
        }
        if (hits.length > 300) return;
      }
    };
    await walk(within(env, path));
    return { ok: true, output: hits.join("\n") || "(no matches)" };
  }
};
var runCommandTool = {
  name: "run_command",
  description: "Run a shell command in the workspace.",
  input: z.object({ command: z.string().min(1), timeoutMs: z.number().int().min(100).max(6e5).default(12e4) }),
  run({ command, timeoutMs }, env) {
    return new Promise((done) => {
      exec(command, { cwd: env.execution.promptContext.cwd, timeout: timeoutMs, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
        done({ ok: !err, output: `${stdout}${stderr}`.slice(-1e5) || (err ? String(err) : "") });
      });
    });
  }
};
var fetchUrlTool = {
  name: "fetch_url",
  description: "Fetch a web page as text.",
  readOnly: true,
  input: z.object({ url: z.string().regex(/^https?:\/\//) }),
  async run({ url }, env) {
    let res = await fetch(url, { signal: env.execution.abortController.signal });
    return { ok: res.ok, output: (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 3e4) };
  }
};
var planTool = {
  name: "update_plan",
  description: "Record the current plan.",
  input: z.object({ steps: z.array(z.string()) }),
  async run({ steps }) {
    return { ok: true, output: steps.map((s, i) => `${i + 1}. ${s}`).join("\n") };
  }
};
var userSteerTool = {
  name: "user_steer",
  description: "Relay a user message into live steering.",
  input: z.object({ text: z.string() }),
  async run({ text }, env) {
    env.services.session.steer(text, "user");
    return { ok: true, output: "relayed to the session" };
  }
};
var notifyTool = {
  name: "notify",
  description: "Post a workflow notification.",
  input: z.object({ text: z.string() }),
  async run({ text }, env) {
    env.services.session.steer(text, "workflow");
    return { ok: true, output: "notification posted" };
  }
};

// src/runtime/tools/subagent.ts
var log10 = createLogger("subagent");
var invokeSubAgentTool = {
  name: "invoke_sub_agent",
  description: "Hand a task to a sub-agent and wait for its answer.",
  input: z.object({ subagentId: z.string().min(1), prompt: z.string() }),
  async run({ subagentId, prompt }, env) {
    let state = env.state;
    let limit = env.services.settings.subagents.maxDepth;
    if (state.execution.subExecutionDepth >= limit) return { ok: false, output: `sub-agent depth limit ${limit} reached` };
    let subAgentExecution = createSubExecution(state.execution, { agentName: subagentId, prompt });
    log10.debug(`${state.execution.label()} -> ${subAgentExecution.label()}`);
    let done = await env.services.graph.drive(subAgentExecution);
    if (done.status === "cancelled") return { ok: false, output: "the sub-agent was cancelled" };
    return { ok: true, output: done.text || "(no answer)" };
  }
};

// src/server.ts
var VERSION = "0.54.8";
var bank = new MemoryBank();
function builtinTools(mcp) {
  let tools = [
    readFileTool,
    writeFileTool,
    listDirTool,
    searchTextTool,
    runCommandTool,
    fetchUrlTool,
    planTool,
    userSteerTool,
    notifyTool,
    invokeSubAgentTool
  ];
  for (let t of mcp?.tools() ?? []) {
    tools.push({
      name: `mcp__${t.server}__${t.name}`,
      description: t.description,
      input: { safeParse: (v) => ({ success: true, data: v }) },
      run: async (input, env) => {
        let r = await env.services.mcp.call(t.server, t.name, input);
        return { ok: r.ok, output: r.text };
      }
    });
  }
  return tools;
}
function createSession(model, opts) {
  let settings = opts?.settings ?? loadSettings({ cwd: opts?.cwd ?? process.cwd(), env: {}, readFiles: false });
  let session = new AgentSession({
    model: adaptModel(model),
    settings,
    cwd: opts?.cwd ?? process.cwd(),
    tools: builtinTools(),
    memory: bank
  });
  liveSessions.set(session.sessionId, session);
  return session;
}
function flag(argv2, name) {
  let prefix = `--${name}=`;
  let hit = argv2.find((a) => a.startsWith(prefix));
  return hit?.slice(prefix.length);
}
async function serveStdio(argv2) {
  let settings = loadSettings({ cwd: process.cwd(), env: process.env, readFiles: true });
  configureLogging({ level: settings.logLevel, file: join3(homedir2(), ".kiro", "logs", `${Date.now()}`, "kiro.log") });
  let log11 = createLogger("server");
  let endpoint = flag(argv2, "endpoint") ?? "https://localhost.invalid";
  let auth = flag(argv2, "auth") ?? "none";
  let token;
  let mcp = new McpHub();
  await mcp.start(settings.mcpServers);
  let peer = new StdioPeer(process.stdout);
  let kiroMeta;
  log11.info(`acp-server ${VERSION} (transport=stdio, auth=${auth})`);
  await peer.serve(process.stdin, async (method, params, p) => {
    if (method === "initialize") {
      kiroMeta = params?.clientCapabilities?._meta?.kiro;
      return {
        protocolVersion: 1,
        agentCapabilities: { loadSession: false, promptCapabilities: { embeddedContext: true } },
        authMethods: auth === "acp-callback" ? [{ id: "acp-callback", name: "Kiro account" }] : [],
        _meta: { kiro: { version: VERSION, liveSteering: settings.steering.enabled, client: kiroMeta ?? null } }
      };
    }
    if (method === "authenticate") {
      token = (await p.call("_kiro/auth/token", {}).catch(() => void 0))?.token;
      return {};
    }
    if (method === "session/new") {
      let session = new AgentSession({
        model: endpointModel(endpoint, () => token),
        settings,
        cwd: params?.cwd ?? process.cwd(),
        tools: builtinTools(mcp),
        memory: bank,
        mcp
      });
      liveSessions.set(session.sessionId, session);
      void (async () => {
        for await (let u of session.services.events.stream()) p.notify("session/update", u);
      })();
      return { sessionId: session.sessionId };
    }
    if (method === "session/prompt") {
      let session = liveSessions.get(params?.sessionId);
      if (!session) throw Object.assign(new Error("unknown session"), { code: -32602 });
      let text = (params?.prompt ?? []).filter((b) => b?.type === "text").map((b) => b.text).join("\n");
      return session.prompt(text);
    }
    if (method === "session/cancel") {
      liveSessions.get(params?.sessionId)?.cancel();
      return null;
    }
    if (method.startsWith("_")) return handleExtMethod(method, params);
    throw Object.assign(new Error(`method not found: ${method}`), { code: -32601 });
  });
  mcp.stop();
}
var defaults = defaultSettings;
var argv = process.argv.slice(2);
if (flag(argv, "transport") === "stdio") {
  serveStdio(argv).catch((err) => {
    process.stderr.write(`acp-server: ${err?.stack ?? err}
`);
    process.exitCode = 1;
  });
}
export {
  VERSION,
  createSession,
  defaults,
  handleExtMethod,
  logLines
};
