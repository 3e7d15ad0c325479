// Round 18: a red team's mutants against seed mode's fence (issue 42): each
// message is numbered when the buffer builds it (`__kssSeq`), a spawned
// execution records the count on its first drain (`__kssBorn`), and the
// drain's loop skips, right after the cursor has advanced, a message numbered
// at or below it. Each harmful mutant pairs something that undoes the seeded
// cursor (which the fence is there to cover) with something that takes the
// fence's ground away: message objects that carry no number, an execution that
// cannot take the fence's marks, a delivery before the skip, a message reaching
// the execution other than as the loop's message variable, a number given
// again to an old message.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const SESSION = "src/session/session.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`;
const SETTER = `  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }
`;
const CTOR_TAIL = `    this.sessionServices.registry.register(this);
  }
`;
const BUF_AT = `  at(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }
`;
const BUF_PUSH = `    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    this.messages.push(message);
`;
const BUF_IFACE = `  handlers: Set<string>;
}
`;
const BUF_FIELDS = `  private sequence = 0;
  epoch = 0;
`;
const DRAIN_BODY = `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );
  }
`;
const DRAIN_DELIVER = `    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );
`;
const LOG = (m) => `      execution.sessionServices.logger.info(
        \`[LiveSteeringHook] injected steering \${${m}.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${${m}.handlers.size})\`,
      );
`;
const SUB_AFTER_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;

// ---- seed-undoers: what the fence is there to cover ----------------------------

// the execution class gains `beginRun()`, which the graph runner calls when a run starts.
const resetMethod = [
  {
    file: EXECUTION,
    find: SETTER,
    replace: `${SETTER}
  // Called by the graph runner when a run starts.
  beginRun(): void {
    this.drainRetryCount = 0;
    this.steeringExhausted = false;
    this.steeringReaderIndex = 0;
  }
`,
  },
  { file: NODES, find: RUN_HEAD, replace: `${RUN_HEAD}  execution.beginRun();\n` },
];


// ---- a memory extraction built when the turn starts ----------------------------
const MEM_NEW_HEAD = `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({
`;
const MEM_TRY = `    skipHooks: true,
  });
  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(`;
const splitMemory = {
  file: MEMORY,
  find: MEM_NEW_HEAD,
  replace: `// Built when the turn starts (so it is registered with the turn's executions), run after a successful root turn.
export function createMemoryExtraction(execution: AgentExecution): AgentExecution {
  return new AgentExecution({
`,
};
const splitMemoryTail = {
  file: MEMORY,
  find: MEM_TRY,
  replace: `    skipHooks: true,
  });
}

export async function runMemoryExtraction(extraction: AgentExecution): Promise<void> {
  try {
    await runExecution(extraction);
  } catch (error) {
    extraction.sessionServices.logger.warn(`,
};
const SESSION_IMPORT = `import { runMemoryExtraction } from "../memory/memory-extraction";
`;
const SESSION_RUN_MEM = `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
`;
// (a) in runTurn, before the root runs.
const prebuiltInTurn = [
  splitMemory,
  splitMemoryTail,
  { file: SESSION, find: SESSION_IMPORT, replace: `import { createMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";\n` },
  {
    file: SESSION,
    find: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
`,
    replace: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    const extraction = request.memoryExtraction && !isContinuation ? createMemoryExtraction(execution) : undefined;
    try {
`,
  },
  { file: SESSION, find: SESSION_RUN_MEM, replace: `    if (extraction) await runMemoryExtraction(extraction);\n` },
];
// (b) in prompt(), right after the root is built, handed to runTurn.
const prebuiltInPrompt = [
  splitMemory,
  splitMemoryTail,
  { file: SESSION, find: SESSION_IMPORT, replace: `import { type AgentExecution as Execution } from "../agent/execution";\nimport { createMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";\n` },
  {
    file: SESSION,
    find: `    const outcome = await this.runTurn(root, request, false, 0);
`,
    replace: `    const extraction = request.memoryExtraction ? createMemoryExtraction(root) : undefined;
    const outcome = await this.runTurn(root, request, false, 0, extraction);
`,
  },
  {
    file: SESSION,
    find: `  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number): Promise<string> {
`,
    replace: `  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number, extraction?: Execution): Promise<string> {
`,
  },
  { file: SESSION, find: SESSION_RUN_MEM, replace: `    if (extraction && !isContinuation) await runMemoryExtraction(extraction);\n` },
];

