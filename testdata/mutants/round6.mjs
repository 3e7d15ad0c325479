// Round 6 of the mutation suite: red-team mutants written against the rules
// of docs/PROOF.md and src/proof/ as they stand after round 5 (the child given
// its parent's holdings, a child kept in a module variable, a top-level value
// changed outside the proof's code). Same format as MUTANTS in mutants.mjs (id,
// model, expect, description, why, edits), which appends ROUND6 to MUTANTS.
// The snippets are spelled exactly as they occur in the base model's sources.
//
// (a) re-created from an earlier round whose mutants were lost (spelled anew):
//     the parent's transcript handed to a delegate through an alias, through
//     `Array.prototype.push.apply`, through a helper, through a method of the
//     class; a delegate built ahead and held by a helper; module-level drain
//     options written through a helper's parameter or by their own method; a
//     drain whose catch-up depends on the environment; a harmless label.
// (b) fresh: what the rules accept by spelling rather than by value: a
//     destructured parent, `Reflect.apply`, `Object.assign` keeping a child, a
//     flag the harness's own root never carries, a `??` default a stub never
//     takes, a write inside the sliced class the harness never runs, a field
//     the drain reads written on a parameter, a closure in the config.

const BASE_TOOL = "src/tools/invoke-sub-agent.ts";
const BASE_MEMORY = "src/memory/memory-extraction.ts";
const BASE_EXECUTION = "src/agent/execution.ts";
const BASE_SESSION = "src/session/session.ts";
const BASE_DRAIN = "src/steering/live-steering-hook.ts";
const BASE_NODES = "src/graph/nodes.ts";

const BASE_TOOL_IMPORT = `import { AgentExecution } from "../agent/execution";
`;
const BASE_TOOL_TOP = `export const MAX_SUB_AGENT_DEPTH = 4;
`;
const BASE_SUBAGENT_ID = `  const subagentId = input.agentName;
`;
const BASE_SUB_NEW = `  const subAgentExecution = new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
`;
const BASE_SUB_CONFIG_LAST = `    agentName: subagentId,
  });
`;
const BASE_AFTER_SUB_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const BASE_SUB_RUN = `  const result = await runExecution(subAgentExecution);
`;
const afterSubNew = (code) => ({ file: BASE_TOOL, find: BASE_AFTER_SUB_NEW, replace: code + BASE_AFTER_SUB_NEW });

const BASE_MEMORY_AFTER_NEW = `    skipHooks: true,
  });
  try {
`;

const BASE_CLASS_METHOD_SLOT = `  queueSteering(message: SteeringMessage): void {
`;
const newClassMethod = (code) => ({ file: BASE_EXECUTION, find: BASE_CLASS_METHOD_SLOT, replace: code + "\n" + BASE_CLASS_METHOD_SLOT });
const BASE_EXEC_SEQUENCE = `let executionSequence = 0;
`;
const BASE_FIELD_EXHAUSTED = `  steeringExhausted = false;
`;
const BASE_CONFIG_LAST = `  skipHooks?: boolean;
}
`;
const BASE_CTOR_LAST_FIELD = `    this.skipHooks = config.skipHooks ?? false;
`;
const BASE_TAKE_QUEUED = `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
`;
const BASE_PROMPT_CONTEXT = `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}
`;

const BASE_DRAIN_HEAD = `import type { AgentExecution } from "../agent/execution";
`;
const BASE_DRAIN_LOOP = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`;
const BASE_MEMORY_IMPORT = `import { runMemoryExtraction } from "../memory/memory-extraction";
`;
const BASE_SESSION_CTOR_END = `      model: this.model,
    };
  }
`;
const atSessionStartup = (code) => ({
  file: BASE_SESSION,
  find: BASE_SESSION_CTOR_END,
  replace: `${BASE_SESSION_CTOR_END.slice(0, -4)}
