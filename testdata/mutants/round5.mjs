// Round 5 of the mutation suite: harmful neighbours of the rules changed in
// a382522 and ac2c63e (a root continuation's local followed by scope, a
// lazily bound top-level `var`), and of the kept-child rule, written from
// the rules' source. Same format as MUTANTS in mutants.mjs (id, model,
// expect, description, why, edits), which appends ROUND5 to MUTANTS. The
// snippets are spelled exactly as they occur in the model sources.
//
// Harmful, each with a harmless twin where one exists:
//   (a) memory extraction built at turn start, run by a closure returned to
//       the session; the closure declares the child's name in an inner block
//   (b) the root's private helper handed to the services as a bound method or
//       a function expression (not an arrow), building top-level delegates
//   (c) the session's cursor-setting method, whose callers are all roots by
//       name, bound into the services under another name and called by the
//       sub-agent tool
//   (d) a module-level options object the drain reads, mutated at start-up
//       (a `const` literal, and the hoisted `var o, f = (o = {…}, …)` shape)

const BASE_TOOL = "src/tools/invoke-sub-agent.ts";
const BASE_MEMORY = "src/memory/memory-extraction.ts";
const BASE_EXECUTION = "src/agent/execution.ts";
const BASE_SESSION = "src/session/session.ts";
const BASE_DRAIN = "src/steering/live-steering-hook.ts";
const BASE_NODES = "src/graph/nodes.ts";

const BASE_MEMORY_ENTRY = `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(\`memory extraction failed: \${(error as Error).message}\`);
  }
}
`;
const BASE_MEMORY_CALL = `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
`;
const BASE_MEMORY_IMPORT = `import { runMemoryExtraction } from "../memory/memory-extraction";
`;
const BASE_TURN_RUN = `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      await runExecution(execution);
`;
const BASE_RUN_ENTRY = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`;
const BASE_NODES_IMPORT = `import type { AgentExecution, ModelTurn } from "../agent/execution";
`;
const BASE_SUB_RUN = `  const result = await runExecution(subAgentExecution);
`;
const BASE_CONTINUATION_SET = `    if (isContinuation) {
      execution.setSteeringReaderIndex(resumeIndex);
    }
`;
const BASE_SERVICES_LAST = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
`;
const BASE_SERVICES_LITERAL_LAST = `      model: this.model,
`;
const BASE_DRAIN_HEAD = `import type { AgentExecution } from "../agent/execution";
`;
const BASE_DRAIN_LOOP = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`;
const BASE_SESSION_CTOR_END = `      model: this.model,
    };
  }
`;

const BASE_SUB_NEW = `  const subAgentExecution = new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
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
const BASE_TOOL_TOP = `export const MAX_SUB_AGENT_DEPTH = 4;
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
const BASE_OWNED = `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
`;

// (b) the root's helper reaching the services as a value that is not an arrow.
const rootHelperAsValue = (servicesEntry) => [
  {
    file: BASE_EXECUTION,
    find: BASE_SERVICES_LAST,
    replace: `${BASE_SERVICES_LAST}  // Builds an execution beside the root (no depth): the delegates of a top-level agent.
  spawnTopLevel?: (agentName: string) => AgentExecution;
`,
  },
  { file: BASE_SESSION, find: BASE_SERVICES_LITERAL_LAST, replace: `${BASE_SERVICES_LITERAL_LAST}${servicesEntry}` },
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
];

// (e) a delegate built at turn start and kept in a module-level variable.
const prewarmInSession = [
  {
    file: BASE_SESSION,
    find: BASE_MEMORY_IMPORT,
    replace: `${BASE_MEMORY_IMPORT}import { prewarmDelegate } from "../tools/invoke-sub-agent";
`,
  },
  { file: BASE_SESSION, find: BASE_OWNED, replace: `${BASE_OWNED}    prewarmDelegate(execution);
