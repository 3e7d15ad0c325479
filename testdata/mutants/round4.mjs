// Round 4 of the mutation suite: the neighbours of shapes the closed world
// accepts (docs/PROOF.md), written from the rules' text. Same format as
// MUTANTS in mutants.mjs (id, model, expect, description, why, edits), which
// appends ROUND4 to MUTANTS. The snippets below are spelled exactly as they
// occur in the model sources; they are defined here rather than imported from
// mutants.mjs, which imports this file.
//
// Harmful neighbours, two spellings each:
//   (a) a delegate built ahead of time and kept behind a WeakRef, used later
//   (b) memory extraction's execution built at turn start, handed to a
//       promise's resolver and run at turn end
//   (c) steering the session kept pushed into the child's queue through a local
//   (d) a delivery method reached by a computed name
//   (e) a lazily initialised name the drain depends on, reassigned by a for-of
//       or for-in head (which an assignment count does not see)
//   (f) the private helper that builds the root also building the delegates of
//       top-level agents (and their memory pass), with no depth
//   (g) the cursor written by a for-of head (plain, or an object pattern in it)
// Harmless neighbours, two spellings each:
//   (h) a log line chained onto the child's run, reading the child
//   (i) an acknowledge method that also logs
//   (j) memory extraction's options as a module-level frozen object

// ---- base model (../model/src) -------------------------------------------

const BASE_TOOL = "src/tools/invoke-sub-agent.ts";
const BASE_MEMORY = "src/memory/memory-extraction.ts";
const BASE_EXECUTION = "src/agent/execution.ts";
const BASE_BUFFER = "src/steering/live-steering-buffer.ts";
const BASE_SESSION = "src/session/session.ts";
const BASE_DRAIN = "src/steering/live-steering-hook.ts";
const BASE_NODES = "src/graph/nodes.ts";

const BASE_SUB_NEW = `  const subAgentExecution = new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`;
const BASE_AFTER_SUB_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const baseAfterSubNew = (code) => ({ file: BASE_TOOL, find: BASE_AFTER_SUB_NEW, replace: code + BASE_AFTER_SUB_NEW });
const BASE_SUB_RUN = `  const result = await runExecution(subAgentExecution);
`;
const BASE_TOOL_TOP = `export const MAX_SUB_AGENT_DEPTH = 4;
`;

const BASE_MEMORY_ENTRY = `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
`;
const BASE_MEMORY_NEW = `  const extraction = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
`;
const BASE_MEMORY_RUN = `  try {
    await runExecution(extraction);
`;
const BASE_MEMORY_PROMPT = `const MEMORY_SYSTEM_PROMPT = "Extract durable facts about the user and the workspace from the conversation.";
`;
const BASE_MEMORY_CALL = `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
`;
const BASE_MEMORY_IMPORT = `import { runMemoryExtraction } from "../memory/memory-extraction";
`;

// A place in the execution class for a new method (before queueSteering).
const BASE_CLASS_METHOD_SLOT = `  queueSteering(message: SteeringMessage): void {
`;
const baseMethod = (code) => ({ file: BASE_EXECUTION, find: BASE_CLASS_METHOD_SLOT, replace: code + "\n" + BASE_CLASS_METHOD_SLOT });
// The last member of SessionServices, and of the object the session builds for it.
const BASE_SERVICES_LAST = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
`;
const BASE_SERVICES_LITERAL_LAST = `      model: this.model,
`;

const BASE_ROOT_NEW = `    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    });
`;
const BASE_CONTINUATION_NEW = `      const continuation = new AgentExecution({
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.turnController!.signal,
        agentName: "kiro",
      });
`;

// ---- third model (../model/third) ----------------------------------------

const THIRD_TOOL = "third/tools/invoke-sub-agent-tool.ts";
const THIRD_AGENT_TOOL = "third/tools/agent-tool.ts";
const THIRD_TOOLBOX = "third/tools/toolbox.ts";
const THIRD_MEMORY = "third/memory/memory-extractor.ts";
const THIRD_EXECUTION = "third/agent/agent-execution.ts";
const THIRD_GRAPH = "third/graph/turn-graph.ts";
const THIRD_SESSION = "third/session/kiro-session.ts";
const THIRD_SERVICES = "third/session/session-services.ts";
const THIRD_BUFFER = "third/steering/steering-buffer.ts";
const THIRD_DRAIN = "third/steering/live-steering-hook.ts";
const THIRD_TYPES = "third/steering/steering-types.ts";

const THIRD_SUB_NEW = `    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
`;
const THIRD_AFTER_SUB_NEW = `    this.spawned += 1;
`;
const thirdAfterSubNew = (code) => ({ file: THIRD_TOOL, find: THIRD_AFTER_SUB_NEW, replace: code + THIRD_AFTER_SUB_NEW });
const THIRD_SUB_RUN = `    await context.runSubExecution(subAgentExecution);
`;
const THIRD_TOOL_TOP = `export const MAX_SUB_AGENT_DEPTH = 8;
`;

const THIRD_MEMORY_NEW = `    const extraction = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      agentName: MEMORY_EXTRACTION_AGENT,
      subExecutionDepth: parent.subExecutionDepth + 1,
      skipHooks: true,
    });
