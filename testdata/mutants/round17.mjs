// Round 17: a red team's mutants against "what the closed world accepts because
// the proof runs it must have run" and "what the buffer gave" (PROOF.md, round 16).
// Each keeps every probed place on a path the harness's cases run, and lets the
// harm flow by value: through the buffer class's own data (decided on wording
// inside the append, code no rule probes), links on the message objects, a
// helper's return, a container, a getter, a promise (a setter applied a
// microtask later), and an argument the drain's caller passes.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const SESSION = "src/session/session.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const BUF_LOGGER = `const logger = rootLogger.child("steering");
`;
const BUF_IFACE = `  handlers: Set<string>;
}
`;
const BUF_MESSAGE = `    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    this.messages.push(message);
    this.messageById.set(id, message);
`;
const BUF_AT = `  at(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }
`;
const DRAIN_IMPORT = `import type { AgentExecution } from "../agent/execution";
`;
const DRAIN_SIG = `export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
`;
const DRAIN_LOOP_HEAD = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`;
const DRAIN_DELIVER = `    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );
`;
const DRAIN_AT = `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
`;
const LOG_LINE = (m) =>
  `      execution.sessionServices.logger.info(
        \`[LiveSteeringHook] injected steering \${${m}.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${${m}.handlers.size})\`,
      );
`;
const SETTER = `  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }
`;
const TAKE = `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    return taken;
  }
`;
const FIELDS_CURSOR = `  steeringReaderIndex = 0;
  drainRetryCount = 0;
`;
const CTOR_DEPTH = `    this.subExecutionDepth = config.subExecutionDepth ?? 0;
`;
const LENGTH_CHECK = `  hasQueuedUserMessage(): boolean {
`;
const NODE_DRAIN_CALL = `  await drainLiveSteering(state.execution);
`;

// The follow-up wording (decided in the buffer's append, on the text the user typed).
const FOLLOW_UP_RE = `/^(also|add|plus|and|one more thing)\\b/i`;
const followUpConst = (name = "FOLLOW_UP") => ({
  file: BUFFER,
  find: BUF_LOGGER,
  replace: `${BUF_LOGGER}
// A steer that continues the previous one ("also …", "one more thing: …").
const ${name} = ${FOLLOW_UP_RE};
`,
});
// The append links a follow-up to the last user steer before it, on the message object.
const linkFollowUps = [
  followUpConst(),
  { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  // The user steer this one continues, when its wording says so.
  follows?: SteeringMessage;
}
` },
  {
    file: BUFFER,
    find: BUF_MESSAGE,
    replace: `    const follows = kind === "user" && FOLLOW_UP.test(text) ? this.lastUserSteer() : undefined;
    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set(), follows };
    this.messages.push(message);
    this.messageById.set(id, message);
`,
  },
  {
    file: BUFFER,
    find: BUF_AT,
    replace: `${BUF_AT}
  private lastUserSteer(): SteeringMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i].kind === "user") return this.messages[i];
    return undefined;
  }
`,
  },
];

const h = (id, description, why, edits) => ({ id, model: "base", expect: "harmless", description, why, edits });
const x = (id, description, why, edits) => ({ id, model: "base", expect: "harmful", description, why, edits });

export const ROUND17 = [
  // ---- the buffer's own data: decided inside the append -------------------
  x(
    "r17-buffer-amend-reannounce",
    "the buffer's append re-announces the user steer a follow-up amends (wording: `also`, `add`, `plus`, `and`, `one more thing`): the same message object is pushed again after the follow-up, so every reader's drain reaches it again at a new index. The drain is unchanged.",
    "an amendment ('one more thing: rename the flag') only makes sense next to what it amends; re-announcing the original keeps the two together for every reader. The decision is the append's, inside the buffer class, on the user's wording; the harness's steers never read as follow-ups, and no rule probes the buffer class: the drain delivers what `at(index)` returns, on a path every case runs.",
    [
      followUpConst(),
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `${BUF_MESSAGE}    // An amendment re-announces the steer it amends, so every reader sees the two together.
    const amended = kind === "user" && FOLLOW_UP.test(text) ? this.lastUserSteerBefore(message) : undefined;
    if (amended) this.messages.push(amended);
