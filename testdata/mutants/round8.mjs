// Round 8 (round8.mjs): a red team's mutants against the rules after round 7
// ("what an execution holds, and what its hand-off does", "the run followed
// further"): steering kept in shared objects the harness gives as stubs (the
// services, the prompt context) by the take method; several stubbed decisions
// that only matter together; a numeric setting clamped into a table; a switch
// whose cases are constants, not literals; an object-literal end-of-turn
// method that decides on `this`; hand-offs to runs the bundle defines as class
// fields, constructor-assigned arrows or object-literal arrows; a briefing kept
// in a private field or a module WeakMap and read through a getter by code the
// harness does not run; a drain recap keyed on acknowledgments made where a
// sub-agent returns; what a finished delegate was told handed to the next one
// (after the awaited run; through a container the callee stores); a memory
// extraction built at turn start and kept only by the registry its constructor
// registers with. Plus harmless neighbours that must still prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND8 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND8-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const SESSION = "src/session/session.ts";
const REGISTRY = "src/tools/registry.ts";
const LOGGER = "src/util/logger.ts";

const LOG_LINE =
  "`[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`";

// ---- shared snippets (exactly as in ../model/src) ----
const TAKE = `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    return taken;
  }`;
const take = (body) => ({ file: EXECUTION, find: TAKE, replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
${body}    this.prompts.push(taken);
    return taken;
  }` });
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const servicesField = (decl) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", `\n  ${decl}\n}`) });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValue = (value) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,\n      ${value}\n    };` });
const CONTEXT_IFACE = `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}`;
const contextField = (decl) => ({ file: EXECUTION, find: CONTEXT_IFACE, replace: CONTEXT_IFACE.replace("\n}", `\n  ${decl}\n}`) });
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
// The execution class answers whether it is a delegate (a getter, so the drain need not spell the depth).
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
const loopFrom = (pre) => ({ file: DRAIN, find: DRAIN_LOOP, replace: `${pre}  for (let index = start; index < buffer.length; index++) {` });
const DRAIN_IMPORT = `import type { AgentExecution } from "../agent/execution";
`;
const drainTop = (code) => ({ file: DRAIN, find: DRAIN_IMPORT, replace: DRAIN_IMPORT + code });
const DRAIN_GUARD = `  if (!buffer) return;
`;
const afterDrainGuard = (code) => ({ file: DRAIN, find: DRAIN_GUARD, replace: DRAIN_GUARD + code });
const DRAIN_LOOP = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`;

// Steering settings read once from the environment, in the logger's util module
// (a module-level instance: an effectful initialiser the proof leaves a stub).
const SETTINGS_CLASS = {
  file: LOGGER,
  find: `export const logger = new Logger("kas");
`,
  replace: `export const logger = new Logger("kas");

// Steering settings, read once from the environment.
export class SteeringSettings {
  readonly legacyDelegates: boolean;
  readonly delegateCatchUp: boolean;
  readonly freshDelegates: boolean;
  readonly promptVersion: number;
  readonly delegateHistory: number;
  constructor(env: Record<string, string | undefined>) {
    this.legacyDelegates = env.KIRO_LEGACY_DELEGATES === "1";
    this.delegateCatchUp = env.KIRO_DELEGATE_CATCH_UP !== "0";
    this.freshDelegates = env.KIRO_FRESH_DELEGATES === "1";
    this.promptVersion = Number(env.KIRO_PROMPT_VERSION ?? 1);
    this.delegateHistory = Number(env.KIRO_DELEGATE_HISTORY ?? 1);
  }
}