// ---- acknowledgment that replaces the stored entry -----------------------------
const DRAIN_ACK = `    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
`;
// (a) a buffer method builds the updated entry field by field.
const ackCopy = [
  {
    file: BUFFER,
    find: BUF_AT,
    replace: `${BUF_AT}
  // Records that an execution handled a message. Entries are replaced, never mutated.
  acknowledge(message: SteeringMessage, executionId: string): SteeringMessage {
    const handlers = new Set(message.handlers).add(executionId);
    const updated: SteeringMessage = { id: message.id, kind: message.kind, text: message.text, epoch: message.epoch, handlers };
    this.messages[this.messages.indexOf(message)] = updated;
    this.messageById.set(message.id, updated);
    return updated;
  }
`,
  },
  {
    file: DRAIN,
    find: DRAIN_ACK,
    replace: `    let message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message = buffer.acknowledge(message, execution.executionId);
`,
  },
];
// (b) the same with a spread: the copy keeps every property of the entry.
const ackSpread = [
  {
    file: BUFFER,
    find: BUF_AT,
    replace: `${BUF_AT}
  // Records that an execution handled a message. Entries are replaced, never mutated.
  acknowledge(message: SteeringMessage, executionId: string): SteeringMessage {
    const updated: SteeringMessage = { ...message, handlers: new Set(message.handlers).add(executionId) };
    this.messages[this.messages.indexOf(message)] = updated;
    this.messageById.set(message.id, updated);
    return updated;
  }
`,
  },
  ackCopy[1],
];
// (c) a module function rebuilds the entry at an index, frozen, from its destructured fields.
const ackRebuild = [
  {
    file: BUFFER,
    find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
    replace: `// An entry once an execution has handled it: the same fields, one more handler, frozen.
function handledBy(entry: SteeringMessage, executionId: string): SteeringMessage {
  const { id, kind, text, epoch, handlers } = entry;
  return Object.freeze({ id, kind, text, epoch, handlers: new Set(handlers).add(executionId) });
}

// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
  },
  {
    file: BUFFER,
    find: BUF_AT,
    replace: `${BUF_AT}
  markHandled(index: number, executionId: string): SteeringMessage {
    const entry = handledBy(this.messages[index], executionId);
    this.messages[index] = entry;
    this.messageById.set(entry.id, entry);
    return entry;
  }
`,
  },
  {
    file: DRAIN,
    find: DRAIN_ACK,
    replace: `    let message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message = buffer.markHandled(index, execution.executionId);
`,
  },
];


// ---- a follow-up re-announces the steer it amends (wording, in the buffer) ----------
const FOLLOW_UP = `// A steer that reads as a follow-up of the previous one.
const FOLLOW_UP = /^(one more thing|also|plus|and)\\b/i;

`;
const reannounce = (restate, extra = []) => [
  { file: BUFFER, find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`, replace: `${FOLLOW_UP}// Session-owned: every execution of the session reads the same buffer with its own cursor.
` },
  { file: BUFFER, find: BUF_FIELDS, replace: `${BUF_FIELDS}  private lastUser: SteeringMessage | undefined;\n` },
  {
    file: BUFFER,
    find: BUF_PUSH,
    replace: `    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    // A follow-up is announced together with the steer it amends, for every reader.
    const amended = kind === "user" && FOLLOW_UP.test(text) ? this.lastUser : undefined;
    if (amended) this.messages.push(${restate});
    if (kind === "user") this.lastUser = message;
    this.messages.push(message);
`,
  },
  {
    file: BUFFER,
    find: `    this.messages = [];
    this.messageById.clear();
`,
    replace: `    this.messages = [];
    this.messageById.clear();
    this.lastUser = undefined;
`,
  },
  ...extra,
];

// ---- the mutants -------------------------------------------------------------