`,
      },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `${BUF_AT}
  private lastUserSteerBefore(message: SteeringMessage): SteeringMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const candidate = this.messages[i];
      if (candidate !== message && candidate.kind === "user") return candidate;
    }
    return undefined;
  }
`,
      },
    ],
  ),
  x(
    "r17-buffer-at-resolves-amendment",
    "the append records a follow-up as a reference to the steer it amends (`amends`) and `at(index)` resolves it: the entry at the follow-up's index is the amended message object, its text extended. The drain is unchanged.",
    "editing a queued steer in place (the user amends what they typed) is a common chat feature; the buffer resolving the edit keeps the original id so the prompt shows one instruction. The decision and the resolution are the buffer's own code, on wording; the drain's `buffer.at(index)` runs in every case.",
    [
      followUpConst(),
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  // Set on an amendment: the user steer it extends.
  amends?: SteeringMessage;
}
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `    const amends = kind === "user" && FOLLOW_UP.test(text) ? this.lastUserSteer() : undefined;
    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set(), amends };
    this.messages.push(message);
    this.messageById.set(id, message);
`,
      },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `  at(index: number): SteeringMessage | undefined {
    const entry = this.messages[index];
    if (entry?.amends) {
      // The amendment is shown as the steer it amends, extended.
      entry.amends.text = \`\${entry.amends.text}; \${entry.text}\`;
      return entry.amends;
    }
    return entry;
  }

  private lastUserSteer(): SteeringMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i].kind === "user") return this.messages[i];
    return undefined;
  }
`,
      },
    ],
  ),
  // ---- links on the message objects, followed by value --------------------
  x(
    "r17-thread-filter-inline",
    "the append links follow-ups (`message.follows`, wording in the buffer); the drain builds `[message.follows, message].filter((m) => m !== undefined && !m.handlers.has(execution.executionId))` and delivers each in a `for-of`: no branch of the drain is left untaken on the harness's data, the earlier steer only flows in as a value.",
    "the same thread delivery written as a filter; nothing in it is a decision the harness's data leaves untaken: the harm is an array element.",
    [
      ...linkFollowUps,
      {
        file: DRAIN,
        find: DRAIN_DELIVER,
        replace: `    const batch = [message.follows, message].filter((m): m is typeof message => m !== undefined && !m.handlers.has(execution.executionId));
    for (const entry of batch) {
      entry.handlers.add(execution.executionId);
      execution.queueSteering(entry);
${LOG_LINE("entry")}    }
`,
      },
    ],
  ),
  x(
    "r17-thread-take-expands",
    "the append links follow-ups (`message.follows`, wording in the buffer); the execution's take puts, before each taken follow-up, the steer it follows when this execution never handled it (`taken.flatMap`), so the prompt holds it. The drain is unchanged.",
    "the prompt builder is where context is assembled; expanding a follow-up into its thread there is ordinary. The take runs in every case (the harness calibrates it); the expansion is a value of `flatMap`, and it adds to the prompts, not to the queue the rules watch.",
    [
      ...linkFollowUps,
      {
        file: EXECUTION,
        find: TAKE,
        replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    // A follow-up is prompted with the steer it continues, if this execution never saw that one.
    this.prompts.push(taken.flatMap((m) => [m.follows, m].filter((e): e is SteeringMessage => e !== undefined && (e === m || !e.handlers.has(this.executionId)))));
    return taken;
  }
`,
      },
    ],
  ),
  x(
    "r17-thread-getter-on-message",
    "the append gives each message a `context` getter (defined on the message object) that asks the buffer, lazily, for the user steer a follow-up continues (wording decided in the buffer's method); the drain delivers `[message.context, message]` filtered to what this execution has not handled.",
    "a lazily computed property on the entry is an ordinary way to avoid holding references; the getter runs the buffer's own code on the real texts, and no getter is run when the harness reads what an execution holds.",
    [
      followUpConst(),
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  readonly context?: SteeringMessage;
}
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `    const message = { id, kind, text, epoch: this.epoch, handlers: new Set() } as SteeringMessage;
    const position = this.messages.length;
    Object.defineProperty(message, "context", { get: () => this.continued(position), enumerable: false });
    this.messages.push(message);
    this.messageById.set(id, message);
`,
      },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `${BUF_AT}
  // The user steer the entry at \`position\` continues, if its wording says it does.
  private continued(position: number): SteeringMessage | undefined {
    const entry = this.messages[position];
    if (!entry || entry.kind !== "user" || !FOLLOW_UP.test(entry.text)) return undefined;
    for (let i = position - 1; i >= 0; i--) if (this.messages[i].kind === "user") return this.messages[i];
    return undefined;
  }
`,
      },
      {
        file: DRAIN,
        find: DRAIN_DELIVER,
        replace: `    for (const entry of [message.context, message]) {
      if (entry === undefined || entry.handlers.has(execution.executionId)) continue;
      entry.handlers.add(execution.executionId);
      execution.queueSteering(entry);
${LOG_LINE("entry")}    }
`,
      },
    ],
  ),
  // ---- a promise: the setter applied a microtask later ---------------------
  x(
    "r17-setter-deferred-then",
    "`setSteeringReaderIndex` applies the new index a microtask later (`void Promise.resolve().then(() => { this.steeringReaderIndex = index; })`), so a drain already iterating finishes on the index it started with. A child seeded at `new` and handed straight to `runExecution` drains synchronously, from 0, before the write lands.",
    "deferring a cursor write until an in-flight read settles is a usual fix for a reentrancy bug; the write is in the setter, its one arm runs in the harness (which awaits between the spawn and the drain), and the order of a promise's settlement is a value the proof does not follow.",
    [
      {
        file: EXECUTION,
        find: SETTER,
        replace: `  setSteeringReaderIndex(index: number): void {
    // Applied once the current microtask settles: a drain already iterating finishes on the index it started with.
    void Promise.resolve().then(() => {
      this.steeringReaderIndex = index;
    });
  }
`,
      },
    ],
  ),
  x(
    "r17-setter-async-await",
    "`setSteeringReaderIndex` is `async` and awaits the execution's `settled` promise (resolved at construction) before writing the index; callers do not await it, so a child's first drain, which runs synchronously inside `runExecution`, reads from 0.",
    "an async setter that waits for in-flight work is ordinary once cursors are persisted; nothing awaits it where it is called, and the write lands after the first drain.",
    [
      {
        file: EXECUTION,
        find: SETTER,
        replace: `  async setSteeringReaderIndex(index: number): Promise<void> {
    // Wait for any drain in flight on this execution before moving its cursor.
    await this.settled;
    this.steeringReaderIndex = index;
  }
`,
      },
      {
        file: EXECUTION,
        find: FIELDS_CURSOR,
        replace: `${FIELDS_CURSOR}  private settled: Promise<void> = Promise.resolve();
`,
      },
    ],
  ),
  // ---- an argument the drain's caller passes ------------------------------
  x(
    "r17-drain-start-from-caller",
    "the drain takes its start as a defaulted parameter (`from = execution.steeringReaderIndex`); MODEL_INVOKE passes `0` on an execution's first model invocation of a sub-execution (`state.turns === 0 && state.execution.subExecutionDepth > 0`), so a sub-agent catches up on its turn's steering.",
    "a caller choosing where a read starts is ordinary; the caller is the graph node, outside the proof, and the harness calls the drain as `f(execution)`, leaving the default.",
    [
      {
        file: DRAIN,
        find: DRAIN_SIG,
        replace: `export async function drainLiveSteering(execution: AgentExecution, from: number = execution.steeringReaderIndex): Promise<void> {
`,
      },
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = from; index < buffer.length; index++) {
` },
      {
        file: NODES,
        find: NODE_DRAIN_CALL,
        replace: `  // A sub-execution's first model call catches up on its turn's steering.
  if (state.turns === 0 && state.execution.subExecutionDepth > 0) await drainLiveSteering(state.execution, 0);
  else await drainLiveSteering(state.execution);
`,
      },
    ],
  ),
  x(
    "r17-drain-options-from-caller",
    "the drain takes an options object (`{ catchUp }`, defaulted to `{}`); the start is `catchUp ? 0 : cursor`, written as `Math.min(execution.steeringReaderIndex, catchUp ? 0 : Infinity)`; MODEL_INVOKE passes `{ catchUp: true }` on a sub-execution's first invocation.",
    "the same caller-decided start, written with an options bag and an arithmetic clamp rather than a reassignment.",
    [
      {
        file: DRAIN,
        find: DRAIN_SIG,
        replace: `export async function drainLiveSteering(execution: AgentExecution, { catchUp = false }: { catchUp?: boolean } = {}): Promise<void> {
`,
      },
      {
        file: DRAIN,
        find: DRAIN_LOOP_HEAD,
        replace: `  for (let index = Math.min(execution.steeringReaderIndex, catchUp ? 0 : Infinity); index < buffer.length; index++) {
`,
      },
      {
        file: NODES,
        find: NODE_DRAIN_CALL,
        replace: `  await drainLiveSteering(state.execution, { catchUp: state.turns === 0 && state.execution.subExecutionDepth > 0 });
`,
      },
    ],
  ),
  // ---- the execution's graph state, written by MODEL_INVOKE ----------------
  x(
    "r17-start-method-graph-state",
    "the drain starts at `execution.steeringStart()`, an execution method: `Math.min(cursor, this.turnStartIndex)` once the execution has a graph state (`this.state`, written by MODEL_INVOKE), the cursor before; `turnStartIndex` is 0, set in the constructor.",
    "an execution that has already prompted the model re-sends its turn's steering, since the provider's context is rebuilt each call; the field it decides on is written by the graph node on `state.execution`, which is neither `this` nor a local bound to a construction, and the harness never runs that node.",
    [
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = execution.steeringStart(); index < buffer.length; index++) {
` },
      {
        file: EXECUTION,
        find: SETTER,
        replace: `${SETTER}
  // Where the next drain starts: once this execution has prompted the model, its context is rebuilt from the turn's start.
  steeringStart(): number {
    return Math.min(this.steeringReaderIndex, this.state === undefined ? Infinity : this.turnStartIndex);
  }
`,
      },
      { file: EXECUTION, find: FIELDS_CURSOR, replace: `${FIELDS_CURSOR}  readonly turnStartIndex: number = 0;
` },
    ],
  ),
  // ---- harmless neighbours -------------------------------------------------
  h(
    "r17-h-follow-up-link-logged",
    "the append links follow-ups (`message.follows`, wording in the buffer); the drain only names the linked steer's id in its delivery log line (`follows steer-1`).",
    "a thread shown in the log decides no delivery.",
    [
      ...linkFollowUps,
      {
        file: DRAIN,
        find: `(handlers: \${message.handlers.size})\`,`,
        replace: `(handlers: \${message.handlers.size})\${message.follows ? \` follows \${message.follows.id}\` : ""}\`,`,
      },
    ],
  ),
  h(
    "r17-h-setter-deferred-log",
    "`setSteeringReaderIndex` writes the index at once and logs it a microtask later (`queueMicrotask`-style, through `Promise.resolve().then`).",
    "a deferred debug line decides nothing.",
    [
      {
        file: EXECUTION,
        find: SETTER,
        replace: `  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
    void Promise.resolve().then(() => this.sessionServices.logger.debug(\`cursor of \${this.agentName} set to \${index}\`));
  }
`,
      },
    ],
  ),
  h(
    "r17-h-drain-reason-from-caller",
    "the drain takes a `reason` parameter (default `\"model-invoke\"`) that MODEL_INVOKE passes and that only labels the delivery log line.",
    "a caller's label decides nothing.",
    [
      {
        file: DRAIN,
        find: DRAIN_SIG,
        replace: `export async function drainLiveSteering(execution: AgentExecution, reason = "model-invoke"): Promise<void> {
`,
      },
      {
        file: DRAIN,
        find: `(handlers: \${message.handlers.size})\`,`,
        replace: `(handlers: \${message.handlers.size}) [\${reason}]\`,`,
      },
      { file: NODES, find: NODE_DRAIN_CALL, replace: `  await drainLiveSteering(state.execution, state.turns === 0 ? "first-invoke" : "model-invoke");
` },
    ],
  ),
  h(
    "r17-h-amend-text-in-place",
    "the buffer's append, given a follow-up (wording), records on the new message the id of the steer it amends (`amends: \"steer-1\"`); nothing is re-announced, and the drain is unchanged.",
    "a reference kept as a string decides no delivery.",
    [
      followUpConst(),
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  amends?: string;
}
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `${BUF_MESSAGE}    if (kind === "user" && FOLLOW_UP.test(text)) message.amends = this.messages.filter((m) => m.kind === "user" && m !== message).at(-1)?.id;
`,
      },
    ],
  ),

  // ---- the thread delivered through the drain's own loop, by value --------
  x(
    "r17-thread-helper-loop",
    "the append links follow-ups (`message.follows`, wording in the buffer); the drain's loop takes `arrived = buffer.at(index)` and delivers each `message` of `withContext(arrived, execution)`, a top-level helper that returns the unhandled steer a follow-up continues, then the follow-up (`[]` for a hole).",
    "the thread delivery with the drain's delivery, handlers update and log line kept exactly as they were, under the same name: the earlier steer reaches the one delivery call as a value of the helper's return.",
    [
      ...linkFollowUps,
      {
        file: DRAIN,
        find: DRAIN_IMPORT,
        replace: `${DRAIN_IMPORT}import type { SteeringMessage } from "./live-steering-buffer";

// A follow-up comes with the steer it continues, for an execution that never handled that one.
function withContext(arrived: SteeringMessage | undefined, execution: AgentExecution): SteeringMessage[] {
  return [arrived?.follows, arrived].filter((m): m is SteeringMessage => m !== undefined && !m.handlers.has(execution.executionId));
}
`,
      },
      {
        file: DRAIN,
        find: `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
${DRAIN_DELIVER}`,
        replace: `    const arrived = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    for (const message of withContext(arrived, execution)) {
  ${DRAIN_DELIVER.split("\n").join("\n  ")}}
`,
      },
    ],
  ),
  x(
    "r17-thread-buffer-method-loop",
    "the append records follow-ups in a buffer-owned `Map` (id to the steer it continues; wording in the buffer); the drain's loop delivers each `message` of `buffer.threadOf(arrived, execution.executionId)`, a buffer method returning the unhandled chain, then the follow-up.",
    "the thread kept as the buffer's own index; the drain's call of a buffer method and its read of the buffer local run in every case, and the method's own branches are the buffer class's, which no rule probes.",
    [
      followUpConst(),
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `${BUF_MESSAGE}    const previous = kind === "user" && FOLLOW_UP.test(text) ? this.lastUserSteerBefore(message) : undefined;
    if (previous) this.continues.set(id, previous);
`,
      },
      { file: BUFFER, find: `  private sequence = 0;
`, replace: `  private sequence = 0;
  private continues = new Map<string, SteeringMessage>();
` },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `${BUF_AT}
  // The entry with the user steers it continues that \`reader\` has not handled, oldest first.
  threadOf(entry: SteeringMessage | undefined, reader: string): SteeringMessage[] {
    if (!entry) return [];
    const thread = [entry];
    for (let m = this.continues.get(entry.id); m && !m.handlers.has(reader); m = this.continues.get(m.id)) thread.unshift(m);
    return thread;
  }

  private lastUserSteerBefore(message: SteeringMessage): SteeringMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const candidate = this.messages[i];
      if (candidate !== message && candidate.kind === "user") return candidate;
    }
    return undefined;
  }
`,
      },
      {
        file: DRAIN,
        find: `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
${DRAIN_DELIVER}`,
        replace: `    const arrived = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    for (const message of buffer.threadOf(arrived, execution.executionId)) {
  ${DRAIN_DELIVER.split("\n").join("\n  ")}}
`,
      },
    ],
  ),
  x(
    "r17-thread-closure-on-message",
    "the append gives each message a `context()` closure (over the buffer and the entry's position) that returns the user steer a follow-up continues (wording decided in the buffer); the drain delivers `message.context()` (when unhandled) and then the message, through one delivery in a `for-of`.",
    "a closure on the entry avoids holding the reference eagerly; what it returns depends on the real texts, and the drain's delivery runs on every message.",
    [
      followUpConst(),
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  context: () => SteeringMessage | undefined;
}
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `    const position = this.messages.length;
    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set(), context: () => this.continued(position) };
    this.messages.push(message);
    this.messageById.set(id, message);
`,
      },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `${BUF_AT}
  // The user steer the entry at \`position\` continues, if its wording says it does.
  private continued(position: number): SteeringMessage | undefined {
    const entry = this.messages[position];
    if (!entry || entry.kind !== "user" || !FOLLOW_UP.test(entry.text)) return undefined;
    for (let i = position - 1; i >= 0; i--) if (this.messages[i].kind === "user") return this.messages[i];
    return undefined;
  }
`,
      },
      {
        file: DRAIN,
        find: `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
${DRAIN_DELIVER}`,
        replace: `    const arrived = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    const thread = arrived ? [arrived.context(), arrived] : [];
    for (const message of thread.filter((m): m is NonNullable<typeof arrived> => m !== undefined && !m.handlers.has(execution.executionId))) {
  ${DRAIN_DELIVER.split("\n").join("\n  ")}}
`,
      },
    ],
  ),
  x(
    "r17-thread-module-weakmap",
    "the append records, in a module `WeakMap` beside the buffer (`continuedBy`), the user steer a follow-up continues (wording decided in the buffer); the execution's take puts the unhandled continued steer before each taken follow-up.",
    "a side table keyed by the entry keeps the message shape unchanged; the take reads it as a value, and the container is not the execution's own.",
    [
      followUpConst(),
      {
        file: BUFFER,
        find: `export type SteeringKind = "user" | "notification";
`,
        replace: `export type SteeringKind = "user" | "notification";

// Follow-up to the steer it continues, kept beside the entries.
export const continuedBy = new WeakMap<object, SteeringMessage>();
`,
      },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `${BUF_MESSAGE}    const previous = kind === "user" && FOLLOW_UP.test(text) ? this.messages.filter((m) => m.kind === "user" && m !== message).at(-1) : undefined;
    if (previous) continuedBy.set(message, previous);
`,
      },
      {
        file: EXECUTION,
        find: `import type { LiveSteeringBuffer, SteeringMessage } from "../steering/live-steering-buffer";
`,
        replace: `import { continuedBy, type LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";
`,
      },
      {
        file: EXECUTION,
        find: TAKE,
        replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    // A follow-up is prompted with the steer it continues, if this execution never saw that one.
    this.prompts.push(taken.flatMap((m) => [continuedBy.get(m), m].filter((e): e is SteeringMessage => e !== undefined && (e === m || !e.handlers.has(this.executionId)))));
    return taken;
  }
`,
      },
    ],
  ),
  x(
    "r17-context-helper-before-advance",
    "the append links follow-ups (wording in the buffer); the drain hands each message, before its cursor advance, to `briefContext(execution, message)`, a helper that pushes the unhandled steer a follow-up continues straight onto the execution's prompts as a context prompt (no delivery log).",
    "context first, then the message, is the natural order; the helper sits before the cursor advance, where the depth gate does not reach, and its one decision is on the message's link, which the harness's texts never set.",
    [
      ...linkFollowUps,
      {
        file: DRAIN,
        find: DRAIN_IMPORT,
        replace: `${DRAIN_IMPORT}import type { SteeringMessage } from "./live-steering-buffer";

// The steer a follow-up continues, as a context prompt of its own, for an execution that never saw it.
function briefContext(execution: AgentExecution, message: SteeringMessage | undefined): void {
  const earlier = message?.follows;
  if (earlier && !earlier.handlers.has(execution.executionId)) execution.prompts.push([earlier]);
}
`,
      },
      {
        file: DRAIN,
        find: DRAIN_AT,
        replace: `    const message = buffer.at(index);
    briefContext(execution, message);
    execution.steeringReaderIndex = index + 1;
`,
      },
    ],
  ),
  // ---- what the drain's parameters carry -----------------------------------
  x(
    "r17-drain-graph-state-param",
    "MODEL_INVOKE hands the drain its graph state too (`drainLiveSteering(state.execution, state)`); the drain starts a sub-execution's first drain (`graph?.turns === 0`, depth > 0) at 0: `let index = graph?.turns === 0 && execution.subExecutionDepth > 0 ? 0 : execution.steeringReaderIndex`.",
    "the drain deciding on where in the turn it runs is ordinary; the decision is in the loop's initialiser (a declaration, not a reassignment) on a parameter the harness's calling form never fills.",
    [
      { file: DRAIN, find: DRAIN_IMPORT, replace: `${DRAIN_IMPORT}import type { ExecutionState } from "../graph/nodes";
` },
      {
        file: DRAIN,
        find: DRAIN_SIG,
        replace: `export async function drainLiveSteering(execution: AgentExecution, graph?: ExecutionState): Promise<void> {
`,
      },
      {
        file: DRAIN,
        find: DRAIN_LOOP_HEAD,
        replace: `  for (let index = graph?.turns === 0 && execution.subExecutionDepth > 0 ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
      { file: NODES, find: NODE_DRAIN_CALL, replace: `  await drainLiveSteering(state.execution, state);
` },
    ],
  ),
  x(
    "r17-config-catch-up-from-graph-state",
    "the sub-agent tool and memory extraction pass `catchUpFrom: 0` when the parent has a recorded graph state (`parent.state !== undefined`, written by MODEL_INVOKE); the constructor keeps it (`this.catchUpFrom = config.catchUpFrom ?? Infinity`); the drain starts at `Math.min(execution.steeringReaderIndex, execution.catchUpFrom)`.",
    "a delegate catching up from where its parent's turn began is a feature; the value flows from the spawn site through the constructor into an arithmetic clamp: no arm of the drain is left untaken, and the parent's graph state is never set in the proof.",
    [
      {
        file: EXECUTION,
        find: `  skipHooks?: boolean;
}
`,
        replace: `  skipHooks?: boolean;
  // Where a delegate's first read starts (its parent's turn start), if it catches up.
  catchUpFrom?: number;
}
`,
      },
      { file: EXECUTION, find: FIELDS_CURSOR, replace: `${FIELDS_CURSOR}  readonly catchUpFrom: number;
` },
      { file: EXECUTION, find: CTOR_DEPTH, replace: `${CTOR_DEPTH}    this.catchUpFrom = config.catchUpFrom ?? Infinity;
` },
      {
        file: TOOL,
        find: `    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`,
        replace: `    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
    catchUpFrom: state.execution.state !== undefined ? 0 : undefined,
  });
`,
      },
      {
        file: MEMORY,
        find: `    skipHooks: true,
`,
        replace: `    skipHooks: true,
    catchUpFrom: execution.state !== undefined ? 0 : undefined,
`,
      },
      {
        file: DRAIN,
        find: DRAIN_LOOP_HEAD,
        replace: `  for (let index = Math.min(execution.steeringReaderIndex, execution.catchUpFrom); index < buffer.length; index++) {
`,
      },
    ],
  ),
  x(
    "r17-start-getter-graph-state",
    "as `r17-start-method-graph-state`, the start written as an accessor of the execution class (`get steeringStart()`), decided on `this.state` (written by MODEL_INVOKE) with a ternary inside the getter.",
    "a getter is an ordinary spelling of a derived field; the drain reads it like a field.",
    [
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = execution.steeringStart; index < buffer.length; index++) {
` },
      {
        file: EXECUTION,
        find: SETTER,
        replace: `${SETTER}
  // Where the next drain starts: once this execution has prompted the model, from the turn's start.
  get steeringStart(): number {
    return this.state === undefined ? this.steeringReaderIndex : 0;
  }
`,
      },
    ],
  ),
  // ---- controls: the same switches visibly on in the harness --------------
  x(
    "r17-ctl-amend-always",
    "control: as `r17-buffer-amend-reannounce` with every user steer read as a follow-up (`FOLLOW_UP = /^/`): the append re-announces the previous user steer on every steer.",
    "the premise of the buffer mutants: with the wording switch on for the harness's texts, the proof must see the replay and refuse.",
    [
      { file: BUFFER, find: BUF_LOGGER, replace: `${BUF_LOGGER}
// Every steer continues the previous one.
const FOLLOW_UP = /^/;
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `${BUF_MESSAGE}    const amended = kind === "user" && FOLLOW_UP.test(text) ? this.messages.filter((m) => m.kind === "user" && m !== message).at(-1) : undefined;
    if (amended) this.messages.push(amended);
`,
      },
    ],
  ),
  x(
    "r17-ctl-take-expands-always",
    "control: as `r17-thread-take-expands` with every user steer linked to the previous one (`FOLLOW_UP = /^/`).",
    "the premise of the take mutants: with the link on for the harness's texts, the proof must refuse.",
    [
      { file: BUFFER, find: BUF_LOGGER, replace: `${BUF_LOGGER}
const FOLLOW_UP = /^/;
` },
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;
  follows?: SteeringMessage;
}
` },
      {
        file: BUFFER,
        find: BUF_MESSAGE,
        replace: `    const follows = kind === "user" && FOLLOW_UP.test(text) ? this.messages.filter((m) => m.kind === "user").at(-1) : undefined;
    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set(), follows };
    this.messages.push(message);
    this.messageById.set(id, message);
