// Round 23: a red team's mutants against the rules added in e19db9d and the
// round 22 fixes (the run's own state written onto the child, makers, names
// followed to every value, built-in method names once started, the drain's
// caller keeping the child in a container, receiver narrowing). The harmful
// ones copy steering already delivered to the turn's root into a
// sub-execution by code the proof does not run, or deliver a steer to a
// sub-execution outside the drain.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";

// ---- snippets of the base model, exactly as they occur ----------------------

const EXEC_SEQ = `let executionSequence = 0;
`;
const REGISTRY_IFACE = `  register(execution: AgentExecution): void;
}
`;
const SERVICES_IFACE_END = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
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
const SESSION_IMPORT = `import { ModelSettleError, runExecution } from "../graph/nodes";
`;
const SESSION_STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }
`;
const SESSION_SERVICES_END = `      model: this.model,
    };
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
const nodesImports = {
  file: NODES,
  find: NODES_IMPORT,
  replace: `import { turnRoot, userSaid, type AgentExecution, type ModelTurn } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";\nimport { recordSpan } from "../telemetry/spans";\n`,
};
const base = [userSaidHelper, ...registryExposed, nodesImports];
const beforeInvokeModel = (text) => ({ file: NODES, find: `async function invokeModel(`, replace: `${text}\nasync function invokeModel(` });
const afterDrain = (text) => ({ file: NODES, find: DRAIN_CALL, replace: `  await drainLiveSteering(state.execution);\n${text}  state = await invokeModel(state);\n` });
const afterToolCase = (text) => ({ file: NODES, find: TOOL_CASE, replace: `${TOOL_CASE}${text}` });
const promptsWritable = { file: EXECUTION, find: PROMPTS_FIELD, replace: `  prompts: SteeringMessage[][] = [];\n` };

// A maker: gives back a copy of the holder, reading nothing from outside.
const SNAPSHOT_OF = `// A copy of the state, as it stood when the model was invoked.
function snapshotOf(state: ExecutionState): ExecutionState {
  return { ...state, turns: state.turns };
}
`;
const BRIEFED_PROMPTS = `// The prompt history a sub-agent starts from: its own, then what the user told the root of the turn.
function briefedPrompts(state: ExecutionState): SteeringMessage[][] {
  const root = turnRoot(state.execution);
  if (!root || state.execution.subExecutionDepth === 0) return state.execution.prompts;
  return [...state.execution.prompts, userSaid(root)];
}
`;
const COPIED_PROMPTS = `// A copy of the prompt history, so the model client may keep its own.
function copiedPrompts(state: ExecutionState): SteeringMessage[][] {
  return [...state.execution.prompts];
}
`;
// A maker's body that reaches the root through the holder only (no outside name).
const PRIME_BODY = (p) => `  if (${p}.turns === 0 && ${p}.execution.subExecutionDepth > 0) {
    let root: AgentExecution | undefined;
    for (const candidate of ${p}.execution.sessionServices.registry.executions) if (candidate.subExecutionDepth === 0) root = candidate;
    if (root) ${p}.execution.prompts.push(root.prompts.flat().filter((message) => message.kind === "user"));
  }
`;

// Briefing classes: one records a span, one recaps the root's steering.
const SPAN_BRIEFING = (name = "SpanBriefing", span = "sub-agent-first-call") => `// Records a sub-agent's first model call.
export class ${name} {
  brief(state: ExecutionState): void {
    recordSpan("${span}", { agentName: state.execution.agentName, depth: state.execution.subExecutionDepth });
  }
}
`;
const RECAP_BRIEFING = (name = "RecapBriefing", ext = "") => `// Briefs a sub-agent, on its first model call, with what the user told the root of the turn.
export class ${name}${ext} {
  brief(state: ExecutionState): void {
    const root = turnRoot(state.execution);
    if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
  }
}
`;

// A typed hook table on the session's services, installed by name.
const hooksOnServices = (installed) => [
  {
    file: EXECUTION,
    find: SERVICES_IFACE_END,
    replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };\n  hooks: SessionHooks;\n}\n\nexport interface Briefing {\n  brief(state: { execution: AgentExecution }): void;\n}\n\nexport interface SessionHooks {\n  briefing: Briefing;\n}\n`,
  },
  {
    file: SESSION,
    find: SESSION_IMPORT,
    replace: `import { ModelSettleError, runExecution, SpanBriefing, ${installed} } from "../graph/nodes";\nimport type { SessionHooks } from "../agent/execution";\n`,
  },
  {
    file: SESSION,
    find: SESSION_CTOR_END,
    replace: `      model: this.model,
      hooks: { briefing: new SpanBriefing() },
    };
    this.installHook("briefing", new ${installed}());
  }

  // Replaces one of the session's hooks (extensions install their own at start-up).
  installHook<K extends keyof SessionHooks>(name: K, hook: SessionHooks[K]): void {
    this.sessionServices.hooks[name] = hook;
  }
