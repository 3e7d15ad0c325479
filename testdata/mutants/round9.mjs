// Round 9 (round9.mjs): a red team's mutants against the rules after round 8:
// hand-offs of the child to functions bound to a key (class-field arrows,
// constructor-assigned arrows, object-literal arrows) are now followed, and a
// function the child is handed to that writes into it or pushes a non-constant
// value onto it before its run is refused. These mutants attack that rule and
// its neighbours: the run bound to a key through `.bind`, a factory's closure,
// a getter, a hook list; what the callee does to the child spelled through a
// private method, a destructured alias, a helper given the child's member, a
// non-push mutator, or after the run has started; a constant write of a field
// the drain reads; a briefing keyed by the child's id; steering given to the
// child by the registry its constructor registers with; a memory extraction
// built with the turn and threaded to its end; an end-of-turn recap decided on
// the graph state. Plus harmless neighbours that must still prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND9 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND9-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";

// ---- shared snippets (exactly as in ../model/src) ----
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const servicesField = (decl) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", `\n  ${decl}\n}`) });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValue = (value) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,\n      ${value}\n    };` });
const REGISTRY_IFACE = `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}`;
const REGISTRY_IFACE_EXECUTIONS = {
  file: EXECUTION,
  find: REGISTRY_IFACE,
  replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  readonly executions: AgentExecution[];
}`,
};
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const toolRun = (replace) => ({ file: TOOL, find: TOOL_RUN, replace });
const TOOL_THROUGH_RUNNER = (key) => toolRun(`  const result = await state.execution.sessionServices.delegates!.${key}(subAgentExecution);
`);
const RUNNER_IFACE = (key) => servicesField(`// Runs the session's delegated executions.\n  delegates?: { ${key}(execution: AgentExecution): Promise<{ turns: number }> };`);
const SESSION_EVENT_ADAPTER = `class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}`;
const sessionClass = (code) => ({ file: SESSION, find: SESSION_EVENT_ADAPTER, replace: SESSION_EVENT_ADAPTER + "\n\n" + code });
const SESSION_CANCEL = `  cancel(): void {`;
const sessionMethod = (code) => ({ file: SESSION, find: SESSION_CANCEL, replace: `${code}\n\n${SESSION_CANCEL}` });
// The latest root's user steering, as a delegate runner would brief a delegate with it.
const ROOT_BRIEF = (registry) => `const root = ${registry}.executions.filter((e) => e.agentName === "kiro").at(-1);
    const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];`;
// A runner class with a class-field arrow \`launch\` whose body is given.
const runnerWithFieldArrow = (body, extra = "") => sessionClass(`// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  launch = async (execution: AgentExecution) => {
${body}
  };${extra}
}`);
const RUNNER_SERVICE = servicesValue(`delegates: new DelegateRunner(this.registry),`);

