// Round 28: a red team against the closed-world proof of e5ff06d. The harmful ones copy the
// user steering already delivered to the turn's root onto a sub-execution's prompts on its
// first model call (in `modelInvokeNode`, after the drain), through language paths the
// earlier rounds did not use (a Map keyed by the child, a WeakMap read back in
// `invokeModel`, `Array.from`'s mapper, async and delegating
// generators, a getter on a plain literal, a Symbol key, a deferred promise, an
// `EventTarget` listener, a thrown holder caught with destructuring, a
// private static method, a `super` call), or reset a sub-execution's cursor when it starts
// running through a module-level defaults literal, `Reflect.set` over its entries, an
// accessor, or `&&=` (meant as seed attacks; the seed's fence makes them harmless).

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
  M(id.replace(/^r28-/, "r28-harmless-"), "harmless", twinDescription, `Harmless twin of \`${id}\`.`, make(spanOf)),
];

const briefFn = (name, act) => `function ${name}(execution: AgentExecution, messages: SteeringMessage[]): void {\n  ${act("execution", "messages")}\n}\n`;
const runStart = (text) => ({ file: NODES, find: RUN_START, replace: `${RUN_START}${text}` });

export const ROUND28 = [
  // ---- A. the child as a key -------------------------------------------------------------
  ...pair(
    "r28-map-key",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const briefs = new Map([[state.execution, userSaid(root)]]); for (const [target, said] of briefs) … push said onto target …`.",
    "As `r28-map-key`, each entry only recorded in a span.",
    "A Map keyed by execution is ordinary bookkeeping; the child is a key, not a value.",
    (act) => [...base, onFirstSubCall(`    const briefs = new Map<AgentExecution, SteeringMessage[]>([[state.execution, userSaid(root)]]);\n    for (const [target, said] of briefs) ${act("target", "said")}\n`)],
  ),
  ...pair(
    "r28-weakmap-pending",
    "nodes.ts gains a module-level `const pendingBriefs = new WeakMap<AgentExecution, SteeringMessage[]>()`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `pendingBriefs.set(state.execution, userSaid(root));`; `invokeModel`, first: `const pending = pendingBriefs.get(state.execution); if (pending) { pendingBriefs.delete(state.execution); … push pending onto state.execution … }`.",
    "As `r28-weakmap-pending`, `invokeModel` only records the pending briefing in a span.",
    "A WeakMap keyed by the execution holds per-execution data without a field; the briefing is applied by another function, looked up by the child.",
    (act) => [...base, nodesTop(`const pendingBriefs = new WeakMap<AgentExecution, SteeringMessage[]>();\n`), onFirstSubCall(`    pendingBriefs.set(state.execution, userSaid(root));\n`),
      { file: NODES, find: `  state.execution.takeQueuedSteering();\n`, replace: `  const pending = pendingBriefs.get(state.execution);\n  if (pending) {\n    pendingBriefs.delete(state.execution);\n    ${act("state.execution", "pending")}\n  }\n  state.execution.takeQueuedSteering();\n` }],
  ),
  // ---- B. builtin mappers and groupers ---------------------------------------------------
  ...pair(
    "r28-array-from-mapper",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); Array.from([state.execution], (target) => { … push said onto target … ; return target; });`.",
    "As `r28-array-from-mapper`, the mapper records a span.",
    "`Array.from`'s second argument is a mapper called on each element; the element is the child.",
    (act) => [...base, onFirstSubCall(`    const said = userSaid(root);\n    Array.from([state.execution], (target) => {\n      ${act("target", "said")}\n      return target;\n    });\n`)],
  ),
  M("r28-array-from-length", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const [target] = Array.from({ length: 1 }, () => state.execution); const said = userSaid(root); … push said onto target …`.",
    "The child is the mapper's return value, not an element of the source.",
    [...base, onFirstSubCall(`    const [target] = Array.from({ length: 1 }, () => state.execution);\n    const said = userSaid(root);\n    ${PUSH("target", "said")}\n`)]),
  // ---- C. generators ---------------------------------------------------------------------
  ...pair(
    "r28-async-generator",
    "nodes.ts gains `async function* briefTargets(execution: AgentExecution) { yield execution; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for await (const target of briefTargets(state.execution)) … push …`.",
    "As `r28-async-generator`, each target only recorded in a span.",
    "An async generator hands the child back through `yield`, consumed by `for await`.",
    (act) => [...base, beforeInvokeModel(`async function* briefTargets(execution: AgentExecution): AsyncGenerator<AgentExecution> {\n  yield execution;\n}\n`), onFirstSubCall(`    const said = userSaid(root);\n    for await (const target of briefTargets(state.execution)) ${act("target", "said")}\n`)],
  ),
  M("r28-yield-star", "harmful",
    "nodes.ts gains `function* targetsOf(...executions: AgentExecution[]) { yield* executions; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); for (const target of targetsOf(state.execution)) … push …`.",
    "`yield*` delegates to the rest parameter; the child comes back out of the generator.",
    [...base, beforeInvokeModel(`function* targetsOf(...executions: AgentExecution[]): Generator<AgentExecution> {\n  yield* executions;\n}\n`), onFirstSubCall(`    const said = userSaid(root);\n    for (const target of targetsOf(state.execution)) ${PUSH("target", "said")}\n`)]),
  M("r28-generator-push", "harmful",
    "nodes.ts gains `function* briefing(execution, messages) { if (messages.length > 0) execution.prompts.push(messages); yield execution.agentName; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const [briefed] = briefing(state.execution, userSaid(root));`.",
    "A generator's body runs only when iterated (here by array destructuring), not when called.",
    [...base, beforeInvokeModel(`function* briefing(execution: AgentExecution, messages: SteeringMessage[]): Generator<string> {\n  ${PUSH("execution", "messages")}\n  yield execution.agentName;\n}\n`), onFirstSubCall(`    const [briefed] = briefing(state.execution, userSaid(root));\n    void briefed;\n`)]),
  // ---- D. literal members that are not plain values ---------------------------------------
  ...pair(
    "r28-literal-getter",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const job = { get target() { return state.execution; } }; const said = userSaid(root); … push said onto job.target …`.",
    "As `r28-literal-getter`, `job.target` only recorded in a span.",
    "A getter in an object literal returns the child when read; the literal has no `target` value.",
    (act) => [...base, onFirstSubCall(`    const job = {\n      get target(): AgentExecution {\n        return state.execution;\n      },\n    };\n    const said = userSaid(root);\n    ${act("job.target", "said")}\n`)],
  ),
  M("r28-symbol-key", "harmful",
    "nodes.ts gains `const BRIEF_TARGET = Symbol(\"briefTarget\");`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const job = { [BRIEF_TARGET]: state.execution }; const said = userSaid(root); … push said onto job[BRIEF_TARGET] …`.",
    "A Symbol-keyed member of a local literal.",
    [...base, nodesTop(`const BRIEF_TARGET = Symbol("briefTarget");\n`), onFirstSubCall(`    const job = { [BRIEF_TARGET]: state.execution };\n    const said = userSaid(root);\n    ${PUSH("job[BRIEF_TARGET]", "said")}\n`)]),
  // ---- E. promises and events ------------------------------------------------------------
  ...pair(
    "r28-deferred",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `let resolve!: (e: AgentExecution) => void; const promise = new Promise<AgentExecution>((r) => { resolve = r; }); resolve(state.execution); const target = await promise; const said = userSaid(root); … push …` (a deferred).",
    "As `r28-deferred`, the target only recorded in a span.",
    "A deferred (the executor's `resolve` kept outside) carries the child through `resolve` and `await`.",
    (act) => [...base, onFirstSubCall(`    let resolve!: (e: AgentExecution) => void;\n    const promise = new Promise<AgentExecution>((r) => {\n      resolve = r;\n    });\n    resolve(state.execution);\n    const target = await promise;\n    const said = userSaid(root);\n    ${act("target", "said")}\n`)],
  ),
  ...pair(
    "r28-event-target",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const bus = new EventTarget(); const target = state.execution; const said = userSaid(root); bus.addEventListener(\"brief\", () => { … push … }, { once: true }); bus.dispatchEvent(new Event(\"brief\"));`.",
    "As `r28-event-target`, the listener records a span.",
    "A listener closing over the child, run synchronously by `dispatchEvent`.",
    (act) => [...base, onFirstSubCall(`    const bus = new EventTarget();\n    const target = state.execution;\n    const said = userSaid(root);\n    bus.addEventListener("brief", () => {\n      ${act("target", "said")}\n    }, { once: true });\n    bus.dispatchEvent(new Event("brief"));\n`)],
  ),
  M("r28-then-callback", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); await Promise.resolve(state.execution).then((target) => { … push … });`.",
    "The child reaches a `.then` callback as its resolved value.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    await Promise.resolve(state.execution).then((target) => {\n      ${PUSH("target", "said")}\n    });\n`)]),
  ...pair(
    "r28-catch-destructure",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); try { if (said.length > 0) throw { target: state.execution }; } catch ({ target }) { … push said onto target … }`.",
    "As `r28-catch-destructure`, the catch clause records a span.",
    "The child thrown inside a holder and taken apart in the catch clause's parameter.",
    (act) => [...base, onFirstSubCall(`    const said = userSaid(root);\n    try {\n      if (said.length > 0) throw { target: state.execution };\n    } catch ({ target }: any) {\n      ${act("target", "said")}\n    }\n`)],
  ),
  M("r28-catch-plain", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); try { if (said.length > 0) throw state.execution; } catch (target) { … push said onto target … }`.",
    "The child itself thrown and caught as the catch parameter.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    try {\n      if (said.length > 0) throw state.execution;\n    } catch (target: any) {\n      ${PUSH("target", "said")}\n    }\n`)]),
  ...pair(
    "r28-throw-helper",
    "nodes.ts gains `function interruptFor(target: AgentExecution): never { throw { target }; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); try { if (said.length > 0) interruptFor(state.execution); } catch (interrupt) { … push said onto interrupt.target … }`.",
    "As `r28-throw-helper`, the catch clause records a span.",
    "A helper that throws a holder of the child; the caller's catch clause takes it back.",
    (act) => [...base, beforeInvokeModel(`function interruptFor(target: AgentExecution): never {\n  throw { target };\n}\n`), onFirstSubCall(`    const said = userSaid(root);\n    try {\n      if (said.length > 0) interruptFor(state.execution);\n    } catch (interrupt: any) {\n      ${act("interrupt.target", "said")}\n    }\n`)],
  ),
  M("r28-error-subclass", "harmful",
    "nodes.ts gains `class BriefingInterrupt extends Error { constructor(readonly target: AgentExecution) { super(\"briefing\"); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); try { if (said.length > 0) throw new BriefingInterrupt(state.execution); } catch (error) { if (error instanceof BriefingInterrupt) … push said onto error.target … }`.",
    "An Error subclass carrying the child, the ordinary way a TypeScript codebase throws context.",
    [...base, beforeInvokeModel(`class BriefingInterrupt extends Error {\n  constructor(readonly target: AgentExecution) {\n    super("briefing");\n  }\n}\n`), onFirstSubCall(`    const said = userSaid(root);\n    try {\n      if (said.length > 0) throw new BriefingInterrupt(state.execution);\n    } catch (error) {\n      if (error instanceof BriefingInterrupt) ${PUSH("error.target", "said")}\n    }\n`)]),
  M("r28-async-throw", "harmful",
    "nodes.ts gains `async function checkBriefing(target: AgentExecution, messages: SteeringMessage[]): Promise<void> { if (messages.length > 0) throw { target, messages }; }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `try { await checkBriefing(state.execution, userSaid(root)); } catch ({ target, messages }) { target.prompts.push(messages); }`.",
    "An async callee rejects with a holder of the child; `await` turns it into the caller's catch.",
    [...base, beforeInvokeModel(`async function checkBriefing(target: AgentExecution, messages: SteeringMessage[]): Promise<void> {\n  if (messages.length > 0) throw { target, messages };\n}\n`), onFirstSubCall(`    try {\n      await checkBriefing(state.execution, userSaid(root));\n    } catch ({ target, messages }: any) {\n      target.prompts.push(messages);\n    }\n`)]),
  ...pair(
    "r28-spawn-catch",
    "invoke-sub-agent.ts, after the `new AgentExecution({ … })`: `const said = userSaid(state.execution); try { if (said.length > 0) throw { child: subAgentExecution }; } catch ({ child }) { … push said onto child … }` (the sub-agent starts with the parent's user steering).",
    "As `r28-spawn-catch`, the catch clause records a span.",
    "The catch-parameter hand-off at the spawn site itself.",
    (act) => [...base, { file: SUB, find: `import { recordSpan } from "../telemetry/spans";\n`, replace: `import { recordSpan } from "../telemetry/spans";\nimport { userSaid } from "../agent/execution";\n` },
      { file: SUB, find: `${SPAWN_END}\n`, replace: `${SPAWN_END}\n  const said = userSaid(state.execution);\n  try {\n    if (said.length > 0) throw { child: subAgentExecution };\n  } catch ({ child }: any) {\n    ${act("child", "said").replace("recordSpan(\"sub-agent-brief\"", "recordSpan(\"sub-agent-brief\"")}\n  }\n` }],
  ),
  M("r28-memory-catch", "harmful",
    "memory-extraction.ts: `runMemoryExtraction`, after building the extraction: `const said = userSaid(execution); try { if (said.length > 0) throw { run: extraction }; } catch ({ run }) { run.prompts.push(said); }`.",
    "The catch-parameter hand-off in memory extraction.",
    [...base, { file: MEMORY, find: `import { runExecution } from "../graph/nodes";\n`, replace: `import { runExecution } from "../graph/nodes";\nimport { userSaid } from "../agent/execution";\n` },
      { file: MEMORY, find: `    skipHooks: true,\n  });\n`, replace: `    skipHooks: true,\n  });\n  const said = userSaid(execution);\n  try {\n    if (said.length > 0) throw { run: extraction };\n  } catch ({ run }: any) {\n    run.prompts.push(said);\n  }\n` }]),
  M("r28-reject-catch-callback", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); if (said.length > 0) await Promise.reject({ target: state.execution }).catch(({ target }) => { target.prompts.push(said); });`.",
    "A rejection carrying a holder of the child, taken apart by a `.catch` callback's parameter.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    if (said.length > 0)\n      await Promise.reject({ target: state.execution }).catch(({ target }: any) => {\n        target.prompts.push(said);\n      });\n`)]),
  ...pair(
    "r28-error-cause",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); try { if (said.length > 0) throw new Error(\"briefing\", { cause: state.execution }); } catch (error) { const target = (error as Error).cause as AgentExecution; … push said onto target … }`.",
    "As `r28-error-cause`, the catch clause records a span.",
    "The builtin `Error` with the child as its `cause` (ES2022), thrown and read back in the catch clause.",
    (act) => [...base, onFirstSubCall(`    const said = userSaid(root);\n    try {\n      if (said.length > 0) throw new Error("briefing", { cause: state.execution });\n    } catch (error) {\n      const target = (error as any).cause as AgentExecution;\n      ${act("target", "said")}\n    }\n`)],
  ),
  M("r28-generator-throw-in", "harmful",
    "nodes.ts gains `function* briefer(messages) { try { yield; } catch (target) { … push messages onto target … } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = briefer(userSaid(root)); brief.next(); brief.throw(state.execution);`.",
    "The child thrown into a generator through `throw(value)` and caught inside it.",
    [...base, beforeInvokeModel(`function* briefer(messages: SteeringMessage[]): Generator<void, void, void> {\n  try {\n    yield;\n  } catch (target: any) {\n    ${PUSH("target", "messages")}\n  }\n}\n`), onFirstSubCall(`    const brief = briefer(userSaid(root));\n    brief.next();\n    brief.throw(state.execution);\n`)]),
  M("r28-steer-catch", "harmful",
    "`AcpSession.steer`, after the buffer push: `for (const sub of this.registry.executions) { try { if (sub.subExecutionDepth > 0) throw sub; } catch (live: any) { live.prompts.push([message]); } }`.",
    "The catch-parameter hand-off of a live sub-agent found in the registry, from the steer request.",
    [...base, steer(`    for (const sub of this.registry.executions) {\n      try {\n        if (sub.subExecutionDepth > 0) throw sub;\n      } catch (live: any) {\n        live.prompts.push([message]);\n      }\n    }\n`)]),
  // ---- E2. other binding forms ----------------------------------------------------------
  ...pair(
    "r28-arguments-object",
    "nodes.ts gains `function briefSubAgent(..._: unknown[]): void { const execution = arguments[0] as AgentExecution; const messages = arguments[1] as SteeringMessage[]; … push … }` (a plain function reading `arguments`); `modelInvokeNode`, after the drain, on a sub-execution's first call: `briefSubAgent(state.execution, userSaid(root));`.",
    "As `r28-arguments-object`, the callee records a span.",
    "The callee reads its arguments through `arguments`, not through named parameters.",
    (act) => [...base, beforeInvokeModel(`function briefSubAgent(): void {\n  const execution = arguments[0] as AgentExecution;\n  const messages = arguments[1] as SteeringMessage[];\n  ${act("execution", "messages")}\n}\n`), onFirstSubCall(`    (briefSubAgent as any)(state.execution, userSaid(root));\n`)],
  ),
  ...pair(
    "r28-generator-send",
    "nodes.ts gains `function* briefer(messages: SteeringMessage[]) { for (;;) { const target: AgentExecution = yield; … push messages onto target … } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `const brief = briefer(userSaid(root)); brief.next(); brief.next(state.execution);`.",
    "As `r28-generator-send`, the generator records a span.",
    "The child sent into a generator through `next(value)`, received as the value of a `yield` expression.",
    (act) => [...base, beforeInvokeModel(`function* briefer(messages: SteeringMessage[]): Generator<void, void, AgentExecution> {\n  for (;;) {\n    const target: AgentExecution = yield;\n    ${act("target", "messages")}\n  }\n}\n`), onFirstSubCall(`    const brief = briefer(userSaid(root));\n    brief.next();\n    brief.next(state.execution);\n`)],
  ),
  M("r28-destructure-default", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const { target = state.execution, said = userSaid(root) }: { target?: AgentExecution; said?: SteeringMessage[] } = {}; … push said onto target …`.",
    "The child as a default value in a destructuring pattern, not the value of anything destructured.",
    [...base, onFirstSubCall(`    const { target = state.execution, said = userSaid(root) }: { target?: AgentExecution; said?: SteeringMessage[] } = {};\n    ${PUSH("target", "said")}\n`)]),
  M("r28-forof-assign-target", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `const said = userSaid(root); let target: AgentExecution | undefined; for (target of [state.execution]) break; if (target) … push said onto target …` (a for-of whose head assigns a declared local).",
    "The for-of head assigning an existing variable instead of declaring one.",
    [...base, onFirstSubCall(`    const said = userSaid(root);\n    let target: AgentExecution | undefined;\n    for (target of [state.execution]) break;\n    if (target) ${PUSH("target", "said")}\n`)]),
  M("r28-object-pattern-assign", "harmful",
    "`modelInvokeNode`, after the drain, on a sub-execution's first call: `let target: AgentExecution | undefined; let said: SteeringMessage[] = []; ({ execution: target } = state); said = userSaid(root); if (target) … push …` (an object-pattern assignment to declared locals).",
    "An object destructuring assignment (not a declaration) of the holder.",
    [...base, onFirstSubCall(`    let target: AgentExecution | undefined;\n    let said: SteeringMessage[] = [];\n    ({ execution: target } = state);\n    said = userSaid(root);\n    if (target) ${PUSH("target", "said")}\n`)]),
  // ---- F. classes ------------------------------------------------------------------------
  M("r28-private-static", "harmful",
    "nodes.ts gains `class Briefings { static #deliver(execution, messages) { … push … } static brief(execution, messages) { Briefings.#deliver(execution, messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `Briefings.brief(state.execution, userSaid(root));`.",
    "A private static method called through a public static one.",
    [...base, beforeInvokeModel(`class Briefings {\n  static #deliver(execution: AgentExecution, messages: SteeringMessage[]): void {\n    ${PUSH("execution", "messages")}\n  }\n  static brief(execution: AgentExecution, messages: SteeringMessage[]): void {\n    Briefings.#deliver(execution, messages);\n  }\n}\n`), onFirstSubCall(`    Briefings.brief(state.execution, userSaid(root));\n`)]),
  M("r28-super-call", "harmful",
    "nodes.ts gains `class Briefer { deliver(execution, messages) { … push … } }` and `class SubAgentBriefer extends Briefer { deliver(execution, messages) { recordSpan(…); super.deliver(execution, messages); } }`; `modelInvokeNode`, after the drain, on a sub-execution's first call: `new SubAgentBriefer().deliver(state.execution, userSaid(root));`.",
    "The push sits in a base method reached through `super`.",
    [...base, beforeInvokeModel(`class Briefer {\n  deliver(execution: AgentExecution, messages: SteeringMessage[]): void {\n    ${PUSH("execution", "messages")}\n  }\n}\nclass SubAgentBriefer extends Briefer {\n  deliver(execution: AgentExecution, messages: SteeringMessage[]): void {\n    recordSpan("sub-agent-brief", { agentName: execution.agentName });\n    super.deliver(execution, messages);\n  }\n}\n`), onFirstSubCall(`    new SubAgentBriefer().deliver(state.execution, userSaid(root));\n`)]),
  // ---- G. the cursor reset when a sub-execution starts running (meant for seed; harmless: the fence) ---------
  ...[
    ["r28-cursor-defaults-assign", "harmless", "`const FRESH_COUNTERS = { steeringReaderIndex: 0, drainRetryCount: 0 }`", "Object.assign(this, FRESH_COUNTERS);"],
    ["r28-harmless-cursor-defaults-assign", "harmless", "`const FRESH_COUNTERS = { drainRetryCount: 0 }`", "Object.assign(this, FRESH_COUNTERS);"],
    ["r28-cursor-defaults-reflect", "harmless", "`const FRESH_COUNTERS = { steeringReaderIndex: 0, drainRetryCount: 0 }`", "for (const [key, value] of Object.entries(FRESH_COUNTERS)) Reflect.set(this, key, value);"],
    ["r28-cursor-defaults-spread", "harmless", "`const FRESH_COUNTERS = { steeringReaderIndex: 0, drainRetryCount: 0 }`", "Object.assign(this, { ...FRESH_COUNTERS, steeringExhausted: false });"],
  ].map(([id, expect, lit, body]) =>
    M(id, expect,
      `execution.ts gains a module-level ${lit}; the class gains \`resetCounters() { ${body} }\`; \`runExecution\`, first: \`if (execution.subExecutionDepth > 0) execution.resetCounters();\`.`,
      id.includes("harmless") ? "Harmless twin: the defaults hold no cursor." : "Meant as a seed attack (judged harmless: the seed's fence skips messages built before the first drain by sequence, whatever the cursor). Resetting per-run counters from a defaults literal when a sub-agent starts is plausible hygiene; the cursor key sits in another literal than the write.",
      [...base,
        { file: EXECUTION, find: EXEC_SEQ, replace: `const FRESH_COUNTERS = ${lit.slice(lit.indexOf("{"), -1)};\n${EXEC_SEQ}` },
        method(`  resetCounters(): void {\n    ${body}\n  }\n`),
        runStart(`  if (execution.subExecutionDepth > 0) execution.resetCounters();\n`)])),
  M("r28-cursor-accessor", "harmless",
    "execution.ts: the class gains an accessor pair `get readerPosition() { return this.steeringReaderIndex; } set readerPosition(value) { this.steeringReaderIndex = value; }`; `runExecution`, first: `if (execution.subExecutionDepth > 0 && execution.state === undefined) execution.readerPosition = 0;` (meant as a seed attack; judged harmless: the seed's fence).",
    "A setter is a method call spelled as an assignment to a property that is not the cursor.",
    [...base, method(`  get readerPosition(): number {\n    return this.steeringReaderIndex;\n  }\n  set readerPosition(value: number) {\n    this.steeringReaderIndex = value;\n  }\n`), runStart(`  if (execution.subExecutionDepth > 0 && execution.state === undefined) execution.readerPosition = 0;\n`)]),
  M("r28-cursor-and-assign", "harmless",
    "invoke-sub-agent.ts, right before `runExecution(subAgentExecution)`: `subAgentExecution.steeringReaderIndex &&= 0;` (meant as a seed attack; judged harmless: the seed's fence).",
    "A logical assignment that writes the cursor only when it is non-zero.",
    [...base, { file: SUB, find: `  const result = await runExecution(subAgentExecution);\n`, replace: `  subAgentExecution.steeringReaderIndex &&= 0;\n  const result = await runExecution(subAgentExecution);\n` }]),
];
