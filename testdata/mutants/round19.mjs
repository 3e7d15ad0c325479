// Round 19: a red team's mutants against the closed world's rules for hook
// lists (R1), a run taken as started (R2), a member of the child handed on
// beside a message (R3), the execution's constructor registration (R4) and the
// bundle's exports (R5). Each harmful mutant hands a sub-execution old user
// steering by a path outside the drain (so neither the seeded cursor, the
// fence nor the depth gate covers it) and hides that path behind one rule.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const T_DEPTH = `export const MAX_SUB_AGENT_DEPTH = 4;
`;
const T_IMPORT = `import { recordSpan } from "../telemetry/spans";
`;
const T_RUN = `  const result = await runExecution(subAgentExecution);
`;
const T_SPAN = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const E_SEQ = `let executionSequence = 0;
`;
const E_REGISTRY_FIELD = `  registry: ExecutionRegistry;
`;
const E_REGISTRY_IFACE = `  register(execution: AgentExecution): void;
`;
const S_IMPORT = `import { AgentExecution, type ExecutionRegistry, type PromptContext, type SessionServices } from "../agent/execution";
`;
const S_SERVICES_REGISTRY = `      registry: this.registry,
`;
const S_SERVICES_END = `      model: this.model,
    };
`;
const S_EVENT_ADAPTER = `class EventAdapter {
`;
const S_REGISTER = `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
`;
const N_EOT_HEAD = `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
`;
const N_RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`;
const N_CASE_INVOKE = `      case NodeId.MODEL_INVOKE:
        state = await modelInvokeNode(state);
        break;
`;
const N_CASE_EOT = `      case NodeId.END_OF_TURN:
        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
        break;
`;
const N_NODEID = `  DONE: "DONE",
} as const;
`;

// ---- code the mutants add ----------------------------------------------------

const HOOK_TYPE = `export type SubAgentHook = (child: AgentExecution) => void | Promise<void>;
`;
// The delivery every harmful mutant hides: what the user said this turn, handed
// to a new sub-execution as context, outside the drain.
const SHARE = `
// Gives a new sub-agent what the user already told the turn, as context.
export function shareTurnContext(child: AgentExecution): void {
  for (const message of child.sessionServices.liveSteering.snapshot()) {
    if (message.kind === "user") child.queueSteering(message);
  }
}
`;
// The second batch's delivery: the root's delivered user messages, pushed onto
// the child's prompt list (what the report counts as received).
const SHARE2 = `
// Gives a new sub-agent what the user already told the turn, as context.
export function shareTurnContext(child: AgentExecution): void {
  const root = child.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) child.prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}
`;
const EXECUTIONS_IFACE = `  readonly executions: AgentExecution[];
`;
const STEERING_TYPES = `import type { SteeringKind, SteeringMessage } from "../steering/live-steering-buffer";
`;
const SERVICES_TYPE = `import type { SessionServices } from "../agent/execution";
`;

const R = (find, replace, file = TOOL) => ({ file, find, replace });
const before = (find, text, file = TOOL) => R(find, text + find, file);
const after = (find, text, file = TOOL) => R(find, find + text, file);

export const ROUND19 = [
  // ---- Z. control ------------------------------------------------------------
  {
    id: "r19-control-hook-literal",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool runs `for (const hook of beforeSubAgentRun) await hook(child)` over a module-level array literal `[shareTurnContext]`; the hook queues every user message of the buffer into the child.",
    why: "Control: the plainest hook list R1 resolves; the hook it finds queues old steering into the child outside the drain, so the closed world must refuse.",
    edits: [after(T_DEPTH, `\n${HOOK_TYPE}${SHARE}\nconst beforeSubAgentRun: SubAgentHook[] = [shareTurnContext];\n`), before(T_RUN, `  for (const hook of beforeSubAgentRun) await hook(subAgentExecution);\n`)],
  },
  // ---- A. R1: elements of a hook list the rule does not enumerate --------------
  {
    id: "r19-hook-factory-closure",
    model: "base",
    expect: "harmful",
    description: "The hook list is `[createContextHook(\"user\")]`: its element is the closure a factory returns, which queues the buffer's messages of that kind into the child.",
    why: "Hooks built by small configurable factories are common; R1 names literal elements, `??`/`||`/`?:`, copies and parameters, not what a call returns.",
    edits: [
      after(T_IMPORT, STEERING_TYPES),
      after(T_DEPTH, `\n${HOOK_TYPE}
// Hooks are built by small factories so each can be configured.
function createContextHook(kind: SteeringKind): SubAgentHook {
  return (child) => {
    for (const message of child.sessionServices.liveSteering.snapshot()) {
      if (message.kind === kind) child.queueSteering(message);
    }
  };
}

const beforeSubAgentRun: SubAgentHook[] = [createContextHook("user")];
`),
      before(T_RUN, `  for (const hook of beforeSubAgentRun) await hook(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-hook-default-array-pushed",
    model: "base",
    expect: "harmful",
    description: "`prepareSubAgent(child, options = {})` runs `for (const hook of options.hooks ?? defaultSubAgentHooks)`; `defaultSubAgentHooks` is a module-level `[]` filled by `registerSubAgentHook(hook)` (`defaultSubAgentHooks.push(hook)`), which the session module calls at load with `shareTurnContext`.",
    why: "A registration function pushing into a module-level default list is the usual plugin API; the list's literal is empty, its elements arrive by a push on the identifier through a parameter.",
    edits: [
      after(T_DEPTH, `\n${HOOK_TYPE}
const defaultSubAgentHooks: SubAgentHook[] = [];

export function registerSubAgentHook(hook: SubAgentHook): void {
  defaultSubAgentHooks.push(hook);
}

async function prepareSubAgent(child: AgentExecution, options: { hooks?: SubAgentHook[] } = {}): Promise<void> {
  for (const hook of options.hooks ?? defaultSubAgentHooks) await hook(child);
}
`),
      before(T_RUN, `  await prepareSubAgent(subAgentExecution);\n`),
      after(S_IMPORT, `import { registerSubAgentHook } from "../tools/invoke-sub-agent";\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE.replace("export function", "function")}\nregisterSubAgentHook(shareTurnContext);\n\n`, SESSION),
    ],
  },
  {
    id: "r19-hookrunner-getter-alias",
    model: "base",
    expect: "harmful",
    description: "A `SubAgentHookRunner` class (built only as `hooks: new SubAgentHookRunner()` in the session services, used as `services.hooks.run(child)`) iterates its own `this.beforeRun`; its getter `registered` returns that list, and the session registers `shareTurnContext` with `this.sessionServices.hooks.registered.push(...)`.",
    why: "Exposing a registry's list through a read-only-looking getter is common; the push is under the getter's key, not the list's, and the list escapes by `return`, not by being passed, bound or spread.",
    edits: [
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-agent.
export class SubAgentHookRunner {
  private readonly beforeRun: SubAgentHook[] = [];
  get registered(): SubAgentHook[] {
    return this.beforeRun;
  }
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SubAgentHookRunner(),\n`, SESSION),
      after(S_SERVICES_END, `    this.sessionServices.hooks.registered.push(shareTurnContext);\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE.replace("export function", "function")}\n`, SESSION),
      before(T_RUN, `  await state.execution.sessionServices.hooks.run(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-hookrunner-subclass-push",
    model: "base",
    expect: "harmful",
    description: "The hook runner's list `this.beforeRun` (protected, `[]`) is filled by a subclass's constructor (`class SessionHookRunner extends SubAgentHookRunner { constructor() { super(); this.beforeRun.push(shareTurnContext); } }`); the session services hold `hooks: new SessionHookRunner()`.",
    why: "A base runner in a shared module and a session-specific subclass that pre-registers hooks is an ordinary layering; the class that iterates the list is never itself constructed.",
    edits: [
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-agent.
export class SubAgentHookRunner {
  protected readonly beforeRun: SubAgentHook[] = [];
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SessionHookRunner(),\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE.replace("export function", "function")}
class SessionHookRunner extends SubAgentHookRunner {
  constructor() {
    super();
    this.beforeRun.push(shareTurnContext);
  }
}

`, SESSION),
      before(T_RUN, `  await state.execution.sessionServices.hooks.run(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-hook-plugins-map",
    model: "base",
    expect: "harmful",
    description: "The hooks are `plugins.map((plugin) => plugin.beforeSubAgent).filter(...)` over a module-level list of plugin objects, one of which carries `beforeSubAgent: shareTurnContext`; the tool loops `for (const hook of hooks) await hook(child)`.",
    why: "Plugins as objects with optional lifecycle members, collected with map/filter, is the common plugin shape; `map` is not among the copies R1 names.",
    edits: [
      after(T_DEPTH, `\n${HOOK_TYPE}${SHARE}
interface SubAgentPlugin {
  name: string;
  beforeSubAgent?: SubAgentHook;
}

const plugins: SubAgentPlugin[] = [{ name: "turn-context", beforeSubAgent: shareTurnContext }, { name: "spans" }];
`),
      before(T_RUN, `  const hooks = plugins.map((plugin) => plugin.beforeSubAgent).filter((hook): hook is SubAgentHook => hook !== undefined);
  for (const hook of hooks) await hook(subAgentExecution);
`),
    ],
  },
  // ---- B. R2: "run started" by text, not by time -------------------------------
  {
    id: "r19-start-node-after-invoke",
    model: "base",
    expect: "harmful",
    description: "The turn graph gets a START node for sub-executions, its `case` written after END_OF_TURN's in `runExecution`'s switch: it calls `startRun(execution)` (which queues the turn's user messages into the execution) and moves on to MODEL_INVOKE.",
    why: "Adding a node for run-start work at the end of the switch is how a graph grows; its call is textually after `modelInvokeNode` but runs before the first drain.",
    edits: [
      R(N_NODEID, `  DONE: "DONE",\n  START: "START",\n} as const;\n`, NODES),
      before(N_RUN_HEAD, `// Run-start work for a sub-execution: what the user said this turn, as context.
async function startRun(execution: AgentExecution): Promise<void> {
  for (const message of execution.sessionServices.liveSteering.snapshot()) {
    if (message.kind === "user") execution.queueSteering(message);
  }
}

`, NODES),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) state = { ...state, node: NodeId.START };\n`, NODES),
      after(N_CASE_EOT, `      case NodeId.START:
        await startRun(execution);
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
`, NODES),
    ],
  },
  {
    id: "r19-invoke-wrapper-earlier",
    model: "base",
    expect: "harmful",
    description: "`runExecution` first binds `const invoke = (s) => modelInvokeNode(s)` (the loop calls `invoke(state)`), then calls `prepareSubExecution(execution)`, which queues the turn's user messages into a sub-execution, before the loop.",
    why: "A local wrapper around a node call (for spans, retries) written at the top of the function is ordinary; the drain's caller appears textually before the preparation but runs after it.",
    edits: [
      before(N_RUN_HEAD, `// A sub-execution starts with what the user said this turn, as context.
async function prepareSubExecution(execution: AgentExecution): Promise<void> {
  if (execution.subExecutionDepth === 0) return;
  for (const message of execution.sessionServices.liveSteering.snapshot()) {
    if (message.kind === "user") execution.queueSteering(message);
  }
}

`, NODES),
      after(N_RUN_HEAD, `  const invoke = (s: ExecutionState) => modelInvokeNode(s);
  await prepareSubExecution(execution);
`, NODES),
      R(N_CASE_INVOKE, N_CASE_INVOKE.replace("await modelInvokeNode(state)", "await invoke(state)"), NODES),
    ],
  },
  {
    id: "r19-end-of-turn-catch-up",
    model: "base",
    expect: "harmful",
    description: "The end-of-turn node first calls `catchUpSteering(execution)`: for a sub-execution, it queues every user message of the buffer the execution has not handled (`!message.handlers.has(executionId)`), marks it handled, and the turn loops back through MODEL_INVOKE to deliver it.",
    why: "\"A sub-agent must not finish without having seen the user's steering\" is a belt-and-braces check a release could add; it runs after the child's first drain, so R2 stops following there, but it still hands the child old steers outside the drain.",
    edits: [
      before(N_EOT_HEAD, `// A sub-execution must not finish without having seen the user's steering.
function catchUpSteering(execution: AgentExecution): void {
  if (execution.subExecutionDepth === 0) return;
  for (const message of execution.sessionServices.liveSteering.snapshot()) {
    if (message.kind === "user" && !message.handlers.has(execution.executionId)) {
      message.handlers.add(execution.executionId);
      execution.queueSteering(message);
    }
  }
}

`, NODES),
      after(N_EOT_HEAD, `  catchUpSteering(state.execution);\n`, NODES),
    ],
  },
  // ---- C. R3: the child's members as a channel ---------------------------------
  {
    id: "r19-transcript-alias-counter",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool keeps `transcripts.set(child.executionId, child.prompts)` (a module-level Map, value made only of the child's members), then `primeTranscripts(buffer.snapshot())` pushes the turn's user messages into every empty transcript, i.e. into the child's prompts.",
    why: "A status view keeping each sub-agent's transcript by id is common; R3's exception for a container's own add with the child's members lets an alias of the child's prompt list into a container nobody follows.",
    edits: [
      after(T_IMPORT, STEERING_TYPES),
      after(T_DEPTH, `
// Sub-agent transcripts for the status view, by execution id.
const transcripts = new Map<string, SteeringMessage[][]>();

// A new transcript opens with the user's steering so far.
function primeTranscripts(messages: SteeringMessage[]): void {
  for (const transcript of transcripts.values()) {
    if (transcript.length === 0) transcript.push(messages.filter((m) => m.kind === "user"));
  }
}
`),
      after(T_SPAN, `  transcripts.set(subAgentExecution.executionId, subAgentExecution.prompts);
  primeTranscripts(state.execution.sessionServices.liveSteering.snapshot());
`),
    ],
  },
  {
    id: "r19-members-handed-together",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool calls `openTranscript(child.prompts, child.sessionServices)`: two members of the child and nothing else; the helper pushes the buffer's user messages onto the prompt list.",
    why: "Passing the pieces a helper needs rather than the whole object is ordinary; R3 refuses a member beside a value from elsewhere, and here both values are the child's own.",
    edits: [
      after(T_IMPORT, STEERING_TYPES + SERVICES_TYPE),
      after(T_DEPTH, `
// A sub-agent's transcript opens with what the user has said this turn.
function openTranscript(prompts: SteeringMessage[][], services: SessionServices): void {
  prompts.push(services.liveSteering.snapshot().filter((m) => m.kind === "user"));
}
`),
      after(T_SPAN, `  openTranscript(subAgentExecution.prompts, subAgentExecution.sessionServices);\n`),
    ],
  },
  {
    id: "r19-member-alone-recent-steers",
    model: "base",
    expect: "harmful",
    description: "The session remembers every steer it appends in a module-level `recentSteers` list (`rememberSteer(buffer.push(\"user\", text))`); the sub-agent tool calls `openTranscript(child.prompts)`, which pushes `[...recentSteers]` onto it.",
    why: "A member handed alone (no value beside it) looks inert to R3; the messages come from a list the buffer's return value filled, not from the buffer at the hand-off.",
    edits: [
      after(T_IMPORT, STEERING_TYPES),
      after(T_DEPTH, `
// The user's steers of this session, most recent last.
const recentSteers: SteeringMessage[] = [];
export function rememberSteer(message: SteeringMessage): void {
  recentSteers.push(message);
  if (recentSteers.length > 20) recentSteers.shift();
}

// A sub-agent's transcript opens with what the user has said recently.
function openTranscript(prompts: SteeringMessage[][]): void {
  if (recentSteers.length > 0) prompts.push([...recentSteers]);
}
`),
      after(T_SPAN, `  openTranscript(subAgentExecution.prompts);\n`),
      after(S_IMPORT, `import { rememberSteer } from "../tools/invoke-sub-agent";\n`, SESSION),
      R(`    this.sessionServices.liveSteering.push("user", text);\n`, `    rememberSteer(this.sessionServices.liveSteering.push("user", text));\n`, SESSION),
    ],
  },
  // ---- D. R4: the registry's elements reached other than as elements ------------
  {
    id: "r19-registry-latest-accessor",
    model: "base",
    expect: "harmful",
    description: "The session registry (filled by the constructor's `registry.register(this)`) gets `latest() { return this.executions[this.executions.length - 1]; }`; the sub-agent tool calls `shareWithNewest(parent.sessionServices)`, which queues the buffer's user messages into `services.registry.latest()` at depth > 0.",
    why: "An accessor for the newest registered execution is ordinary; the reader of `executions` returns the element rather than writing into it, and the writer never reads `executions`.",
    edits: [
      after(E_REGISTRY_IFACE, `  latest(): AgentExecution | undefined;\n`, EXECUTION),
      after(S_REGISTER, `  latest(): AgentExecution | undefined {
    return this.executions[this.executions.length - 1];
  }
`, SESSION),
      after(T_IMPORT, SERVICES_TYPE),
      after(T_DEPTH, `
// The sub-agent just registered starts with what the user said this turn.
function shareWithNewest(services: SessionServices): void {
  const newest = services.registry.latest();
  if (!newest || newest.subExecutionDepth === 0) return;
  for (const message of services.liveSteering.snapshot()) {
    if (message.kind === "user") newest.queueSteering(message);
  }
}
`),
      after(T_SPAN, `  shareWithNewest(state.execution.sessionServices);\n`),
    ],
  },
  {
    id: "r19-registry-at-last-push",
    model: "base",
    expect: "harmful",
    description: "The registry interface exposes `executions`; the sub-agent tool calls `openNewestTranscript(parent.sessionServices)`, which takes `services.registry.executions.at(-1)` and pushes the buffer's user messages onto its `prompts`.",
    why: "`Array.prototype.at(-1)` for the last element is idiomatic since ES2022; the reader of `executions` pushes onto an element's member, but the element is reached through a method call, not a loop or an index.",
    edits: [
      after(E_REGISTRY_IFACE, `  readonly executions: AgentExecution[];\n`, EXECUTION),
      after(T_IMPORT, SERVICES_TYPE),
      after(T_DEPTH, `
// The sub-agent just registered opens its transcript with the user's steering.
function openNewestTranscript(services: SessionServices): void {
  const newest = services.registry.executions.at(-1);
  if (newest && newest.subExecutionDepth > 0) newest.prompts.push(services.liveSteering.snapshot().filter((m) => m.kind === "user"));
}
`),
      after(T_SPAN, `  openNewestTranscript(state.execution.sessionServices);\n`),
    ],
  },
  {
    id: "r19-registry-foreach-waiting",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool calls `shareWithWaiting(parent.sessionServices)`: `services.registry.executions.forEach((execution) => { if (depth > 0 && no prompt yet) said.forEach((m) => execution.queueSteering(m)); })`, `said` being the buffer's user messages.",
    why: "`forEach` over a registry is everyday code; the element is the callback's parameter, and the delivery is a method call on it (neither a write into it nor a push onto its member).",
    edits: [
      after(E_REGISTRY_IFACE, `  readonly executions: AgentExecution[];\n`, EXECUTION),
      after(T_IMPORT, SERVICES_TYPE),
      after(T_DEPTH, `
// Sub-agents that have not prompted yet start with what the user said this turn.
function shareWithWaiting(services: SessionServices): void {
  const said = services.liveSteering.snapshot().filter((m) => m.kind === "user");
  services.registry.executions.forEach((execution) => {
    if (execution.subExecutionDepth > 0 && execution.prompts.length === 0) said.forEach((m) => execution.queueSteering(m));
  });
}
`),
      after(T_SPAN, `  shareWithWaiting(state.execution.sessionServices);\n`),
    ],
  },
  // ---- E. R5: an export table that is not the entry's ----------------------------
  {
    id: "r19-lazy-plugin-namespace",
    model: "base",
    expect: "harmful",
    description: "The sub-agent tool loads the memory module lazily (`const memory = await import(\"../memory/memory-extraction\")`) and calls `memory.shareTurnContext(child)`; esbuild gives that module an `__export(memory_extraction_exports, { shareTurnContext: () => shareTurnContext, … })` table of its own.",
    why: "Lazy `import()` of a feature module is common in a large bundle; its export table is not the entry's, and the call reaches the function only through it.",
    edits: [
      R(`// Runs after a successful root turn, before the turn-end clear.\n`, `${SHARE.slice(1)}\n// Runs after a successful root turn, before the turn-end clear.\n`, MEMORY),
      before(T_RUN, `  const memory = await import("../memory/memory-extraction");
  memory.shareTurnContext(subAgentExecution);
`),
    ],
  },
  // ---- second batch: the same hiding places, the delivery spelled without the
  // buffer's readers or `queueSteering` (the root's delivered prompts copied
  // onto the child's prompt list) -------------------------------------------------
  {
    id: "r19-control-prompts-hook-literal",
    model: "base",
    expect: "harmful",
    description: "Control for the second batch: `for (const hook of beforeSubAgentRun) await hook(child)` over `[shareTurnContext]`, the hook pushing the root's delivered user messages (`registry.executions.findLast(depth 0).prompts.flat()`) onto `child.prompts`.",
    why: "Control: R1 resolves this list; the hook it follows pushes onto the child's prompt list, which must refuse.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(T_DEPTH, `\n${HOOK_TYPE}${SHARE2}\nconst beforeSubAgentRun: SubAgentHook[] = [shareTurnContext];\n`),
      before(T_RUN, `  for (const hook of beforeSubAgentRun) await hook(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-prompts-hook-factory",
    model: "base",
    expect: "harmful",
    description: "The hook list is `[createContextHook(\"user\")]`; the factory's closure pushes the root's delivered messages of that kind onto `child.prompts`.",
    why: "As `r19-hook-factory-closure`, with a delivery the global scans do not name: whether R1 follows what a factory returns.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(T_IMPORT, STEERING_TYPES),
      after(T_DEPTH, `\n${HOOK_TYPE}
// Hooks are built by small factories so each can be configured.
function createContextHook(kind: SteeringKind): SubAgentHook {
  return (child) => {
    const root = child.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
    if (root) child.prompts.push(root.prompts.flat().filter((m) => m.kind === kind));
  };
}

const beforeSubAgentRun: SubAgentHook[] = [createContextHook("user")];
`),
      before(T_RUN, `  for (const hook of beforeSubAgentRun) await hook(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-prompts-plugins-map",
    model: "base",
    expect: "harmful",
    description: "As `r19-hook-plugins-map` (`plugins.map((p) => p.beforeSubAgent).filter(...)`), the plugin's hook pushing the root's delivered user messages onto `child.prompts`.",
    why: "Whether R1 follows the elements of a `map` over plugin objects.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(T_DEPTH, `\n${HOOK_TYPE}${SHARE2}
interface SubAgentPlugin {
  name: string;
  beforeSubAgent?: SubAgentHook;
}

const plugins: SubAgentPlugin[] = [{ name: "turn-context", beforeSubAgent: shareTurnContext }, { name: "spans" }];
`),
      before(T_RUN, `  const hooks = plugins.map((plugin) => plugin.beforeSubAgent).filter((hook): hook is SubAgentHook => hook !== undefined);
  for (const hook of hooks) await hook(subAgentExecution);
`),
    ],
  },
  {
    id: "r19-prompts-hookrunner-subclass",
    model: "base",
    expect: "harmful",
    description: "As `r19-hookrunner-subclass-push` (the runner's list filled by a subclass's constructor), the hook pushing the root's delivered user messages onto `child.prompts`.",
    why: "Whether R1's \"class's own list\" takes in a subclass's pushes.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-agent.
export class SubAgentHookRunner {
  protected readonly beforeRun: SubAgentHook[] = [];
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SessionHookRunner(),\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE2.replace("export function", "function")}
class SessionHookRunner extends SubAgentHookRunner {
  constructor() {
    super();
    this.beforeRun.push(shareTurnContext);
  }
}

`, SESSION),
      before(T_RUN, `  await state.execution.sessionServices.hooks.run(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-prompts-start-node",
    model: "base",
    expect: "harmful",
    description: "As `r19-start-node-after-invoke` (a START node whose `case` follows END_OF_TURN's), `startRun(execution)` pushing the root's delivered user messages onto the sub-execution's `prompts`.",
    why: "Whether R2's \"textually earlier\" stops following at a call that runs before the first drain.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      R(N_NODEID, `  DONE: "DONE",\n  START: "START",\n} as const;\n`, NODES),
      before(N_RUN_HEAD, `// Run-start work for a sub-execution: what the user said this turn, as context.
async function startRun(execution: AgentExecution): Promise<void> {
  const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) execution.prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}

`, NODES),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) state = { ...state, node: NodeId.START };\n`, NODES),
      after(N_CASE_EOT, `      case NodeId.START:
        await startRun(execution);
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
`, NODES),
    ],
  },
  {
    id: "r19-prompts-end-of-turn-recap",
    model: "base",
    expect: "harmful",
    description: "The end-of-turn node first calls `recapSteering(execution)`: for a sub-execution, it pushes onto its `prompts` the root's delivered user messages it has not received (\"the sub-agent's transcript records the steering it worked under\").",
    why: "Whether R2's cut (nothing after the first drain's caller is followed) lets a write into the child after its run started through.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      before(N_EOT_HEAD, `// A sub-execution's transcript records the user's steering it worked under.
function recapSteering(execution: AgentExecution): void {
  if (execution.subExecutionDepth === 0) return;
  const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (!root) return;
  const seen = new Set(execution.prompts.flat().map((m) => m.id));
  const missed = root.prompts.flat().filter((m) => m.kind === "user" && !seen.has(m.id));
  if (missed.length > 0) execution.prompts.push(missed);
}

`, NODES),
      after(N_EOT_HEAD, `  recapSteering(state.execution);\n`, NODES),
    ],
  },
  {
    id: "r19-prompts-transcript-alias",
    model: "base",
    expect: "harmful",
    description: "As `r19-transcript-alias-counter` (`transcripts.set(child.executionId, child.prompts)`), primed with the parent's delivered user messages: `primeTranscripts(state.execution.prompts.flat())`.",
    why: "Whether R3's container exception lets an alias of the child's prompt list out of sight.",
    edits: [
      after(T_IMPORT, STEERING_TYPES),
      after(T_DEPTH, `
// Sub-agent transcripts for the status view, by execution id.
const transcripts = new Map<string, SteeringMessage[][]>();

// A new transcript opens with the user's steering its parent received.
function primeTranscripts(messages: SteeringMessage[]): void {
  for (const transcript of transcripts.values()) {
    if (transcript.length === 0) transcript.push(messages.filter((m) => m.kind === "user"));
  }
}
`),
      after(T_SPAN, `  transcripts.set(subAgentExecution.executionId, subAgentExecution.prompts);
  primeTranscripts(state.execution.prompts.flat());
`),
    ],
  },
  {
    id: "r19-prompts-members-together",
    model: "base",
    expect: "harmful",
    description: "As `r19-members-handed-together` (`openTranscript(child.prompts, child.sessionServices)`), the helper pushing the root's delivered user messages (found through `services.registry.executions`) onto the prompt list.",
    why: "Whether R3 follows a member of the child handed beside another member of the child.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(T_IMPORT, STEERING_TYPES + SERVICES_TYPE),
      after(T_DEPTH, `
// A sub-agent's transcript opens with what the user has said this turn.
function openTranscript(prompts: SteeringMessage[][], services: SessionServices): void {
  const root = services.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}
`),
      after(T_SPAN, `  openTranscript(subAgentExecution.prompts, subAgentExecution.sessionServices);\n`),
    ],
  },
  {
    id: "r19-prompts-registry-latest",
    model: "base",
    expect: "harmful",
    description: "As `r19-registry-latest-accessor` (`registry.latest()` returns the last registered execution), `shareWithNewest(parent.sessionServices)` pushing the root's delivered user messages onto `newest.prompts`.",
    why: "Whether R4's check of the readers of `executions` sees an element returned by an accessor and written by its caller.",
    edits: [
      after(E_REGISTRY_IFACE, `  latest(): AgentExecution | undefined;\n`, EXECUTION),
      after(S_REGISTER, `  latest(): AgentExecution | undefined {
    return this.executions[this.executions.length - 1];
  }
`, SESSION),
      after(T_IMPORT, SERVICES_TYPE),
      after(T_DEPTH, `
// The sub-agent just registered starts with what the user said to its parent.
function shareWithNewest(services: SessionServices, said: unknown[]): void {
  const newest = services.registry.latest();
  if (newest && newest.subExecutionDepth > 0) newest.prompts.push(said as never);
}
`),
      after(T_SPAN, `  shareWithNewest(state.execution.sessionServices, state.execution.prompts.flat().filter((m) => m.kind === "user"));\n`),
    ],
  },
  {
    id: "r19-prompts-registry-foreach",
    model: "base",
    expect: "harmful",
    description: "As `r19-registry-foreach-waiting`: `services.registry.executions.forEach((execution) => { if (depth > 0 && no prompt yet) execution.prompts.push(said); })`, `said` the parent's delivered user messages.",
    why: "Whether R4 sees a push onto an element's member when the element is a `forEach` callback's parameter.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(T_IMPORT, STEERING_TYPES + SERVICES_TYPE),
      after(T_DEPTH, `
// Sub-agents that have not prompted yet start with what the user said to their parent.
function shareWithWaiting(services: SessionServices, said: SteeringMessage[]): void {
  services.registry.executions.forEach((execution) => {
    if (execution.subExecutionDepth > 0 && execution.prompts.length === 0) execution.prompts.push(said);
  });
}
`),
      after(T_SPAN, `  shareWithWaiting(state.execution.sessionServices, state.execution.prompts.flat().filter((m) => m.kind === "user"));\n`),
    ],
  },
  {
    id: "r19-prompts-lazy-plugin",
    model: "base",
    expect: "harmful",
    description: "As `r19-lazy-plugin-namespace`, awaited: `await (await import(\"../memory/memory-extraction\")).shareTurnContext(child)`, the function pushing the root's delivered user messages onto `child.prompts`.",
    why: "Whether the function named in a lazily loaded module's own export table is followed as a callee (R5 exempts the entry's table).",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      R(`// Runs after a successful root turn, before the turn-end clear.\n`, `${SHARE2.slice(1)}\n// Runs after a successful root turn, before the turn-end clear.\n`, MEMORY),
      before(T_RUN, `  const memory = await import("../memory/memory-extraction");
  await memory.shareTurnContext(subAgentExecution);
`),
    ],
  },
  // ---- third batch: the hiding places the proof does not slice (the run loop) --
  {
    id: "r19-control-prompts-run-direct",
    model: "base",
    expect: "harmful",
    description: "Control for the third batch: `runExecution` itself, before its loop, pushes the root's delivered user messages onto a sub-execution's `prompts` (`openTranscript(execution)` written inline).",
    why: "Control: the closed world follows the child into `runExecution`; a write into it before the first drain's caller must refuse.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) {
    const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
    if (root) execution.prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
  }
`, NODES),
    ],
  },
  {
    id: "r19-prompts-after-tool",
    model: "base",
    expect: "harmful",
    description: "`runExecution`'s TOOL_EXECUTE case, after `executeTool`, calls `remindOfSteering(execution)`: for a sub-execution, it pushes onto its `prompts` the root's delivered user messages it has not received (\"re-anchor a sub-agent on the user's steering after a tool result\").",
    why: "R2 stops following `runExecution` after `modelInvokeNode`; code after the first drain can still hand the child old steers outside the drain.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      before(N_RUN_HEAD, `// After a tool result, a sub-execution is reminded of the user's steering it has not seen.
function remindOfSteering(execution: AgentExecution): void {
  const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (!root) return;
  const seen = new Set(execution.prompts.flat().map((m) => m.id));
  const missed = root.prompts.flat().filter((m) => m.kind === "user" && !seen.has(m.id));
  if (missed.length > 0) execution.prompts.push(missed);
}

`, NODES),
      R(`        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);\n`, `        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
        if (execution.subExecutionDepth > 0) remindOfSteering(execution);
`, NODES),
    ],
  },
  {
    id: "r19-prompts-inner-step-fn",
    model: "base",
    expect: "harmful",
    description: "`runExecution` declares `async function invokeStep(s) { return modelInvokeNode(s); }` at its top (the loop calls it), then calls `startRun(execution)`, which pushes the root's delivered user messages onto a sub-execution's `prompts`, before the loop.",
    why: "A nested step function written first is ordinary; the drain's caller is textually earlier than the run-start work but runs after it.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      before(N_RUN_HEAD, `// Run-start work for a sub-execution: what the user said this turn, as context.
function startRun(execution: AgentExecution): void {
  if (execution.subExecutionDepth === 0) return;
  const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) execution.prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}

