// Round 27: a red team's mutants against the rules of 6d0f3bc (round 26's fixes: a
// child or a holder of it handed as an argument is followed into the callee both ways;
// named callbacks, IIFEs and nested declarations over the child are opaque; container
// callbacks are read in their own scope; `new X(child…)` is a sink unless X is a
// builtin, the execution class or an inert class; plain local literals are tracked for
// stores; registry hand-offs, `.call` and `__privateMethod` are read; methods of the
// execution class are read with `this` as the child, and one that gives `this` nothing
// is benign where its key is unique; a never-read module container is accepted; an
// acknowledgement is accepted; `Math.*` is exempt from the member-beside rule; a
// computed string key is that key). The harmful ones copy the user steering already
// delivered to the turn's root onto a sub-execution's prompts on its first model call
// (in `modelInvokeNode`, after the drain), or push a new steer onto live
// sub-executions from `AcpSession.steer`, through the neighbours of those rules: the
// way a callee receives the child (an options object, a destructured or rest
// parameter, a spread, a bound function, an optional or parenthesised call, a long
// chain of helpers, recursion, a closure returned by the callee), builtin containers
// that hold the child (`Set`, `Map`, `WeakRef`, `Array.of`, `Object.fromEntries`,
// `Promise.all`), element readers (`find`, `at`, `pop`, `reduce`'s seed), stores into
// non-literal locals, inherited and rest-parameter constructors, module containers
// reached through an object or `globalThis`, and methods of the execution class whose
// harm sits in a default parameter or a returned closure.

const EXECUTION = "src/agent/execution.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";
const SUB = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const RUN_START = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {\n`;
const SPAWN_END = `    agentName: subagentId,\n  });`;

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
const SESSION_STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }
`;
const SESSION_IMPORT = `import { ModelSettleError, runExecution } from "../graph/nodes";
`;

// ---- shared pieces (as rounds 24 to 26) -------------------------------------

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
const onFirstSubCall = (body) =>
  afterDrain(`  const root = turnRoot(state.execution);
  if (root && root !== state.execution && state.execution.subExecutionDepth > 0 && state.turns === 0) {
${body}  }
`);
const method = (text) => ({ file: EXECUTION, find: SET_INDEX, replace: `${text}\n${SET_INDEX}` });
const steer = (body) => ({ file: SESSION, find: SESSION_STEER, replace: `  steer(text: string): void {\n    const message = this.sessionServices.liveSteering.push("user", text);\n${body}  }\n` });
const sessionImports = (names) => ({ file: SESSION, find: SESSION_IMPORT, replace: `import { ${names}, ModelSettleError, runExecution } from "../graph/nodes";\n` });
const nodesTop = (text) => ({ file: NODES, find: `export class ModelSettleError extends Error {}`, replace: `${text}\nexport class ModelSettleError extends Error {}` });
const spanOf = (who, what) => `recordSpan("sub-agent-brief", { agentName: ${who}.agentName, messages: ${what}.length });`;
const PUSH = (who, what) => `if (${what}.length > 0) ${who}.prompts.push(${what});`;

const M = (id, expect, description, why, edits) => ({ id, model: "base", expect, description, why, edits });
// A harmful mutant and its harmless twin from one template: `act(who, what)` is the harm or the span.
const pair = (id, description, twinDescription, why, make) => [
  M(id, "harmful", description, why, make(PUSH)),
  M(id.replace(/^r27-/, "r27-harmless-"), "harmless", twinDescription, `Harmless twin of \`${id}\`.`, make(spanOf)),
];

const briefFn = (name, act) => `function ${name}(execution: AgentExecution, messages: SteeringMessage[]): void {\n  ${act("execution", "messages")}\n}\n`;

// A chain of N helpers, each handing the child to the next; the last acts.
const chain = (n, act) => {
  let text = "";
  for (let i = 1; i < n; i++) text += `function briefStage${i}(execution: AgentExecution, messages: SteeringMessage[]): void {\n  briefStage${i + 1}(execution, messages);\n}\n`;
  text += `function briefStage${n}(execution: AgentExecution, messages: SteeringMessage[]): void {\n  ${act("execution", "messages")}\n}\n`;
  return text;
};

