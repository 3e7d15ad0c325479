// Round 24: a red team's mutants against the rules of 8f185fb/59dd0ef/fa8d43d
// (the drain's caller read as a started run, hand-offs by name and key, made
// holders and makers, containers through destructured locals and private
// fields, receiver narrowing). The harmful ones copy steering already
// delivered to the turn's root onto a sub-execution's (or the memory
// extraction's) prompts, or hand a steer to running sub-executions outside
// the drain, through a value the rules do not follow to the child: a helper's
// return value, a spread or assigned copy of the holder, a conditional alias,
// a wrapper object, a bound method, a callback's result, a parameter default,
// a generator, a promise, an array literal, a method of the execution class.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";
const MEMORY = "src/memory/memory-extraction.ts";

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
const QUEUE_METHOD = `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
  }
`;
const SESSION_STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }
`;
const MEMORY_IMPORT = `import { AgentExecution, type PromptContext } from "../agent/execution";
`;
const MEMORY_TRY = `  try {
    await runExecution(extraction);
`;

// ---- shared pieces ------------------------------------------------------------

// What round 22/23 used: the turn's root, the user's steering it was prompted with,
// the registry's list exposed on its interface; plus an accessor for an execution's
// prompt history.
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

// An execution's prompt history (what its model calls were given), oldest first.
export function promptHistory(execution: AgentExecution): SteeringMessage[][] {
  return execution.prompts;
}

${EXEC_SEQ}`,
};
const registryExposed = { file: EXECUTION, find: REGISTRY_IFACE, replace: `  register(execution: AgentExecution): void;\n  readonly executions: AgentExecution[];\n}\n` };
const nodesImports = {
  file: NODES,
  find: NODES_IMPORT,
  replace: `import { promptHistory, turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";\nimport { recordSpan } from "../telemetry/spans";\n`,
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
const classMethod = (text) => ({ file: EXECUTION, find: QUEUE_METHOD, replace: `${QUEUE_METHOD}\n${text}` });

export const ROUND24 = [
  // ---- a helper's return value: the child's member handed back -------------------------
  {
    id: "r24-prompts-accessor",
    model: "base",
    expect: "harmful",
    description:
      "execution.ts gains `promptHistory(execution) { return execution.prompts; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `promptHistory(state.execution).push(userSaid(root))`.",
    why: "An accessor for the prompt history is ordinary. The child is handed to `promptHistory`, which only reads it; what it gives back (the child's own list) is pushed onto by the caller, and a call's result is not a member of the child.",
    edits: [...base, onFirstSubCall(`    promptHistory(state.execution).push(userSaid(root));\n`)],
  },
  {
    id: "r24-harmless-prompts-accessor",
    model: "base",
    expect: "harmless",
    description: "As `r24-prompts-accessor`, the accessor's result is only counted in a span: `recordSpan(\"sub-agent-history\", { prompts: promptHistory(state.execution).length, said: userSaid(root).length })`.",
    why: "Harmless twin of `r24-prompts-accessor`.",
    edits: [...base, onFirstSubCall(`    recordSpan("sub-agent-history", { prompts: promptHistory(state.execution).length, said: userSaid(root).length });\n`)],
  },
  {
    id: "r24-memory-accessor",
    model: "base",
    expect: "harmful",
    description:
      "`runMemoryExtraction`, between building the extraction and its run: `promptHistory(extraction).push(execution.prompts.flat().filter((m) => m.kind === \"user\"))` (the extraction starts from what the user said this turn).",
    why: "Priming the memory extractor with the user's words is exactly what a release would do; it goes through the accessor's return value, not a member of the child.",
    edits: [
      helpers,
      registryExposed,
      { file: MEMORY, find: MEMORY_IMPORT, replace: `import { AgentExecution, promptHistory, type PromptContext } from "../agent/execution";\n` },
      {
        file: MEMORY,
        find: MEMORY_TRY,
        replace: `  // The extraction starts from what the user said during the turn.
  promptHistory(extraction).push(execution.prompts.flat().filter((message) => message.kind === "user"));
${MEMORY_TRY}`,
      },
    ],
  },
  // ---- a copy of the holder -------------------------------------------------------------
  {
    id: "r24-spread-holder",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const view = { ...state, phase: \"briefing\" }; view.execution.prompts.push(userSaid(root));`.",
    why: "A shallow copy of the state with one more field is everyday code; its `execution` is the same child, but a spread literal is not read as holding it.",
    edits: [...base, onFirstSubCall(`    const view = { ...state, phase: "briefing" };\n    view.execution.prompts.push(userSaid(root));\n`)],
  },
  {
    id: "r24-harmless-spread-holder",
    model: "base",
    expect: "harmless",
    description: "As `r24-spread-holder`, the copy is only read for a span: `recordSpan(\"briefing\", { agentName: view.execution.agentName, prompts: view.execution.prompts.length })`.",
    why: "Harmless twin of `r24-spread-holder`.",
    edits: [
      ...base,
      onFirstSubCall(`    const view = { ...state, phase: "briefing" };\n    recordSpan("briefing", { agentName: view.execution.agentName, prompts: view.execution.prompts.length });\n`),
    ],
  },
  {
    id: "r24-object-assign-holder",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const context = Object.assign({}, state, { root }); context.execution.prompts.push(userSaid(context.root));`.",
    why: "`Object.assign({}, …)` is the pre-spread way to copy; the copy's `execution` is the child.",
    edits: [...base, onFirstSubCall(`    const context = Object.assign({}, state, { root });\n    context.execution.prompts.push(userSaid(context.root));\n`)],
  },
  // ---- an alias through an operator -----------------------------------------------------
  {
    id: "r24-conditional-alias",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `const sub = state.execution.subExecutionDepth > 0 ? state.execution : undefined;` and, on its first call with the root found, `sub?.prompts.push(userSaid(root))`.",
    why: "Narrowing to the sub-execution with a conditional is ordinary TypeScript; a conditional expression is not read as the child.",
    edits: [
      ...base,
      afterDrain(`  const sub = state.execution.subExecutionDepth > 0 ? state.execution : undefined;
  const root = turnRoot(state.execution);
  if (root && state.turns === 0) sub?.prompts.push(userSaid(root));
`),
    ],
  },
  {
    id: "r24-array-pair",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const [from, to] = [root, state.execution]; to.prompts.push(userSaid(from));`.",
    why: "A destructured pair is ordinary; an array literal holding the child beside something else is not read as a container of it.",
    edits: [...base, onFirstSubCall(`    const [from, to] = [root, state.execution];\n    to.prompts.push(userSaid(from));\n`)],
  },
  // ---- a wrapper object -----------------------------------------------------------------
  {
    id: "r24-class-wrapper",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class PromptBriefer { constructor(private readonly target: AgentExecution) {} brief(messages) { if (messages.length > 0) this.target.prompts.push(messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `new PromptBriefer(state.execution).brief(userSaid(root))`.",
    why: "A small class wrapping the execution is ordinary. The child is handed to the constructor, which keeps it in a field (where it keeps it no longer matters once started); the method that pushes onto it is handed only the recap.",
    edits: [
      ...base,
      beforeInvokeModel(`// Briefs one execution's next prompt.
class PromptBriefer {
  constructor(private readonly target: AgentExecution) {}
  brief(messages: SteeringMessage[]): void {
    if (messages.length > 0) this.target.prompts.push(messages);
  }
}
`),
      onFirstSubCall(`    new PromptBriefer(state.execution).brief(userSaid(root));\n`),
    ],
  },
  {
    id: "r24-harmless-class-wrapper",
    model: "base",
    expect: "harmless",
    description: "As `r24-class-wrapper`, `brief` records a span with the target's name and the number of messages.",
    why: "Harmless twin of `r24-class-wrapper`.",
    edits: [
      ...base,
      beforeInvokeModel(`// Briefs one execution's next prompt.
class PromptBriefer {
  constructor(private readonly target: AgentExecution) {}
  brief(messages: SteeringMessage[]): void {
    if (messages.length > 0) recordSpan("briefing", { agentName: this.target.agentName, messages: messages.length });
  }
}
`),
      onFirstSubCall(`    new PromptBriefer(state.execution).brief(userSaid(root));\n`),
    ],
  },
  {
    id: "r24-bound-push",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const append = state.execution.prompts.push.bind(state.execution.prompts); append(userSaid(root));`.",
    why: "A bound `push` is an old habit (callbacks, batching). The call of the bound function is not a call of `push` on the child's member.",
    edits: [...base, onFirstSubCall(`    const append = state.execution.prompts.push.bind(state.execution.prompts);\n    append(userSaid(root));\n`)],
  },
  // ---- a callback's result from a container ---------------------------------------------
  {
    id: "r24-steer-mapped-prompts",
    model: "base",
    expect: "harmful",
    description:
      "`AcpSession.steer`: after the buffer push, `for (const prompts of this.registry.executions.filter((e) => e.subExecutionDepth > 0).map((e) => e.prompts)) prompts.push([message]);` (running sub-agents see a steer in their history at once).",
    why: "Reaching the sub-executions' histories through `filter(…).map(…)` is ordinary. `map`'s result is neither an execution nor a container of them, so the lists it gives are not followed.",
    edits: [
      registryExposed,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running sub-agents see a steer in their history at once, not at their next drain.
    for (const prompts of this.registry.executions.filter((e) => e.subExecutionDepth > 0).map((e) => e.prompts)) prompts.push([message]);
  }
`,
      },
    ],
  },
  {
    id: "r24-harmless-steer-mapped-names",
    model: "base",
    expect: "harmless",
    description: "As `r24-steer-mapped-prompts`, the mapped values are the sub-agents' names, logged at debug.",
    why: "Harmless twin of `r24-steer-mapped-prompts`.",
    edits: [
      registryExposed,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    for (const name of this.registry.executions.filter((e) => e.subExecutionDepth > 0).map((e) => e.agentName)) this.sessionServices.logger.debug(\`\${message.id} typed while \${name} runs\`);
  }
`,
      },
    ],
  },
  // ---- a parameter's default ------------------------------------------------------------
  {
    id: "r24-default-param",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `function briefSubAgent(state, execution = state.execution) { …on a sub-execution's first call push userSaid(turnRoot(execution)) onto execution.prompts… }`; `modelInvokeNode` calls `briefSubAgent(state)` after the drain.",
    why: "A parameter defaulting to a member of another is ordinary TypeScript. The default is outside the function's body, so the parameter is not read as the child.",
    edits: [
      ...base,
      beforeInvokeModel(`// A sub-agent's first prompt carries what the user told the root of the turn.
function briefSubAgent(state: ExecutionState, execution: AgentExecution = state.execution): void {
  const root = turnRoot(execution);
  if (root && root !== execution && execution.subExecutionDepth > 0 && state.turns === 0) execution.prompts.push(userSaid(root));
}
`),
      afterDrain(`  briefSubAgent(state);\n`),
    ],
  },
  {
    id: "r24-harmless-default-param",
    model: "base",
    expect: "harmless",
    description: "As `r24-default-param`, the function records a span with the number of messages the root was told.",
    why: "Harmless twin of `r24-default-param`.",
    edits: [
      ...base,
      beforeInvokeModel(`// A sub-agent's first prompt is recorded with what the user told the root of the turn.
function briefSubAgent(state: ExecutionState, execution: AgentExecution = state.execution): void {
  const root = turnRoot(execution);
  if (root && root !== execution && execution.subExecutionDepth > 0 && state.turns === 0) recordSpan("sub-agent-brief", { said: userSaid(root).length });
}
`),
      afterDrain(`  briefSubAgent(state);\n`),
    ],
  },
  // ---- a generator, a promise -----------------------------------------------------------
  {
    id: "r24-generator-yields-child",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `function* subExecutionsOf(state) { if (state.execution.subExecutionDepth > 0) yield state.execution; }`; `modelInvokeNode`, after the drain, on a first call: `for (const sub of subExecutionsOf(state)) { const root = turnRoot(sub); if (root) sub.prompts.push(userSaid(root)); }`.",
    why: "A generator filtering the executions of a state is ordinary; what it yields is the child.",
    edits: [
      ...base,
      beforeInvokeModel(`// The sub-executions a state concerns.
function* subExecutionsOf(state: ExecutionState): Generator<AgentExecution> {
  if (state.execution.subExecutionDepth > 0) yield state.execution;
}
`),
      afterDrain(`  if (state.turns === 0) {
    for (const sub of subExecutionsOf(state)) {
      const root = turnRoot(sub);
      if (root && root !== sub) sub.prompts.push(userSaid(root));
    }
  }
`),
    ],
  },
  {
    id: "r24-promise-then",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `await Promise.resolve(state.execution).then((sub) => sub.prompts.push(userSaid(root)));`.",
    why: "A promise chain handing the execution to a callback is ordinary async code; the callback's parameter is the child.",
    edits: [...base, onFirstSubCall(`    await Promise.resolve(state.execution).then((sub) => sub.prompts.push(userSaid(root)));\n`)],
  },
  // ---- a method of the execution class --------------------------------------------------
  {
    id: "r24-exec-method-briefing",
    model: "base",
    expect: "harmful",
    description:
      "`AgentExecution` gains `addBriefing(messages) { this.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.addBriefing(userSaid(root))`.",
    why: "A method on the execution for briefings is the natural place for one. It adds to the prompt history, not the queue, so it is no delivery method; its call on the child is not an addition to a member.",
    edits: [
      ...base,
      classMethod(`  // Adds a briefing (messages shown to the model before its next prompt).
  addBriefing(messages: SteeringMessage[]): void {
    this.prompts.push(messages);
  }
`),
      onFirstSubCall(`    state.execution.addBriefing(userSaid(root));\n`),
    ],
  },
  {
    id: "r24-harmless-exec-method-briefing",
    model: "base",
    expect: "harmless",
    description: "As `r24-exec-method-briefing`, `addBriefing` only counts: `this.briefings += messages.length`.",
    why: "Harmless twin of `r24-exec-method-briefing`.",
    edits: [
      ...base,
      classMethod(`  briefings = 0;

  // Counts a briefing (messages the model was told about).
  addBriefing(messages: SteeringMessage[]): void {
    this.briefings += messages.length;
  }
`),
      onFirstSubCall(`    state.execution.addBriefing(userSaid(root));\n`),
    ],
  },
  {
    id: "r24-exec-symbol-method",
    model: "base",
    expect: "harmful",
    description:
      "execution.ts exports `const BRIEF = Symbol(\"kiro.brief\")`; `AgentExecution` gains `[BRIEF](messages) { this.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution[BRIEF](userSaid(root))`.",
    why: "A symbol-keyed method keeps an internal hook off the public surface; its call is a computed member call on the child.",
    edits: [
      ...base,
      { file: EXECUTION, find: EXEC_SEQ, replace: `// Internal: briefs an execution's next prompt.\nexport const BRIEF = Symbol("kiro.brief");\n\n${EXEC_SEQ}` },
      classMethod(`  [BRIEF](messages: SteeringMessage[]): void {
    this.prompts.push(messages);
  }
`),
      { file: NODES, find: `import { promptHistory, turnRoot,`, replace: `import { BRIEF, promptHistory, turnRoot,` },
      onFirstSubCall(`    state.execution[BRIEF](userSaid(root));\n`),
    ],
  },
  // ---- controls: the same harm spelled directly (must be refused) ------------------------
  {
    id: "r24-control-direct-push",
    model: "base",
    expect: "harmful",
    description:
      "Control: `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.prompts.push(userSaid(root))`, the harm of this round's mutants spelled directly.",
    why: "Control for this round's spellings: the push straight onto the child's member.",
    edits: [...base, onFirstSubCall(`    state.execution.prompts.push(userSaid(root));\n`)],
  },
  {
    id: "r24-control-steer-loop",
    model: "base",
    expect: "harmful",
    description:
      "Control: `AcpSession.steer`: after the buffer push, `for (const e of this.registry.executions) if (e.subExecutionDepth > 0) e.prompts.push([message]);`.",
    why: "Control for `r24-steer-mapped-prompts`: the registry's executions pushed onto directly.",
    edits: [
      registryExposed,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    for (const e of this.registry.executions) if (e.subExecutionDepth > 0) e.prompts.push([message]);
  }
`,
      },
    ],
  },
];