`,
      },
      {
        file: EXECUTION,
        find: TAKE,
        replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken.flatMap((m) => [m.follows, m].filter((e): e is SteeringMessage => e !== undefined && (e === m || !e.handlers.has(this.executionId)))));
    return taken;
  }
`,
      },
    ],
  ),
  x(
    "r17-ctl-start-getter-always",
    "control: as `r17-start-getter-graph-state` with the getter returning 0 for every sub-execution (`this.subExecutionDepth > 0 ? 0 : cursor`).",
    "the premise of the start mutants: decided on data the harness has, the proof must refuse.",
    [
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = execution.steeringStart; index < buffer.length; index++) {
` },
      {
        file: EXECUTION,
        find: SETTER,
        replace: `${SETTER}
  get steeringStart(): number {
    return this.subExecutionDepth > 0 ? 0 : this.steeringReaderIndex;
  }
`,
      },
    ],
  ),
  // ---- more harmless neighbours --------------------------------------------
  h(
    "r17-h-start-method-cursor",
    "the drain starts at `execution.steeringStart()`, an execution method that returns the cursor.",
    "a refactor: the start read through a method.",
    [
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = execution.steeringStart(); index < buffer.length; index++) {
` },
      { file: EXECUTION, find: SETTER, replace: `${SETTER}
  steeringStart(): number {
    return this.steeringReaderIndex;
  }
` },
    ],
  ),
  h(
    "r17-h-caller-passes-cursor",
    "MODEL_INVOKE passes the execution's own cursor as the drain's start (`drainLiveSteering(state.execution, state.execution.steeringReaderIndex)`), the drain's parameter defaulting to the same.",
    "the same value, passed explicitly.",
    [
      {
        file: DRAIN,
        find: DRAIN_SIG,
        replace: `export async function drainLiveSteering(execution: AgentExecution, from: number = execution.steeringReaderIndex): Promise<void> {
`,
      },
      { file: DRAIN, find: DRAIN_LOOP_HEAD, replace: `  for (let index = from; index < buffer.length; index++) {
` },
      { file: NODES, find: NODE_DRAIN_CALL, replace: `  await drainLiveSteering(state.execution, state.execution.steeringReaderIndex);
` },
    ],
  ),
  h(
    "r17-h-take-follow-up-count",
    "the append links follow-ups (wording in the buffer); the take logs, at debug level, how many taken steers are follow-ups (`taken.filter((m) => m.follows).length`).",
    "a count for a log line decides nothing.",
    [
      ...linkFollowUps,
      {
        file: EXECUTION,
        find: TAKE,
        replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    this.sessionServices.logger.debug(\`prompt for \${this.agentName}: \${taken.length} steer(s), \${taken.filter((m) => m.follows !== undefined).length} follow-up(s)\`);
    return taken;
  }
`,
      },
    ],
  ),
  h(
    "r17-h-config-graph-state-span",
    "the sub-agent tool records in its span whether the parent already had a graph state (`parentPrompted: state.execution.state !== undefined`).",
    "telemetry about the parent decides nothing.",
    [
      {
        file: TOOL,
        find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`,
        replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, parentPrompted: state.execution.state !== undefined });
`,
      },
    ],
  ),
];