` },
];

const BASE_AFTER_SUB_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const THIRD_TOOL = "third/tools/invoke-sub-agent-tool.ts";
const THIRD_AFTER_SUB_NEW = `    this.spawned += 1;
`;

const THIRD_DRAIN = "third/steering/live-steering-hook.ts";
const THIRD_SESSION = "third/session/kiro-session.ts";
const THIRD_DRAIN_HEAD = `import type { QueuedSteering, SteeringMessage } from "./steering-types";
`;
const THIRD_DRAIN_LOOP = `    for (let i = execution.steeringReaderIndex; i < buffer.count; i++) {
`;

// (a) memory extraction prepared at turn start, run by the closure it returns.
const memoryDeferred = (closure) => [
  {
    file: BASE_MEMORY,
    find: BASE_MEMORY_ENTRY,
    replace: closure,
  },
  {
    file: BASE_SESSION,
    find: BASE_MEMORY_IMPORT,
    replace: `import { prepareMemoryExtraction } from "../memory/memory-extraction";
`,
  },
  {
    file: BASE_SESSION,
    find: BASE_TURN_RUN,
    replace: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    // Memory extraction is prepared with the turn (its prompt context is the turn's), run after it.
    const finishMemory = request.memoryExtraction && !isContinuation ? prepareMemoryExtraction(execution) : undefined;
    try {
      await runExecution(execution);
`,
  },
  { file: BASE_SESSION, find: BASE_MEMORY_CALL, replace: `    if (finishMemory) await finishMemory();
` },
];