const DRAIN_LOOP = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`;
const loopFrom = (pre) => ({ file: DRAIN, find: DRAIN_LOOP, replace: `${pre}  for (let index = start; index < buffer.length; index++) {` });
// The drain starts at a catch-up point when one was requested, once.
const DRAIN_CATCH_UP = loopFrom(`  const start = execution.catchUpFrom ?? execution.steeringReaderIndex;
  execution.catchUpFrom = undefined;
`);
const CATCH_UP_FIELD = {
  file: EXECUTION,
  find: `  drainRetryCount = 0;
`,
  replace: `  drainRetryCount = 0;
  // Where the next drain starts instead of the cursor, once (a delegate catching up on the turn).
  catchUpFrom: number | undefined = undefined;
`,
};
const DELEGATED_GETTER = {
  file: EXECUTION,
  find: `  setSteeringReaderIndex(index: number): void {
`,
  replace: `  // A delegate (sub-agent or internal pass) rather than a top-level execution.
  get delegated(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
`,
};
const END_OF_TURN_FN = `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.execution.hasQueuedUserMessage()) {`;
const INVOKE_MODEL = `async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  state.execution.takeQueuedSteering();`;
const REGISTRY_CLASS = `class SessionRegistry implements ExecutionRegistry {
  readonly executions: AgentExecution[] = [];
  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
}`;

export const ROUND9 = [
  // ---- the run bound to a key by something other than an arrow ----
  {
    id: "r9-handoff-bound-method",
    model: "base",
    expect: "harmful",
    description: "the services gain `delegates: { launch: this.launchDelegate.bind(this) }`; `AcpSession.launchDelegate` briefs the child on the latest root's user prompts, then runs it",
    why: "the key is bound to a bound method (a call of `.bind`), not to an arrow or a method of that key",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      servicesValue(`delegates: { launch: this.launchDelegate.bind(this) },`),
      sessionMethod(`  private async launchDelegate(execution: AgentExecution) {
    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) execution.prompts.push(brief);
    return runExecution(execution);
  }`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-factory-closure",
    model: "base",
    expect: "harmful",
    description: "the services gain `delegates: { launch: createLauncher(this.registry) }`; the top-level `createLauncher(registry)` returns an arrow that briefs the child on the latest root's user prompts, then runs it",
    why: "the key is bound to what a factory returns (a closure over the registry): a call, not a function the literal spells",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionClass(`// The session's delegate launcher: each delegate is briefed on the turn so far.
function createLauncher(registry: SessionRegistry) {
  return async (execution: AgentExecution) => {
    ${ROOT_BRIEF("registry")}
    if (brief.length > 0) execution.prompts.push(brief);
    return runExecution(execution);
  };
}`),
      servicesValue(`delegates: { launch: createLauncher(this.registry) },`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-getter-arrow",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner` exposes `get launch()`, a getter returning an arrow that briefs the child on the latest root's user prompts, then runs it",
    why: "the key is a getter (a method with no parameters) whose returned arrow does the work: what the child is handed to is the getter's result",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionClass(`// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  get launch() {
    return async (execution: AgentExecution) => {
      ${ROOT_BRIEF("this.registry").replace(/\n/g, "\n  ")}
      if (brief.length > 0) execution.prompts.push(brief);
      return runExecution(execution);
    };
  }
}`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-hook-list",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) awaits every hook of its `beforeRun` list with the child, then runs it; the session registers a hook that briefs the child on the latest root's user prompts",
    why: "before-run hooks are an ordinary plugin point (sub-agents run hooks, memory extraction skips them); the child is handed to a local bound by a for-of over a member, not to a key",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionClass(`// Runs delegated executions for the session, after its before-run hooks.
class DelegateRunner {
  readonly beforeRun: ((execution: AgentExecution) => Promise<void>)[] = [];
  launch = async (execution: AgentExecution) => {
    for (const hook of this.beforeRun) await hook(execution);
    return runExecution(execution);
  };
}`),
      { file: SESSION, find: `  readonly model = new ScriptedModel(this);
`, replace: `  readonly model = new ScriptedModel(this);
  readonly delegates = new DelegateRunner();
` },
      servicesValue(`delegates: this.delegates,`),
      {
        file: SESSION,
        find: `      model: this.model,
      delegates: this.delegates,
    };
`,
        replace: `      model: this.model,
      delegates: this.delegates,
    };
    this.delegates.beforeRun.push(async (execution) => this.briefDelegate(execution));
`,
      },
      sessionMethod(`  private briefDelegate(execution: AgentExecution): void {
    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) execution.prompts.push(brief);
  }`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  // ---- what the followed callee does to the child, spelled otherwise ----
  {
    id: "r9-handoff-private-method",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) calls `this.#brief(execution)`, a private method that pushes the latest root's user prompts onto the child's prompts, then runs it",
    why: "the write into the child moved into a `#private` method of the runner: the child is handed to a call whose key is a private name",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    this.#brief(execution);
    return runExecution(execution);`, `
  #brief(execution: AgentExecution): void {
    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) execution.prompts.push(brief);
  }`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-destructured-alias",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) takes `const { prompts } = execution` and pushes the latest root's user prompts onto that alias, then runs the child",
    why: "the push is onto a destructured alias of the child's member, not spelled on the child",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    const { prompts } = execution;
    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) prompts.push(brief);
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-member-to-helper",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) calls the top-level `appendBriefing(execution.prompts, brief)`, which pushes the brief when it is not empty, then runs the child",
    why: "the child's member, not the child, is handed to a helper that writes into it",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    ${ROOT_BRIEF("this.registry")}
    appendBriefing(execution.prompts, brief);
    return runExecution(execution);`),
      sessionClass(`// Adds a briefing to a prompt list when there is one.
function appendBriefing(into: SteeringMessage[][], brief: SteeringMessage[]): void {
  if (brief.length > 0) into.push(brief);
}`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-splice-first",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) puts the latest root's user prompts first with `execution.prompts.splice(0, 0, brief)`, then runs the child",
    why: "a non-push mutator (splice with items) on the child's member, so the briefing opens the prompts whatever is already there",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) execution.prompts.splice(0, 0, brief);
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-brief-after-start",
    model: "base",
    expect: "harmful",
    description: "`DelegateRunner.launch` (a class-field arrow) starts `runExecution(execution)`, then pushes the latest root's user prompts onto the child's prompts while its first drain is in flight, and returns the run",
    why: "the write into the child comes after its run has started (not before it), yet before its first model prompt is taken",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    ${ROOT_BRIEF("this.registry")}
    const running = runExecution(execution);
    if (brief.length > 0) execution.prompts.push(brief);
    return running;`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-handoff-private-method-awaited",
    model: "base",
    expect: "harmful",
    description: "as `r9-handoff-private-method`, the private method async and awaited: `launch` (a class-field arrow) does `await this.#brief(execution)`, then runs the child",
    why: "the keep that refused `r9-handoff-private-method` (a call whose result is dropped) removed: the child is handed to an awaited call whose key is a private name",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      runnerWithFieldArrow(`    await this.#brief(execution);
    return runExecution(execution);`, `
  async #brief(execution: AgentExecution): Promise<void> {
    ${ROOT_BRIEF("this.registry")}
    if (brief.length > 0) execution.prompts.push(brief);
  }`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  // ---- constant writes that decide a delivery ----
  {
    id: "r9-handoff-constant-catch-up",
    model: "base",
    expect: "harmful",
    description: "the execution gains `catchUpFrom` (the drain starts there once instead of at the cursor, then clears it); `DelegateRunner.launch` (a class-field arrow) sets `execution.catchUpFrom = 0` before it runs the child",
    why: "a constant written into the child by the callee, on a field the drain reads: the catch-up replays the turn over any seed",
    edits: [
      CATCH_UP_FIELD,
      DRAIN_CATCH_UP,
      RUNNER_IFACE("launch"),
      runnerWithFieldArrow(`    execution.catchUpFrom = 0;
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-run-delegate-constant-catch-up",
    model: "base",
    expect: "harmful",
    description: "as `r9-handoff-constant-catch-up`, the write in a top-level `runDelegate(execution)` of the sub-agent tool's module (`execution.catchUpFrom = 0; return runExecution(execution)`), which the tool awaits instead of `runExecution`",
    why: "the same constant write of a drain-read field on the parameter of a top-level function the child is handed to by name",
    edits: [
      CATCH_UP_FIELD,
      DRAIN_CATCH_UP,
      {
        file: TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

// Runs a delegate caught up on the turn so far.
async function runDelegate(execution: AgentExecution): Promise<ExecutionState> {
  execution.catchUpFrom = 0;
  return runExecution(execution);
}
`,
      },
      toolRun(`  const result = await runDelegate(subAgentExecution);
`),
    ],
  },
  // ---- steering reaching the child by a key, not by the child ----
  {
    id: "r9-briefing-keyed-by-id",
    model: "base",
    expect: "harmful",
    description: "the graph module keeps `delegateBriefings`, a `Map` from execution id to messages (`briefDelegate(id, messages)`); `DelegateRunner.launch` (a class-field arrow) calls `briefDelegate(execution.executionId, brief)` with the latest root's user prompts, then runs the child; `invokeModel` opens a delegate's prompts with its briefing",
    why: "the callee hands only the child's id on and writes nothing into the child; the briefing flows back through a module map keyed by that id, in a graph node",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      {
        file: NODES,
        find: INVOKE_MODEL,
        replace: `// Briefings for delegates, by execution id, moved into the delegate's first prompt.
const delegateBriefings = new Map<string, SteeringMessage[]>();
export function briefDelegate(executionId: string, messages: SteeringMessage[]): void {
  if (messages.length > 0) delegateBriefings.set(executionId, messages);
}

async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  const briefing = delegateBriefings.get(state.execution.executionId);
  if (briefing) {
    delegateBriefings.delete(state.execution.executionId);
    state.execution.prompts.push(briefing);
  }
  state.execution.takeQueuedSteering();`,
      },
      { file: SESSION, find: `import { ModelSettleError, runExecution } from "../graph/nodes";`, replace: `import { briefDelegate, ModelSettleError, runExecution } from "../graph/nodes";` },
      runnerWithFieldArrow(`    ${ROOT_BRIEF("this.registry")}
    briefDelegate(execution.executionId, brief);
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-registry-register-briefs",
    model: "base",
    expect: "harmful",
    description: "`SessionRegistry.register` (called by every execution's constructor) pushes the latest root's user prompts onto a delegate's prompts when it registers one (`subExecutionDepth > 0`)",
    why: "the child is handed to the registry by its own constructor (`register(this)`), the one keep the closed world already accepts; the registry's method writes steering into it",
    edits: [
      {
        file: SESSION,
        find: REGISTRY_CLASS,
        replace: `class SessionRegistry implements ExecutionRegistry {
  readonly executions: AgentExecution[] = [];
  register(execution: AgentExecution): void {
    if (execution.subExecutionDepth > 0) {
      // A delegate starts with what the user asked the latest root this turn.
      const root = this.executions.filter((e) => e.agentName === "kiro").at(-1);
      const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];
      if (brief.length > 0) execution.prompts.push(brief);
    }
    this.executions.push(execution);
  }
}`,
      },
    ],
  },
  // ---- memory extraction built with the turn, run at its end ----
  {
    id: "r9-memory-threaded-prebuilt",
    model: "base",
    expect: "harmful",
    description: "`createMemoryExtraction(root)` returns the extraction execution; `AcpSession.prompt` builds it right after the root and hands it to `runTurn(root, request, false, 0, extraction)`, which runs it with `runMemoryExtraction(execution, extraction)` after the root's run",
    why: "a spawn helper whose child is threaded through the session's turn as a parameter: every call given it is awaited, but the root runs (and is told the turn's steers) between `new` and the extraction's run",
    edits: [
      {
        file: MEMORY,
        find: `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({`,
        replace: `// Built with the turn, so the extraction shares the turn's prompt context.
export function createMemoryExtraction(execution: AgentExecution): AgentExecution {
  return new AgentExecution({`,
      },
      {
        file: MEMORY,
        find: `    skipHooks: true,
  });
  try {`,
        replace: `    skipHooks: true,
  });
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution, extraction: AgentExecution): Promise<void> {
  try {`,
      },
      { file: SESSION, find: `import { runMemoryExtraction } from "../memory/memory-extraction";`, replace: `import { createMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";` },
      {
        file: SESSION,
        find: `      agentName: "kiro",
    });
    const outcome = await this.runTurn(root, request, false, 0);`,
        replace: `      agentName: "kiro",
    });
    const extraction = request.memoryExtraction ? createMemoryExtraction(root) : undefined;
    const outcome = await this.runTurn(root, request, false, 0, extraction);`,
      },
      {
        file: SESSION,
        find: `  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number): Promise<string> {`,
        replace: `  private async runTurn(execution: AgentExecution, request: TurnRequest, isContinuation: boolean, resumeIndex: number, extraction?: AgentExecution): Promise<string> {`,
      },
      {
        file: SESSION,
        find: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);`,
        replace: `    if (extraction && !isContinuation) await runMemoryExtraction(execution, extraction);`,
      },
    ],
  },
  {
    id: "r9-memory-built-before-root-run",
    model: "base",
    expect: "harmful",
    description: "`runTurn` builds the extraction with `createMemoryExtraction(execution)` before it awaits the root's `runExecution(execution)`, keeps it in a local, and runs it after a successful root run with `runMemoryExtraction(extraction)` (which logs through the extraction's own services)",
    why: "the child is kept in a local across an awaited run of another execution (its parent): no container, member or closure holds it, and the only call given it is awaited",
    edits: [
      {
        file: MEMORY,
        find: `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({`,
        replace: `// Built with the root's run, so the extraction shares the turn's prompt context.
export function createMemoryExtraction(execution: AgentExecution): AgentExecution {
  return new AgentExecution({`,
      },
      {
        file: MEMORY,
        find: `    skipHooks: true,
  });
  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(`,
        replace: `    skipHooks: true,
  });
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(extraction: AgentExecution): Promise<void> {
  try {
    await runExecution(extraction);
  } catch (error) {
    extraction.sessionServices.logger.warn(`,
      },
      { file: SESSION, find: `import { runMemoryExtraction } from "../memory/memory-extraction";`, replace: `import { createMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";` },
      {
        file: SESSION,
        find: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      await runExecution(execution);`,
        replace: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    const extraction = request.memoryExtraction && !isContinuation ? createMemoryExtraction(execution) : undefined;
    try {
      await runExecution(execution);`,
      },
      {
        file: SESSION,
        find: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);`,
        replace: `    if (extraction) await runMemoryExtraction(extraction);`,
      },
    ],
  },
  // ---- an end-of-turn recap decided on the graph state ----
  {
    id: "r9-end-of-turn-reply-recap",
    model: "base",
    expect: "harmful",
    description: "when a delegate's turn ends on a reply (`state.lastTurn?.kind === \"reply\"` and the class's `delegated` getter), the end-of-turn check pushes the buffer's user messages it was not told onto its prompts before it decides",
    why: "a delegate's answer is checked against what the user said during the turn; the recap is decided on the graph state's last turn, which the harness's state does not carry",
    edits: [
      DELEGATED_GETTER,
      {
        file: NODES,
        find: END_OF_TURN_FN,
        replace: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.lastTurn?.kind === "reply" && state.execution.delegated) {
    // A delegate's answer is checked against what the user said during the turn.
    const told = state.execution.prompts.flat();
    const missed = state.execution.sessionServices.liveSteering.snapshot().filter((m) => m.kind === "user" && !told.includes(m));
    if (missed.length > 0) state.execution.prompts.push(missed);
  }
  if (state.execution.hasQueuedUserMessage()) {`,
      },
    ],
  },
  {
    id: "r9-end-of-turn-catch-up-loop",
    model: "base",
    expect: "harmful",
    description: "when a delegate's turn first ends on a reply (`state.lastTurn?.kind === \"reply\"`, the class's `delegated` getter, not yet `caughtUp`), the end-of-turn check sets `catchUpFrom = 0` and `caughtUp = true` on it and sends it back through MODEL_INVOKE, where the drain starts at the catch-up point once",
    why: "one last pass over the turn's steering before a delegate's answer is accepted: an end-of-turn decision on the graph state's last turn, which the harness's state does not carry, writing constants the drain reads",
    edits: [
      CATCH_UP_FIELD,
      DRAIN_CATCH_UP,
      DELEGATED_GETTER,
      { file: EXECUTION, find: `  steeringExhausted = false;
`, replace: `  steeringExhausted = false;
  caughtUp = false;
` },
      {
        file: NODES,
        find: END_OF_TURN_FN,
        replace: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.lastTurn?.kind === "reply" && state.execution.delegated && !state.execution.caughtUp) {
    // A delegate gets one pass over the turn's steering before its answer is accepted.
    state.execution.caughtUp = true;
    state.execution.catchUpFrom = 0;
    return targets.continueTarget;
  }
  if (state.execution.hasQueuedUserMessage()) {`,
      },
    ],
  },
  // ---- harmless neighbours: these must still prove and apply ----
  {
    id: "r9-h-handoff-started-at",
    model: "base",
    expect: "harmless",
    description: "`DelegateRunner.launch` (a class-field arrow) sets `execution.startedAt = Date.now()` on the child, then runs it",
    why: "a non-constant write into the child that no steering code reads (a start time for telemetry)",
    edits: [
      RUNNER_IFACE("launch"),
      { file: EXECUTION, find: `  drainRetryCount = 0;
`, replace: `  drainRetryCount = 0;
  startedAt: number | undefined = undefined;
` },
      runnerWithFieldArrow(`    execution.startedAt = Date.now();
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-h-handoff-logs-id",
    model: "base",
    expect: "harmless",
    description: "`DelegateRunner.launch` (a class-field arrow) logs the child's id and agent through the child's services logger, then runs it",
    why: "a callee that only reads members of the child for a log line",
    edits: [
      RUNNER_IFACE("launch"),
      runnerWithFieldArrow(`    execution.sessionServices.logger.debug(\`launching \${execution.agentName} (\${execution.executionId.slice(0, 8)})\`);
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-h-handoff-bound-plain",
    model: "base",
    expect: "harmless",
    description: "the services gain `delegates: { launch: this.launchDelegate.bind(this) }`; `AcpSession.launchDelegate` counts the delegate and runs it",
    why: "the neighbour of `r9-handoff-bound-method` that does nothing to the child",
    edits: [
      RUNNER_IFACE("launch"),
      servicesValue(`delegates: { launch: this.launchDelegate.bind(this) },`),
      { file: SESSION, find: `  steeringEpoch = 0;
`, replace: `  steeringEpoch = 0;
  delegatesLaunched = 0;
` },
      sessionMethod(`  private async launchDelegate(execution: AgentExecution) {
    this.delegatesLaunched++;
    return runExecution(execution);
  }`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-h-handoff-records-id",
    model: "base",
    expect: "harmless",
    description: "`DelegateRunner.launch` (a class-field arrow) pushes the child's `executionId` onto the runner's own `launched` list, then runs it",
    why: "a push of a member of the child onto the callee's own list; nothing is written into the child",
    edits: [
      RUNNER_IFACE("launch"),
      runnerWithFieldArrow(`    this.launched.push(execution.executionId);
    return runExecution(execution);`, `
  readonly launched: string[] = [];`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-h-handoff-constant-label",
    model: "base",
    expect: "harmless",
    description: "`DelegateRunner.launch` (a class-field arrow) sets `execution.label = \"delegate\"` (a field nothing in steering reads), then runs it",
    why: "a constant write into the child of a field neither the drain nor the end-of-turn check reads",
    edits: [
      RUNNER_IFACE("launch"),
      { file: EXECUTION, find: `  drainRetryCount = 0;
`, replace: `  drainRetryCount = 0;
  label = "execution";
` },
      runnerWithFieldArrow(`    execution.label = "delegate";
    return runExecution(execution);`),
      RUNNER_SERVICE,
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r9-h-register-counts-delegates",
    model: "base",
    expect: "harmless",
    description: "`SessionRegistry.register` also counts delegates (`subExecutionDepth > 0`) in its own `delegateCount`",
    why: "the registry's method reads the child's depth and writes only its own field",
    edits: [
      {
        file: SESSION,
        find: REGISTRY_CLASS,
        replace: `class SessionRegistry implements ExecutionRegistry {
  readonly executions: AgentExecution[] = [];
  delegateCount = 0;
  register(execution: AgentExecution): void {
    if (execution.subExecutionDepth > 0) this.delegateCount++;
    this.executions.push(execution);
  }
}`,
      },
    ],
  },
];
