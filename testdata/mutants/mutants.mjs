// The mutation suite's definitions: each mutant is one change a real Kiro
// release could plausibly bring, written as exact find/replace edits of a
// fixture model's TypeScript sources (../model/src or ../model/third).
// build.mjs applies the edits to a temporary copy of the model (failing if a
// find string does not occur exactly once in its file) and bundles the result
// with the fixtures' pinned esbuild, readable and minified.
//
// Fields:
//   id           folder name under bundles/ and the name used in tests and tables
//   model        "base" (../model/src) or "third" (../model/third)
//   expect       "harmless"      the tool must prove and apply in both modes
//                                (tests/mutants.rs: EXPECTED_TO_PROVE says which
//                                harmless mutants are enforced today)
//                "harmful"       the patched file may still replay in some mode:
//                                apply must never write a file that still replays
//                "already-fixed" stock does not replay: the tool must refuse
//                "control"       the unchanged model: must prove and apply
//   description  what changed, in one sentence
//   why          why a release could bring it
//   edits        [{ file, find, replace }], file relative to ../model
//
// Snippets that several mutants edit are spelled once below, exactly as they
// occur in the model sources.

// Round 4 (round4.mjs): neighbours of the shapes the closed world accepts, each
// written twice; appended to MUTANTS at the end of the list.
import { ROUND4 } from "./round4.mjs";
// Round 5 (round5.mjs): neighbours of the rules changed in a382522 and ac2c63e.
import { ROUND5 } from "./round5.mjs";
// Round 6 (round6.mjs): a red team's mutants against the rules after round 5.
import { ROUND6 } from "./round6.mjs";
// Round 7 (round7.mjs): a red team's mutants against the stub-decision rule and its neighbours.
import { ROUND7 } from "./round7.mjs";
// Round 8 (round8.mjs): a red team's mutants against round 7's rules (what an execution holds, its hand-off, the run followed further).
import { ROUND8 } from "./round8.mjs";
// Round 9 (round9.mjs): a red team's mutants against round 8's rules (hand-offs followed to functions bound to a key, writes into the child by its callee).
import { ROUND9 } from "./round9.mjs";
// Round 10 (round10.mjs): a red team's mutants against round 9's rules (function values followed as data: keys, helpers, descriptors, parameters, this-typing, private methods).
import { ROUND10 } from "./round10.mjs";
// Round 11 (round11.mjs): a red team's mutants against round 10's rules (a root kept on a member key, inert buffer members, a Set of live executions followed as data, a callee with fewer parameters than the child's position).
import { ROUND11 } from "./round11.mjs";
// Round 12 (round12.mjs): a red team's mutants against round 11's rules (computed keys followed as data, Object.assign keys, the member-kept root, the live Set, counters, inert keys, the buffer's anchor).
import { ROUND12 } from "./round12.mjs";
// Round 13 (round13.mjs): a red team's mutants against round 12's rule for the live Set (a computed read on an object that may not be a holder literal).
import { ROUND13 } from "./round13.mjs";
// Round 14 (round14.mjs): a red team's mutants against the rules of e61f4a6 and a1510e6 (kept children in gate mode, read-only built-ins, a collector inlined into the loop head, the drain found by its log text).
import { ROUND14 } from "./round14.mjs";
// Round 15 (round15.mjs): a red team's mutants against the rules of 64f10bf and 04b34c1 (writes in the slices no case ran, a class handed to a call, stubs that remember writes, decisions on stubs explored further).
import { ROUND15 } from "./round15.mjs";
// Round 16 (round16.mjs): a red team's mutants against the rule "what the closed world accepts because the proof runs it must have run".
import { ROUND16 } from "./round16.mjs";
// Round 17 (round17.mjs): a red team's mutants against round 16's rules (what the buffer gave, followed by value).
import { ROUND17 } from "./round17.mjs";
// Round 18 (round18.mjs): a red team's mutants against seed mode's fence (numbered messages, a spawned execution's first-drain count, the skip in the drain's loop).
import { ROUND18 } from "./round18.mjs";
// Round 19 (round19.mjs): a red team's mutants against the rules for hook lists, run start, members beside messages, constructor registration and exports.
import { ROUND19 } from "./round19.mjs";
// Round 20 (round20.mjs): a red team's mutants against the rules for functions in locals, the started run, members beside messages, containers of executions, exports and buffer members.
import { ROUND20 } from "./round20.mjs";
// Round 21 (round21.mjs): a red team's mutants against the started run, functions in locals, containers, holders and `finally` after an awaited run.
import { ROUND21 } from "./round21.mjs";
import { ROUND22 } from "./round22.mjs";
import { ROUND23 } from "./round23.mjs";
import { ROUND24 } from "./round24.mjs";
// Round 25 (round25.mjs): a red team's mutants against the rules of 1c96e83 (opaque values, depth through operators and literals, defaults, methods on what may be the child).
import { ROUND25 } from "./round25.mjs";
import { ROUND26 } from "./round26.mjs";
import { ROUND27 } from "./round27.mjs";
import { ROUND27B } from "./round27b.mjs";
import { ROUND28 } from "./round28.mjs";

// ---- base model (../model/src) -------------------------------------------

const BASE_TOOL = "src/tools/invoke-sub-agent.ts";
const BASE_MEMORY = "src/memory/memory-extraction.ts";
const BASE_EXECUTION = "src/agent/execution.ts";
const BASE_DRAIN = "src/steering/live-steering-hook.ts";
const BASE_NODES = "src/graph/nodes.ts";
const BASE_BUFFER = "src/steering/live-steering-buffer.ts";
const BASE_SESSION = "src/session/session.ts";

const BASE_SUB_NEW = `  const subAgentExecution = new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`;
// The statement right after the sub-agent's construction: code inserted before
// it runs between \`new\` and the sub-agent's run.
const BASE_AFTER_SUB_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const afterBaseSubNew = (code) => ({ file: BASE_TOOL, find: BASE_AFTER_SUB_NEW, replace: code + BASE_AFTER_SUB_NEW });

const BASE_MEMORY_NEW = `  const extraction = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
`;
const BASE_AFTER_MEMORY_NEW = `  try {
    await runExecution(extraction);
`;
const afterBaseMemoryNew = (code) => ({ file: BASE_MEMORY, find: BASE_AFTER_MEMORY_NEW, replace: code + BASE_AFTER_MEMORY_NEW });

// A place in the execution class for a new method (before queueSteering).
const BASE_CLASS_METHOD_SLOT = `  queueSteering(message: SteeringMessage): void {
`;
const newBaseMethod = (code) => ({ file: BASE_EXECUTION, find: BASE_CLASS_METHOD_SLOT, replace: code + "\n" + BASE_CLASS_METHOD_SLOT });

const BASE_FIELDS = `  readonly abortController = new AbortController();
  state: unknown = undefined;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  steeringExhausted = false;
  private queuedSteering: SteeringMessage[] = [];
  readonly prompts: SteeringMessage[][] = [];
`;

// ---- third model (../model/third) ----------------------------------------

const THIRD_TOOL = "third/tools/invoke-sub-agent-tool.ts";
const THIRD_MEMORY = "third/memory/memory-extractor.ts";
const THIRD_DRAIN = "third/steering/live-steering-hook.ts";
const THIRD_EXECUTION = "third/agent/agent-execution.ts";
const THIRD_GRAPH = "third/graph/turn-graph.ts";
const THIRD_SESSION = "third/session/kiro-session.ts";
const THIRD_SERVICES = "third/session/session-services.ts";
const THIRD_BUFFER = "third/steering/steering-buffer.ts";

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
const afterThirdSubNew = (code) => ({ file: THIRD_TOOL, find: THIRD_AFTER_SUB_NEW, replace: code + THIRD_AFTER_SUB_NEW });

const THIRD_MEMORY_NEW = `    const extraction = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      agentName: MEMORY_EXTRACTION_AGENT,
      subExecutionDepth: parent.subExecutionDepth + 1,
      skipHooks: true,
    });
`;
const THIRD_AFTER_MEMORY_NEW = `    try {
      await this.runExecution(extraction);
`;
const afterThirdMemoryNew = (code) => ({ file: THIRD_MEMORY, find: THIRD_AFTER_MEMORY_NEW, replace: code + THIRD_AFTER_MEMORY_NEW });

