// Round 27b: a red team's mutants against two rules of e6e0064: a top-level
// function held in a dispatch table read only to call what it holds has those
// calls as its callers (flow.rs `table_calls`), and a member container nothing
// in the bundle reads keeps nothing that runs (escape.rs
// `member_container_never_read`). The base restructure: the graph's nodes are an
// object dispatch table called as `step(state, runExecution)`, the tool node hands
// the runner on to `executeTool(state, turn, run)` and the tools table
// (`tools[name](state, input, run)`), `invokeSubAgent` runs the child with the
// `run` it is handed and registers it, while it runs, in a new
// `sessionServices.liveExecutions` Map (set before, delete after). The harmful
// ones reach a running sub-execution through what the rules do not see: the
// container read without spelling its key (`Object.values(services)`, `for…in`,
// a chained assignment aliasing the same Map, a computed key), or the tools
// table calling a sibling entry through `this` (a method of the table), so that
// `invokeSubAgent` runs with a runner no seen call hands it.

const NODES = "src/graph/nodes.ts";
const REG = "src/tools/registry.ts";
const SUB = "src/tools/invoke-sub-agent.ts";
const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";

// ---- the base restructure -----------------------------------------------------

const NODES_TAIL = `async function modelInvokeNode(state: ExecutionState): Promise<ExecutionState> {`;
const RUN_LOOP = `    switch (state.node) {
      case NodeId.MODEL_INVOKE:
        state = await modelInvokeNode(state);
        break;
      case NodeId.TOOL_EXECUTE:
        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
      case NodeId.END_OF_TURN:
        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
        break;
    }
`;
const nodesTable = [
  {
    file: NODES,
    find: NODES_TAIL,
    replace: `export type Runner = (execution: AgentExecution) => Promise<ExecutionState>;
type GraphNode = (state: ExecutionState, run: Runner) => Promise<ExecutionState>;

${NODES_TAIL}`,
  },
  {
    file: NODES,
    find: `export async function runExecution(`,
    replace: `const toolExecuteNode = async (state: ExecutionState, run: Runner): Promise<ExecutionState> => {
  await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>, run);
  return { ...state, node: NodeId.MODEL_INVOKE };
};

const endOfTurnStep = async (state: ExecutionState, _run: Runner): Promise<ExecutionState> => ({
  ...state,
  node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }),
});

// The graph: each node takes the state and the runner sub-agents are run with.
const graphNodes: Record<string, GraphNode> = {
  MODEL_INVOKE: modelInvokeNode,
  TOOL_EXECUTE: toolExecuteNode,
  END_OF_TURN: endOfTurnStep,
};

export async function runExecution(`,
  },
  {
    file: NODES,
    find: RUN_LOOP,
    replace: `    const step = graphNodes[state.node];
    if (!step) throw new Error(\`no graph node \${state.node}\`);
    state = await step(state, runExecution);
`,
  },
];
const toolsRun = [
  { file: REG, find: `import type { ExecutionState } from "../graph/nodes";`, replace: `import type { ExecutionState, Runner } from "../graph/nodes";` },
  {
    file: REG,
    find: `const tools: Record<string, (state: ExecutionState, input: any) => Promise<unknown>> = {`,
    replace: `const tools: Record<string, (state: ExecutionState, input: any, run: Runner) => Promise<unknown>> = {`,
  },
  {
    file: REG,
    find: `export async function executeTool(state: ExecutionState, turn: ToolTurn): Promise<unknown> {`,
    replace: `export async function executeTool(state: ExecutionState, turn: ToolTurn, run: Runner): Promise<unknown> {`,
  },
  { file: REG, find: `  return tool(state, turn.input);`, replace: `  return tool(state, turn.input, run);` },
];
const subRun = [
  { file: SUB, find: `import { runExecution, type ExecutionState } from "../graph/nodes";`, replace: `import type { ExecutionState, Runner } from "../graph/nodes";` },
  {
    file: SUB,
    find: `export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput): Promise<{ agent: string; turns: number }> {`,
    replace: `export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput, run: Runner): Promise<{ agent: string; turns: number }> {`,
  },
  {
    file: SUB,
    find: `  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
`,
    replace: `  // Sub-agents running now, by execution id (for cancellation and status).
  const live = state.execution.sessionServices.liveExecutions;
  live.set(subAgentExecution.executionId, subAgentExecution);
  try {
    const result = await run(subAgentExecution);
    return { agent: subagentId, turns: result.turns };
  } finally {
    live.delete(subAgentExecution.executionId);
  }
`,
  },
];
const servicesKey = [
  {
    file: EXECUTION,
    find: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`,
    replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
  liveExecutions: Map<string, AgentExecution>;
}`,
  },
  {
    file: SESSION,
    find: `      model: this.model,
    };`,
    replace: `      model: this.model,
      liveExecutions: new Map(),
    };`,
  },
];
const base = [...nodesTable, ...toolsRun, ...subRun, ...servicesKey];