export const ROUND27 = [
  // ---- A. how a callee receives the child ---------------------------------------------------
  ...pair(
    "r27-options-object",
    "nodes.ts gains `function briefSubAgent(job: { target: AgentExecution; messages: SteeringMessage[] }) { if (job.messages.length > 0) job.target.prompts.push(job.messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent({ target: state.execution, messages: userSaid(root) });`.",
    "As `r27-options-object`, `briefSubAgent` records a span with `job.target.agentName` and the number of messages.",
    "An options object is the most common way a TypeScript codebase passes several values; the child is a member of a literal argument, not the argument.",
    (act) => [...base, beforeInvokeModel(`function briefSubAgent(job: { target: AgentExecution; messages: SteeringMessage[] }): void {\n  ${act("job.target", "job.messages")}\n}\n`), onFirstSubCall(`    briefSubAgent({ target: state.execution, messages: userSaid(root) });\n`)],
  ),
  ...pair(
    "r27-options-destructured",
    "As `r27-options-object`, the callee destructures its options: `function briefSubAgent({ target, messages }) { if (messages.length > 0) target.prompts.push(messages); }`.",
    "As `r27-options-destructured`, `briefSubAgent` records a span with `target.agentName` and the number of messages.",
    "Destructured options are as common; the callee's parameter is a pattern, not a name.",
    (act) => [...base, beforeInvokeModel(`function briefSubAgent({ target, messages }: { target: AgentExecution; messages: SteeringMessage[] }): void {\n  ${act("target", "messages")}\n}\n`), onFirstSubCall(`    briefSubAgent({ target: state.execution, messages: userSaid(root) });\n`)],
  ),
  ...pair(
    "r27-holder-destructured-param",
    "nodes.ts gains `function briefSubAgent({ execution }: ExecutionState, messages) { if (messages.length > 0) execution.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state, userSaid(root));`.",
    "As `r27-holder-destructured-param`, `briefSubAgent` records a span.",
    "The holder handed on and destructured in the callee's parameter list.",
    (act) => [...base, beforeInvokeModel(`function briefSubAgent({ execution }: ExecutionState, messages: SteeringMessage[]): void {\n  ${act("execution", "messages")}\n}\n`), onFirstSubCall(`    briefSubAgent(state, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-rest-param",
    "nodes.ts gains `function briefSubAgents(messages, ...targets: AgentExecution[]) { for (const target of targets) if (messages.length > 0) target.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgents(userSaid(root), state.execution);`.",
    "As `r27-rest-param`, each target is only recorded in a span.",
    "A variadic helper is ordinary; the child lands in a rest parameter, an array the callee iterates.",
    (act) => [...base, beforeInvokeModel(`function briefSubAgents(messages: SteeringMessage[], ...targets: AgentExecution[]): void {\n  for (const target of targets) {\n    ${act("target", "messages")}\n  }\n}\n`), onFirstSubCall(`    briefSubAgents(userSaid(root), state.execution);\n`)],
  ),
  M(
    "r27-spread-args",
    "harmful",
    "nodes.ts gains `function briefSubAgent(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const args = [state.execution, userSaid(root)] as const; briefSubAgent(...args);`.",
    "Arguments gathered in a tuple and spread into the call; the call's arguments are a spread, not the child.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    const args = [state.execution, userSaid(root)] as const;\n    briefSubAgent(...args);\n`)],
  ),
  ...pair(
    "r27-bound-helper",
    "nodes.ts gains `function briefSubAgent(execution, messages) { … push … }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = briefSubAgent.bind(undefined, state.execution); brief(userSaid(root));`.",
    "As `r27-bound-helper`, `briefSubAgent` records a span.",
    "Partial application with `bind` is ordinary; the child is a bound argument and the call is of a local.",
    (act) => [...base, beforeInvokeModel(briefFn("briefSubAgent", act)), onFirstSubCall(`    const brief = briefSubAgent.bind(undefined, state.execution);\n    brief(userSaid(root));\n`)],
  ),
  M(
    "r27-optional-call",
    "harmful",
    "nodes.ts gains a module-level `let onSubAgentBrief: ((execution, messages) => void) | undefined = briefSubAgent` (a hook a host may replace) and `briefSubAgent` pushes; `modelInvokeNode`, after the drain, on a sub-execution's first call: `onSubAgentBrief?.(state.execution, userSaid(root));`.",
    "An optional hook called with `?.()` is ordinary; the call is an optional chain, the callee a module variable.",
    [...base, beforeInvokeModel(`${briefFn("briefSubAgent", PUSH)}export let onSubAgentBrief: ((execution: AgentExecution, messages: SteeringMessage[]) => void) | undefined = briefSubAgent;\n`), onFirstSubCall(`    onSubAgentBrief?.(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-optional-call-direct",
    "harmful",
    "As `r27-plain` (a declared `briefSubAgent` that pushes), called as `briefSubAgent?.(state.execution, userSaid(root))`.",
    "The plain hand-off, spelled as an optional call.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    briefSubAgent?.(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-sequence-callee",
    "harmful",
    "As `r27-optional-call-direct`, called as `(0, briefSubAgent)(state.execution, userSaid(root))` (esbuild's and TypeScript's own spelling of an imported call).",
    "`(0, f)(…)` is what TypeScript's CommonJS output writes for every imported call; the callee is a sequence, not a name.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    (0, briefSubAgent)(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-conditional-callee",
    "nodes.ts gains `briefSubAgent` (pushes) and `noteSubAgent(execution, messages)` (a span); `modelInvokeNode`, after the drain, on a sub-execution's first call: `(state.execution.skipHooks ? noteSubAgent : briefSubAgent)(state.execution, userSaid(root));`.",
    "As `r27-conditional-callee`, both functions only record a span.",
    "Picking a function by a flag and calling the pick is ordinary; the callee is a conditional.",
    (act) => [...base, beforeInvokeModel(`${briefFn("briefSubAgent", act)}${briefFn("noteSubAgent", spanOf)}`), onFirstSubCall(`    (state.execution.skipHooks ? noteSubAgent : briefSubAgent)(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-module-alias",
    "nodes.ts gains `briefSubAgent` (pushes) and a module-level `const deliverBriefing = briefSubAgent;`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `deliverBriefing(state.execution, userSaid(root));`.",
    "As `r27-module-alias`, `briefSubAgent` records a span.",
    "A function re-exported under a second name is ordinary; the call is of a module constant, not of the function's own name.",
    (act) => [...base, beforeInvokeModel(`${briefFn("briefSubAgent", act)}export const deliverBriefing = briefSubAgent;\n`), onFirstSubCall(`    deliverBriefing(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-module-literal-value",
    "nodes.ts gains `briefSubAgent` (pushes) and a module-level `const subAgentHooks = { brief: briefSubAgent }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `subAgentHooks.brief(state.execution, userSaid(root));`.",
    "As `r27-module-literal-value`, `briefSubAgent` records a span.",
    "A table of named hooks whose values are declared functions (not methods written in the literal, round 26's fixed case).",
    (act) => [...base, beforeInvokeModel(`${briefFn("briefSubAgent", act)}const subAgentHooks = { brief: briefSubAgent };\n`), onFirstSubCall(`    subAgentHooks.brief(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-chain-17",
    "nodes.ts gains seventeen helpers `briefStage1 … briefStage17(execution, messages)`, each handing both to the next, the last pushing; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefStage1(state.execution, userSaid(root));`.",
    "As `r27-chain-17`, the last stage records a span.",
    "Past the follower limit of 16: a layered pipeline of small helpers (middleware) is ordinary in a large server.",
    (act) => [...base, beforeInvokeModel(chain(17, act)), onFirstSubCall(`    briefStage1(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-recursive-helper",
    "nodes.ts gains `function briefAll(targets: AgentExecution | AgentExecution[], messages) { if (Array.isArray(targets)) { for (const t of targets) briefAll(t, messages); return; } … push onto targets.prompts … }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefAll([state.execution], userSaid(root));`.",
    "As `r27-recursive-helper`, the leaf records a span.",
    "A helper that accepts one or many and recurses on the many is ordinary; the child reaches the act through the recursion.",
    (act) => [...base, beforeInvokeModel(`function briefAll(targets: AgentExecution | AgentExecution[], messages: SteeringMessage[]): void {\n  if (Array.isArray(targets)) {\n    for (const target of targets) briefAll(target, messages);\n    return;\n  }\n  ${act("targets", "messages")}\n}\n`), onFirstSubCall(`    briefAll([state.execution], userSaid(root));\n`)],
  ),
  ...pair(
    "r27-returned-closure",
    "nodes.ts gains `function brieferFor(execution) { return (messages) => { … push onto execution.prompts … }; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `brieferFor(state.execution)(userSaid(root));`.",
    "As `r27-returned-closure`, the returned closure records a span.",
    "A factory that closes over its argument is ordinary; the callee does nothing to the child itself, what it returns does.",
    (act) => [...base, beforeInvokeModel(`function brieferFor(execution: AgentExecution): (messages: SteeringMessage[]) => void {\n  return (messages) => {\n    ${act("execution", "messages")}\n  };\n}\n`), onFirstSubCall(`    const brief = brieferFor(state.execution);\n    brief(userSaid(root));\n`)],
  ),
  M(
    "r27-tagged-template",
    "harmful",
    "nodes.ts gains a tag `function brief(strings: TemplateStringsArray, execution: AgentExecution, messages: SteeringMessage[]) { if (messages.length > 0) execution.prompts.push(messages); return strings.join(\"\"); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: ``brief`briefing ${state.execution} with ${userSaid(root)}`;``.",
    "Tagged templates are used for logging and formatting helpers; the child is a substitution of a template, not an argument of a call.",
    [...base, beforeInvokeModel(`function brief(strings: TemplateStringsArray, execution: AgentExecution, messages: SteeringMessage[]): string {\n  if (messages.length > 0) execution.prompts.push(messages);\n  return strings.join("");\n}\n`), onFirstSubCall(`    brief\`briefing \${state.execution} with \${userSaid(root)}\`;\n`)],
  ),
  // ---- B. builtin containers and element readers ------------------------------------------
  ...pair(
    "r27-new-set",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for (const target of new Set([state.execution])) { … push said … }`.",
    "As `r27-new-set`, each target is only recorded in a span.",
    "A `Set` to de-duplicate targets is ordinary; `new Set(…)` is a builtin constructor, not a sink, and what it holds is iterated.",
    (act) => [...base, onFirstSubCall(`    const said = userSaid(root);\n    for (const target of new Set([state.execution])) {\n      ${act("target", "said")}\n    }\n`)],
  ),
  ...pair(
    "r27-new-map-get",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const byName = new Map([[state.execution.agentName, state.execution]]); const target = byName.get(state.execution.agentName); const said = userSaid(root); if (target) { … push … }`.",
    "As `r27-new-map-get`, the target is only recorded in a span.",
    "A lookup table built from pairs is ordinary; the child is a value of a pair in a builtin constructor's argument.",
    (act) => [...base, onFirstSubCall(`    const byName = new Map([[state.execution.agentName, state.execution]]);\n    const target = byName.get(state.execution.agentName);\n    const said = userSaid(root);\n    if (target) {\n      ${act("target", "said")}\n    }\n`)],
  ),
  M(
    "r27-weakref-local",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const ref = new WeakRef(state.execution); const said = userSaid(root); const target = ref.deref(); if (target && said.length > 0) target.prompts.push(said);`.",
    "A `WeakRef` is a builtin; what `deref()` gives back is the child.",
    [...base, onFirstSubCall(`    const ref = new WeakRef(state.execution);\n    const said = userSaid(root);\n    const target = ref.deref();\n    if (target) ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-array-of",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for (const target of Array.of(state.execution)) { … push … }`.",
    "`Array.of` is a builtin that gives back its arguments.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    for (const target of Array.of(state.execution)) {\n      ${PUSH("target", "said")}\n    }\n`)],
  ),
  M(
    "r27-from-entries",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const targets = Object.fromEntries([[\"sub\", state.execution]]); const said = userSaid(root); … push onto targets.sub.prompts …`.",
    "`Object.fromEntries` is a builtin; the child is a value inside its argument.",
    [...base, onFirstSubCall(`    const targets: Record<string, AgentExecution> = Object.fromEntries([["sub", state.execution]]);\n    const said = userSaid(root);\n    ${PUSH("targets.sub", "said")}\n`)],
  ),
  ...pair(
    "r27-promise-all",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const [target, said] = await Promise.all([state.execution, userSaid(root)]); … push …`.",
    "As `r27-promise-all`, the target is only recorded in a span.",
    "Awaiting several values at once with `Promise.all` is everyday code; what it resolves to holds the child.",
    (act) => [...base, onFirstSubCall(`    const [target, said] = await Promise.all([state.execution, userSaid(root)]);\n    ${act("target", "said")}\n`)],
  ),
  ...pair(
    "r27-find-element",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = [state.execution].find((e) => e.subExecutionDepth > 0); if (target) { … push … }`.",
    "As `r27-find-element`, the found target is only recorded in a span.",
    "`find` gives back an element of the container; its callback only tests.",
    (act) => [...base, onFirstSubCall(`    const said = userSaid(root);\n    const target = [state.execution].find((e) => e.subExecutionDepth > 0);\n    if (target) {\n      ${act("target", "said")}\n    }\n`)],
  ),
  M(
    "r27-at-element",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = [root, state.execution].at(-1); if (target) { … push … }`.",
    "`at(-1)` gives back an element of the container.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    const target = [root, state.execution].at(-1);\n    if (target) ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-pop-element",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const pending = [state.execution]; const target = pending.pop(); if (target) { … push … }`.",
    "A work list popped is ordinary; `pop` gives back an element.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    const pending = [state.execution];\n    const target = pending.pop();\n    if (target) ${PUSH("target", "said")}\n`)],
  ),
  ...pair(
    "r27-reduce-seed",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `[userSaid(root)].reduce((target, messages) => { … push messages onto target … ; return target; }, state.execution);`.",
    "As `r27-reduce-seed`, the reducer records a span.",
    "A fold over a list of batches starting from the execution; the child is `reduce`'s seed, not an element, so it reaches the callback's first parameter.",
    (act) => [...base, onFirstSubCall(`    [userSaid(root)].reduce((target: AgentExecution, messages: SteeringMessage[]) => {\n      ${act("target", "messages")}\n      return target;\n    }, state.execution);\n`)],
  ),
  // ---- C. stores into non-literal locals ---------------------------------------------------
  ...pair(
    "r27-array-slot",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const slots: AgentExecution[] = []; slots[0] = state.execution; const said = userSaid(root); … push onto slots[0] …`.",
    "As `r27-array-slot`, the slot is only recorded in a span.",
    "An indexed store into a local array (not a plain literal object) and a read back.",
    (act) => [...base, onFirstSubCall(`    const slots: AgentExecution[] = [];\n    slots[0] = state.execution;\n    const said = userSaid(root);\n    ${act("slots[0]", "said")}\n`)],
  ),
  ...pair(
    "r27-instance-store",
    "nodes.ts gains `class BriefingSlot { target?: AgentExecution; messages: SteeringMessage[] = []; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const slot = new BriefingSlot(); slot.target = state.execution; slot.messages = userSaid(root); … push slot.messages onto slot.target …`.",
    "As `r27-instance-store`, the slot is only recorded in a span.",
    "A store into a fresh instance of an inert class (not a plain literal), read back.",
    (act) => [...base, beforeInvokeModel(`class BriefingSlot {\n  target?: AgentExecution;\n  messages: SteeringMessage[] = [];\n}\n`), onFirstSubCall(`    const slot = new BriefingSlot();\n    slot.target = state.execution;\n    slot.messages = userSaid(root);\n    if (slot.target) {\n      ${act("slot.target", "slot.messages")}\n    }\n`)],
  ),
  M(
    "r27-object-create-store",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = Object.create(null); job.target = state.execution; const said = userSaid(root); … push onto job.target …`.",
    "A dictionary object made with `Object.create(null)` (not a literal) stored into and read back.",
    [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = Object.create(null);\n    job.target = state.execution;\n    const said = userSaid(root);\n    if (job.target) ${PUSH("job.target", "said")}\n`)],
  ),
  ...pair(
    "r27-map-set-get",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const pending = new Map<string, AgentExecution>(); pending.set(\"sub\", state.execution); const target = pending.get(\"sub\"); const said = userSaid(root); … push …`.",
    "As `r27-map-set-get`, the target is only recorded in a span.",
    "A local map filled with `set` and read with `get`.",
    (act) => [...base, onFirstSubCall(`    const pending = new Map<string, AgentExecution>();\n    pending.set("sub", state.execution);\n    const target = pending.get("sub");\n    const said = userSaid(root);\n    if (target) {\n      ${act("target", "said")}\n    }\n`)],
  ),
  // ---- D. constructors --------------------------------------------------------------------------
  ...pair(
    "r27-ctor-inherited",
    "nodes.ts gains `class Briefing { constructor(execution, messages) { … push … } }` and `class SubAgentBriefing extends Briefing {}` (no constructor of its own); `modelInvokeNode`, after the drain, on a sub-execution's first call: `new SubAgentBriefing(state.execution, userSaid(root));`.",
    "As `r27-ctor-inherited`, the base constructor records a span.",
    "A subclass that adds nothing to the constructor is ordinary; its own class reads nothing of its arguments (an implicit constructor), its base does.",
    (act) => [...base, beforeInvokeModel(`class Briefing {\n  constructor(execution: AgentExecution, messages: SteeringMessage[]) {\n    ${act("execution", "messages")}\n  }\n}\nclass SubAgentBriefing extends Briefing {}\n`), onFirstSubCall(`    new SubAgentBriefing(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-ctor-rest",
    "nodes.ts gains `class SubAgentBriefing { constructor(...parts: [AgentExecution, SteeringMessage[]]) { const [execution, messages] = parts; … push … } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `new SubAgentBriefing(state.execution, userSaid(root));`.",
    "As `r27-ctor-rest`, the constructor records a span.",
    "A constructor taking a rest tuple; it has no named parameter.",
    (act) => [...base, beforeInvokeModel(`class SubAgentBriefing {\n  constructor(...parts: [AgentExecution, SteeringMessage[]]) {\n    const [execution, messages] = parts;\n    ${act("execution", "messages")}\n  }\n}\n`), onFirstSubCall(`    new SubAgentBriefing(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-ctor-options",
    "harmful",
    "nodes.ts gains `class SubAgentBriefing { constructor(options: { target: AgentExecution; messages: SteeringMessage[] }) { … push options.messages onto options.target … } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `new SubAgentBriefing({ target: state.execution, messages: userSaid(root) });`.",
    "A constructor taking an options object, the child a member of the literal.",
    [...base, beforeInvokeModel(`class SubAgentBriefing {\n  constructor(options: { target: AgentExecution; messages: SteeringMessage[] }) {\n    ${PUSH("options.target", "options.messages")}\n  }\n}\n`), onFirstSubCall(`    new SubAgentBriefing({ target: state.execution, messages: userSaid(root) });\n`)],
  ),
  // ---- E. methods of the execution class ------------------------------------------------------
  ...pair(
    "r27-method-default-param",
    "execution.ts: the class gains `brief(messages, into: SteeringMessage[][] = this.prompts) { if (messages.length > 0) into.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "As `r27-method-default-param`, the method only counts: `brief(messages, seen: number = this.prompts.length) { this.briefed = seen + messages.length; }` (a field `briefed = 0`).",
    "A default parameter taken from `this` is ordinary; the method's body gives `this` nothing, its parameter list does.",
    (act) => act === PUSH
      ? [...base, method(`  brief(messages: SteeringMessage[], into: SteeringMessage[][] = this.prompts): void {\n    if (messages.length > 0) into.push(messages);\n  }\n`), onFirstSubCall(`    state.execution.brief(userSaid(root));\n`)]
      : [...base, { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  briefed = 0;\n` }, method(`  brief(messages: SteeringMessage[], seen: number = this.prompts.length): void {\n    this.briefed = seen + messages.length;\n  }\n`), onFirstSubCall(`    state.execution.brief(userSaid(root));\n`)],
  ),
  ...pair(
    "r27-method-returns-closure",
    "execution.ts: the class gains `briefer() { return (messages) => { if (messages.length > 0) this.prompts.push(messages); }; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = state.execution.briefer(); brief(userSaid(root));`.",
    "As `r27-method-returns-closure`, the closure only records a span with `this.agentName`.",
    "A method handing out a bound callback is ordinary; the method itself is called with no value, and the closure it returns is called with the message.",
    (act) => [...base, { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` }, method(`  briefer(): (messages: SteeringMessage[]) => void {\n    return (messages) => {\n      ${act("this", "messages")}\n    };\n  }\n`), onFirstSubCall(`    const brief = state.execution.briefer();\n    brief(userSaid(root));\n`)],
  ),
  M(
    "r27-method-reflect-get",
    "harmful",
    "execution.ts: the class gains `brief(messages) { const history: SteeringMessage[][] = Reflect.get(this, \"prompts\"); if (messages.length > 0) history.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "`Reflect.get` of `this` with a literal key; the body writes no member of `this` by name.",
    [...base, method(`  brief(messages: SteeringMessage[]): void {\n    const history: SteeringMessage[][] = Reflect.get(this, "prompts");\n    if (messages.length > 0) history.push(messages);\n  }\n`), onFirstSubCall(`    state.execution.brief(userSaid(root));\n`)],
  ),
  ...pair(
    "r27-method-optional-call",
    "execution.ts: the class gains `brief(messages) { if (messages.length > 0) this.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief?.(userSaid(root));`.",
    "As `r27-method-optional-call`, `brief` records a span with `this.agentName`.",
    "The direct method, called as an optional call (a method a host may not have).",
    (act) => [...base, { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` }, method(`  brief(messages: SteeringMessage[]): void {\n    ${act("this", "messages")}\n  }\n`), onFirstSubCall(`    state.execution.brief?.(userSaid(root));\n`)],
  ),
  // ---- F. computed destructuring keys ---------------------------------------------------------
  M(
    "r27-computed-key-const",
    "harmful",
    "nodes.ts gains `const CURRENT = \"execution\" as const;`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const { [CURRENT]: target } = state; const said = userSaid(root); … push …`.",
    "A computed destructuring key held in a constant rather than spelled as a literal.",
    [...base, beforeInvokeModel(`const CURRENT = "execution" as const;\n`), onFirstSubCall(`    const { [CURRENT]: target } = state;\n    const said = userSaid(root);\n    ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-computed-key-template",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: ``const { [`execution`]: target } = state;`` then push.",
    "A computed destructuring key spelled as a template literal without substitutions.",
    [...base, onFirstSubCall(`    const { [\`execution\`]: target } = state;\n    const said = userSaid(root);\n    ${PUSH("target", "said")}\n`)],
  ),
  // ---- G. module containers and steer ----------------------------------------------------------
  ...pair(
    "r27-module-object-container",
    "nodes.ts exports `subAgentState = { live: new Map<string, AgentExecution>() }`; `modelInvokeNode`, after the drain: `if (state.execution.subExecutionDepth > 0) subAgentState.live.set(state.execution.executionId, state.execution);`; `AcpSession.steer`, after the buffer push: `for (const sub of subAgentState.live.values()) sub.prompts.push([message]);`.",
    "As `r27-module-object-container`, `steer` only logs `subAgentState.live.size` at debug.",
    "A module's state gathered in one object is ordinary; the container is a member of a module constant, not a module variable.",
    (act) => [...base, nodesTop(`// Sub-executions that have started, by execution id.\nexport const subAgentState = { live: new Map<string, AgentExecution>() };\n`), afterDrain(`  if (state.execution.subExecutionDepth > 0) subAgentState.live.set(state.execution.executionId, state.execution);\n`), sessionImports("subAgentState"), steer(act === PUSH ? `    for (const sub of subAgentState.live.values()) sub.prompts.push([message]);\n` : `    this.sessionServices.logger.debug(\`\${message.id} queued; \${subAgentState.live.size} live sub-agent(s)\`);\n`)],
  ),
  ...pair(
    "r27-globalthis-container",
    "`modelInvokeNode`, after the drain: `if (state.execution.subExecutionDepth > 0) ((globalThis as any).__kiroLiveSubAgents ??= new Map()).set(state.execution.executionId, state.execution);`; `AcpSession.steer`, after the buffer push: `for (const sub of (globalThis as any).__kiroLiveSubAgents?.values() ?? []) sub.prompts.push([message]);`.",
    "As `r27-globalthis-container`, `steer` only logs the map's size at debug.",
    "A process-wide singleton on `globalThis` (so several copies of a module share it) is a common library pattern.",
    (act) => [...base, afterDrain(`  if (state.execution.subExecutionDepth > 0) ((globalThis as any).__kiroLiveSubAgents ??= new Map()).set(state.execution.executionId, state.execution);\n`), steer(act === PUSH ? `    const live: Map<string, AgentExecution> | undefined = (globalThis as any).__kiroLiveSubAgents;\n    for (const sub of live?.values() ?? []) sub.prompts.push([message]);\n` : `    const live: Map<string, AgentExecution> | undefined = (globalThis as any).__kiroLiveSubAgents;\n    this.sessionServices.logger.debug(\`\${message.id} queued; \${live?.size ?? 0} live sub-agent(s)\`);\n`)],
  ),
  ...pair(
    "r27-container-in-literal",
    "nodes.ts gains a module-level `const liveSubAgents = new Map<string, AgentExecution>()` and exports `const liveTables = { subAgents: liveSubAgents }`; `modelInvokeNode`, after the drain, adds a running sub-execution to `liveSubAgents`; `AcpSession.steer`, after the buffer push: `for (const sub of liveTables.subAgents.values()) sub.prompts.push([message]);`.",
    "As `r27-container-in-literal`, `steer` only logs `liveTables.subAgents.size`.",
    "The container is only ever read through a module literal that holds it.",
    (act) => [...base, nodesTop(`const liveSubAgents = new Map<string, AgentExecution>();\nexport const liveTables = { subAgents: liveSubAgents };\n`), afterDrain(`  if (state.execution.subExecutionDepth > 0) liveSubAgents.set(state.execution.executionId, state.execution);\n`), sessionImports("liveTables"), steer(act === PUSH ? `    for (const sub of liveTables.subAgents.values()) sub.prompts.push([message]);\n` : `    this.sessionServices.logger.debug(\`\${message.id} queued; \${liveTables.subAgents.size} live sub-agent(s)\`);\n`)],
  ),
  ...pair(
    "r27-steer-findlast",
    "`AcpSession.steer`, after the buffer push: `const newest = this.registry.executions.findLast((e) => e.subExecutionDepth > 0); if (newest) newest.prompts.push([message]);`.",
    "As `r27-steer-findlast`, the newest sub-agent's name is only logged at debug.",
    "The newest live sub-agent hears a steer at once; `findLast` gives back an element of the registry.",
    (act) => [...base, steer(`    const newest = this.registry.executions.findLast((e) => e.subExecutionDepth > 0);\n    if (newest) ${act === PUSH ? "newest.prompts.push([message]);" : "this.sessionServices.logger.debug(`${message.id} queued; newest sub-agent ${newest.agentName}`);"}\n`)],
  ),
  M(
    "r27-steer-queue-findlast",
    "harmful",
    "As `r27-steer-findlast`, the steer queued through the execution's own delivery method: `newest?.queueSteering(message)`.",
    "The delivery method called outside the drain on an element the registry gives back.",
    [...base, steer(`    this.registry.executions.findLast((e) => e.subExecutionDepth > 0)?.queueSteering(message);\n`)],
  ),
  ...pair(
    "r27-steer-options-handoff",
    "session.ts gains `function remindOfSteer(job: { sub: AgentExecution; message: SteeringMessage }) { job.sub.prompts.push([job.message]); }`; `AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer({ sub, message });`.",
    "As `r27-steer-options-handoff`, `remindOfSteer` only logs at debug.",
    "Round 26's steer hand-off with an options object (shorthand properties).",
    (act) => [...base,
      { file: SESSION, find: `class SessionRegistry implements ExecutionRegistry {`, replace: `function remindOfSteer(job: { sub: AgentExecution; message: SteeringMessage }): void {\n  ${act === PUSH ? "job.sub.prompts.push([job.message]);" : "job.sub.sessionServices.logger.debug(`${job.message.id} queued while ${job.sub.agentName} runs`);"}\n}\n\nclass SessionRegistry implements ExecutionRegistry {` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      steer(`    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer({ sub, message });\n`)],
  ),
  // ---- H. scheduled hand-offs ------------------------------------------------------------------
  M(
    "r27-queue-microtask",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = state.execution; await new Promise<void>((resolve) => queueMicrotask(() => { briefSubAgent(target, said); resolve(); }));`.",
    "Deferring work to a microtask is ordinary; the hand-off sits in a closure handed to a host function inside a `new Promise` executor.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    const said = userSaid(root);\n    const target = state.execution;\n    await new Promise<void>((resolve) =>\n      queueMicrotask(() => {\n        briefSubAgent(target, said);\n        resolve();\n      }),\n    );\n`)],
  ),
  M(
    "r27-settimeout-args",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `await new Promise<void>((resolve) => { setTimeout(briefSubAgent, 0, state.execution, userSaid(root)); setTimeout(resolve, 0); });`.",
    "`setTimeout`'s extra arguments are handed to its callback: the child reaches `briefSubAgent` through a host function's argument list.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    await new Promise<void>((resolve) => {\n      setTimeout(briefSubAgent, 0, state.execution, userSaid(root));\n      setTimeout(resolve, 0);\n    });\n`)],
  ),
  // ---- I. second pass: neighbours of the first pass's holes ------------------------------------
  M(
    "r27-harmless-spread-args",
    "harmless",
    "As `r27-spread-args`, `briefSubAgent` records a span.",
    "Harmless twin of `r27-spread-args`.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", spanOf)), onFirstSubCall(`    const args = [state.execution, userSaid(root)] as const;\n    briefSubAgent(...args);\n`)],
  ),
  M(
    "r27-harmless-sequence-callee",
    "harmless",
    "As `r27-sequence-callee`, `briefSubAgent` records a span.",
    "Harmless twin of `r27-sequence-callee`.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", spanOf)), onFirstSubCall(`    (0, briefSubAgent)(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-harmless-tagged-template",
    "harmless",
    "As `r27-tagged-template`, the tag records a span.",
    "Harmless twin of `r27-tagged-template`.",
    [...base, beforeInvokeModel(`function brief(strings: TemplateStringsArray, execution: AgentExecution, messages: SteeringMessage[]): string {\n  ${spanOf("execution", "messages")}\n  return strings.join("");\n}\n`), onFirstSubCall(`    brief\`briefing \${state.execution} with \${userSaid(root)}\`;\n`)],
  ),
  M(
    "r27-harmless-computed-key-const",
    "harmless",
    "As `r27-computed-key-const`, the target is only recorded in a span.",
    "Harmless twin of `r27-computed-key-const`.",
    [...base, beforeInvokeModel(`const CURRENT = "execution" as const;\n`), onFirstSubCall(`    const { [CURRENT]: target } = state;\n    const said = userSaid(root);\n    ${spanOf("target", "said")}\n`)],
  ),
  ...pair(
    "r27-spread-literal-args",
    "As `r27-spread-args`, the tuple written in place: `briefSubAgent(...[state.execution, userSaid(root)] as const);`.",
    "As `r27-spread-literal-args`, `briefSubAgent` records a span.",
    "A spread of an array literal in place.",
    (act) => [...base, beforeInvokeModel(briefFn("briefSubAgent", act)), onFirstSubCall(`    briefSubAgent(...([state.execution, userSaid(root)] as const));\n`)],
  ),
  M(
    "r27-spread-holder-args",
    "harmful",
    "nodes.ts gains `function briefSubAgentOf(state: ExecutionState, messages) { if (messages.length > 0) state.execution.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const args = [state, userSaid(root)] as const; briefSubAgentOf(...args);`.",
    "The holder handed on through a spread tuple.",
    [...base, beforeInvokeModel(`function briefSubAgentOf(state: ExecutionState, messages: SteeringMessage[]): void {\n  ${PUSH("state.execution", "messages")}\n}\n`), onFirstSubCall(`    const args = [state, userSaid(root)] as const;\n    briefSubAgentOf(...args);\n`)],
  ),
  M(
    "r27-spread-ctor-args",
    "harmful",
    "nodes.ts gains `class SubAgentBriefing { constructor(execution, messages) { … push … } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const args = [state.execution, userSaid(root)] as const; new SubAgentBriefing(...args);`.",
    "A constructor handed the child through a spread tuple.",
    [...base, beforeInvokeModel(`class SubAgentBriefing {\n  constructor(execution: AgentExecution, messages: SteeringMessage[]) {\n    ${PUSH("execution", "messages")}\n  }\n}\n`), onFirstSubCall(`    const args = [state.execution, userSaid(root)] as const;\n    new SubAgentBriefing(...args);\n`)],
  ),
  ...pair(
    "r27-steer-spread-handoff",
    "session.ts gains `function remindOfSteer(sub: AgentExecution, message: SteeringMessage) { sub.prompts.push([message]); }`; `AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer(...([sub, message] as const));`.",
    "As `r27-steer-spread-handoff`, `remindOfSteer` only logs at debug.",
    "Round 26's steer hand-off through a spread tuple.",
    (act) => [...base,
      { file: SESSION, find: `class SessionRegistry implements ExecutionRegistry {`, replace: `function remindOfSteer(sub: AgentExecution, message: SteeringMessage): void {\n  ${act === PUSH ? "sub.prompts.push([message]);" : "sub.sessionServices.logger.debug(`${message.id} queued while ${sub.agentName} runs`);"}\n}\n\nclass SessionRegistry implements ExecutionRegistry {` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      steer(`    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remindOfSteer(...([sub, message] as const));\n`)],
  ),
  ...pair(
    "r27-sequence-arg",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); briefSubAgent((recordSpan(\"sub-agent-brief\", { messages: said.length }), state.execution), said);`.",
    "As `r27-sequence-arg`, `briefSubAgent` records a span.",
    "A comma expression as an argument (what minifiers make of a statement folded into a call); the argument is a sequence whose last value is the child.",
    (act) => [...base, beforeInvokeModel(briefFn("briefSubAgent", act)), onFirstSubCall(`    const said = userSaid(root);\n    briefSubAgent((recordSpan("sub-agent-brief", { messages: said.length }), state.execution), said);\n`)],
  ),
  M(
    "r27-logical-arg",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state.execution ?? root, userSaid(root));`.",
    "A defaulted argument (`??`); the argument is a logical expression whose value may be the child.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    briefSubAgent(state.execution ?? root, userSaid(root));\n`)],
  ),
  M(
    "r27-cond-arg",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state.execution.skipHooks ? root : state.execution, userSaid(root));`.",
    "A conditional argument whose value may be the child.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    briefSubAgent(state.execution.skipHooks ? root : state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-optional-member-arg",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = state?.execution; if (target) briefSubAgent(target, said);`.",
    "As `r27-optional-member-arg`, `briefSubAgent` records a span.",
    "The child read from its holder with an optional member (`state?.execution`), the target's own minified spelling keeps `?.`.",
    (act) => [...base, beforeInvokeModel(briefFn("briefSubAgent", act)), onFirstSubCall(`    const said = userSaid(root);\n    const target = state?.execution;\n    if (target) briefSubAgent(target, said);\n`)],
  ),
  M(
    "r27-assign-arg",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `let briefed: AgentExecution | undefined; briefSubAgent((briefed = state.execution), userSaid(root));`.",
    "An assignment expression as an argument (the value kept for later); the argument is an assignment whose value is the child.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    let briefed: AgentExecution | undefined;\n    briefSubAgent((briefed = state.execution), userSaid(root));\n    if (briefed) recordSpan("sub-agent-brief", { agentName: briefed.agentName, messages: 0 });\n`)],
  ),
  ...pair(
    "r27-or-callee",
    "nodes.ts gains `briefSubAgent` (pushes) and a module-level `let onSubAgentBrief: typeof briefSubAgent | undefined` (a host's hook, unset); `modelInvokeNode`, after the drain, on a sub-execution's first call: `(onSubAgentBrief ?? briefSubAgent)(state.execution, userSaid(root));`.",
    "As `r27-or-callee`, `briefSubAgent` records a span.",
    "A replaceable hook with a default, called through `??`; the callee is a logical expression.",
    (act) => [...base, beforeInvokeModel(`${briefFn("briefSubAgent", act)}export let onSubAgentBrief: typeof briefSubAgent | undefined;\n`), onFirstSubCall(`    (onSubAgentBrief ?? briefSubAgent)(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-computed-member-const",
    "nodes.ts gains `const CURRENT = \"execution\" as const;`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = state[CURRENT]; … push …`.",
    "As `r27-computed-member-const`, the target is only recorded in a span.",
    "A computed member read whose key is a constant, not a literal.",
    (act) => [...base, beforeInvokeModel(`const CURRENT = "execution" as const;\n`), onFirstSubCall(`    const said = userSaid(root);\n    const target = state[CURRENT];\n    ${act("target", "said")}\n`)],
  ),
  M(
    "r27-computed-options-key",
    "harmful",
    "As `r27-options-object`, the child's key computed from a constant: `const TARGET = \"target\" as const;` and `briefSubAgent({ [TARGET]: state.execution, messages: userSaid(root) });`.",
    "An options literal whose key holding the child is computed.",
    [...base, beforeInvokeModel(`const TARGET = "target" as const;\nfunction briefSubAgent(job: { target: AgentExecution; messages: SteeringMessage[] }): void {\n  ${PUSH("job.target", "job.messages")}\n}\n`), onFirstSubCall(`    briefSubAgent({ [TARGET]: state.execution, messages: userSaid(root) });\n`)],
  ),
  M(
    "r27-computed-for-of",
    "harmful",
    "nodes.ts gains `const CURRENT = \"execution\" as const;`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for (const { [CURRENT]: target } of [state]) { … push … }`.",
    "A computed key destructured in a `for…of` head.",
    [...base, beforeInvokeModel(`const CURRENT = "execution" as const;\n`), onFirstSubCall(`    const said = userSaid(root);\n    for (const { [CURRENT]: target } of [state]) {\n      ${PUSH("target", "said")}\n    }\n`)],
  ),
  ...pair(
    "r27-literal-computed-store",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = {}; job[\"target\"] = state.execution; const said = userSaid(root); if (job.target) … push …`.",
    "As `r27-literal-computed-store`, the target is only recorded in a span.",
    "A store into a plain local literal through a computed string key.",
    (act) => [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = {};\n    job["target"] = state.execution;\n    const said = userSaid(root);\n    if (job.target) {\n      ${act("job.target", "said")}\n    }\n`)],
  ),
  M(
    "r27-array-slot-push",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const slots: AgentExecution[] = []; slots.push(state.execution); const said = userSaid(root); for (const target of slots) … push …`.",
    "A local array filled with `push` and iterated (control of `r27-array-slot`'s indexed store).",
    [...base, onFirstSubCall(`    const slots: AgentExecution[] = [];\n    slots.push(state.execution);\n    const said = userSaid(root);\n    for (const target of slots) ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-array-destructure-store",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const slots: AgentExecution[] = []; [slots[0]] = [state.execution]; const said = userSaid(root); … push onto slots[0] …`.",
    "A store into an array element through a destructuring assignment.",
    [...base, onFirstSubCall(`    const slots: AgentExecution[] = [];\n    [slots[0]] = [state.execution];\n    const said = userSaid(root);\n    ${PUSH("slots[0]", "said")}\n`)],
  ),
  M(
    "r27-steer-array-slot",
    "harmful",
    "`AcpSession.steer`, after the buffer push: `const live: AgentExecution[] = []; for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) live[live.length] = sub; for (const sub of live) sub.prompts.push([message]);`.",
    "Indexed stores of registry elements into a local array, on the steer path.",
    [...base, steer(`    const live: AgentExecution[] = [];\n    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) live[live.length] = sub;\n    for (const sub of live) sub.prompts.push([message]);\n`)],
  ),
  ...pair(
    "r27-method-default-destructure",
    "execution.ts: the class gains `brief(messages, { prompts }: { prompts: SteeringMessage[][] } = this) { if (messages.length > 0) prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "As `r27-method-default-destructure`, the method only records a span with the default's length.",
    "`this` itself as a destructured default parameter.",
    (act) => [...base, { file: EXECUTION, find: `import type { Logger } from "../util/logger";\n`, replace: `import type { Logger } from "../util/logger";\nimport { recordSpan } from "../telemetry/spans";\n` }, method(act === PUSH ? `  brief(messages: SteeringMessage[], { prompts }: { prompts: SteeringMessage[][] } = this): void {\n    if (messages.length > 0) prompts.push(messages);\n  }\n` : `  brief(messages: SteeringMessage[], { prompts }: { prompts: SteeringMessage[][] } = this): void {\n    recordSpan("sub-agent-brief", { agentName: "sub", messages: messages.length + prompts.length });\n  }\n`), onFirstSubCall(`    state.execution.brief(userSaid(root));\n`)],
  ),
  M(
    "r27-fn-default-param-module",
    "harmful",
    "nodes.ts gains a module-level `let currentSubAgent: AgentExecution | undefined` and `function briefCurrent(messages, into: SteeringMessage[][] | undefined = currentSubAgent?.prompts) { if (into && messages.length > 0) into.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `currentSubAgent = state.execution; briefCurrent(userSaid(root)); currentSubAgent = undefined;`.",
    "The harm in a default parameter of a plain function reading a module variable that holds the child.",
    [...base, beforeInvokeModel(`let currentSubAgent: AgentExecution | undefined;\nfunction briefCurrent(messages: SteeringMessage[], into: SteeringMessage[][] | undefined = currentSubAgent?.prompts): void {\n  if (into && messages.length > 0) into.push(messages);\n}\n`), onFirstSubCall(`    currentSubAgent = state.execution;\n    briefCurrent(userSaid(root));\n    currentSubAgent = undefined;\n`)],
  ),
  ...pair(
    "r27-tagged-steer",
    "session.ts gains a tag `function remind(strings: TemplateStringsArray, sub: AgentExecution, message: SteeringMessage) { sub.prompts.push([message]); return strings.join(\"\"); }`; `AcpSession.steer`, after the buffer push: ``for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remind`${sub} hears ${message}`;``.",
    "As `r27-tagged-steer`, the tag only logs at debug.",
    "Round 26's steer hand-off through a tagged template.",
    (act) => [...base,
      { file: SESSION, find: `class SessionRegistry implements ExecutionRegistry {`, replace: `function remind(strings: TemplateStringsArray, sub: AgentExecution, message: SteeringMessage): string {\n  ${act === PUSH ? "sub.prompts.push([message]);" : "sub.sessionServices.logger.debug(`${message.id} queued while ${sub.agentName} runs`);"}\n  return strings.join("");\n}\n\nclass SessionRegistry implements ExecutionRegistry {` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      steer(`    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) remind\`\${sub} hears \${message}\`;\n`)],
  ),
  // ---- J. third pass: the holes on other paths, and more spellings of them ---------------------------
  ...pair(
    "r27-spawn-sequence-arg",
    "invoke-sub-agent.ts gains `function briefSubAgent(execution, messages) { … push … }`; `invokeSubAgent`, after the `new AgentExecution({ … })`: `briefSubAgent((recordSpan(\"sub-agent-brief\", { agentName: subagentId }), subAgentExecution), userSaid(state.execution));` (the sub-agent starts with the parent's user steering).",
    "As `r27-spawn-sequence-arg`, `briefSubAgent` records a span.",
    "`r27-sequence-arg`'s hole at the spawn site itself, before the child's run.",
    (act) => [...base,
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, userSaid } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: SUB, find: `export const MAX_SUB_AGENT_DEPTH = 4;`, replace: `export const MAX_SUB_AGENT_DEPTH = 4;\n\n${briefFn("briefSubAgent", act)}` },
      { file: SUB, find: SPAWN_END, replace: `${SPAWN_END}\n  briefSubAgent((recordSpan("sub-agent-brief", { agentName: subagentId }), subAgentExecution), userSaid(state.execution));` }],
  ),
  M(
    "r27-spawn-tagged-template",
    "harmful",
    "invoke-sub-agent.ts gains a tag `function brief(strings, execution, messages) { … push … ; return strings.join(\"\"); }`; `invokeSubAgent`, after the `new AgentExecution({ … })`: ``brief`sub-agent ${subAgentExecution} briefed with ${userSaid(state.execution)}`;``.",
    "`r27-tagged-template`'s hole at the spawn site.",
    [...base,
      { file: SUB, find: `import { AgentExecution } from "../agent/execution";`, replace: `import { AgentExecution, userSaid } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: SUB, find: `export const MAX_SUB_AGENT_DEPTH = 4;`, replace: `export const MAX_SUB_AGENT_DEPTH = 4;\n\nfunction brief(strings: TemplateStringsArray, execution: AgentExecution, messages: SteeringMessage[]): string {\n  ${PUSH("execution", "messages")}\n  return strings.join("");\n}\n` },
      { file: SUB, find: SPAWN_END, replace: `${SPAWN_END}\n  brief\`sub-agent \${subAgentExecution} briefed with \${userSaid(state.execution)}\`;` }],
  ),
  M(
    "r27-memory-or-callee",
    "harmful",
    "memory-extraction.ts gains `function seedExtraction(execution, messages) { … push … }` and a module-level `let onExtractionStart: typeof seedExtraction | undefined`; `runMemoryExtraction`, after building the extraction: `(onExtractionStart ?? seedExtraction)(extraction, userSaid(execution));` (the extraction starts from what the user said this turn).",
    "`r27-or-callee`'s hole at the memory-extraction spawn site.",
    [...base,
      { file: MEMORY, find: `import { AgentExecution, type PromptContext } from "../agent/execution";`, replace: `import { AgentExecution, userSaid, type PromptContext } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";` },
      { file: MEMORY, find: `// Runs after a successful root turn`, replace: `${briefFn("seedExtraction", PUSH)}export let onExtractionStart: typeof seedExtraction | undefined;\n\n// Runs after a successful root turn` },
      { file: MEMORY, find: `    skipHooks: true,\n  });\n`, replace: `    skipHooks: true,\n  });\n  (onExtractionStart ?? seedExtraction)(extraction, userSaid(execution));\n` }],
  ),
  M(
    "r27-memory-array-slot",
    "harmful",
    "`runMemoryExtraction`, after building the extraction: `const runs: AgentExecution[] = []; runs[0] = extraction; const said = userSaid(execution); if (said.length > 0) runs[0].prompts.push(said);`.",
    "`r27-array-slot`'s hole at the memory-extraction spawn site.",
    [...base,
      { file: MEMORY, find: `import { AgentExecution, type PromptContext } from "../agent/execution";`, replace: `import { AgentExecution, userSaid, type PromptContext } from "../agent/execution";` },
      { file: MEMORY, find: `    skipHooks: true,\n  });\n`, replace: `    skipHooks: true,\n  });\n  const runs: AgentExecution[] = [];\n  runs[0] = extraction;\n  const said = userSaid(execution);\n  if (said.length > 0) runs[0].prompts.push(said);\n` }],
  ),
  M(
    "r27-steer-cond-callee",
    "harmful",
    "session.ts gains `remindOfSteer(sub, message)` (pushes `[message]` onto `sub.prompts`) and `noteSteer(sub, message)` (logs); `AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) (sub.skipHooks ? noteSteer : remindOfSteer)(sub, message);`.",
    "`r27-conditional-callee`'s hole on the steer path.",
    [...base,
      { file: SESSION, find: `class SessionRegistry implements ExecutionRegistry {`, replace: `function remindOfSteer(sub: AgentExecution, message: SteeringMessage): void {\n  sub.prompts.push([message]);\n}\nfunction noteSteer(sub: AgentExecution, message: SteeringMessage): void {\n  sub.sessionServices.logger.debug(\`\${message.id} queued while \${sub.agentName} runs\`);\n}\n\nclass SessionRegistry implements ExecutionRegistry {` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      steer(`    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) (sub.skipHooks ? noteSteer : remindOfSteer)(sub, message);\n`)],
  ),
  M(
    "r27-steer-literal-computed-store",
    "harmful",
    "`AcpSession.steer`, after the buffer push: `const newest: { sub?: AgentExecution } = {}; for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) newest[\"sub\"] = sub; newest.sub?.prompts.push([message]);`.",
    "`r27-literal-computed-store`'s hole on the steer path.",
    [...base, steer(`    const newest: { sub?: AgentExecution } = {};\n    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) newest["sub"] = sub;\n    newest.sub?.prompts.push([message]);\n`)],
  ),
  M(
    "r27-array-element-callee",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes) and `noteSubAgent` (a span); `modelInvokeNode`, after the drain, on a sub-execution's first call: `[noteSubAgent, briefSubAgent][Number(!state.execution.skipHooks)](state.execution, userSaid(root));`.",
    "A function picked from an array literal by index and called in place.",
    [...base, beforeInvokeModel(`${briefFn("briefSubAgent", PUSH)}${briefFn("noteSubAgent", spanOf)}`), onFirstSubCall(`    [noteSubAgent, briefSubAgent][Number(!state.execution.skipHooks)](state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-optional-member-callee",
    "harmful",
    "As `r27-module-literal-value` (`const subAgentHooks = { brief: briefSubAgent }`), called as `subAgentHooks.brief?.(state.execution, userSaid(root))`.",
    "A hook table's optional member called with `?.()`.",
    [...base, beforeInvokeModel(`${briefFn("briefSubAgent", PUSH)}const subAgentHooks: { brief?: typeof briefSubAgent } = { brief: briefSubAgent };\n`), onFirstSubCall(`    subAgentHooks.brief?.(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r27-define-property-store",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = {}; Object.defineProperty(job, \"target\", { value: state.execution, enumerable: true }); const said = userSaid(root); if (job.target) … push …`.",
    "As `r27-define-property-store`, the target is only recorded in a span.",
    "A store into a local literal through `Object.defineProperty`.",
    (act) => [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = {};\n    Object.defineProperty(job, "target", { value: state.execution, enumerable: true });\n    const said = userSaid(root);\n    if (job.target) {\n      ${act("job.target", "said")}\n    }\n`)],
  ),
  M(
    "r27-reflect-set-store",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = {}; Reflect.set(job, \"target\", state.execution); const said = userSaid(root); if (job.target) … push …`.",
    "A store into a local literal through `Reflect.set`.",
    [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = {};\n    Reflect.set(job, "target", state.execution);\n    const said = userSaid(root);\n    if (job.target) ${PUSH("job.target", "said")}\n`)],
  ),
  M(
    "r27-assign-into-literal",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = {}; Object.assign(job, { target: state.execution }); const said = userSaid(root); if (job.target) … push …`.",
    "A store into a local literal through `Object.assign`.",
    [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = {};\n    Object.assign(job, { target: state.execution });\n    const said = userSaid(root);\n    if (job.target) ${PUSH("job.target", "said")}\n`)],
  ),
  M(
    "r27-unshift-store",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const queue: AgentExecution[] = []; queue.unshift(state.execution); const said = userSaid(root); for (const target of queue) … push …`.",
    "A local array filled with `unshift`.",
    [...base, onFirstSubCall(`    const queue: AgentExecution[] = [];\n    queue.unshift(state.execution);\n    const said = userSaid(root);\n    for (const target of queue) ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-array-fill",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for (const target of new Array<AgentExecution>(1).fill(state.execution)) … push …`.",
    "`fill` on a fresh builtin array gives back an array of the child.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    for (const target of new Array<AgentExecution>(1).fill(state.execution)) ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-array-concat",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const targets = ([] as AgentExecution[]).concat(state.execution); for (const target of targets) … push …`.",
    "`concat` gives back a new array holding its argument.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    const targets = ([] as AgentExecution[]).concat(state.execution);\n    for (const target of targets) ${PUSH("target", "said")}\n`)],
  ),
  ...pair(
    "r27-pattern-default",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const overrides: { target?: AgentExecution } = {}; const { target = state.execution } = overrides; const said = userSaid(root); … push …`.",
    "As `r27-pattern-default`, the target is only recorded in a span.",
    "A destructuring default is ordinary (an override that falls back to the current execution); the child is the pattern's default, not the value destructured.",
    (act) => [...base, onFirstSubCall(`    const overrides: { target?: AgentExecution } = {};\n    const { target = state.execution } = overrides;\n    const said = userSaid(root);\n    ${act("target", "said")}\n`)],
  ),
  M(
    "r27-array-pattern-default",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const picked: AgentExecution[] = []; const [target = state.execution] = picked; const said = userSaid(root); … push …`.",
    "An array pattern's default.",
    [...base, onFirstSubCall(`    const picked: AgentExecution[] = [];\n    const [target = state.execution] = picked;\n    const said = userSaid(root);\n    ${PUSH("target", "said")}\n`)],
  ),
  ...pair(
    "r27-closure-default-param",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = (messages: SteeringMessage[], into = state.execution.prompts) => { if (messages.length > 0) into.push(messages); }; brief(userSaid(root));`.",
    "As `r27-closure-default-param`, the closure records a span with `into.length`.",
    "A local closure whose default parameter is the child's history.",
    (act) => [...base, onFirstSubCall(act === PUSH ? `    const brief = (messages: SteeringMessage[], into = state.execution.prompts) => {\n      if (messages.length > 0) into.push(messages);\n    };\n    brief(userSaid(root));\n` : `    const brief = (messages: SteeringMessage[], into = state.execution.prompts) => {\n      recordSpan("sub-agent-brief", { agentName: "sub", messages: messages.length + into.length });\n    };\n    brief(userSaid(root));\n`)],
  ),
  M(
    "r27-fn-default-from-param",
    "harmful",
    "nodes.ts gains `function briefSubAgent(messages, execution: AgentExecution, into: SteeringMessage[][] = execution.prompts) { if (messages.length > 0) into.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(userSaid(root), state.execution);`.",
    "A helper whose default parameter reads another parameter (the child's history); the body touches only the default.",
    [...base, beforeInvokeModel(`function briefSubAgent(messages: SteeringMessage[], execution: AgentExecution, into: SteeringMessage[][] = execution.prompts): void {\n  if (messages.length > 0) into.push(messages);\n}\n`), onFirstSubCall(`    briefSubAgent(userSaid(root), state.execution);\n`)],
  ),
  M(
    "r27-method-default-helper",
    "harmful",
    "execution.ts: the class gains `brief(messages, into: SteeringMessage[][] = historyOf(this)) { if (messages.length > 0) into.push(messages); }` with a module `function historyOf(execution) { return execution.prompts; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `state.execution.brief(userSaid(root));`.",
    "`r27-method-default-param` with the default taken through a helper.",
    [...base, { file: EXECUTION, find: `let executionSequence = 0;\n`, replace: `let executionSequence = 0;\nfunction historyOf(execution: AgentExecution): SteeringMessage[][] {\n  return execution.prompts;\n}\n` }, method(`  brief(messages: SteeringMessage[], into: SteeringMessage[][] = historyOf(this)): void {\n    if (messages.length > 0) into.push(messages);\n  }\n`), onFirstSubCall(`    state.execution.brief(userSaid(root));\n`)],
  ),
  M(
    "r27-method-sequence-arg",
    "harmful",
    "execution.ts: the class gains `briefInto(target: AgentExecution, messages) { if (messages.length > 0) target.prompts.push(messages); }` (unique key); `modelInvokeNode`, after the drain, on a sub-execution's first call: `root.briefInto((0, state.execution), userSaid(root));` (the root briefs its sub-agent).",
    "A method of the execution class called on the root with the child as a sequence argument.",
    [...base, method(`  briefInto(target: AgentExecution, messages: SteeringMessage[]): void {\n    if (messages.length > 0) target.prompts.push(messages);\n  }\n`), onFirstSubCall(`    root.briefInto((0, state.execution), userSaid(root));\n`)],
  ),
  // ---- K. fourth pass: methods of the execution class that give `this` back ----------------------------
  ...pair(
    "r27-method-fluent-this",
    "execution.ts: the class gains a field `lastActive = 0` and `touch() { this.lastActive = Date.now(); return this; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = state.execution.touch(); … push said onto target …`.",
    "As `r27-method-fluent-this`, the touched execution is only recorded in a span.",
    "A fluent method that returns `this` is everyday TypeScript; the method is handed no value (it gives `this` only a timestamp), what it returns is the child.",
    (act) => [...base, { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  lastActive = 0;\n` }, method(`  touch(): this {\n    this.lastActive = Date.now();\n    return this;\n  }\n`), onFirstSubCall(`    const said = userSaid(root);\n    const target = state.execution.touch();\n    ${act("target", "said")}\n`)],
  ),
  M(
    "r27-method-returns-member",
    "harmful",
    "execution.ts: the class gains `history(): SteeringMessage[][] { return this.prompts; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); if (said.length > 0) state.execution.history().push(said);`.",
    "A plain accessor method (not a getter, round 26's case) handing out a member.",
    [...base, method(`  history(): SteeringMessage[][] {\n    return this.prompts;\n  }\n`), onFirstSubCall(`    const said = userSaid(root);\n    if (said.length > 0) state.execution.history().push(said);\n`)],
  ),
  M(
    "r27-method-returns-self-alias",
    "harmful",
    "execution.ts: the class gains `current(): AgentExecution { const self = this; return self; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); const target = state.execution.current(); … push …`.",
    "A method returning `this` through a local.",
    [...base, method(`  current(): AgentExecution {\n    const self = this;\n    return self;\n  }\n`), onFirstSubCall(`    const said = userSaid(root);\n    const target = state.execution.current();\n    ${PUSH("target", "said")}\n`)],
  ),
  M(
    "r27-steer-fluent-this",
    "harmful",
    "As `r27-method-fluent-this` (`touch()` returns `this`); `AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) sub.touch().prompts.push([message]);`.",
    "`r27-method-fluent-this`'s hole on the steer path.",
    [...base, { file: EXECUTION, find: `  drainRetryCount = 0;\n`, replace: `  drainRetryCount = 0;\n  lastActive = 0;\n` }, method(`  touch(): this {\n    this.lastActive = Date.now();\n    return this;\n  }\n`), steer(`    for (const sub of this.registry.executions) if (sub.subExecutionDepth > 0) sub.touch().prompts.push([message]);\n`)],
  ),
  // ---- L. fifth pass: a second delivery path (queueSteering from the buffer) through the holes --------
  ...pair(
    "r27-catchup-cond-callee",
    "nodes.ts gains `function catchUp(execution) { for (const m of execution.sessionServices.liveSteering.snapshot()) if (m.kind === \"user\") execution.queueSteering(m); }` and `noteSubAgent(execution)` (a span); `modelInvokeNode`, after the drain, on a sub-execution's first call: `(state.execution.skipHooks ? noteSubAgent : catchUp)(state.execution);` (a sub-agent catches up on the turn's steering).",
    "As `r27-catchup-cond-callee`, `catchUp` only counts the user steering into a span.",
    "A second reader of the buffer that delivers through the execution's own queue, reached through `r27-conditional-callee`'s hole.",
    (act) => [...base, beforeInvokeModel(`function catchUp(execution: AgentExecution): void {\n  ${act === PUSH ? `for (const m of execution.sessionServices.liveSteering.snapshot()) if (m.kind === "user") execution.queueSteering(m);` : `recordSpan("sub-agent-catch-up", { agentName: execution.agentName, messages: execution.sessionServices.liveSteering.snapshot().filter((m) => m.kind === "user").length });`}\n}\nfunction noteSubAgent(execution: AgentExecution): void {\n  recordSpan("sub-agent-catch-up", { agentName: execution.agentName, messages: 0 });\n}\n`), onFirstSubCall(`    (state.execution.skipHooks ? noteSubAgent : catchUp)(state.execution);\n`)],
  ),
  M(
    "r27-catchup-spread",
    "harmful",
    "As `r27-catchup-cond-callee`'s `catchUp`, called as `const args = [state.execution] as const; catchUp(...args);`.",
    "The second delivery path reached through `r27-spread-args`'s hole.",
    [...base, beforeInvokeModel(`function catchUp(execution: AgentExecution): void {\n  for (const m of execution.sessionServices.liveSteering.snapshot()) if (m.kind === "user") execution.queueSteering(m);\n}\n`), onFirstSubCall(`    const args = [state.execution] as const;\n    catchUp(...args);\n`)],
  ),
  M(
    "r27-catchup-plain",
    "harmful",
    "Control: `r27-catchup-spread`'s `catchUp` called plainly, `catchUp(state.execution)`.",
    "Control: the second delivery path spelled directly.",
    [...base, beforeInvokeModel(`function catchUp(execution: AgentExecution): void {\n  for (const m of execution.sessionServices.liveSteering.snapshot()) if (m.kind === "user") execution.queueSteering(m);\n}\n`), onFirstSubCall(`    catchUp(state.execution);\n`)],
  ),
  M(
    "r27-control-plain-handoff",
    "harmful",
    "Control: nodes.ts gains `briefSubAgent(execution, messages)` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state.execution, userSaid(root));` (round 26's `r26-plain-handoff`, fixed on HEAD).",
    "Control: the plain hand-off the spellings of section A reduce to.",
    [...base, beforeInvokeModel(briefFn("briefSubAgent", PUSH)), onFirstSubCall(`    briefSubAgent(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-literal-late-key",
    "harmful",
    "Control of `r27-literal-computed-store`: `modelInvokeNode`, after the drain, on a sub-execution's first call: `const job: { target?: AgentExecution } = {}; job.target = state.execution; const said = userSaid(root); if (job.target) … push …` (the key written with a dot).",
    "A store into a plain local literal under a key the literal did not declare.",
    [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = {};\n    job.target = state.execution;\n    const said = userSaid(root);\n    if (job.target) ${PUSH("job.target", "said")}\n`)],
  ),
  M(
    "r27-literal-declared-key",
    "harmful",
    "Control of `r27-literal-late-key`: the key declared in the literal first, `const job: { target?: AgentExecution } = { target: undefined }; job.target = state.execution;` then push.",
    "A store into a plain local literal under a key it declared.",
    [...base, onFirstSubCall(`    const job: { target?: AgentExecution } = { target: undefined };\n    job.target = state.execution;\n    const said = userSaid(root);\n    if (job.target) ${PUSH("job.target", "said")}\n`)],
  ),
  // ---- M. sixth pass: the child as a helper's result handed on, an inert class holding it -------------
  ...pair(
    "r27-helper-result-arg",
    "nodes.ts gains `function subExecutionOf(state: ExecutionState) { return state.execution.subExecutionDepth > 0 ? state.execution : undefined; }` and `briefSubAgent` (pushes, skipping `undefined`); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(subExecutionOf(state), userSaid(root));`.",
    "As `r27-helper-result-arg`, `briefSubAgent` records a span.",
    "A helper's result handed straight on as an argument (round 26's `r26-closure-before-bind` bound it to a local first, which is refused).",
    (act) => [...base, beforeInvokeModel(`function subExecutionOf(state: ExecutionState): AgentExecution | undefined {\n  return state.execution.subExecutionDepth > 0 ? state.execution : undefined;\n}\nfunction briefSubAgent(execution: AgentExecution | undefined, messages: SteeringMessage[]): void {\n  if (!execution) return;\n  ${act("execution", "messages")}\n}\n`), onFirstSubCall(`    briefSubAgent(subExecutionOf(state), userSaid(root));\n`)],
  ),
  M(
    "r27-helper-member-arg",
    "harmful",
    "nodes.ts gains `function currentExecution(state: ExecutionState) { return state.execution; }` and `briefSubAgent` (pushes); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(currentExecution(state), userSaid(root));`.",
    "A one-line accessor's result handed straight on.",
    [...base, beforeInvokeModel(`function currentExecution(state: ExecutionState): AgentExecution {\n  return state.execution;\n}\n${briefFn("briefSubAgent", PUSH)}`), onFirstSubCall(`    briefSubAgent(currentExecution(state), userSaid(root));\n`)],
  ),
  ...pair(
    "r27-inert-holder",
    "nodes.ts gains `class SubAgentBriefing { constructor(execution, messages) { this.execution = execution; this.messages = messages; } }` (fields written from the arguments only); `modelInvokeNode`, after the drain, on a sub-execution's first call: `const briefing = new SubAgentBriefing(state.execution, userSaid(root)); … push briefing.messages onto briefing.execution …`.",
    "As `r27-inert-holder`, the briefing is only recorded in a span.",
    "A record class that only stores its arguments (inert by round 26's rule), read back by the caller.",
    (act) => [...base, beforeInvokeModel(`class SubAgentBriefing {\n  readonly execution: AgentExecution;\n  readonly messages: SteeringMessage[];\n  constructor(execution: AgentExecution, messages: SteeringMessage[]) {\n    this.execution = execution;\n    this.messages = messages;\n  }\n}\n`), onFirstSubCall(`    const briefing = new SubAgentBriefing(state.execution, userSaid(root));\n    ${act("briefing.execution", "briefing.messages")}\n`)],
  ),
  // ---- N. seventh pass: group A's spellings in the run itself (`runExecution`) ---------------------
  ...pair(
    "r27-run-sequence-arg",
    "nodes.ts gains `briefSubAgent` (pushes); `runExecution`, before its loop: `const root = turnRoot(execution); if (root && root !== execution && execution.subExecutionDepth > 0) briefSubAgent((recordSpan(\"sub-agent-run\", { agentName: execution.agentName }), execution), userSaid(root));`.",
    "As `r27-run-sequence-arg`, `briefSubAgent` records a span.",
    "`r27-sequence-arg`'s hole in the function that runs the child, before its first node.",
    (act) => [...base, beforeInvokeModel(briefFn("briefSubAgent", act)), { file: NODES, find: RUN_START, replace: `${RUN_START}  const root = turnRoot(execution);\n  if (root && root !== execution && execution.subExecutionDepth > 0) briefSubAgent((recordSpan("sub-agent-run", { agentName: execution.agentName }), execution), userSaid(root));\n` }],
  ),
  M(
    "r27-run-cond-callee",
    "harmful",
    "nodes.ts gains `briefSubAgent` (pushes) and `noteSubAgent` (a span); `runExecution`, before its loop: `const root = turnRoot(execution); if (root && root !== execution && execution.subExecutionDepth > 0) (execution.skipHooks ? noteSubAgent : briefSubAgent)(execution, userSaid(root));`.",
    "`r27-conditional-callee`'s hole in the function that runs the child.",
    [...base, beforeInvokeModel(`${briefFn("briefSubAgent", PUSH)}${briefFn("noteSubAgent", spanOf)}`), { file: NODES, find: RUN_START, replace: `${RUN_START}  const root = turnRoot(execution);\n  if (root && root !== execution && execution.subExecutionDepth > 0) (execution.skipHooks ? noteSubAgent : briefSubAgent)(execution, userSaid(root));\n` }],
  ),
  // ---- O. eighth pass: the child handed as `this` -------------------------------------------------
  ...pair(
    "r27-call-this",
    "nodes.ts gains `function briefThis(this: AgentExecution, messages) { if (messages.length > 0) this.prompts.push(messages); }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefThis.call(state.execution, userSaid(root));`.",
    "As `r27-call-this`, `briefThis` records a span with `this.agentName`.",
    "A free function written against `this` and called with `.call` (a mixin style); the child is `.call`'s first argument, `this` in the callee, not a parameter.",
    (act) => [...base, beforeInvokeModel(`function briefThis(this: AgentExecution, messages: SteeringMessage[]): void {\n  ${act("this", "messages")}\n}\n`), onFirstSubCall(`    briefThis.call(state.execution, userSaid(root));\n`)],
  ),
  M(
    "r27-bind-this",
    "harmful",
    "As `r27-call-this`, bound first: `const brief = briefThis.bind(state.execution); brief(userSaid(root));`.",
    "The same with `bind`.",
    [...base, beforeInvokeModel(`function briefThis(this: AgentExecution, messages: SteeringMessage[]): void {\n  ${PUSH("this", "messages")}\n}\n`), onFirstSubCall(`    const brief = briefThis.bind(state.execution);\n    brief(userSaid(root));\n`)],
  ),
  M(
    "r27-reflect-apply-this",
    "harmful",
    "As `r27-call-this`, through `Reflect.apply(briefThis, state.execution, [userSaid(root)])`.",
    "The same with `Reflect.apply`.",
    [...base, beforeInvokeModel(`function briefThis(this: AgentExecution, messages: SteeringMessage[]): void {\n  ${PUSH("this", "messages")}\n}\n`), onFirstSubCall(`    Reflect.apply(briefThis, state.execution, [userSaid(root)]);\n`)],
  ),
  M(
    "r27-closure-pattern-default",
    "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = ({ target = state.execution }: { target?: AgentExecution }, messages) => { if (messages.length > 0) target.prompts.push(messages); }; brief({}, userSaid(root));`.",
    "Group D's object-pattern default in a local closure's parameter.",
    [...base, onFirstSubCall(`    const brief = ({ target = state.execution }: { target?: AgentExecution }, messages: SteeringMessage[]) => {\n      ${PUSH("target", "messages")}\n    };\n    brief({}, userSaid(root));\n`)],
  ),
];
