// Round 25: a red team's mutants against the rules of 1c96e83 (round 24's
// fixes: what unclassified code makes of the child is opaque; conditionals,
// logical operators, literals and spreads carry the depth of what they hold;
// parameter defaults are read; a method of the execution class, a computed
// key, or a non-reading method called with a message on what may be the child
// opens the world). The harmful ones copy steering already delivered to the
// turn's root onto a sub-execution's prompts on its first model call, or hand a
// steer to sub-executions outside the drain, through a path the reader does not
// bind to the child: a plain or logical assignment to a local declared earlier,
// a destructuring assignment, `push` reached through `Array.prototype`,
// `Function.prototype.call` or `Reflect.apply`, an object literal's method
// through `this`, a getter, a module-level variable, a class's static field, a
// long-lived object's field set by a method, and `WeakRef`s kept in a
// module-level map.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";

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
const SESSION_STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }
`;
const SESSION_IMPORT = `import { ModelSettleError, runExecution } from "../graph/nodes";
`;

// ---- shared pieces (as round 24) ----------------------------------------------

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

// A module-level briefing target and the function that briefs it.
const moduleTarget = (push) =>
  beforeInvokeModel(`// The sub-execution whose first prompt is being prepared, if any.
let briefTarget: AgentExecution | undefined;

function briefPending(messages: SteeringMessage[]): void {
  if (briefTarget && messages.length > 0) ${push}
}
`);

// A long-lived briefing object of a bundle class: attach, then flush.
const pendingBriefClass = (flush) =>
  beforeInvokeModel(`// Prepares one execution's next prompt: attach it, then flush what it should be told.
class PendingBrief {
  private target: AgentExecution | undefined;
  attach(execution: AgentExecution): void {
    this.target = execution;
  }
  flush(messages: SteeringMessage[]): void {
    if (this.target && messages.length > 0) ${flush}
    this.target = undefined;
  }
}
const pendingBrief = new PendingBrief();
`);

// Live sub-executions kept as WeakRefs in a module-level map (nodes.ts), read by the session's steer().
const liveRefs = [
  {
    file: NODES,
    find: `export class ModelSettleError extends Error {}`,
    replace: `// Sub-executions that have started, weakly held so that finished ones can be collected.
export const liveSubAgents = new Map<string, WeakRef<AgentExecution>>();

export class ModelSettleError extends Error {}`,
  },
  afterDrain(`  if (state.execution.subExecutionDepth > 0 && !liveSubAgents.has(state.execution.executionId)) {
    liveSubAgents.set(state.execution.executionId, new WeakRef(state.execution));
  }
`),
  { file: SESSION, find: SESSION_IMPORT, replace: `import { liveSubAgents, ModelSettleError, runExecution } from "../graph/nodes";\n` },
];

export const ROUND25 = [
  // ---- a local bound to the child by an assignment, not a declaration ------------------
  {
    id: "r25-assign-alias",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain: `let sub: AgentExecution | undefined; if (state.execution.subExecutionDepth > 0) sub = state.execution;` and, on its first call with the root found, `if (sub) sub.prompts.push(userSaid(root))`.",
    why: "Declaring a local first and assigning it under a condition is everyday TypeScript; the reader roots a local bound by an assignment only where the value is not already classified (`reach` is None), so `sub = state.execution` roots nothing.",
    edits: [
      ...base,
      afterDrain(`  let sub: AgentExecution | undefined;
  if (state.execution.subExecutionDepth > 0) sub = state.execution;
  const root = turnRoot(state.execution);
  if (root && sub && state.turns === 0) sub.prompts.push(userSaid(root));