export const MUTANTS = [
  // ---- controls ------------------------------------------------------------
  {
    id: "base-unchanged",
    model: "base",
    expect: "control",
    description: "The base model as the fixtures build it, no edit.",
    why: "Refusing everything must not pass the suite: the unchanged model proves and applies in both modes.",
    edits: [],
  },
  {
    id: "third-unchanged",
    model: "third",
    expect: "control",
    description: "The third model as the fixtures build it, no edit.",
    why: "Refusing everything must not pass the suite: the unchanged model proves and applies in both modes.",
    edits: [],
  },

  // ---- constructions the anchors do not see --------------------------------
  {
    id: "memory-subclass",
    model: "base",
    expect: "harmful",
    description: "Memory extraction builds a `MemoryExecution extends AgentExecution` whose constructor passes the config (depth + 1, skipHooks) through `super`.",
    why: "Internal executions getting a class of their own is an ordinary refactor; a literal `new AgentExecution` no longer appears at that site.",
    edits: [
      {
        file: BASE_MEMORY,
        find: `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
${BASE_MEMORY_NEW}`,
        replace: `// The memory pass is an execution of its own kind: internal, hook-free, one level below its parent.
class MemoryExecution extends AgentExecution {
  constructor(parent: AgentExecution) {
    super({
      sessionServices: parent.sessionServices,
      promptContext: memoryPromptContext(parent.promptContext),
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true,
    });
  }
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new MemoryExecution(execution);
`,
      },
    ],
  },
  {
    id: "memory-reflect-construct",
    model: "base",
    expect: "harmful",
    description: "Memory extraction builds its execution with `Reflect.construct(AgentExecution, [config])`.",
    why: "A plugin-style registry of execution kinds constructs reflectively; the config is a local object.",
    edits: [
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_NEW,
        replace: `  const config = {
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  };
  const extraction: AgentExecution = Reflect.construct(AgentExecution, [config]);
`,
      },
    ],
  },
  {
    id: "spawn-this-constructor",
    model: "base",
    expect: "harmful",
    description: "The execution class gets a `spawnChild(agentName)` method that builds the child with `new this.constructor({...})`; the sub-agent tool calls it.",
    why: "A child of the same kind as its parent (so subclasses spawn their own kind) is a common idiom for a spawn helper on the class.",
    edits: [
      newBaseMethod(`  // A child one level below this execution, of this execution's own class.
  spawnChild(agentName: string): AgentExecution {
    return new (this.constructor as typeof AgentExecution)({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
    });
  }
`),
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = state.execution.spawnChild(subagentId);
`,
      },
    ],
  },
  {
    id: "class-as-value-factory",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool builds its execution through `instantiate(Ctor, config)`, a factory that takes the execution class as a parameter and does `new Ctor(config)`.",
    why: "Passing the class as a value (for tests or for execution kinds) is ordinary dependency injection.",
    edits: [
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

type ExecutionClass = new (config: ConstructorParameters<typeof AgentExecution>[0]) => AgentExecution;

// The execution class is a parameter so that other execution kinds can be spawned the same way.
function instantiate(Ctor: ExecutionClass, config: ConstructorParameters<typeof AgentExecution>[0]): AgentExecution {
  return new Ctor(config);
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = instantiate(AgentExecution, {
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`,
      },
    ],
  },
  {
    id: "setter-overridden-in-subclass",
    model: "base",
    expect: "harmful",
    description: "Sub-agents are built as `new SubAgentExecution({...})`, a subclass whose `setSteeringReaderIndex` override records a resume point and leaves the cursor alone.",
    why: "A subclass for sub-agents that repurposes an inherited setter is the kind of change a refactor brings without anyone thinking of the cursor.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  // The end-of-turn check: unread buffer entries or a non-empty own queue.
  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
}
`,
        replace: `  // The end-of-turn check: unread buffer entries or a non-empty own queue.
  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
}

// A sub-agent keeps its own transcript: a resume point is recorded; the cursor belongs to the drain.
export class SubAgentExecution extends AgentExecution {
  resumeIndex = 0;

  override setSteeringReaderIndex(index: number): void {
    this.resumeIndex = index;
  }
}
`,
      },
      {
        file: BASE_TOOL,
        find: `import { AgentExecution } from "../agent/execution";
`,
        replace: `import { SubAgentExecution } from "../agent/execution";
