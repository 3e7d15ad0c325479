// Round 11 (round11.mjs): a red team's mutants against the rules after round 10:
// a root kept on a member key every value of which is a root construction or
// nullish (`this.current ??= new AgentExecution(...)`) may have its cursor set
// outside the drain; inert steering-buffer members (a field no reader reads,
// built of literals; a method that calls nothing and writes only such fields)
// may be used outside the drain; a Set of live executions
// (`X.liveExecutions.add(child)`) is followed as data when every use of its key
// is add/delete/has/clear/size or a for-of / forEach whose body uses the element
// only as `e.k` (k not read by the drain or the end-of-turn check); a function
// the child is handed to that declares fewer parameters than the child's
// position, and never mentions `arguments`, cannot reach it. These mutants
// attack those rules: the live Set's element used through a member that holds
// one of its arrays (`e.prompts.push`), a getter returning the queue, other
// iterations (`values()`, `Array.from`), the Set under a second key, a Set
// subclass with `add` overridden; the same loop over the registry's array; a
// callee with a rest parameter, an implicit constructor that forwards to a base
// class, a spread before the child, a parameterless method reaching the child
// through `this`; the member key given a delegate through `Reflect.defineProperty`
// or `super.key =`; an "inert" buffer key the drain reads through a
// destructuring, a getter, the `in` operator, or a callee's destructured
// parameter. Every harmful one hands a sub-execution steering it was not given
// by the drain (or, for the member key, rewinds the delegate's cursor). Plus
// harmless neighbours of the accepted shapes that must still prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND11 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND11-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const HOOK = "src/steering/live-steering-hook.ts";

// ---- shared snippets (exactly as in ../model/src) ----
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
// One call per mutant (the find string is gone after the first): every added field at once.
const servicesFields = (...decls) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", decls.map((d) => `\n  ${d}`).join("") + "\n}") });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValues = (...values) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,${values.map((v) => `\n      ${v}`).join("")}\n    };` });
const REGISTRY_IFACE_EXECUTIONS = {
  file: EXECUTION,
  find: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}`,
  replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  readonly executions: AgentExecution[];
}`,
};
const SESSION_EVENT_ADAPTER = `class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}`;
const sessionTop = (code) => ({ file: SESSION, find: SESSION_EVENT_ADAPTER, replace: SESSION_EVENT_ADAPTER + "\n\n" + code });
const sessionCtorEnd = (code) => ({ file: SESSION, find: `  }

  steer(text: string): void {`, replace: `${code}
  }

  steer(text: string): void {` });
const SESSION_CANCEL = `  cancel(): void {
    this.turnController?.abort();`;
const sessionCancel = (code) => ({ file: SESSION, find: SESSION_CANCEL, replace: `${SESSION_CANCEL}\n${code}` });
const TURN_START = `    this.turnController = new AbortController();
`;
const sessionTurnStart = (code) => ({ file: SESSION, find: TURN_START, replace: `${TURN_START}${code}\n` });
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const toolBeforeRun = (code) => ({ file: TOOL, find: TOOL_RUN, replace: `${code}\n${TOOL_RUN}` });
const TOOL_TOP_ANCHOR = `export const MAX_SUB_AGENT_DEPTH = 4;`;
const toolTop = (code) => ({ file: TOOL, find: TOOL_TOP_ANCHOR, replace: `${TOOL_TOP_ANCHOR}\n\n${code}` });
const NODES_TOP_ANCHOR = `export class PromptError extends Error {}`;
const nodesTop = (code) => ({ file: NODES, find: NODES_TOP_ANCHOR, replace: `${NODES_TOP_ANCHOR}\n\n${code}` });
const RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {`;
// runExecution keeps the execution in the services' live Set while it runs; `hook` runs after the add.
const runTracked = (hook = "") => ({
  file: NODES,
  find: RUN_HEAD,
  replace: `${RUN_HEAD}
  execution.sessionServices.liveExecutions.add(execution);
  try {
${hook}    return await runGraph(execution);
  } finally {
    execution.sessionServices.liveExecutions.delete(execution);
  }
}