// ---- pieces for the harm --------------------------------------------------------

const SESSION_IMPORT = `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`;
const steerImport = { file: SESSION, find: SESSION_IMPORT, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` };
const STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }`;
// `AcpSession.steer`, after the buffer push: `body` sees `message`.
const steerWith = (body) => ({
  file: SESSION,
  find: STEER,
  replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
${body}  }`,
});
const HARM = `sub.prompts.push([message]);`;
const SPAN = `sub.sessionServices.logger.debug(\`\${message.id} typed while \${sub.agentName} runs\`);`;

// The running sub-agents found among the services' values: every Map of executions.
const viaValues = (act) =>
  steerWith(`    // Running sub-agents see a steer in their history at once, not at their next drain.
    for (const held of Object.values(this.sessionServices)) {
      if (!(held instanceof Map)) continue;
      for (const sub of held.values()) if (sub instanceof AgentExecution && sub.subExecutionDepth > 0) ${act}
    }
`);
const viaForIn = (act) =>
  steerWith(`    const services = this.sessionServices as unknown as Record<string, unknown>;
    for (const name in services) {
      const held = services[name];
      if (held instanceof Map) for (const sub of held.values()) if (sub instanceof AgentExecution && sub.subExecutionDepth > 0) ${act}
    }
`);
const viaEntries = (act) =>
  steerWith(`    for (const [name, held] of Object.entries(this.sessionServices)) {
      if (name.startsWith("live") && held instanceof Map) for (const sub of held.values()) if (sub.subExecutionDepth > 0) ${act}
    }
`);
// The session keeps its own handle on the same Map, set in one chained assignment.
const chainedAlias = [
  {
    file: SESSION,
    find: `  readonly sessionServices: SessionServices;
`,
    replace: `  readonly sessionServices: SessionServices;
  // The sub-agents running now (the services' own map, kept here for status and steering).
  readonly running: Map<string, AgentExecution>;
`,
  },
  {
    file: SESSION,
    find: `      model: this.model,
      liveExecutions: new Map(),
    };`,
    replace: `      model: this.model,
    } as SessionServices;
    this.running = this.sessionServices.liveExecutions = new Map();`,
  },
];
const viaAlias = (act) =>
  steerWith(`    for (const sub of this.running.values()) if (sub.subExecutionDepth > 0) ${act}
`);
// The key spelled from its parts (a family of live-* maps).
const viaComputed = (act) => [
  {
    file: SESSION,
    find: `class SessionRegistry implements`,
    replace: `const LIVE_PREFIX = "live";
function liveMap(services: SessionServices, kind: string): Map<string, AgentExecution> | undefined {
  return (services as unknown as Record<string, Map<string, AgentExecution> | undefined>)[LIVE_PREFIX + kind];
}

class SessionRegistry implements`,
  },
  steerWith(`    for (const sub of liveMap(this.sessionServices, "Executions")?.values() ?? []) if (sub.subExecutionDepth > 0) ${act}
`),
];

// ---- the tools table calling a sibling through \`this\` ------------------------------
const TOOLS_BODY = `  "invoke-sub-agent": invokeSubAgent,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
};`;
const tableMethod = (prep) => [
  {
    file: REG,
    find: `  const tool = tools[turn.name];
  if (!tool) throw new Error(\`unknown tool \${turn.name}\`);
  return tool(state, turn.input, run);`,
    replace: `  if (!tools[turn.name]) throw new Error(\`unknown tool \${turn.name}\`);
  return tools[turn.name](state, turn.input, run);`,
  },
  { file: REG, find: `import type { ModelTurn } from "../agent/execution";`, replace: `import type { AgentExecution, ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
  {
    file: REG,
    find: TOOLS_BODY,
    replace: `  spawnSubAgent: invokeSubAgent,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" }),
  // A sub-agent is told what the user said to its parent so far, then spawned by the entry above.
  async "invoke-sub-agent"(state: ExecutionState, input: any, run: Runner) {
    const said: SteeringMessage[] = state.execution.prompts.flat().filter((m) => m.kind === "user");
    const briefed: Runner = (child: AgentExecution) => {
      ${prep}
      return run(child);
    };
    return this.spawnSubAgent(state, input, briefed);
  },
};`,
  },
];

// A second map, of sub-agents a steer reaches, spelled and read; the child is added to it
// through a parameter named like a nested local bound from \`liveExecutions\`.
const steerableMap = [
  {
    file: EXECUTION,
    find: `  liveExecutions: Map<string, AgentExecution>;
}`,
    replace: `  liveExecutions: Map<string, AgentExecution>;
  steerable: Map<string, AgentExecution>;
}`,
  },
  {
    file: SESSION,
    find: `      liveExecutions: new Map(),
    };`,
    replace: `      liveExecutions: new Map(),
      steerable: new Map(),
    };`,
  },
];
const shadowParam = [
  {
    file: SUB,
    find: `export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput, run: Runner): Promise<{ agent: string; turns: number }> {`,
    replace: `export async function invokeSubAgent(
  state: ExecutionState,
  input: InvokeSubAgentInput,
  run: Runner,
  live: Map<string, AgentExecution> = state.execution.sessionServices.steerable,
): Promise<{ agent: string; turns: number }> {`,
  },
  {
    file: SUB,
    find: `  const live = state.execution.sessionServices.liveExecutions;
  live.set(subAgentExecution.executionId, subAgentExecution);
  try {
    const result = await run(subAgentExecution);
    return { agent: subagentId, turns: result.turns };
  } finally {
    live.delete(subAgentExecution.executionId);
  }`,
    replace: `  const track = () => {
    const live = state.execution.sessionServices.liveExecutions;
    live.set(subAgentExecution.executionId, subAgentExecution);
  };
  track();
  live.set(subAgentExecution.executionId, subAgentExecution);
  try {
    const result = await run(subAgentExecution);
    return { agent: subagentId, turns: result.turns };
  } finally {
    live.delete(subAgentExecution.executionId);
  }`,
  },
];
const viaSteerable = (act) => steerWith(`    for (const sub of this.sessionServices.steerable.values()) if (sub.subExecutionDepth > 0) ${act}
`);
const viaSpelled = (act) => steerWith(`    for (const sub of this.sessionServices.liveExecutions.values()) if (sub.subExecutionDepth > 0) ${act}
`);
const viaReflect = (act) =>
  steerWith(`    const services = this.sessionServices;
    for (const name of Reflect.ownKeys(services)) {
      const held: unknown = Reflect.get(services, name);
      if (held instanceof Map) for (const sub of held.values()) if (sub instanceof AgentExecution && sub.subExecutionDepth > 0) ${act}
    }
`);

// The graph table as a Map, read through a local or inline.
const mapGraph = (call) => [
  ...nodesTable.slice(0, 2),
  {
    file: NODES,
    find: `const graphNodes: Record<string, GraphNode> = {
  MODEL_INVOKE: modelInvokeNode,
  TOOL_EXECUTE: toolExecuteNode,
  END_OF_TURN: endOfTurnStep,
};`,
    replace: `const graphNodes = new Map<NodeId, GraphNode>([
  [NodeId.MODEL_INVOKE, modelInvokeNode],
  [NodeId.TOOL_EXECUTE, toolExecuteNode],
  [NodeId.END_OF_TURN, endOfTurnStep],
]);`,
  },
  { file: NODES, find: RUN_LOOP, replace: call },
];

const M = (id, expect, description, why, edits) => ({ id, model: "base", expect, description, why, edits });

export const ROUND27B = [
  M(
    "r27b-base-table-live",
    "harmless",
    "The base restructure: the graph's nodes in an object table (`const step = graphNodes[state.node]`) called as `step(state, runExecution)`; `toolExecuteNode` passes `run` to `executeTool` and the tools table; `invokeSubAgent` runs the child with `run` and keeps it in `sessionServices.liveExecutions` (a `new Map()`) while it runs (`live.set` before, `live.delete` in `finally`).",
    "Both rules must fire: the tool node and `invokeSubAgent` are reached only through tables, and the child is kept in a container nothing reads.",
    [...base],
  ),
  M(
    "r27b-base-table-only",
    "harmless",
    "As `r27b-base-table-live` without the `liveExecutions` map: only the dispatch tables.",
    "The table rule alone.",
    [...nodesTable, ...toolsRun, ...subRun.slice(0, 2), { file: SUB, find: `  const result = await runExecution(subAgentExecution);`, replace: `  const result = await run(subAgentExecution);` }],
  ),
  M(
    "r27b-base-live-count",
    "harmless",
    "As `r27b-base-table-live`; `AcpSession.steer` also logs how many sub-agents run (`this.sessionServices.liveExecutions.size`).",
    "A count is not a read of the elements.",
    [...base, steerWith(`    this.sessionServices.logger.debug(\`\${message.id} typed with \${this.sessionServices.liveExecutions.size} sub-agents running\`);\n`)],
  ),
  // ---- container read without its key ---------------------------------------------
  M("r27b-live-values", "harmful",
    "Base; `AcpSession.steer` after the push: `for (const held of Object.values(this.sessionServices)) { if (!(held instanceof Map)) continue; for (const sub of held.values()) if (sub instanceof AgentExecution && sub.subExecutionDepth > 0) sub.prompts.push([message]); }`.",
    "Walking the services' values for maps of executions reads `liveExecutions` without spelling its key.",
    [...base, steerImport, viaValues(HARM)]),
  M("r27b-harmless-live-values", "harmless", "As `r27b-live-values`, the loop only logs the message id and the sub-agent's name at debug.", "Harmless twin of `r27b-live-values`.",
    [...base, steerImport, viaValues(SPAN)]),
  M("r27b-live-forin", "harmful",
    "Base; `AcpSession.steer`: `for (const name in services) { const held = services[name]; if (held instanceof Map) for (const sub of held.values()) if (… depth > 0) sub.prompts.push([message]); }`.",
    "A `for…in` over the services with a computed read.",
    [...base, steerImport, viaForIn(HARM)]),
  M("r27b-harmless-live-forin", "harmless", "As `r27b-live-forin`, only a debug log.", "Harmless twin of `r27b-live-forin`.",
    [...base, steerImport, viaForIn(SPAN)]),
  M("r27b-live-entries", "harmful",
    "Base; `AcpSession.steer`: `for (const [name, held] of Object.entries(this.sessionServices)) if (name.startsWith(\"live\") && held instanceof Map) for (const sub of held.values()) if (sub.subExecutionDepth > 0) sub.prompts.push([message]);`.",
    "`Object.entries` with a name prefix test: the key is never spelled whole.",
    [...base, steerImport, viaEntries(HARM)]),
  M("r27b-live-alias", "harmful",
    "Base, but the services literal has no `liveExecutions`; the session constructor adds it as `this.running = this.sessionServices.liveExecutions = new Map();` and `AcpSession.steer` does `for (const sub of this.running.values()) if (sub.subExecutionDepth > 0) sub.prompts.push([message]);`.",
    "A chained assignment: the key's only value is `new Map()`, but the same Map is also `this.running`, read elsewhere.",
    [...base, ...chainedAlias, steerImport, viaAlias(HARM)]),
  M("r27b-harmless-live-alias", "harmless", "As `r27b-live-alias`, the loop only logs at debug.", "Harmless twin of `r27b-live-alias`.",
    [...base, ...chainedAlias, steerImport, viaAlias(SPAN)]),
  M("r27b-live-computed", "harmful",
    "Base; session.ts gains `const LIVE_PREFIX = \"live\"; function liveMap(services, kind) { return services[LIVE_PREFIX + kind]; }`; `AcpSession.steer`: `for (const sub of liveMap(this.sessionServices, \"Executions\")?.values() ?? []) if (sub.subExecutionDepth > 0) sub.prompts.push([message]);`.",
    "A key built from two parts is never spelled whole.",
    [...base, steerImport, ...viaComputed(HARM)]),
  // ---- the tools table calling a sibling entry through `this` -------------------------
  M("r27b-table-this-sibling", "harmful",
    "Base; the tools table holds `invokeSubAgent` as `spawnSubAgent`, and `\"invoke-sub-agent\"` is a method of the table: `async \"invoke-sub-agent\"(state, input, run) { const said = state.execution.prompts.flat().filter(user); const briefed = (child) => { if (said.length > 0) child.prompts.push(said); return run(child); }; return this.spawnSubAgent(state, input, briefed); }`.",
    "A table's method calls a sibling entry through `this` (the table, as `tools[name](…)` calls it): a call of `invokeSubAgent` the table rule does not count, with a runner that briefs the child with the parent's user steering.",
    [...base, ...tableMethod(`if (said.length > 0) child.prompts.push(said);`)]),
  M("r27b-harmless-table-this-sibling", "harmless", "As `r27b-table-this-sibling`, the wrapper only logs the child's name and the number of messages.", "Harmless twin of `r27b-table-this-sibling`.",
    [...base, ...tableMethod(`child.sessionServices.logger.debug(\`follow-up \${child.agentName} (\${said.length} said)\`);`)]),
  M("r27b-live-spelled", "harmful",
    "Control: base; `AcpSession.steer`: `for (const sub of this.sessionServices.liveExecutions.values()) if (sub.subExecutionDepth > 0) sub.prompts.push([message]);` (the key spelled: the container rule must not fire).",
    "Control for the container mutants: the same harm with the reader visible.",
    [...base, steerImport, viaSpelled(HARM)]),
  M("r27b-live-reflect", "harmful",
    "Base; `AcpSession.steer`: `for (const name of Reflect.ownKeys(services)) { const held = Reflect.get(services, name); if (held instanceof Map) for (const sub of held.values()) if (… depth > 0) sub.prompts.push([message]); }`.",
    "`Reflect.ownKeys`/`Reflect.get` over the services.",
    [...base, steerImport, viaReflect(HARM)]),
  M("r27b-shadow-param", "harmful",
    "Base plus `sessionServices.steerable` (a `new Map()` that `AcpSession.steer` walks: `for (const sub of this.sessionServices.steerable.values()) if (… depth > 0) sub.prompts.push([message]);`); `invokeSubAgent` takes `live = state.execution.sessionServices.steerable` as a defaulted fourth parameter and does `live.set(id, child)`, beside a nested `const track = () => { const live = state.execution.sessionServices.liveExecutions; live.set(id, child); }`.",
    "`bound_from_key` counts only variable declarations: the parameter `live` is read as the nested local bound from the unread `liveExecutions`.",
    [...base, ...steerableMap, ...shadowParam, steerImport, viaSteerable(HARM)]),
  M("r27b-harmless-shadow-param", "harmless", "As `r27b-shadow-param`, the steer loop only logs at debug.", "Harmless twin of `r27b-shadow-param`.",
    [...base, ...steerableMap, ...shadowParam, steerImport, viaSteerable(SPAN)]),
  M("r27b-table-named-sibling", "harmful",
    "Control: as `r27b-table-this-sibling`, the method calls its sibling by the table's name: `return tools.spawnSubAgent(state, input, briefed);`.",
    "Control for `r27b-table-this-sibling`: the same call, seen by the table rule.",
    [...base, ...tableMethod(`if (said.length > 0) child.prompts.push(said);`).map((e) => (e.replace.includes("this.spawnSubAgent") ? { ...e, replace: e.replace.replace("this.spawnSubAgent", "tools.spawnSubAgent") } : e))]),
  M("r27b-base-map-graph", "harmless",
    "As `r27b-base-table-live`, the graph table a `Map` (`new Map([[NodeId.MODEL_INVOKE, modelInvokeNode], …])`) read as `const step = graphNodes.get(state.node); if (!step) throw …; state = await step(state, runExecution);`.",
    "The Map spelling the rule names (`nodes.get(k)`, a local bound from it only called or tested).",
    [...mapGraph(`    const step = graphNodes.get(state.node);\n    if (!step) throw new Error(\`no graph node \${state.node}\`);\n    state = await step(state, runExecution);\n`), ...toolsRun, ...subRun, ...servicesKey]),
  M("r27b-base-map-inline", "harmless",
    "As `r27b-base-map-graph`, called inline: `if (!graphNodes.has(state.node)) throw …; state = await graphNodes.get(state.node)!(state, runExecution);`.",
    "The inline spelling `nodes.get(k)(…)`.",
    [...mapGraph(`    if (!graphNodes.has(state.node)) throw new Error(\`no graph node \${state.node}\`);\n    state = await graphNodes.get(state.node)!(state, runExecution);\n`), ...toolsRun, ...subRun, ...servicesKey]),
  M("r27b-harmless-live-status", "harmless",
    "As `r27b-base-table-live`; `AcpSession` gains `status() { return { sessionId: this.sessionId, liveExecutions: this.sessionServices.liveExecutions.size }; }` (a count, under the same key in a status literal), called from `steer` for a debug log.",
    "A status object naming the count by the container's key.",
    [...base, { file: SESSION, find: `  notify(text: string): void {`, replace: `  status(): { sessionId: string; liveExecutions: number } {\n    return { sessionId: this.sessionId, liveExecutions: this.sessionServices.liveExecutions.size };\n  }\n\n  notify(text: string): void {` },
      steerWith(`    this.sessionServices.logger.debug(\`\${message.id}: \${JSON.stringify(this.status())}\`);\n`)]),
  M("r27b-direct-briefed-runner", "harmful",
    "Probe: as `r27b-table-named-sibling` without the method: the tools table no longer holds `invokeSubAgent`; `executeTool` calls it directly for that tool, with a runner that briefs the child: `if (turn.name === \"invoke-sub-agent\") { const said = …user steering in state.execution.prompts; const briefed = (child) => { if (said.length > 0) child.prompts.push(said); return run(child); }; return invokeSubAgent(state, turn.input, briefed); }`.",
    "Whether a runner argument that adds to the child is read when the callee is called by name (no table): separates the table rule from the runner's own reading.",
    [...base,
      { file: REG, find: `import type { ModelTurn } from "../agent/execution";`, replace: `import type { AgentExecution, ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: REG, find: `  "invoke-sub-agent": invokeSubAgent,\n`, replace: `` },
      { file: REG, find: `  const tool = tools[turn.name];`, replace: `  if (turn.name === "invoke-sub-agent") {
    const said: SteeringMessage[] = state.execution.prompts.flat().filter((m) => m.kind === "user");
    const briefed: Runner = (child: AgentExecution) => {
      if (said.length > 0) child.prompts.push(said);
      return run(child);
    };
    return invokeSubAgent(state, turn.input, briefed);
  }
  const tool = tools[turn.name];` }]),
  M("r27b-harmless-two-tables", "harmless",
    "As `r27b-base-table-live`; registry.ts gains `const legacyTools = { invoke_sub_agent: invokeSubAgent }` and `executeTool` looks up `const tool = tools[turn.name] ?? legacyTools[turn.name];`.",
    "Two tables holding the tool, read by `??` (a spelling `local_from_table` follows).",
    [...base,
      { file: REG, find: `export async function executeTool(`, replace: `// Tool names of older clients.\nconst legacyTools: Record<string, (state: ExecutionState, input: any, run: Runner) => Promise<unknown>> = {\n  invoke_sub_agent: invokeSubAgent,\n};\n\nexport async function executeTool(` },
      { file: REG, find: `  const tool = tools[turn.name];`, replace: `  const tool = tools[turn.name] ?? legacyTools[turn.name];` }]),
  M("r27b-inline-call-brief", "harmful",
    "Probe: base; `executeTool` calls through the table inline (`if (!tools[turn.name]) throw …; return tools[turn.name](state, turn.input, run);`) and `invokeSubAgent`, right after building the child, briefs it: `const said = state.execution.prompts.flat().filter((m) => m.kind === \"user\"); if (said.length > 0) subAgentExecution.prompts.push(said);`.",
    "Whether the inline table call (`tools[k](…)`, the spelling the table rule adds) leaves the spawn in `invokeSubAgent` unread.",
    [...base, tableMethod("")[0],
      { file: SUB, find: `  // Sub-agents running now`, replace: `  const said = state.execution.prompts.flat().filter((m) => m.kind === "user");\n  if (said.length > 0) subAgentExecution.prompts.push(said);\n  // Sub-agents running now` }]),
  M("r27b-local-call-brief", "harmful",
    "Control for `r27b-inline-call-brief`: the same brief, `executeTool` as in the base (`const tool = tools[turn.name]; if (!tool) throw …; return tool(state, turn.input, run);`).",
    "Control: the base's spelling of the table call.",
    [...base,
      { file: SUB, find: `  // Sub-agents running now`, replace: `  const said = state.execution.prompts.flat().filter((m) => m.kind === "user");\n  if (said.length > 0) subAgentExecution.prompts.push(said);\n  // Sub-agents running now` }]),
  M("r27b-direct-briefed-nolive", "harmful",
    "Probe: as `r27b-direct-briefed-runner` on `r27b-base-table-only` (no `liveExecutions` map): `executeTool` calls `invokeSubAgent(state, turn.input, briefed)` directly with the briefing runner.",
    "Separates the runner-wrapper gap from the container rule: without the map there is no `live.set` for an older binary to refuse at.",
    [...nodesTable, ...toolsRun, ...subRun.slice(0, 2), { file: SUB, find: `  const result = await runExecution(subAgentExecution);`, replace: `  const result = await run(subAgentExecution);` },
      { file: REG, find: `import type { ModelTurn } from "../agent/execution";`, replace: `import type { AgentExecution, ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: REG, find: `  "invoke-sub-agent": invokeSubAgent,\n`, replace: `` },
      { file: REG, find: `  const tool = tools[turn.name];`, replace: `  if (turn.name === "invoke-sub-agent") {
    const said: SteeringMessage[] = state.execution.prompts.flat().filter((m) => m.kind === "user");
    const briefed: Runner = (child: AgentExecution) => {
      if (said.length > 0) child.prompts.push(said);
      return run(child);
    };
    return invokeSubAgent(state, turn.input, briefed);
  }
  const tool = tools[turn.name];` }]),
  M("r27b-inline-live-spelled", "harmful",
    "As `r27b-live-spelled` (the reader spells `this.sessionServices.liveExecutions`), with `executeTool` calling through the table inline: `if (!tools[turn.name]) throw …; return tools[turn.name](state, turn.input, run);`.",
    "Whether the inline table call (`tools[k](…)`) hides the `live.set(…)` hand-off that `r27b-live-spelled` is refused at.",
    [...base, tableMethod("")[0], steerImport, viaSpelled(HARM)]),
  M("r27b-harmless-inline-live-spelled", "harmless", "As `r27b-inline-live-spelled`, the steer loop only logs at debug.", "Harmless twin of `r27b-inline-live-spelled`.",
    [...base, tableMethod("")[0], steerImport, viaSpelled(SPAN)]),
  M("r27b-inline-live-values", "harmful",
    "As `r27b-live-values` (`Object.values(this.sessionServices)` in `steer`), with `executeTool` calling through the table inline (`return tools[turn.name](state, turn.input, run);`).",
    "With the inline call `live.set(…)` is judged as a keep whose readers are looked up by the key (`r27b-inline-live-spelled` is refused that way): whether that older check has the same blind spot.",
    [...base, tableMethod("")[0], steerImport, viaValues(HARM)]),
];