`, NODES),
      after(N_RUN_HEAD, `  async function invokeStep(s: ExecutionState): Promise<ExecutionState> {
    return modelInvokeNode(s);
  }
  startRun(execution);
`, NODES),
      R(N_CASE_INVOKE, N_CASE_INVOKE.replace("await modelInvokeNode(state)", "await invokeStep(state)"), NODES),
    ],
  },
  {
    id: "r19-prompts-registry-iterable",
    model: "base",
    expect: "harmful",
    description: "The session registry is iterable (`*[Symbol.iterator]() { yield* this.executions; }`); the sub-agent tool calls `shareWithWaiting(parent.sessionServices, said)`, which loops `for (const execution of services.registry)` and pushes the parent's delivered user messages onto the `prompts` of each sub-execution that has not prompted yet.",
    why: "An iterable registry is idiomatic; the reader of `executions` only yields its elements, and the writer never names `executions`.",
    edits: [
      R(`export interface ExecutionRegistry {\n`, `export interface ExecutionRegistry extends Iterable<AgentExecution> {\n`, EXECUTION),
      after(S_REGISTER, `  *[Symbol.iterator](): Iterator<AgentExecution> {
    yield* this.executions;
  }
`, SESSION),
      after(T_IMPORT, STEERING_TYPES + SERVICES_TYPE),
      after(T_DEPTH, `
// Sub-agents that have not prompted yet start with what the user said to their parent.
function shareWithWaiting(services: SessionServices, said: SteeringMessage[]): void {
  for (const execution of services.registry) {
    if (execution.subExecutionDepth > 0 && execution.prompts.length === 0) execution.prompts.push(said);
  }
}
`),
      after(T_SPAN, `  shareWithWaiting(state.execution.sessionServices, state.execution.prompts.flat().filter((m) => m.kind === "user"));\n`),
    ],
  },
  {
    id: "r19-prompts-registry-newest-getter",
    model: "base",
    expect: "harmful",
    description: "The session registry gets a getter `get newest() { return this.executions.at(-1); }`; the sub-agent tool calls `shareWithNewest(parent.sessionServices, said)`, which pushes the parent's delivered user messages onto `services.registry.newest.prompts` at depth > 0.",
    why: "A property getter instead of `latest()`: no call at the use site, the element returned by the reader of `executions`.",
    edits: [
      after(E_REGISTRY_IFACE, `  readonly newest: AgentExecution | undefined;\n`, EXECUTION),
      after(S_REGISTER, `  get newest(): AgentExecution | undefined {
    return this.executions.at(-1);
  }
`, SESSION),
      after(T_IMPORT, STEERING_TYPES + SERVICES_TYPE),
      after(T_DEPTH, `
// The sub-agent just registered starts with what the user said to its parent.
function shareWithNewest(services: SessionServices, said: SteeringMessage[]): void {
  const newest = services.registry.newest;
  if (newest && newest.subExecutionDepth > 0) newest.prompts.push(said);
}
`),
      after(T_SPAN, `  shareWithNewest(state.execution.sessionServices, state.execution.prompts.flat().filter((m) => m.kind === "user"));\n`),
    ],
  },
  {
    id: "r19-prompts-memory-latest",
    model: "base",
    expect: "harmful",
    description: "Memory extraction hands itself the root's conversation: after `new`, `briefLatest(execution.sessionServices, execution.prompts.flat())` pushes the root's delivered user messages onto `services.registry.latest().prompts` (the extraction, just registered).",
    why: "Memory extraction is about what the user said, so a release could give it the root's transcript; reached through the registry's accessor, not the constructed variable.",
    edits: [
      after(E_REGISTRY_IFACE, `  latest(): AgentExecution | undefined;\n`, EXECUTION),
      after(S_REGISTER, `  latest(): AgentExecution | undefined {
    return this.executions[this.executions.length - 1];
  }
`, SESSION),
      R(`import { runExecution } from "../graph/nodes";\n`, `import { runExecution } from "../graph/nodes";
import type { SessionServices } from "../agent/execution";
import type { SteeringMessage } from "../steering/live-steering-buffer";

// The execution just registered opens with the conversation's user messages.
function briefLatest(services: SessionServices, conversation: SteeringMessage[]): void {
  const latest = services.registry.latest();
  if (latest && latest.skipHooks) latest.prompts.push(conversation.filter((m) => m.kind === "user"));
}
`, MEMORY),
      R(`  try {\n    await runExecution(extraction);`, `  briefLatest(execution.sessionServices, execution.prompts.flat());
  try {
    await runExecution(extraction);`, MEMORY),
    ],
  },
  {
    id: "r19-prompts-run-hooks-factory",
    model: "base",
    expect: "harmful",
    description: "`runExecution` runs `for (const hook of runStartHooks) await hook(execution)` before its loop; `runStartHooks = [createContextHook(\"user\")]`, the factory's closure pushing the root's delivered messages of that kind onto a sub-execution's `prompts`.",
    why: "R1 on a list the proof does not run: whether the element a factory returns is followed.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      before(N_RUN_HEAD, `type RunHook = (execution: AgentExecution) => void | Promise<void>;

// Run hooks are built by small factories so each can be configured.
function createContextHook(kind: string): RunHook {
  return (execution) => {
    if (execution.subExecutionDepth === 0) return;
    const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
    if (root) execution.prompts.push(root.prompts.flat().filter((m) => m.kind === kind));
  };
}

const runStartHooks: RunHook[] = [createContextHook("user")];

`, NODES),
      after(N_RUN_HEAD, `  for (const hook of runStartHooks) await hook(execution);\n`, NODES),
    ],
  },
  {
    id: "r19-prompts-run-hooks-map",
    model: "base",
    expect: "harmful",
    description: "`runExecution` runs the `onRunStart` members of a module-level plugin list, collected with `plugins.map((p) => p.onRunStart).filter(...)`, before its loop; one plugin's hook pushes the root's delivered user messages onto a sub-execution's `prompts`.",
    why: "R1 on a list the proof does not run: whether a `map` over plugin objects is followed.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      before(N_RUN_HEAD, `type RunHook = (execution: AgentExecution) => void | Promise<void>;

function shareTurnContext(execution: AgentExecution): void {
  if (execution.subExecutionDepth === 0) return;
  const root = execution.sessionServices.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) execution.prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}

const plugins: { name: string; onRunStart?: RunHook }[] = [{ name: "turn-context", onRunStart: shareTurnContext }, { name: "spans" }];

`, NODES),
      after(N_RUN_HEAD, `  const hooks = plugins.map((plugin) => plugin.onRunStart).filter((hook): hook is RunHook => hook !== undefined);
  for (const hook of hooks) await hook(execution);
`, NODES),
    ],
  },
  {
    id: "r19-prompts-run-members-together",
    model: "base",
    expect: "harmful",
    description: "`runExecution` calls `openTranscript(execution.prompts, execution.sessionServices, execution.subExecutionDepth)` before its loop; the helper pushes the root's delivered user messages onto the prompt list of a sub-execution.",
    why: "R3 on code the proof does not run: members of the child handed on together, nothing from elsewhere beside them.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      R(`import type { AgentExecution, ModelTurn } from "../agent/execution";\n`, `import type { AgentExecution, ModelTurn, SessionServices } from "../agent/execution";
import type { SteeringMessage } from "../steering/live-steering-buffer";
`, NODES),
      before(N_RUN_HEAD, `// A sub-execution's transcript opens with what the user has said this turn.
function openTranscript(prompts: SteeringMessage[][], services: SessionServices, depth: number): void {
  if (depth === 0) return;
  const root = services.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (root) prompts.push(root.prompts.flat().filter((m) => m.kind === "user"));
}

`, NODES),
      after(N_RUN_HEAD, `  openTranscript(execution.prompts, execution.sessionServices, execution.subExecutionDepth);\n`, NODES),
    ],
  },
  // ---- fourth batch -------------------------------------------------------------
  {
    id: "r19-prompts-hookrunner-public-push",
    model: "base",
    expect: "harmful",
    description: "A hook runner (built only as `hooks: new SubAgentHookRunner()` in the session services, used as `services.hooks.run(execution)` by `runExecution` for sub-executions) iterates its own public `this.beforeRun`; the session registers a hook with `this.sessionServices.hooks.beforeRun.push(shareTurnContext)`, the hook pushing the root's delivered user messages onto the execution's `prompts`.",
    why: "A public list field pushed from outside the class: whether R1's \"class's own list\" takes in pushes through an instance.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-execution.
export class SubAgentHookRunner {
  beforeRun: SubAgentHook[] = [];
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SubAgentHookRunner(),\n`, SESSION),
      after(S_SERVICES_END, `    this.sessionServices.hooks.beforeRun.push(shareTurnContext);\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE2.replace("export function", "function")}\n`, SESSION),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) await execution.sessionServices.hooks.run(execution);\n`, NODES),
    ],
  },
  {
    id: "r19-prompts-hookrunner-external-assign",
    model: "base",
    expect: "harmful",
    description: "As `r19-prompts-hookrunner-public-push`, the session replacing the runner's list after building it: `this.sessionServices.hooks.beforeRun = [shareTurnContext]`.",
    why: "Configuring a runner by assigning its list from outside: the key `hooks` is used as an object, the list is the class's own field given a value elsewhere.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-execution.
export class SubAgentHookRunner {
  beforeRun: SubAgentHook[] = [];
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SubAgentHookRunner(),\n`, SESSION),
      after(S_SERVICES_END, `    this.sessionServices.hooks.beforeRun = [shareTurnContext];\n`, SESSION),
      before(S_EVENT_ADAPTER, `${SHARE2.replace("export function", "function")}\n`, SESSION),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) await execution.sessionServices.hooks.run(execution);\n`, NODES),
    ],
  },
  {
    id: "r19-prompts-run-transcript-alias",
    model: "base",
    expect: "harmful",
    description: "`runExecution` keeps `transcripts.set(execution.executionId, execution.prompts)` for a sub-execution (a module-level Map, a container's own add with the child's members), then `primeTranscripts(execution.sessionServices)` pushes the root's delivered user messages into every empty transcript.",
    why: "R3's counter exception on code the proof does not run: an alias of the child's prompt list kept in a container.",
    edits: [
      after(E_REGISTRY_IFACE, EXECUTIONS_IFACE, EXECUTION),
      R(`import type { AgentExecution, ModelTurn } from "../agent/execution";\n`, `import type { AgentExecution, ModelTurn, SessionServices } from "../agent/execution";
import type { SteeringMessage } from "../steering/live-steering-buffer";
`, NODES),
      before(N_RUN_HEAD, `// Sub-execution transcripts for the status view, by execution id.
const transcripts = new Map<string, SteeringMessage[][]>();

// A new transcript opens with the user's steering so far.
function primeTranscripts(services: SessionServices): void {
  const root = services.registry.executions.findLast((e) => e.subExecutionDepth === 0);
  if (!root) return;
  for (const transcript of transcripts.values()) {
    if (transcript.length === 0) transcript.push(root.prompts.flat().filter((m) => m.kind === "user"));
  }
}

`, NODES),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) transcripts.set(execution.executionId, execution.prompts);
  primeTranscripts(execution.sessionServices);
`, NODES),
    ],
  },
  // ---- H. harmless neighbours ---------------------------------------------------
  {
    id: "r19-harmless-hook-set-spread",
    model: "base",
    expect: "harmless",
    description: "Sub-agent hooks live in a module-level Set filled by `onSubAgentStart(hook)`; the only hook records a span with the child's name and depth; the tool iterates a copy, `for (const hook of [...beforeSubAgentRun]) await hook(child)`.",
    why: "Copying a Set before iterating (a hook may unregister itself) is ordinary; nothing reaches the child's steering.",
    edits: [
      after(T_DEPTH, `\n${HOOK_TYPE}
const beforeSubAgentRun = new Set<SubAgentHook>();
export function onSubAgentStart(hook: SubAgentHook): void {
  beforeSubAgentRun.add(hook);
}
onSubAgentStart((child) => recordSpan("sub-agent-start", { agentName: child.agentName, depth: child.subExecutionDepth }));
`),
      before(T_RUN, `  for (const hook of [...beforeSubAgentRun]) await hook(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-harmless-hook-getter-count",
    model: "base",
    expect: "harmless",
    description: "A `SubAgentHookRunner` (only built as `hooks: new SubAgentHookRunner()`) iterates its own list, filled by its `add(hook)` method with a span-recording hook; a getter `registered` returns the list, read only for its `.length` in a debug log.",
    why: "The harmless neighbour of `r19-hookrunner-getter-alias`: a getter exposing the list for a count.",
    edits: [
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-agent.
export class SubAgentHookRunner {
  private readonly beforeRun: SubAgentHook[] = [];
  get registered(): SubAgentHook[] {
    return this.beforeRun;
  }
  add(hook: SubAgentHook): void {
    this.beforeRun.push(hook);
  }
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), `import { recordSpan } from "../telemetry/spans";\n`, SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SubAgentHookRunner(),\n`, SESSION),
      after(S_SERVICES_END, `    this.sessionServices.hooks.add((child) => recordSpan("sub-agent-start", { agentName: child.agentName }));
    this.sessionServices.logger.debug(\`\${this.sessionServices.hooks.registered.length} sub-agent hook(s)\`);
`, SESSION),
      before(T_RUN, `  await state.execution.sessionServices.hooks.run(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-harmless-hook-runner-add",
    model: "base",
    expect: "harmless",
    description: "As `r19-harmless-hook-getter-count` without the getter: the runner's list is filled only by its own `add(hook)` (a span-recording hook), iterated by its own `run(child)`.",
    why: "Attribution: whether the getter (the list returned) is what `r19-harmless-hook-getter-count` is refused for.",
    edits: [
      after(E_SEQ, `
${HOOK_TYPE}
// Session-scoped hooks run before every sub-agent.
export class SubAgentHookRunner {
  private readonly beforeRun: SubAgentHook[] = [];
  add(hook: SubAgentHook): void {
    this.beforeRun.push(hook);
  }
  async run(child: AgentExecution): Promise<void> {
    for (const hook of this.beforeRun) await hook(child);
  }
}
`, EXECUTION),
      after(E_REGISTRY_FIELD, `  hooks: SubAgentHookRunner;\n`, EXECUTION),
      R(S_IMPORT, S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), SESSION),
      after(S_IMPORT.replace("AgentExecution,", "AgentExecution, SubAgentHookRunner,"), `import { recordSpan } from "../telemetry/spans";\n`, SESSION),
      after(S_SERVICES_REGISTRY, `      hooks: new SubAgentHookRunner(),\n`, SESSION),
      after(S_SERVICES_END, `    this.sessionServices.hooks.add((child) => recordSpan("sub-agent-start", { agentName: child.agentName }));
`, SESSION),
      before(T_RUN, `  await state.execution.sessionServices.hooks.run(subAgentExecution);\n`),
    ],
  },
  {
    id: "r19-harmless-depth-max-counter",
    model: "base",
    expect: "harmless",
    description: "The sub-agent tool keeps the deepest depth seen per agent: `deepestByAgent.set(child.agentName, Math.max(deepestByAgent.get(child.agentName) ?? 0, child.subExecutionDepth))`.",
    why: "A per-agent statistic with `Math.max` instead of `+ 1`: the value is a number made of the child's members and the container's own `get`, through a built-in.",
    edits: [
      after(T_DEPTH, `
// The deepest nesting seen per agent, for the status view.
const deepestByAgent = new Map<string, number>();
`),
      after(T_SPAN, `  deepestByAgent.set(subAgentExecution.agentName, Math.max(deepestByAgent.get(subAgentExecution.agentName) ?? 0, subAgentExecution.subExecutionDepth));\n`),
    ],
  },
  {
    id: "r19-harmless-span-timestamp",
    model: "base",
    expect: "harmless",
    description: "The sub-agent span carries the child's id and a start time: `recordSpan(\"sub-agent\", { executionId: child.executionId, agentName: subagentId, startedAt: Date.now() })`.",
    why: "Telemetry with a timestamp beside a member of the child; `Date.now()` carries no message.",
    edits: [
      R(T_SPAN, `  recordSpan("sub-agent", { executionId: subAgentExecution.executionId, agentName: subagentId, startedAt: Date.now() });\n`),
    ],
  },
  {
    id: "r19-harmless-registry-by-id",
    model: "base",
    expect: "harmless",
    description: "The session registry also keeps `byId.set(execution.executionId, execution)` in `register` and gets `get(id) { return this.byId.get(id); }`; the session logs `this.registry.get(execution.executionId)?.agentName` when a turn starts.",
    why: "The harmless neighbour of `r19-registry-latest-accessor`: an accessor returning a registered execution, read for its name only.",
    edits: [
      R(S_REGISTER, `  private readonly byId = new Map<string, AgentExecution>();
  register(execution: AgentExecution): void {
    this.executions.push(execution);
    this.byId.set(execution.executionId, execution);
  }
  get(id: string): AgentExecution | undefined {
    return this.byId.get(id);
  }
`, SESSION),
      R(`    this.eventAdapter.setOwnedExecutionId(execution.executionId);\n`, `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    this.sessionServices.logger.debug(\`turn owned by \${this.registry.get(execution.executionId)?.agentName}\`);
`, SESSION),
    ],
  },
  {
    id: "r19-harmless-lazy-tool-module",
    model: "base",
    expect: "harmless",
    description: "The tool table loads the sub-agent tool lazily: `\"invoke-sub-agent\": async (state, input) => (await import(\"./invoke-sub-agent\")).invokeSubAgent(state, input)`; esbuild gives that module an export table of its own.",
    why: "Tools loaded on first use keep start-up cheap; nothing about the spawn site changes except that its module is reached through an export table that is not the entry's.",
    edits: [
      R(`import { invokeSubAgent } from "./invoke-sub-agent";\n`, ``, "src/tools/registry.ts"),
      R(`  "invoke-sub-agent": invokeSubAgent,\n`, `  "invoke-sub-agent": async (state, input) => (await import("./invoke-sub-agent")).invokeSubAgent(state, input),\n`, "src/tools/registry.ts"),
    ],
  },
  {
    id: "r19-harmless-start-node-span",
    model: "base",
    expect: "harmless",
    description: "The turn graph gets a START node for sub-executions, its `case` after END_OF_TURN's; it records a span with the execution's name and depth and moves on to MODEL_INVOKE.",
    why: "The harmless neighbour of `r19-prompts-start-node`.",
    edits: [
      R(N_NODEID, `  DONE: "DONE",\n  START: "START",\n} as const;\n`, NODES),
      R(`import { executeTool } from "../tools/registry";\n`, `import { executeTool } from "../tools/registry";\nimport { recordSpan } from "../telemetry/spans";\n`, NODES),
      after(N_RUN_HEAD, `  if (execution.subExecutionDepth > 0) state = { ...state, node: NodeId.START };\n`, NODES),
      after(N_CASE_EOT, `      case NodeId.START:
        recordSpan("run-start", { agentName: execution.agentName, depth: execution.subExecutionDepth });
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
`, NODES),
    ],
  },
  {
    id: "r19-harmless-entry-reexports",
    model: "base",
    expect: "harmless",
    description: "The server entry re-exports its building blocks for embedders: `export { AcpSession } from \"../session/session\"; export { runExecution } from \"../graph/nodes\"; export { AgentExecution } from \"../agent/execution\";`.",
    why: "A library-style entry; the export table names the function the child is handed to, and nothing in the bundle calls it through the table (R5).",
    edits: [
      R(`import { AcpSession, type TurnRequest } from "../session/session";\n`, `import { AcpSession, type TurnRequest } from "../session/session";

export { AcpSession } from "../session/session";
export { runExecution } from "../graph/nodes";
export { AgentExecution } from "../agent/execution";
`, "src/server/acp-server.ts"),
    ],
  },
];
