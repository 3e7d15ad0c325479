// Round 26: a red team's mutants against the rules of 0e3ab0a (round 25's fixes:
// any assignment binds; `.call/.apply`, `Reflect.apply/construct`; object-literal
// getters and methods opaque; per-key literal binding; callbacks read in their own
// scope; a running child stored in a module variable, an outer member or `this`
// refuses), and against the change that follows it (a `new` of the execution class
// read as a fresh object; a method of the execution class called with a message
// read from the class body). The harmful ones copy the user steering already
// delivered to the turn's root onto a sub-execution's prompts on its first model
// call (in `modelInvokeNode`, after the drain), or hand it to a sub-execution when it
// is built, through a path the reader does not follow: a nested function declaration
// that returns the child, a closure written before the local it reads, a named
// callback handed the child by `forEach`, an `EventEmitter` listener, a generator
// declaration, a setter, a table of functions, a static method, and methods of the
// execution class that reach `this.prompts` another way.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SUB = "src/tools/invoke-sub-agent.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const EXEC_SEQ = `let executionSequence = 0;
`;
const REGISTRY_IFACE = `  register(execution: AgentExecution): void;
}
`;
const NODES_IMPORT = `import type { AgentExecution, ModelTurn } from "../agent/execution";
`;
const DRAIN_CALL = `  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
`;
const SET_INDEX = `  setSteeringReaderIndex(index: number): void {
`;
const CLASS_END = `    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
}
`;

// ---- shared pieces (as rounds 24 and 25) ------------------------------------

const helpers = {
  file: EXECUTION,
  find: EXEC_SEQ,
  replace: `// The root of the turn an execution belongs to: the newest top-level execution.
export function turnRoot(execution: AgentExecution): AgentExecution | undefined {
  let root: AgentExecution | undefined;
  for (const candidate of execution.sessionServices.registry.executions) if (candidate.subExecutionDepth === 0) root = candidate;
  return root;
}

// The user's own steering an execution has been prompted with so far.
export function userSaid(execution: AgentExecution): SteeringMessage[] {
  return execution.prompts.flat().filter((message) => message.kind === "user");
}

${EXEC_SEQ}`,
};
const registryExposed = { file: EXECUTION, find: REGISTRY_IFACE, replace: `  register(execution: AgentExecution): void;\n  readonly executions: AgentExecution[];\n}\n` };
const nodesImports = {
  file: NODES,
  find: NODES_IMPORT,
  replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";\nimport { recordSpan } from "../telemetry/spans";\n`,
};
const base = [helpers, registryExposed, nodesImports];
const beforeInvokeModel = (text) => ({ file: NODES, find: `async function invokeModel(`, replace: `${text}\nasync function invokeModel(` });
const afterDrain = (text) => ({ file: NODES, find: DRAIN_CALL, replace: `  await drainLiveSteering(state.execution);\n${text}  state = await invokeModel(state);\n` });
// On a sub-execution's first model call, with the turn's root found.
const onFirstSubCall = (body) =>
  afterDrain(`  const root = turnRoot(state.execution);
  if (root && root !== state.execution && state.execution.subExecutionDepth > 0 && state.turns === 0) {
${body}  }
`);
// A method added to the execution class (before setSteeringReaderIndex).
const method = (text) => ({ file: EXECUTION, find: SET_INDEX, replace: `${text}\n${SET_INDEX}` });
// Code right after the execution class.
const afterClass = (text) => ({ file: EXECUTION, find: CLASS_END, replace: `${CLASS_END}\n${text}` });
const spanOf = (who, what) => `recordSpan("sub-agent-brief", { agentName: ${who}.agentName, messages: ${what}.length });`;

const M = (id, expect, description, why, edits) => ({ id, model: "base", expect, description, why, edits });