${code}  }
`,
});
const BASE_OWNED = `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
`;
const BASE_ROOT_LAST = `      signal: this.turnController.signal,
      agentName: "kiro",
    });
`;
const BASE_RUN_ENTRY = `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
`;

// The drain module's rollout options, read by the drain: an execution that
// has not prompted yet starts its first drain at the turn's first steer when
// `catchUpDelegates` is set (round 5's drain options; a root's first drain
// starts there anyway). The drain never reads the depth: a depth check there
// is the `foreign-gate` anchor's.
const drainReadsOptions = (declaration) => [
  { file: BASE_DRAIN, find: BASE_DRAIN_HEAD, replace: `${BASE_DRAIN_HEAD}\n${declaration}` },
  {
    file: BASE_DRAIN,
    find: BASE_DRAIN_LOOP,
    replace: `  const catchUp = DRAIN_OPTIONS.catchUpDelegates && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
  },
  {
    file: BASE_SESSION,
    find: BASE_MEMORY_IMPORT,
    replace: `${BASE_MEMORY_IMPORT}import { DRAIN_OPTIONS } from "../steering/live-steering-hook";
`,
  },
];

// A delegate built ahead, when each root starts (the session) and after each
// delegation (the tool), taken by the next delegation of the same parent.
const prewarmInSession = [
  {
    file: BASE_SESSION,
    find: BASE_MEMORY_IMPORT,
    replace: `${BASE_MEMORY_IMPORT}import { prewarmDelegate } from "../tools/invoke-sub-agent";
`,
  },
  { file: BASE_SESSION, find: BASE_OWNED, replace: `${BASE_OWNED}    prewarmDelegate(execution);
` },
];
const prewarmAfterDelegation = { file: BASE_TOOL, find: BASE_SUB_RUN, replace: `${BASE_SUB_RUN}  prewarmDelegate(state.execution);
` };

