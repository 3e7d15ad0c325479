// Round 20: a red team's mutants against the rules of round 20 (functions held
// in locals, the started run, members of the child handed beside messages,
// containers of executions, exports, buffer members and root factories). The
// harmful ones copy steering already delivered to the root (its prompt list)
// into a sub-execution by code the proof does not run.

const TOOL = "src/tools/invoke-sub-agent.ts";
const REGISTRY = "src/tools/registry.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";
const SERVER = "src/server/acp-server.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const TOOL_IMPORT = `import { AgentExecution } from "../agent/execution";
`;
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const EXEC_SEQ = `let executionSequence = 0;
`;
const RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`;
const STATE_IFACE = `  lastTurn?: ModelTurn;
  turns: number;
}
`;
const TOOL_CASE = `        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
`;
const REG_IMPORT = `import { invokeSubAgent } from "./invoke-sub-agent";
`;
const TOOLS_LITERAL = `const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  "invoke-sub-agent": invokeSubAgent,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};
`;
const EXECUTE_CALL = `  return tool(state, turn.input);
`;
const REGISTRY_CLASS = `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
`;
const REGISTRY_IFACE = `  register(execution: AgentExecution): void;
}
`;
const ROOT_NEW = `    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro",
    });
`;

// ---- shared pieces ------------------------------------------------------------

// `userSaid(execution)`: the user messages an execution's prompts received.
const userSaidHelper = {
  file: EXECUTION,
  find: EXEC_SEQ,
  replace: `// The user's own steering an execution has been prompted with so far.
export function userSaid(execution: AgentExecution): SteeringMessage[] {
  return execution.prompts.flat().filter((message) => message.kind === "user");
}

${EXEC_SEQ}`,
};
const toolImportsUserSaid = { file: TOOL, find: TOOL_IMPORT, replace: `import { AgentExecution, userSaid } from "../agent/execution";\n` };
const withUserSaid = [userSaidHelper, toolImportsUserSaid];

// the graph state carries the parent execution of a sub-execution's run.
const stateParent = [
  { file: NODES, find: STATE_IFACE, replace: `  lastTurn?: ModelTurn;
  turns: number;
  // The execution that spawned this one (sub-executions only).
  parent?: AgentExecution;
}
` },
  { file: NODES, find: RUN_HEAD, replace: `export async function runExecution(execution: AgentExecution, parent?: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, parent, node: NodeId.MODEL_INVOKE, turns: 0 };
` },
  { file: TOOL, find: TOOL_RUN, replace: `  const result = await runExecution(subAgentExecution, state.execution);
` },
];

// a sub-execution is reminded of what the user told its parent.
const REMIND = `// Sub-agents are reminded of what the user told the agent that spawned them.
function remindOfSteering(state: ExecutionState): void {
  if (state.parent && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(state.parent));
}
`;

const HOOK_FNS = `
type SubAgentHook = (child: AgentExecution, parent: AgentExecution) => void | Promise<void>;

function recordSubAgentStart(child: AgentExecution): void {
  recordSpan("sub-agent-start", { agentName: child.agentName, subExecutionDepth: child.subExecutionDepth });
}

// The sub-agent starts with what the user told its parent.
function shareTurnContext(child: AgentExecution, parent: AgentExecution): void {
  child.prompts.push(userSaid(parent));
}
`;
const HARMLESS_HOOK_FNS = `
type SubAgentHook = (child: AgentExecution, parent: AgentExecution) => void | Promise<void>;

function recordSubAgentStart(child: AgentExecution): void {
  recordSpan("sub-agent-start", { agentName: child.agentName, subExecutionDepth: child.subExecutionDepth });
}

function recordSubAgentParent(child: AgentExecution, parent: AgentExecution): void {
  recordSpan("sub-agent-parent", { agentName: child.agentName, parentAgent: parent.agentName });
}
`;
const OPEN_TRANSCRIPT = `
// Opens a sub-agent's transcript with the messages it should start from.
function openTranscript(transcript: SteeringMessage[][], said: SteeringMessage[]): void {
  if (said.length > 0) transcript.push(said);
}
`;
const afterMaxDepth = (text) => ({
  file: TOOL,
  find: `export const MAX_SUB_AGENT_DEPTH = 4;
`,
  replace: `export const MAX_SUB_AGENT_DEPTH = 4;
${text}`,
});
const beforeRun = (text) => ({ file: TOOL, find: TOOL_RUN, replace: `${text}${TOOL_RUN}` });

