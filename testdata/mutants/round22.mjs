// Round 22: a red team's mutants against the rules added after round 21 (the
// drain's caller read as started, a holder or a local made from it put on the
// child, `.call`, names held by top-level values, destructured parameters,
// containers, the after-run exemption removed). The harmful ones copy steering
// already delivered to the turn's root (its prompt list, found through the
// session registry) into a sub-execution by code the proof does not run, or
// deliver a steer to a sub-execution outside the drain.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const HOOK = "src/steering/live-steering-hook.ts";
const SESSION = "src/session/session.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const EXEC_SEQ = `let executionSequence = 0;
`;
const REGISTRY_IFACE = `  register(execution: AgentExecution): void;
}
`;
const NODES_IMPORT = `import type { AgentExecution, ModelTurn } from "../agent/execution";
`;
const TOOL_CASE = `        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
`;
const DRAIN_CALL = `  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
`;
const RUN_FN = `export async function runExecution(`;
const PROMPTS_FIELD = `  readonly prompts: SteeringMessage[][] = [];
`;
const HOOK_IMPORT = `import type { AgentExecution } from "../agent/execution";
`;
const HOOK_BODY_START = `  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
`;
const SESSION_IMPORT = `import { ModelSettleError, runExecution } from "../graph/nodes";
`;
const SESSION_STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }
`;
const SESSION_CTOR_END = `      model: this.model,
    };
  }
`;

// ---- shared pieces ------------------------------------------------------------

const userSaidHelper = {
  file: EXECUTION,
  find: EXEC_SEQ,
  replace: `// The user's own steering an execution has been prompted with so far.
export function userSaid(execution: AgentExecution): SteeringMessage[] {
  return execution.prompts.flat().filter((message) => message.kind === "user");
}

${EXEC_SEQ}`,
};
const registryExposed = [
  { file: EXECUTION, find: REGISTRY_IFACE, replace: `  register(execution: AgentExecution): void;\n  readonly executions: AgentExecution[];\n}\n` },
  {
    file: EXECUTION,
    find: `// The user's own steering an execution`,
    replace: `// The root of the turn an execution belongs to: the newest top-level execution.
export function turnRoot(execution: AgentExecution): AgentExecution | undefined {
  let root: AgentExecution | undefined;
  for (const candidate of execution.sessionServices.registry.executions) if (candidate.subExecutionDepth === 0) root = candidate;
  return root;
}

// The user's own steering an execution`,
  },
];
const REMIND_ROOT = `// Sub-agents are reminded of what the user told the root of the turn.
export function remindOfSteering(state: ExecutionState): void {
  const root = turnRoot(state.execution);
  if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
}
`;
const RECORD_TOOL_TURN = `// Telemetry for a finished tool step.
export function recordToolTurn(state: ExecutionState): void {
  recordSpan("tool-turn", { agentName: state.execution.agentName, turns: state.turns });
}
`;
const nodesImports = {
  file: NODES,
  find: NODES_IMPORT,
  replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";\nimport { recordSpan } from "../telemetry/spans";\n`,
};
const nodesRemind = { file: NODES, find: `async function invokeModel(`, replace: `${REMIND_ROOT}\n${RECORD_TOOL_TURN}\nasync function invokeModel(` };
const withRemind = [userSaidHelper, ...registryExposed, nodesImports, nodesRemind];
const beforeInvokeModel = (text) => ({ file: NODES, find: `async function invokeModel(`, replace: `${text}\nasync function invokeModel(` });
const afterDrain = (text) => ({ file: NODES, find: DRAIN_CALL, replace: `  await drainLiveSteering(state.execution);\n${text}  state = await invokeModel(state);\n` });
const afterToolCase = (text) => ({ file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}${text}` });
const promptsWritable = { file: EXECUTION, find: PROMPTS_FIELD, replace: `  prompts: SteeringMessage[][] = [];\n` };

// A hook slot of the graph, installed by the session at start-up.
const hookSlot = (initial) => ({
  file: NODES,
  find: RUN_FN,
  replace: `type StepHook = (state: ExecutionState) => void;

// What runs after each tool step; the server installs its own at start-up.
let afterToolStep: StepHook = ${initial};

export function setAfterToolStep(hook: StepHook): void {
  afterToolStep = hook;
}

${RUN_FN}`,
});
const installHook = (name) => [
  { file: SESSION, find: SESSION_IMPORT, replace: `import { ModelSettleError, ${name}, runExecution, setAfterToolStep } from "../graph/nodes";\n` },
  { file: SESSION, find: SESSION_CTOR_END, replace: `${SESSION_CTOR_END.slice(0, -4)}    setAfterToolStep(${name});\n  }\n` },
];
const RECORD_TOOL_TURN_DETAILED = `// Telemetry for a finished tool step, with its node.
export function recordToolTurnDetailed(state: ExecutionState): void {
  recordSpan("tool-turn", { agentName: state.execution.agentName, turns: state.turns, node: state.node });
}
`;

// ---- the mutants --------------------------------------------------------------

export const ROUND22 = [
  // ---- rule 2: a local made by a call given the holder, written onto the child -------
  {
    id: "r22-derived-prompts",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on an execution's first invocation, sets `const briefed = briefedPrompts(state); state.execution.prompts = briefed;`, where `briefedPrompts` returns the execution's prompts followed by the user messages the turn's root received (for a sub-execution); `prompts` is no longer `readonly`.",
    why: "Rebuilding a prompt history immutably and assigning it back is ordinary TypeScript. A local made by a call handed the holder (`state`) is taken as the run's next holder, and writing it onto the child as giving nothing new, whatever field it is written to and whatever the call returned.",
    edits: [
      ...withRemind,
      promptsWritable,
      beforeInvokeModel(`// The prompt history a sub-agent starts from: its own, then what the user told the root of the turn.
function briefedPrompts(state: ExecutionState): SteeringMessage[][] {
  const root = turnRoot(state.execution);
  if (!root || state.execution.subExecutionDepth === 0) return state.execution.prompts;
  return [...state.execution.prompts, userSaid(root)];
}
`),
      afterDrain(`  if (state.turns === 0) {\n    const briefed = briefedPrompts(state);\n    state.execution.prompts = briefed;\n  }\n`),
    ],
  },
  {
    id: "r22-derived-prompts-from-registry",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first invocation: `const recap = rootRecap(state.execution.sessionServices.registry.executions); state.execution.prompts = recap;`, where `rootRecap` returns `[userSaid(root)]` for the last depth-0 execution of the list (`prompts` no longer `readonly`).",
    why: "Seeding a delegate's history with a recap computed from the session's executions is plausible. The call is handed a container of executions, so its result counts as a holder made from the child and may be written onto the child.",
    edits: [
      ...withRemind,
      promptsWritable,
      beforeInvokeModel(`// A recap of what the user told the root of the turn, for a new sub-agent.
function rootRecap(executions: readonly AgentExecution[]): SteeringMessage[][] {
  let root: AgentExecution | undefined;
  for (const candidate of executions) if (candidate.subExecutionDepth === 0) root = candidate;
  return root ? [userSaid(root)] : [];
}
`),
      afterDrain(`  if (state.turns === 0 && state.execution.subExecutionDepth > 0) {\n    const recap = rootRecap(state.execution.sessionServices.registry.executions);\n    state.execution.prompts = recap;\n  }\n`),
    ],
  },
  {
    id: "r22-harmless-derived-prompts",
    model: "base",
    expect: "harmless",
    description:
      "`modelInvokeNode`, after the drain, on an execution's first invocation, sets `const copied = copiedPrompts(state); state.execution.prompts = copied;`, where `copiedPrompts` returns `[...state.execution.prompts]` (`prompts` no longer `readonly`).",
    why: "Harmless twin of `r22-derived-prompts`: the same shape, the local a copy of the child's own prompts.",
    edits: [
      ...withRemind,
      promptsWritable,
      beforeInvokeModel(`// A copy of the prompt history, so the model client may keep its own.
function copiedPrompts(state: ExecutionState): SteeringMessage[][] {
  return [...state.execution.prompts];
}
`),
      afterDrain(`  if (state.turns === 0) {\n    const copied = copiedPrompts(state);\n    state.execution.prompts = copied;\n  }\n`),
    ],
  },
  {
    id: "r22-harmless-derived-state",
    model: "base",
    expect: "harmless",
    description:
      "`modelInvokeNode`, after the drain: `const snapshot = snapshotOf(state); state.execution.state = snapshot;`, where `snapshotOf` returns `{ ...state, node: NodeId.MODEL_INVOKE }`.",
    why: "Harmless twin of `r22-derived-prompts`: the local made from the holder is only a copy of the holder, put where the model already puts the holder.",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// A copy of the state, as it stood when the model was invoked.
function snapshotOf(state: ExecutionState): ExecutionState {
  return { ...state, node: NodeId.MODEL_INVOKE };
}
`),
      afterDrain(`  const snapshot = snapshotOf(state);\n  state.execution.state = snapshot;\n`),
    ],
  },
  // ---- rule 3: a name held by a top-level value that is reassigned ----------------------
  {
    id: "r22-hook-slot-reassigned",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains a hook slot `let afterToolStep: StepHook = recordToolTurn;` with `export function setAfterToolStep(hook) { afterToolStep = hook; }`; `runExecution`'s TOOL_EXECUTE case calls `afterToolStep(state)`; the session's constructor installs `setAfterToolStep(remindOfSteering)`.",
    why: "A module-level hook with a setter, installed at start-up, is a common plug-in seam. A plain-name call of a top-level value is followed to the value's initialiser only; the setter's assignment is never seen.",
    edits: [...withRemind, hookSlot("recordToolTurn"), afterToolCase(`        afterToolStep(state);\n`), ...installHook("remindOfSteering")],
  },
  {
    id: "r22-hook-slot-reassigned-call",
    model: "base",
    expect: "harmful",
    description:
      "As `r22-hook-slot-reassigned`, the hook called as `afterToolStep.call(undefined, state)`.",
    why: "The `.call` spelling of the same seam: `.call` is now followed as a call of `afterToolStep`, which is read through its initialiser only.",
    edits: [...withRemind, hookSlot("recordToolTurn"), afterToolCase(`        afterToolStep.call(undefined, state);\n`), ...installHook("remindOfSteering")],
  },
  {
    id: "r22-harmless-hook-slot",
    model: "base",
    expect: "harmless",
    description:
      "As `r22-hook-slot-reassigned`, the session installs `setAfterToolStep(recordToolTurnDetailed)`, a span recorder.",
    why: "Harmless twin: the hook slot, the setter and the installed hook only record telemetry.",
    edits: [
      ...withRemind,
      beforeInvokeModel(RECORD_TOOL_TURN_DETAILED),
      hookSlot("recordToolTurn"),
      afterToolCase(`        afterToolStep(state);\n`),
      ...installHook("recordToolTurnDetailed"),
    ],
  },
  {
    id: "r22-hook-apply",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `afterToolStep.apply(undefined, [state])`, where `const afterToolStep: StepHook = remindOfSteering;`.",
    why: "`.apply` with an argument array is the older spelling of `.call`; the rule follows `.call` only.",
    edits: [
      ...withRemind,
      { file: NODES, find: RUN_FN, replace: `const afterToolStep: (state: ExecutionState) => void = remindOfSteering;\n\n${RUN_FN}` },
      afterToolCase(`        afterToolStep.apply(undefined, [state]);\n`),
    ],
  },
  {
    id: "r22-reflect-apply",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `Reflect.apply(afterToolStep, undefined, [state])`, where `const afterToolStep: StepHook = remindOfSteering;`.",
    why: "`Reflect.apply` is the spelling some lint rules prefer for calling a function value; the holder travels inside an array argument.",
    edits: [
      ...withRemind,
      { file: NODES, find: RUN_FN, replace: `const afterToolStep: (state: ExecutionState) => void = remindOfSteering;\n\n${RUN_FN}` },
      afterToolCase(`        Reflect.apply(afterToolStep, undefined, [state]);\n`),
    ],
  },
  // ---- the started run: a bundle method with a built-in's name ---------------------------
  {
    id: "r22-started-method-named-add",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class SubAgentBriefing { add(state) { … push the root's user messages onto a sub-execution's prompts … } }` and `const briefing = new SubAgentBriefing()`; `modelInvokeNode`, after the drain, on an execution's first invocation, calls `briefing.add(state)`.",
    why: "A small class whose method is called `add` is ordinary. Once the run has started, a call by a built-in collection's method name is taken for the collection's and dropped, even where the receiver is an instance of a bundle class that defines the method.",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// Briefs a sub-agent, on its first model call, with what the user told the root of the turn.
class SubAgentBriefing {
  add(state: ExecutionState): void {
    const root = turnRoot(state.execution);
    if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
  }
}

const briefing = new SubAgentBriefing();
`),
      afterDrain(`  if (state.turns === 0) briefing.add(state);\n`),
    ],
  },
  {
    id: "r22-harmless-method-named-add",
    model: "base",
    expect: "harmless",
    description:
      "As `r22-started-method-named-add`, `SubAgentBriefing.add(state)` only records a span of the execution's agent name and depth.",
    why: "Harmless twin of `r22-started-method-named-add`.",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// Records a sub-agent's first model call.
class SubAgentBriefing {
  add(state: ExecutionState): void {
    recordSpan("sub-agent-first-call", { agentName: state.execution.agentName, depth: state.execution.subExecutionDepth });
  }
}

const briefing = new SubAgentBriefing();
`),
      afterDrain(`  if (state.turns === 0) briefing.add(state);\n`),
    ],
  },
  // ---- the drain itself and what it calls ----------------------------------------------
  {
    id: "r22-drain-inline-recap",
    model: "base",
    expect: "harmful",
    description:
      "`drainLiveSteering`, before its loop, for an execution with no prompt yet that is not the turn's root (`turnRoot(execution) !== execution`), pushes onto its prompts the user messages the root received (`turnRoot`, `userSaid`).",
    why: "A recap for a new delegate written where steering is injected is plausible. The drain is the proof's own code and skipped by the closed world; the proof's probes cover the buffer, the cursor and the queue, not a push onto the prompts.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: HOOK, find: HOOK_IMPORT, replace: `import { turnRoot, userSaid, type AgentExecution } from "../agent/execution";\n` },
      {
        file: HOOK,
        find: HOOK_BODY_START,
        replace: `${HOOK_BODY_START}  if (execution.prompts.length === 0) {
    const root = turnRoot(execution);
    if (root && root !== execution) execution.prompts.push(userSaid(root));
  }
`,
      },
    ],
  },
  {
    id: "r22-drain-calls-recap",
    model: "base",
    expect: "harmful",
    description:
      "`drainLiveSteering` calls `recapForNewSubAgent(execution)` before its loop, a top-level function of the hook module that, for an execution with no prompt yet that is not the turn's root, pushes the root's user messages onto its prompts.",
    why: "The same recap as a helper the drain calls. The walk skips the drain, and the functions the drain hands the child to are found only through it, so the helper is never read.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      {
        file: HOOK,
        find: HOOK_IMPORT,
        replace: `import { turnRoot, userSaid, type AgentExecution } from "../agent/execution";

// A new sub-agent is told what the user said to the root of the turn.
function recapForNewSubAgent(execution: AgentExecution): void {
  if (execution.prompts.length > 0) return;
  const root = turnRoot(execution);
  if (root && root !== execution) execution.prompts.push(userSaid(root));
}
`,
      },
      { file: HOOK, find: HOOK_BODY_START, replace: `${HOOK_BODY_START}  recapForNewSubAgent(execution);\n` },
    ],
  },
  // ---- started: kept by the drain's caller, delivered elsewhere -------------------------
  {
    id: "r22-started-kept-live-set",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, adds the execution to a module set `liveExecutions`; the session's `steer(text)` pushes the new message straight onto the prompts of every sub-execution in that set (`execution.prompts.push([message])`).",
    why: "Forwarding a steer at once to running delegates is a plausible feature. The drain's caller is read as started, where what keeps the child no longer matters; the set's reader delivers a steer outside the drain.",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// Executions that have started prompting the model.\nexport const liveExecutions = new Set<AgentExecution>();\n`),
      afterDrain(`  liveExecutions.add(state.execution);\n`),
      { file: SESSION, find: SESSION_IMPORT, replace: `import { liveExecutions, ModelSettleError, runExecution } from "../graph/nodes";\n` },
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running sub-agents see a steer at once, without waiting for their next model call.
    for (const execution of liveExecutions) if (execution.subExecutionDepth > 0) execution.prompts.push([message]);
  }