export const ROUND26 = [
  // ---- A. a nested function declaration that gives the child back ----------------------
  M(
    "r26-nested-fn-return",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: a nested `function briefTarget(): AgentExecution { return state.execution; }` and `briefTarget().prompts.push(userSaid(root));`.",
    "A small nested function declaration naming what a block works on is everyday code; a function declaration binds no name the reader tracks, so the call of it is not made of the child.",
    [...base, onFirstSubCall(`    function briefTarget(): AgentExecution {\n      return state.execution;\n    }\n    briefTarget().prompts.push(userSaid(root));\n`)],
  ),
  M(
    "r26-harmless-nested-fn-return",
    "harmless",
    "As `r26-nested-fn-return`, the nested function's value is only read for a span: `recordSpan(\"sub-agent-brief\", { agentName: briefTarget().agentName, messages: userSaid(root).length })`.",
    "Harmless twin of `r26-nested-fn-return`.",
    [...base, onFirstSubCall(`    function briefTarget(): AgentExecution {\n      return state.execution;\n    }\n    ${spanOf("briefTarget()", "userSaid(root)")}\n`)],
  ),
  // ---- B. a closure written before the local it reads -----------------------------------
  M(
    "r26-closure-before-bind",
    "harmful",
    "nodes.ts gains `function subExecutionOf(state) { return state.execution.subExecutionDepth > 0 ? state.execution : undefined; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = (messages) => { if (sub && messages.length > 0) sub.prompts.push(messages); }; const sub = subExecutionOf(state); brief(userSaid(root));`.",
    "Helpers written at the top of a block, the locals they close over bound below them, is ordinary; the reader visits the closure before the local is bound to what a call makes of the child, and its second pass runs only when a root was added.",
    [
      ...base,
      beforeInvokeModel(`function subExecutionOf(state: ExecutionState): AgentExecution | undefined {\n  return state.execution.subExecutionDepth > 0 ? state.execution : undefined;\n}\n`),
      onFirstSubCall(`    const brief = (messages: SteeringMessage[]) => {\n      if (sub && messages.length > 0) sub.prompts.push(messages);\n    };\n    const sub = subExecutionOf(state);\n    brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-closure-before-bind",
    "harmless",
    "As `r26-closure-before-bind`, `brief` records a span with `sub.agentName` and the number of messages.",
    "Harmless twin of `r26-closure-before-bind`.",
    [
      ...base,
      beforeInvokeModel(`function subExecutionOf(state: ExecutionState): AgentExecution | undefined {\n  return state.execution.subExecutionDepth > 0 ? state.execution : undefined;\n}\n`),
      onFirstSubCall(`    const brief = (messages: SteeringMessage[]) => {\n      if (sub && messages.length > 0) ${spanOf("sub", "messages")}\n    };\n    const sub = subExecutionOf(state);\n    brief(userSaid(root));\n`),
    ],
  ),
  // ---- C. the child handed to a named callback ---------------------------------------------
  M(
    "r26-foreach-named",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const briefOne = (execution) => { execution.prompts.push(said); }; const targets = [state.execution]; targets.forEach(briefOne);`.",
    "A callback held in a local and handed to `forEach` is everyday code; the reader reads a container's callbacks only where they are written in place.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    const briefOne = (execution: AgentExecution) => {\n      execution.prompts.push(said);\n    };\n    const targets = [state.execution];\n    targets.forEach(briefOne);\n`)],
  ),
  M(
    "r26-harmless-foreach-named",
    "harmless",
    "As `r26-foreach-named`, `briefOne` records a span with the execution's name and the number of messages.",
    "Harmless twin of `r26-foreach-named`.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    const briefOne = (execution: AgentExecution) => {\n      ${spanOf("execution", "said")}\n    };\n    const targets = [state.execution];\n    targets.forEach(briefOne);\n`)],
  ),
  M(
    "r26-foreach-decl",
    "harmful",
    "As `r26-foreach-named`, the callback a nested function declaration: `function briefOne(execution) { execution.prompts.push(said); }` and `[state.execution].forEach(briefOne)`.",
    "The same through a function declaration.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    function briefOne(execution: AgentExecution): void {\n      execution.prompts.push(said);\n    }\n    [state.execution].forEach(briefOne);\n`)],
  ),
  // ---- D. an EventEmitter -------------------------------------------------------------------
  M(
    "r26-emitter",
    "harmful",
    "nodes.ts gains a module-level `const briefings = new EventEmitter()` (node:events) with `briefings.on(\"brief\", (execution, messages) => { if (messages.length > 0) execution.prompts.push(messages); })`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefings.emit(\"brief\", state.execution, userSaid(root))`.",
    "An in-process event bus is ordinary in a server; the child is handed to `emit`, a method of node's EventEmitter, and the listener registered elsewhere is never read.",
    [
      ...base,
      { file: NODES, find: `import { drainLiveSteering }`, replace: `import { EventEmitter } from "node:events";\nimport { drainLiveSteering }` },
      beforeInvokeModel(`// Sub-agent lifecycle events.\nconst briefings = new EventEmitter();\nbriefings.on("brief", (execution: AgentExecution, messages: SteeringMessage[]) => {\n  if (messages.length > 0) execution.prompts.push(messages);\n});\n`),
      onFirstSubCall(`    briefings.emit("brief", state.execution, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-emitter",
    "harmless",
    "As `r26-emitter`, the listener records a span with the execution's name and the number of messages.",
    "Harmless twin of `r26-emitter`.",
    [
      ...base,
      { file: NODES, find: `import { drainLiveSteering }`, replace: `import { EventEmitter } from "node:events";\nimport { drainLiveSteering }` },
      beforeInvokeModel(`// Sub-agent lifecycle events.\nconst briefings = new EventEmitter();\nbriefings.on("brief", (execution: AgentExecution, messages: SteeringMessage[]) => {\n  if (messages.length > 0) ${spanOf("execution", "messages")}\n});\n`),
      onFirstSubCall(`    briefings.emit("brief", state.execution, userSaid(root));\n`),
    ],
  ),
  // ---- E. a generator declaration -----------------------------------------------------------
  M(
    "r26-generator-decl",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `function* briefTargets() { yield state.execution; } const said = userSaid(root); for (const target of briefTargets()) target.prompts.push(said);`.",
    "A generator listing what to work on is ordinary; a generator declaration binds no tracked name, so what it yields is not made of the child.",
    [...base, onFirstSubCall(`    function* briefTargets(): Generator<AgentExecution> {\n      yield state.execution;\n    }\n    const said = userSaid(root);\n    for (const target of briefTargets()) target.prompts.push(said);\n`)],
  ),
  // ---- F. a setter ----------------------------------------------------------------------------
  M(
    "r26-class-setter",
    "harmful",
    "nodes.ts gains `class SubAgentBriefing { messages = []; set target(execution) { if (this.messages.length > 0) execution.prompts.push(this.messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const briefing = new SubAgentBriefing(); briefing.messages = userSaid(root); briefing.target = state.execution;`.",
    "An accessor that acts when a value is set is ordinary TypeScript; the assignment stores the child into a member of a local, and the setter it runs is not read.",
    [
      ...base,
      beforeInvokeModel(`class SubAgentBriefing {\n  messages: SteeringMessage[] = [];\n  set target(execution: AgentExecution) {\n    if (this.messages.length > 0) execution.prompts.push(this.messages);\n  }\n}\n`),
      onFirstSubCall(`    const briefing = new SubAgentBriefing();\n    briefing.messages = userSaid(root);\n    briefing.target = state.execution;\n`),
    ],
  ),
  // ---- G. a table of functions, a static method -------------------------------------------
  M(
    "r26-function-table",
    "harmful",
    "nodes.ts gains `function briefSubAgent(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }` and `const FIRST_CALL_HOOKS = [briefSubAgent]`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `for (const hook of FIRST_CALL_HOOKS) hook(state.execution, userSaid(root));`.",
    "A list of hooks run at a point of the graph is ordinary; the child is handed to a function reached through a list, not by its name.",
    [
      ...base,
      beforeInvokeModel(`function briefSubAgent(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) execution.prompts.push(messages);\n}\nconst FIRST_CALL_HOOKS = [briefSubAgent];\n`),
      onFirstSubCall(`    for (const hook of FIRST_CALL_HOOKS) hook(state.execution, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-static-method",
    "harmful",
    "nodes.ts gains `class SubAgentBriefing { static deliver(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `SubAgentBriefing.deliver(state.execution, userSaid(root));`.",
    "A static helper on a class is ordinary.",
    [
      ...base,
      beforeInvokeModel(`class SubAgentBriefing {\n  static deliver(execution: AgentExecution, messages: SteeringMessage[]): void {\n    if (messages.length > 0) execution.prompts.push(messages);\n  }\n}\n`),
      onFirstSubCall(`    SubAgentBriefing.deliver(state.execution, userSaid(root));\n`),
    ],
  ),
  // ---- H. methods of the execution class ------------------------------------------------------
  M(
    "r26-method-hands-this",
    "harmful",
    "execution.ts gains `export function appendBriefing(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }` and a method `brief(messages) { appendBriefing(this, messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A method that hands `this` to a module helper is ordinary; read from the class body, the method's own text adds nothing to `this`.",
    [
      ...base,
      afterClass(`export function appendBriefing(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) execution.prompts.push(messages);\n}\n`),
      method(`  brief(messages: SteeringMessage[]): void {\n    appendBriefing(this, messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-method-hands-this",
    "harmless",
    "As `r26-method-hands-this`, `appendBriefing` records a span with the execution's name and the number of messages.",
    "Harmless twin of `r26-method-hands-this`.",
    [
      ...base,
      { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` },
      afterClass(`export function appendBriefing(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) ${spanOf("execution", "messages")}\n}\n`),
      method(`  brief(messages: SteeringMessage[]): void {\n    appendBriefing(this, messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-getter-list",
    "harmful",
    "execution.ts: the class gains `get history() { return this.prompts; }` and `brief(messages) { if (messages.length > 0) this.history.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A getter naming a field for readers and a method using it is ordinary; the push is on `this.history`, not on `this.prompts`.",
    [
      ...base,
      method(`  get history(): SteeringMessage[][] {\n    return this.prompts;\n  }\n\n  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this.history.push(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-self-alias",
    "harmful",
    "execution.ts: the class gains `brief(messages) { const { prompts } = this; if (messages.length > 0) prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "Destructuring a field of `this` is ordinary.",
    [
      ...base,
      method(`  brief(messages: SteeringMessage[]): void {\n    const { prompts } = this;\n    if (messages.length > 0) prompts.push(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-calls-method",
    "harmful",
    "execution.ts: the class gains `brief(messages) { if (messages.length > 0) this.record(messages); }` and `record(messages) { this.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "One method calling another is ordinary.",
    [
      ...base,
      method(`  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this.record(messages);\n  }\n\n  record(messages: SteeringMessage[]): void {\n    this.prompts.push(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-callback",
    "harmful",
    "execution.ts: the class gains `withHistory(use) { use(this.prompts); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const append = (history) => { history.push(said); }; state.execution.withHistory(append);`.",
    "A method lending a field to a callback is ordinary; the callback is a named local, not written in place.",
    [
      ...base,
      method(`  withHistory(use: (history: SteeringMessage[][]) => void): void {\n    use(this.prompts);\n  }\n`),
      onFirstSubCall(`    const said = userSaid(root);\n    const append = (history: SteeringMessage[][]) => {\n      history.push(said);\n    };\n    state.execution.withHistory(append);\n`),
    ],
  ),
  M(
    "r26-proto-reassigned",
    "harmful",
    "execution.ts: the class gains `brief(messages) { this.briefed += messages.length; }` (and a field `briefed = 0`); after the class, `AgentExecution.prototype.brief = function (messages) { this.briefed += messages.length; if (messages.length > 0) this.prompts.push(messages); };`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A method replaced on the prototype after its class (a mixin, a feature flag) is ordinary in bundles; read from the class body, the method adds nothing.",
    [
      ...base,
      method(`  briefed = 0;\n  brief(messages: SteeringMessage[]): void {\n    this.briefed += messages.length;\n  }\n`),
      afterClass(`AgentExecution.prototype.brief = function (this: AgentExecution, messages: SteeringMessage[]): void {\n  this.briefed += messages.length;\n  if (messages.length > 0) this.prompts.push(messages);\n};\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-proto-reassigned",
    "harmless",
    "As `r26-proto-reassigned`, the prototype's `brief` only counts: `this.briefed += messages.length`.",
    "Harmless twin of `r26-proto-reassigned`.",
    [
      ...base,
      method(`  briefed = 0;\n  brief(messages: SteeringMessage[]): void {\n    this.briefed += messages.length;\n  }\n`),
      afterClass(`AgentExecution.prototype.brief = function (this: AgentExecution, messages: SteeringMessage[]): void {\n  this.briefed += messages.length * 2;\n};\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  // ---- I. the constructor fills a field from its config ----------------------------------------
  M(
    "r26-ctor-briefing",
    "harmful",
    "execution.ts: the config gains `briefing?: SteeringMessage[]` and the constructor `if (config.briefing?.length) this.prompts.push(config.briefing);`; `invokeSubAgent` builds the sub-agent with `briefing: userSaid(state.execution)` (the parent's user steering).",
    "Handing a sub-agent what the user told its parent at construction is a plausible feature; the constructor writes its own `prompts`, not the queue the drain fills.",
    [
      ...base,
      { file: EXECUTION, find: `  skipHooks?: boolean;\n}`, replace: `  skipHooks?: boolean;\n  briefing?: SteeringMessage[];\n}` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;\n`, replace: `    this.skipHooks = config.skipHooks ?? false;\n    if (config.briefing?.length) this.prompts.push(config.briefing);\n` },
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, userSaid } from "../agent/execution";` },
      { file: SUB, find: `    agentName: subagentId,\n  });`, replace: `    agentName: subagentId,\n    briefing: userSaid(state.execution),\n  });` },
    ],
  ),
  M(
    "r26-harmless-ctor-briefing",
    "harmless",
    "As `r26-ctor-briefing`, the constructor only counts the briefing: `this.briefed = config.briefing?.length ?? 0`.",
    "Harmless twin of `r26-ctor-briefing`.",
    [
      ...base,
      { file: EXECUTION, find: `  skipHooks?: boolean;\n}`, replace: `  skipHooks?: boolean;\n  briefing?: SteeringMessage[];\n}` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;\n`, replace: `    this.skipHooks = config.skipHooks ?? false;\n    this.briefed = config.briefing?.length ?? 0;\n` },
      { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  briefed = 0;\n` },
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, userSaid } from "../agent/execution";` },
      { file: SUB, find: `    agentName: subagentId,\n  });`, replace: `    agentName: subagentId,\n    briefing: userSaid(state.execution),\n  });` },
    ],
  ),
  // ---- J. a briefing left where the execution's own class picks it up ---------------------------
  M(
    "r26-brief-by-id",
    "harmful",
    "execution.ts exports `pendingBriefings = new Map<string, SteeringMessage[]>()`, and `takeQueuedSteering` also moves `pendingBriefings.get(this.executionId)` (when set) into `prompts`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `pendingBriefings.set(state.execution.executionId, userSaid(root))`.",
    "A briefing parked under the execution's id for the execution to pick up with its next prompt is ordinary; the caller stores a string key and a value, never the child, and the class reads its own map.",
    [
      ...base,
      afterClass(`// Briefings parked for an execution's next prompt, by execution id.\nexport const pendingBriefings = new Map<string, SteeringMessage[]>();\n`),
      { file: EXECUTION, find: `    this.prompts.push(taken);\n`, replace: `    this.prompts.push(taken);\n    const briefing = pendingBriefings.get(this.executionId);\n    if (briefing) {\n      pendingBriefings.delete(this.executionId);\n      if (briefing.length > 0) this.prompts.push(briefing);\n    }\n` },
      { file: NODES, find: `import { turnRoot, userSaid,`, replace: `import { pendingBriefings, turnRoot, userSaid,` },
      onFirstSubCall(`    pendingBriefings.set(state.execution.executionId, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-brief-by-id",
    "harmless",
    "As `r26-brief-by-id`, `takeQueuedSteering` only counts the parked briefing into a field `briefed`.",
    "Harmless twin of `r26-brief-by-id`.",
    [
      ...base,
      afterClass(`// Briefings parked for an execution's next prompt, by execution id.\nexport const pendingBriefings = new Map<string, SteeringMessage[]>();\n`),
      { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  briefed = 0;\n` },
      { file: EXECUTION, find: `    this.prompts.push(taken);\n`, replace: `    this.prompts.push(taken);\n    const briefing = pendingBriefings.get(this.executionId);\n    if (briefing) {\n      pendingBriefings.delete(this.executionId);\n      this.briefed += briefing.length;\n    }\n` },
      { file: NODES, find: `import { turnRoot, userSaid,`, replace: `import { pendingBriefings, turnRoot, userSaid,` },
      onFirstSubCall(`    pendingBriefings.set(state.execution.executionId, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-weakmap-key-brief",
    "harmful",
    "As `r26-brief-by-id`, the map a `WeakMap<AgentExecution, SteeringMessage[]>` keyed by the execution itself (`pendingBriefings.get(this)` in `takeQueuedSteering`, `pendingBriefings.set(state.execution, userSaid(root))` in `modelInvokeNode`).",
    "A WeakMap keyed by the object is the idiomatic side table; the child is a key of a module-level map, not a value.",
    [
      ...base,
      afterClass(`// Briefings parked for an execution's next prompt.\nexport const pendingBriefings = new WeakMap<AgentExecution, SteeringMessage[]>();\n`),
      { file: EXECUTION, find: `    this.prompts.push(taken);\n`, replace: `    this.prompts.push(taken);\n    const briefing = pendingBriefings.get(this);\n    if (briefing) {\n      pendingBriefings.delete(this);\n      if (briefing.length > 0) this.prompts.push(briefing);\n    }\n` },
      { file: NODES, find: `import { turnRoot, userSaid,`, replace: `import { pendingBriefings, turnRoot, userSaid,` },
      onFirstSubCall(`    pendingBriefings.set(state.execution, userSaid(root));\n`),
    ],
  ),
  // ---- K. a method the execution class inherits ---------------------------------------------------
  M(
    "r26-inherited-method",
    "harmful",
    "execution.ts gains `class ExecutionHistory { readonly prompts = []; record(messages) { if (messages.length > 0) this.prompts.push(messages); } }` and `AgentExecution extends ExecutionHistory` (its own `prompts` field moved to the base, `super()` first in the constructor); `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.record(userSaid(root));`.",
    "Splitting a large class into a base holding the history is an ordinary refactor; `record` is not a member of the execution class's own body.",
    [
      ...base,
      { file: EXECUTION, find: `let executionSequence = 0;\n\nexport class AgentExecution {`, replace: `let executionSequence = 0;\n\n// What an execution has been prompted with.\nexport class ExecutionHistory {\n  readonly prompts: SteeringMessage[][] = [];\n  record(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this.prompts.push(messages);\n  }\n}\n\nexport class AgentExecution extends ExecutionHistory {` },
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];\n\n  constructor(config: AgentExecutionConfig) {\n`, replace: `\n  constructor(config: AgentExecutionConfig) {\n    super();\n` },
      onFirstSubCall(`    state.execution.record(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-inherited-method",
    "harmless",
    "As `r26-inherited-method`, `record` only counts the messages into a field `recorded` of the base.",
    "Harmless twin of `r26-inherited-method`.",
    [
      ...base,
      { file: EXECUTION, find: `let executionSequence = 0;\n\nexport class AgentExecution {`, replace: `let executionSequence = 0;\n\n// What an execution has been prompted with.\nexport class ExecutionHistory {\n  readonly prompts: SteeringMessage[][] = [];\n  recorded = 0;\n  record(messages: SteeringMessage[]): void {\n    this.recorded += messages.length;\n  }\n}\n\nexport class AgentExecution extends ExecutionHistory {` },
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];\n\n  constructor(config: AgentExecutionConfig) {\n`, replace: `\n  constructor(config: AgentExecutionConfig) {\n    super();\n` },
      onFirstSubCall(`    state.execution.record(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-super",
    "harmful",
    "As `r26-inherited-method`, and the execution class gains `brief(messages) { super.record(messages); }`; `modelInvokeNode` calls `state.execution.brief(userSaid(root))`.",
    "A method of the class's own body delegating to its base through `super` is ordinary; its own text writes nothing.",
    [
      ...base,
      { file: EXECUTION, find: `let executionSequence = 0;\n\nexport class AgentExecution {`, replace: `let executionSequence = 0;\n\n// What an execution has been prompted with.\nexport class ExecutionHistory {\n  readonly prompts: SteeringMessage[][] = [];\n  record(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this.prompts.push(messages);\n  }\n}\n\nexport class AgentExecution extends ExecutionHistory {` },
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];\n\n  constructor(config: AgentExecutionConfig) {\n`, replace: `\n  constructor(config: AgentExecutionConfig) {\n    super();\n` },
      method(`  brief(messages: SteeringMessage[]): void {\n    super.record(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  // ---- L. an arrow in a class field ------------------------------------------------------------------
  M(
    "r26-field-arrow",
    "harmful",
    "execution.ts: the class gains a field `brief = (messages) => { if (messages.length > 0) this.prompts.push(messages); };`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A bound handler written as an arrow field is ordinary TypeScript; it is a field, not a method of the class body.",
    [
      ...base,
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];\n`, replace: `  readonly prompts: SteeringMessage[][] = [];\n  readonly brief = (messages: SteeringMessage[]): void => {\n    if (messages.length > 0) this.prompts.push(messages);\n  };\n` },
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  // ---- M. a constructor that reaches the execution in its config --------------------------------------
  M(
    "r26-ctor-parent-push",
    "harmful",
    "execution.ts: the config gains `parent?: AgentExecution` and the constructor `const parent = config.parent; if (parent && parent.subExecutionDepth > 0) { const root = turnRoot(parent); if (root) parent.prompts.push(userSaid(root)); }`; `invokeSubAgent` passes `parent: state.execution`.",
    "A sub-agent that spawns its own sub-agent being reminded of what the user said is a plausible feature; the write is on the config's execution, read as a fresh object's own business.",
    [
      ...base,
      { file: EXECUTION, find: `  skipHooks?: boolean;\n}`, replace: `  skipHooks?: boolean;\n  parent?: AgentExecution;\n}` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;\n`, replace: `    this.skipHooks = config.skipHooks ?? false;\n    const parent = config.parent;\n    if (parent && parent.subExecutionDepth > 0) {\n      const root = turnRoot(parent);\n      if (root) parent.prompts.push(userSaid(root));\n    }\n` },
      { file: SUB, find: `    agentName: subagentId,\n  });`, replace: `    agentName: subagentId,\n    parent: state.execution,\n  });` },
    ],
  ),
  // ---- N. more hand-offs the reader does not follow --------------------------------------------------
  M(
    "r26-module-literal-method",
    "harmful",
    "nodes.ts gains a module-level `const subAgentBriefer = { deliver(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `subAgentBriefer.deliver(state.execution, userSaid(root));`.",
    "A module-level object of helpers is ordinary; the child is handed to a method of a literal.",
    [
      ...base,
      beforeInvokeModel(`const subAgentBriefer = {\n  deliver(execution: AgentExecution, messages: SteeringMessage[]): void {\n    if (messages.length > 0) execution.prompts.push(messages);\n  },\n};\n`),
      onFirstSubCall(`    subAgentBriefer.deliver(state.execution, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-apply-args",
    "harmful",
    "nodes.ts gains `function briefSubAgent(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const args = [state.execution, userSaid(root)] as const; briefSubAgent.apply(undefined, args);`.",
    "`f.apply(undefined, args)` with the arguments gathered first is an old, still common spelling; the child is among the arguments, not the receiver the round-25 rule looks at.",
    [
      ...base,
      beforeInvokeModel(`function briefSubAgent(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) execution.prompts.push(messages);\n}\n`),
      onFirstSubCall(`    const args = [state.execution, userSaid(root)] as const;\n    briefSubAgent.apply(undefined, args);\n`),
    ],
  ),
  // ---- O. a container of executions under a key the tool does not know --------------------------------
  M(
    "r26-registry-by-depth",
    "harmful",
    "session.ts: `SessionRegistry.register` also files each execution under its depth (`(this.byDepth[execution.subExecutionDepth] ??= []).push(execution)`); `AcpSession.steer`, after the buffer push: `for (const list of this.registry.byDepth.slice(1)) for (const sub of list ?? []) sub.prompts.push([message]);`.",
    "An index by depth beside the flat list is an ordinary registry feature; the executions are held under a computed member of `byDepth`, not in a container the reader knows by its key.",
    [
      ...base,
      { file: "src/session/session.ts", find: `  register(execution: AgentExecution): void {\n    this.executions.push(execution);\n  }`, replace: `  readonly byDepth: AgentExecution[][] = [];\n  register(execution: AgentExecution): void {\n    this.executions.push(execution);\n    (this.byDepth[execution.subExecutionDepth] ??= []).push(execution);\n  }` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push("user", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    // Running sub-agents see a steer in their history at once, not at their next drain.\n    for (const list of this.registry.byDepth.slice(1)) for (const sub of list ?? []) sub.prompts.push([message]);\n  }` },
    ],
  ),
  M(
    "r26-harmless-registry-by-depth",
    "harmless",
    "As `r26-registry-by-depth`, `steer` only logs, at debug, how many sub-executions each depth holds.",
    "Harmless twin of `r26-registry-by-depth`.",
    [
      ...base,
      { file: "src/session/session.ts", find: `  register(execution: AgentExecution): void {\n    this.executions.push(execution);\n  }`, replace: `  readonly byDepth: AgentExecution[][] = [];\n  register(execution: AgentExecution): void {\n    this.executions.push(execution);\n    (this.byDepth[execution.subExecutionDepth] ??= []).push(execution);\n  }` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push("user", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    for (const list of this.registry.byDepth.slice(1)) this.sessionServices.logger.debug(\`\${message.id}: \${(list ?? []).length} sub-execution(s) at this depth\`);\n  }` },
    ],
  ),
  // ---- P. a fork method of the execution class that fills the fresh child with Object.assign ------------
  M(
    "r26-fork-assign",
    "harmful",
    "execution.ts: the class gains `fork(agentName) { const child = new AgentExecution({ sessionServices: this.sessionServices, promptContext: this.promptContext, signal: this.abortController.signal, subExecutionDepth: this.subExecutionDepth + 1, agentName }); Object.assign(child, { prompts: [userSaid(this)] }); return child; }`; `invokeSubAgent` builds the sub-agent with `state.execution.fork(subagentId)`.",
    "A `fork` method building the child from `this` is an ordinary refactor of the spawn; `Object.assign` into the fresh object itself replaces its `prompts` with the parent's user steering.",
    [
      ...base,
      method(`  fork(agentName: string): AgentExecution {\n    const child = new AgentExecution({\n      sessionServices: this.sessionServices,\n      promptContext: this.promptContext,\n      signal: this.abortController.signal,\n      subExecutionDepth: this.subExecutionDepth + 1,\n      agentName,\n    });\n    Object.assign(child, { prompts: [userSaid(this)] });\n    return child;\n  }\n`),
      { file: SUB, find: `  const subAgentExecution = new AgentExecution({\n    sessionServices: state.execution.sessionServices,\n    promptContext: state.execution.promptContext,\n    signal: state.execution.abortController.signal,\n    subExecutionDepth: currentDepth + 1,\n    agentName: subagentId,\n  });`, replace: `  const subAgentExecution = state.execution.fork(subagentId);` },
    ],
  ),
  M(
    "r26-harmless-fork-assign",
    "harmless",
    "As `r26-fork-assign`, `Object.assign(child, { forkedFrom: this.executionId })`.",
    "Harmless twin of `r26-fork-assign`.",
    [
      ...base,
      method(`  fork(agentName: string): AgentExecution {\n    const child = new AgentExecution({\n      sessionServices: this.sessionServices,\n      promptContext: this.promptContext,\n      signal: this.abortController.signal,\n      subExecutionDepth: this.subExecutionDepth + 1,\n      agentName,\n    });\n    Object.assign(child, { forkedFrom: this.executionId });\n    return child;\n  }\n`),
      { file: SUB, find: `  const subAgentExecution = new AgentExecution({\n    sessionServices: state.execution.sessionServices,\n    promptContext: state.execution.promptContext,\n    signal: state.execution.abortController.signal,\n    subExecutionDepth: currentDepth + 1,\n    agentName: subagentId,\n  });`, replace: `  const subAgentExecution = state.execution.fork(subagentId);` },
    ],
  ),
  // ---- Q. more methods of the execution class ---------------------------------------------------------
  M(
    "r26-method-computed-key",
    "harmful",
    "execution.ts gains `const HISTORY = \"prompts\" as const;` and the class `brief(messages) { if (messages.length > 0) this[HISTORY].push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A field named through a constant is ordinary in generated or shared code.",
    [
      ...base,
      { file: EXECUTION, find: EXEC_SEQ, replace: `const HISTORY = "prompts" as const;\n${EXEC_SEQ}` },
      method(`  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this[HISTORY].push(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-static-helper",
    "harmful",
    "execution.ts: the class gains `static append(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }` and `brief(messages) { AgentExecution.append(this, messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "An instance method delegating to a static helper of its class is ordinary.",
    [
      ...base,
      method(`  static append(execution: AgentExecution, messages: SteeringMessage[]): void {\n    if (messages.length > 0) execution.prompts.push(messages);\n  }\n\n  brief(messages: SteeringMessage[]): void {\n    AgentExecution.append(this, messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-stash-field",
    "harmful",
    "execution.ts: the class gains a field `pendingBriefing: SteeringMessage[] = []`, `brief(messages) { this.pendingBriefing = messages; }`, and `takeQueuedSteering` also moves a non-empty `pendingBriefing` into `prompts`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A setter-like method parking a value for the next prompt is ordinary; the field is not one the drain reads.",
    [
      ...base,
      { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  pendingBriefing: SteeringMessage[] = [];\n` },
      method(`  brief(messages: SteeringMessage[]): void {\n    this.pendingBriefing = messages;\n  }\n`),
      { file: EXECUTION, find: `    this.prompts.push(taken);\n`, replace: `    this.prompts.push(taken);\n    if (this.pendingBriefing.length > 0) {\n      this.prompts.push(this.pendingBriefing);\n      this.pendingBriefing = [];\n    }\n` },
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-method-stash-field",
    "harmless",
    "As `r26-method-stash-field`, `takeQueuedSteering` only counts the parked briefing into a field `briefed` and empties it.",
    "Harmless twin of `r26-method-stash-field`.",
    [
      ...base,
      { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  pendingBriefing: SteeringMessage[] = [];\n  briefed = 0;\n` },
      method(`  brief(messages: SteeringMessage[]): void {\n    this.pendingBriefing = messages;\n  }\n`),
      { file: EXECUTION, find: `    this.prompts.push(taken);\n`, replace: `    this.prompts.push(taken);\n    if (this.pendingBriefing.length > 0) {\n      this.briefed += this.pendingBriefing.length;\n      this.pendingBriefing = [];\n    }\n` },
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-passes-list",
    "harmful",
    "execution.ts gains `export function appendTo(list, messages) { if (messages.length > 0) list.push(messages); }` and the class `brief(messages) { appendTo(this.prompts, messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "A method handing one of its fields to a module helper is ordinary.",
    [
      ...base,
      afterClass(`export function appendTo(list: SteeringMessage[][], messages: SteeringMessage[]): void {\n  if (messages.length > 0) list.push(messages);\n}\n`),
      method(`  brief(messages: SteeringMessage[]): void {\n    appendTo(this.prompts, messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-fork-param-assign",
    "harmful",
    "As `r26-fork-assign`, the briefing a parameter: `fork(agentName, briefing) { const child = new AgentExecution({ …this…, agentName }); if (briefing.length > 0) Object.assign(child, { prompts: [briefing] }); return child; }`; `invokeSubAgent` builds the sub-agent with `state.execution.fork(subagentId, userSaid(state.execution))`.",
    "The same spawn refactor with the briefing handed in by the caller.",
    [
      ...base,
      method(`  fork(agentName: string, briefing: SteeringMessage[]): AgentExecution {\n    const child = new AgentExecution({\n      sessionServices: this.sessionServices,\n      promptContext: this.promptContext,\n      signal: this.abortController.signal,\n      subExecutionDepth: this.subExecutionDepth + 1,\n      agentName,\n    });\n    if (briefing.length > 0) Object.assign(child, { prompts: [briefing] });\n    return child;\n  }\n`),
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, userSaid } from "../agent/execution";` },
      { file: SUB, find: `  const subAgentExecution = new AgentExecution({\n    sessionServices: state.execution.sessionServices,\n    promptContext: state.execution.promptContext,\n    signal: state.execution.abortController.signal,\n    subExecutionDepth: currentDepth + 1,\n    agentName: subagentId,\n  });`, replace: `  const subAgentExecution = state.execution.fork(subagentId, userSaid(state.execution));` },
    ],
  ),
  // ---- R. the child handed to the constructor of another class ----------------------------------------
  M(
    "r26-ctor-handoff",
    "harmful",
    "nodes.ts gains `class SubAgentBriefing { constructor(readonly execution, readonly messages) { if (messages.length > 0) execution.prompts.push(messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const briefing = new SubAgentBriefing(state.execution, userSaid(root)); recordSpan(\"sub-agent-brief\", { messages: briefing.messages.length });`.",
    "A record class whose constructor does the work is ordinary; the child is handed to a constructor, whose body is not read as a function the child is handed to.",
    [
      ...base,
      beforeInvokeModel(`class SubAgentBriefing {\n  constructor(readonly execution: AgentExecution, readonly messages: SteeringMessage[]) {\n    if (messages.length > 0) execution.prompts.push(messages);\n  }\n}\n`),
      onFirstSubCall(`    const briefing = new SubAgentBriefing(state.execution, userSaid(root));\n    recordSpan("sub-agent-brief", { messages: briefing.messages.length });\n`),
    ],
  ),
  // ---- S. the child handed by name to a module function --------------------------------------------------
  M(
    "r26-plain-handoff",
    "harmful",
    "nodes.ts gains `function briefSubAgent(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state.execution, userSaid(root));`.",
    "Control for the static and literal methods: the same hand-off to a module function by its name.",
    [
      ...base,
      beforeInvokeModel(`function briefSubAgent(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) execution.prompts.push(messages);\n}\n`),
      onFirstSubCall(`    briefSubAgent(state.execution, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-plain-handoff-alias",
    "harmful",
    "Control: as `r26-plain-handoff`, the child first taken into a local: `const sub = state.execution; briefSubAgent(sub, userSaid(root));`.",
    "Control: the hand-off of a local bound to the child, which the reader follows as the child itself.",
    [
      ...base,
      beforeInvokeModel(`function briefSubAgent(execution: AgentExecution, messages: SteeringMessage[]): void {\n  if (messages.length > 0) execution.prompts.push(messages);\n}\n`),
      onFirstSubCall(`    const sub = state.execution;\n    briefSubAgent(sub, userSaid(root));\n`),
    ],
  ),
  M(
    "r26-holder-handoff",
    "harmful",
    "Control: as `r26-plain-handoff`, the holder handed on instead: `function briefSubAgentOf(state, messages) { if (messages.length > 0) state.execution.prompts.push(messages); }` and `briefSubAgentOf(state, userSaid(root));`.",
    "Control: the hand-off of the run's holder, whose parameter the reader roots one level above the child.",
    [
      ...base,
      beforeInvokeModel(`function briefSubAgentOf(state: ExecutionState, messages: SteeringMessage[]): void {\n  if (messages.length > 0) state.execution.prompts.push(messages);\n}\n`),
      onFirstSubCall(`    briefSubAgentOf(state, userSaid(root));\n`),
    ],
  ),
  // ---- T. methods that write `this` itself or find themselves elsewhere ----------------------------------
  M(
    "r26-method-assign-this",
    "harmful",
    "execution.ts: the class gains `brief(messages) { if (messages.length > 0) Object.assign(this, { prompts: [...this.prompts, messages] }); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "Replacing a field with a new array through `Object.assign(this, …)` is ordinary immutable-update style; a write into the object itself is what the fresh-object rule calls harmless.",
    [
      ...base,
      method(`  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) Object.assign(this, { prompts: [...this.prompts, messages] });\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-method-assign-this",
    "harmless",
    "As `r26-method-assign-this`, `Object.assign(this, { lastBriefed: messages.length })`.",
    "Harmless twin of `r26-method-assign-this`.",
    [
      ...base,
      method(`  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) Object.assign(this, { lastBriefed: messages.length });\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-reassign-field",
    "harmful",
    "execution.ts: the class's `prompts` is no longer readonly and gains `brief(messages) { if (messages.length > 0) this.prompts = [...this.prompts, messages]; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "Replacing an array field instead of pushing onto it is ordinary.",
    [
      ...base,
      { file: EXECUTION, find: `  readonly prompts: SteeringMessage[][] = [];\n`, replace: `  prompts: SteeringMessage[][] = [];\n` },
      method(`  brief(messages: SteeringMessage[]): void {\n    if (messages.length > 0) this.prompts = [...this.prompts, messages];\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-registry-self",
    "harmful",
    "execution.ts: the class gains `brief(messages) { const live = this.sessionServices.registry.executions.find((e) => e.executionId === this.executionId); if (live && messages.length > 0) live.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "Looking an execution up in the session's registry by id (the live record) is ordinary; what the method writes is reached through the registry, not through `this`.",
    [
      ...base,
      method(`  brief(messages: SteeringMessage[]): void {\n    const live = this.sessionServices.registry.executions.find((e) => e.executionId === this.executionId);\n    if (live && messages.length > 0) live.prompts.push(messages);\n  }\n`),
      onFirstSubCall(`    state.execution.brief(userSaid(root));\n`),
    ],
  ),
  // ---- U. code reading the registry hands what it holds to a named function ------------------------------
  M(
    "r26-steer-handoff",
    "harmful",
    "session.ts gains `function remindOfSteer(execution, message) { execution.prompts.push([message]); }`; `AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer(sub, message);`.",
    "A loop over the registry calling a module helper per execution is ordinary; the registry's reader is read, the helper it hands each execution to is not.",
    [
      ...base,
      { file: "src/session/session.ts", find: `class SessionRegistry implements`, replace: `// Running sub-agents see a steer in their history at once, not at their next drain.\nfunction remindOfSteer(execution: AgentExecution, message: SteeringMessage): void {\n  execution.prompts.push([message]);\n}\n\nclass SessionRegistry implements` },
      { file: "src/session/session.ts", find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push("user", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer(sub, message);\n  }` },
    ],
  ),
  M(
    "r26-harmless-steer-handoff",
    "harmless",
    "As `r26-steer-handoff`, `remindOfSteer` only logs, at debug, the message id and the execution's name.",
    "Harmless twin of `r26-steer-handoff`.",
    [
      ...base,
      { file: "src/session/session.ts", find: `class SessionRegistry implements`, replace: `function remindOfSteer(execution: AgentExecution, message: SteeringMessage): void {\n  execution.sessionServices.logger.debug(\`\${message.id} typed while \${execution.agentName} runs\`);\n}\n\nclass SessionRegistry implements` },
      { file: "src/session/session.ts", find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push("user", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer(sub, message);\n  }` },
    ],
  ),
  M(
    "r26-steer-foreach-named",
    "harmful",
    "`AcpSession.steer`, after the buffer push: `const remind = (sub) => { sub.prompts.push([message]); }; this.registry.executions.filter((e) => e.subExecutionDepth > 0).forEach(remind);`.",
    "A filtered `forEach` with a callback held in a local is ordinary; the container's callbacks are read only where written in place.",
    [
      ...base,
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push("user", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    const remind = (sub: AgentExecution) => {\n      sub.prompts.push([message]);\n    };\n    this.registry.executions.filter((e) => e.subExecutionDepth > 0).forEach(remind);\n  }` },
    ],
  ),
  // ---- V. the spawn site writes the fresh child itself -----------------------------------------------------
  M(
    "r26-spawn-assign-root",
    "harmful",
    "invoke-sub-agent.ts, after the `new AgentExecution({ … })`: `Object.assign(subAgentExecution, { prompts: [userSaid(turnRoot(subAgentExecution) ?? subAgentExecution)] });` (the turn root found through the child's own registry).",
    "Seeding a fresh object's fields with `Object.assign` right after construction is ordinary; the value is reached through the child itself, not through the parent.",
    [
      ...base,
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, turnRoot, userSaid } from "../agent/execution";` },
      { file: SUB, find: `    agentName: subagentId,\n  });\n`, replace: `    agentName: subagentId,\n  });\n  Object.assign(subAgentExecution, { prompts: [userSaid(turnRoot(subAgentExecution) ?? subAgentExecution)] });\n` },
    ],
  ),
  M(
    "r26-harmless-spawn-assign",
    "harmless",
    "invoke-sub-agent.ts, after the `new AgentExecution({ … })`: `Object.assign(subAgentExecution, { spawnedBy: state.execution.executionId });`.",
    "Harmless twin of `r26-spawn-assign-root` (a write into the fresh object itself that carries no message).",
    [
      ...base,
      { file: SUB, find: `    agentName: subagentId,\n  });\n`, replace: `    agentName: subagentId,\n  });\n  Object.assign(subAgentExecution, { spawnedBy: state.execution.executionId });\n` },
    ],
  ),
  // ---- W. against v2's benign methods: what the class-body reader does not see ---------------------------
  M(
    "r26-method-local-closure",
    "harmful",
    "execution.ts: the class gains `adoptBriefing(messages) { const append = (list) => { if (messages.length > 0) list.push(messages); }; append(this.prompts); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.adoptBriefing(userSaid(root));`.",
    "A local helper closing over a parameter and handed a field is ordinary; read with `this` as the child, the method hands a member of the child to a closure with no other argument, and the closure's own parameter is unrooted.",
    [
      ...base,
      method(`  adoptBriefing(messages: SteeringMessage[]): void {\n    const append = (list: SteeringMessage[][]) => {\n      if (messages.length > 0) list.push(messages);\n    };\n    append(this.prompts);\n  }\n`),
      onFirstSubCall(`    state.execution.adoptBriefing(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-harmless-method-local-closure",
    "harmless",
    "As `r26-method-local-closure`, the closure only counts: `const count = (list) => list.length + messages.length; this.briefed = count(this.prompts);` (a field `briefed = 0`).",
    "Harmless twin of `r26-method-local-closure`.",
    [
      ...base,
      { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  briefed = 0;\n` },
      method(`  adoptBriefing(messages: SteeringMessage[]): void {\n    const count = (list: SteeringMessage[][]) => list.length + messages.length;\n    this.briefed = count(this.prompts);\n  }\n`),
      onFirstSubCall(`    state.execution.adoptBriefing(userSaid(root));\n`),
    ],
  ),
  M(
    "r26-method-foreach-named",
    "harmful",
    "execution.ts: the class gains `adoptBriefing(messages) { const into = (list) => { list.push(messages); }; if (messages.length > 0) [this.prompts].forEach(into); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.adoptBriefing(userSaid(root));`.",
    "Round 26's named-callback hole inside a method the class-body reader calls benign.",
    [
      ...base,
      method(`  adoptBriefing(messages: SteeringMessage[]): void {\n    const into = (list: SteeringMessage[][]) => {\n      list.push(messages);\n    };\n    if (messages.length > 0) [this.prompts].forEach(into);\n  }\n`),
      onFirstSubCall(`    state.execution.adoptBriefing(userSaid(root));\n`),
    ],
  ),
  // ---- X. against v2's never-read module containers ---------------------------------------------------------
  M(
    "r26-live-map-shadow-param",
    "harmful",
    "nodes.ts exports `liveSubAgents = new Map<string, AgentExecution>()`; `modelInvokeNode`, after the drain, `if (state.execution.subExecutionDepth > 0) liveSubAgents.set(state.execution.executionId, state.execution);`; `AcpSession.steer`, after the buffer push: `const describe = (liveSubAgents) => \\`${liveSubAgents.size} live sub-agent(s)\\`; logger.debug(…describe(liveSubAgents)…); for (const sub of liveSubAgents.values()) sub.prompts.push([message]);`.",
    "A formatting helper whose parameter has the natural name of the module map it is given is ordinary; the never-read rule ignores every reference in a function where the name is declared anywhere, so `steer`'s reads of the module map are taken as the parameter's.",
    [
      ...base,
      { file: NODES, find: `export class ModelSettleError extends Error {}`, replace: `// Sub-executions that have started, by execution id.\nexport const liveSubAgents = new Map<string, AgentExecution>();\n\nexport class ModelSettleError extends Error {}` },
      afterDrain(`  if (state.execution.subExecutionDepth > 0) liveSubAgents.set(state.execution.executionId, state.execution);\n`),
      { file: "src/session/session.ts", find: `import { ModelSettleError, runExecution } from "../graph/nodes";`, replace: `import { liveSubAgents, ModelSettleError, runExecution } from "../graph/nodes";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push(\"user\", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    const describe = (liveSubAgents: Map<string, AgentExecution>) => \`\${liveSubAgents.size} live sub-agent(s)\`;\n    this.sessionServices.logger.debug(\`\${message.id} queued; \${describe(liveSubAgents)}\`);\n    // Running sub-agents see a steer in their history at once, not at their next drain.\n    for (const sub of liveSubAgents.values()) sub.prompts.push([message]);\n  }` },
    ],
  ),
  M(
    "r26-harmless-live-map",
    "harmless",
    "As `r26-live-map-shadow-param`, `steer` only logs `liveSubAgents.size` at debug.",
    "Harmless twin of `r26-live-map-shadow-param` (a module map only added to and counted).",
    [
      ...base,
      { file: NODES, find: `export class ModelSettleError extends Error {}`, replace: `// Sub-executions that have started, by execution id.\nexport const liveSubAgents = new Map<string, AgentExecution>();\n\nexport class ModelSettleError extends Error {}` },
      afterDrain(`  if (state.execution.subExecutionDepth > 0) liveSubAgents.set(state.execution.executionId, state.execution);\n`),
      { file: "src/session/session.ts", find: `import { ModelSettleError, runExecution } from "../graph/nodes";`, replace: `import { liveSubAgents, ModelSettleError, runExecution } from "../graph/nodes";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push(\"user\", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    this.sessionServices.logger.debug(\`\${message.id} queued; \${liveSubAgents.size} live sub-agent(s)\`);\n  }` },
    ],
  ),
  // ---- Y. against v2's fresh object: the constructor is not read ---------------------------------------------
  M(
    "r26-ctor-parent-repin",
    "harmful",
    "execution.ts: the config gains `parent?: AgentExecution` and the constructor `const parent = config.parent; if (parent && parent.subExecutionDepth > 0) parent.prompts.push(parent.prompts.flat().filter((m) => m.kind === \"user\"));` (a delegating sub-agent has the user's instructions re-pinned); `invokeSubAgent` passes `parent: state.execution`.",
    "Re-pinning the user's instructions in a delegating agent's history is a plausible feature; the constructor writes the execution in its config, and the constructor is not read.",
    [
      ...base,
      { file: EXECUTION, find: `  skipHooks?: boolean;\n}`, replace: `  skipHooks?: boolean;\n  parent?: AgentExecution;\n}` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;\n`, replace: `    this.skipHooks = config.skipHooks ?? false;\n    const parent = config.parent;\n    if (parent && parent.subExecutionDepth > 0) parent.prompts.push(parent.prompts.flat().filter((m) => m.kind === "user"));\n` },
      { file: SUB, find: `    agentName: subagentId,\n  });`, replace: `    agentName: subagentId,\n    parent: state.execution,\n  });` },
    ],
  ),
  M(
    "r26-harmless-method-span",
    "harmless",
    "Probe of v2's benign methods: execution.ts: the class gains `noteBriefing(messages) { recordSpan(\"sub-agent-brief\", { agentName: this.agentName, messages: messages.length }); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.noteBriefing(userSaid(root));`.",
    "A method that only reads `this` and records a span: what v2 calls benign.",
    [
      ...base,
      { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` },
      method(`  noteBriefing(messages: SteeringMessage[]): void {\n    recordSpan("sub-agent-brief", { agentName: this.agentName, messages: messages.length });\n  }\n`),
      onFirstSubCall(`    state.execution.noteBriefing(userSaid(root));\n`),
    ],
  ),
  // ---- Z. v2's benign methods called outside the drain's caller ---------------------------------------------
  M(
    "r26-eot-method-local-closure",
    "harmful",
    "As `r26-method-local-closure` (`adoptBriefing(messages) { const append = (list) => { if (messages.length > 0) list.push(messages); }; append(this.prompts); }`), called from `endOfTurnNode` (which does not call the drain): on a sub-execution's first end of turn, `const root = turnRoot(state.execution); if (root && root !== state.execution && state.execution.subExecutionDepth > 0 && state.turns === 1) state.execution.adoptBriefing(userSaid(root));`.",
    "The same method called where v2's class-body reading applies (not the drain's caller).",
    [
      ...base,
      method(`  adoptBriefing(messages: SteeringMessage[]): void {\n    const append = (list: SteeringMessage[][]) => {\n      if (messages.length > 0) list.push(messages);\n    };\n    append(this.prompts);\n  }\n`),
      { file: NODES, find: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {\n`, replace: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {\n  const root = turnRoot(state.execution);\n  if (root && root !== state.execution && state.execution.subExecutionDepth > 0 && state.turns === 1) state.execution.adoptBriefing(userSaid(root));\n` },
    ],
  ),
  M(
    "r26-harmless-eot-method-span",
    "harmless",
    "As `r26-harmless-method-span` (`noteBriefing` records a span), called from `endOfTurnNode` as in `r26-eot-method-local-closure`.",
    "Probe of v2's benign methods outside the drain's caller.",
    [
      ...base,
      { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` },
      method(`  noteBriefing(messages: SteeringMessage[]): void {\n    recordSpan("sub-agent-brief", { agentName: this.agentName, messages: messages.length });\n  }\n`),
      { file: NODES, find: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {\n`, replace: `function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {\n  const root = turnRoot(state.execution);\n  if (root && root !== state.execution && state.execution.subExecutionDepth > 0 && state.turns === 1) state.execution.noteBriefing(userSaid(root));\n` },
    ],
  ),
  M(
    "r26-live-records-shadow-param",
    "harmful",
    "nodes.ts exports `liveSubAgentRecords: { execution: AgentExecution }[] = []`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `liveSubAgentRecords.push({ execution: state.execution })`; `AcpSession.steer`, after the buffer push: `const describe = (liveSubAgentRecords) => \\`${liveSubAgentRecords.length} live sub-agent(s)\\`; logger.debug(…describe(liveSubAgentRecords)…); for (const { execution } of liveSubAgentRecords) execution.prompts.push([message]);`.",
    "v2's never-read module container (a wrapped child pushed onto an empty module array) with `steer`'s reads taken for a same-named parameter's.",
    [
      ...base,
      { file: NODES, find: `export class ModelSettleError extends Error {}`, replace: `// Sub-executions that have started.\nexport const liveSubAgentRecords: { execution: AgentExecution }[] = [];\n\nexport class ModelSettleError extends Error {}` },
      onFirstSubCall(`    liveSubAgentRecords.push({ execution: state.execution });\n`),
      { file: "src/session/session.ts", find: `import { ModelSettleError, runExecution } from "../graph/nodes";`, replace: `import { liveSubAgentRecords, ModelSettleError, runExecution } from "../graph/nodes";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push(\"user\", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    const describe = (liveSubAgentRecords: { execution: AgentExecution }[]) => \`\${liveSubAgentRecords.length} live sub-agent(s)\`;\n    this.sessionServices.logger.debug(\`\${message.id} queued; \${describe(liveSubAgentRecords)}\`);\n    // Running sub-agents see a steer in their history at once, not at their next drain.\n    for (const { execution } of liveSubAgentRecords) execution.prompts.push([message]);\n  }` },
    ],
  ),
  M(
    "r26-harmless-live-records",
    "harmless",
    "As `r26-live-records-shadow-param`, `steer` only logs `liveSubAgentRecords.length` at debug.",
    "Harmless twin: a module array of wrapped children only added to and counted (v2's rule 3 as stated).",
    [
      ...base,
      { file: NODES, find: `export class ModelSettleError extends Error {}`, replace: `// Sub-executions that have started.\nexport const liveSubAgentRecords: { execution: AgentExecution }[] = [];\n\nexport class ModelSettleError extends Error {}` },
      onFirstSubCall(`    liveSubAgentRecords.push({ execution: state.execution });\n`),
      { file: "src/session/session.ts", find: `import { ModelSettleError, runExecution } from "../graph/nodes";`, replace: `import { liveSubAgentRecords, ModelSettleError, runExecution } from "../graph/nodes";` },
      { file: "src/session/session.ts", find: `  steer(text: string): void {\n    this.sessionServices.liveSteering.push(\"user\", text);\n  }`, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n    this.sessionServices.logger.debug(\`\${message.id} queued; \${liveSubAgentRecords.length} live sub-agent(s)\`);\n  }` },
    ],
  ),
];