export const ROUND6 = [
  // ---- (a) the parent's transcript handed to the delegate --------------------------------
  {
    id: "delegate-transcript-parent-alias",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool names its parent once, `const parent = state.execution;`, and starts the child's transcript with the parent's: `subAgentExecution.prompts.push(...parent.prompts)` after the construction (the construction itself still reads `state.execution.…`).",
    why:
      "An alias for a long member chain is an everyday refactor, and handing a delegate its parent's history is a common agent-framework feature. Round 5's rule finds the parent as whatever the function reads `.sessionServices` of (`state.execution`, by its spelling) and taints only locals whose initialiser reads a member of that chain beyond the config; `parent` is bound to the chain itself, so `parent.prompts` is not the parent's: the steers the root was given reach the child outside the drain (both modes).",
    edits: [
      { file: BASE_TOOL, find: BASE_SUBAGENT_ID, replace: `${BASE_SUBAGENT_ID}  const parent = state.execution;
` },
      afterSubNew(`  // The delegate's transcript starts with what its parent was told.
  subAgentExecution.prompts.push(...parent.prompts);
`),
    ],
  },
  {
    id: "delegate-transcript-push-apply",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool copies its parent's prompts into the child with `Array.prototype.push.apply(subAgentExecution.prompts, state.execution.prompts)` after the construction.",
    why:
      "`push.apply` is the pre-spread idiom (and what some compilers emit for a spread call). The given-from-parent rule looks for a call whose callee is a member of the child (`child.prompts.push(…)`) or `Object.assign`/`defineProperty` with the child first; here the callee is `Array.prototype.push.apply` and the child's list is an argument: the parent's steers reach the child outside the drain (both modes).",
    edits: [
      afterSubNew(`  // The delegate's transcript starts with what its parent was told.
  Array.prototype.push.apply(subAgentExecution.prompts, state.execution.prompts);
`),
    ],
  },
  {
    id: "delegate-transcript-through-helper",
    model: "base",
    expect: "harmful",
    description:
      "A top-level helper beside the tool, `parentConversation(parent)`, returns the user's messages of the parent's prompts (`parent.prompts.flat().filter((m) => m.kind === \"user\")`); the tool gives the child `subAgentExecution.prompts.push(parentConversation(state.execution))`.",
    why:
      "Pulling a small pure helper out of a tool is ordinary. The rule judges what the call's arguments read in the tool itself: `parentConversation(state.execution)` passes the parent whole and reads none of its members there, and what the helper returns is not followed. The helper is sliced in and runs in the proof, but the harness reads deliveries off the own queue, not the transcript (both modes).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// What a delegate is told of its parent's conversation: the user's words so far.
function parentConversation(parent: AgentExecution): SteeringMessage[] {
  return parent.prompts.flat().filter((message) => message.kind === "user");
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_TOOL_IMPORT,
        replace: `${BASE_TOOL_IMPORT}import type { SteeringMessage } from "../steering/live-steering-buffer";
`,
      },
      afterSubNew(`  // The delegate's first prompt carries what the user told its parent.
  subAgentExecution.prompts.push(parentConversation(state.execution));
`),
    ],
  },
  {
    id: "delegate-inherits-transcript-method",
    model: "base",
    expect: "harmful",
    description:
      "The execution class gains `adopt(parent)`, which copies each of the parent's prompts into its own (`for (const prompt of parent.prompts) this.prompts.push([...prompt])`); the sub-agent tool calls `subAgentExecution.adopt(state.execution)` after the construction.",
    why:
      "Putting the copy on the class (`child.adopt(parent)`) is the object-oriented spelling of round 5's transcript mutant. The tool's call hands the parent whole, reading none of its members, so the given-from-parent rule sees nothing; the method writes `this.prompts`, which is neither the own queue nor a field the drain or the end-of-turn check reads, so the class's own writes pass too (docs/PROOF.md lists the shape as a known limit). Both modes replay.",
    edits: [
      newClassMethod(`  // A delegate starts with what its parent was told.
  adopt(parent: AgentExecution): void {
    for (const prompt of parent.prompts) this.prompts.push([...prompt]);
  }
`),
      afterSubNew(`  subAgentExecution.adopt(state.execution);
`),
    ],
  },

  // ---- (a) a delegate built ahead, held by a helper ---------------------------------------
  {
    id: "delegate-standby-held-by-helper",
    model: "base",
    expect: "harmful",
    description:
      "The tool's module keeps `let standby`; `hold(child)` stores its argument there and returns it; `buildDelegate(parent, agentName)` builds `new AgentExecution({… depth + 1 })` and ends `return hold(child);`; `prewarmDelegate(parent)` (called by the session when each root starts, and by the tool after each delegation) builds one and drops it; a delegation takes `standby` when it was built for this parent.",
    why:
      "Round 5's `return (standby = child), child` moved into a helper, as a code review would ask. The store is in `hold`, not in the function that constructs, so the outer-variable rule sees none; `return hold(child)` is a call whose result is returned, which the kept-child walk takes as consumed; and the function does not return the construction by its spelling, so neither it as a construction helper nor its callers are followed. Built at turn start, the delegate is seeded then and replays the steers typed before the delegation (seed mode).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// The last delegate built, held for the next delegation of the same parent.
let standby: AgentExecution | undefined;

function hold(child: AgentExecution): AgentExecution {
  standby = child;
  return child;
}

function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
  return hold(child);
}

export function prewarmDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  buildDelegate(parent, "sub-agent");
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const warm = standby?.promptContext === state.execution.promptContext && standby.subExecutionDepth === currentDepth + 1 ? standby : undefined;
  standby = undefined;
  const subAgentExecution = warm ?? buildDelegate(state.execution, "sub-agent");