`;
const THIRD_MEMORY_RUN = `    try {
      await this.runExecution(extraction);
`;
const THIRD_MEMORY_ENTRY = `  async extract(parent: AgentExecution): Promise<boolean> {
`;
const THIRD_MEMORY_CALL = `      if (memorySetting && !continued) await this.memory.extract(execution);
`;
const THIRD_SERVICES_LAST = `  readonly executions?: ExecutionTracker;
`;
const THIRD_SERVICES_LITERAL_LAST = `      executions: this.executions,
`;
const THIRD_ROOT_NEW = `    let execution = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: controller.signal,
      agentName: ROOT_AGENT,
    });
`;
const THIRD_CONTINUATION_NEW = `      execution = new AgentExecution({
        sessionServices: this.services,
        promptContext: this.promptContext,
        signal: controller.signal,
        agentName: ROOT_AGENT,
      });
`;

export const ROUND4 = [
  // ---- (a) a delegate built ahead and kept behind a WeakRef ------------------------------
  {
    id: "delegate-prewarmed-weakref",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool keeps a prewarmed delegate per parent, `prewarmed.set(parent, new WeakRef(buildDelegate(parent, \"sub-agent\")))` (the session prewarms one for each root it runs, the tool another after each delegation); a delegation takes `prewarmed.get(parent)?.deref()` (or builds one), names it and runs it.",
    why: "Building the next delegate off the critical path and holding it weakly (so a parent that never delegates again does not pin it) is an ordinary latency optimisation. The child goes to calls (`buildDelegate` returns it, `new WeakRef(…)` takes it) and so looks handed on, but it is kept: a seed at its construction runs before the steers typed before the delegation, which the child replays (seed mode).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// Each parent's next delegate, built while the parent is still thinking. Held weakly: a parent that
// never delegates again does not keep it alive.
const prewarmed = new Map<AgentExecution, WeakRef<AgentExecution>>();

function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  return new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
}

// Builds the delegate the parent's next invoke-sub-agent call will run (named then).
export function prewarmDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  prewarmed.set(parent, new WeakRef(buildDelegate(parent, "sub-agent")));
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const warm = prewarmed.get(state.execution)?.deref();
  prewarmed.delete(state.execution);
  const subAgentExecution = warm ?? buildDelegate(state.execution, subagentId);
  (subAgentExecution as { agentName: string }).agentName = subagentId;
`,
      },
      { file: BASE_TOOL, find: BASE_SUB_RUN, replace: `${BASE_SUB_RUN}  prewarmDelegate(state.execution);
` },
      {
        file: BASE_SESSION,
        find: BASE_MEMORY_IMPORT,
        replace: `${BASE_MEMORY_IMPORT}import { prewarmDelegate } from "../tools/invoke-sub-agent";
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
`,
        replace: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    prewarmDelegate(execution);
`,
      },
    ],
  },
  {
    id: "third-delegate-standby-weakref",
    model: "third",
    expect: "harmful",
    description: "Third model: tools gain a `warmUp(execution)` hook that the turn graph calls (through `Toolbox.warmUp`) when an execution starts running; the sub-agent tool keeps a standby delegate per parent, `this.standby.set(parent.executionId, new WeakRef(this.buildDelegate(parent, \"general\")))` and a delegation takes the standby delegate (renamed) or builds one, warming another after the child returns.",
    why: "As delegate-prewarmed-weakref, through a tool-lifecycle hook and a map keyed by the parent's id held in the tool instance: the child only ever appears as an argument (`new WeakRef(…)`) or a method's return, yet it is built long before it runs.",
    edits: [
      {
        file: THIRD_AGENT_TOOL,
        find: `  protected abstract run(context: ToolContext, input: Input): Promise<ToolResult>;
`,
        replace: `  protected abstract run(context: ToolContext, input: Input): Promise<ToolResult>;

  /** Called when an execution that may call this tool starts running; most tools need nothing. */
  warmUp(_execution: AgentExecution): void {}
`,
      },
      {
        file: THIRD_TOOLBOX,
        find: `import { PromptFailedError } from "../util/errors";
`,
        replace: `import type { AgentExecution } from "../agent/agent-execution";
import { PromptFailedError } from "../util/errors";
`,
      },
      {
        file: THIRD_TOOLBOX,
        find: `  async call(name: string, context: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
`,
        replace: `  /** Lets every tool prepare for an execution that starts running. */
  warmUp(execution: AgentExecution): void {
    for (const tool of this.byName.values()) tool.warmUp(execution);
  }

  async call(name: string, context: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
`,
      },
      {
        file: THIRD_TOOL,
        find: `  private spawned = 0;
`,
        replace: `  private spawned = 0;
  /** The delegate each running parent (by execution id) will hand its next task to, held weakly. */
  private readonly standby = new Map<string, WeakRef<AgentExecution>>();

  override warmUp(parent: AgentExecution): void {
    if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
    this.standby.set(parent.executionId, new WeakRef(this.buildDelegate(parent, "general")));
  }

  private buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
    return new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName,
    });
  }
`,
      },
      {
        file: THIRD_TOOL,
        find: THIRD_SUB_NEW,
        replace: `    const standing = this.standby.get(parent.executionId)?.deref();
    this.standby.delete(parent.executionId);
    const subAgentExecution = standing ?? this.buildDelegate(parent, subagentId);
    if (standing) (standing as { agentName: string }).agentName = subagentId;
`,
      },
      { file: THIRD_TOOL, find: THIRD_SUB_RUN, replace: `${THIRD_SUB_RUN}    this.warmUp(parent);
` },
      {
        file: THIRD_GRAPH,
        find: `    execution.status = ExecutionStatus.Running;
`,
        replace: `    execution.status = ExecutionStatus.Running;
    execution.sessionServices.toolbox.warmUp(execution);
`,
      },
    ],
  },

  // ---- (b) memory extraction built at turn start, handed to a promise's resolver -----------
  {
    id: "memory-built-at-turn-start",
    model: "base",
    expect: "harmful",
    description: "Memory extraction's execution is built when the turn starts, by `prepareMemoryExtraction(root)`, which returns `new Promise((resolve) => { resolve(new AgentExecution({… skipHooks: true})) })`; the turn awaits that promise after the root has finished and runs the execution then.",
    why: "Preparing an internal pass while its inputs are at hand and running it later is a common structure. The construction is handed straight to a call (the promise's resolver), yet it is kept for the whole turn: a seed at `new` is taken at turn start, before every steer of the turn, which memory extraction then receives (seed mode).",
    edits: [
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_ENTRY + BASE_MEMORY_NEW,
        replace: `// The memory pass is built when the turn starts, while the root's context is at hand, and handed
// over through a promise; the turn runs it once the root has finished.
export function prepareMemoryExtraction(execution: AgentExecution): Promise<AgentExecution> {
  return new Promise((resolve) => {
    resolve(
      new AgentExecution({
        sessionServices: execution.sessionServices,
        promptContext: memoryPromptContext(execution.promptContext),
        signal: execution.abortController.signal,
        subExecutionDepth: execution.subExecutionDepth + 1,
        agentName: "memory-extraction",
        skipHooks: true,
      }),
    );
  });
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution, prepared: Promise<AgentExecution>): Promise<void> {
  const extraction = await prepared;
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_MEMORY_IMPORT,
        replace: `import { prepareMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";
`,
      },
      {
        file: BASE_SESSION,
        find: `    const buffer = this.sessionServices.liveSteering;
    if (isContinuation) {
`,
        replace: `    const buffer = this.sessionServices.liveSteering;
    const memoryPass = request.memoryExtraction && !isContinuation ? prepareMemoryExtraction(execution) : undefined;
    if (isContinuation) {
`,
      },
      { file: BASE_SESSION, find: BASE_MEMORY_CALL, replace: `    if (memoryPass) await runMemoryExtraction(execution, memoryPass);
` },
    ],
  },
  {
    id: "third-memory-deferred-handoff",
    model: "third",
    expect: "harmful",
    description: "Third model: `MemoryExtractor.prepare(parent)` builds the memory pass when the prompt starts and hands it to a deferred's resolver (`handoff.resolve(new AgentExecution({…}))`, `deferred()` a module-level helper); the session awaits `handoff.promise` after the root's first run and passes the execution to `extract(parent, prepared)`.",
    why: "As memory-built-at-turn-start, through a deferred object whose `resolve` is a member call: the construction is an argument of a call and then sits in a promise for the whole root run.",
    edits: [
      {
        file: THIRD_MEMORY,
        find: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
`,
        replace: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

/** A promise with its resolver at hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
`,
      },
      {
        file: THIRD_MEMORY,
        find: THIRD_MEMORY_ENTRY + THIRD_MEMORY_NEW,
        replace: `  /** Builds the memory pass when the prompt starts; the session hands it to extract() once the root has run. */
  prepare(parent: AgentExecution): Promise<AgentExecution> {
    const handoff = deferred<AgentExecution>();
    handoff.resolve(
      new AgentExecution({
        sessionServices: parent.sessionServices,
        promptContext: parent.promptContext,
        signal: parent.signal,
        agentName: MEMORY_EXTRACTION_AGENT,
        subExecutionDepth: parent.subExecutionDepth + 1,
        skipHooks: true,
      }),
    );
    return handoff.promise;
  }

  async extract(parent: AgentExecution, prepared: Promise<AgentExecution>): Promise<boolean> {
    const extraction = await prepared;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    let continued = false;
`,
        replace: `    let continued = false;
    const memoryPass = memorySetting ? this.memory.prepare(execution) : undefined;
`,
      },
      { file: THIRD_SESSION, find: THIRD_MEMORY_CALL, replace: `      if (memoryPass && !continued) await this.memory.extract(execution, memoryPass);
` },
    ],
  },

  // ---- (c) steering the session kept, pushed into the child's queue through a local -------
  {
    id: "briefing-through-queue-alias",
    model: "base",
    expect: "harmful",
    description: "The session keeps each user entry the buffer's `push` returns in `sessionServices.briefing` (emptied at each prompt and on clear); the sub-agent tool binds `const inbox = child.queuedSteering` and pushes the briefing into it before the child runs.",
    why: "Briefing a delegate with what the user asked for this turn is a plausible feature; reaching the private queue through a local (no `queueSteering` call, no member push on the child) is how code written against a private field looks once types are erased. Steers reach the child outside the drain, so neither a seed nor a drain gate stops them.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_SERVICES_LAST,
        replace: `${BASE_SERVICES_LAST}  // The user's steers of the current turn, as the buffer recorded them (to brief delegates).
  briefing: SteeringMessage[];
`,
      },
      { file: BASE_SESSION, find: BASE_SERVICES_LITERAL_LAST, replace: `${BASE_SERVICES_LITERAL_LAST}      briefing: [],
` },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("user", text);
`,
        replace: `    this.sessionServices.briefing.push(this.sessionServices.liveSteering.push("user", text));
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.clear("_session/steer/clear");
`,
        replace: `    this.sessionServices.liveSteering.clear("_session/steer/clear");
    this.sessionServices.briefing.length = 0;
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.turnController = new AbortController();
`,
        replace: `    this.turnController = new AbortController();
    this.sessionServices.briefing.length = 0;
`,
      },
      {
        file: BASE_TOOL,
        find: `import { recordSpan } from "../telemetry/spans";
`,
        replace: `import type { SteeringMessage } from "../steering/live-steering-buffer";
import { recordSpan } from "../telemetry/spans";
`,
      },
      baseAfterSubNew(`  // The sub-agent's first prompt carries what the user asked for this turn.
  const inbox = (subAgentExecution as unknown as { queuedSteering: SteeringMessage[] }).queuedSteering;
  for (const entry of state.execution.sessionServices.briefing) inbox.push(entry);
`),
    ],
  },
  {
    id: "third-typed-steering-inbox-alias",
    model: "third",
    expect: "harmful",
    description: "Third model: the session keeps the text of each steer by the id `add` returns in a `Map` (`sessionServices.typedSteering`, cleared at each prompt and on clear); the sub-agent tool destructures `const { steeringInbox: inbox } = child` and pushes `{ ref, kind: \"user\", body }` for every kept steer.",
    why: "As briefing-through-queue-alias, with the inbox bound by a destructuring pattern and the steering kept as an id-to-text map rather than the buffer's entries.",
    edits: [
      {
        file: THIRD_SERVICES,
        find: THIRD_SERVICES_LAST,
        replace: `${THIRD_SERVICES_LAST}  /** the text of each steer typed during the current turn, by message id */
  readonly typedSteering?: ReadonlyMap<string, string>;
`,
      },
      {
        file: THIRD_SESSION,
        find: `  private ownedExecutionId: string | undefined;
`,
        replace: `  private ownedExecutionId: string | undefined;
  private readonly typed = new Map<string, string>();
`,
      },
      { file: THIRD_SESSION, find: THIRD_SERVICES_LITERAL_LAST, replace: `${THIRD_SERVICES_LITERAL_LAST}      typedSteering: this.typed,
` },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text);
`,
        replace: `    const id = this.services.steeringBuffer.add(text);
    this.typed.set(id, text);
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    this.services.steeringBuffer.clear("_session/steer/clear");
`,
        replace: `    this.services.steeringBuffer.clear("_session/steer/clear");
    this.typed.clear();
`,
      },
      {
        file: THIRD_SESSION,
        find: `    this.activeTurn = controller;
`,
        replace: `    this.activeTurn = controller;
    this.typed.clear();
`,
      },
      thirdAfterSubNew(`    // The sub-agent's first prompt carries what the user typed this turn.
    const { steeringInbox: inbox } = subAgentExecution;
    for (const [ref, body] of parent.sessionServices.typedSteering ?? []) inbox.push({ ref, kind: "user", body });
`),
    ],
  },

  // ---- (d) a delivery method reached by a computed name ---------------------------------
  {
    id: "catch-up-by-computed-method",
    model: "base",
    expect: "harmful",
    description: "The execution class gains `enqueueUserMessage`/`enqueueNotificationMessage` (each calls `queueSteering`) and `catchUp(messages)`, which calls ``this[`enqueue${channel}Message`](message)`` for each; the sub-agent tool calls `child.catchUp(parent.prompts.flat())` after `new`.",
    why: "Per-kind entry points dispatched by a computed name are common, and catching a delegate up with what its parent was told is a plausible feature. `catchUp` reaches the queue only through a computed member of `this`, so it delivers without being spelled as a delivery method; steers reach the child outside the drain.",
    edits: [
      baseMethod(`  // Per-kind entry points into this execution's queue: user steers and workflow notices.
  enqueueUserMessage(message: SteeringMessage): void {
    this.queueSteering(message);
  }

  enqueueNotificationMessage(message: SteeringMessage): void {
    this.queueSteering(message);
  }

  // Brings a new execution up to date with the steering another execution was handed.
  catchUp(messages: readonly SteeringMessage[]): void {
    for (const message of messages) {
      const channel = message.kind === "user" ? "User" : "Notification";
      (this as unknown as Record<string, (m: SteeringMessage) => void>)[\`enqueue\${channel}Message\`](message);
    }
  }
`),
      baseAfterSubNew(`  // A delegate starts where its parent is: with the steering the parent was handed.
  subAgentExecution.catchUp(state.execution.prompts.flat());
`),
    ],
  },
  {
    id: "third-brief-by-delivery-table",
    model: "third",
    expect: "harmful",
    description: "Third model: the sub-agent tool hands the child every item of its parent's prompts through `child[DELIVERY[item.kind]](item)`, `DELIVERY` a module-level table mapping each steering kind to the inbox method's name (`\"enqueueSteering\"`).",
    why: "A kind-to-handler table is how routing by kind is often written; the method name comes from a lookup, so the call is computed in both builds (the minifier cannot fold it). The parent's own prompts are the source: neither the buffer nor a cursor is involved.",
    edits: [
      {
        file: THIRD_TOOL,
        find: THIRD_TOOL_TOP,
        replace: `${THIRD_TOOL_TOP}
/** Which inbox method takes which kind of steering (one entry per kind, so that kinds can be routed apart later). */
const DELIVERY: Record<"user" | "notification", "enqueueSteering"> = { user: "enqueueSteering", notification: "enqueueSteering" };
`,
      },
      thirdAfterSubNew(`    // The sub-agent is briefed with the steering its parent was handed.
    for (const record of parent.prompts) {
      for (const item of record.steering) subAgentExecution[DELIVERY[item.kind]](item);
    }
`),
    ],
  },

  // ---- (e) a lazily initialised name reassigned by a for-of head -------------------------
  {
    id: "drain-flag-for-of-head",
    model: "base",
    expect: "harmful",
    description: "Memory extraction is loaded on first use (`await import(\"../memory/memory-extraction\")`), so esbuild wraps it and what it imports (the graph, the drain) in `__esm` initialisers; the drain's module declares `let catchUpOnFirstPrompt = false`, then `for (catchUpOnFirstPrompt of CATCH_UP_ROLLOUT);` with the rollout `[true]`, and an execution's first drain starts at 0 when the flag is set.",
    why: "A lazily initialised name assigned once is bound to its value (here `false`, an ordinary drain); a for-of head is an assignment no `=` count sees. A \"last entry wins\" loop over a rollout table is odd but plain JavaScript: at run time every execution's first drain reads the turn from its start, whatever its cursor was seeded to (seed mode).",
    edits: [
      { file: BASE_SESSION, find: BASE_MEMORY_IMPORT, replace: "" },
      {
        file: BASE_SESSION,
        find: BASE_MEMORY_CALL,
        replace: `    if (request.memoryExtraction && !isContinuation) {
      // Memory extraction is loaded on first use.
      const { runMemoryExtraction } = await import("../memory/memory-extraction");
      await runMemoryExtraction(execution);
    }
`,
      },
      {
        file: BASE_DRAIN,
        find: `// Called at MODEL_INVOKE for every execution, root and sub alike.
`,
        replace: `// Whether an execution's first drain catches it up with the whole turn (an experiment behind a
// rollout list; the last entry wins).
const CATCH_UP_ROLLOUT: boolean[] = [true];
let catchUpOnFirstPrompt = false;
for (catchUpOnFirstPrompt of CATCH_UP_ROLLOUT);

// Called at MODEL_INVOKE for every execution, root and sub alike.
`,
      },
      {
        file: BASE_DRAIN,
        find: `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`,
        replace: `  const start = catchUpOnFirstPrompt && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
  for (let index = start; index < buffer.length; index++) {
`,
      },
    ],
  },
  {
    id: "third-drain-mode-for-in-head",
    model: "third",
    expect: "harmful",
    description: "Third model: `steering-types.ts` gains `export let catchUpMode = \"off\"` followed by `for (catchUpMode in CATCH_UP_ROLLOUT);` with `{ \"first-prompt\": true }`; the session loads that module on demand for a features report (`await import(\"../steering/steering-types\")`, so esbuild wraps it in `__esm`), and the drain starts an execution's first drain at 0 when the mode is \"first-prompt\".",
    why: "As drain-flag-for-of-head, with a for-in head (keys are assigned, not values) in a small module that only a dynamic import wraps, read by the drain method on the lowered shape: bound to \"off\" by its one `=`, \"first-prompt\" at run time.",
    edits: [
      {
        file: THIRD_TYPES,
        find: `/** What the drain hands an execution: a reference to the buffer message and its text. */
`,
        replace: `/**
 * How an execution's first drain starts: "off" reads from its cursor, "first-prompt" catches a new
 * execution up with the whole turn. The rollout lists the modes this build enables (the last key wins).
 */
export let catchUpMode = "off";
const CATCH_UP_ROLLOUT = { "first-prompt": true };
for (catchUpMode in CATCH_UP_ROLLOUT);

/** What the drain hands an execution: a reference to the buffer message and its text. */
`,
      },
      {
        file: THIRD_DRAIN,
        find: `import type { QueuedSteering, SteeringMessage } from "./steering-types";
`,
        replace: `import { catchUpMode, type QueuedSteering, type SteeringMessage } from "./steering-types";
`,
      },
      {
        file: THIRD_DRAIN,
        find: `    for (let i = execution.steeringReaderIndex; i < buffer.count; i++) {
`,
        replace: `    const start = catchUpMode === "first-prompt" && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
    for (let i = start; i < buffer.count; i++) {
`,
      },
      {
        file: THIRD_SESSION,
        find: `  /** session/cancel */
`,
        replace: `  /** _session/steer/features: the steering features this build runs with (loaded on demand). */
  async steeringFeatures(): Promise<{ catchUpMode: string }> {
    const { catchUpMode } = await import("../steering/steering-types");
    return { catchUpMode };
  }

  /** session/cancel */
`,
      },
    ],
  },

  // ---- (f) the root's private helper also builds the delegates of top-level agents --------
  {
    id: "root-helper-builds-top-level-delegates",
    model: "base",
    expect: "harmful",
    description: "The session's private `newTopLevelExecution(agentName)` (no depth) builds the root and its continuation, and, through `sessionServices.spawnTopLevel`, the delegates of a top-level agent: the sub-agent tool and memory extraction use it when the parent is at depth 0 (their own `new AgentExecution({… depth + 1})` stays for deeper parents).",
    why: "Running a top-level agent's delegates beside it as peers (so they show as top-level executions) is a plausible product change, and folding it into the root's helper is a routine refactor. Those executions are root constructions by their spelling, so nothing seeds them and a depth gate does not see them; memory extraction built that way receives the turn's steering again (both modes).",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_SERVICES_LAST,
        replace: `${BASE_SERVICES_LAST}  // Builds an execution beside the root (no depth): the delegates of a top-level agent.
  spawnTopLevel?: (agentName: string) => AgentExecution;
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_SERVICES_LITERAL_LAST,
        replace: `${BASE_SERVICES_LITERAL_LAST}      spawnTopLevel: (agentName) => this.newTopLevelExecution(agentName),
`,
      },
      {
        file: BASE_SESSION,
        find: `  async prompt(request: TurnRequest): Promise<string> {
`,
        replace: `  // Every top-level execution of a turn: the root, its continuation, and the delegates of a
  // top-level agent, which run beside it as peers.
  private newTopLevelExecution(agentName: string): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController!.signal,
      agentName,
    });
  }

  async prompt(request: TurnRequest): Promise<string> {
`,
      },
      { file: BASE_SESSION, find: BASE_ROOT_NEW, replace: `    const root = this.newTopLevelExecution("kiro");
` },
      { file: BASE_SESSION, find: BASE_CONTINUATION_NEW, replace: `      const continuation = this.newTopLevelExecution("kiro");
` },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const spawnTopLevel = state.execution.sessionServices.spawnTopLevel;
  const subAgentExecution =
    currentDepth === 0 && spawnTopLevel
      ? spawnTopLevel(subagentId)
      : new AgentExecution({
          sessionServices: state.execution.sessionServices,
          promptContext: state.execution.promptContext,
          signal: state.execution.abortController.signal,
          subExecutionDepth: currentDepth + 1,
          agentName: subagentId,
        });
`,
      },
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_NEW,
        replace: `  const spawnTopLevel = execution.sessionServices.spawnTopLevel;
  const extraction =
    execution.subExecutionDepth === 0 && spawnTopLevel
      ? spawnTopLevel("memory-extraction")
      : new AgentExecution({
          sessionServices: execution.sessionServices,
          promptContext: memoryPromptContext(execution.promptContext),
          signal: execution.abortController.signal,
          subExecutionDepth: execution.subExecutionDepth + 1,
          agentName: "memory-extraction",
          skipHooks: true,
        });
`,
      },
    ],
  },
  {
    id: "third-root-helper-builds-top-level-delegates",
    model: "third",
    expect: "harmful",
    description: "Third model: the session's private `topLevelExecution(agentName)` builds the root and its continuation, the sub-agents of a top-level parent (through `sessionServices.spawnTopLevel`) and the root's memory pass (the helper injected into `MemoryExtractor`'s constructor); the tool's and the extractor's own depth + 1 constructions stay for deeper parents.",
    why: "As root-helper-builds-top-level-delegates, the helper reaching memory extraction by constructor injection rather than through the services, on the lowered shape.",
    edits: [
      {
        file: THIRD_SERVICES,
        find: THIRD_SERVICES_LAST,
        replace: `${THIRD_SERVICES_LAST}  /** builds an execution beside the root (no depth): the delegates of a top-level agent */
  readonly spawnTopLevel?: (agentName: string) => AgentExecution;
`,
      },
      {
        file: THIRD_SESSION,
        find: THIRD_SERVICES_LITERAL_LAST,
        replace: `${THIRD_SERVICES_LITERAL_LAST}      spawnTopLevel: (agentName) => this.topLevelExecution(agentName),
`,
      },
      {
        file: THIRD_SESSION,
        find: `  private readonly memory = new MemoryExtractor(this.graph.runSubExecution);
`,
        replace: `  private readonly memory = new MemoryExtractor(this.graph.runSubExecution, (agentName) => this.topLevelExecution(agentName));
`,
      },
      {
        file: THIRD_SESSION,
        find: `  get currentExecutionId(): string | undefined {
`,
        replace: `  /** Every top-level execution of a prompt: the root, its continuation, and the delegates of a top-level agent. */
  private topLevelExecution(agentName: string): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.activeTurn!.signal,
      agentName,
    });
  }

  get currentExecutionId(): string | undefined {
`,
      },
      { file: THIRD_SESSION, find: THIRD_ROOT_NEW, replace: `    let execution = this.topLevelExecution(ROOT_AGENT);
` },
      { file: THIRD_SESSION, find: THIRD_CONTINUATION_NEW, replace: `      execution = this.topLevelExecution(ROOT_AGENT);
` },
      {
        file: THIRD_MEMORY,
        find: `  constructor(private readonly runExecution: (execution: AgentExecution) => Promise<void>) {}
`,
        replace: `  constructor(
    private readonly runExecution: (execution: AgentExecution) => Promise<void>,
    /** builds a top-level execution: the memory pass of a top-level agent runs beside it */
    private readonly topLevel?: (agentName: string) => AgentExecution,
  ) {}
`,
      },
      {
        file: THIRD_MEMORY,
        find: THIRD_MEMORY_NEW,
        replace: `    const extraction =
      !parent.isSubExecution && this.topLevel
        ? this.topLevel(MEMORY_EXTRACTION_AGENT)
        : new AgentExecution({
            sessionServices: parent.sessionServices,
            promptContext: parent.promptContext,
            signal: parent.signal,
            agentName: MEMORY_EXTRACTION_AGENT,
            subExecutionDepth: parent.subExecutionDepth + 1,
            skipHooks: true,
          });
`,
      },
      {
        file: THIRD_TOOL,
        find: THIRD_SUB_NEW,
        replace: `    const spawnTopLevel = parent.sessionServices.spawnTopLevel;
    const subAgentExecution =
      !parent.isSubExecution && spawnTopLevel
        ? spawnTopLevel(subagentId)
        : new AgentExecution({
            sessionServices: parent.sessionServices,
            promptContext: parent.promptContext,
            signal: parent.signal,
            subExecutionDepth: currentDepth + 1,
            agentName: subagentId,
          });
`,
      },
    ],
  },

  // ---- (g) the cursor written by a for-of head or a pattern ------------------------------
  {
    id: "cursor-for-of-head",
    model: "base",
    expect: "harmful",
    description: "The execution class gains `startTask()`, whose body is `for (this.steeringReaderIndex of [0]) break;`; the graph's MODEL_INVOKE node calls it on a sub-execution's first invocation, before the drain.",
    why: "A for-of head is an assignment target: `for (this.x of [0]) break;` writes 0 to the cursor while reading like a loop over a literal. A delegate \"taking its task from the top of the turn\" rewinds its cursor after the seed, in code the proof does not run (seed mode).",
    edits: [
      baseMethod(`  // A delegate takes its task from the top of the turn: its steering is read from the first message.
  startTask(): void {
    for (this.steeringReaderIndex of [0]) break;
  }
`),
      {
        file: BASE_NODES,
        find: `  await drainLiveSteering(state.execution);
`,
        replace: `  if (state.turns === 0 && state.execution.subExecutionDepth > 0) state.execution.startTask();
  await drainLiveSteering(state.execution);
`,
      },
    ],
  },
  {
    id: "third-cursor-for-of-pattern-head",
    model: "third",
    expect: "harmful",
    description: "Third model: when the turn graph starts a sub-execution that has not prompted yet, it runs `for ({ at: execution.steeringReaderIndex } of DELEGATE_RESTART) break;`, `DELEGATE_RESTART = [{ at: 0 }]` a module-level table: an object pattern in a for-of head whose target is the cursor.",
    why: "As cursor-for-of-head, on a parameter in the graph rather than on `this`, with the cursor inside an object pattern of the head: a write that reads like a loop over a table. It runs after the seed and outside the code the proof drives (seed mode).",
    edits: [
      {
        file: THIRD_GRAPH,
        find: `const MAX_GRAPH_STEPS = 256;
`,
        replace: `const MAX_GRAPH_STEPS = 256;

/** Where a delegate's first run starts reading the session's steering. */
const DELEGATE_RESTART = [{ at: 0 }];
`,
      },
      {
        file: THIRD_GRAPH,
        find: `    execution.status = ExecutionStatus.Running;
`,
        replace: `    execution.status = ExecutionStatus.Running;
    // A delegate that has not prompted yet reads its turn from the start.
    if (execution.isSubExecution && execution.prompts.length === 0) for ({ at: execution.steeringReaderIndex } of DELEGATE_RESTART) break;
`,
      },
    ],
  },

  // ---- (h) harmless: a log line chained onto the child's run -----------------------------
  {
    id: "sub-run-then-log",
    model: "base",
    expect: "harmless",
    description: "The sub-agent tool chains a debug log line onto the child's run: `runExecution(child).then((finished) => { logger.debug(`… ${child.executionId} …`); return finished; })`.",
    why: "A completion log in a `.then` is everyday code; the closure captures the child only to read its id after it ran, which keeps nothing before it starts.",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_SUB_RUN,
        replace: `  const result = await runExecution(subAgentExecution).then((finished) => {
    state.execution.sessionServices.logger.debug(\`sub-agent \${subagentId} (\${subAgentExecution.executionId}) finished after \${finished.turns} turn(s)\`);
    return finished;
  });
`,
      },
    ],
  },
  {
    id: "third-memory-run-then-log",
    model: "third",
    expect: "harmless",
    description: "Third model: memory extraction chains a debug log line onto its execution's run: `this.runExecution(extraction).then(() => logger.debug(`… ${extraction.executionId} …`))`.",
    why: "As sub-run-then-log, on the memory-extraction spawn path and the lowered shape (an arrow closure reading the child's id and prompt count).",
    edits: [
      {
        file: THIRD_MEMORY,
        find: THIRD_MEMORY_RUN,
        replace: `    try {
      await this.runExecution(extraction).then(() =>
        parent.sessionServices.logger.debug(\`memory extraction \${extraction.executionId} finished after \${extraction.prompts.length} prompt(s)\`),
      );
`,
      },
    ],
  },

  // ---- (i) harmless: an acknowledge method that also logs --------------------------------
  {
    id: "acknowledge-with-debug-log",
    model: "base",
    expect: "harmless",
    description: "The buffer gains `acknowledge(id, executionId)`, which looks the message up, adds to its `handlers`, logs `logger.debug(`acknowledged …`)` and returns a boolean; after memory extraction ran, what it was handed is acknowledged on the root's behalf.",
    why: "An acknowledgment that leaves a debug line is the ordinary way to write one; it moves no cursor and delivers nothing (fact 4).",
    edits: [
      {
        file: BASE_BUFFER,
        find: `  // Acknowledgment predicate; nothing in the runtime calls it.
`,
        replace: `  // Records that an execution has handled a message; says whether the message is still held.
  acknowledge(id: string, executionId: string): boolean {
    const message = this.messageById.get(id);
    if (message === undefined) return false;
    message.handlers.add(executionId);
    logger.debug(\`acknowledged \${id} for \${executionId}\`);
    return true;
  }

  // Acknowledgment predicate.
`,
      },
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_RUN,
        replace: `${BASE_MEMORY_RUN}    // What the memory pass was handed counts as handled by the execution it ran for.
    for (const message of extraction.prompts.flat()) execution.sessionServices.liveSteering.acknowledge(message.id, execution.executionId);
`,
      },
    ],
  },
  {
    id: "third-mark-handled-with-debug-log",
    model: "third",
    expect: "harmless",
    description: "Third model: the buffer gains `markHandled(id, by)`, which looks the message up, adds to its `handlers`, logs through `this.logger?.debug(…)` and returns a boolean; when a sub-agent returns, the tool marks each item of the child's prompts handled by the parent through a local bound to the buffer.",
    why: "As acknowledge-with-debug-log, on the lowered shape (the optional logger call becomes a `!= null` chain) and called where a sub-agent's result comes back, through a local.",
    edits: [
      {
        file: THIRD_BUFFER,
        find: `  /** Whether any execution has been handed this message. */
`,
        replace: `  /** Records that an execution has handled a message; false when the message is no longer held. */
  markHandled(id: string, by: string): boolean {
    const message = this.index.get(id);
    if (message === undefined) return false;
    message.handlers.add(by);
    this.logger?.debug(\`steering buffer: \${id} handled by \${by}\`);
    return true;
  }

  /** Whether any execution has been handed this message. */
`,
      },
      {
        file: THIRD_TOOL,
        find: THIRD_SUB_RUN,
        replace: `${THIRD_SUB_RUN}    const buffer = parent.sessionServices.steeringBuffer;
    for (const { steering } of subAgentExecution.prompts) for (const item of steering) buffer.markHandled(item.ref, parent.executionId);
`,
      },
    ],
  },

  // ---- (j) harmless: memory extraction's options as a module-level frozen object ---------
  {
    id: "memory-options-frozen",
    model: "base",
    expect: "harmless",
    description: "Memory extraction's construction spreads a module-level `MEMORY_EXECUTION_OPTIONS = Object.freeze({ agentName: \"memory-extraction\", skipHooks: true })` into its config.",
    why: "Constant options shared by every extraction, frozen so nothing mutates them, are ordinary; the config still carries `skipHooks: true` and a depth + 1.",
    edits: [
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_PROMPT,
        replace: `${BASE_MEMORY_PROMPT}
// What makes an execution the memory pass, shared by every extraction.
const MEMORY_EXECUTION_OPTIONS = Object.freeze({ agentName: "memory-extraction", skipHooks: true });
`,
      },
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_NEW,
        replace: `  const extraction = new AgentExecution({
    ...MEMORY_EXECUTION_OPTIONS,
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
  });
`,
      },
    ],
  },
  {
    id: "third-memory-options-frozen-helper",
    model: "third",
    expect: "harmless",
    description: "Third model: one construction helper beside the class, `spawnChildExecution(parent, options)`, returns `new AgentExecution({ …parent's fields, subExecutionDepth: parent.subExecutionDepth + 1, ...options })`; the sub-agent tool passes `{ agentName }`, memory extraction a module-level `MEMORY_OPTIONS = Object.freeze({ agentName: MEMORY_EXTRACTION_AGENT, skipHooks: true })`.",
    why: "kas-steering.md names one construction helper shared by several spawn paths, each caller passing its own options (memory extraction its `skipHooks: true`); here memory extraction's options are a shared frozen constant rather than a literal at the call (the spread lowered to `__spreadValues`).",
    edits: [
      {
        file: THIRD_EXECUTION,
        find: `  throwIfCancelled(): void {
    if (this.signal.aborted) throw new ExecutionCancelledError(this.agentName);
  }
}
`,
        replace: `  throwIfCancelled(): void {
    if (this.signal.aborted) throw new ExecutionCancelledError(this.agentName);
  }
}

/** A child one level below its parent, sharing the parent's services; the caller names it (and may skip hooks). */
export function spawnChildExecution(parent: AgentExecution, options: { readonly agentName: string; readonly skipHooks?: boolean }): AgentExecution {
  return new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    ...options,
  });
}
`,
      },
      {
        file: THIRD_MEMORY,
        find: `import { AgentExecution } from "../agent/agent-execution";
`,
        replace: `import { type AgentExecution, spawnChildExecution } from "../agent/agent-execution";
`,
      },
      {
        file: THIRD_MEMORY,
        find: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
`,
        replace: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

/** What makes an execution the memory pass, shared by every extraction. */
const MEMORY_OPTIONS = Object.freeze({ agentName: MEMORY_EXTRACTION_AGENT, skipHooks: true });
`,
      },
      { file: THIRD_MEMORY, find: THIRD_MEMORY_NEW, replace: `    const extraction = spawnChildExecution(parent, MEMORY_OPTIONS);
` },
      {
        file: THIRD_TOOL,
        find: `import { AgentExecution } from "../agent/agent-execution";
`,
        replace: `import { spawnChildExecution } from "../agent/agent-execution";
`,
      },
      { file: THIRD_TOOL, find: THIRD_SUB_NEW, replace: `    const subAgentExecution = spawnChildExecution(parent, { agentName: subagentId });
` },
    ],
  },
];