`,
      },
      {
        file: BASE_TOOL,
        find: `  const subAgentExecution = new AgentExecution({
`,
        replace: `  const subAgentExecution = new SubAgentExecution({
`,
      },
    ],
  },
  {
    id: "memory-no-depth",
    model: "base",
    expect: "harmful",
    description: "Memory extraction is built without `subExecutionDepth` (only `skipHooks: true`), so it runs at depth 0: neither a root nor a depth + 1 spawn site.",
    why: "The depth was added to memory extraction only in 0.53.3; a release could drop it again (or a back-port lack it).",
    edits: [
      {
        file: BASE_MEMORY,
        find: `    subExecutionDepth: execution.subExecutionDepth + 1,
`,
        replace: "",
      },
    ],
  },
  {
    id: "memory-flagged-differently",
    model: "base",
    expect: "harmful",
    description: "Memory extraction is marked with `executionKind: \"internal\"` instead of `skipHooks: true` (the class derives skipHooks from the kind).",
    why: "Flags get renamed; the proof's memory-extraction case looks for the skipHooks flag and would silently not run.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  skipHooks?: boolean;
}`,
        replace: `  executionKind?: "agent" | "internal";
}`,
      },
      {
        file: BASE_EXECUTION,
        find: `    this.skipHooks = config.skipHooks ?? false;
`,
        replace: `    this.skipHooks = config.executionKind === "internal";
`,
      },
      {
        file: BASE_MEMORY,
        find: `    skipHooks: true,
`,
        replace: `    executionKind: "internal",
`,
      },
    ],
  },

  // ---- cursor writes outside the slices -------------------------------------
  {
    id: "run-start-reset",
    model: "base",
    expect: "harmful",
    description: "A `beginRun()` method of the execution class, called by the run loop, resets `this.steeringReaderIndex = 0` for a sub-execution that has not prompted yet.",
    why: "Resetting per-run state at the start of a run is a natural place for a release to touch the cursor.",
    edits: [
      newBaseMethod(`  // Called by the run loop when the execution starts: a fresh sub-execution reads its turn from the top.
  beginRun(): void {
    this.steeringExhausted = false;
    if (this.prompts.length === 0 && this.subExecutionDepth > 0) this.steeringReaderIndex = 0;
  }
`),
      {
        file: BASE_NODES,
        find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`,
        replace: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  execution.beginRun();
`,
      },
    ],
  },
  {
    id: "object-assign-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool does `Object.assign(child, { steeringReaderIndex: 0, drainRetryCount: 0 })` right after `new`.",
    why: "Resetting a child's steering state in one call after construction is ordinary code.",
    edits: [afterBaseSubNew(`  // A sub-agent starts with fresh steering state.
  Object.assign(subAgentExecution, { steeringReaderIndex: 0, drainRetryCount: 0 });
`)],
  },
  {
    id: "computed-key-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool writes the cursor through a computed key, `child[CURSOR_FIELD] = 0` with `CURSOR_FIELD = \"steeringReaderIndex\"` exported from the execution module.",
    why: "Field names held in constants (for serialisation or telemetry) turn member writes into computed ones.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `let executionSequence = 0;
`,
        replace: `let executionSequence = 0;

// The name of the cursor field, shared with the transcript serialiser.
export const CURSOR_FIELD = "steeringReaderIndex";
`,
      },
      {
        file: BASE_TOOL,
        find: `import { AgentExecution } from "../agent/execution";
`,
        replace: `import { AgentExecution, CURSOR_FIELD } from "../agent/execution";
`,
      },
      afterBaseSubNew(`  (subAgentExecution as unknown as Record<string, number>)[CURSOR_FIELD] = 0;
`),
    ],
  },
  {
    id: "computed-key-literal-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool writes `child[\"steeringReaderIndex\"] = 0` (a string-literal computed key; esbuild's minifier turns it into a member write, the readable build keeps the brackets).",
    why: "Bracket writes with literal keys come from code that treats executions as records (restoring a snapshot, tests).",
    edits: [afterBaseSubNew(`  // Sub-agents replay the turn from its first message.
  (subAgentExecution as unknown as Record<string, number>)["steeringReaderIndex"] = 0;
`)],
  },
  {
    id: "define-property-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool redefines the child's cursor with `Object.defineProperty(child, \"steeringReaderIndex\", { value: 0, writable: true, … })`.",
    why: "defineProperty is how code that instruments or freezes fields writes them.",
    edits: [afterBaseSubNew(`  Object.defineProperty(subAgentExecution, "steeringReaderIndex", { value: 0, writable: true, enumerable: true, configurable: true });
`)],
  },
  {
    id: "spread-defaults-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool does `Object.assign(child, { ...SUB_AGENT_DEFAULTS })` where a module-level defaults object holds `steeringReaderIndex: 0`.",
    why: "Per-kind default state kept in a constant and spread onto new objects is common.",
    edits: [
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

// Steering state every sub-agent starts from.
const SUB_AGENT_DEFAULTS = { steeringReaderIndex: 0, drainRetryCount: 0, steeringExhausted: false };
`,
      },
      afterBaseSubNew(`  Object.assign(subAgentExecution, { ...SUB_AGENT_DEFAULTS });
`),
    ],
  },
  {
    id: "second-cursor-field",
    model: "base",
    expect: "harmful",
    description: "The drain starts at `execution.steeringStart ?? execution.steeringReaderIndex` (and consumes it); the sub-agent tool sets `child.steeringStart = 0`.",
    why: "A one-shot start position beside the cursor is how a release could give sub-agents the turn's context.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  steeringReaderIndex = 0;
`,
        replace: `  steeringReaderIndex = 0;
  // Where the next drain starts, when it should not start at the cursor (consumed by the drain).
  steeringStart: number | undefined = undefined;
`,
      },
      {
        file: BASE_DRAIN,
        find: `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`,
        replace: `  const start = execution.steeringStart ?? execution.steeringReaderIndex;
  execution.steeringStart = undefined;
  for (let index = start; index < buffer.length; index++) {
`,
      },
      afterBaseSubNew(`  // The sub-agent sees the whole turn's steering in its first prompt.
  subAgentExecution.steeringStart = 0;
`),
    ],
  },
  {
    id: "setter-reset-after-new",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool calls `child.setSteeringReaderIndex(0)` after `new` (the turn's steering replayed on purpose).",
    why: "The setter exists; someone deciding that a sub-agent should see the whole turn would call it with 0.",
    edits: [afterBaseSubNew(`  // A sub-agent reads the turn's steering from its first message.
  subAgentExecution.setSteeringReaderIndex(0);
`)],
  },

  {
    id: "child-inherits-parent-cursor",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool starts the child where its parent has read up to: `child.setSteeringReaderIndex(parent.steeringReaderIndex)`.",
    why: "A half fix of kirodotdev/Kiro#11240 a release could ship: it stops most replays, but a steer the parent has not drained yet still reaches every later sub-agent.",
    edits: [afterBaseSubNew(`  // A sub-agent starts where its parent has read up to.
  subAgentExecution.setSteeringReaderIndex(state.execution.steeringReaderIndex);
`)],
  },

  // ---- releases that already seed ------------------------------------------
  {
    id: "stock-seeds-by-assignment",
    model: "base",
    expect: "already-fixed",
    description: "Both spawn sites already seed the new execution by assignment after `new`: `child.steeringReaderIndex = <buffer>.length`.",
    why: "Kiro fixing kirodotdev/Kiro#11240 itself, in the most direct way.",
    edits: [
      afterBaseSubNew(`  subAgentExecution.steeringReaderIndex = state.execution.sessionServices.liveSteering.length;
`),
      afterBaseMemoryNew(`  extraction.steeringReaderIndex = execution.sessionServices.liveSteering.length;
`),
    ],
  },
  {
    id: "stock-seeds-through-helper",
    model: "base",
    expect: "already-fixed",
    description: "Both spawn sites already seed through a helper, `startAtBufferEnd(child)`, exported beside the execution class, which calls `setSteeringReaderIndex(<buffer>.length)`.",
    why: "Kiro fixing kirodotdev/Kiro#11240 itself through a shared helper.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `let executionSequence = 0;
`,
        replace: `let executionSequence = 0;

// A new sub-execution only sees steering that arrives after it starts (kirodotdev/Kiro#11240).
export function startAtBufferEnd(execution: AgentExecution): void {
  execution.setSteeringReaderIndex(execution.sessionServices.liveSteering.length);
}
`,
      },
      {
        file: BASE_TOOL,
        find: `import { AgentExecution } from "../agent/execution";
`,
        replace: `import { AgentExecution, startAtBufferEnd } from "../agent/execution";
`,
      },
      afterBaseSubNew(`  startAtBufferEnd(subAgentExecution);
`),
      {
        file: BASE_MEMORY,
        find: `import { AgentExecution, type PromptContext } from "../agent/execution";
`,
        replace: `import { AgentExecution, startAtBufferEnd, type PromptContext } from "../agent/execution";
`,
      },
      afterBaseMemoryNew(`  startAtBufferEnd(extraction);
`),
    ],
  },

  {
    id: "stock-gates-sub-executions",
    model: "base",
    expect: "already-fixed",
    description: "The drain already skips user steering for executions at depth > 0 (`if (message.kind === \"user\" && execution.subExecutionDepth > 0) continue;` after the cursor advance).",
    why: "Kiro fixing kirodotdev/Kiro#11240 itself with a depth gate of its own, spelled differently from the tool's.",
    edits: [
      {
        file: BASE_DRAIN,
        find: `    if (!message) continue;
`,
        replace: `    if (!message) continue;
    // Sub-executions get the user's intent from their task, not from the live buffer.
    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;
`,
      },
    ],
  },

  // ---- other readers of the buffer ------------------------------------------
  {
    id: "second-reader-handoff",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool walks `sessionServices.liveSteering.snapshot()` itself and hands every user message to the child with `child.queueSteering(m)`.",
    why: "Giving a sub-agent \"the context the user typed this turn\" is a plausible feature, written beside the drain rather than through it.",
    edits: [afterBaseSubNew(`  // Hand the sub-agent what the user typed this turn so it has the same context.
  for (const message of state.execution.sessionServices.liveSteering.snapshot()) {
    if (message.kind === "user") subAgentExecution.queueSteering(message);
  }
`)],
  },

  {
    id: "memory-handoff-in-prompt-loop",
    model: "base",
    expect: "harmful",
    description: "The prompt loop passes `buffer.snapshot()` to memory extraction, which queues every user message into the extraction execution (`extraction.queueSteering(m)`).",
    why: "Memory extraction is about what the user said this turn; handing it the turn's steering from the prompt loop is a natural feature, and it bypasses the drain.",
    edits: [
      {
        file: BASE_SESSION,
        find: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
`,
        replace: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution, buffer.snapshot());
`,
      },
      {
        file: BASE_MEMORY,
        find: `export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
`,
        replace: `export async function runMemoryExtraction(execution: AgentExecution, turnSteering: readonly SteeringMessage[] = []): Promise<void> {
`,
      },
      afterBaseMemoryNew(`  // What the user typed this turn is what memory extraction is about.
  for (const message of turnSteering) if (message.kind === "user") extraction.queueSteering(message);
`),
    ],
  },

  // ---- harmless churn ------------------------------------------------------
  {
    id: "cursor-log-and-status",
    model: "base",
    expect: "harmless",
    description: "The drain logs where it starts reading (`steeringReaderIndex` of the buffer's length) and the sub-agent tool's status span reports the child's cursor.",
    why: "Diagnostics that read the cursor are the first thing anyone adds while debugging steering.",
    edits: [
      {
        file: BASE_DRAIN,
        find: `  if (!buffer) return;
`,
        replace: `  if (!buffer) return;
  execution.sessionServices.logger.debug(
    \`[LiveSteeringHook] \${execution.agentName} reads from \${execution.steeringReaderIndex} of \${buffer.length}\`,
  );
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_AFTER_SUB_NEW,
        replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, steeringCursor: subAgentExecution.steeringReaderIndex });
`,
      },
    ],
  },
  {
    id: "instanceof-check",
    model: "base",
    expect: "harmless",
    description: "The sub-agent tool checks `state.execution instanceof AgentExecution` before spawning.",
    why: "A defensive type check reads the class without building anything.",
    edits: [
      {
        file: BASE_TOOL,
        find: `  const currentDepth = state.execution.subExecutionDepth;
`,
        replace: `  if (!(state.execution instanceof AgentExecution)) throw new TypeError("invoke-sub-agent: the caller is not an agent execution");
  const currentDepth = state.execution.subExecutionDepth;
`,
      },
    ],
  },
  {
    id: "spawn-config-helper-spread",
    model: "base",
    expect: "harmless",
    description: "The sub-agent's config is built by a helper that spreads an extra object: `new AgentExecution(childOf(parent, { subExecutionDepth: d + 1, agentName }))`.",
    why: "kas-steering.md names a spawn site built through a small helper or a spread as churn between releases.",
    edits: [
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

// What every child execution inherits from its parent, plus what the caller adds.
function childOf(parent: AgentExecution, extra: { subExecutionDepth: number; agentName: string }) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    ...extra,
  };
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = new AgentExecution(childOf(state.execution, { subExecutionDepth: currentDepth + 1, agentName: subagentId }));
`,
      },
    ],
  },
  {
    id: "spawn-through-factory",
    model: "base",
    expect: "harmless",
    description: "The sub-agent is built by a small factory function, `createSubAgentExecution(parent, agentName, depth)`, that returns `new AgentExecution({...})`.",
    why: "Moving a construction into a named factory is a routine refactor.",
    edits: [
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

function createSubAgentExecution(parent: AgentExecution, agentName: string, depth: number): AgentExecution {
  return new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName,
  });
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = createSubAgentExecution(state.execution, subagentId, currentDepth);
`,
      },
    ],
  },
  {
    id: "fork-method-spawn",
    model: "base",
    expect: "harmless",
    description: "The execution class gets a `fork(agentName)` method returning `new AgentExecution({... subExecutionDepth: this.subExecutionDepth + 1 })`; the sub-agent tool calls it.",
    why: "A spawn helper on the class itself, naming the class literally (unlike `new this.constructor`).",
    edits: [
      newBaseMethod(`  // A sub-execution one level below this one, sharing its session's services.
  fork(agentName: string): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
    });
  }
`),
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = state.execution.fork(subagentId);
`,
      },
    ],
  },
  {
    id: "root-through-helper",
    model: "base",
    expect: "harmless",
    description: "The session builds the root execution and its continuation through one private method, `newRootExecution()`, returning `new AgentExecution({...})` without a depth.",
    why: "Two identical constructions folded into a helper is a routine refactor; the helper is still a root construction.",
    edits: [
      {
        file: BASE_SESSION,
        find: `  async prompt(request: TurnRequest): Promise<string> {
`,
        replace: `  // Every top-level execution of a turn: the first one and each continuation.
  private newRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController!.signal,
      agentName: "kiro",
    });
  }

  async prompt(request: TurnRequest): Promise<string> {
`,
      },
      {
        file: BASE_SESSION,
        find: `    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    });