// the registry interface exposes its executions; `turnRoot` finds the turn's root.
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
function remindOfSteering(state: ExecutionState): void {
  const root = turnRoot(state.execution);
  if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
}
`;

// ---- the mutants --------------------------------------------------------------

export const ROUND20 = [
  {
    id: "r20-control-brief-direct",
    model: "base",
    expect: "harmful",
    description:
      "Control: the sub-agent tool, right after building the child, pushes onto its `prompts` the user messages its parent's prompts received (`subAgentExecution.prompts.push(userSaid(state.execution))`).",
    why: "Briefing a delegate with what the user said is a plausible feature; written in the open at the spawn site, it is a write into the child with messages from elsewhere, which the closed world must refuse.",
    edits: [...withUserSaid, beforeRun(`  subAgentExecution.prompts.push(userSaid(state.execution));\n`)],
  },
  // ---- R1: functions held in locals --------------------------------------------
  {
    id: "r20-hooks-variadic-rest",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool calls `runSubAgentHooks(child, parent, recordSubAgentStart, shareTurnContext)`; the helper takes its hooks as a rest parameter (`...hooks`) and runs `for (const hook of hooks) await hook(child, parent)`. The second hook pushes the parent's delivered user messages onto the child's prompts.",
    why: "A variadic hook runner is an ordinary helper. A rest parameter's list is every argument from its position on; a caller's argument at the parameter's own position is only the first of them.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(`${HOOK_FNS}
async function runSubAgentHooks(child: AgentExecution, parent: AgentExecution, ...hooks: SubAgentHook[]): Promise<void> {
  for (const hook of hooks) await hook(child, parent);
}
`),
      beforeRun(`  await runSubAgentHooks(subAgentExecution, state.execution, recordSubAgentStart, shareTurnContext);\n`),
    ],
  },
  {
    id: "r20-hooks-static-field",
    model: "base",
    expect: "harmful",
    description:
      "The hooks are a static class field, `class SubAgentLifecycle { static readonly beforeRun = [recordSubAgentStart, shareTurnContext]; }`, and the tool runs `for (const hook of SubAgentLifecycle.beforeRun) await hook(child, parent)`; `shareTurnContext` pushes the parent's delivered user messages onto the child's prompts.",
    why: "Static class fields as a lifecycle registry are common in TypeScript; node 20 keeps `static x = [...]` as class syntax, so the list's value is given to the key by a static field initialiser, not by an assignment or an object literal.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(`${HOOK_FNS}
class SubAgentLifecycle {
  static readonly beforeRun: SubAgentHook[] = [recordSubAgentStart, shareTurnContext];
}
`),
      beforeRun(`  for (const hook of SubAgentLifecycle.beforeRun) await hook(subAgentExecution, state.execution);\n`),
    ],
  },
  {
    id: "r20-tools-spread-wrapper",
    model: "base",
    expect: "harmful",
    description:
      "The graph state carries `parent` (runExecution's second parameter, passed by the sub-agent tool); the tool table is `{ ...subAgentTools, read_file }`, where `subAgentTools` maps `invoke-sub-agent` to a wrapper that awaits `invokeSubAgent` and then, for a sub-execution, pushes its parent's delivered user messages onto its prompts.",
    why: "Tool tables assembled from per-area objects with spread are the common shape; `const tool = tools[name]` then holds a function that lives in another literal, reached only through the spread.",
    edits: [
      ...withUserSaid,
      ...stateParent,
      { file: REGISTRY, find: REG_IMPORT, replace: `${REG_IMPORT}import { userSaid } from "../agent/execution";\n` },
      {
        file: REGISTRY,
        find: TOOLS_LITERAL,
        replace: `const subAgentTools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  "invoke-sub-agent": async (state, input) => {
    const result = await invokeSubAgent(state, input);
    // A delegating sub-agent is reminded of what the user told its parent.
    if (state.parent && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(state.parent));
    return result;
  },
};

