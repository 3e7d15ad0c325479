// Round 12 (round12.mjs): a red team's mutants against the rules after round 11:
// computed keys followed as data (`for (k in param)` over object literals every
// call passes; a key parameter every call fills with a literal; `X.P` whose
// every value is a string literal); `Object.assign` giving only the keys its
// literal sources spell; a root kept on a member key; a child put in a Set of
// running executions; a callee with fewer parameters than the child's position
// that uses `this` only as counters; inert buffer members; the steering buffer
// found by its `handlers: new Set()` literal and `.handlers.size` read. These
// mutants attack those rules: a parameter reassigned or given a default, an
// object literal whose prototype holds the key, calls through `.call`, a
// table or `bind` the call graph does not see; a key given through a getter or
// an `Object.entries` overlay; a getter in an `Object.assign` source, a nested
// `Object.assign` target; `Object.defineProperties`, an accessor pair and an
// array-pattern swap giving the root's key a delegate; a Set walked through a
// destructuring loop head, `forEach`'s second argument, or a walk of the
// services by key; a counter whose setter does the work; an inert key read by
// `Reflect.get`; a decoy class holding the buffer's anchor. Every harmful one
// hands a sub-execution steering it was not given by the drain, or rewinds its
// cursor after the seed. Plus harmless neighbours that must prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND12 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND12-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const HOOK = "src/steering/live-steering-hook.ts";
const MEMORY = "src/memory/memory-extraction.ts";

// ---- shared snippets (exactly as in ../model/src) ----
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
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
const MEMORY_RUN = `  try {
    await runExecution(extraction);`;
const memoryBeforeRun = (code) => ({ file: MEMORY, find: MEMORY_RUN, replace: `${code}\n${MEMORY_RUN}` });
const MEMORY_TOP_ANCHOR = `const MEMORY_SYSTEM_PROMPT =`;
const memoryTop = (code) => ({ file: MEMORY, find: MEMORY_TOP_ANCHOR, replace: `${code}\n\n${MEMORY_TOP_ANCHOR}` });
const RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {`;
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
const LIVE_FIELD = "// The executions running now (cancel, status).\n  liveExecutions: Set<AgentExecution>;";
const LIVE_VALUE = "liveExecutions: new Set(),";
const CATCH_UP_CALL = "    catchUpDelegates(execution.sessionServices);\n";

// The briefing: what the user asked the latest root this turn, pushed onto the child's prompts.
const BRIEF = (registry, exec = "execution", indent = "    ") => `${indent}const root = ${registry}.executions.filter((e) => e.agentName === "kiro").at(-1);
${indent}const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];
${indent}if (brief.length > 0) ${exec}.prompts.push(brief);`;

// The shared per-run reset helper (a `for…in` over its second parameter), exported from the execution module.
const RESET_HELPER = (body = "  for (const key in fields) (target as any)[key] = (fields as any)[key];") => ({
  file: EXECUTION,
  find: `let executionSequence = 0;`,
  replace: `// Per-run state a spawned execution starts from.
export const SUB_AGENT_RESET = { steeringReaderIndex: 0, drainRetryCount: 0 };

// Resets per-run fields of an execution (a sub-agent, memory extraction) before it runs.
export function resetRunState(target: AgentExecution, fields: Partial<typeof SUB_AGENT_RESET>): void {
${body}
}

let executionSequence = 0;`,
});
const toolImport = (names) => ({ file: TOOL, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, ${names} } from "../agent/execution";` });
const memoryImport = (names) => ({ file: MEMORY, find: `import { AgentExecution, type PromptContext } from "../agent/execution";`, replace: `import { AgentExecution, type PromptContext, ${names} } from "../agent/execution";` });

// The single-field reset helper (a key parameter).
const RESET_FIELD = (params = `key: string`, pre = "") => ({
  file: EXECUTION,
  find: `let executionSequence = 0;`,
  replace: `// Field-name aliases older callers use.
export const FIELD_ALIASES: Record<string, string> = { cursor: "steeringReaderIndex", retries: "drainRetryCount" };
// Per-run fields a spawned execution starts afresh.
export const SUB_AGENT_FRESH = ["steeringReaderIndex", "drainRetryCount"];

// Zeroes one per-run field of an execution before it runs.
export function resetField(target: AgentExecution, ${params}): void {
${pre}  (target as any)[key] = 0;
}

let executionSequence = 0;`,
});

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
const ROOT_MEMBER = (give, owner = TURN_OWNER) => [
  servicesFields(OWNER_FIELD),
  servicesValues("owner: this,"),
  owner,
  ...SESSION_EXTENDS,
  PROMPT_ROOT,
  HAND_OVER(give),
  toolBeforeRun(`  await state.execution.sessionServices.owner.handOver(subAgentExecution);`),
];

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