`,
      },
      prewarmAfterDelegation,
      ...prewarmInSession,
    ],
  },

  // ---- (a) module-level drain options changed at start-up ---------------------------------
  {
    id: "drain-options-rollout-helper",
    model: "base",
    expect: "harmful",
    description:
      "The drain module exports `DRAIN_OPTIONS = { catchUpDelegates: false }` and an execution's first drain starts at 0 when it is set (a root's does anyway); the session has `function applyRollout(options, key, value) { options[key] = value; }` and its constructor calls `applyRollout(DRAIN_OPTIONS, \"catchUpDelegates\", process.env.KIRO_DELEGATE_CATCH_UP !== \"off\")` (on by default).",
    why:
      "A generic setter for rollout switches is ordinary. Round 5's rule counts member writes and mutator calls whose receiver's root is the top-level name (`DRAIN_OPTIONS.x = …`, `Object.assign(DRAIN_OPTIONS, …)`); here the write's receiver is the helper's parameter `options`, a local, and handing `DRAIN_OPTIONS` to a call is not a write: the proof runs the literal's `false`, the bundle's drain catches up (seed mode).",
    edits: [
      ...drainReadsOptions(`// Rollout switches of live steering, set once at start-up.
export const DRAIN_OPTIONS = { catchUpDelegates: false };
`),
      {
        file: BASE_SESSION,
        find: `class SessionRegistry implements ExecutionRegistry {
`,
        replace: `// Rollout switches are read from the environment once, at start-up.
function applyRollout<T extends object, K extends keyof T>(options: T, key: K, value: T[K]): void {
  options[key] = value;
}

class SessionRegistry implements ExecutionRegistry {
`,
      },
      atSessionStartup(`    applyRollout(DRAIN_OPTIONS, "catchUpDelegates", process.env.KIRO_DELEGATE_CATCH_UP !== "off");
`),
    ],
  },
  {
    id: "drain-options-own-setter",
    model: "base",
    expect: "harmful",
    description:
      "The drain module's `DRAIN_OPTIONS = { catchUpDelegates: false, setCatchUpDelegates(on) { this.catchUpDelegates = on; } }` carries its own setter; the session's constructor calls `DRAIN_OPTIONS.setCatchUpDelegates(process.env.KIRO_DELEGATE_CATCH_UP !== \"off\")`.",
    why:
      "An options object with its own setter is plain JavaScript. The literal is pure (a method is), so the slicer runs it; the write `this.catchUpDelegates = on` sits inside the sliced literal (so it is not \"outside the proof's code\"), its receiver is `this`, and `setCatchUpDelegates` is not a mutator the rule lists. The proof's drain never catches up; the bundle's does (seed mode).",
    edits: [
      ...drainReadsOptions(`// Rollout switches of live steering, set once at start-up.
export const DRAIN_OPTIONS = {
  catchUpDelegates: false,
  setCatchUpDelegates(on: boolean): void {
    this.catchUpDelegates = on;
  },
};
`),
      atSessionStartup(`    DRAIN_OPTIONS.setCatchUpDelegates(process.env.KIRO_DELEGATE_CATCH_UP !== "off");
`),
    ],
  },
  {
    id: "drain-catch-up-unless-env",
    model: "base",
    expect: "harmful",
    description:
      "The drain starts an execution's first drain at 0 (a delegate catches up on the turn) unless `KIRO_DELEGATE_FRESH_START` is set: `const catchUp = !process.env.KIRO_DELEGATE_FRESH_START && execution.prompts.length === 0;`.",
    why:
      "An escape hatch read from the environment where it is used is common. In the proof's context `process` is a stub, and every member of a stub is a callable, truthy stub: `!process.env.KIRO_DELEGATE_FRESH_START` is false there and true in every real run (the variable is unset), so the proof's drain never catches up and the bundle's does (seed mode).",
    edits: [
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  // Delegates catch up on the turn's steering unless fresh starts are asked for.
  const catchUp = !process.env.KIRO_DELEGATE_FRESH_START && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
    ],
  },
  {
    id: "delegate-labels-parent-prompt-count",
    model: "base",
    expect: "harmless",
    description:
      "The execution class gains a display `label?: string`; the sub-agent tool sets ``subAgentExecution.label = `${subagentId} #${state.execution.prompts.length + 1}` `` after the construction (the delegate is labelled with the parent's prompt count).",
    why:
      "A status label for the UI. It reads the parent's transcript only for its length and gives the child a string, which nothing that delivers or decides reads: the tool ought to prove it. Round 5's given-from-parent rule flags any write into the child whose value reads a parent member beyond the config, so this twin shows whether that rule over-refuses.",
    edits: [
      { file: BASE_EXECUTION, find: BASE_FIELD_EXHAUSTED, replace: `${BASE_FIELD_EXHAUSTED}  // Shown in the UI beside the agent's name.
  label?: string;
` },
      afterSubNew(`  subAgentExecution.label = \`\${subagentId} #\${state.execution.prompts.length + 1}\`;
`),
    ],
  },
  {
    id: "delegate-label-in-config",
    model: "base",
    expect: "harmless",
    description:
      "As delegate-labels-parent-prompt-count, the label passed in the config instead: `label: \\`${subagentId} #${state.execution.prompts.length + 1}\\``, stored by the constructor (`this.label = config.label ?? config.agentName`).",
    why: "The same harmless read of the parent, through the construction: the tool ought to prove it.",
    edits: [
      { file: BASE_EXECUTION, find: BASE_CONFIG_LAST, replace: `  skipHooks?: boolean;
  // Shown in the UI beside the agent's name.
  label?: string;
}
` },
      { file: BASE_EXECUTION, find: BASE_FIELD_EXHAUSTED, replace: `${BASE_FIELD_EXHAUSTED}  readonly label: string;
` },
      { file: BASE_EXECUTION, find: BASE_CTOR_LAST_FIELD, replace: `${BASE_CTOR_LAST_FIELD}    this.label = config.label ?? config.agentName;
` },
      {
        file: BASE_TOOL,
        find: BASE_SUB_CONFIG_LAST,
        replace: `    agentName: subagentId,
    label: \`\${subagentId} #\${state.execution.prompts.length + 1}\`,
  });
`,
      },
    ],
  },

  // ---- (b) fresh: data flow the rules follow by spelling ---------------------------------
  {
    id: "delegate-transcript-destructured",
    model: "base",
    expect: "harmful",
    description:
      "The sub-agent tool reads `const { prompts: parentPrompts } = state.execution;` at its top and, after the construction, starts the child's transcript with `subAgentExecution.prompts.push(...parentPrompts)`.",
    why:
      "Destructuring what a function needs at its top is a lint-rule favourite (prefer-destructuring). The given-from-parent rule taints a local whose initialiser reads a member of the parent beyond the config; the initialiser here is the parent itself (`state.execution`), the member is read by the pattern, which the taint does not look at: the parent's steers reach the child outside the drain (both modes).",
    edits: [
      { file: BASE_TOOL, find: BASE_SUBAGENT_ID, replace: `${BASE_SUBAGENT_ID}  const { prompts: parentPrompts } = state.execution;
` },
      afterSubNew(`  // The delegate's transcript starts with what its parent was told.
  subAgentExecution.prompts.push(...parentPrompts);
`),
    ],
  },
  {
    id: "memory-transcript-reflect-apply",
    model: "base",
    expect: "harmful",
    description:
      "Memory extraction gives its execution the root's transcript before running it: `Reflect.apply(Array.prototype.push, extraction.prompts, execution.prompts)`.",
    why:
      "Memory extraction is about what the user said, so a release could hand it the turn's prompts directly; `Reflect.apply` is how code written against a frozen or proxied `push` calls it. The callee is `Reflect.apply`, neither a member of the child nor `Object.assign`/`defineProperty`, so the given-from-parent rule does not look at its arguments: memory extraction receives the turn's steering outside the drain (both modes).",
    edits: [
      {
        file: BASE_MEMORY,
        find: BASE_MEMORY_AFTER_NEW,
        replace: `    skipHooks: true,
  });
  // What to extract from: the turn as the root was prompted with it.
  Reflect.apply(Array.prototype.push, extraction.prompts, execution.prompts);
  try {
`,
      },
    ],
  },
  {
    id: "delegate-standby-object-assign",
    model: "base",
    expect: "harmful",
    description:
      "The tool's module keeps `const standby: { parent?, delegate? } = {}`; the top-level `buildDelegate(parent, agentName)` builds the child, records it with `Object.assign(standby, { parent, delegate: child })` and returns it; `prewarmDelegate(parent)` (the session, when each root starts; the tool, after each delegation) builds one and drops it; a delegation takes it through `takeStandby(parent)`, a helper beside it that returns the delegate when it was built for this parent and has not prompted yet.",
    why:
      "`Object.assign` into a module-level record is an ordinary way to keep two things together. The kept-child walk lists `Object.assign` among the writers that \"return, and keep, nothing of their argument\", so a child inside its source object is not kept by it; but `Object.assign` copies the child into `standby.delegate`, which outlives the function. Built at turn start, the delegate replays the steers typed before the delegation (seed mode).",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// The delegate built ahead for the next delegation, and the parent it was built for.
const standby: { parent?: AgentExecution; delegate?: AgentExecution } = {};

function buildDelegate(parent: AgentExecution, agentName: string): AgentExecution {
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName,
  });
  Object.assign(standby, { parent, delegate: child });
  return child;
}