`,
        replace: `    const root = this.newRootExecution();
`,
      },
      {
        file: BASE_SESSION,
        find: `      const continuation = new AgentExecution({
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.turnController!.signal,
        agentName: "kiro",
      });
`,
        replace: `      const continuation = this.newRootExecution();
`,
      },
    ],
  },
  {
    id: "fields-reordered",
    model: "base",
    expect: "harmless",
    description: "The execution class's fields are declared in another order (the cursor and retry count after the queue).",
    why: "kas-steering.md: statement order and class-field layout change between releases.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_FIELDS,
        replace: `  private queuedSteering: SteeringMessage[] = [];
  readonly prompts: SteeringMessage[][] = [];
  steeringExhausted = false;
  drainRetryCount = 0;
  steeringReaderIndex = 0;
  state: unknown = undefined;
  readonly abortController = new AbortController();
`,
      },
    ],
  },
  {
    id: "fields-in-constructor",
    model: "base",
    expect: "harmless",
    description: "The execution class assigns its cursor, retry count and queues in the constructor instead of as class fields.",
    why: "kas-steering.md: class fields written as fields or assigned in the constructor.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_FIELDS,
        replace: `  readonly abortController: AbortController;
  state: unknown;
  steeringReaderIndex: number;
  drainRetryCount: number;
  steeringExhausted: boolean;
  private queuedSteering: SteeringMessage[];
  readonly prompts: SteeringMessage[][];