// The buffer's (dead) acknowledgment predicate, which a release may drop.
const IS_HANDLED = `  // Acknowledgment predicate; nothing in the runtime calls it.
  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

`;
// Tool approvals awaiting the client: a second class whose entries carry a handlers Set.
const APPROVALS = (check) => sessionTop(`// Tool approvals awaiting the client; each request collects the handlers that answered it.
class ToolApprovals {
  private readonly requests = new Map<string, { id: string; handlers: Set<string> }>();
  request(id: string): void {
    this.requests.set(id, { id, handlers: new Set() });
  }
  answer(id: string, by: string): void {
    this.requests.get(id)?.handlers.add(by);
  }
  isAnswered(id: string): boolean {
    const request = this.requests.get(id);
    return ${check};
  }
}`);
const APPROVALS_WIRING = [
  servicesFields("// Tool approvals awaiting the client.\n  approvals: { request(id: string): void; answer(id: string, by: string): void; isAnswered(id: string): boolean };"),
  servicesValues("approvals: new ToolApprovals(),"),
];
const APPROVALS_USE = `  const approvals = state.execution.sessionServices.approvals;
  approvals.request(\`spawn-\${subAgentExecution.executionId}\`);
  approvals.answer(\`spawn-\${subAgentExecution.executionId}\`, state.execution.executionId);
  recordSpan("approval", { answered: approvals.isAnswered(\`spawn-\${subAgentExecution.executionId}\`) });`;