`,
  },
];

// A live set on the session's services, filled by the drain's caller.
const liveOnServices = [
  {
    file: EXECUTION,
    find: SERVICES_IFACE_END,
    replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };\n  live: Set<AgentExecution>;\n}\n`,
  },
  { file: SESSION, find: SESSION_SERVICES_END, replace: `      model: this.model,\n      live: new Set(),\n    };\n` },
  afterDrain(`  state.execution.sessionServices.live.add(state.execution);\n`),
];

export const ROUND23 = [
  // ---- rule 1: the run's own state, a derived name reused -------------------------------
  {
    id: "r23-derived-name-reused",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `if (root or not first call) { const next = snapshotOf(state); state.execution.state = next; } else { const next = briefedPrompts(state); state.execution.prompts = next; }`, where `snapshotOf` returns `{ ...state, turns: state.turns }` (a maker) and `briefedPrompts` returns the prompts followed by the root's user messages (`prompts` no longer `readonly`).",
    why: "Two sibling blocks each binding a `const next` is ordinary TypeScript. A local made by a maker is remembered by its name for the whole function, so the second block's `next`, a recap of the root's steering, is taken for the run's own state when it is written onto the child's prompts.",
    edits: [
      ...base,
      promptsWritable,
      beforeInvokeModel(`${SNAPSHOT_OF}\n${BRIEFED_PROMPTS}`),
      afterDrain(`  if (state.execution.subExecutionDepth === 0 || state.turns > 0) {
    const next = snapshotOf(state);
    state.execution.state = next;
  } else {
    const next = briefedPrompts(state);
    state.execution.prompts = next;
  }
`),
    ],
  },
  {
    id: "r23-harmless-derived-name-reused",
    model: "base",
    expect: "harmless",
    description:
      "As `r23-derived-name-reused`, the second block's `next` is `copiedPrompts(state)`, a copy of the execution's own prompts.",
    why: "Harmless twin of `r23-derived-name-reused`.",
    edits: [
      ...base,
      promptsWritable,
      beforeInvokeModel(`${SNAPSHOT_OF}\n${COPIED_PROMPTS}`),
      afterDrain(`  if (state.execution.subExecutionDepth === 0 || state.turns > 0) {
    const next = snapshotOf(state);
    state.execution.state = next;
  } else {
    const next = copiedPrompts(state);
    state.execution.prompts = next;
  }
`),
    ],
  },
  {
    id: "r23-derived-let-reassigned",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `let next: unknown = snapshotOf(state); if (first call of a sub-execution) next = briefedPrompts(state); if (Array.isArray(next)) state.execution.prompts = next; else state.execution.state = next;`.",
    why: "A `let` made by a maker and reassigned later keeps its maker's standing by name: the recap written onto the prompts is taken for the run's own state.",
    edits: [
      ...base,
      promptsWritable,
      beforeInvokeModel(`${SNAPSHOT_OF}\n${BRIEFED_PROMPTS}`),
      afterDrain(`  let next: unknown = snapshotOf(state);
  if (state.turns === 0 && state.execution.subExecutionDepth > 0) next = briefedPrompts(state);
  if (Array.isArray(next)) state.execution.prompts = next;
  else state.execution.state = next;
`),
    ],
  },
  // ---- rule 1: makers that do more than copy ---------------------------------------------
  {
    id: "r23-maker-mutates-param",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `function primedState(state) { …for a sub-execution's first call, push the root's user messages (found through `state.execution.sessionServices.registry.executions`) onto `state.execution.prompts`…; return state; }`; `modelInvokeNode`, after the drain: `const next = primedState(state); state.execution.state = next;`.",
    why: "A function that returns its parameter reads like a copy; this one mutates the child through it first, reading nothing but its parameter and globals.",
    edits: [
      ...base,
      beforeInvokeModel(`// Primes a sub-agent's first call with what the user told the root of the turn.
function primedState(state: ExecutionState): ExecutionState {
${PRIME_BODY("state")}  return state;
}
`),
      afterDrain(`  const next = primedState(state);\n  state.execution.state = next;\n`),
    ],
  },
  {
    id: "r23-iife-maker-mutates",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `const next = ((s: ExecutionState) => { …push the root's user messages onto a sub-execution's first prompts, through `s` only…; return s; })(state); state.execution.state = next;`.",
    why: "An inline arrow called in place is taken for a maker when it returns its parameter; what it does to the child through that parameter is the question.",
    edits: [
      ...base,
      afterDrain(`  const next = ((s: ExecutionState) => {
${PRIME_BODY("s").replace(/^/gm, "  ").replace(/^  $/gm, "")}    return s;
  })(state);
  state.execution.state = next;
`),
    ],
  },
  {
    id: "r23-iife-maker-arguments",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const next = (function (s) { arguments[0].execution.prompts.push(arguments[1]); return s; })(state, userSaid(root));`, then `state.execution.state = next`.",
    why: "`arguments` is counted among the language's globals, so a function reading its own arguments object passes for one that reads only its parameter; the push goes through `arguments[0]`, not the parameter's name.",
    edits: [
      ...base,
      afterDrain(`  const root = turnRoot(state.execution);
  if (root && state.turns === 0 && state.execution.subExecutionDepth > 0) {
    const next = (function (s: ExecutionState, _recap: SteeringMessage[]) {
      arguments[0].execution.prompts.push(arguments[1]);
      return s;
    })(state, userSaid(root));
    state.execution.state = next;
  }
`),
    ],
  },
  {
    id: "r23-harmless-iife-maker",
    model: "base",
    expect: "harmless",
    description:
      "`modelInvokeNode`, after the drain: `const next = ((s: ExecutionState) => ({ ...s, turns: s.turns }))(state); state.execution.state = next;`.",
    why: "Harmless twin: an inline maker that only copies the holder.",
    edits: [...base, afterDrain(`  const next = ((s: ExecutionState) => ({ ...s, turns: s.turns }))(state);\n  state.execution.state = next;\n`)],
  },
  // ---- rule 6: receiver narrowing ----------------------------------------------------------
  {
    id: "r23-receiver-inherited-method",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class RecapBriefing { brief(state) { …push the root's user messages onto a sub-execution's prompts… } }` and `class SubAgentBriefing extends RecapBriefing {}`; `modelInvokeNode`, after the drain, on a first call: `const briefing = new SubAgentBriefing(); briefing.brief(state);`.",
    why: "A subclass that inherits its method is ordinary. The receiver is a local bound once to `new SubAgentBriefing(…)`; if only that class's own methods count as related, the inherited `brief` is never read.",
    edits: [
      ...base,
      beforeInvokeModel(`${RECAP_BRIEFING()}\n// The briefing sub-agents get.\nexport class SubAgentBriefing extends RecapBriefing {}\n`),
      afterDrain(`  if (state.turns === 0) {\n    const briefing = new SubAgentBriefing();\n    briefing.brief(state);\n  }\n`),
    ],
  },
  {
    id: "r23-receiver-prototype-patched",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class SpanBriefing { brief(state) { recordSpan(…) } }` and, at top level, `SpanBriefing.prototype.brief = function (state) { …push the root's user messages onto a sub-execution's prompts… }` (a recap patch); `modelInvokeNode`, after the drain, on a first call: `const briefing = new SpanBriefing(); briefing.brief(state);`.",
    why: "Patching a class's prototype method at module load is an old but live JavaScript habit. Narrowing the call to `SpanBriefing`'s methods must still count a function assigned to its prototype.",
    edits: [
      ...base,
      beforeInvokeModel(`${SPAN_BRIEFING()}
// Sub-agents are briefed with what the user told the root of the turn.
SpanBriefing.prototype.brief = function (state: ExecutionState): void {
  const root = turnRoot(state.execution);
  if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
};
`),
      afterDrain(`  if (state.turns === 0) {\n    const briefing = new SpanBriefing();\n    briefing.brief(state);\n  }\n`),
    ],
  },
  {
    id: "r23-receiver-local-reassigned-in-closure",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `let briefing: SpanBriefing | RecapBriefing = new SpanBriefing(); const forSubAgent = () => { briefing = new RecapBriefing(); }; if (state.execution.subExecutionDepth > 0) forSubAgent(); if (state.turns === 0) briefing.brief(state);`.",
    why: "The local is written once in the function's own body and again inside an arrow it defines; a count of writes that skips nested functions takes it for bound once to `new SpanBriefing`.",
    edits: [
      ...base,
      beforeInvokeModel(`${SPAN_BRIEFING()}\n${RECAP_BRIEFING()}`),
      afterDrain(`  let briefing: SpanBriefing | RecapBriefing = new SpanBriefing();
  const forSubAgent = () => {
    briefing = new RecapBriefing();
  };
  if (state.execution.subExecutionDepth > 0) forSubAgent();
  if (state.turns === 0) briefing.brief(state);
`),
    ],
  },
  {
    id: "r23-harmless-receiver-local-reassigned",
    model: "base",
    expect: "harmless",
    description:
      "As `r23-receiver-local-reassigned-in-closure`, both classes only record spans (`SpanBriefing`, `SubSpanBriefing`).",
    why: "Harmless twin of `r23-receiver-local-reassigned-in-closure`.",
    edits: [
      ...base,
      beforeInvokeModel(`${SPAN_BRIEFING()}\n${SPAN_BRIEFING("SubSpanBriefing", "sub-agent-first-call-nested")}`),
      afterDrain(`  let briefing: SpanBriefing | SubSpanBriefing = new SpanBriefing();
  const forSubAgent = () => {
    briefing = new SubSpanBriefing();
  };
  if (state.execution.subExecutionDepth > 0) forSubAgent();
  if (state.turns === 0) briefing.brief(state);
`),
    ],
  },
  {
    id: "r23-receiver-key-computed-install",
    model: "base",
    expect: "harmful",
    description:
      "`SessionServices` gains `hooks: { briefing: Briefing }`, built as `hooks: { briefing: new SpanBriefing() }`; the session's constructor then calls `this.installHook(\"briefing\", new RecapBriefing())`, where `installHook(name, hook) { this.sessionServices.hooks[name] = hook; }`; `modelInvokeNode`, after the drain, on a first call: `state.execution.sessionServices.hooks.briefing.brief(state)`.",
    why: "A typed hook table with an installer keyed by name is a common extension seam. The only value written under the key `briefing` by name is `new SpanBriefing()`; the installer writes through a computed key.",
    edits: [
      ...base,
      beforeInvokeModel(`${SPAN_BRIEFING()}\n${RECAP_BRIEFING()}`),
      ...hooksOnServices("RecapBriefing"),
      afterDrain(`  if (state.turns === 0) state.execution.sessionServices.hooks.briefing.brief(state);\n`),
    ],
  },
  {
    id: "r23-harmless-receiver-key-computed-install",
    model: "base",
    expect: "harmless",
    description:
      "As `r23-receiver-key-computed-install`, the installed hook is `new QuietBriefing()`, another span recorder.",
    why: "Harmless twin of `r23-receiver-key-computed-install`.",
    edits: [
      ...base,
      beforeInvokeModel(`${SPAN_BRIEFING()}\n${SPAN_BRIEFING("QuietBriefing", "sub-agent-first-call-quiet")}`),
      ...hooksOnServices("QuietBriefing"),
      afterDrain(`  if (state.turns === 0) state.execution.sessionServices.hooks.briefing.brief(state);\n`),
    ],
  },
  // ---- rule 4: a container kept by the drain's caller, its readers ------------------------
  {
    id: "r23-live-set-handed-to-helper",
    model: "base",
    expect: "harmful",
    description:
      "`SessionServices` gains `live: Set<AgentExecution>` (`live: new Set()`); `modelInvokeNode`, after the drain, adds `state.execution` to it; the session's `steer(text)` calls `forwardSteer(this.sessionServices.live, message)`, a top-level function that pushes the message onto the prompts of every sub-execution in the set.",
    why: "The set's reader only hands the set on; the helper that delivers to its elements never names the key.",
    edits: [
      ...base,
      ...liveOnServices,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    forwardSteer(this.sessionServices.live, message);
  }
`,
      },
      {
        file: SESSION,
        find: `export interface TurnRequest {`,
        replace: `// Running sub-agents see a steer at once, without waiting for their next model call.
function forwardSteer(executions: Iterable<AgentExecution>, message: SteeringMessage): void {
  for (const execution of executions) if (execution.subExecutionDepth > 0) execution.prompts.push([message]);
}

export interface TurnRequest {`,
      },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";\n`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";\n` },
    ],
  },
  {
    id: "r23-live-set-object-values",
    model: "base",
    expect: "harmful",
    description:
      "As `r23-live-set-handed-to-helper`, the session's `steer(text)` reaches the set as `Object.values(this.sessionServices)`, delivering to every execution in any `Set` among the services: `for (const v of Object.values(this.sessionServices)) if (v instanceof Set) for (const e of v) if (e.subExecutionDepth > 0) e.prompts.push([message]);`.",
    why: "A generic walk over a services object reads no key by name; the readers of `live` are then only those that name it.",
    edits: [
      ...base,
      ...liveOnServices,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running sub-agents see a steer at once, without waiting for their next model call.
    for (const service of Object.values(this.sessionServices)) {
      if (!(service instanceof Set)) continue;
      for (const execution of service as Set<AgentExecution>) if (execution.subExecutionDepth > 0) execution.prompts.push([message]);
    }
  }
`,
      },
    ],
  },
  {
    id: "r23-harmless-live-set-handed-to-helper",
    model: "base",
    expect: "harmless",
    description:
      "As `r23-live-set-handed-to-helper`, `forwardSteer`'s counterpart `countLive(this.sessionServices.live)` only logs how many sub-executions are in the set.",
    why: "Harmless twin of `r23-live-set-handed-to-helper`.",
    edits: [
      ...base,
      ...liveOnServices,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
    this.sessionServices.logger.debug(\`steer queued with \${countLive(this.sessionServices.live)} live sub-execution(s)\`);
  }
`,
      },
      {
        file: SESSION,
        find: `export interface TurnRequest {`,
        replace: `// How many sub-executions are running.
function countLive(executions: Iterable<AgentExecution>): number {
  let n = 0;
  for (const execution of executions) if (execution.subExecutionDepth > 0) n++;
  return n;
}

export interface TurnRequest {`,
      },
    ],
  },
  {
    id: "r23-harmless-live-set-size",
    model: "base",
    expect: "harmless",
    description:
      "As `r23-live-set-handed-to-helper`, the session's `steer(text)` only logs `this.sessionServices.live.size`.",
    why: "Harmless twin: the services' live set is read only for its size, by name.",
    edits: [
      ...base,
      ...liveOnServices,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
    this.sessionServices.logger.debug(\`steer queued with \${this.sessionServices.live.size} live execution(s)\`);
  }
`,
      },
    ],
  },
  // ---- rule 2: a name's values ------------------------------------------------------------
  {
    id: "r23-hook-bound",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `const afterToolStep = remindOfSteering.bind(undefined);` (`remindOfSteering` pushes the root's user messages onto a sub-execution's prompts); `runExecution`'s TOOL_EXECUTE case calls `afterToolStep(state)`.",
    why: "A bound function held in a top-level value: the name's value is a call of `.bind`, which hands on the function it is made of.",
    edits: [
      ...base,
      {
        file: NODES,
        find: RUN_FN,
        replace: `// Sub-agents are reminded of what the user told the root of the turn.
export function remindOfSteering(state: ExecutionState): void {
  const root = turnRoot(state.execution);
  if (root && state.execution.subExecutionDepth > 0) state.execution.prompts.push(userSaid(root));
}

const afterToolStep: (state: ExecutionState) => void = remindOfSteering.bind(undefined);

${RUN_FN}`,
      },
      afterToolCase(`        afterToolStep(state);\n`),
    ],
  },
  {
    id: "r23-destructured-param-alias",
    model: "base",
    expect: "harmful",
    description:
      "`runExecution`'s TOOL_EXECUTE case calls `remindFrom(state)`, where `function remindFrom({ execution: child, ...rest }: ExecutionState) { const root = turnRoot(child); if (root && child.subExecutionDepth > 0) child.prompts.push(userSaid(root)); }`.",
    why: "One level deep, renamed, beside a rest element: the renamed name is the child; the rest element is a holder without it.",
    edits: [
      ...base,
      {
        file: NODES,
        find: RUN_FN,
        replace: `// Reminds a sub-agent of what the user told the root.
function remindFrom({ execution: child, ...rest }: ExecutionState): void {
  const root = turnRoot(child);
  if (root && child.subExecutionDepth > 0 && rest.turns >= 0) child.prompts.push(userSaid(root));
}

${RUN_FN}`,
      },
      afterToolCase(`        remindFrom(state);\n`),
    ],
  },
];