`,
      },
    ],
  },
  {
    id: "r22-harmless-kept-live-set",
    model: "base",
    expect: "harmless",
    description:
      "As `r22-started-kept-live-set`, the session's `steer(text)` only logs how many executions are in `liveExecutions`.",
    why: "Harmless twin: the set is only counted.",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// Executions that have started prompting the model.\nexport const liveExecutions = new Set<AgentExecution>();\n`),
      afterDrain(`  liveExecutions.add(state.execution);\n`),
      { file: SESSION, find: SESSION_IMPORT, replace: `import { liveExecutions, ModelSettleError, runExecution } from "../graph/nodes";\n` },
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
    this.sessionServices.logger.debug(\`steer queued with \${liveExecutions.size} live execution(s)\`);
  }
`,
      },
    ],
  },
  // ---- rule 4: a nested destructured parameter --------------------------------------------
  {
    id: "r22-nested-destructured-param",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `remindFrom(state, turnRoot(execution))`, where `function remindFrom({ execution: { prompts, subExecutionDepth } }: ExecutionState, root?: AgentExecution) { if (root && subExecutionDepth > 0) prompts.push(userSaid(root)); }`.",
    why: "Nested destructuring in a parameter list is idiomatic. Each bound name is read as the child and as a holder of it, but `prompts` is a member of the child: a push onto it is a push onto the child's prompts, and neither reading sees it.",
    edits: [
      ...withRemind,
      {
        file: NODES,
        find: RUN_FN,
        replace: `// Reminds a sub-agent of what the user told the root.
function remindFrom({ execution: { prompts, subExecutionDepth } }: ExecutionState, root?: AgentExecution): void {
  if (root && subExecutionDepth > 0) prompts.push(userSaid(root));
}

${RUN_FN}`,
      },
      afterToolCase(`        remindFrom(state, turnRoot(execution));\n`),
    ],
  },
  {
    id: "r22-nested-destructured-drain-caller",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a first invocation, calls `remindFrom(state, turnRoot(state.execution))` with the nested destructured `remindFrom` of `r22-nested-destructured-param`.",
    why: "The same parameter shape reached from the drain's caller (read as started since round 21).",
    edits: [
      ...withRemind,
      beforeInvokeModel(`// Reminds a sub-agent of what the user told the root.
function remindFrom({ execution: { prompts, subExecutionDepth } }: ExecutionState, root?: AgentExecution): void {
  if (root && subExecutionDepth > 0) prompts.push(userSaid(root));
}
`),
      afterDrain(`  if (state.turns === 0) remindFrom(state, turnRoot(state.execution));\n`),
    ],
  },
  {
    id: "r22-harmless-nested-destructured",
    model: "base",
    expect: "harmless",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `spanFrom(state)`, where `function spanFrom({ execution: { agentName, subExecutionDepth }, turns }: ExecutionState) { recordSpan(\"tool-turn\", { agentName, subExecutionDepth, turns }); }`.",
    why: "Harmless twin of `r22-nested-destructured-param`.",
    edits: [
      ...withRemind,
      {
        file: NODES,
        find: RUN_FN,
        replace: `// Telemetry for a finished tool step.
function spanFrom({ execution: { agentName, subExecutionDepth }, turns }: ExecutionState): void {
  recordSpan("tool-turn", { agentName, subExecutionDepth, turns });
}

${RUN_FN}`,
      },
      afterToolCase(`        spanFrom(state);\n`),
    ],
  },
  // ---- rule 2: the holder itself, aliased ----------------------------------------------
  {
    id: "r22-holder-alias-prompts",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first invocation: `const { prompts } = state.execution; const root = turnRoot(state.execution); if (root && state.execution.subExecutionDepth > 0) prompts.push(userSaid(root));`.",
    why: "Destructuring a member of the child into a local and pushing onto it is ordinary; a push onto a local bound to a member of the child is a push onto the child.",
    edits: [
      ...withRemind,
      afterDrain(`  if (state.turns === 0) {\n    const { prompts } = state.execution;\n    const root = turnRoot(state.execution);\n    if (root && state.execution.subExecutionDepth > 0) prompts.push(userSaid(root));\n  }\n`),
    ],
  },
];