export const steeringSettings = new SteeringSettings(process.env);
`,
};
const DRAIN_SETTINGS_IMPORT = drainTop(`import { steeringSettings } from "../util/logger";
`);

const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const toolRun = (replace) => ({ file: TOOL, find: TOOL_RUN, replace });
const TOOL_IMPORTS = `import { recordSpan } from "../telemetry/spans";
`;
const toolTop = (code) => ({ file: TOOL, find: TOOL_IMPORTS, replace: TOOL_IMPORTS + code });

// The sub-agent tool hands its child to the session's delegate runner.
const TOOL_THROUGH_RUNNER = (key) => toolRun(`  const result = await state.execution.sessionServices.delegates!.${key}(subAgentExecution);
`);
const RUNNER_IFACE = (key) => servicesField(`// Runs the session's delegated executions.\n  delegates?: { ${key}(execution: AgentExecution): Promise<{ turns: number }> };`);
// What the runner does before it runs a delegate: brief it on the latest root's user steering.
const BRIEF_FROM_ROOT = `    const root = this.registry.executions.filter((e) => e.agentName === "kiro").at(-1);
    const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];
    if (brief.length > 0) execution.prompts.push(brief);
    return runExecution(execution);`;
const SESSION_EVENT_ADAPTER = `class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}`;
const sessionClass = (code) => ({ file: SESSION, find: SESSION_EVENT_ADAPTER, replace: SESSION_EVENT_ADAPTER + "\n\n" + code });

// The end-of-turn node as it is.
const END_OF_TURN_FN = `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.execution.hasQueuedUserMessage()) {`;
const END_OF_TURN_TAIL = `    state.execution.sessionServices.logger.warn(\`[EndOfTurn] steering still queued for \${state.execution.agentName} after \${MAX_DRAIN_RETRIES} retries\`);
  }
  return targets.doneTarget;
}`;
const END_OF_TURN_CALL = `        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };`;
const endOfTurnAsObject = (head, props) => [
  { file: NODES, find: END_OF_TURN_FN, replace: `const endOfTurn = {
${props}  route(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
${head}  if (state.execution.hasQueuedUserMessage()) {` },
  { file: NODES, find: END_OF_TURN_TAIL, replace: `    state.execution.sessionServices.logger.warn(\`[EndOfTurn] steering still queued for \${state.execution.agentName} after \${MAX_DRAIN_RETRIES} retries\`);
  }
  return targets.doneTarget;
  },
};` },
  { file: NODES, find: END_OF_TURN_CALL, replace: `        state = { ...state, node: endOfTurn.route(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };` },
];

const INVOKE_MODEL = `async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  state.execution.takeQueuedSteering();`;
// invokeModel (graph node; the proof does not run it) opens a delegate's first prompt with its briefing.
const INVOKE_MODEL_BRIEFING = {
  file: NODES,
  find: INVOKE_MODEL,
  replace: `async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  const briefing = state.execution.briefing;
  if (briefing.length > 0 && state.execution.prompts.length === 0) state.execution.prompts.push([...briefing]);
  state.execution.takeQueuedSteering();`,
};

const QUEUE_STEERING = `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
  }`;
const CONSTRUCTOR_REGISTER = `    this.sessionServices.registry.register(this);
  }`;

const ACKNOWLEDGE_METHOD = {
  file: BUFFER,
  find: `  // Clearing resets no live cursor (kirodotdev/Kiro#11449).`,
  replace: `  // Marks a message handled by an execution; true when the message was known.
  acknowledge(id: string, handler: string): boolean {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(handler);
    return true;
  }

  // Clearing resets no live cursor (kirodotdev/Kiro#11449).`,
};
const EXECUTE_TOOL = `  if (!tool) throw new Error(\`unknown tool \${turn.name}\`);
  return tool(state, turn.input);
}`;
const ACK_ON_TOOL_RETURN = {
  file: REGISTRY,
  find: EXECUTE_TOOL,
  replace: `  if (!tool) throw new Error(\`unknown tool \${turn.name}\`);
  const result = await tool(state, turn.input);
  if (turn.name === "invoke-sub-agent") {
    // The delegator has handled what it was told before it delegated.
    for (const message of state.execution.prompts.flat()) {
      state.execution.sessionServices.liveSteering.acknowledge(message.id, \`delegator:\${state.execution.executionId}\`);
    }
  }
  return result;
}`,
};