async function runGraph(execution: AgentExecution): Promise<ExecutionState> {`,
});
const runStart = (hook) => ({
  file: NODES,
  find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`,
  replace: `${hook}\n  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`,
});
const LIVE_FIELD = "// The executions running now (cancel, status).\n  liveExecutions: Set<AgentExecution>;";
const LIVE_VALUE = "liveExecutions: new Set(),";

// The briefing: what the user asked the latest root this turn, pushed onto the child's prompts.
const BRIEF = (registry, exec = "execution", indent = "    ") => `${indent}const root = ${registry}.executions.filter((e) => e.agentName === "kiro").at(-1);
${indent}const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];
${indent}if (brief.length > 0) ${exec}.prompts.push(brief);`;

// A catch-up over a container of executions: the user's steering the turn's
// root (the first live execution: a Set keeps insertion order) was told goes
// into every live delegate that has no prompt yet. `iter` is the iterated
// expression; `give` how a delegate is given `said`.
const CATCH_UP = (iter, give = "live.prompts.push(said)", iter2 = iter) => `// A delegate that starts mid-turn is caught up on what the user told the top-level agent this turn.
function catchUpDelegates(services: AgentExecution["sessionServices"]): void {
  let said: AgentExecution["prompts"][number] | undefined;
  for (const live of ${iter}) {
    said ??= live.prompts.flat().filter((m) => m.kind === "user");
  }
  if (!said || said.length === 0) return;
  for (const live of ${iter2}) {
    if (live.prompts.length === 0) ${give};
  }
}`;
const CATCH_UP_CALL = "    catchUpDelegates(execution.sessionServices);\n";

// The turn owner: the session keeps the execution in charge of its turn on `current`.
const TURN_OWNER = sessionTop(`// The execution in charge of a session's turn.
class TurnOwner {
  current: AgentExecution | undefined;
  // Where the turn's steering starts in the buffer (cleared at every turn end).
  turnStart = 0;
}`);
const SESSION_EXTENDS = [
  { file: SESSION, find: `export class AcpSession {`, replace: `export class AcpSession extends TurnOwner {` },
  { file: SESSION, find: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
`, replace: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
    super();
` },
];
const PROMPT_ROOT = {
  file: SESSION,
  find: `    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    });
    const outcome = await this.runTurn(root, request, false, 0);`,
  replace: `    const root = (this.current ??= new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    }));
    root.setSteeringReaderIndex(this.turnStart);
    const outcome = await this.runTurn(root, request, false, 0);
    this.current = undefined;`,
};
const OWNER_FIELD = "// The session, for a delegate taking over its turn.\n  owner: { handOver(execution: AgentExecution): Promise<void> };";
// The session's handOver: \`give\` gives \`current\` the execution, then the one in charge reads the turn from its start.
const HAND_OVER = (give) => ({
  file: SESSION,
  find: `  steer(text: string): void {`,
  replace: `  // A delegate takes over the turn while it runs, reading the turn's steering from its start.
  async handOver(execution: AgentExecution): Promise<void> {
${give}
    const lead = this.current;
    if (lead) lead.setSteeringReaderIndex(this.turnStart);
  }

  steer(text: string): void {`,
});

// The drain's recap for a delegate's first prompt, behind `cond`.
const RECAP = (cond, before = "") => ({
  file: HOOK,
  find: `  if (!buffer) return;\n`,
  replace: `  if (!buffer) return;
${before}  // A delegate's first prompt opens with a recap of the turn's user steering.
  if (${cond} && execution.prompts.length === 0) {
    const recap = buffer.snapshot().filter((m) => m.kind === "user");
    if (recap.length > 0) execution.prompts.push(recap);
  }
`,
});
const bufferFields = (code) => ({ file: BUFFER, find: `  epoch = 0;\n`, replace: `  epoch = 0;\n${code}\n` });
const TURN_COUNT = sessionTurnStart("    this.sessionServices.liveSteering.turn++;");