// The delegate built ahead for this parent, if it has not run yet.
function takeStandby(parent: AgentExecution): AgentExecution | undefined {
  const { parent: builtFor, delegate } = standby;
  return builtFor === parent && delegate?.prompts.length === 0 ? delegate : undefined;
}

export function prewarmDelegate(parent: AgentExecution): void {
  if (parent.skipHooks || parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) return;
  buildDelegate(parent, "sub-agent");
}
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_NEW,
        replace: `  const subAgentExecution = takeStandby(state.execution) ?? buildDelegate(state.execution, "sub-agent");
`,
      },
      prewarmAfterDelegation,
      ...prewarmInSession,
    ],
  },
  {
    id: "delegate-stats-object-assign",
    model: "base",
    expect: "harmless",
    description:
      "Twin of delegate-standby-object-assign: the tool's module keeps `const delegateStats = { built: 0, lastId: \"\" }` and the tool records `Object.assign(delegateStats, { built: delegateStats.built + 1, lastId: subAgentExecution.executionId })` after the construction.",
    why: "`Object.assign` of the child's id, not the child, into a module-level record: nothing is kept, the tool ought to prove it.",
    edits: [
      {
        file: BASE_TOOL,
        find: BASE_TOOL_TOP,
        replace: `${BASE_TOOL_TOP}
// How many delegates this process built, and the last one's id (debug endpoint).
export const delegateStats = { built: 0, lastId: "" };
`,
      },
      afterSubNew(`  Object.assign(delegateStats, { built: delegateStats.built + 1, lastId: subAgentExecution.executionId });
`),
    ],
  },
  {
    id: "root-config-delegate-catch-up",
    model: "base",
    expect: "harmful",
    description:
      "The execution config gains `inheritTurnSteering?: boolean` (a field set by the constructor); the session builds its root with `inheritTurnSteering: process.env.KIRO_DELEGATE_CATCH_UP !== \"off\"`, the sub-agent tool passes `inheritTurnSteering: state.execution.inheritTurnSteering` on to the child, and the drain starts an execution's first drain at 0 when `execution.inheritTurnSteering` is set (the root's starts there anyway).",
    why:
      "A session setting carried on the root and inherited by its delegates is how per-session options travel in an agent tree. Every write of the field is in the constructor, which the closed world accounts for; but the proof's parents are executions the harness builds with its own config, which carries no such key, so every child it spawns inherits `false`. The bundle's roots carry `true`: every delegate replays the turn (seed mode).",
    edits: [
      { file: BASE_EXECUTION, find: BASE_CONFIG_LAST, replace: `  skipHooks?: boolean;
  // A delegate's first drain starts at the turn's first steer (a session setting, inherited).
  inheritTurnSteering?: boolean;
}
` },
      { file: BASE_EXECUTION, find: BASE_FIELD_EXHAUSTED, replace: `${BASE_FIELD_EXHAUSTED}  readonly inheritTurnSteering: boolean;
` },
      { file: BASE_EXECUTION, find: BASE_CTOR_LAST_FIELD, replace: `${BASE_CTOR_LAST_FIELD}    this.inheritTurnSteering = config.inheritTurnSteering ?? false;
` },
      {
        file: BASE_SESSION,
        find: BASE_ROOT_LAST,
        replace: `      signal: this.turnController.signal,
      agentName: "kiro",
      inheritTurnSteering: process.env.KIRO_DELEGATE_CATCH_UP !== "off",
    });
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_CONFIG_LAST,
        replace: `    agentName: subagentId,
    inheritTurnSteering: state.execution.inheritTurnSteering,
  });
`,
      },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const catchUp = execution.inheritTurnSteering && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
    ],
  },
  {
    id: "drain-history-default-from-context",
    model: "base",
    expect: "harmful",
    description:
      "The prompt context gains an optional `delegateHistory?: \"turn\" | \"none\"`; the drain reads `const history = execution.promptContext.delegateHistory ?? \"turn\";` and starts an execution's first drain at 0 (memory extraction excepted, `!execution.skipHooks`) when it is \"turn\". No caller sets it, so the default holds.",
    why:
      "An optional setting with a default at its point of use is everyday TypeScript. The proof's parents are built with a stub for `promptContext`, and a member of a stub is a stub, never `undefined`: `?? \"turn\"` never takes its default there and `history === \"turn\"` is false, while in the bundle the key is absent and every delegate catches up on the turn (seed mode).",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_PROMPT_CONTEXT,
        replace: `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
  // What a delegate sees of the turn's steering: all of it ("turn", the default) or only what comes after it starts.
  delegateHistory?: "turn" | "none";
}
`,
      },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const history = execution.promptContext.delegateHistory ?? "turn";
  const catchUp = history === "turn" && !execution.skipHooks && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
    ],
  },
  {
    id: "drain-options-set-by-class-static",
    model: "base",
    expect: "harmful",
    description:
      "The execution module exports `STEERING_ROLLOUT = { catchUpDelegates: false }` and the class a `static configureSteering(options)` that sets `STEERING_ROLLOUT.catchUpDelegates = options.catchUpDelegates`; the drain imports `STEERING_ROLLOUT` and starts an execution's first drain at 0 when it is set; the session's constructor calls `AgentExecution.configureSteering({ catchUpDelegates: process.env.KIRO_DELEGATE_CATCH_UP !== \"off\" })`.",
    why:
      "A static configure method on the class that owns a feature is ordinary. Round 5's rule opens the world for a member write of a sliced top-level value outside the proof's code; this write is inside the execution class, which the proof slices whole, so it is skipped as the proof's own, but the harness never calls `configureSteering`: the proof runs the literal's `false`, the bundle's drain catches up (seed mode). A static member of the class read by the session is accounted for as such.",
    edits: [
      {
        file: BASE_EXECUTION,
        find: BASE_EXEC_SEQUENCE,
        replace: `${BASE_EXEC_SEQUENCE}
// Rollout switches of live steering, set once at start-up.
export const STEERING_ROLLOUT = { catchUpDelegates: false };
`,
      },
      newClassMethod(`  static configureSteering(options: { catchUpDelegates: boolean }): void {
    STEERING_ROLLOUT.catchUpDelegates = options.catchUpDelegates;
  }
`),
      { file: BASE_DRAIN, find: BASE_DRAIN_HEAD, replace: `import { STEERING_ROLLOUT, type AgentExecution } from "../agent/execution";
` },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const catchUp = STEERING_ROLLOUT.catchUpDelegates && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {
`,
      },
      atSessionStartup(`    AgentExecution.configureSteering({ catchUpDelegates: process.env.KIRO_DELEGATE_CATCH_UP !== "off" });
`),
    ],
  },
  {
    id: "run-loop-sets-catch-up-field",
    model: "base",
    expect: "harmful",
    description:
      "The execution class gains a field `catchUpOnStart = false`; the drain starts at 0 when it is set and clears it; `runExecution(execution)` (the run loop) sets `execution.catchUpOnStart = true` for an execution at depth > 0 that has not prompted yet.",
    why:
      "The run loop preparing an execution for its first step is ordinary. The closed world judges writes of the fields the drain reads on `this` in the class's methods and on a local bound to a construction; the run loop writes the field on its parameter, which is neither, and the proof never runs the loop (the spawn path's hand-off is replaced): the proof's delegates never catch up, the bundle's do (seed mode).",
    edits: [
      { file: BASE_EXECUTION, find: BASE_FIELD_EXHAUSTED, replace: `${BASE_FIELD_EXHAUSTED}  // Set by the run loop: the next drain starts at the turn's first steer.
  catchUpOnStart = false;
` },
      {
        file: BASE_DRAIN,
        find: BASE_DRAIN_LOOP,
        replace: `  const start = execution.catchUpOnStart ? 0 : execution.steeringReaderIndex;
  execution.catchUpOnStart = false;
  for (let index = start; index < buffer.length; index++) {
`,
      },
      {
        file: BASE_NODES,
        find: BASE_RUN_ENTRY,
        replace: `${BASE_RUN_ENTRY}  // A delegate that has not prompted yet starts with the turn's steering: it needs the user's context.
  if (execution.subExecutionDepth > 0 && execution.prompts.length === 0) execution.catchUpOnStart = true;
`,
      },
    ],
  },
  {
    id: "delegate-config-history-closure",
    model: "base",
    expect: "harmful",
    description:
      "The execution config gains `history?: () => SteeringMessage[][]`, kept by the constructor; `takeQueuedSteering()` starts the first prompt with it (`if (this.prompts.length === 0 && this.history) this.prompts.push(...this.history())`); the sub-agent tool passes `history: () => state.execution.prompts`.",
    why:
      "Handing a delegate a lazy view of its parent's history (read when it first prompts, not copied at spawn) is an ordinary design. The closure is in the construction's config, which the given-from-parent rule does not look at, and captures the parent, not the child; the class's method writes `this.prompts`, which is neither the own queue nor a field the drain reads, and the harness never calls `takeQueuedSteering`: the parent's steers reach the child outside the drain (both modes).",
    edits: [
      { file: BASE_EXECUTION, find: BASE_CONFIG_LAST, replace: `  skipHooks?: boolean;
  // What the execution's first prompt starts with (a delegate: its parent's transcript).
  history?: () => SteeringMessage[][];
}
` },
      { file: BASE_EXECUTION, find: BASE_FIELD_EXHAUSTED, replace: `${BASE_FIELD_EXHAUSTED}  private readonly history?: () => SteeringMessage[][];
` },
      { file: BASE_EXECUTION, find: BASE_CTOR_LAST_FIELD, replace: `${BASE_CTOR_LAST_FIELD}    this.history = config.history;
` },
      {
        file: BASE_EXECUTION,
        find: BASE_TAKE_QUEUED,
        replace: `  takeQueuedSteering(): SteeringMessage[] {
    if (this.prompts.length === 0 && this.history) this.prompts.push(...this.history());
    const taken = this.queuedSteering;
`,
      },
      {
        file: BASE_TOOL,
        find: BASE_SUB_CONFIG_LAST,
        replace: `    agentName: subagentId,
    history: () => state.execution.prompts,
  });
`,
      },
    ],
  },
];