export const ROUND18 = [
  // ---- harmless neighbours: seed undone, the fence covers it -------------------
  {
    id: "r18-reset-by-method",
    model: "base",
    expect: "harmless",
    description: "The execution class gains `beginRun()` (retry budget, exhausted flag and cursor back to 0), which the graph runner calls when a run starts.",
    why: "The same per-run reset written as a method of the class; the fence still skips every message numbered before the first drain.",
    edits: resetMethod,
  },

  // ---- (1) message objects that carry no number: copies on read -----------------
  {
    id: "r18-view-copy-reset-method",
    model: "base",
    expect: "harmful",
    description: "The buffer's `at(index)` returns a read-only view built field by field (`{ id, kind, text, epoch, handlers }` taken from the stored message), and the execution's `beginRun()` (called by the graph runner when a run starts) resets the cursor.",
    why: "Handing readers a copy rather than the stored entry is a common hardening; the copy shares the handlers set, so acknowledgments still land. The view carries none of the stored object's other properties, so the fence's number does not reach the drain.",
    edits: [
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `  at(index: number): SteeringMessage | undefined {
    const stored = this.messages[index];
    if (!stored) return undefined;
    // Readers get a view; the stored entry stays the buffer's.
    return { id: stored.id, kind: stored.kind, text: stored.text, epoch: stored.epoch, handlers: stored.handlers };
  }
`,
      },
      ...resetMethod,
    ],
  },
  {
    id: "r18-view-helper-reset-method",
    model: "base",
    expect: "harmful",
    description: "A module function `steeringView(message)` destructures the stored message and returns a frozen object of its five fields; `at(index)` returns that view, and the execution's `beginRun()` (called by the runner) resets the cursor.",
    why: "The same read-only view written as a helper outside the class, with `Object.freeze`; the per-run reset as a class method.",
    edits: [
      {
        file: BUFFER,
        find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
        replace: `// What a reader of the buffer gets: the message's fields, frozen (the handlers set stays shared).
function steeringView(message: SteeringMessage): SteeringMessage {
  const { id, kind, text, epoch, handlers } = message;
  return Object.freeze({ id, kind, text, epoch, handlers });
}

// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
      },
      {
        file: BUFFER,
        find: BUF_AT,
        replace: `  at(index: number): SteeringMessage | undefined {
    const stored = this.messages[index];
    return stored === undefined ? undefined : steeringView(stored);
  }
`,
      },
      ...resetMethod,
    ],
  },

  // ---- (2) an execution that cannot take the fence's marks -----------------------
  {
    id: "r18-sealed-execution-reset-method",
    model: "base",
    expect: "harmful",
    description: "The execution's constructor ends with `Object.seal(this)`, and the execution's `beginRun()` (called by the graph runner when a run starts) resets the cursor.",
    why: "Sealing hot objects keeps their shape fixed and catches misspelt fields; existing fields stay writable, so the cursor can still be seeded, but no new property can be added: in sloppy code the fence's marks on the execution are dropped without an error.",
    edits: [
      { file: EXECUTION, find: CTOR_TAIL, replace: `    this.sessionServices.registry.register(this);\n    // Fixed shape: a misspelt field is an error in strict code, never a new property.\n    Object.seal(this);\n  }\n` },
      ...resetMethod,
    ],
  },
  {
    id: "r18-nonextensible-execution-reset-method",
    model: "base",
    expect: "harmful",
    description: "The execution's constructor ends with `Object.preventExtensions(this)`, and `beginRun()` (called by the runner) resets the cursor.",
    why: "The same fixed shape written with preventExtensions; the per-run reset as a class method.",
    edits: [
      { file: EXECUTION, find: CTOR_TAIL, replace: `    this.sessionServices.registry.register(this);\n    Object.preventExtensions(this);\n  }\n` },
      ...resetMethod,
    ],
  },

  // ---- (3) delivered before the skip ---------------------------------------------
  {
    id: "r18-deliver-then-advance-reset-method",
    model: "base",
    expect: "harmful",
    description: "The drain queues and logs each message before it advances the cursor past it (the advance is the loop body's last statement), and the execution's `beginRun()` (called by the graph runner when a run starts) resets the cursor.",
    why: "Advancing only once the message is handed over is the careful order (a throw in between leaves it unread); the fence's place is after the advance, so it comes after the delivery.",
    edits: [
      {
        file: DRAIN,
        find: DRAIN_BODY,
        replace: `    const message = buffer.at(index);
    if (message) {
      message.handlers.add(execution.executionId);
      execution.queueSteering(message);
      execution.sessionServices.logger.info(
        \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
      );
    }
    execution.steeringReaderIndex = index + 1;
  }
`,
      },
      ...resetMethod,
    ],
  },
  {
    id: "r18-thread-follows",
    model: "base",
    expect: "harmful",
    description: "Each user steer links the user steer typed before it (`follows`, set by the buffer's append); the drain also delivers, after a message, the steer it follows when this execution never handled it.",
    why: "Keeping a follow-up next to what it follows is a natural prompt-quality change. A steer typed while a sub-agent (or memory extraction) runs passes the fence, and brings with it a steer the root read before the sub-agent existed.",
    edits: [
      { file: BUFFER, find: BUF_IFACE, replace: `  handlers: Set<string>;\n  follows?: SteeringMessage;\n}\n` },
      { file: BUFFER, find: BUF_FIELDS, replace: `${BUF_FIELDS}  private lastUser: SteeringMessage | undefined;\n` },
      {
        file: BUFFER,
        find: BUF_PUSH,
        replace: `    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    if (kind === "user") {
      message.follows = this.lastUser;
      this.lastUser = message;
    }
    this.messages.push(message);
`,
      },
      {
        file: DRAIN,
        find: DRAIN_DELIVER,
        replace: `${DRAIN_DELIVER}    const earlier = message.follows;
    if (earlier && !earlier.handlers.has(execution.executionId)) {
      earlier.handlers.add(execution.executionId);
      execution.queueSteering(earlier);
${LOG("earlier")}    }
`,
      },
    ],
  },


  // ---- a memory extraction built early (the fence's own case) -----------------
  {
    id: "r18-prebuilt-memory-turn",
    model: "base",
    expect: "harmless",
    description: "The memory-extraction execution is built (`createMemoryExtraction`, the same `new` at depth + 1 with skipHooks) when the root's run starts, in `runTurn`, and run after the root's turn.",
    why: "Registering the turn's executions up front (telemetry, a transcript entry per execution) is ordinary. Its seeded cursor is taken early, and the fence withholds every message that exists when it first drains.",
    edits: prebuiltInTurn,
  },
  {
    id: "r18-prebuilt-memory-prompt",
    model: "base",
    expect: "harmless",
    description: "The memory-extraction execution is built in `prompt()` right after the root and handed to `runTurn` as a parameter, run after the root's turn.",
    why: "The same early construction written in the caller.",
    edits: prebuiltInPrompt,
  },
  {
    id: "r18-ack-spread-prebuilt-turn",
    model: "base",
    expect: "harmless",
    description: "The drain acknowledges through `buffer.acknowledge(message, id)`, which replaces the stored entry with `{ ...message, handlers }` (a new handlers set) and returns it for delivery; the memory extraction is built when the root's run starts.",
    why: "Immutable updates of stored entries are common; the spread carries every property of the entry, the fence's number included.",
    edits: [...prebuiltInTurn, ...ackSpread],
  },
  {
    id: "r18-ack-copy-prebuilt-turn",
    model: "base",
    expect: "harmful",
    description: "The drain acknowledges through `buffer.acknowledge(message, id)`, which replaces the stored entry with a copy built field by field (`{ id, kind, text, epoch, handlers }`, a new handlers set) and returns it for delivery; the memory extraction is built when the root's run starts.",
    why: "An immutable update written out field by field (the type's five fields) is as common as a spread. Every message the root has read is, from then on, an entry the buffer's builder never made: it carries no number, while a message nobody read yet keeps its own, so a steer typed after the child was built but before it runs is still withheld.",
    edits: [...prebuiltInTurn, ...ackCopy],
  },
  {
    id: "r18-ack-rebuild-prebuilt-prompt",
    model: "base",
    expect: "harmful",
    description: "The drain calls `buffer.markHandled(index, id)`, which rebuilds the entry at that index with a module function (destructured fields, one more handler, `Object.freeze`) and returns it for delivery; the memory extraction is built in `prompt()` right after the root.",
    why: "The same replacement of a handled entry, written as a frozen rebuild by index, and the early construction in the caller.",
    edits: [...prebuiltInPrompt, ...ackRebuild],
  },


  // ---- (5) an old steer restated as a new entry: no number, or a new one ---------
  {
    id: "r18-reannounce-same-object",
    model: "base",
    expect: "harmless",
    description: "The buffer's append, for a user steer that reads as a follow-up (`one more thing`, `also`, `plus`, `and`), appends the previous user steer again (the same object) just before it.",
    why: "Keeping an amendment next to what it amends is a plausible prompt-quality change. The re-appended object is the one the builder numbered, so the fence withholds it from an execution that existed when it was first built.",
    edits: reannounce(`amended`),
  },
  {
    id: "r18-reannounce-spread-copy",
    model: "base",
    expect: "harmless",
    description: "As `r18-reannounce-same-object`, but the previous steer is re-appended as a spread copy (`{ ...amended }`, same id, same handlers set).",
    why: "A copy so the two entries can be told apart by identity; the spread carries the builder's number with it.",
    edits: reannounce(`{ ...amended }`),
  },
  {
    id: "r18-reannounce-field-copy",
    model: "base",
    expect: "harmful",
    description: "As `r18-reannounce-same-object`, but the previous steer is re-appended as a restatement built field by field (`{ id, kind, text, epoch: this.epoch, handlers }` taken from it): same id, the current epoch.",
    why: "Restating the amended steer in the current epoch is a natural way to write it. The restatement is not the builder's literal, so it carries no number and the fence lets it through: a sub-agent or memory extraction live when the follow-up is typed is handed the steer the root read before it existed.",
    edits: reannounce(`{ id: amended.id, kind: amended.kind, text: amended.text, epoch: this.epoch, handlers: amended.handlers }`),
  },
  {
    id: "r18-reannounce-restated-helper",
    model: "base",
    expect: "harmful",
    description: "As `r18-reannounce-field-copy`, the restatement written as a module function `restated(message, epoch)` that destructures the steer and returns `{ id, kind, text, epoch, handlers }`.",
    why: "The same restatement in a helper outside the class, with shorthand fields; it is not the builder's `handlers: new Set()` literal, so it is not numbered.",
    edits: reannounce(`restated(amended, this.epoch)`, [
      {
        file: BUFFER,
        find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
        replace: `// A steer restated in another epoch: the same id, text and handlers.
function restated(message: SteeringMessage, epoch: number): SteeringMessage {
  const { id, kind, text, handlers } = message;
  return { id, kind, text, epoch, handlers };
}

// Session-owned: every execution of the session reads the same buffer with its own cursor.
`,
      },
    ]),
  },
  {
    id: "r18-reannounce-rebuilt-in-loop",
    model: "base",
    expect: "harmful",
    description: "The buffer's append builds its entries in a loop over `[id, text]` pairs with the builder's one literal; for a follow-up the pairs are the previous user steer's (its own id) and the follow-up, so the earlier steer is built again, in the current epoch, with a fresh handlers set.",
    why: "Re-announcing by rebuilding through the one construction the buffer has is the tidy way to write it. The builder's literal is the one the fence numbers, so the rebuilt steer gets a new number, above the count the live execution recorded on its first drain: the fence passes an old steer.",
    edits: [
      { file: BUFFER, find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`, replace: `${FOLLOW_UP}// Session-owned: every execution of the session reads the same buffer with its own cursor.
` },
      { file: BUFFER, find: BUF_FIELDS, replace: `${BUF_FIELDS}  private lastUser: SteeringMessage | undefined;\n` },
      {
        file: BUFFER,
        find: `${BUF_PUSH}    this.messageById.set(id, message);
`,
        replace: `    // A follow-up is announced together with the steer it amends: both are built as entries of this epoch.
    const amended = kind === "user" && FOLLOW_UP.test(text) ? this.lastUser : undefined;
    const entries: [string, string][] = amended ? [[amended.id, amended.text], [id, text]] : [[id, text]];
    let message!: SteeringMessage;
    for (const [entryId, entryText] of entries) {
      message = { id: entryId, kind, text: entryText, epoch: this.epoch, handlers: new Set() };
      this.messages.push(message);
      this.messageById.set(entryId, message);
    }
    if (kind === "user") this.lastUser = message;
`,
      },
      {
        file: BUFFER,
        find: `    this.messages = [];
    this.messageById.clear();
`,
        replace: `    this.messages = [];
    this.messageById.clear();
    this.lastUser = undefined;
`,
      },
    ],
  },
  {
    id: "r18-ack-copy-reannounce-stored",
    model: "base",
    expect: "harmful",
    description: "The drain acknowledges through `buffer.acknowledge(message, id)`, which replaces the stored entry (array and id map) with a copy built field by field and returns it for delivery; the append re-announces, before a follow-up, the stored entry of the previous user steer (`messageById.get(lastUserId)`).",
    why: "Re-appending the stored entry itself is what the fence covers (`r18-reannounce-same-object` is applied and fixed); but once the root has acknowledged the steer, the stored entry is the acknowledgment's copy, which the builder never numbered.",
    edits: [
      { file: BUFFER, find: `// Session-owned: every execution of the session reads the same buffer with its own cursor.
`, replace: `${FOLLOW_UP}// Session-owned: every execution of the session reads the same buffer with its own cursor.
` },
      { file: BUFFER, find: BUF_FIELDS, replace: `${BUF_FIELDS}  private lastUserId: string | undefined;\n` },
      {
        file: BUFFER,
        find: BUF_PUSH,
        replace: `    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    // A follow-up is announced together with the steer it amends, for every reader.
    const amended = kind === "user" && FOLLOW_UP.test(text) && this.lastUserId ? this.messageById.get(this.lastUserId) : undefined;
    if (amended) this.messages.push(amended);
    if (kind === "user") this.lastUserId = id;
    this.messages.push(message);
`,
      },
      {
        file: BUFFER,
        find: `    this.messages = [];
    this.messageById.clear();
`,
        replace: `    this.messages = [];
    this.messageById.clear();
    this.lastUserId = undefined;
`,
      },
      ...ackCopy,
    ],
  },
  {
    id: "r18-ack-rebuild-reannounce-stored",
    model: "base",
    expect: "harmful",
    description: "The drain calls `buffer.markHandled(index, id)`, which rebuilds the entry at that index (a module function: destructured fields, one more handler, `Object.freeze`) and stores it in the array and the id map; the append re-announces, before a follow-up, the stored entry of the previous user steer.",
    why: "The same replacement of a handled entry written by index with a frozen rebuild; the re-announced entry is again one the builder never numbered.",
    edits: [],
  },
  {
    id: "r18-ack-spread-reannounce-stored",
    model: "base",
    expect: "harmless",
    description: "As `r18-ack-copy-reannounce-stored`, but the acknowledgment's copy is a spread (`{ ...message, handlers }`).",
    why: "The spread keeps the builder's number on the stored copy, so the re-announced entry is withheld from an execution that existed when it was first built.",
    edits: [],
  },
  // ---- controls ---------------------------------------------------------------------
  {
    id: "r18-control-briefing-at-spawn",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool queues, into the new sub-agent, every steering message its parent's prompts held (a briefing), outside the drain.",
    why: "Briefing a delegate with what the user said is a plausible feature; it is a delivery to an execution's queue outside the drain, which the proof accounts for: the tool must refuse.",
    edits: [
      {
        file: TOOL,
        find: SUB_AFTER_NEW,
        replace: `  for (const briefing of state.execution.prompts.flat()) subAgentExecution.queueSteering(briefing);
${SUB_AFTER_NEW}`,
      },
    ],
  },
];

// The spread neighbour shares the copy mutant's re-announce, with the spread acknowledgment.
{
  const copy = ROUND18.find((m) => m.id === "r18-ack-copy-reannounce-stored");
  const spread = ROUND18.find((m) => m.id === "r18-ack-spread-reannounce-stored");
  spread.edits = [...copy.edits.slice(0, -ackCopy.length), ...ackSpread];
}
{
  const copy = ROUND18.find((m) => m.id === "r18-ack-copy-reannounce-stored");
  const rebuild = ROUND18.find((m) => m.id === "r18-ack-rebuild-reannounce-stored");
  rebuild.edits = [...copy.edits.slice(0, -ackCopy.length), ...ackRebuild];
}