// ---- harmful ----
const HARMFUL = [
  // ---- rule 3: the live Set followed as data ----
  {
    id: "r11-live-set-prompts-push",
    description: "the services gain `liveExecutions: new Set()`; `runExecution` adds the execution before its run and deletes it after; right after the add it calls `catchUpDelegates(services)`, which walks the Set twice with `for…of`: it takes the user steering from the first live execution's prompts (the turn's root: a Set keeps insertion order; `e.prompts.flat()`), then does `e.prompts.push(said)` for every live execution with no prompt yet (the delegate just added)",
    why: "the loop uses the element only as `e.k` with `k = prompts` (not read by the drain or the end-of-turn check), and calls a method of that member, not of the element: a catch-up of delegates through the registry of running executions",
    edits: [servicesFields(LIVE_FIELD), servicesValues(LIVE_VALUE), nodesTop(CATCH_UP("services.liveExecutions")), runTracked(CATCH_UP_CALL)],
  },
  {
    id: "r11-live-set-foreach-prompts",
    description: "as `r11-live-set-prompts-push`, the two walks written `services.liveExecutions.forEach((live) => { … })`",
    why: "the accepted `forEach` spelling of the same catch-up",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      nodesTop(`// A delegate that starts mid-turn is caught up on what the user told the top-level agent this turn.
function catchUpDelegates(services: AgentExecution["sessionServices"]): void {
  let said: AgentExecution["prompts"][number] | undefined;
  services.liveExecutions.forEach((live) => {
    said ??= live.prompts.flat().filter((m) => m.kind === "user");
  });
  if (!said || said.length === 0) return;
  services.liveExecutions.forEach((live) => {
    if (live.prompts.length === 0) live.prompts.push(said!);
  });
}`),
      runTracked(CATCH_UP_CALL),
    ],
  },
  {
    id: "r11-live-set-getter-queue",
    description: "the execution class gains `get pendingSteering()` returning its private steering queue; the live-Set catch-up does `live.pendingSteering.push(...said)` for every live delegate with no prompt yet (its first `takeQueuedSteering` moves them into its prompts)",
    why: "`e.k` where `k` is a getter the drain never names, returning the queue the drain fills: the key is not the queue, its value is",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      {
        file: EXECUTION,
        find: `  queueSteering(message: SteeringMessage): void {`,
        replace: `  // The steering waiting for the next model prompt.
  get pendingSteering(): SteeringMessage[] {
    return this.queuedSteering;
  }

  queueSteering(message: SteeringMessage): void {`,
      },
      nodesTop(CATCH_UP("services.liveExecutions", "live.pendingSteering.push(...said)")),
      runTracked(CATCH_UP_CALL),
    ],
  },
  {
    id: "r11-live-set-values",
    description: "as `r11-live-set-prompts-push`, the walks iterate `services.liveExecutions.values()`",
    why: "an iteration the rule does not list (`values()`), as common as the Set itself",
    edits: [servicesFields(LIVE_FIELD), servicesValues(LIVE_VALUE), nodesTop(CATCH_UP("services.liveExecutions.values()")), runTracked(CATCH_UP_CALL)],
  },
  {
    id: "r11-live-set-array-from",
    description: "as `r11-live-set-prompts-push`, the walks iterate `Array.from(services.liveExecutions)` (a snapshot, so a delete during the walk is safe)",
    why: "a copy of the Set's elements into an array, then a walk of the copy",
    edits: [servicesFields(LIVE_FIELD), servicesValues(LIVE_VALUE), nodesTop(CATCH_UP("Array.from(services.liveExecutions)")), runTracked(CATCH_UP_CALL)],
  },
  {
    id: "r11-live-set-second-key",
    description: "the services gain `liveExecutions: new Set()` and `activeExecutions`; the session's constructor sets `this.sessionServices.activeExecutions = this.sessionServices.liveExecutions` (the old name kept for older callers); `runExecution` adds to `liveExecutions`; the catch-up walks `activeExecutions` and queues the said steering into each new delegate with `live.queueSteering(m)`",
    why: "one Set under two keys: only the key the child is added through is held to the rule",
    edits: [
      servicesFields(LIVE_FIELD, "// The old name of liveExecutions.\n  activeExecutions?: Set<AgentExecution>;"),
      servicesValues(LIVE_VALUE),
      sessionCtorEnd(`    this.sessionServices.activeExecutions = this.sessionServices.liveExecutions;`),
      nodesTop(CATCH_UP("services.activeExecutions ?? []", "for (const m of said) live.queueSteering(m)")),
      runTracked(CATCH_UP_CALL),
    ],
  },
  {
    id: "r11-live-set-subclass-add",
    description: "the services' live Set is `new LiveExecutions()`, a `class LiveExecutions extends Set<AgentExecution>` whose `add(execution)` first pushes onto an execution with no prompt yet the user steering the first live execution (the turn's root, found by walking `this`) was told, then calls `super.add`",
    why: "a Set subclass with behaviour on `add` (a common way to hook a registry), spelled like the accepted `X.K.add(child)`",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues("liveExecutions: new LiveExecutions(),"),
      sessionTop(`// The session's running executions; a delegate joining mid-turn is caught up on the turn's user steering.
class LiveExecutions extends Set<AgentExecution> {
  add(execution: AgentExecution): this {
    if (execution.prompts.length === 0) {
      let said: AgentExecution["prompts"][number] | undefined;
      for (const live of this) said ??= live.prompts.flat().filter((m) => m.kind === "user");
      if (said && said.length > 0) execution.prompts.push(said);
    }
    return super.add(execution);
  }
}`),
      runTracked(),
    ],
  },
  {
    id: "r11-registry-loop-prompts-push",
    description: "no live Set: `runExecution` first calls `catchUpDelegates(services)`, which walks `services.registry.executions` (every execution of the session, in creation order) with the same two loops: the last root's user steering is pushed into every delegate with no prompt yet",
    why: "the same element-only-as-`e.k` loop over the registry's array, which already holds every execution",
    edits: [REGISTRY_IFACE_EXECUTIONS, nodesTop(CATCH_UP("services.registry.executions")), runStart("  catchUpDelegates(execution.sessionServices);")],
  },
  // ---- rule 4: fewer parameters than the child's position ----
  {
    id: "r11-hook-rest-params",
    description: "the sub-agent tool calls `observeSpawn(\"agentSpawn\", subAgentExecution)` before the run; `function observeSpawn(...args)` destructures `const [event, execution] = args` and briefs the execution on the latest root's user prompts",
    why: "a rest parameter: one declared parameter, every argument",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      toolTop(`// Spawn observers get the event name, then its arguments.
async function observeSpawn(...args: unknown[]): Promise<void> {
  const [event, execution] = args as [string, AgentExecution];
  if (event !== "agentSpawn") return;
${BRIEF("execution.sessionServices.registry", "execution", "  ")}
}`),
      toolBeforeRun(`  await observeSpawn("agentSpawn", subAgentExecution);`),
    ],
  },
  {
    id: "r11-hook-rest-after-event",
    description: "as `r11-hook-rest-params` with `function observeSpawn(event, ...args)`: the child at position 1 lands in the rest array `args`, destructured `const [execution] = args`",
    why: "a rest parameter at the child's position: the parameter there is an array holding the child",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      toolTop(`// Spawn observers get the event name, then its arguments.
async function observeSpawn(event: string, ...args: unknown[]): Promise<void> {
  const [execution] = args as [AgentExecution];
  if (event !== "agentSpawn") return;
${BRIEF("execution.sessionServices.registry", "execution", "  ")}
}`),
      toolBeforeRun(`  await observeSpawn("agentSpawn", subAgentExecution);`),
    ],
  },
  {
    id: "r11-hook-implicit-ctor",
    description: "the sub-agent tool does `const briefing = new SpawnBriefing(subAgentExecution)` and records `briefing.kind`; `class SpawnBriefing extends DelegateBriefing {}` has no constructor of its own; `DelegateBriefing`'s `constructor(execution)` briefs the execution on the latest root's user prompts",
    why: "a derived class without a constructor forwards every argument to its base's constructor: zero declared parameters, the child still arrives",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      toolTop(`// What a delegate is told before it starts: what the user asked the latest root this turn.
class DelegateBriefing {
  readonly kind: string = "turn";
  constructor(execution: AgentExecution) {
${BRIEF("execution.sessionServices.registry", "execution", "    ")}
  }
}
// The briefing every spawned delegate gets.
class SpawnBriefing extends DelegateBriefing {}`),
      toolBeforeRun(`  const briefing = new SpawnBriefing(subAgentExecution);
  recordSpan("briefing", { kind: briefing.kind });`),
    ],
  },
  {
    id: "r11-hook-spread-before",
    description: "the sub-agent tool calls `briefDelegate(...SPAWN_CONTEXT, subAgentExecution)` with `const SPAWN_CONTEXT: unknown[] = []` (leading context for observers, none yet); `function briefDelegate(execution)` briefs it on the latest root's user prompts",
    why: "a spread ahead of the child: its written position (1) is not its position at run time (0)",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      toolTop(`// Context every spawn observer gets ahead of the execution (none yet).
const SPAWN_CONTEXT: unknown[] = [];
// Briefs a delegate on what the user asked the latest root this turn.
async function briefDelegate(execution: AgentExecution): Promise<void> {
${BRIEF("execution.sessionServices.registry", "execution", "  ")}
}`),
      toolBeforeRun(`  await briefDelegate(...(SPAWN_CONTEXT as []), subAgentExecution);`),
    ],
  },
  {
    id: "r11-hook-this-registry",
    description: "the services gain `spawnObserver: { onSpawn(execution) }`, a `SpawnObserver` whose `onSpawn()` declares no parameter: it takes the newest registered execution from `this.registry.executions.at(-1)` (the delegate just built) and briefs it on the latest root's user prompts; the sub-agent tool calls `spawnObserver.onSpawn(subAgentExecution)`",
    why: "a parameterless implementation of a one-parameter interface method (legal TypeScript) reaching the child through `this`",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      servicesFields("// Told of every delegate before it runs.\n  spawnObserver: { onSpawn(execution: AgentExecution): Promise<void> };"),
      servicesValues("spawnObserver: new SpawnObserver(this.registry),"),
      sessionTop(`// Observes spawned delegates: the newest registered execution is the one being spawned.
class SpawnObserver {
  constructor(private readonly registry: SessionRegistry) {}
  async onSpawn(): Promise<void> {
    const execution = this.registry.executions.at(-1);
    if (!execution || execution.subExecutionDepth === 0) return;
${BRIEF("this.registry", "execution", "    ")}
  }
}`),
      toolBeforeRun(`  await state.execution.sessionServices.spawnObserver.onSpawn(subAgentExecution);`),
    ],
  },
  // ---- rule 1: a root kept on a member ----
  {
    id: "r11-root-member-reflect-define",
    description: "the session (now `extends TurnOwner`, which declares `current` and `turnStart`) builds each turn's root as `const root = (this.current ??= new AgentExecution({…}))`, sets `root.setSteeringReaderIndex(this.turnStart)` and clears `current` when the turn ends; its `handOver(execution)` (awaited by the sub-agent tool before the run, through `services.owner`) gives `current` the delegate with `Reflect.defineProperty(this, \"current\", { value: execution, … })`, then does `const lead = this.current; lead.setSteeringReaderIndex(this.turnStart)`",
    why: "the member key given a delegate by `Reflect.defineProperty` (not `Object.defineProperty` or `Reflect.set`); the cursor set on a plain read of the key then rewinds the delegate",
    edits: [
      servicesFields(OWNER_FIELD),
      servicesValues("owner: this,"),
      TURN_OWNER,
      ...SESSION_EXTENDS,
      PROMPT_ROOT,
      HAND_OVER(`    if (!Reflect.defineProperty(this, "current", { value: execution, writable: true, enumerable: true, configurable: true })) return;`),
      toolBeforeRun(`  await state.execution.sessionServices.owner.handOver(subAgentExecution);`),
    ],
  },
  {
    id: "r11-root-member-super-assign",
    description: "as `r11-root-member-reflect-define`, `handOver(execution)` giving `current` the delegate with `super.current = execution` (the field is the base class's)",
    why: "the member key given a delegate through `super.current =`, a member assignment whose object is `super`",
    edits: [
      servicesFields(OWNER_FIELD),
      servicesValues("owner: this,"),
      TURN_OWNER,
      ...SESSION_EXTENDS,
      PROMPT_ROOT,
      HAND_OVER(`    super.current = execution;`),
      toolBeforeRun(`  await state.execution.sessionServices.owner.handOver(subAgentExecution);`),
    ],
  },
  {
    id: "r11-root-member-assign-in-pattern",
    description: "as `r11-root-member-reflect-define`, `handOver(execution)` giving `current` the delegate through an object pattern with a default: `({ lead: this.current = execution } = {})`",
    why: "a destructuring assignment whose target is the member and whose default is the delegate",
    edits: [
      servicesFields(OWNER_FIELD),
      servicesValues("owner: this,"),
      TURN_OWNER,
      ...SESSION_EXTENDS,
      PROMPT_ROOT,
      HAND_OVER(`    ({ lead: this.current = execution } = {} as { lead?: AgentExecution });`),
      toolBeforeRun(`  await state.execution.sessionServices.owner.handOver(subAgentExecution);`),
    ],
  },
  // ---- rule 2: inert buffer members ----
  {
    id: "r11-inert-key-destructured",
    description: "the buffer gains a turn counter `turn = 0`, which the session bumps (`liveSteering.turn++`) at the start of every prompt; the drain does `const { turn } = buffer` and, when `turn > 0`, opens a delegate's first prompt with a recap of the buffer's user steering (`execution.prompts.push(recap)`, before its loop)",
    why: "a counter that looks inert (literals and `++` only) read by the drain through a destructuring pattern, not a member expression",
    edits: [
      bufferFields("  // Prompt turns of the session so far.\n  turn = 0;"),
      TURN_COUNT,
      RECAP("turn > 0", "  const { turn } = buffer;\n"),
    ],
  },
  {
    id: "r11-inert-key-getter",
    description: "as `r11-inert-key-destructured`, the drain testing `buffer.recapping`, a buffer getter returning `this.turn > 0`",
    why: "the counter read by a getter the drain names by another key: a getter is a call",
    edits: [
      bufferFields("  // Prompt turns of the session so far.\n  turn = 0;\n\n  // Whether delegates get a recap of the turn.\n  get recapping(): boolean {\n    return this.turn > 0;\n  }"),
      TURN_COUNT,
      RECAP("buffer.recapping"),
    ],
  },
  {
    id: "r11-inert-key-in-operator",
    description: "the buffer declares `recapDelegates?: true` (no initialiser); the session's constructor sets `liveSteering.recapDelegates = true`; the drain recaps a delegate's first prompt when `\"recapDelegates\" in buffer`",
    why: "a literal-valued member the drain reads with the `in` operator (a presence test), not a member read",
    edits: [
      bufferFields("  // Set when delegates get a recap of the turn.\n  declare recapDelegates?: true;"),
      sessionCtorEnd("    this.sessionServices.liveSteering.recapDelegates = true;"),
      RECAP(`"recapDelegates" in buffer`),
    ],
  },
  {
    id: "r11-inert-key-param-pattern",
    description: "as `r11-inert-key-destructured`, the drain testing `recapping(buffer)`, a top-level `function recapping({ turn }) { return turn > 0 }` (a destructured parameter)",
    why: "the counter read by the drain's callee through a parameter pattern",
    edits: [
      bufferFields("  // Prompt turns of the session so far.\n  turn = 0;"),
      TURN_COUNT,
      {
        file: HOOK,
        find: `// Called at MODEL_INVOKE for every execution, root and sub alike.`,
        replace: `// Whether delegates get a recap of the turn: from the first turn on.
function recapping({ turn }: { turn: number }): boolean {
  return turn > 0;
}

// Called at MODEL_INVOKE for every execution, root and sub alike.`,
      },
      RECAP("recapping(buffer)"),
    ],
  },
];