// ---- harmful ----
const HARMFUL = [
  // ---- rule 1a: `for (k in param)` over the object literals every call passes ----
  {
    id: "r12-forin-param-reassigned",
    description: "`resetRunState(target, fields)` (execution module) merges the defaults first, `fields = { ...SUB_AGENT_RESET, ...fields }`, then copies `for (const key in fields) target[key] = fields[key]`; the sub-agent tool calls it after `new` with `{ drainRetryCount: 0 }`; `SUB_AGENT_RESET` is `{ steeringReaderIndex: 0, drainRetryCount: 0 }`",
    why: "every call passes a literal of known keys, but the parameter is reassigned before the `for…in`: the loop walks the merged defaults, the cursor among them",
    edits: [
      RESET_HELPER(`  fields = { ...SUB_AGENT_RESET, ...fields };
  for (const key in fields) (target as any)[key] = (fields as any)[key];`),
      toolImport("resetRunState"),
      toolBeforeRun(`  resetRunState(subAgentExecution, { drainRetryCount: 0 });`),
    ],
  },
  {
    id: "r12-forin-proto-literal",
    description: "`resetRunState(target, fields)` copies `for (const key in fields) target[key] = fields[key]`; the sub-agent tool calls it with `{ __proto__: SUB_AGENT_RESET, drainRetryCount: 0 }` (the defaults as the literal's prototype, the override own)",
    why: "an object literal of known keys whose `__proto__` is the defaults: `for…in` walks inherited enumerable keys too",
    edits: [
      RESET_HELPER(),
      toolImport("resetRunState, SUB_AGENT_RESET"),
      toolBeforeRun(`  resetRunState(subAgentExecution, { __proto__: SUB_AGENT_RESET, drainRetryCount: 0 } as Partial<typeof SUB_AGENT_RESET>);`),
    ],
  },
  {
    id: "r12-forin-call-method",
    description: "`resetRunState(target, fields)` with the plain `for…in` copy; memory extraction calls it `resetRunState(extraction, { drainRetryCount: 0 })`; the sub-agent tool calls it `resetRunState.call(undefined, subAgentExecution, { steeringReaderIndex: 0, drainRetryCount: 0 })`",
    why: "a call through `Function.prototype.call`: not a call of the name, and its arguments sit one position later",
    edits: [
      RESET_HELPER(),
      memoryImport("resetRunState"),
      memoryBeforeRun(`  resetRunState(extraction, { drainRetryCount: 0 });`),
      toolImport("resetRunState"),
      toolBeforeRun(`  resetRunState.call(undefined, subAgentExecution, { steeringReaderIndex: 0, drainRetryCount: 0 });`),
    ],
  },
  {
    id: "r12-forin-stored-step",
    description: "`resetRunState(target, fields)` with the plain `for…in` copy; memory extraction calls it with `{ drainRetryCount: 0 }`; the sub-agent tool keeps a list of spawn steps `const SPAWN_STEPS = [resetRunState]` and runs `for (const step of SPAWN_STEPS) step(subAgentExecution, { steeringReaderIndex: 0, drainRetryCount: 0 })`",
    why: "the function stored in an array and called later through a loop variable: that call is found neither by name nor by key",
    edits: [
      RESET_HELPER(),
      memoryImport("resetRunState"),
      memoryBeforeRun(`  resetRunState(extraction, { drainRetryCount: 0 });`),
      toolImport("resetRunState"),
      toolTop(`// What every spawned delegate goes through before it runs.
const SPAWN_STEPS: ((execution: AgentExecution, fields: { steeringReaderIndex?: number; drainRetryCount?: number }) => void)[] = [resetRunState];`),
      toolBeforeRun(`  for (const step of SPAWN_STEPS) step(subAgentExecution, { steeringReaderIndex: 0, drainRetryCount: 0 });`),
    ],
  },
  // ---- rule 1b: a key parameter every call fills with a literal ----
  {
    id: "r12-param-default-key",
    description: "`resetField(target, key = \"steeringReaderIndex\")` zeroes `target[key]`; the sub-agent tool calls `resetField(subAgentExecution, \"drainRetryCount\")` and `resetField(subAgentExecution)`",
    why: "a missing argument is not `undefined` when the parameter has a default: the default is the key",
    edits: [
      RESET_FIELD(`key: string = "steeringReaderIndex"`),
      toolImport("resetField"),
      toolBeforeRun(`  resetField(subAgentExecution, "drainRetryCount");
  resetField(subAgentExecution);`),
    ],
  },
  {
    id: "r12-param-key-remapped",
    description: "`resetField(target, key)` first maps old names, `key = FIELD_ALIASES[key] ?? key` (`{ cursor: \"steeringReaderIndex\", retries: \"drainRetryCount\" }`), then zeroes `target[key]`; the sub-agent tool calls `resetField(subAgentExecution, \"cursor\")` and `resetField(subAgentExecution, \"retries\")`",
    why: "every call passes a string literal, but the parameter is reassigned before it is used as the key",
    edits: [
      RESET_FIELD(`key: string`, `  key = FIELD_ALIASES[key] ?? key;\n`),
      toolImport("resetField"),
      toolBeforeRun(`  resetField(subAgentExecution, "cursor");
  resetField(subAgentExecution, "retries");`),
    ],
  },
  {
    id: "r12-param-key-bind",
    description: "`resetField(target, key)` zeroes `target[key]`; memory extraction calls `resetField(extraction, \"drainRetryCount\")`; the sub-agent tool does `SUB_AGENT_FRESH.forEach(resetField.bind(undefined, subAgentExecution))` with `SUB_AGENT_FRESH = [\"steeringReaderIndex\", \"drainRetryCount\"]`",
    why: "a bound function handed to `forEach`: its calls (key = each element) are not calls of the name",
    edits: [
      RESET_FIELD(),
      memoryImport("resetField"),
      memoryBeforeRun(`  resetField(extraction, "drainRetryCount");`),
      toolImport("resetField, SUB_AGENT_FRESH"),
      toolBeforeRun(`  SUB_AGENT_FRESH.forEach(resetField.bind(undefined, subAgentExecution));`),
    ],
  },
  // ---- rule 1c: `X.P` whose every value is a string literal ----
  {
    id: "r12-member-key-getter",
    description: "the sub-agent tool zeroes `subAgentExecution[SpawnReset.field]`, where `const SpawnReset = { get field() { return SPAWN_COMPAT.resetCursor ? \"steeringReaderIndex\" : \"drainRetryCount\"; } }` and `SPAWN_COMPAT = { resetCursor: true }` (the pre-0.60 spawn behaviour kept behind a compatibility flag)",
    why: "the only thing keyed `field` is a getter: no value is given to the key at all, so \"every value is a string literal\" holds vacuously, and the getter returns the cursor's name",
    edits: [
      toolTop(`// Older runtimes also reset the cursor on spawn; kept behind a compatibility flag.
const SPAWN_COMPAT = { resetCursor: true };
// The per-run field a spawn resets.
const SpawnReset = {
  get field(): string {
    return SPAWN_COMPAT.resetCursor ? "steeringReaderIndex" : "drainRetryCount";
  },
};`),
      toolBeforeRun(`  (subAgentExecution as any)[SpawnReset.field] = 0;`),
    ],
  },
  {
    id: "r12-member-key-entries-overlay",
    description: "the sub-agent tool zeroes `subAgentExecution[SpawnReset.Retries]`, `SpawnReset` a module object `{ Retries: \"drainRetryCount\" }`; at load the module overlays legacy names, `for (const [name, field] of Object.entries(LEGACY_SPAWN_RESET)) SpawnReset[name] = field` with `LEGACY_SPAWN_RESET = { Retries: \"steeringReaderIndex\" }`",
    why: "the member keyed `Retries` is given a value through a computed write whose key comes from `Object.entries`, not a `for…in` over a parameter",
    edits: [
      toolTop(`// The per-run fields a spawn resets, by role.
const SpawnReset: Record<string, string> = { Retries: "drainRetryCount" };
// Older clients name the fields differently; their names win.
const LEGACY_SPAWN_RESET: Record<string, string> = { Retries: "steeringReaderIndex" };
for (const [name, field] of Object.entries(LEGACY_SPAWN_RESET)) SpawnReset[name] = field;`),
      toolBeforeRun(`  (subAgentExecution as any)[SpawnReset.Retries] = 0;`),
    ],
  },
  // ---- rule 2: Object.assign gives the target only its literal sources' keys ----
  {
    id: "r12-assign-getter-cursor",
    description: "the sub-agent tool does `Object.assign(subAgentExecution, { drainRetryCount: 0, get steeringReaderIndex() { return 0; } })` after `new`",
    why: "a literal source whose key is a getter: `Object.assign` reads it and writes a data property on the target",
    edits: [toolBeforeRun(`  Object.assign(subAgentExecution, {
    drainRetryCount: 0,
    get steeringReaderIndex(): number {
      return 0;
    },
  });`)],
  },
  {
    id: "r12-assign-nested-target",
    description: "the sub-agent tool does `Object.assign(Object.assign(subAgentExecution, { drainRetryCount: 0 }), { steeringReaderIndex: 0 })` after `new` (a chained assign)",
    why: "the outer `Object.assign`'s target is the inner call, which returns the child",
    edits: [toolBeforeRun(`  Object.assign(Object.assign(subAgentExecution, { drainRetryCount: 0 }), { steeringReaderIndex: 0 });`)],
  },
  // ---- rule 3: a root kept on a member ----
  {
    id: "r12-root-member-assign-getter",
    description: "the session keeps each turn's root on `current` (`this.current ??= new AgentExecution({…})`, cursor set to `turnStart`, cleared at turn end); its `handOver(execution)` (awaited by the sub-agent tool before the run) does `Object.assign(this, { get current() { return execution; } })`, then `const lead = this.current; lead.setSteeringReaderIndex(this.turnStart)`",
    why: "the key given a delegate through a getter in an `Object.assign` literal source: the getter is not a value, but `Object.assign` stores what it returns",
    edits: ROOT_MEMBER(`    Object.assign(this, {
      get current(): AgentExecution {
        return execution;
      },
    });`),
  },
  {
    id: "r12-root-member-define-properties",
    description: "as `r12-root-member-assign-getter`, `handOver(execution)` giving `current` the delegate with `Object.defineProperties(this, { current: { value: execution, writable: true, … } })`",
    why: "`Object.defineProperties` (a map of descriptors), not `defineProperty` or `Reflect.set`",
    edits: ROOT_MEMBER(`    Object.defineProperties(this, { current: { value: execution, writable: true, enumerable: true, configurable: true } });`),
  },
  {
    id: "r12-root-member-accessor",
    description: "`TurnOwner` keeps `root` and `delegate` and exposes `get current()` (`this.delegate ?? this.root`) and `set current(v)` (sets `root`, clears `delegate`); the session builds its root with `this.current ??= new AgentExecution({…})`; `handOver(execution)` sets `this.delegate = execution` and then `const lead = this.current; lead.setSteeringReaderIndex(this.turnStart)`",
    why: "every value written to `current` is a root construction or nullish, but `current` is an accessor whose getter returns another member",
    edits: ROOT_MEMBER(`    this.delegate = execution;`, sessionTop(`// The execution in charge of a session's turn: a delegate while one runs, else the turn's root.
class TurnOwner {
  protected root: AgentExecution | undefined;
  protected delegate: AgentExecution | undefined;
  // Where the turn's steering starts in the buffer (cleared at every turn end).
  turnStart = 0;
  get current(): AgentExecution | undefined {
    return this.delegate ?? this.root;
  }
  set current(execution: AgentExecution | undefined) {
    this.root = execution;
    this.delegate = undefined;
  }
}`)),
  },
  {
    id: "r12-root-member-array-swap",
    description: "as `r12-root-member-assign-getter`, `handOver(execution)` swapping the delegate in: `let previous; [this.current, previous] = [execution, this.current]` (the previous owner logged at debug level)",
    why: "an array-pattern assignment whose element target is the member",
    edits: ROOT_MEMBER(`    let previous: AgentExecution | undefined;
    [this.current, previous] = [execution, this.current];
    logger.debug(\`turn handed over from \${previous?.executionId ?? "nobody"}\`);`),
  },
  // ---- rule 4: a child in a Set of running executions ----
  {
    id: "r12-set-forof-pattern",
    description: "the services gain `liveExecutions: new Set()`; `runExecution` adds the execution before its run (deletes it after) and calls `catchUpDelegates(services)`, whose two loops destructure the element in the loop head, `for (const { prompts } of services.liveExecutions)`: the first takes the user steering of the first live execution (the turn's root), the second pushes it onto every live execution with no prompt yet",
    why: "the loop head destructures the element: the body never names it, and uses the member it holds",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      nodesTop(`// A delegate that starts mid-turn is caught up on what the user told the top-level agent this turn.
function catchUpDelegates(services: AgentExecution["sessionServices"]): void {
  let said: AgentExecution["prompts"][number] | undefined;
  for (const { prompts } of services.liveExecutions) said ??= prompts.flat().filter((m) => m.kind === "user");
  if (!said || said.length === 0) return;
  for (const { prompts } of services.liveExecutions) if (prompts.length === 0) prompts.push(said);
}`),
      runTracked(CATCH_UP_CALL),
    ],
  },
  {
    id: "r12-set-foreach-key-param",
    description: "as `r12-set-forof-pattern`, the catch-up written `services.liveExecutions.forEach((live, same) => …)`: it reads `live.prompts.length` and pushes through `same.prompts.push(said)` (a Set's `forEach` passes each element as value and as key)",
    why: "the element reaches the callback twice: the second parameter is the element too",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      nodesTop(`// A delegate that starts mid-turn is caught up on what the user told the top-level agent this turn.
function catchUpDelegates(services: AgentExecution["sessionServices"]): void {
  let said: AgentExecution["prompts"][number] | undefined;
  for (const root of services.registry.executions) if (root.agentName === "kiro") said = root.prompts.flat().filter((m) => m.kind === "user");
  if (!said || said.length === 0) return;
  // A Set's forEach passes each element as both value and key.
  services.liveExecutions.forEach((live, same) => {
    if (live.prompts.length === 0) same.prompts.push(said!);
  });
}`),
      REGISTRY_IFACE_EXECUTIONS,
      runTracked(CATCH_UP_CALL),
    ],
  },
  {
    id: "r12-set-walked-by-keys",
    description: "as `r12-set-forof-pattern` with the plain element, but the catch-up does not name the Set: it walks the services by key, `for (const key of Object.keys(services)) { const tracked = services[key]; if (tracked instanceof Set) … }`, and pushes the root's user steering onto every tracked execution with no prompt yet",
    why: "a computed member `o[k]` counts as a use of the Set's key only when the bundle spells that key in a string, and `liveExecutions` is never a string",
    edits: [
      servicesFields(LIVE_FIELD),
      servicesValues(LIVE_VALUE),
      nodesTop(`// A delegate that starts mid-turn is caught up on what the user told the top-level agent this turn,
// in every collection of executions the services track.
function catchUpDelegates(services: AgentExecution["sessionServices"]): void {
  for (const key of Object.keys(services)) {
    const tracked: unknown = (services as unknown as Record<string, unknown>)[key];
    if (!(tracked instanceof Set)) continue;
    let said: AgentExecution["prompts"][number] | undefined;
    for (const live of tracked as Set<AgentExecution>) said ??= live.prompts.flat().filter((m) => m.kind === "user");
    if (!said || said.length === 0) continue;
    for (const live of tracked as Set<AgentExecution>) if (live.prompts.length === 0) live.prompts.push(said);
  }
}`),
      runTracked(CATCH_UP_CALL),
    ],
  },
  // ---- rule 5: a callee with fewer parameters, `this` only as counters ----
  {
    id: "r12-hook-counter-setter",
    description: "the services gain `spawnObserver`, a `SpawnObserver` whose `onSpawn()` declares no parameter and only does `this.spawned++`; `spawned` is an accessor pair whose setter, besides storing the count, briefs the newest registered execution (the delegate just built) on the latest root's user prompts; the sub-agent tool calls `spawnObserver.onSpawn(subAgentExecution)` before the run",
    why: "`this.k++` calls a setter when `k` is an accessor: the counter is code",
    edits: [
      REGISTRY_IFACE_EXECUTIONS,
      servicesFields("// Told of every delegate before it runs.\n  spawnObserver: { onSpawn(execution: AgentExecution): Promise<void> };"),
      servicesValues("spawnObserver: new SpawnObserver(this.registry),"),
      sessionTop(`// Counts spawned delegates; every new count briefs the newest delegate.
class SpawnObserver {
  #spawned = 0;
  constructor(private readonly registry: SessionRegistry) {}
  get spawned(): number {
    return this.#spawned;
  }
  set spawned(count: number) {
    this.#spawned = count;
    const execution = this.registry.executions.at(-1);
    if (!execution || execution.subExecutionDepth === 0) return;
${BRIEF("this.registry", "execution", "    ")}
  }
  async onSpawn(): Promise<void> {
    this.spawned++;
  }
}`),
      toolBeforeRun(`  await state.execution.sessionServices.spawnObserver.onSpawn(subAgentExecution);`),
    ],
  },
  // ---- rule 6: inert buffer members ----
  {
    id: "r12-inert-key-reflect-get",
    description: "the buffer gains a turn counter `turn = 0`, bumped by the session (`liveSteering.turn++`) at every prompt's start; the drain recaps the buffer's user steering into a delegate's first prompt when `Reflect.get(buffer, \"turn\") > 0`",
    why: "the counter read by `Reflect.get`, not a member expression",
    edits: [
      bufferFields("  // Prompt turns of the session so far.\n  turn = 0;"),
      sessionTurnStart("    this.sessionServices.liveSteering.turn++;"),
      RECAP(`(Reflect.get(buffer, "turn") as number) > 0`),
    ],
  },
  // ---- rule 7: the buffer found by its anchor ----
  {
    id: "r12-decoy-handlers-class",
    description: "the buffer's dead `isHandled` predicate is removed; the services gain `approvals: new ToolApprovals()`, a class whose requests are `{ id, handlers: new Set() }` and whose `isAnswered(id)` reads `request.handlers.size > 0`; the sub-agent tool records an approval for every spawn and pushes the buffer's user steering (`liveSteering.snapshot()`) onto the new delegate's prompts",
    why: "the only class with both anchors (`handlers: new Set()` in a literal, a `.handlers.size` read) is the decoy: the steering buffer is then some other class",
    edits: [
      { file: BUFFER, find: IS_HANDLED, replace: "" },
      APPROVALS("request !== undefined && request.handlers.size > 0"),
      ...APPROVALS_WIRING,
      toolBeforeRun(`${APPROVALS_USE}
  const said = state.execution.sessionServices.liveSteering.snapshot().filter((m) => m.kind === "user");
  if (said.length > 0) subAgentExecution.prompts.push(said);`),
    ],
  },
];

