// Round 21: a red team's mutants against the rules of rounds 19 and 20 (the
// started run, functions held in locals, containers of executions, holders,
// `finally` after an awaited run). The harmful ones copy steering already
// delivered to the turn's root (its prompt list, found through the session
// registry) into a sub-execution by code the proof does not run.

const TOOL = "src/tools/invoke-sub-agent.ts";
const REGISTRY = "src/tools/registry.ts";
const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const TOOL_IMPORT = `import { AgentExecution } from "../agent/execution";
`;
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const TOOL_SPAN = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const TOOL_TAIL = `  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
`;
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
const TAKE = `  state.execution.takeQueuedSteering();
`;
const MODEL_CASE = `        state = await modelInvokeNode(state);
`;
const RUN_FN = `export async function runExecution(`;
const REG_IMPORT = `import { invokeSubAgent } from "./invoke-sub-agent";
`;
const EXECUTE_CALL = `  const tool = tools[turn.name];
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
const toolImportsUserSaid = { file: TOOL, find: TOOL_IMPORT, replace: `import { AgentExecution, userSaid } from "../agent/execution";\n` };

const REMIND_ROOT = `// Sub-agents are reminded of what the user told the root of the turn.
function remindOfSteering(state: ExecutionState): void {
  const root = turnRoot(state.execution);
  if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
}
`;
const RECORD_TOOL_TURN = `// Telemetry for a finished tool step.
function recordToolTurn(state: ExecutionState): void {
  recordSpan("tool-turn", { agentName: state.execution.agentName, turns: state.turns });
}
`;
// nodes.ts: imports for the helpers, and REMIND_ROOT (and a span recorder) above invokeModel.
const nodesImports = {
  file: NODES,
  find: NODES_IMPORT,
  replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport { recordSpan } from "../telemetry/spans";\n`,
};
const nodesRemind = { file: NODES, find: `async function invokeModel(`, replace: `${REMIND_ROOT}\n${RECORD_TOOL_TURN}\nasync function invokeModel(` };
const withRemind = [userSaidHelper, ...registryExposed, nodesImports, nodesRemind];
const nodesSpanOnly = [
  { file: NODES, find: NODES_IMPORT, replace: `${NODES_IMPORT}import { recordSpan } from "../telemetry/spans";\n` },
  { file: NODES, find: `async function invokeModel(`, replace: `${RECORD_TOOL_TURN}\nasync function invokeModel(` },
];
const afterToolCase = (text) => ({ file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}${text}` });

// ---- the mutants --------------------------------------------------------------

export const ROUND21 = [
  // ---- the drain's caller is not read ---------------------------------------------
  {
    id: "r21-drain-caller-reminds",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, right after `await drainLiveSteering(state.execution)`, calls `remindOfSteering(state)` on the first model invocation of an execution (`state.turns === 0`); for a sub-execution it pushes onto its prompts the user messages the turn's root (the last depth-0 entry of the session registry) received.",
    why: "A sub-agent briefed with the user's steering before its first model call is a plausible feature, and the model-invoke node is where a prompt is assembled. The node calls the drain, and a function that calls the drain is taken as the child's run and not read at all.",
    edits: [...withRemind, { file: NODES, find: DRAIN_CALL, replace: `  await drainLiveSteering(state.execution);\n  if (state.turns === 0) remindOfSteering(state);\n  state = await invokeModel(state);\n` }],
  },
  {
    id: "r21-drain-caller-inline",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, before the drain, on an execution's first invocation, inlines the reminder: `const root = turnRoot(state.execution); if (state.turns === 0 && root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));`.",
    why: "The same briefing written in the node itself, before the drain call; the node is still a function that calls the drain, so none of its text is read for what it gives the execution.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      nodesImports,
      {
        file: NODES,
        find: DRAIN_CALL,
        replace: `  const root = turnRoot(state.execution);
  if (state.turns === 0 && root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
`,
      },
    ],
  },
  {
    id: "r21-invoke-model-reminds",
    model: "base",
    expect: "harmful",
    description:
      "`invokeModel` (called by `modelInvokeNode` after the drain), right after `takeQueuedSteering()`, calls `remindOfSteering(state)` on the first invocation; it pushes the root's delivered user messages onto a sub-execution's prompts.",
    why: "Prompt assembly next to the queue's take is where such a reminder belongs. `invokeModel` is reached only through the drain's caller, which is not read, so neither is it.",
    edits: [...withRemind, { file: NODES, find: TAKE, replace: `${TAKE}  if (state.turns === 0) remindOfSteering(state);\n` }],
  },
  {
    id: "r21-run-calls-drain-reminds",
    model: "base",
    expect: "harmful",
    description:
      "The drain call moves from `modelInvokeNode` into `runExecution`'s MODEL_INVOKE case (`await drainLiveSteering(execution); state = await modelInvokeNode(state);`), and the TOOL_EXECUTE case calls `remindOfSteering(state)` after `executeTool` (the shape of the control `r20-started-direct-root`).",
    why: "Hoisting the drain into the graph loop is an ordinary refactor. `runExecution` then calls the drain itself, and a function that calls the drain is not read, so the reminder the control `r20-started-direct-root` is refused for is no longer seen.",
    edits: [
      ...withRemind,
      { file: NODES, find: DRAIN_CALL, replace: `  state = await invokeModel(state);\n` },
      { file: NODES, find: MODEL_CASE, replace: `        await drainLiveSteering(execution);\n${MODEL_CASE}` },
      afterToolCase(`        remindOfSteering(state);\n`),
    ],
  },
  {
    id: "r21-run-calls-drain-control",
    model: "base",
    expect: "harmful",
    description:
      "Control: the same as `r21-run-calls-drain-reminds` without moving the drain: `runExecution`'s TOOL_EXECUTE case calls `remindOfSteering(state)` after `executeTool` (the control `r20-started-direct-root`, built with this round's helpers).",
    why: "Tells apart the hoisted drain from the reminder itself: this one must be refused.",
    edits: [...withRemind, afterToolCase(`        remindOfSteering(state);\n`)],
  },
  // ---- the started run: hand-offs the started rule drops -----------------------
  {
    id: "r21-started-next-tick",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case defers its bookkeeping: `process.nextTick(remindOfSteering, state)` after `executeTool`; the reminder pushes the root's delivered user messages onto a sub-execution's prompts.",
    why: "Deferring non-critical work off the hot path with `process.nextTick(fn, ...args)` is common in node servers. The state is handed to `.nextTick(…)`, a key the bundle does not define; once the run has started such a hand-off is dropped, and the function handed beside it is never followed.",
    edits: [...withRemind, afterToolCase(`        process.nextTick(remindOfSteering, state);\n`)],
  },
  {
    id: "r21-started-queue-microtask",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `queueMicrotask(() => remindOfSteering(state))` after `executeTool`.",
    why: "`queueMicrotask` with an arrow is the modern way to defer a small task; the hand-off is inside a closure handed to a global the bundle does not define.",
    edits: [...withRemind, afterToolCase(`        queueMicrotask(() => remindOfSteering(state));\n`)],
  },
  {
    id: "r21-started-call-method",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls the reminder through a hook variable of the module: `afterToolStep.call(undefined, state)`, where `const afterToolStep: (state: ExecutionState) => void = remindOfSteering;`.",
    why: "Calling a configured function through `.call` (often emitted for `this`-less hooks) is ordinary; the hand-off is by the key `call`, which no function of the bundle defines, and it is dropped once the run has started.",
    edits: [
      ...withRemind,
      { file: NODES, find: RUN_FN, replace: `const afterToolStep: (state: ExecutionState) => void = remindOfSteering;\n\n${RUN_FN}` },
      afterToolCase(`        afterToolStep.call(undefined, state);\n`),
    ],
  },
  {
    id: "r21-started-foreach-hooks",
    model: "base",
    expect: "harmful",
    description:
      "Known-gap control: `runExecution`'s TOOL_EXECUTE case runs `afterToolHooks.forEach((hook) => hook(state))`, where `const afterToolHooks = [recordToolTurn, remindOfSteering]`.",
    why: "A hook list run with `forEach` is the most common spelling of a hook runner; `forEach` is a built-in collection method name, and once started such a call is taken for the collection's own (the documented gap).",
    edits: [
      ...withRemind,
      { file: NODES, find: RUN_FN, replace: `const afterToolHooks: ((state: ExecutionState) => void)[] = [recordToolTurn, remindOfSteering];\n\n${RUN_FN}` },
      afterToolCase(`        afterToolHooks.forEach((hook) => hook(state));\n`),
    ],
  },
  {
    id: "r21-started-local-arrow",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution` declares `const settleTool = (s: ExecutionState) => remindOfSteering(s);` before its loop and its TOOL_EXECUTE case calls `settleTool(state)` after `executeTool`.",
    why: "A small local arrow wrapping a module function is ordinary; a function held in a local that is not a loop variable or a table lookup must open the world.",
    edits: [
      ...withRemind,
      { file: NODES, find: `  while (state.node !== NodeId.DONE) {\n`, replace: `  const settleTool = (s: ExecutionState) => remindOfSteering(s);\n  while (state.node !== NodeId.DONE) {\n` },
      afterToolCase(`        settleTool(state);\n`),
    ],
  },
  {
    id: "r21-started-default-param-hooks",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `runAfterToolHooks(state)`, where `function runAfterToolHooks(state, hooks = AFTER_TOOL_HOOKS) { for (const hook of hooks) hook(state); }` and `AFTER_TOOL_HOOKS = [recordToolTurn, remindOfSteering]`.",
    why: "A hook runner whose list is a defaulted parameter (so tests can pass their own) is ordinary; the default's elements must be followed.",
    edits: [
      ...withRemind,
      {
        file: NODES,
        find: RUN_FN,
        replace: `const AFTER_TOOL_HOOKS: ((state: ExecutionState) => void)[] = [recordToolTurn, remindOfSteering];

function runAfterToolHooks(state: ExecutionState, hooks = AFTER_TOOL_HOOKS): void {
  for (const hook of hooks) hook(state);
}

${RUN_FN}`,
      },
      afterToolCase(`        runAfterToolHooks(state);\n`),
    ],
  },
  {
    id: "r21-started-destructured-hooks",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `runAfterToolHooks(state, { hooks: AFTER_TOOL_HOOKS })`, where `function runAfterToolHooks(state, { hooks = [] }: { hooks?: … } = {}) { for (const hook of hooks) hook(state); }`; one hook is the reminder.",
    why: "Options destructured in the parameter list with defaults is idiomatic TypeScript; the loop's list is a destructured parameter, neither a plain parameter nor a member of one.",
    edits: [
      ...withRemind,
      {
        file: NODES,
        find: RUN_FN,
        replace: `const AFTER_TOOL_HOOKS: ((state: ExecutionState) => void)[] = [recordToolTurn, remindOfSteering];

function runAfterToolHooks(state: ExecutionState, { hooks = [] }: { hooks?: ((state: ExecutionState) => void)[] } = {}): void {
  for (const hook of hooks) hook(state);
}

${RUN_FN}`,
      },
      afterToolCase(`        runAfterToolHooks(state, { hooks: AFTER_TOOL_HOOKS });\n`),
    ],
  },
  {
    id: "r21-tools-nullish-fallback",
    model: "base",
    expect: "harmful",
    description:
      "`executeTool` looks its tool up as `const tool = tools[turn.name] ?? fallbackTools[turn.name]`; `fallbackTools` is a second module table whose `invoke-sub-agent` entry wraps `invokeSubAgent` and then reminds the calling sub-execution of the root's user messages; the primary table no longer lists `invoke-sub-agent`.",
    why: "A primary and a fallback tool table (built-ins, then plugins) is ordinary; the local is bound to a `??` of two table lookups, not to one.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: REGISTRY, find: REG_IMPORT, replace: `${REG_IMPORT}import { turnRoot, userSaid } from "../agent/execution";\n` },
      {
        file: REGISTRY,
        find: `  "invoke-sub-agent": invokeSubAgent,\n  read_file:`,
        replace: `  read_file:`,
      },
      {
        file: REGISTRY,
        find: `export async function executeTool(`,
        replace: `const fallbackTools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  "invoke-sub-agent": async (state, input) => {
    const result = await invokeSubAgent(state, input);
    // A delegating sub-agent is reminded of what the user told the root.
    const root = turnRoot(state.execution);
    if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
    return result;
  },
};

export async function executeTool(`,
      },
      { file: REGISTRY, find: EXECUTE_CALL, replace: `  const tool = tools[turn.name] ?? fallbackTools[turn.name];\n` },
    ],
  },
  // ---- the spawn site after the awaited run ----------------------------------------
  {
    id: "r21-after-run-wrapup",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool, after `await runExecution(child)`, when the sub-agent prompted the model at all (`child.prompts.length > 0`), appends the parent's delivered user messages to the child's prompts as a wrap-up record (`child.prompts.push(userSaid(state.execution))`).",
    why: "Annotating a finished delegate's transcript with the user's instructions for the parent's summary is plausible. Code after an awaited run is taken as running after the run; but what it gives the child is still a steer received outside the drain, and the branch depends on the real run, which the proof replaces.",
    edits: [
      userSaidHelper,
      toolImportsUserSaid,
      {
        file: TOOL,
        find: TOOL_TAIL,
        replace: `  const result = await runExecution(subAgentExecution);
  if (subAgentExecution.prompts.length > 0) subAgentExecution.prompts.push(userSaid(state.execution));
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  {
    id: "r21-finally-wrapup",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool runs the child in `try { result = await runExecution(child); } finally { … }`; the `finally`, when the child prompted the model, appends the parent's delivered user messages to the child's prompts.",
    why: "`finally` for cleanup after a delegate is ordinary; a `finally` after an awaited run runs after that run, but a write there is still a delivery outside the drain.",
    edits: [
      userSaidHelper,
      { file: TOOL, find: TOOL_IMPORT, replace: `import { AgentExecution, userSaid } from "../agent/execution";\nimport type { ExecutionState as RunState } from "../graph/nodes";\n` },
      {
        file: TOOL,
        find: TOOL_TAIL,
        replace: `  let result: RunState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    if (subAgentExecution.prompts.length > 0) subAgentExecution.prompts.push(userSaid(state.execution));
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  // ---- harmless neighbours --------------------------------------------------------
  {
    id: "r21-harmless-drain-caller-span",
    model: "base",
    expect: "harmless",
    description: "`modelInvokeNode`, after the drain, records a span (`recordToolTurn(state)`: agent name and turn count).",
    why: "Telemetry next to the drain gives the execution nothing; it must prove and apply.",
    edits: [...nodesSpanOnly, { file: NODES, find: DRAIN_CALL, replace: `  await drainLiveSteering(state.execution);\n  recordToolTurn(state);\n  state = await invokeModel(state);\n` }],
  },
  {
    id: "r21-harmless-next-tick-span",
    model: "base",
    expect: "harmless",
    description: "`runExecution`'s TOOL_EXECUTE case calls `process.nextTick(recordToolTurn, state)` after `executeTool`; the deferred function only records a span.",
    why: "Deferred telemetry; nothing reaches the execution.",
    edits: [...nodesSpanOnly, afterToolCase(`        process.nextTick(recordToolTurn, state);\n`)],
  },
  {
    id: "r21-harmless-default-param-hooks",
    model: "base",
    expect: "harmless",
    description: "`runExecution`'s TOOL_EXECUTE case calls `runAfterToolHooks(state)`, `function runAfterToolHooks(state, hooks = AFTER_TOOL_HOOKS) { for (const hook of hooks) hook(state); }`, `AFTER_TOOL_HOOKS = [recordToolTurn]`.",
    why: "The twin of `r21-started-default-param-hooks` whose only hook records a span; it must apply.",
    edits: [
      ...nodesSpanOnly,
      {
        file: NODES,
        find: RUN_FN,
        replace: `const AFTER_TOOL_HOOKS: ((state: ExecutionState) => void)[] = [recordToolTurn];

function runAfterToolHooks(state: ExecutionState, hooks = AFTER_TOOL_HOOKS): void {
  for (const hook of hooks) hook(state);
}

${RUN_FN}`,
      },
      afterToolCase(`        runAfterToolHooks(state);\n`),
    ],
  },
  {
    id: "r21-harmless-destructured-hooks",
    model: "base",
    expect: "harmless",
    description: "The twin of `r21-started-destructured-hooks` whose only hook records a span: `runAfterToolHooks(state, { hooks: [recordToolTurn] })` with `{ hooks = [] } = {}` destructured in the parameter list.",
    why: "Destructured options with defaults; every hook inert. It should apply.",
    edits: [
      ...nodesSpanOnly,
      {
        file: NODES,
        find: RUN_FN,
        replace: `function runAfterToolHooks(state: ExecutionState, { hooks = [] }: { hooks?: ((state: ExecutionState) => void)[] } = {}): void {
  for (const hook of hooks) hook(state);
}

${RUN_FN}`,
      },
      afterToolCase(`        runAfterToolHooks(state, { hooks: [recordToolTurn] });\n`),
    ],
  },
  {
    id: "r21-harmless-tools-nullish",
    model: "base",
    expect: "harmless",
    description: "`executeTool` looks its tool up as `const tool = tools[turn.name] ?? fallbackTools[turn.name]`, where `fallbackTools` holds only an inert `list_dir` stub.",
    why: "A fallback table of inert tools; the sub-agent tool is still the primary table's. It should apply.",
    edits: [
      {
        file: REGISTRY,
        find: `export async function executeTool(`,
        replace: `const fallbackTools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  list_dir: async (_state, input) => ({ path: input?.path ?? ".", entries: [] }),
};

export async function executeTool(`,
      },
      { file: REGISTRY, find: EXECUTE_CALL, replace: `  const tool = tools[turn.name] ?? fallbackTools[turn.name];\n` },
    ],
  },
  {
    id: "r21-harmless-finally-span",
    model: "base",
    expect: "harmless",
    description: "The sub-agent tool runs the child in `try { … await runExecution(child) } finally { recordSpan(\"sub-agent-end\", { agentName: child.agentName, prompts: child.prompts.length }) }`.",
    why: "A closing span read from the finished child; nothing is given to it.",
    edits: [
      { file: TOOL, find: TOOL_IMPORT, replace: `${TOOL_IMPORT}import type { ExecutionState as RunState } from "../graph/nodes";\n` },
      {
        file: TOOL,
        find: TOOL_TAIL,
        replace: `  let result: RunState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    recordSpan("sub-agent-end", { agentName: subAgentExecution.agentName, prompts: subAgentExecution.prompts.length });
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  {
    id: "r21-harmless-member-live-set",
    model: "base",
    expect: "harmless",
    description: "A module object `const subAgents = { live: new Set<AgentExecution>() }`; the tool does `subAgents.live.add(child)` where it builds it, `subAgents.live.delete(child)` in a `finally` after the awaited run, and records `concurrent: subAgents.live.size` in its span.",
    why: "The member-container shape (`x.live.add(child)`) the rules judge by its readers, read only for its size; it should apply (round 20's module-level `live` was refused as a bare name).",
    edits: [
      { file: TOOL, find: TOOL_IMPORT, replace: `${TOOL_IMPORT}import type { ExecutionState as RunState } from "../graph/nodes";\n` },
      { file: TOOL, find: `export const MAX_SUB_AGENT_DEPTH = 4;\n`, replace: `export const MAX_SUB_AGENT_DEPTH = 4;\n\nconst subAgents = { live: new Set<AgentExecution>() };\n` },
      { file: TOOL, find: TOOL_SPAN, replace: `  subAgents.live.add(subAgentExecution);\n  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, concurrent: subAgents.live.size });\n` },
      {
        file: TOOL,
        find: TOOL_TAIL,
        replace: `  let result: RunState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    subAgents.live.delete(subAgentExecution);
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  {
    id: "r21-harmless-holder-log",
    model: "base",
    expect: "harmless",
    description: "The tool builds `const run = { execution: child, startedAt: Date.now() }` and calls `logRun(run)`, which records a span with `run.execution.agentName` and `run.startedAt`, before running the child.",
    why: "A run record handed to a logger that only reads it; it should apply.",
    edits: [
      {
        file: TOOL,
        find: `export const MAX_SUB_AGENT_DEPTH = 4;\n`,
        replace: `export const MAX_SUB_AGENT_DEPTH = 4;

function logRun(run: { execution: AgentExecution; startedAt: number }): void {
  recordSpan("sub-agent-run", { agentName: run.execution.agentName, startedAt: run.startedAt });
}
`,
      },
      { file: TOOL, find: TOOL_RUN, replace: `  const run = { execution: subAgentExecution, startedAt: Date.now() };\n  logRun(run);\n${TOOL_RUN}` },
    ],
  },
  {
    id: "r21-memory-after-run-record",
    model: "base",
    expect: "harmful",
    description:
      "Memory extraction, after `await runExecution(extraction)` inside its `try`, when the extraction prompted the model, appends the user messages the root's prompts received to the extraction's prompts (`extraction.prompts.push(userSaid(execution))`), as the record of what it extracted from.",
    why: "Recording the source of extracted facts beside the extraction's own transcript is plausible; the write follows the awaited run in the same block, the second spawn path's version of `r21-after-run-wrapup`.",
    edits: [
      userSaidHelper,
      { file: "src/memory/memory-extraction.ts", find: `import { AgentExecution, type PromptContext } from "../agent/execution";\n`, replace: `import { AgentExecution, userSaid, type PromptContext } from "../agent/execution";\n` },
      {
        file: "src/memory/memory-extraction.ts",
        find: `    await runExecution(extraction);\n`,
        replace: `    await runExecution(extraction);\n    if (extraction.prompts.length > 0) extraction.prompts.push(userSaid(execution));\n`,
      },
    ],
  },
  {
    id: "r21-harmless-after-run-span",
    model: "base",
    expect: "harmless",
    description: "The sub-agent tool, after `await runExecution(child)`, records a span with the child's name and `child.prompts.length`.",
    why: "The harmless twin of `r21-after-run-wrapup`: the finished child is only read.",
    edits: [
      {
        file: TOOL,
        find: TOOL_TAIL,
        replace: `  const result = await runExecution(subAgentExecution);
  recordSpan("sub-agent-end", { agentName: subAgentExecution.agentName, prompts: subAgentExecution.prompts.length });
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
];