// ---- harmless ----
const HARMLESS = [
  {
    id: "r11-h-live-set-cancel",
    description: "the services gain `liveExecutions: new Set()`; `runExecution` adds the execution before its run and deletes it after; the session's `cancel()` also aborts every live execution (`for (const live of …) live.abortController.abort()`), and the sub-agent tool's span records `liveExecutions.size`",
    why: "the accepted shape itself: adds, deletes, a count and a cancel loop that reads no drain field",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      runTracked(),
      sessionCancel(`    for (const live of this.sessionServices.liveExecutions) live.abortController.abort();`),
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });`, replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, live: state.execution.sessionServices.liveExecutions.size });` },
    ],
  },
  {
    id: "r11-h-live-set-depths",
    description: "as `r11-h-live-set-cancel` without the cancel loop; the sub-agent tool's span records the depths of the live executions, collected by `liveExecutions.forEach((live) => depths.push(live.subExecutionDepth))`",
    why: "a `forEach` whose body reads a field the drain does not read",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      runTracked(),
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });`, replace: `  const depths: number[] = [];
  state.execution.sessionServices.liveExecutions.forEach((live) => depths.push(live.subExecutionDepth));
  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, liveDepths: depths });` },
    ],
  },
  {
    id: "r11-h-live-set-prompt-counts",
    description: "as `r11-h-live-set-cancel` without the cancel loop; the sub-agent tool's span records how many prompts each live execution has had (`for (const live of liveExecutions) counts.push(live.prompts.length)`)",
    why: "a `for…of` whose body only reads a member of the element the drain does not read",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      runTracked(),
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });`, replace: `  const counts: number[] = [];
  for (const live of state.execution.sessionServices.liveExecutions) counts.push(live.prompts.length);
  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, livePrompts: counts });` },
    ],
  },
  {
    id: "r11-h-root-member",
    description: "the session (now `extends TurnOwner`, which declares `current` and `turnStart`) builds each turn's root as `const root = (this.current ??= new AgentExecution({…}))`, sets `root.setSteeringReaderIndex(this.turnStart)` (0, where the buffer is empty at a turn's start) and clears `current` when the turn ends; nothing else gives `current` a value",
    why: "the accepted member-kept root with a cursor set outside the drain",
    edits: [TURN_OWNER, ...SESSION_EXTENDS, PROMPT_ROOT],
  },
  {
    id: "r11-h-inert-turn-counter",
    description: "the buffer gains `turn = 0` and `nextTurn()` (`return ++this.turn`); the session calls it at the start of every prompt and logs the turn at debug level; no reader reads `turn`",
    why: "an inert buffer member and an inert buffer method, used outside the drain",
    edits: [
      bufferFields("  // Prompt turns of the session so far.\n  turn = 0;\n\n  nextTurn(): number {\n    return ++this.turn;\n  }"),
      sessionTurnStart("    logger.debug(`turn ${this.sessionServices.liveSteering.nextTurn()} of ${this.sessionId}`);"),
    ],
  },
  {
    id: "r11-h-hook-no-params",
    description: "the services gain `spawnObserver: { onSpawn(execution) }`, a `SpawnObserver` whose `onSpawn()` declares no parameter and only counts spawns (`this.spawned++`); the sub-agent tool calls `spawnObserver.onSpawn(subAgentExecution)` before the run",
    why: "a callee that declares no parameter at the child's position and never mentions `arguments`",
    edits: [
      servicesFields("// Told of every delegate before it runs.\n  spawnObserver: { onSpawn(execution: AgentExecution): Promise<void> };"),
      servicesValues("spawnObserver: new SpawnObserver(),"),
      sessionTop(`// Counts spawned delegates.
class SpawnObserver {
  spawned = 0;
  async onSpawn(): Promise<void> {
    this.spawned++;
  }
}`),
      toolBeforeRun(`  await state.execution.sessionServices.spawnObserver.onSpawn(subAgentExecution);`),
    ],
  },
  {
    id: "r11-h-drain-recap-never-set",
    description: "the buffer gains `recapDelegates = false`, which nothing sets; the drain would recap a delegate's first prompt when `buffer.recapDelegates`",
    why: "the harmful recap's code behind a flag that only its initialiser gives a value: the twin of the `r11-inert-key-*` mutants",
    edits: [bufferFields("  // Set when delegates get a recap of the turn.\n  recapDelegates = false;"), RECAP("buffer.recapDelegates")],
  },
];

export const ROUND11 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