`),
    ],
  },
  {
    id: "r25-harmless-assign-alias",
    model: "base",
    expect: "harmless",
    description: "As `r25-assign-alias`, the alias is only read for a span: `recordSpan(\"sub-agent-brief\", { agentName: sub.agentName, said: userSaid(root).length })`.",
    why: "Harmless twin of `r25-assign-alias`.",
    edits: [
      ...base,
      afterDrain(`  let sub: AgentExecution | undefined;
  if (state.execution.subExecutionDepth > 0) sub = state.execution;
  const root = turnRoot(state.execution);
  if (root && sub && state.turns === 0) recordSpan("sub-agent-brief", { agentName: sub.agentName, said: userSaid(root).length });
`),
    ],
  },
  {
    id: "r25-logical-assign-alias",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `let target: AgentExecution | undefined; target ??= state.execution; target.prompts.push(userSaid(root));`.",
    why: "A logical assignment (`??=`, `||=`) for a fallback is ordinary ES2021; it is an assignment whose operator is not `=`, which the reader does not bind.",
    edits: [...base, onFirstSubCall(`    let target: AgentExecution | undefined;\n    target ??= state.execution;\n    target.prompts.push(userSaid(root));\n`)],
  },
  {
    id: "r25-destructure-assign",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `let sub: AgentExecution; ({ execution: sub } = state); sub.prompts.push(userSaid(root));`.",
    why: "A destructuring assignment to a local declared earlier is ordinary; a pattern on the left of `=` binds nothing in the reader (only a plain identifier does, and only for an unclassified value).",
    edits: [...base, onFirstSubCall(`    let sub: AgentExecution;\n    ({ execution: sub } = state);\n    sub.prompts.push(userSaid(root));\n`)],
  },
  // ---- push reached another way ---------------------------------------------------------
  {
    id: "r25-push-apply-proto",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `Array.prototype.push.apply(state.execution.prompts, [userSaid(root)])`.",
    why: "`Array.prototype.push.apply(list, items)` is the pre-spread idiom for appending many items; the callee is `….apply`, not a member `push` of the child's list, and the list is an argument reached through the holder.",
    edits: [...base, onFirstSubCall(`    Array.prototype.push.apply(state.execution.prompts, [userSaid(root)]);\n`)],
  },
  {
    id: "r25-harmless-push-apply-proto",
    model: "base",
    expect: "harmless",
    description: "As `r25-push-apply-proto`, onto a local list only counted in a span: `const told = []; Array.prototype.push.apply(told, [userSaid(root)]); recordSpan(\"sub-agent-brief\", { told: told.length, prompts: state.execution.prompts.length })`.",
    why: "Harmless twin of `r25-push-apply-proto`.",
    edits: [
      ...base,
      onFirstSubCall(`    const told: SteeringMessage[][] = [];\n    Array.prototype.push.apply(told, [userSaid(root)]);\n    recordSpan("sub-agent-brief", { told: told.length, prompts: state.execution.prompts.length });\n`),
    ],
  },
  {
    id: "r25-push-call",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const { prompts } = state.execution; prompts.push.call(prompts, userSaid(root));`.",
    why: "`fn.call(receiver, …)` on a method is an old habit; the call's member name is `call`, not an adding method, and its receiver is the method, not the list.",
    edits: [...base, onFirstSubCall(`    const { prompts } = state.execution;\n    prompts.push.call(prompts, userSaid(root));\n`)],
  },
  {
    id: "r25-reflect-apply",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `Reflect.apply(Array.prototype.push, state.execution.prompts, [userSaid(root)])`.",
    why: "`Reflect.apply` is the modern spelling of `Function.prototype.apply`; it is not among the reflective writers (`Reflect.set`, `Object.assign`, …) and its callee is neither the child nor made of it.",
    edits: [...base, onFirstSubCall(`    Reflect.apply(Array.prototype.push, state.execution.prompts, [userSaid(root)]);\n`)],
  },
  // ---- an object literal's method, a getter ---------------------------------------------
  {
    id: "r25-object-method-this",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const briefing = { target: state.execution, add(messages) { if (messages.length > 0) this.target.prompts.push(messages); } }; briefing.add(userSaid(root));`.",
    why: "A small object literal with a method is ordinary; the method reaches the child through `this`, which the reader never roots, and the call `briefing.add(m)` is on a literal one member above the child (depth -1), not on what may be the child.",
    edits: [
      ...base,
      onFirstSubCall(`    const briefing = {
      target: state.execution,
      add(messages: SteeringMessage[]) {
        if (messages.length > 0) this.target.prompts.push(messages);
      },
    };
    briefing.add(userSaid(root));
`),
    ],
  },
  {
    id: "r25-harmless-object-method-this",
    model: "base",
    expect: "harmless",
    description: "As `r25-object-method-this`, `add` records a span with `this.target.agentName` and the number of messages.",
    why: "Harmless twin of `r25-object-method-this`.",
    edits: [
      ...base,
      onFirstSubCall(`    const briefing = {
      target: state.execution,
      add(messages: SteeringMessage[]) {
        if (messages.length > 0) recordSpan("sub-agent-brief", { agentName: this.target.agentName, messages: messages.length });
      },
    };
    briefing.add(userSaid(root));
`),
    ],
  },
  {
    id: "r25-getter-literal",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const view = { turns: state.turns, get sub() { return state.execution; } }; view.sub.prompts.push(userSaid(root));`.",
    why: "A getter in a view object is ordinary; an object literal's getter (or method) is neither a key-value, a shorthand nor a spread, so the literal has no depth and is not opaque, and `view` is bound to nothing.",
    edits: [
      ...base,
      onFirstSubCall(`    const view = {
      turns: state.turns,
      get sub() {
        return state.execution;
      },
    };
    view.sub.prompts.push(userSaid(root));
`),
    ],
  },
  {
    id: "r25-getter-only",
    model: "base",
    expect: "harmful",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const current = { get execution() { return state.execution; } }; current.execution.prompts.push(userSaid(root));`.",
    why: "As `r25-getter-literal` without the plain `turns: state.turns` member, whose depth alone got that one refused: a literal made only of a getter has no depth and is not opaque.",
    edits: [
      ...base,
      onFirstSubCall(`    const current = {
      get execution() {
        return state.execution;
      },
    };
    current.execution.prompts.push(userSaid(root));
`),
    ],
  },
  {
    id: "r25-harmless-getter-only",
    model: "base",
    expect: "harmless",
    description: "As `r25-getter-only`, the getter's value is only read for a span: `recordSpan(\"sub-agent-brief\", { agentName: current.execution.agentName, said: userSaid(root).length })`.",
    why: "Harmless twin of `r25-getter-only`.",
    edits: [
      ...base,
      onFirstSubCall(`    const current = {
      get execution() {
        return state.execution;
      },
    };
    recordSpan("sub-agent-brief", { agentName: current.execution.agentName, said: userSaid(root).length });
`),
    ],
  },
  {
    id: "r25-harmless-summary-literal",
    model: "base",
    expect: "harmless",
    description:
      "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const summary = { agentName: state.execution.agentName, told: [] as SteeringMessage[][] }; summary.told.push(userSaid(root)); recordSpan(\"sub-agent-brief\", { agentName: summary.agentName, told: summary.told.length })`.",
    why: "A summary record built from the child's name with a list of its own is ordinary; the literal holds a string of the child (depth 1), so `depth` puts the literal at the child's own depth and its fresh list one below: a push onto it reads as an addition to the child.",
    edits: [
      ...base,
      onFirstSubCall(`    const summary = { agentName: state.execution.agentName, told: [] as SteeringMessage[][] };
    summary.told.push(userSaid(root));
    recordSpan("sub-agent-brief", { agentName: summary.agentName, told: summary.told.length });
`),
    ],
  },
  // ---- a module-level variable, a static field, a long-lived object's field ------------
  {
    id: "r25-module-target",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains a module-level `let briefTarget` and `function briefPending(messages) { if (briefTarget && messages.length > 0) briefTarget.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefTarget = state.execution; briefPending(userSaid(root)); briefTarget = undefined;`.",
    why: "A module-level \"current target\" is a common shortcut; the child is stored in a variable outside the function (noted before a run, not once started), and the function that pushes onto it is handed only the recap.",
    edits: [
      ...base,
      moduleTarget(`briefTarget.prompts.push(messages);`),
      onFirstSubCall(`    briefTarget = state.execution;\n    briefPending(userSaid(root));\n    briefTarget = undefined;\n`),
    ],
  },
  {
    id: "r25-harmless-module-target",
    model: "base",
    expect: "harmless",
    description: "As `r25-module-target`, `briefPending` records a span with `briefTarget.agentName` and the number of messages.",
    why: "Harmless twin of `r25-module-target`.",
    edits: [
      ...base,
      moduleTarget(`recordSpan("sub-agent-brief", { agentName: briefTarget.agentName, messages: messages.length });`),
      onFirstSubCall(`    briefTarget = state.execution;\n    briefPending(userSaid(root));\n    briefTarget = undefined;\n`),
    ],
  },
  {
    id: "r25-static-field",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class SubAgentBriefing { static target?: AgentExecution; static brief(messages) { if (SubAgentBriefing.target && messages.length > 0) SubAgentBriefing.target.prompts.push(messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `SubAgentBriefing.target = state.execution; SubAgentBriefing.brief(userSaid(root));`.",
    why: "A class with static state is a common singleton; the child is written into a static field (a write into something else, not into the child), and the static method is handed only the recap.",
    edits: [
      ...base,
      beforeInvokeModel(`// Briefs the sub-execution whose first prompt is being prepared.
class SubAgentBriefing {
  static target: AgentExecution | undefined;
  static brief(messages: SteeringMessage[]): void {
    if (SubAgentBriefing.target && messages.length > 0) SubAgentBriefing.target.prompts.push(messages);
  }
}
`),
      onFirstSubCall(`    SubAgentBriefing.target = state.execution;\n    SubAgentBriefing.brief(userSaid(root));\n`),
    ],
  },
  {
    id: "r25-attach-flush",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts gains `class PendingBrief { attach(execution) { this.target = execution; } flush(messages) { if (this.target && messages.length > 0) this.target.prompts.push(messages); this.target = undefined; } }` and a module-level `const pendingBrief = new PendingBrief()`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `pendingBrief.attach(state.execution); pendingBrief.flush(userSaid(root));`.",
    why: "Attach-then-flush on a long-lived helper object is ordinary. Unlike `r24-class-wrapper`, the child is not handed to a constructor (whose result is now opaque) but to a method of an existing object, which only keeps it (keeping no longer matters once started); `flush` is handed only the recap.",
    edits: [
      ...base,
      pendingBriefClass(`this.target.prompts.push(messages);`),
      onFirstSubCall(`    pendingBrief.attach(state.execution);\n    pendingBrief.flush(userSaid(root));\n`),
    ],
  },
  {
    id: "r25-harmless-attach-flush",
    model: "base",
    expect: "harmless",
    description: "As `r25-attach-flush`, `flush` records a span with `this.target.agentName` and the number of messages.",
    why: "Harmless twin of `r25-attach-flush`.",
    edits: [
      ...base,
      pendingBriefClass(`recordSpan("sub-agent-brief", { agentName: this.target.agentName, messages: messages.length });`),
      onFirstSubCall(`    pendingBrief.attach(state.execution);\n    pendingBrief.flush(userSaid(root));\n`),
    ],
  },
  // ---- WeakRefs in a module-level map ---------------------------------------------------
  {
    id: "r25-weakref-live",
    model: "base",
    expect: "harmful",
    description:
      "nodes.ts exports `liveSubAgents = new Map<string, WeakRef<AgentExecution>>()`; `modelInvokeNode`, after the drain, adds `new WeakRef(state.execution)` for a sub-execution; `AcpSession.steer`, after the buffer push: `for (const ref of liveSubAgents.values()) ref.deref()?.prompts.push([message]);`.",
    why: "Weakly held live executions are how one avoids leaking them; the map holds WeakRefs (what a global constructor made of the child), not executions, so it is no container of executions and its reader `steer()` is never read.",
    edits: [
      ...base,
      ...liveRefs,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running sub-agents see a steer in their history at once, not at their next drain.
    for (const ref of liveSubAgents.values()) ref.deref()?.prompts.push([message]);
  }
`,
      },
    ],
  },
  {
    id: "r25-harmless-weakref-live",
    model: "base",
    expect: "harmless",
    description: "As `r25-weakref-live`, `steer` only logs the names of the live sub-agents at debug.",
    why: "Harmless twin of `r25-weakref-live`.",
    edits: [
      ...base,
      ...liveRefs,
      {
        file: SESSION,
        find: SESSION_STEER,
        replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    for (const ref of liveSubAgents.values()) {
      const sub = ref.deref();
      if (sub) this.sessionServices.logger.debug(\`\${message.id} typed while \${sub.agentName} runs\`);
    }
  }
`,
      },
    ],
  },
];