// ---- harmless ----
const HARMLESS = [
  {
    id: "r12-h-forin-literal-fields",
    description: "`resetRunState(target, fields)` copies `for (const key in fields) target[key] = fields[key]`; the sub-agent tool and memory extraction call it with `{ drainRetryCount: 0 }`",
    why: "the accepted `for…in` over a parameter every call fills with a literal that does not hold the cursor",
    edits: [
      RESET_HELPER(),
      toolImport("resetRunState"),
      toolBeforeRun(`  resetRunState(subAgentExecution, { drainRetryCount: 0 });`),
      memoryImport("resetRunState"),
      memoryBeforeRun(`  resetRunState(extraction, { drainRetryCount: 0 });`),
    ],
  },
  {
    id: "r12-h-param-key-literal",
    description: "`resetField(target, key)` zeroes `target[key]`; the sub-agent tool and memory extraction call `resetField(child, \"drainRetryCount\")`",
    why: "the accepted key parameter every call fills with a string literal",
    edits: [
      RESET_FIELD(),
      toolImport("resetField"),
      toolBeforeRun(`  resetField(subAgentExecution, "drainRetryCount");`),
      memoryImport("resetField"),
      memoryBeforeRun(`  resetField(extraction, "drainRetryCount");`),
    ],
  },
  {
    id: "r12-h-member-key-literal",
    description: "the sub-agent tool zeroes `subAgentExecution[SpawnReset.Retries]`, `SpawnReset` a module object `{ Retries: \"drainRetryCount\" }` that nothing else writes",
    why: "the accepted `X.P` whose only value is a string literal",
    edits: [
      toolTop(`// The per-run fields a spawn resets, by role.
const SpawnReset: Record<string, string> = { Retries: "drainRetryCount" };`),
      toolBeforeRun(`  (subAgentExecution as any)[SpawnReset.Retries] = 0;`),
    ],
  },
  {
    id: "r12-h-root-member-assign-literal",
    description: "the session keeps each turn's root on `current` (`this.current ??= new AgentExecution({…})`, cursor set to `turnStart`); at turn end it resets the owner with `Object.assign(this, { current: undefined, turnStart: 0 })`",
    why: "the accepted member-kept root, the key also given `undefined` through an `Object.assign` literal source",
    edits: [
      TURN_OWNER,
      ...SESSION_EXTENDS,
      {
        ...PROMPT_ROOT,
        replace: PROMPT_ROOT.replace.replace("    this.current = undefined;", "    Object.assign(this, { current: undefined, turnStart: 0 });"),
      },
    ],
  },
  {
    id: "r12-h-clear-retires",
    description: "the buffer's clear retires the messages instead of dropping them: `this.retired.push(...this.messages); this.messages = []`; `length` is `retired.length + messages.length` and `at(i)` reads the retired messages first, so positions never move and no cursor is stranded",
    why: "a clear that empties its store by `this.x = []` but keeps every position: the seed at `length` still skips everything before the child",
    edits: [
      { file: BUFFER, find: `  private messages: SteeringMessage[] = [];\n`, replace: `  private messages: SteeringMessage[] = [];\n  // Cleared messages keep their positions, so no reader's cursor moves backwards.\n  private retired: SteeringMessage[] = [];\n` },
      { file: BUFFER, find: `    return this.messages.length;\n  }`, replace: `    return this.retired.length + this.messages.length;\n  }` },
      { file: BUFFER, find: `    return this.messages[index];`, replace: `    return index < this.retired.length ? this.retired[index] : this.messages[index - this.retired.length];` },
      { file: BUFFER, find: `    logger.debug(\`queued \${id} (\${kind}) at \${this.messages.length - 1}\`);`, replace: `    logger.debug(\`queued \${id} (\${kind}) at \${this.length - 1}\`);` },
      { file: BUFFER, find: `    this.messages = [];\n    this.messageById.clear();`, replace: `    this.retired.push(...this.messages);\n    this.messages = [];\n    this.messageById.clear();` },
    ],
  },
  {
    id: "r12-h-second-handlers-class",
    description: "the services gain `approvals: new ToolApprovals()`, a class whose requests are `{ id, handlers: new Set() }` and whose `isAnswered(id)` tests `[...request.handlers].length > 0` (no `.handlers.size` read); the sub-agent tool records an approval for every spawn; the buffer is unchanged",
    why: "a second class with a `handlers: new Set()` literal but no `.handlers.size` read: the buffer is still the only class with both anchors",
    edits: [
      APPROVALS("request !== undefined && [...request.handlers].length > 0"),
      ...APPROVALS_WIRING,
      toolBeforeRun(APPROVALS_USE),
    ],
  },
];

export const ROUND12 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