`,
      },
      {
        file: BASE_EXECUTION,
        find: `  constructor(config: AgentExecutionConfig) {
`,
        replace: `  constructor(config: AgentExecutionConfig) {
    this.abortController = new AbortController();
    this.state = undefined;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.steeringExhausted = false;
    this.queuedSteering = [];
    this.prompts = [];
`,
      },
    ],
  },
  {
    id: "append-destructured",
    model: "base",
    expect: "harmless",
    description: "The buffer's append is `enqueue({ text, source = \"user\" })`; notifications pass `source: \"workflow\"` (callers adjusted).",
    why: "An options object with a defaulted field replacing positional arguments is a routine API change.",
    edits: [
      {
        file: BASE_BUFFER,
        find: `  push(kind: SteeringKind, text: string): SteeringMessage {
    const id = \`\${kind === "user" ? "steer" : "notify"}-\${++this.sequence}\`;
`,
        replace: `  enqueue({ text, source = "user" }: { text: string; source?: "user" | "workflow" | "system" }): SteeringMessage {
    const kind: SteeringKind = source === "user" ? "user" : "notification";
    const id = \`\${kind === "user" ? "steer" : "notify"}-\${++this.sequence}\`;
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("user", text);
`,
        replace: `    this.sessionServices.liveSteering.enqueue({ text });
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("notification", text);
`,
        replace: `    this.sessionServices.liveSteering.enqueue({ text, source: "workflow" });
`,
      },
    ],
  },
  {
    id: "end-of-turn-router-factory",
    model: "base",
    expect: "harmless",
    description: "The end-of-turn check is a closure made by `createRouter({ continueTarget, doneTarget })`, which returns the check; the graph builds it once.",
    why: "Graph nodes made by factories that close over their targets are how graph libraries are often written.",
    edits: [
      {
        file: BASE_NODES,
        find: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.execution.hasQueuedUserMessage()) {`,
        replace: `function createRouter({ continueTarget, doneTarget }: { continueTarget: NodeId; doneTarget: NodeId }) {
  return (state: ExecutionState): NodeId => {
  if (state.execution.hasQueuedUserMessage()) {`,
      },
      { file: BASE_NODES, find: `      return targets.continueTarget;
`, replace: `      return continueTarget;
` },
      {
        file: BASE_NODES,
        find: `  return targets.doneTarget;
}
`,
        replace: `  return doneTarget;
  };
}

// The END_OF_TURN node, built once for the graph.
const routeEndOfTurn = createRouter({ continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE });
`,
      },
      {
        file: BASE_NODES,
        find: `        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
`,
        replace: `        state = { ...state, node: routeEndOfTurn(state) };
`,
      },
    ],
  },
  {
    id: "unrelated-state-pending",
    model: "base",
    expect: "harmless",
    description: "Telemetry gains a `SpanExporter` class with its own `state` and `pending` fields, written in its methods and from `recordSpan`.",
    why: "An 11 MB bundle is full of unrelated classes writing common property names the drain and end-of-turn check also use.",
    edits: [
      {
        file: "src/telemetry/spans.ts",
        find: `const spans: SpanRecord[] = [];
`,
        replace: `const spans: SpanRecord[] = [];

// Batches spans for an exporter; nothing here touches steering.
class SpanExporter {
  state: "idle" | "flushing" = "idle";
  pending: SpanRecord[] = [];
  exported = 0;

  offer(record: SpanRecord): void {
    this.pending.push(record);
    if (this.pending.length >= 8) this.flush();
  }

  flush(): void {
    this.state = "flushing";
    this.exported += this.pending.length;
    this.pending = [];
    this.state = "idle";
  }
}

const exporter = new SpanExporter();
`,
      },
      {
        file: "src/telemetry/spans.ts",
        find: `  spans.push({ name, attributes, at: spans.length });
`,
        replace: `  const record = { name, attributes, at: spans.length };
  spans.push(record);
  exporter.offer(record);
`,
      },
    ],
  },

  // ---- steering reaching a sub-agent some other way (added) ------------------
  {
    id: "child-built-ahead",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool builds each parent's next delegate ahead of time (when the parent starts running, and again after its previous child ended) and keeps it in a module-level `WeakMap` keyed by the parent; a delegation takes that execution, names it and runs it.",
    why: "Warming the next delegate off the critical path is an ordinary latency optimisation; the construction (depth + 1, the parent's services) is still a plain `new AgentExecution({...})`, so a seed at `new` runs before every steer typed between construction and start, and the child still replays them.",
    edits: [
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

// Each parent's next delegate, built ahead so that a delegation starts without construction work.
const nextDelegate = new WeakMap<AgentExecution, AgentExecution>();

// Builds the parent's next delegate; it is named when the model asks for an agent.
export function prepareDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  const delegate = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: "sub-agent",
  });
  nextDelegate.set(parent, delegate);
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  if (!nextDelegate.has(state.execution)) prepareDelegate(state.execution);
  const subAgentExecution = nextDelegate.get(state.execution)!;
  nextDelegate.delete(state.execution);
  (subAgentExecution as { agentName: string }).agentName = subagentId;
`,
      },
      {
        file: BASE_TOOL,
        find: `  const result = await runExecution(subAgentExecution);
`,
        replace: `  const result = await runExecution(subAgentExecution);
  prepareDelegate(state.execution);
`,
      },
      {
        file: BASE_NODES,
        find: `import { executeTool } from "../tools/registry";
`,
        replace: `import { prepareDelegate } from "../tools/invoke-sub-agent";
import { executeTool } from "../tools/registry";
`,
      },
      {
        file: BASE_NODES,
        find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`,
        replace: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  prepareDelegate(execution);
`,
      },
    ],
  },
  {
    id: "steering-kept-outside",
    model: "base",
    expect: "harmful",
    description: "The session keeps the entries the buffer's `push` returns in a list of its own for the turn (`turnSteering`, reset at each prompt and on clear, exposed as `sessionServices.turnSteering()`); the sub-agent tool queues that list's user entries into the child with `child.queueSteering(m)` before running it.",
    why: "Keeping the turn's steering beside the buffer (for a recap or a UI) and then briefing delegates from that copy is a plausible feature; it never touches the buffer or the cursor, so a seed or a drain gate does not stop it.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
`,
        replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
  // The steering entries the session received during the current turn, in order.
  turnSteering?: () => readonly SteeringMessage[];
`,
      },
      {
        file: BASE_SESSION,
        find: `      model: this.model,
`,
        replace: `      model: this.model,
      turnSteering: () => this.turnSteering,
`,
      },
      {
        file: BASE_SESSION,
        find: `  steeringEpoch = 0;
`,
        replace: `  steeringEpoch = 0;
  private turnSteering: SteeringMessage[] = [];
`,
      },
      {
        file: BASE_SESSION,
        find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";
`,
        replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("user", text);
`,
        replace: `    const entry = this.sessionServices.liveSteering.push("user", text);
    this.turnSteering.push(entry);
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("notification", text);
`,
        replace: `    this.turnSteering.push(this.sessionServices.liveSteering.push("notification", text));
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.clear("_session/steer/clear");
`,
        replace: `    this.sessionServices.liveSteering.clear("_session/steer/clear");
    this.turnSteering = [];
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.turnController = new AbortController();
`,
        replace: `    this.turnController = new AbortController();
    this.turnSteering = [];
`,
      },
      afterBaseSubNew(`  // The sub-agent starts with what the user asked for during this turn.
  for (const entry of state.execution.sessionServices.turnSteering?.() ?? []) {
    if (entry.kind === "user") subAgentExecution.queueSteering(entry);
  }
`),
    ],
  },
  {
    id: "queue-fed-from-outside",
    model: "base",
    expect: "harmful",
    description: "The session emits every appended entry to the listeners of a small `SteeringEvents` list (`sessionServices.steeringEvents`); while a sub-agent runs, the sub-agent tool subscribes and queues each user entry into the child with `child.queueSteering(m)`, unsubscribing when it returns.",
    why: "Pushing steering to live sub-agents as an event is how a release could make delivery immediate instead of waiting for the next drain; it bypasses the drain, so a depth gate in the drain does not stop it.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
`,
        replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
  // Every entry appended to the live buffer, as it arrives.
  steeringEvents?: { subscribe(listener: (entry: SteeringMessage) => void): () => void };
`,
      },
      {
        file: BASE_SESSION,
        find: `class EventAdapter {
`,
        replace: `// Listeners for steering as it is appended.
class SteeringEvents {
  private readonly listeners = new Set<(entry: SteeringMessage) => void>();

  subscribe(listener: (entry: SteeringMessage) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(entry: SteeringMessage): void {
    for (const listener of [...this.listeners]) listener(entry);
  }
}

class EventAdapter {
`,
      },
      {
        file: BASE_SESSION,
        find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";
`,
        replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";
`,
      },
      {
        file: BASE_SESSION,
        find: `  readonly eventAdapter = new EventAdapter();
`,
        replace: `  readonly eventAdapter = new EventAdapter();
  readonly steeringEvents = new SteeringEvents();
`,
      },
      {
        file: BASE_SESSION,
        find: `      model: this.model,
`,
        replace: `      model: this.model,
      steeringEvents: this.steeringEvents,
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("user", text);
`,
        replace: `    this.steeringEvents.emit(this.sessionServices.liveSteering.push("user", text));
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("notification", text);
`,
        replace: `    this.steeringEvents.emit(this.sessionServices.liveSteering.push("notification", text));
`,
      },
      {
        file: BASE_TOOL,
        find: `  const result = await runExecution(subAgentExecution);
`,
        replace: `  // While the sub-agent runs, what the user types goes straight into its queue.
  const stopForwarding = state.execution.sessionServices.steeringEvents?.subscribe((entry) => {
    if (entry.kind === "user") subAgentExecution.queueSteering(entry);
  });
  const result = await runExecution(subAgentExecution).finally(() => stopForwarding?.());
`,
      },
    ],
  },
  {
    id: "ack-moves-cursor",
    model: "base",
    expect: "harmful",
    description: "The buffer gains `acknowledge(id, executionId)` and `firstUnhandledBy(executionId)`; where a sub-agent's result comes back, the tool calls `acknowledgeResult(parent, child)`, a helper beside it that moves the parent's cursor back to the first message the parent has not handled itself (`parent.steeringReaderIndex = unread`), then acknowledges on the parent's behalf every message the child handled.",
    why: "The acknowledgment path where a sub-agent's result comes back exists (the #11240 log shows `(handlers: 2)`); a release that also \"catches the parent up\" there rewinds a cursor: a sub-agent that delegates is handed the steers delivered before it was created, whatever its own cursor was seeded to.",
    edits: [
      {
        file: BASE_BUFFER,
        find: `  // Acknowledgment predicate; nothing in the runtime calls it.
`,
        replace: `  // Records that an execution has handled a message (a sub-agent's result came back with it).
  acknowledge(id: string, executionId: string): boolean {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  // Where the first message an execution has not handled sits (the length when it handled all).
  firstUnhandledBy(executionId: string): number {
    const at = this.messages.findIndex((message) => !message.handlers.has(executionId));
    return at < 0 ? this.messages.length : at;
  }

  // Acknowledgment predicate.
`,
      },
      {
        file: BASE_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

// Where a sub-agent's result comes back: the parent catches up from the first message it has not
// handled itself, and what the sub-agent handled is acknowledged on the parent's behalf.
function acknowledgeResult(parent: AgentExecution, child: AgentExecution): void {
  const buffer = parent.sessionServices.liveSteering;
  const unread = buffer.firstUnhandledBy(parent.executionId);
  if (unread < parent.steeringReaderIndex) parent.steeringReaderIndex = unread;
  for (const message of child.prompts.flat()) buffer.acknowledge(message.id, parent.executionId);
}
`,
      },
      {
        file: BASE_TOOL,
        find: `  const result = await runExecution(subAgentExecution);
`,
        replace: `  const result = await runExecution(subAgentExecution);
  acknowledgeResult(state.execution, subAgentExecution);
`,
      },
    ],
  },
  {
    id: "local-reads-messages",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool binds `const steering = state.execution.sessionServices.liveSteering` at its top and, after `new`, walks it with `steering.length`/`steering.at(i)`, queueing every user message into the child with `child.queueSteering(m)`.",
    why: "As second-reader-handoff, but the buffer is reached through a local bound well before the loop (the way a function that uses the buffer twice is written), so no member chain to the buffer's slot sits at the read.",
    edits: [
      {
        file: BASE_TOOL,
        find: `  const currentDepth = state.execution.subExecutionDepth;
`,
        replace: `  const steering = state.execution.sessionServices.liveSteering;
  const currentDepth = state.execution.subExecutionDepth;
`,
      },
      afterBaseSubNew(`  // Brief the sub-agent with what the user said this turn.
  for (let i = 0; i < steering.length; i++) {
    const message = steering.at(i);
    if (message && message.kind === "user") subAgentExecution.queueSteering(message);
  }
`),
    ],
  },

  // ---- harmless neighbours of those (added) -----------------------------------
  {
    id: "transcript-entry",
    model: "base",
    expect: "harmless",
    description: "The session keeps every entry the buffer's `push` returns in a `transcript` list that no execution reads; at the end of each prompt it serialises the list (id, kind, text) to the debug log.",
    why: "A session transcript (messages.jsonl) recording steering is ordinary; keeping the appended entry is not delivering it.",
    edits: [
      {
        file: BASE_SESSION,
        find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";
`,
        replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";
`,
      },
      {
        file: BASE_SESSION,
        find: `  steeringEpoch = 0;
`,
        replace: `  steeringEpoch = 0;
  // The session transcript's steering entries, as the buffer recorded them.
  readonly transcript: SteeringMessage[] = [];
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("user", text);
`,
        replace: `    const entry = this.sessionServices.liveSteering.push("user", text);
    this.transcript.push(entry);
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.sessionServices.liveSteering.push("notification", text);
`,
        replace: `    this.transcript.push(this.sessionServices.liveSteering.push("notification", text));
`,
      },
      {
        file: BASE_SESSION,
        find: `    this.outcomes.push({ prompt: request.prompt, outcome });
`,
        replace: `    this.outcomes.push({ prompt: request.prompt, outcome });
    for (const entry of this.transcript) {
      this.sessionServices.logger.debug(\`transcript \${JSON.stringify({ id: entry.id, type: entry.kind, text: entry.text })}\`);
    }
`,
      },
    ],
  },
  {
    id: "assign-agent-name",
    model: "base",
    expect: "harmless",
    description: "`agentName` becomes optional in the execution config (default \"agent\"); the sub-agent tool builds the child without it and names it after construction with `Object.assign(child, { agentName })`.",
    why: "Filling identity fields after construction with Object.assign is common; it writes a name, not the cursor (the neighbour of object-assign-cursor).",
    edits: [
      {
        file: BASE_EXECUTION,
        find: `  agentName: string;
  // 0 = top-level execution
`,
        replace: `  agentName?: string;
  // 0 = top-level execution
`,
      },
      {
        file: BASE_EXECUTION,
        find: `    this.executionId = \`\${(++executionSequence).toString(16).padStart(8, "0")}-\${config.agentName}\`;
`,
        replace: `    this.executionId = \`\${(++executionSequence).toString(16).padStart(8, "0")}-\${config.agentName ?? "agent"}\`;
`,
      },
      {
        file: BASE_EXECUTION,
        find: `    this.agentName = config.agentName;
`,
        replace: `    this.agentName = config.agentName ?? "agent";
`,
      },
      {
        file: BASE_TOOL,
        find: `    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`,
        replace: `    subExecutionDepth: currentDepth + 1,
  });
  Object.assign(subAgentExecution, { agentName: subagentId });
`,
      },
    ],
  },
  {
    id: "spread-services",
    model: "base",
    expect: "harmless",
    description: "The sub-agent's config passes `sessionServices: { ...parent.sessionServices, logger: <a child logger> }`, a copy of the parent's services whose buffer slot is still the parent's buffer.",
    why: "Per-child overrides of a services object by spreading (a scoped logger, no hooks) are ordinary; the buffer is shared, so the stock model still replays.",
    edits: [
      {
        file: BASE_TOOL,
        find: `    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
`,
        replace: `    sessionServices: { ...state.execution.sessionServices, logger: state.execution.sessionServices.logger.child(subagentId) },
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
`,
      },
    ],
  },
  {
    id: "acknowledge-on-return",
    model: "base",
    expect: "harmless",
    description: "The buffer gains `acknowledge(id, executionId)` (adds to the message's handlers); when a sub-agent returns, the tool acknowledges every message the child handled on the parent's behalf. No cursor moves, nothing is queued.",
    why: "kas-steering.md fact 4: live code where a sub-agent's result comes back acknowledges messages (the `(handlers: 2)` deliveries); acknowledging changes only the handlers set.",
    edits: [
      {
        file: BASE_BUFFER,
        find: `  // Acknowledgment predicate; nothing in the runtime calls it.
`,
        replace: `  // Records that an execution has handled a message (a sub-agent's result came back with it).
  acknowledge(id: string, executionId: string): void {
    this.messageById.get(id)?.handlers.add(executionId);
  }

  // Acknowledgment predicate.
`,
      },
      {
        file: BASE_TOOL,
        find: `  const result = await runExecution(subAgentExecution);
`,
        replace: `  const result = await runExecution(subAgentExecution);
  // What the sub-agent handled, its parent has handled through it.
  for (const message of subAgentExecution.prompts.flat()) {
    state.execution.sessionServices.liveSteering.acknowledge(message.id, state.execution.executionId);
  }
`,
      },
    ],
  },

  // ---- third model --------------------------------------------------------
  {
    id: "third-memory-subclass",
    model: "third",
    expect: "harmful",
    description: "Third model: memory extraction builds a `MemoryExecution extends AgentExecution` (es2019, keepNames) passing depth + 1 and skipHooks through `super`.",
    why: "As memory-subclass, on the lowered es2019/keepNames shape.",
    edits: [
      {
        file: THIRD_MEMORY,
        find: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
`,
        replace: `export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

/** The memory pass: an internal, hook-free execution one level below its parent. */
class MemoryExecution extends AgentExecution {
  constructor(parent: AgentExecution) {
    super({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      agentName: MEMORY_EXTRACTION_AGENT,
      subExecutionDepth: parent.subExecutionDepth + 1,
      skipHooks: true,
    });
  }
}
`,
      },
      {
        file: THIRD_MEMORY,
        find: THIRD_MEMORY_NEW,
        replace: `    const extraction = new MemoryExecution(parent);
`,
      },
    ],
  },
  {
    id: "third-object-assign-cursor",
    model: "third",
    expect: "harmful",
    description: "Third model: the sub-agent tool does `Object.assign(child, { steeringReaderIndex: 0 })` after `new`.",
    why: "As object-assign-cursor, on the lowered es2019/keepNames shape.",
    edits: [afterThirdSubNew(`    Object.assign(subAgentExecution, { steeringReaderIndex: 0 });
`)],
  },
  {
    id: "third-second-reader-handoff",
    model: "third",
    expect: "harmful",
    description: "Third model: the sub-agent tool walks the buffer (`count`/`at`) itself and enqueues every user message into the child's inbox.",
    why: "As second-reader-handoff, through the third model's buffer API.",
    edits: [afterThirdSubNew(`    // The sub-agent gets what the user typed this turn as context.
    const buffer = parent.sessionServices.steeringBuffer;
    for (let i = 0; i < buffer.count; i++) {
      const message = buffer.at(i);
      if (message.kind === "user") subAgentExecution.enqueueSteering({ ref: message.id, kind: message.kind, body: message.text });
    }
`)],
  },
  {
    id: "third-run-start-reset",
    model: "third",
    expect: "harmful",
    description: "Third model: the turn graph calls `execution.markRunning()`, a method of the execution class that sets the status and resets `this.steeringReaderIndex = 0` for a sub-execution that has not prompted yet.",
    why: "As run-start-reset, on the lowered shape: a cursor write in a method of the class, run from the graph.",
    edits: [
      {
        file: THIRD_EXECUTION,
        find: `  setSteeringReaderIndex(index: number): void {
`,
        replace: `  /** Called by the turn graph when this execution starts running. */
  markRunning(): void {
    this.status = ExecutionStatus.Running;
    if (this.isSubExecution && this.prompts.length === 0) this.steeringReaderIndex = 0;
  }

  setSteeringReaderIndex(index: number): void {
`,
      },
      {
        file: "third/graph/turn-graph.ts",
        find: `    execution.status = ExecutionStatus.Running;
`,
        replace: `    execution.markRunning();
`,
      },
    ],
  },
  {
    id: "third-memory-no-depth",
    model: "third",
    expect: "harmful",
    description: "Third model: memory extraction is built with `skipHooks: true` and no `subExecutionDepth` (depth 0).",
    why: "As memory-no-depth, on the lowered shape.",
    edits: [
      {
        file: THIRD_MEMORY,
        find: `      subExecutionDepth: parent.subExecutionDepth + 1,
`,
        replace: "",
      },
    ],
  },
  {
    id: "third-stock-seeds-by-assignment",
    model: "third",
    expect: "already-fixed",
    description: "Third model: both spawn sites already seed by assignment after `new` (`child.steeringReaderIndex = <buffer>.count`).",
    why: "Kiro fixing kirodotdev/Kiro#11240 itself, on the lowered shape.",
    edits: [
      afterThirdSubNew(`    subAgentExecution.steeringReaderIndex = parent.sessionServices.steeringBuffer.count;
`),
      afterThirdMemoryNew(`    extraction.steeringReaderIndex = parent.sessionServices.steeringBuffer.count;
`),
    ],
  },
  {
    id: "third-cursor-log-and-status",
    model: "third",
    expect: "harmless",
    description: "Third model: the drain logs the cursor it starts from and the sub-agent tool reports the child's cursor in its result.",
    why: "As cursor-log-and-status, on the lowered shape.",
    edits: [
      {
        file: THIRD_DRAIN,
        find: `    let delivered = 0;
`,
        replace: `    let delivered = 0;
    logger.debug(\`[LiveSteeringHook] \${execution.agentName} reads from \${execution.steeringReaderIndex} of \${buffer.count}\`);
`,
      },
      {
        file: THIRD_TOOL,
        find: "    return { ok: true, output: `${subagentId} finished after ${subAgentExecution.prompts.length} model invocation(s)` };\n",
        replace: "    return { ok: true, output: `${subagentId} finished after ${subAgentExecution.prompts.length} model invocation(s) (cursor ${subAgentExecution.steeringReaderIndex})` };\n",
      },
    ],
  },
  {
    id: "third-spawn-config-helper-spread",
    model: "third",
    expect: "harmless",
    description: "Third model: the sub-agent's config comes from `childOf(parent, { subExecutionDepth: currentDepth + 1, agentName })`, a helper that spreads the extra object.",
    why: "As spawn-config-helper-spread, on the lowered shape (the spread is lowered to __spreadValues).",
    edits: [
      {
        file: THIRD_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 8;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 8;

function childOf(parent: AgentExecution, extra: { subExecutionDepth: number; agentName: string }) {
  return { sessionServices: parent.sessionServices, promptContext: parent.promptContext, signal: parent.signal, ...extra };
}
`,
      },
      {
        file: THIRD_TOOL,
        find: THIRD_SUB_NEW,
        replace: `    const subAgentExecution = new AgentExecution(childOf(parent, { subExecutionDepth: currentDepth + 1, agentName: subagentId }));
`,
      },
    ],
  },
  {
    id: "third-instanceof-check",
    model: "third",
    expect: "harmless",
    description: "Third model: the sub-agent tool checks `parent instanceof AgentExecution`.",
    why: "As instanceof-check, on the lowered shape (the class is reached through its keepNames alias).",
    edits: [
      {
        file: THIRD_TOOL,
        find: `    const currentDepth = parent.subExecutionDepth;
`,
        replace: `    if (!(parent instanceof AgentExecution)) return { ok: false, output: "invoke-sub-agent: no parent execution" };
    const currentDepth = parent.subExecutionDepth;
`,
      },
    ],
  },

  // ---- third model: steering reaching a sub-agent some other way (added) ----
  {
    id: "third-child-built-ahead",
    model: "third",
    expect: "harmful",
    description: "Third model: the sub-agent tool's module keeps each parent's next delegate in a module-level `WeakMap`, built by `prepareDelegate(parent)` when the turn graph starts the parent and again after its previous child ended; a delegation takes it, names it and runs it.",
    why: "As child-built-ahead, on the lowered es2019/keepNames shape: the construction is the tool's ordinary `new AgentExecution({...})` at depth + 1, run long before the child starts.",
    edits: [
      {
        file: THIRD_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 8;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 8;

/** Each parent's next delegate, built ahead so that a delegation starts without construction work. */
const nextDelegate = new WeakMap<AgentExecution, AgentExecution>();

/** Builds the parent's next delegate; it is named when the model asks for an agent. */
export function prepareDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  const delegate = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: "sub-agent",
  });
  nextDelegate.set(parent, delegate);
}
`,
      },
      {
        file: THIRD_TOOL,
        find: THIRD_SUB_NEW,
        replace: `    if (!nextDelegate.has(parent)) prepareDelegate(parent);
    const subAgentExecution = nextDelegate.get(parent)!;
    nextDelegate.delete(parent);
    (subAgentExecution as { agentName: string }).agentName = subagentId;
`,
      },
      {
        file: THIRD_TOOL,
        find: `    await context.runSubExecution(subAgentExecution);
`,
        replace: `    await context.runSubExecution(subAgentExecution);
    prepareDelegate(parent);
`,
      },
      {
        file: THIRD_GRAPH,
        find: `import { LiveSteeringHook } from "../steering/live-steering-hook";
`,
        replace: `import { LiveSteeringHook } from "../steering/live-steering-hook";
import { prepareDelegate } from "../tools/invoke-sub-agent-tool";
`,
      },
      {
        file: THIRD_GRAPH,
        find: `    execution.status = ExecutionStatus.Running;
`,
        replace: `    execution.status = ExecutionStatus.Running;
    prepareDelegate(execution);
`,
      },
    ],
  },
  {
    id: "third-steering-kept-outside",
    model: "third",
    expect: "harmful",
    description: "Third model: the session keeps, for the turn, each id the buffer's `add` returns with its text as a `{ ref, kind, body }` item (`sessionServices.turnSteering()`, reset at each prompt and on clear); the sub-agent tool enqueues that list's user items into the child's inbox (`enqueueSteering`) before running it.",
    why: "As steering-kept-outside, through the third model's API (its append returns the message id, which the session keeps).",
    edits: [
      {
        file: THIRD_SERVICES,
        find: `import type { SteeringBuffer } from "../steering/steering-buffer";
`,
        replace: `import type { SteeringBuffer } from "../steering/steering-buffer";
import type { QueuedSteering } from "../steering/steering-types";
`,
      },
      {
        file: THIRD_SERVICES,
        find: `  readonly executions?: ExecutionTracker;
`,
        replace: `  readonly executions?: ExecutionTracker;
  /** what the session received as steering during the current turn, in order */
  readonly turnSteering?: () => readonly QueuedSteering[];
`,
      },
      {
        file: THIRD_SESSION,
        find: `import { SteeringBuffer } from "../steering/steering-buffer";
`,
        replace: `import { SteeringBuffer } from "../steering/steering-buffer";
import type { QueuedSteering } from "../steering/steering-types";
`,
      },
      {
        file: THIRD_SESSION,
        find: `  private ownedExecutionId: string | undefined;
`,
        replace: `  private ownedExecutionId: string | undefined;
  private readonly turnSteering: QueuedSteering[] = [];
`,
      },
      {
        file: THIRD_SESSION,
        find: `      executions: this.executions,
`,
        replace: `      executions: this.executions,
      turnSteering: () => this.turnSteering,
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text);
`,
        replace: `    const id = this.services.steeringBuffer.add(text);
    this.turnSteering.push({ ref: id, kind: "user", body: text });
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text, "system");
`,
        replace: `    const id = this.services.steeringBuffer.add(text, "system");
    this.turnSteering.push({ ref: id, kind: "notification", body: text });
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    this.services.steeringBuffer.clear("_session/steer/clear");
`,
        replace: `    this.services.steeringBuffer.clear("_session/steer/clear");
    this.turnSteering.length = 0;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    this.activeTurn = controller;
`,
        replace: `    this.activeTurn = controller;
    this.turnSteering.length = 0;
`,
      },
      afterThirdSubNew(`    // The sub-agent starts with what the user asked for during this turn.
    for (const item of parent.sessionServices.turnSteering?.() ?? []) {
      if (item.kind === "user") subAgentExecution.enqueueSteering(item);
    }
`),
    ],
  },
  {
    id: "third-queue-fed-from-outside",
    model: "third",
    expect: "harmful",
    description: "Third model: the session emits each appended entry (the id `add` returns, with its kind and text, as a `{ ref, kind, body }` item) on a node `EventEmitter` (`sessionServices.steeringEvents`, event \"appended\"); while a sub-agent runs, the tool listens and enqueues every user entry into the child's inbox, removing the listener when it returns.",
    why: "As queue-fed-from-outside, with node's EventEmitter instead of a listener list.",
    edits: [
      {
        file: THIRD_SERVICES,
        find: `import type { AgentExecution } from "../agent/agent-execution";
`,
        replace: `import type { EventEmitter } from "node:events";
import type { AgentExecution } from "../agent/agent-execution";
`,
      },
      {
        file: THIRD_SERVICES,
        find: `  readonly executions?: ExecutionTracker;
`,
        replace: `  readonly executions?: ExecutionTracker;
  /** emits "appended" with every steering item ({ ref, kind, body }) as the buffer takes it */
  readonly steeringEvents?: EventEmitter;
`,
      },
      {
        file: THIRD_SESSION,
        find: `import { AgentExecution } from "../agent/agent-execution";
`,
        replace: `import { EventEmitter } from "node:events";
import { AgentExecution } from "../agent/agent-execution";
`,
      },
      {
        file: THIRD_SESSION,
        find: `      executions: this.executions,
`,
        replace: `      executions: this.executions,
      steeringEvents: new EventEmitter(),
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text);
`,
        replace: `    const id = this.services.steeringBuffer.add(text);
    this.services.steeringEvents?.emit("appended", { ref: id, kind: "user", body: text });
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text, "system");
`,
        replace: `    const id = this.services.steeringBuffer.add(text, "system");
    this.services.steeringEvents?.emit("appended", { ref: id, kind: "notification", body: text });
    return id;
`,
      },
      {
        file: THIRD_TOOL,
        find: `import { AgentExecution } from "../agent/agent-execution";
`,
        replace: `import { AgentExecution } from "../agent/agent-execution";
import type { QueuedSteering } from "../steering/steering-types";
`,
      },
      {
        file: THIRD_TOOL,
        find: `    await context.runSubExecution(subAgentExecution);
`,
        replace: `    // While the sub-agent runs, what the user types goes straight into its inbox.
    const events = parent.sessionServices.steeringEvents;
    const forward = (item: QueuedSteering) => {
      if (item.kind === "user") subAgentExecution.enqueueSteering(item);
    };
    events?.on("appended", forward);
    try {
      await context.runSubExecution(subAgentExecution);
    } finally {
      events?.off("appended", forward);
    }
`,
      },
    ],
  },
  {
    id: "third-ack-moves-cursor",
    model: "third",
    expect: "harmful",
    description: "Third model: the buffer gains `acknowledge(id, executionId)` and `firstUnhandledBy(executionId)`; when a sub-agent's result comes back the tool's `acknowledgeResult(parent, child)` helper rewinds the parent with `parent.setSteeringReaderIndex(<first message it has not handled>)`, then acknowledges the child's messages on the parent's behalf.",
    why: "As ack-moves-cursor, on the lowered shape, the cursor moved through the setter.",
    edits: [
      {
        file: THIRD_BUFFER,
        find: `  /** Whether any execution has been handed this message. */
`,
        replace: `  /** Records that an execution has handled a message (a sub-agent's result came back with it). */
  acknowledge(id: string, executionId: string): boolean {
    const message = this.index.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  /** The position of the first message an execution has not handled (the count when it handled all). */
  firstUnhandledBy(executionId: string): number {
    const at = this.entries.findIndex((message) => !message.handlers.has(executionId));
    return at < 0 ? this.entries.length : at;
  }

  /** Whether any execution has been handed this message. */
`,
      },
      {
        file: THIRD_TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 8;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 8;

/**
 * Where a sub-agent's result comes back: the parent catches up from the first message it has not
 * handled itself, and what the sub-agent handled is acknowledged on the parent's behalf.
 */
function acknowledgeResult(parent: AgentExecution, child: AgentExecution): void {
  const buffer = parent.sessionServices.steeringBuffer;
  const unread = buffer.firstUnhandledBy(parent.executionId);
  if (unread < parent.steeringReaderIndex) parent.setSteeringReaderIndex(unread);
  for (const prompt of child.prompts) {
    for (const item of prompt.steering) buffer.acknowledge(item.ref, parent.executionId);
  }
}
`,
      },
      {
        file: THIRD_TOOL,
        find: `    await context.runSubExecution(subAgentExecution);
`,
        replace: `    await context.runSubExecution(subAgentExecution);
    acknowledgeResult(parent, subAgentExecution);
`,
      },
    ],
  },
  {
    id: "third-local-reads-messages",
    model: "third",
    expect: "harmful",
    description: "Third model: the sub-agent tool destructures the buffer into a local at its top (`const { steeringBuffer: steering } = parent.sessionServices`) and, after `new`, reads its messages with `Array.from({ length: steering.count }, (_, i) => steering.at(i))`, enqueueing the user ones into the child's inbox.",
    why: "As local-reads-messages, with the local bound by destructuring and the reads inside an arrow function.",
    edits: [
      {
        file: THIRD_TOOL,
        find: `    const currentDepth = parent.subExecutionDepth;
`,
        replace: `    const { steeringBuffer: steering } = parent.sessionServices;
    const currentDepth = parent.subExecutionDepth;
`,
      },
      afterThirdSubNew(`    // Brief the sub-agent with what the user said this turn.
    Array.from({ length: steering.count }, (_, i) => steering.at(i))
      .filter((message) => message.kind === "user")
      .forEach((message) => subAgentExecution.enqueueSteering({ ref: message.id, kind: message.kind, body: message.text }));
`),
    ],
  },
  {
    id: "third-transcript-entry",
    model: "third",
    expect: "harmless",
    description: "Third model: the session records each id the buffer's `add` returns, with its text and origin, in a `transcript` list no execution reads, serialised to the debug log after each prompt.",
    why: "As transcript-entry, through the third model's API.",
    edits: [
      {
        file: THIRD_SESSION,
        find: `  private ownedExecutionId: string | undefined;
`,
        replace: `  private ownedExecutionId: string | undefined;
  /** the session transcript's steering records */
  readonly transcript: { id: string; origin: "user" | "system"; text: string }[] = [];
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text);
`,
        replace: `    const id = this.services.steeringBuffer.add(text);
    this.transcript.push({ id, origin: "user", text });
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    return this.services.steeringBuffer.add(text, "system");
`,
        replace: `    const id = this.services.steeringBuffer.add(text, "system");
    this.transcript.push({ id, origin: "system", text });
    return id;
`,
      },
      {
        file: THIRD_SESSION,
        find: `    this.outcomes.push(outcome);
`,
        replace: `    this.outcomes.push(outcome);
    for (const record of this.transcript) this.services.logger.debug(\`transcript \${JSON.stringify(record)}\`);
`,
      },
    ],
  },
  {
    id: "third-assign-agent-name",
    model: "third",
    expect: "harmless",
    description: "Third model: `agentName` becomes optional in the config (default \"agent\"); the sub-agent tool names the child after construction with `Object.assign(child, { agentName })`.",
    why: "As assign-agent-name, on the lowered shape.",
    edits: [
      {
        file: THIRD_EXECUTION,
        find: `  signal: AbortSignal;
  agentName: string;
`,
        replace: `  signal: AbortSignal;
  agentName?: string;
`,
      },
      {
        file: THIRD_EXECUTION,
        find: `    this.agentName = config.agentName;
`,
        replace: `    this.agentName = config.agentName ?? "agent";
`,
      },
      {
        file: THIRD_TOOL,
        find: `      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
`,
        replace: `      subExecutionDepth: currentDepth + 1,
    });
    Object.assign(subAgentExecution, { agentName: subagentId });
`,
      },
    ],
  },
  {
    id: "third-spread-services",
    model: "third",
    expect: "harmless",
    description: "Third model: the sub-agent's config passes `sessionServices: { ...parent.sessionServices, lifecycleHooks: new LifecycleHookRunner([]) }` (lowered to `__spreadProps(__spreadValues({}, …), …)`): a copy without the user's hooks whose buffer is still the parent's.",
    why: "Sub-agents not running the user's lifecycle hooks, written as a spread override of the services; the buffer is shared, so the stock model still replays.",
    edits: [
      {
        file: THIRD_TOOL,
        find: `import { AgentTool, type ToolContext, type ToolResult } from "./agent-tool";
`,
        replace: `import { LifecycleHookRunner } from "../hooks/lifecycle-hooks";
import { AgentTool, type ToolContext, type ToolResult } from "./agent-tool";
`,
      },
      {
        file: THIRD_TOOL,
        find: `      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      subExecutionDepth: currentDepth + 1,
`,
        replace: `      sessionServices: { ...parent.sessionServices, lifecycleHooks: new LifecycleHookRunner([]) },
      promptContext: parent.promptContext,
      signal: parent.signal,
      subExecutionDepth: currentDepth + 1,
`,
      },
    ],
  },
  {
    id: "third-acknowledge-on-return",
    model: "third",
    expect: "harmless",
    description: "Third model: the buffer gains `acknowledge(id, executionId)`; when a sub-agent returns, the tool acknowledges the child's messages on the parent's behalf. No cursor moves.",
    why: "As acknowledge-on-return, on the lowered shape.",
    edits: [
      {
        file: THIRD_BUFFER,
        find: `  /** Whether any execution has been handed this message. */
`,
        replace: `  /** Records that an execution has handled a message (a sub-agent's result came back with it). */
  acknowledge(id: string, executionId: string): void {
    this.index.get(id)?.handlers.add(executionId);
  }

  /** Whether any execution has been handed this message. */
`,
      },
      {
        file: THIRD_TOOL,
        find: `    await context.runSubExecution(subAgentExecution);
`,
        replace: `    await context.runSubExecution(subAgentExecution);
    for (const prompt of subAgentExecution.prompts) {
      for (const item of prompt.steering) parent.sessionServices.steeringBuffer.acknowledge(item.ref, parent.executionId);
    }
`,
      },
    ],
  },

  // ---- round 4 (round4.mjs): the neighbours of accepted shapes, two spellings each ----
  ...ROUND4,

  // ---- round 5 (round5.mjs): neighbours of the rules changed in a382522 and ac2c63e ----
  ...ROUND5,

  // ---- round 6 (round6.mjs): red-team mutants against the rules after round 5 ----
  ...ROUND6,

  // ---- round 7 (round7.mjs): red-team mutants against the stub-decision rule ----
  ...ROUND7,

  // ---- round 8 (round8.mjs): red-team mutants against round 7's rules ----
  ...ROUND8,
  // ---- round 9 (round9.mjs): red-team mutants against round 8's rules ----
  ...ROUND9,
  // ---- round 10 (round10.mjs): red-team mutants against round 9's rules ----
  ...ROUND10,
  // ---- round 11 (round11.mjs): red-team mutants against round 10's rules ----
  ...ROUND11,
  // ---- round 12 (round12.mjs): red-team mutants against round 11's rules ----
  ...ROUND12,
  // ---- round 13 (round13.mjs): red-team mutants against round 12's live-Set rule ----
  ...ROUND13,
  // ---- round 14 (round14.mjs): red-team mutants against e61f4a6 and a1510e6 ----
  ...ROUND14,
  // ---- round 15 (round15.mjs): red-team mutants against 64f10bf and 04b34c1 ----
  ...ROUND15,
  // ---- round 16 (round16.mjs): red-team mutants against 6e2fb6b ----
  ...ROUND16,
  // ---- round 17 (round17.mjs): red-team mutants against f5836fe ----
  ...ROUND17,
  // ---- round 18 (round18.mjs): red-team mutants against the seed fence ----
  ...ROUND18,
  ...ROUND19,
  ...ROUND20,
  ...ROUND21,
  ...ROUND22,
  ...ROUND23,
  ...ROUND24,
  ...ROUND25,
  ...ROUND26,
  ...ROUND27,
  ...ROUND27B,
  ...ROUND28,
];

// Bundle shapes per model: a readable and a minified build, CJS or ESM as in
// the fixtures (base: readable-cjs, minified-esm; third: es2019 with keepNames,
// readable-esm, minified-cjs), all with esbuild (its minifier for the minified one).
export const SHAPES = {
  base: [
    { shape: "readable-cjs", format: "cjs", minify: false, version: "0.52.9" },
    { shape: "minified-esm", format: "esm", minify: true, version: "0.67.0" },
  ],
  third: [
    { shape: "readable-esm", format: "esm", minify: false, version: "0.75.0", target: "es2019", keepNames: true },
    { shape: "minified-cjs", format: "cjs", minify: true, version: "0.76.0", target: "es2019", keepNames: true },
  ],
};