export const ROUND5 = [
  // ---- (a) a kept child hidden by a name the closure declares ----------------------------
  {
    id: "memory-closure-shadowed-name",
    model: "base",
    expect: "harmful",
    description:
      "Memory extraction is split: `prepareMemoryExtraction(execution)` builds the extraction execution when the turn starts and returns `async () => { try { await runExecution(extraction) } catch (error) { const extraction = error as Error; …warn(extraction.message) } }`, which the session awaits after the root's run.",
    why:
      "Preparing per-turn work at turn start and running it at the end is ordinary. The child is captured by a closure that runs later (the kept-child rule's own example), but the closure also declares `extraction` (in its catch block), and the kept-child walk drops every name a nested function declares anywhere, block scopes merged, from the whole closure: the capture is not seen. A seed at the construction runs before the turn's steers, which memory extraction then replays (seed mode).",
    edits: memoryDeferred(`// Prepared when a root turn starts; the closure runs it after the turn, before the turn-end clear.
export function prepareMemoryExtraction(execution: AgentExecution): () => Promise<void> {
  const extraction = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
  return async () => {
    try {
      await runExecution(extraction);
    } catch (error) {
      const extraction = error as Error;
      execution.sessionServices.logger.warn(\`memory extraction failed: \${extraction.message}\`);
    }
  };
}
`),
  },
  {
    id: "memory-closure-builds-late",
    model: "base",
    expect: "harmless",
    description:
      "Twin of memory-closure-shadowed-name: `prepareMemoryExtraction(execution)` returns the closure, and the closure builds the extraction execution when it runs, then runs it.",
    why:
      "The same split with the construction where the run is: nothing is kept, the seed is taken when the child starts. The tool ought to accept it.",
    edits: memoryDeferred(`// Prepared when a root turn starts; the closure runs it after the turn, before the turn-end clear.
export function prepareMemoryExtraction(execution: AgentExecution): () => Promise<void> {
  const promptContext = memoryPromptContext(execution.promptContext);
  return async () => {
    const extraction = new AgentExecution({
      sessionServices: execution.sessionServices,
      promptContext,
      signal: execution.abortController.signal,
      subExecutionDepth: execution.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true,
    });
    try {
      await runExecution(extraction);
    } catch (error) {
      execution.sessionServices.logger.warn(\`memory extraction failed: \${(error as Error).message}\`);
    }
  };
}
`),
  },

  // ---- (c) a root continuation's method reached under another name ----------------------
  {
    id: "start-execution-bound-into-services",
    model: "base",
    expect: "harmful",
    description:
      "The session's `async startExecution(execution, readFrom)` sets the cursor (runTurn calls `await this.startExecution(continuation, execution.steeringReaderIndex)` where it builds the continuation, instead of the set at the top of runTurn) and is handed to the services as `begin: this.startExecution.bind(this)`; the sub-agent tool starts its child with `await state.execution.sessionServices.begin(subAgentExecution, 0)` before running it.",
    why:
      "One start-up path for every execution, owned by the session and shared through the services, is an ordinary refactor. The root continuation rule shows `execution` is a root by the calls of `startExecution` by that name; the bound copy is called as `begin`, which the caller search does not find, so the sub-agent's reset to 0 is accepted as a root's (seed mode: every late sub-agent replays).",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_SERVICES_LAST,
        replace: `${BASE_SERVICES_LAST}  begin(execution: AgentExecution, readFrom: number): Promise<void>;
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_SERVICES_LITERAL_LAST,
        replace: `${BASE_SERVICES_LITERAL_LAST}      begin: this.startExecution.bind(this),
`,
      },
      {
        file: BASE_SESSION,
        find: `  steer(text: string): void {
`,
        replace: `  // Where an execution starts reading the session's steering.
  async startExecution(execution: AgentExecution, readFrom: number): Promise<void> {
    execution.setSteeringReaderIndex(readFrom);
    this.sessionServices.logger.debug(\`\${execution.agentName} reads steering from \${readFrom}\`);
  }

  steer(text: string): void {
`,
      },
      { file: BASE_SESSION, find: BASE_CONTINUATION_SET, replace: `` },
      {
        file: BASE_SESSION,
        find: `      return this.runTurn(continuation, request, true, execution.steeringReaderIndex);
`,
        replace: `      await this.startExecution(continuation, execution.steeringReaderIndex);
      return this.runTurn(continuation, request, true, execution.steeringReaderIndex);
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_RUN,
        replace: `  await state.execution.sessionServices.begin(subAgentExecution, 0);
${BASE_SUB_RUN}`,
      },
    ],
  },

  // ---- (d) a module-level object the drain reads, mutated at start-up -------------------
  {
    id: "drain-options-mutated-at-startup",
    model: "base",
    expect: "harmful",
    description:
      "The drain module exports `DRAIN_OPTIONS = { catchUpDelegates: false }` and an execution's first drain starts at 0 when `DRAIN_OPTIONS.catchUpDelegates` is set (a root's first drain starts at 0 anyway); the session's constructor sets `DRAIN_OPTIONS.catchUpDelegates = process.env.KIRO_DELEGATE_CATCH_UP !== \"off\"` (a rollout flag, on by default).",
    why:
      "Module-level options flipped at start-up are ordinary. The slicer binds `DRAIN_OPTIONS` to its literal (pure) and runs the drain with `false`; the property write in the session is not a write of the name, so nothing says the slice's view differs: every delegate replays the turn (seed mode).",
    edits: [
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_HEAD,
        replace: `${BASE_DRAIN_HEAD}
export const DRAIN_OPTIONS = { catchUpDelegates: false };
`,
      },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const catchUp = DRAIN_OPTIONS.catchUpDelegates && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_MEMORY_IMPORT,
        replace: `${BASE_MEMORY_IMPORT}import { DRAIN_OPTIONS } from "../steering/live-steering-hook";
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_SESSION_CTOR_END,
        replace: `${BASE_SESSION_CTOR_END.slice(0, -4)}
    DRAIN_OPTIONS.catchUpDelegates = process.env.KIRO_DELEGATE_CATCH_UP !== "off";
  }
`,
      },
    ],
  },
  {
    id: "drain-options-hoisted-configure",
    model: "base",
    expect: "harmful",
    description:
      "The drain module has `var drainOptions: { catchUpDelegates: boolean }; export const configureDrain = (drainOptions = { catchUpDelegates: false }, (options) => Object.assign(drainOptions, options));` (the minifier's hoisted shape, `var b, w = (b = {…}, …)`), an execution's first drain starts at 0 when `drainOptions.catchUpDelegates` is set, and the session's constructor calls `configureDrain({ catchUpDelegates: process.env.KIRO_DELEGATE_CATCH_UP !== \"off\" })`.",
    why:
      "A configure function over module-level defaults is ordinary. `drainOptions` is declared once and assigned once at the top of a top-level statement, so the slicer binds it to `{ catchUpDelegates: false }`; `Object.assign` writes its members, not the name: the proof's drain never catches up, the bundle's does (seed mode).",
    edits: [
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_HEAD,
        replace: `${BASE_DRAIN_HEAD}
var drainOptions: { catchUpDelegates: boolean };
export const configureDrain = (drainOptions = { catchUpDelegates: false }, (options: { catchUpDelegates: boolean }) => Object.assign(drainOptions, options));
`,
      },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const catchUp = drainOptions.catchUpDelegates && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_MEMORY_IMPORT,
        replace: `${BASE_MEMORY_IMPORT}import { configureDrain } from "../steering/live-steering-hook";
`,
      },
      {
        file: BASE_SESSION,
        find: BASE_SESSION_CTOR_END,
        replace: `${BASE_SESSION_CTOR_END.slice(0, -4)}
    configureDrain({ catchUpDelegates: process.env.KIRO_DELEGATE_CATCH_UP !== "off" });
  }
`,
      },
    ],
  },
  // ---- (b) the root's helper as a value that is not an arrow ----------------------------
  {
    id: "root-helper-bound-into-services",
    model: "base",
    expect: "harmful",
    description:
      "As root-helper-builds-top-level-delegates (round 4), but the services get the helper as `spawnTopLevel: this.newTopLevelExecution.bind(this)` instead of an arrow that calls it: the root, its continuation, and through `sessionServices.spawnTopLevel` the delegates and memory pass of a depth-0 parent are built by the private `newTopLevelExecution(agentName)` (no depth).",
    why:
      "`.bind(this)` is the other everyday way to hand a method on. The rule that opened round 4's mutant looks for calls of the helper inside arrows; a bound method has no call at all, so the continuation's cursor set is still shown to be a root's, and the depth-0 delegates and memory extraction it builds are neither seeded nor gated (both modes).",
    edits: rootHelperAsValue(`      spawnTopLevel: this.newTopLevelExecution.bind(this),
`),
  },
  {
    id: "root-helper-function-expression",
    model: "base",
    expect: "harmful",
    description:
      "As root-helper-bound-into-services, with `const session = this;` in the constructor and `spawnTopLevel: function (agentName: string) { return session.newTopLevelExecution(agentName); }` in the services.",
    why:
      "A function expression over a captured `self` is what older code and some compilers' output use. The helper is called from a function handed on as a value, but not from an arrow, which is all the rule looks at (its comment says arrow or function expression).",
    edits: [
      ...rootHelperAsValue(`      spawnTopLevel: function (agentName: string) {
        return session.newTopLevelExecution(agentName);
      },
`),
      {
        file: BASE_SESSION,
        find: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
`,
        replace: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
    const session = this;
`,
      },
    ],
  },

  // ---- (e) a delegate kept in a module-level variable -----------------------------------
  {
    id: "delegate-prewarmed-module-variable",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool's module keeps `let warmDelegate: AgentExecution | undefined`; `prewarmDelegate(parent)` (called by the session when each root starts running, and by the tool after each delegation) sets `warmDelegate = buildDelegate(parent, \"sub-agent\")`, a top-level helper returning `new AgentExecution({… depth + 1 })`; a delegation takes `warmDelegate` when it was built for this parent, else builds one.",
    why:
      "A single prewarmed delegate in a module variable is the simplest form of round 4's WeakRef cache. The kept-child rule looks for a member, a container or a closure; an assignment to a plain name only makes that name an alias of the child. The delegate is built at turn start, seeded then, and replays every steer typed before the delegation (seed mode).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  return new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
}

// The next delegate, built while its parent is still thinking.
let warmDelegate: AgentExecution | undefined;
let warmParent: AgentExecution | undefined;

export function prewarmDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  warmParent = parent;
  warmDelegate = buildDelegate(parent, "sub-agent");
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const warm = warmParent === state.execution ? warmDelegate : undefined;
  warmDelegate = warmParent = undefined;
  const subAgentExecution = warm ?? buildDelegate(state.execution, "sub-agent");
`,
      },
      { file: BASE_TOOL, find: BASE_SUB_RUN, replace: `${BASE_SUB_RUN}  prewarmDelegate(state.execution);
` },
      ...prewarmInSession,
    ],
  },
  {
    id: "delegate-standby-comma-return",
    model: "base",
    expect: "harmful",
    description:
      "The tool's construction helper records what it builds: `function buildDelegate(parent, agentName) { const child = new AgentExecution({… depth + 1 }); return (standby = child), child; }` with a module-level `let standby`; the session calls `prewarmDelegate(execution)` (which builds one and drops the result) when each root starts, and a delegation takes `standby` when it was built for this parent.",
    why:
      "The comma return `return log(child), child` is accepted since ac2c63e as a helper that builds its child; its earlier part here keeps the child in a module variable, which is a plain name, not a member: the kept-child rule sees an alias. Built at turn start, the delegate replays the turn's earlier steers (seed mode).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// The last delegate built, held for the next delegation of the same parent.
let standby: AgentExecution | undefined;

function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
  return (standby = child), child;
}

export function prewarmDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  buildDelegate(parent, "sub-agent");
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const warm = standby?.promptContext === state.execution.promptContext && standby.subExecutionDepth === currentDepth + 1 ? standby : undefined;
  standby = undefined;
  const subAgentExecution = warm ?? buildDelegate(state.execution, "sub-agent");
`,
      },
      { file: BASE_TOOL, find: BASE_SUB_RUN, replace: `${BASE_SUB_RUN}  prewarmDelegate(state.execution);
` },
      ...prewarmInSession,
    ],
  },
  {
    id: "delegate-comma-return-logs",
    model: "base",
    expect: "harmless",
    description:
      "Twin of delegate-standby-comma-return: the helper logs what it built, `return (log.debug(\\`built \\${child.executionId}\\`), child);` with `log` the services' logger, and every delegation builds its own child.",
    why: "The comma return of ac2c63e with an earlier part that only reads a member of the child: the tool ought to accept it.",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  const log = parent.sessionServices.logger;
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
  return (log.debug(\`built \${child.executionId}\`), child);
}
`,
      },
      { file: BASE_TOOL, find: BASE_SUB_NEW, replace: `  const subAgentExecution = buildDelegate(state.execution, subagentId);
` },
    ],
  },
  // ---- (f) the child's transcript written from outside ----------------------------------
  {
    id: "delegate-transcript-from-parent",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool starts the child's transcript with its parent's: `subAgentExecution.prompts.push(...state.execution.prompts)` after the construction (the delegate sees what its parent was told).",
    why:
      "Handing a delegate its parent's history is a common agent-framework feature. `prompts` is what the model was prompted with, the report's receipts; the closed world follows the own queue (`queuedSteering`), the delivery methods and the fields the drain and the end-of-turn check read, none of which this is, and the proof's harness reads deliveries off the own queue: the parent's earlier steers reach the child in both modes.",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_AFTER_SUB_NEW,
        replace: `  // The delegate's transcript starts with what its parent was told.
  subAgentExecution.prompts.push(...state.execution.prompts);
${BASE_AFTER_SUB_NEW}`,
      },
    ],
  },
  {
    id: "delegate-span-counts-parent-prompts",
    model: "base",
    expect: "harmless",
    description:
      "Twin of delegate-transcript-from-parent: the sub-agent's span reports how many prompts its parent had, `recordSpan(\"sub-agent\", { …, parentPrompts: state.execution.prompts.length })`.",
    why: "A read of the parent's transcript that hands the child nothing: the tool ought to accept it.",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_AFTER_SUB_NEW,
        replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, parentPrompts: state.execution.prompts.length });