export const ROUND8 = [
  // ---- steering kept in shared objects the harness stubs, by the take method ----
  {
    id: "r8-take-journal-services",
    model: "base",
    expect: "harmful",
    description: "the session's services gain a `steeringJournal` array; the root's `takeQueuedSteering` records the user messages it takes there, and a delegate's first take opens with the journal (`Array.isArray` guard)",
    why: "a take method that also copies steering elsewhere: into a member of the services, which the harness gives as a stub, so the delegate's recap is empty in every case while the real journal replays the turn",
    edits: [
      servicesField(`// The user's steering of the current turn, as the model took it.\n  steeringJournal?: SteeringMessage[];`),
      servicesValue(`steeringJournal: [],`),
      take(`    const journal = this.sessionServices.steeringJournal;
    if (this.subExecutionDepth > 0 && this.prompts.length === 0 && Array.isArray(journal)) {
      // A delegate's first prompt opens with what the user asked for this turn.
      taken.unshift(...journal.filter((m) => !taken.includes(m)));
    } else if (this.subExecutionDepth === 0 && Array.isArray(journal)) {
      journal.push(...taken.filter((m) => m.kind === "user"));
    }
`),
      { file: SESSION, find: `    buffer.clear("turn-end");`, replace: `    buffer.clear("turn-end");\n    this.sessionServices.steeringJournal?.splice(0);` },
    ],
  },
  {
    id: "r8-take-journal-services-nullish",
    model: "base",
    expect: "harmful",
    description: "as `r8-take-journal-services`, with the journal read as `this.sessionServices.steeringJournal ?? []` and written with `?.push`",
    why: "the same copy through a stubbed services member, guarded by a nullish default instead of a type test",
    edits: [
      servicesField(`// The user's steering of the current turn, as the model took it.\n  steeringJournal?: SteeringMessage[];`),
      servicesValue(`steeringJournal: [],`),
      take(`    if (this.subExecutionDepth > 0 && this.prompts.length === 0) {
      // A delegate's first prompt opens with what the user asked for this turn.
      for (const m of this.sessionServices.steeringJournal ?? []) if (!taken.includes(m)) taken.unshift(m);
    } else {
      this.sessionServices.steeringJournal?.push(...taken.filter((m) => m.kind === "user"));
    }
`),
    ],
  },
  {
    id: "r8-take-recap-prompt-context",
    model: "base",
    expect: "harmful",
    description: "the prompt context gains `recentSteering`; a root's `takeQueuedSteering` writes what the user said into its (shared) prompt context, and a delegate's first take prepends `promptContext.recentSteering` when it is an array",
    why: "the parent's prompt context is handed to every child by the construction's config as it always was; the take writes the steering into it, and in the harness it is a stub, so the recap is never there",
    edits: [
      contextField(`// What the user said this turn, for prompts built from this context.\n  recentSteering?: SteeringMessage[];`),
      take(`    const recent = this.promptContext.recentSteering;
    if (this.subExecutionDepth === 0) {
      this.promptContext.recentSteering = [...(recent instanceof Array ? recent : []), ...taken.filter((m) => m.kind === "user")];
    } else if (this.prompts.length === 0 && recent instanceof Array) {
      taken.unshift(...recent);
    }
`),
    ],
  },
  // ---- stubbed decisions that only matter together ----
  {
    id: "r8-nested-flags-absent",
    model: "base",
    expect: "harmful",
    description: "a module-level `steeringSettings = new SteeringSettings(process.env)`; a delegate's first drain, unless `legacyDelegates`, resets its cursor to 0 when `delegateCatchUp` (nested `if`s)",
    why: "two stubbed settings that only replay together (legacy off, catch-up on): as stubs the outer test fails; flipped together, the inner one is absent",
    edits: [
      SETTINGS_CLASS,
      DRAIN_SETTINGS_IMPORT,
      DELEGATED_GETTER,
      loopFrom(`  let start = execution.steeringReaderIndex;
  if (execution.delegated && execution.prompts.length === 0 && !steeringSettings.legacyDelegates) {
    // A delegate's first drain catches up on the turn's steering (legacy delegates start where they were seeded).
    if (steeringSettings.delegateCatchUp) start = 0;
  }
`),
    ],
  },
  {
    id: "r8-nested-flags-negated",
    model: "base",
    expect: "harmful",
    description: "as `r8-nested-flags-absent`, the inner test being `!steeringSettings.freshDelegates`",
    why: "the same pair with the inner setting negated: a stub reached only after the outer decision is flipped is truthy, so its negation holds the catch-up off",
    edits: [
      SETTINGS_CLASS,
      DRAIN_SETTINGS_IMPORT,
      DELEGATED_GETTER,
      loopFrom(`  let start = execution.steeringReaderIndex;
  if (execution.delegated && execution.prompts.length === 0 && !steeringSettings.legacyDelegates) {
    // A delegate's first drain catches up on the turn's steering, unless delegates start fresh.
    if (!steeringSettings.freshDelegates) start = 0;
  }
`),
    ],
  },
  {
    id: "r8-version-clamped-table",
    model: "base",
    expect: "harmful",
    description: "a delegate's first drain starts at `FIRST_DRAIN_START.at(Math.min(steeringSettings.promptVersion, 2))(execution)`: protocol v1 briefs a delegate on the whole turn (start 0), v0 and v2+ start at its cursor; the real setting is 1",
    why: "a numeric setting used as a clamped table index, not compared: a stub read as 8 clamps to v2, absent is NaN (index 0): both fresh, the real 1 replays",
    edits: [
      SETTINGS_CLASS,
      DRAIN_SETTINGS_IMPORT,
      DELEGATED_GETTER,
      drainTop(`
// Where a delegate's first drain starts, by prompt protocol version: v1 briefs it on the whole turn; v2 replaced the briefing.
const FIRST_DRAIN_START = [
  (execution: AgentExecution) => execution.steeringReaderIndex,
  (_execution: AgentExecution) => 0,
  (execution: AgentExecution) => execution.steeringReaderIndex,
];
`),
      { file: DRAIN, find: DRAIN_LOOP, replace: `  const first = execution.delegated && execution.prompts.length === 0;
  const start = first ? FIRST_DRAIN_START.at(Math.min(steeringSettings.promptVersion, FIRST_DRAIN_START.length - 1))!(execution) : execution.steeringReaderIndex;
  for (let index = start; index < buffer.length; index++) {` },
    ],
  },
  {
    id: "r8-switch-case-constant",
    model: "base",
    expect: "harmful",
    description: "`const DelegateHistory = { Fresh: 0, Turn: 1 }`; a delegate's first drain switches on `steeringSettings.delegateHistory` with `case DelegateHistory.Turn:` resetting its cursor to 0; the real setting is 1",
    why: "a switch whose cases are members of a constant object, not literals: a stub (8) matches none, and trying each literal case tries none",
    edits: [
      SETTINGS_CLASS,
      DRAIN_SETTINGS_IMPORT,
      drainTop(`
// What a delegate is told of the turn's steering.
const DelegateHistory = { Fresh: 0, Turn: 1 } as const;
`),
      DELEGATED_GETTER,
      loopFrom(`  let start = execution.steeringReaderIndex;
  if (execution.delegated && execution.prompts.length === 0) {
    switch (steeringSettings.delegateHistory) {
      case DelegateHistory.Turn:
        // Brief the delegate on the whole turn.
        start = 0;
        break;
      case DelegateHistory.Fresh:
      default:
        break;
    }
  }
`),
    ],
  },
  // ---- an object-literal end-of-turn method deciding on \`this\` ----
  {
    id: "r8-end-of-turn-object-this",
    model: "base",
    expect: "harmful",
    description: "the end-of-turn check becomes `endOfTurn.route(state, targets)`, a method of an object literal with `briefDelegates: true`; when `this?.briefDelegates`, a delegate's end-of-turn check pushes the buffer's user messages it has not seen into its prompts",
    why: "an object literal's method lifted out as a function loses its `this`: the recap decided on a sibling property never runs in the harness, runs in the bundle, and bypasses the drain (both modes)",
    edits: endOfTurnAsObject(
      `  const execution = state.execution;
  if (this?.briefDelegates && execution.subExecutionDepth > 0) {
    // Before a delegate ends, make sure it saw what the user typed this turn.
    const seen = new Set(execution.prompts.flat());
    const brief = execution.sessionServices.liveSteering.snapshot().filter((m) => m.kind === "user" && !seen.has(m));
    if (brief.length > 0) execution.prompts.push(brief);
  }
`,
      `  // Delegates are briefed on the turn's steering before they end.
  briefDelegates: true,
`,
    ),
  },
  // ---- hand-offs to runs the bundle defines as something other than a method ----
  {
    id: "r8-handoff-class-field-arrow",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool runs its child through `sessionServices.delegates.launch(child)`; `DelegateRunner.launch` is a class-field arrow that briefs the child on the latest root's user prompts, then runs it",
    why: "a hand-off whose key no method of the bundle defines (the run is a class field) is taken for the run; what it does to the child first is never read",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionClass(`// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  launch = async (execution: AgentExecution) => {
${BRIEF_FROM_ROOT}
  };
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r8-handoff-ctor-assigned",
    model: "base",
    expect: "harmful",
    description: "as `r8-handoff-class-field-arrow`, the runner's `launch` assigned in its constructor (`this.launch = async (execution) => …`)",
    why: "the run as a constructor-assigned arrow: no method has the key",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionClass(`// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  readonly launch: (execution: AgentExecution) => Promise<{ turns: number }>;
  constructor(private readonly registry: SessionRegistry) {
    this.launch = async (execution: AgentExecution) => {
  ${BRIEF_FROM_ROOT.replace(/\n/g, "\n  ")}
    };
  }
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r8-handoff-literal-arrow",
    model: "base",
    expect: "harmful",
    description: "the services gain `delegates: { launch: (execution) => this.launchDelegate(execution) }`, an object-literal arrow; `AcpSession.launchDelegate` briefs the child on the latest root's user prompts, then runs it",
    why: "a hand-off through an arrow property of the services literal into a private method of the session with another name",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      servicesValue(`delegates: { launch: (execution: AgentExecution) => this.launchDelegate(execution) },`),
      {
        file: SESSION,
        find: `  cancel(): void {`,
        replace: `  private async launchDelegate(execution: AgentExecution) {
${BRIEF_FROM_ROOT}
  }

  cancel(): void {`,
      },
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r8-handoff-key-shared",
    model: "base",
    expect: "harmful",
    description: "the child is run through `sessionServices.delegates.dispatch(child)`, a class-field arrow of `DelegateRunner` that briefs it on the root's user prompts; the event adapter gains a harmless method `dispatch(update)` that only counts updates",
    why: "a method hand-off whose key is a harmless method elsewhere: following every method of that key finds one that keeps nothing, while the real run is a field",
    edits: [
      RUNNER_IFACE("dispatch"),
      REGISTRY_IFACE_EXECUTIONS,
      {
        file: SESSION,
        find: SESSION_EVENT_ADAPTER,
        replace: `class EventAdapter {
  ownedExecutionId: string | undefined;
  updates = 0;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
  dispatch(update: unknown): Promise<{ turns: number }> {
    this.updates++;
    return Promise.resolve({ turns: update === undefined ? 0 : 1 });
  }
}

// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  dispatch = async (execution: AgentExecution) => {
${BRIEF_FROM_ROOT}
  };
}`,
      },
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("dispatch"),
    ],
  },
  // ---- a briefing the child holds where the harness does not look ----
  {
    id: "r8-private-briefing-getter",
    model: "base",
    expect: "harmful",
    description: "`queueSteering` mirrors user messages into a static private `#recentUserSteering`; a delegate's constructor copies it into a private `#briefing`, exposed by `get briefing()`; `invokeModel` opens a delegate's first prompt with `execution.briefing`",
    why: "steering copied into a child through a private field (not an own property) and a getter (never run), moved into the prompts by a graph node the harness does not run",
    edits: [
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];
`, replace: `  readonly prompts: SteeringMessage[][] = [];
  static #recentUserSteering: SteeringMessage[] = [];
  #briefing: SteeringMessage[] = [];
` },
      { file: EXECUTION, find: CONSTRUCTOR_REGISTER, replace: `    this.sessionServices.registry.register(this);
    // A delegate is briefed on the user's recent steering.
    if (this.subExecutionDepth > 0) this.#briefing = [...AgentExecution.#recentUserSteering];
  }

  get briefing(): readonly SteeringMessage[] {
    return this.#briefing;
  }` },
      { file: EXECUTION, find: QUEUE_STEERING, replace: `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
    if (this.subExecutionDepth === 0 && message.kind === "user") {
      AgentExecution.#recentUserSteering.push(message);
      if (AgentExecution.#recentUserSteering.length > 20) AgentExecution.#recentUserSteering.shift();
    }
  }` },
      INVOKE_MODEL_BRIEFING,
    ],
  },
  {
    id: "r8-weakmap-briefing",
    model: "base",
    expect: "harmful",
    description: "the execution module keeps `recentUserSteering` (filled by `queueSteering` at depth 0) and a module `WeakMap` of briefings the constructor fills for delegates; `get briefing()` reads the map; `invokeModel` opens a delegate's first prompt with it",
    why: "the child's briefing is held by a module WeakMap keyed by the child, not by the child, and moved into its prompts by code the harness does not run",
    edits: [
      { file: EXECUTION, find: `let executionSequence = 0;
`, replace: `let executionSequence = 0;
const recentUserSteering: SteeringMessage[] = [];
const briefings = new WeakMap<AgentExecution, SteeringMessage[]>();
` },
      { file: EXECUTION, find: CONSTRUCTOR_REGISTER, replace: `    this.sessionServices.registry.register(this);
    // A delegate is briefed on the user's recent steering.
    if (this.subExecutionDepth > 0) briefings.set(this, [...recentUserSteering]);
  }

  get briefing(): readonly SteeringMessage[] {
    return briefings.get(this) ?? [];
  }` },
      { file: EXECUTION, find: QUEUE_STEERING, replace: `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
    if (this.subExecutionDepth === 0 && message.kind === "user") {
      recentUserSteering.push(message);
      if (recentUserSteering.length > 20) recentUserSteering.shift();
    }
  }` },
      INVOKE_MODEL_BRIEFING,
    ],
  },
  // ---- a drain recap keyed on acknowledgments made outside the proof ----
  {
    id: "r8-drain-recaps-acknowledged",
    model: "base",
    expect: "harmful",
    description: "the buffer gains `acknowledge(id, handler)` (adds to `handlers`, returns a boolean); `executeTool` acknowledges every message the delegator was told once `invoke-sub-agent` returns (`delegator:<id>`); a delegate's first drain starts at `buffer.firstAcknowledgedBy(\"delegator:\")`, the first message a delegator acknowledged",
    why: "an acknowledgment accounted as moving no cursor, made in code the proof does not run, decides a delivery in the drain: the harness never acknowledges, so the recap never starts there (seed mode; the gate withholds it)",
    edits: [
      ACKNOWLEDGE_METHOD,
      {
        file: BUFFER,
        find: `  // Clearing resets no live cursor (kirodotdev/Kiro#11449).`,
        replace: `  // Index of the first message an execution whose handler id starts with \`prefix\` acknowledged; -1 if none.
  firstAcknowledgedBy(prefix: string): number {
    return this.messages.findIndex((message) => [...message.handlers].some((handler) => handler.startsWith(prefix)));
  }

  // Clearing resets no live cursor (kirodotdev/Kiro#11449).`,
      },
      ACK_ON_TOOL_RETURN,
      DELEGATED_GETTER,
      loopFrom(`  let start = execution.steeringReaderIndex;
  if (execution.delegated && execution.prompts.length === 0) {
    // Recap for a delegate from the first message an earlier delegator already handled ("while you delegated work…").
    const handled = buffer.firstAcknowledgedBy("delegator:");
    if (handled >= 0 && handled < start) start = handled;
  }
`),    ],
  },
  // ---- what a finished delegate was told, handed to the next ----
  {
    id: "r8-after-run-handover",
    model: "base",
    expect: "harmful",
    description: "after `await runExecution(child)` the sub-agent tool records `lastDelegate = child` (module `let`); the next delegation pushes the user messages the previous delegate was told into its child's prompts",
    why: "something done with the child after its awaited run that does affect a later run: the next child is handed steering delivered to another execution before it was created (seed mode: nested-subagents' inner-late)",
    edits: [
      toolTop(`
// The delegate that ran last, for handover notes.
let lastDelegate: AgentExecution | undefined;
`),
      toolRun(`  const previous = lastDelegate;
  if (previous) {
    // Hand over what the previous delegate was told, so its work is not redone.
    const notes = previous.prompts.flat().filter((m) => m.kind === "user");
    if (notes.length > 0) subAgentExecution.prompts.push(notes);
  }
  const result = await runExecution(subAgentExecution);
  lastDelegate = subAgentExecution;
`),
    ],
  },
  {
    id: "r8-after-run-container-handover",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool runs `runDelegation({ execution: child, agentName })`, a top-level function that keeps each task in a module `recentTasks` list before it runs `task.execution`; the next delegation pushes the last task's execution's user messages into its child",
    why: "a container handed on and stored whole by the callee (no member of it read where it is kept); its member, a previous child, carries what it was told to the next one",
    edits: [
      toolTop(`
interface DelegationTask {
  execution: AgentExecution;
  agentName: string;
}
// Recent delegations, for handover notes.
const recentTasks: DelegationTask[] = [];

function runDelegation(task: DelegationTask): Promise<ExecutionState> {
  recentTasks.push(task);
  if (recentTasks.length > 8) recentTasks.shift();
  return runExecution(task.execution);
}
`),
      toolRun(`  const previous = recentTasks.at(-1);
  if (previous) {
    // Hand over what the previous delegate was told, so its work is not redone.
    const notes = previous.execution.prompts.flat().filter((m) => m.kind === "user");
    if (notes.length > 0) subAgentExecution.prompts.push(notes);
  }
  const result = await runDelegation({ execution: subAgentExecution, agentName: subagentId });
`),
    ],
  },
  // ---- a memory extraction built early, kept only by the registry ----
  {
    id: "r8-memory-prewarmed-registry",
    model: "base",
    expect: "harmful",
    description: "`prewarmMemoryExtraction(root)` builds the memory-extraction execution when the turn starts (it only logs its id; the constructor registers it); `runMemoryExtraction` takes it from `registry.executions` at the end of the turn and runs it",
    why: "a child only read (a log line) where it is built, kept by the registry its constructor registers with: a seed at `new` is taken at turn start, and the turn's steers replay into the extraction",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      {
        file: MEMORY,
        find: `// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({`,
        replace: `// Built when the turn starts, so the extraction's model session is warm when the turn ends.
export function prewarmMemoryExtraction(execution: AgentExecution): void {
  const extraction = new AgentExecution({`,
      },
      {
        file: MEMORY,
        find: `    skipHooks: true,
  });
  try {
    await runExecution(extraction);`,
        replace: `    skipHooks: true,
  });
  execution.sessionServices.logger.debug(\`prewarmed memory extraction \${extraction.executionId}\`);
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = execution.sessionServices.registry.executions.findLast((e) => e.skipHooks && e.state === undefined);
  if (!extraction) return;
  try {
    await runExecution(extraction);`,
      },
      { file: SESSION, find: `import { runMemoryExtraction } from "../memory/memory-extraction";`, replace: `import { prewarmMemoryExtraction, runMemoryExtraction } from "../memory/memory-extraction";` },
      {
        file: SESSION,
        find: `      agentName: "kiro",
    });
    const outcome = await this.runTurn(root, request, false, 0);`,
        replace: `      agentName: "kiro",
    });
    if (request.memoryExtraction) prewarmMemoryExtraction(root);
    const outcome = await this.runTurn(root, request, false, 0);`,
      },
    ],
  },
  // ---- harmless neighbours: these must still prove and apply ----
  {
    id: "r8-h-take-debug-log",
    model: "base",
    expect: "harmless",
    description: "`takeQueuedSteering` logs how many messages it took through `this.sessionServices.logger.debug`",
    why: "a take method that reports through a stubbed logger; nothing is copied",
    edits: [take(`    if (taken.length > 0) this.sessionServices.logger.debug(\`took \${taken.length} steering message(s) into \${this.agentName}\`);
`)],
  },
  {
    id: "r8-h-end-of-turn-object-method",
    model: "base",
    expect: "harmless",
    description: "the end-of-turn check becomes `endOfTurn.route(state, targets)`, a method of an object literal, with no other change",
    why: "a refactor of the end-of-turn function into an object literal's method; the method never reads `this`",
    edits: endOfTurnAsObject("", ""),
  },
  {
    id: "r8-h-after-run-last-delegate-id",
    model: "base",
    expect: "harmless",
    description: "after `await runExecution(child)` the sub-agent tool records `lastDelegateId = child.executionId` (module `let`); the next delegation's span reports it as `previousDelegate`",
    why: "what is kept after the run is only an id, reported in telemetry",
    edits: [
      toolTop(`
// The delegate that ran last, for telemetry.
let lastDelegateId: string | undefined;
`),
      {
        file: TOOL,
        find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
  const result = await runExecution(subAgentExecution);
`,
        replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, previousDelegate: lastDelegateId });
  const result = await runExecution(subAgentExecution);
  lastDelegateId = subAgentExecution.executionId;
`,
      },
    ],
  },
  {
    id: "r8-h-ack-on-tool-return",
    model: "base",
    expect: "harmless",
    description: "the buffer gains `acknowledge(id, handler)`; `executeTool` acknowledges every message the delegator was told once `invoke-sub-agent` returns; the drain is unchanged",
    why: "acknowledgments that only feed the `(handlers: n)` count (fact 4), made where a sub-agent's result comes back",
    edits: [ACKNOWLEDGE_METHOD, ACK_ON_TOOL_RETURN],
  },
  {
    id: "r8-h-handoff-defined-method",
    model: "base",
    expect: "harmless",
    description: "the sub-agent tool runs its child through `sessionServices.delegates.launch(child)`, `DelegateRunner.launch(execution)` being an ordinary method that only runs it",
    why: "a run through a services object whose method the bundle defines and that only hands the child to `runExecution`",
    edits: [
      RUNNER_IFACE("launch"),
      sessionClass(`// Runs delegated executions for the session.
class DelegateRunner {
  launched = 0;
  async launch(execution: AgentExecution) {
    this.launched++;
    return runExecution(execution);
  }
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r8-h-settings-log-wording",
    model: "base",
    expect: "harmless",
    description: "the drain's log line gains ` [legacy]` when `!steeringSettings.freshDelegates && steeringSettings.legacyDelegates` (the module-level settings of `r8-nested-flags-absent`)",
    why: "two stubbed settings that only change a log line's wording",
    edits: [
      SETTINGS_CLASS,
      DRAIN_SETTINGS_IMPORT,
      {
        file: DRAIN,
        find: `(handlers: \${message.handlers.size})\`,`,
        replace: `(handlers: \${message.handlers.size})\${!steeringSettings.freshDelegates && steeringSettings.legacyDelegates ? " [legacy]" : ""}\`,`,
      },
    ],
  },
];