const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  ...subAgentTools,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};
`,
      },
    ],
  },
  // ---- R2: the started run -----------------------------------------------------
  {
    id: "r20-started-after-tool-map",
    model: "base",
    expect: "harmful",
    description:
      "The graph state carries `parent`; `executeTool` runs, after the tool, an after-tool hook looked up in a module-level `new Map([[\"invoke-sub-agent\", remindOfSteering]])` (`const after = afterTool.get(turn.name); if (after) after(state)`); `remindOfSteering` pushes the parent's delivered user messages onto a sub-execution's prompts.",
    why: "Per-tool follow-up hooks in a Map keyed by tool name are ordinary. `executeTool` runs after the drain in the child's run, so the hand-off to a function held in a local (a Map's get) is not read further, though the function writes into the child.",
    edits: [
      ...withUserSaid,
      ...stateParent,
      { file: REGISTRY, find: REG_IMPORT, replace: `${REG_IMPORT}import { userSaid } from "../agent/execution";\n` },
      {
        file: REGISTRY,
        find: TOOLS_LITERAL,
        replace: `${TOOLS_LITERAL}
${REMIND}
const afterTool = new Map<string, (state: ExecutionState) => void>([["invoke-sub-agent", remindOfSteering]]);
`,
      },
      {
        file: REGISTRY,
        find: EXECUTE_CALL,
        replace: `  const result = await tool(state, turn.input);
  const after = afterTool.get(turn.name);
  if (after) after(state);
  return result;
`,
      },
    ],
  },
  {
    id: "r20-started-deep-chain",
    model: "base",
    expect: "harmful",
    description:
      "The graph state carries `parent`; `runExecution`'s TOOL_EXECUTE case, after `executeTool`, calls `settleToolTurn(state)`, which goes through `recordToolTurn` → `updateTranscript` → `refreshContext` → `remindOfSteering`, each a named function doing a little bookkeeping; the last pushes the parent's delivered user messages onto a sub-execution's prompts.",
    why: "Layered bookkeeping after a tool call (spans, transcript, context refresh) is how such code grows; the chain is five hand-offs deep, all after the drain in the child's run.",
    edits: [
      userSaidHelper,
      ...stateParent,
      { file: NODES, find: `import type { AgentExecution, ModelTurn } from "../agent/execution";\n`, replace: `import { userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport { recordSpan } from "../telemetry/spans";\n` },
      {
        file: NODES,
        find: `export async function runExecution(`,
        replace: `${REMIND}
function refreshContext(state: ExecutionState): void {
  if (state.execution.signal.aborted) return;
  remindOfSteering(state);
}

function updateTranscript(state: ExecutionState): void {
  recordSpan("transcript", { agentName: state.execution.agentName, prompts: state.execution.prompts.length });
  refreshContext(state);
}

function recordToolTurn(state: ExecutionState): void {
  recordSpan("tool-turn", { agentName: state.execution.agentName, turns: state.turns });
  updateTranscript(state);
}

async function settleToolTurn(state: ExecutionState): Promise<void> {
  await Promise.resolve();
  recordToolTurn(state);
}

export async function runExecution(`,
      },
      { file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}        await settleToolTurn(state);\n` },
    ],
  },
  // ---- R3: members of the child handed beside messages -------------------------
  {
    id: "r20-holder-member-alias",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool builds a run record `const run = { execution: child, transcript: child.prompts, startedAt: Date.now() }` and calls `openTranscript(run.transcript, userSaid(state.execution))`, which pushes the parent's delivered user messages onto the transcript, i.e. the child's prompt list.",
    why: "A run record holding the execution with a short name for its transcript is ordinary. The record holds the child, so it is a holder, and a holder's members do not count as the child's members, though this one is the child's prompt list.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(OPEN_TRANSCRIPT),
      beforeRun(`  const run = { execution: subAgentExecution, transcript: subAgentExecution.prompts, startedAt: Date.now() };
  openTranscript(run.transcript, userSaid(state.execution));
  recordSpan("sub-agent-run", { agentName: run.execution.agentName, startedAt: run.startedAt });
`),
    ],
  },
  {
    id: "r20-options-object-arg",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool calls `shareContext({ transcript: child.prompts, said: userSaid(state.execution) })`: one argument, an options object holding the child's prompt list and the parent's delivered user messages; `shareContext` pushes one onto the other.",
    why: "An options object instead of positional parameters is the common TypeScript style; the child's member and the messages are not two arguments side by side but two properties of one.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(`
function shareContext(options: { transcript: SteeringMessage[][]; said: SteeringMessage[] }): void {
  if (options.said.length > 0) options.transcript.push(options.said);
}
`),
      beforeRun(`  shareContext({ transcript: subAgentExecution.prompts, said: userSaid(state.execution) });\n`),
    ],
  },
  {
    id: "r20-receiver-carries",
    model: "base",
    expect: "harmful",
    description:
      "A `Briefing` class is built on the parent (`new Briefing(state.execution)`) and its `into(transcript)` method pushes the parent's delivered user messages onto the transcript; the tool calls `new Briefing(state.execution).into(child.prompts)`, the child's member the only argument.",
    why: "A small object wrapping the source, with a method taking the destination, is ordinary. The messages travel in the receiver, not beside the member among the arguments.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(`
class Briefing {
  constructor(private readonly from: AgentExecution) {}
  into(transcript: SteeringMessage[][]): void {
    const said = userSaid(this.from);
    if (said.length > 0) transcript.push(said);
  }
}
`),
      beforeRun(`  new Briefing(state.execution).into(subAgentExecution.prompts);\n`),
    ],
  },
  {
    id: "r20-cond-array-literals",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool calls `openTranscript(child.prompts, input.isolated ? [] : [...userSaid(state.execution)])`: the child's member beside a conditional whose branches are both array literals, one spreading the parent's delivered user messages.",
    why: "An opt-out flag choosing between an empty and an inherited context is natural; a conditional of two literals carries no message only when the literals are primitives, not when one is an array literal that spreads messages.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(OPEN_TRANSCRIPT),
      { file: TOOL, find: `  prompt?: string;\n`, replace: `  prompt?: string;\n  isolated?: boolean;\n` },
      beforeRun(`  openTranscript(subAgentExecution.prompts, input.isolated ? [] : [...userSaid(state.execution)]);\n`),
    ],
  },
  // ---- R6: slot-named calls ------------------------------------------------------
  {
    id: "r20-slot-named-provider",
    model: "base",
    expect: "harmful",
    description:
      "A module-level `contextProviders = { liveSteering(child, parent) { child.prompts.push(userSaid(parent)); }, workspace(child) { recordSpan(...) } }`; the sub-agent tool calls `contextProviders.liveSteering(child, state.execution)`.",
    why: "Context providers keyed by the source they provide (live steering, workspace) are a plausible design; the call's key is the buffer's key in the services object, and a call of that key is taken to be no buffer, but it is a hand-off of the child to a function that writes into it.",
    edits: [
      ...withUserSaid,
      afterMaxDepth(`
const contextProviders = {
  liveSteering(child: AgentExecution, parent: AgentExecution): void {
    child.prompts.push(userSaid(parent));
  },
  workspace(child: AgentExecution): void {
    recordSpan("context", { agentName: child.agentName, workspace: child.promptContext.workspace });
  },
};
`),
      beforeRun(`  contextProviders.workspace(subAgentExecution);\n  contextProviders.liveSteering(subAgentExecution, state.execution);\n`),
    ],
  },
  // ---- R4: containers of executions ---------------------------------------------
  {
    id: "r20-registry-newest-destructure",
    model: "base",
    expect: "harmful",
    description:
      "The session registry (filled by the constructor's `registry.register(this)`) gets `newest() { const [last] = this.executions.slice(-1); return last; }`; the sub-agent tool calls `briefNewest(state.execution)`, which takes `services.registry.newest()` and, if it is not the parent and has no prompt yet, pushes the parent's delivered user messages onto its prompts.",
    why: "A registry accessor for the newest entry written with a destructured slice is idiomatic; the returned element is a destructuring target of a copy, not an index read of the container.",
    edits: [
      ...withUserSaid,
      { file: EXECUTION, find: REGISTRY_IFACE, replace: `  register(execution: AgentExecution): void;\n  newest(): AgentExecution | undefined;\n}\n` },
      { file: SESSION, find: REGISTRY_CLASS, replace: `${REGISTRY_CLASS}  newest(): AgentExecution | undefined {
    const [last] = this.executions.slice(-1);
    return last;
  }
` },
      afterMaxDepth(`
// The execution just built gets the parent's user messages as its first prompt.
function briefNewest(parent: AgentExecution): void {
  const newest = parent.sessionServices.registry.newest();
  if (newest && newest !== parent && newest.prompts.length === 0) newest.prompts.push(userSaid(parent));
}
`),
      beforeRun(`  briefNewest(state.execution);\n`),
    ],
  },
  {
    id: "r20-registry-findlast",
    model: "base",
    expect: "harmful",
    description:
      "The session registry gets `newestSubExecution() { return this.executions.findLast((execution) => execution.subExecutionDepth > 0); }`; the sub-agent tool calls `briefNewest(state.execution)`, which pushes the parent's delivered user messages onto that execution's prompts when it has none yet.",
    why: "`findLast` (node 18+) is the modern way to take the newest matching entry; it returns an element of the container although its callback only returns a boolean.",
    edits: [
      ...withUserSaid,
      { file: EXECUTION, find: REGISTRY_IFACE, replace: `  register(execution: AgentExecution): void;\n  newestSubExecution(): AgentExecution | undefined;\n}\n` },
      { file: SESSION, find: REGISTRY_CLASS, replace: `${REGISTRY_CLASS}  newestSubExecution(): AgentExecution | undefined {
    return this.executions.findLast((execution) => execution.subExecutionDepth > 0);
  }
` },
      afterMaxDepth(`
function briefNewest(parent: AgentExecution): void {
  const newest = parent.sessionServices.registry.newestSubExecution();
  if (newest && newest.prompts.length === 0) newest.prompts.push(userSaid(parent));
}
`),
      beforeRun(`  briefNewest(state.execution);\n`),
    ],
  },
  // ---- R4 + R5: a container's reader reached through the module's export object ----
  {
    id: "r20-live-set-lazy-namespace",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool keeps its children in a module-level `live` Set (`live.add(child)` where built, `live.delete` in a `finally`) and exports `newestLive()` (a `for-of` over `live`, returning the last); memory-extraction's `briefNewestLive(parent)` loads the tool module lazily, destructures `newestLive` from the namespace and pushes the parent's delivered user messages onto the returned execution's prompts; the tool awaits it after `live.add`.",
    why: "A live-set with a newest accessor and a lazily loaded module to break an import cycle are both ordinary; the accessor's only caller reaches it through the module's export object (esbuild's `__export` table, which is not a caller), by a destructured local.",
    edits: [
      userSaidHelper,
      { file: MEMORY, find: `import { AgentExecution, type PromptContext } from "../agent/execution";\n`, replace: `import { AgentExecution, userSaid, type PromptContext } from "../agent/execution";\n` },
      { file: MEMORY, find: `// Runs after a successful root turn`, replace: `// Gives the newest live sub-agent what the user told its parent.
export async function briefNewestLive(parent: AgentExecution): Promise<void> {
  const { newestLive } = await import("../tools/invoke-sub-agent");
  const child = newestLive();
  if (child && child !== parent && child.prompts.length === 0) child.prompts.push(userSaid(parent));
}

// Runs after a successful root turn` },
      { file: TOOL, find: `import { recordSpan } from "../telemetry/spans";\n`, replace: `import { recordSpan } from "../telemetry/spans";\nimport { briefNewestLive } from "../memory/memory-extraction";\n` },
      afterMaxDepth(`
const live = new Set<AgentExecution>();

export function newestLive(): AgentExecution | undefined {
  let newest: AgentExecution | undefined;
  for (const execution of live) newest = execution;
  return newest;
}
`),
      {
        file: TOOL,
        find: `  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
`,
        replace: `  live.add(subAgentExecution);
  await briefNewestLive(state.execution);
  let result: ExecutionState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    live.delete(subAgentExecution);
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  // ---- harmless neighbours --------------------------------------------------------
  {
    id: "r20-harmless-hooks-variadic",
    model: "base",
    expect: "harmless",
    description:
      "The sub-agent tool calls `runSubAgentHooks(child, parent, recordSubAgentStart, recordSubAgentParent)`; the helper's rest parameter `...hooks` is iterated and each hook records a span (the child's name and depth, the parent's name).",
    why: "A variadic hook runner whose hooks only record telemetry hands no message to the child; it should prove and apply.",
    edits: [
      afterMaxDepth(`${HARMLESS_HOOK_FNS}
async function runSubAgentHooks(child: AgentExecution, parent: AgentExecution, ...hooks: SubAgentHook[]): Promise<void> {
  for (const hook of hooks) await hook(child, parent);
}
`),
      beforeRun(`  await runSubAgentHooks(subAgentExecution, state.execution, recordSubAgentStart, recordSubAgentParent);\n`),
    ],
  },
  {
    id: "r20-harmless-static-hooks",
    model: "base",
    expect: "harmless",
    description:
      "`class SubAgentLifecycle { static readonly beforeRun = [recordSubAgentStart, recordSubAgentParent]; }` and `for (const hook of SubAgentLifecycle.beforeRun) await hook(child, parent)`; both hooks only record spans.",
    why: "The static-field registry of `r20-hooks-static-field` with telemetry hooks only; nothing reaches the child.",
    edits: [
      afterMaxDepth(`${HARMLESS_HOOK_FNS}
class SubAgentLifecycle {
  static readonly beforeRun: SubAgentHook[] = [recordSubAgentStart, recordSubAgentParent];
}
`),
      beforeRun(`  for (const hook of SubAgentLifecycle.beforeRun) await hook(subAgentExecution, state.execution);\n`),
    ],
  },
  {
    id: "r20-harmless-tools-spread",
    model: "base",
    expect: "harmless",
    description:
      "The tool table is assembled with a spread: `const fileTools = { read_file }`, `const tools = { ...fileTools, \"invoke-sub-agent\": invokeSubAgent }`; `read_file` returns a stub result as before.",
    why: "Per-area tool objects merged by spread are the common shape; every function reachable through the table is inert.",
    edits: [
      {
        file: REGISTRY,
        find: TOOLS_LITERAL,
        replace: `const fileTools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};

const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  ...fileTools,
  "invoke-sub-agent": invokeSubAgent,
};
`,
      },
    ],
  },
  {
    id: "r20-harmless-live-set-count",
    model: "base",
    expect: "harmless",
    description:
      "The sub-agent tool keeps its children in a module-level `live` Set (`live.add(child)` where built, `live.delete(child)` in a `finally` after the run), records `concurrent: live.size` in its span, and exports `liveSubAgentNames()` (`[...live].map((execution) => execution.agentName)`), which the session logs on cancel.",
    why: "Tracking in-flight sub-agents for status and cancellation logs is ordinary; the set is only counted and read for names.",
    edits: [
      afterMaxDepth(`
const live = new Set<AgentExecution>();

export function liveSubAgentNames(): string[] {
  return [...live].map((execution) => execution.agentName);
}
`),
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });\n`, replace: `  live.add(subAgentExecution);\n  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, concurrent: live.size });\n` },
      {
        file: TOOL,
        find: `  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
`,
        replace: `  let result: ExecutionState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    live.delete(subAgentExecution);
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
      { file: SESSION, find: `import { runMemoryExtraction } from "../memory/memory-extraction";\n`, replace: `import { runMemoryExtraction } from "../memory/memory-extraction";\nimport { liveSubAgentNames } from "../tools/invoke-sub-agent";\n` },
      { file: SESSION, find: `  cancel(): void {\n`, replace: `  cancel(): void {\n    this.sessionServices.logger.debug(\`cancel with live sub-agents: \${liveSubAgentNames().join(", ") || "none"}\`);\n` },
    ],
  },
  {
    id: "r20-harmless-epoch-sync",
    model: "base",
    expect: "harmless",
    description:
      "`clearSteering()` also writes the session's epoch into the buffer (`this.sessionServices.liveSteering.epoch = this.steeringEpoch`), which the buffer's `push` copies into each new message's `epoch`; nothing reads a message's `epoch`.",
    why: "Keeping the buffer's epoch in step with the session's after a clear is a natural fix; the written key is read only by the builder, to copy it into a message key nobody reads.",
    edits: [
      { file: SESSION, find: `    this.steeringEpoch++;\n`, replace: `    this.steeringEpoch++;\n    this.sessionServices.liveSteering.epoch = this.steeringEpoch;\n` },
    ],
  },
  {
    id: "r20-harmless-root-factory-kind",
    model: "base",
    expect: "harmless",
    description:
      "The session builds its root through `private createRoot() { return this.track(new AgentExecution({...}), \"root\"); }`, where `track(execution, kind)` records `kinds.set(execution.executionId, kind)` and returns its first argument.",
    why: "A factory with a tracking wrapper that also labels the execution is ordinary; the wrapper returns its first argument and stores only the id and a literal.",
    edits: [
      { file: SESSION, find: `  private turnController: AbortController | undefined;\n`, replace: `  private turnController: AbortController | undefined;\n  private readonly kinds = new Map<string, string>();\n` },
      {
        file: SESSION,
        find: ROOT_NEW,
        replace: `    const root = this.createRoot();
`,
      },
      {
        file: SESSION,
        find: `  private async runTurn(`,
        replace: `  private track<T extends AgentExecution>(execution: T, kind: string): T {
    this.kinds.set(execution.executionId, kind);
    return execution;
  }

  private createRoot(): AgentExecution {
    return this.track(
      new AgentExecution({
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.turnController!.signal,
        agentName: "kiro",
      }),
      "root",
    );
  }

  private async runTurn(`,
      },
    ],
  },
  {
    id: "r20-harmless-entry-default-export",
    model: "base",
    expect: "harmless",
    description:
      "The server entry gains `export default runScenario;` and `export const scenarioApi = { runScenario, AcpSession };` for embedders and tests.",
    why: "Entries often export their main routine for tests; esbuild lists them in the export table (`default: () => …`), and an object of functions as an exported const.",
    edits: [
      { file: SERVER, find: `async function main(argv: string[]): Promise<void> {\n`, replace: `export default runScenario;\nexport const scenarioApi = { runScenario, AcpSession };\n\nasync function main(argv: string[]): Promise<void> {\n` },
    ],
  },
  // ---- second batch: the started run with no parent handed beside the child ------
  {
    id: "r20-started-after-tool-map-root",
    model: "base",
    expect: "harmful",
    description:
      "The registry interface exposes `executions`; `executeTool` runs, after the tool, an after-tool hook looked up in a module-level `new Map([[\"invoke-sub-agent\", remindOfSteering]])` (`const after = afterTool.get(turn.name); if (after) after(state)`); for a sub-execution, `remindOfSteering` finds the turn's root among the registered executions and pushes the user messages the root's prompts received onto the sub-execution's prompts.",
    why: "Per-tool follow-up hooks in a Map keyed by tool name are ordinary. `executeTool` runs after the drain in the child's run, and a hand-off there to a function held in a local (a Map's get) is not read further, though the function writes old steers into the child.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: REGISTRY, find: REG_IMPORT, replace: `${REG_IMPORT}import { turnRoot, userSaid } from "../agent/execution";\n` },
      {
        file: REGISTRY,
        find: TOOLS_LITERAL,
        replace: `${TOOLS_LITERAL}
${REMIND_ROOT}
const afterTool = new Map<string, (state: ExecutionState) => void>([["invoke-sub-agent", remindOfSteering]]);
`,
      },
      {
        file: REGISTRY,
        find: EXECUTE_CALL,
        replace: `  const result = await tool(state, turn.input);
  const after = afterTool.get(turn.name);
  if (after) after(state);
  return result;
`,
      },
    ],
  },
  {
    id: "r20-started-deep-chain-root",
    model: "base",
    expect: "harmful",
    description:
      "The registry interface exposes `executions`; `runExecution`'s TOOL_EXECUTE case, after `executeTool`, calls `settleToolTurn(state)`, which goes through `recordToolTurn` → `updateTranscript` → `refreshContext` → `remindOfSteering`; the last, for a sub-execution, finds the turn's root among the registered executions and pushes the user messages its prompts received onto the sub-execution's prompts.",
    why: "Layered bookkeeping after a tool call is how such code grows; the chain is five hand-offs deep from runExecution, all after the drain in the child's run.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: NODES, find: `import type { AgentExecution, ModelTurn } from "../agent/execution";\n`, replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport { recordSpan } from "../telemetry/spans";\n` },
      {
        file: NODES,
        find: `export async function runExecution(`,
        replace: `${REMIND_ROOT}
function refreshContext(state: ExecutionState): void {
  if (state.execution.signal.aborted) return;
  remindOfSteering(state);
}

function updateTranscript(state: ExecutionState): void {
  recordSpan("transcript", { agentName: state.execution.agentName, prompts: state.execution.prompts.length });
  refreshContext(state);
}

function recordToolTurn(state: ExecutionState): void {
  recordSpan("tool-turn", { agentName: state.execution.agentName, turns: state.turns });
  updateTranscript(state);
}

async function settleToolTurn(state: ExecutionState): Promise<void> {
  await Promise.resolve();
  recordToolTurn(state);
}

export async function runExecution(`,
      },
      { file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}        await settleToolTurn(state);\n` },
    ],
  },
  {
    id: "r20-started-tools-spread-root",
    model: "base",
    expect: "harmful",
    description:
      "The registry interface exposes `executions`; the tool table is `{ ...subAgentTools, read_file }`, where `subAgentTools` maps `invoke-sub-agent` to a wrapper that awaits `invokeSubAgent` and then, for a calling sub-execution, pushes onto its prompts the user messages the turn's root (found among the registered executions) received.",
    why: "Tool tables assembled from per-area objects with spread are the common shape; the wrapper runs in the calling sub-agent's run, after its drain.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: REGISTRY, find: REG_IMPORT, replace: `${REG_IMPORT}import { turnRoot, userSaid } from "../agent/execution";\n` },
      {
        file: REGISTRY,
        find: TOOLS_LITERAL,
        replace: `const subAgentTools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  "invoke-sub-agent": async (state, input) => {
    const result = await invokeSubAgent(state, input);
    // A delegating sub-agent is reminded of what the user told the root.
    const root = turnRoot(state.execution);
    if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
    return result;
  },
};