`,
      },
    ],
  },
  {
    id: "third-delegate-transcript-from-parent",
    model: "third",
    expect: "harmful",
    description:
      "The third model's sub-agent tool replays its parent's prompt records into the child: `for (const record of parent.prompts) subAgentExecution.recordPrompt(record.steering);` before running it.",
    why:
      "As delegate-transcript-from-parent, through the class's own `recordPrompt`, which writes the transcript (the report's receipts), not the inbox the drain fills: it is not a delivery method by the closed world's definition, so the parent's steers reach the child in both modes.",
    edits: [
      {
        file: THIRD_TOOL,
        find: THIRD_AFTER_SUB_NEW,
        replace: `    // The delegate's transcript starts with what its parent was told.
    for (const record of parent.prompts) subAgentExecution.recordPrompt(record.steering);
${THIRD_AFTER_SUB_NEW}`,
      },
    ],
  },
  {
    id: "third-drain-options-mutated-at-startup",
    model: "third",
    expect: "harmful",
    description:
      "The third model's drain module exports `LIVE_STEERING_OPTIONS = { catchUpOnFirstPrompt: false }`; `drainInto` starts an execution's first drain at 0 when it is set; the session's constructor sets `LIVE_STEERING_OPTIONS.catchUpOnFirstPrompt = process.env.KIRO_STEERING_CATCH_UP !== \"0\"`.",
    why:
      "As drain-options-mutated-at-startup, in a class method's module and imported by the session: the slicer runs the drain with the literal's `false`, and a member write is not a write of the name.",
    edits: [
      {
        file: THIRD_DRAIN,
        find: THIRD_DRAIN_HEAD,
        replace: `${THIRD_DRAIN_HEAD}
/** Rollout switches of live steering, set once at start-up. */
export const LIVE_STEERING_OPTIONS = { catchUpOnFirstPrompt: false };
`,
      },
      {
        file: THIRD_DRAIN,
        find: THIRD_DRAIN_LOOP,
        replace: `    const start = LIVE_STEERING_OPTIONS.catchUpOnFirstPrompt && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
    for (let i = start; i < buffer.count; i++) {
`,
      },
      {
        file: THIRD_SESSION,
        find: `import { SteeringBuffer } from "../steering/steering-buffer";
`,
        replace: `import { LIVE_STEERING_OPTIONS } from "../steering/live-steering-hook";
import { SteeringBuffer } from "../steering/steering-buffer";
`,
      },
      {
        file: THIRD_SESSION,
        find: `      executions: this.executions,
    };
  }
`,
        replace: `      executions: this.executions,
    };
    LIVE_STEERING_OPTIONS.catchUpOnFirstPrompt = process.env.KIRO_STEERING_CATCH_UP !== "0";
  }
`,
      },
    ],
  },
  {
    id: "third-start-execution-bound-into-services",
    model: "third",
    expect: "harmful",
    description:
      "The third model's session gains `async startExecution(execution, readFrom)` (sets the cursor, logs); the turn loop calls `await this.startExecution(execution, readUpTo)` for the continuation instead of the setter; the services get `startAt: this.startExecution.bind(this)` (the constructor builds them after the method exists), and the sub-agent tool does `await parent.sessionServices.startAt(subAgentExecution, 0)` before running the child.",
    why:
      "As start-execution-bound-into-services: the callers of `startExecution` found by name pass only the turn loop's `execution` (bound only to root constructions); the bound copy is called as `startAt`, which the caller search never sees (seed mode).",
    edits: [
      {
        file: "third/session/session-services.ts",
        find: `  readonly executions?: ExecutionTracker;
`,
        replace: `  readonly executions?: ExecutionTracker;
  /** Where an execution starts reading the session's steering. */
  readonly startAt: (execution: AgentExecution, readFrom: number) => Promise<void>;
`,
      },
      {
        file: THIRD_SESSION,
        find: `      executions: this.executions,
    };
  }
`,
        replace: `      executions: this.executions,
      startAt: this.startExecution.bind(this),
    };
  }

  /** Where an execution starts reading the session's steering. */
  async startExecution(execution: AgentExecution, readFrom: number): Promise<void> {
    execution.setSteeringReaderIndex(readFrom);
    this.services.logger.debug(\`\${execution.agentName} reads steering from \${readFrom}\`);
  }
`,
      },
      {
        file: THIRD_SESSION,
        find: `      execution.setSteeringReaderIndex(readUpTo);
`,
        replace: `      await this.startExecution(execution, readUpTo);
`,
      },
      {
        file: THIRD_TOOL,
        find: `    await context.runSubExecution(subAgentExecution);
`,
        replace: `    await parent.sessionServices.startAt(subAgentExecution, 0);
    await context.runSubExecution(subAgentExecution);
`,
      },
    ],
  },
];