const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {
  ...subAgentTools,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};
`,
      },
    ],
  },
  {
    id: "r20-harmless-live-set-size",
    model: "base",
    expect: "harmless",
    description:
      "The sub-agent tool keeps its children in a module-level `live` Set (`live.add(child)` where built, `live.delete(child)` in a `finally` whose `try` first awaits the child's run) and records `concurrent: live.size` in its span; nothing else reads the set.",
    why: "Counting in-flight sub-agents for telemetry is ordinary; the set is only counted.",
    edits: [
      afterMaxDepth(`
const live = new Set<AgentExecution>();
`),
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });\n`, replace: `  live.add(subAgentExecution);\n  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, concurrent: live.size });\n` },
      {
        file: TOOL,
        find: `  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
`,
        replace: `  let result: ExecutionState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    live.delete(subAgentExecution);
  }
  return { agent: subagentId, turns: result.turns };
`,
      },
    ],
  },
  {
    id: "r20-started-direct-root",
    model: "base",
    expect: "harmful",
    description:
      "Control for the second batch: the registry interface exposes `executions`; `runExecution`'s TOOL_EXECUTE case, right after `executeTool`, calls the named module function `remindOfSteering(state)`, which for a sub-execution pushes onto its prompts the user messages the turn's root (found among the registered executions) received.",
    why: "The same reminder as `r20-started-after-tool-map-root`, called by name one hand-off into the started run: R2 still reads started code for what it puts into the child, so this one must be refused; it tells apart the local, the depth and the spread from the registry read they share.",
    edits: [
      userSaidHelper,
      ...registryExposed,
      { file: NODES, find: `import type { AgentExecution, ModelTurn } from "../agent/execution";\n`, replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\n` },
      { file: NODES, find: `export async function runExecution(`, replace: `${REMIND_ROOT}\nexport async function runExecution(` },
      { file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}        remindOfSteering(state);\n` },
    ],
  },
];
