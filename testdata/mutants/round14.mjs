// Round 14 (round14.mjs): a red team against the rules accepted in e61f4a6 and
// a1510e6: (1) gate mode no longer refuses a child kept before it starts (the
// gate decides at delivery); (2) a top-level value handed to
// `Object.fromEntries`, `Object.hasOwn`, `Array.from` or `Array.isArray` is
// not "written elsewhere"; (3) a collector inlined into the delivering loop's
// head (`for (const m of function*(e){…}(e))`) is followed like a named one,
// the gate at the start of the loop body; (4) the drain is found by its log
// line's `injected steering ` text alone. Every harmful mutant hands a
// sub-execution (a sub-agent or a memory extraction) user steering that the
// gate, placed where the tool plans it, does not withhold. Plus harmless
// neighbours that must prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND14 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND14-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";
const NODES = "src/graph/nodes.ts";
const HOOK = "src/steering/live-steering-hook.ts";
const MEMORY = "src/memory/memory-extraction.ts";

const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const servicesFields = (...decls) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", decls.map((d) => `\n  ${d}`).join("") + "\n}") });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValues = (...values) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,${values.map((v) => `\n      ${v}`).join("")}\n    };` });
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const toolRun = (before, run = TOOL_RUN) => ({ file: TOOL, find: TOOL_RUN, replace: `${before}\n${run}` });
const TOOL_TOP_ANCHOR = `export const MAX_SUB_AGENT_DEPTH = 4;`;
const toolTop = (code) => ({ file: TOOL, find: TOOL_TOP_ANCHOR, replace: `${TOOL_TOP_ANCHOR}\n\n${code}` });
const NODES_TOP_ANCHOR = `export class PromptError extends Error {}`;
const nodesTop = (code) => ({ file: NODES, find: NODES_TOP_ANCHOR, replace: `${NODES_TOP_ANCHOR}\n\n${code}` });
const MEMORY_RUN = `  try {
    await runExecution(extraction);`;
const STEER = `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);
  }`;

// The drain, exactly as in the model.
const DRAIN_FN = `export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );
  }
}`;
const drainIs = (code) => ({ file: HOOK, find: DRAIN_FN, replace: code });
const LOG_LINE = (m, e) => `\`[LiveSteeringHook] injected steering \${${m}.id} into \${${e}.agentName} (\${${e}.executionId.slice(0, 8)}) (handlers: \${${m}.handlers.size})\``;

// The delegates the sub-agent tool has built and not yet finished (kept before they start).
const PENDING = [
  servicesFields("// Delegates built by invoke-sub-agent and not finished yet.\n  pendingDelegates: Set<AgentExecution>;"),
  servicesValues("pendingDelegates: new Set(),"),
];
const PENDING_RUN = toolRun(
  `  state.execution.sessionServices.pendingDelegates.add(subAgentExecution);`,
  `  let result: ExecutionState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    state.execution.sessionServices.pendingDelegates.delete(subAgentExecution);
  }
`,
);

const RUN_STATE = `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`;
// Memory extractions kept in a Set of background jobs before they run.
const BACKGROUND = [
  servicesFields("// Background jobs (memory extraction) running now.\n  backgroundJobs: Set<AgentExecution>;"),
  servicesValues("backgroundJobs: new Set(),"),
];
const BACKGROUND_RUN = {
  file: MEMORY,
  find: MEMORY_RUN,
  replace: `  execution.sessionServices.backgroundJobs.add(extraction);
  try {
    await runExecution(extraction);`,
};
const MEMORY_FINALLY = `  } catch (error) {
    execution.sessionServices.logger.warn(\`memory extraction failed: \${(error as Error).message}\`);
  }`;
const BACKGROUND_DONE = { file: MEMORY, find: MEMORY_FINALLY, replace: `${MEMORY_FINALLY} finally {
    execution.sessionServices.backgroundJobs.delete(extraction);
  }` };

const HARMFUL = [
  // ---- rule 1: a kept child in gate mode ----
  {
    id: "r14-kept-forward-on-steer",
    description: "the services gain `pendingDelegates: new Set()`; the sub-agent tool adds its child before the run (deletes it after); the session's `steer()` also queues the new user message on every pending delegate (`for (const d of pendingDelegates) d.queueSteering(message)`)",
    why: "a release forwarding live steering to running delegates at once; the kept child receives user steering through its container, from code that is not the drain, so the gate never sees it",
    edits: [
      ...PENDING,
      PENDING_RUN,
      { file: SESSION, find: STEER, replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running delegates hear the user at once, not at their next drain.
    for (const delegate of this.sessionServices.pendingDelegates) delegate.queueSteering(message);
  }` },
    ],
  },
  {
    id: "r14-kept-inherits-parent-prompt",
    description: "the services gain `delegateParents: new Map()` (child → parent); the sub-agent tool records its child's parent before the run (deletes it after); `runExecution` seeds a registered delegate's first prompt with its parent's user steering (`execution.prompts.push(parent.prompts.flat().filter(user))`)",
    why: "a release giving a delegate its parent's context; the kept child's prompt is filled from another execution's prompt, outside the drain",
    edits: [
      servicesFields("// Each running delegate's parent (context hand-off).\n  delegateParents: Map<AgentExecution, AgentExecution>;"),
      servicesValues("delegateParents: new Map(),"),
      toolRun(
        `  state.execution.sessionServices.delegateParents.set(subAgentExecution, state.execution);`,
        `  let result: ExecutionState;
  try {
    result = await runExecution(subAgentExecution);
  } finally {
    state.execution.sessionServices.delegateParents.delete(subAgentExecution);
  }
`,
      ),
      { file: NODES, find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`, replace: `  const parent = execution.sessionServices.delegateParents.get(execution);
  if (parent) execution.prompts.push(parent.prompts.flat().filter((m) => m.kind === "user"));
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };` },
    ],
  },
  {
    id: "r14-kept-promoted-depth-zero",
    description: "the services gain `backgroundJobs: new Set()`; memory extraction is built as before (depth + 1) and put in it before its run (deleted after); `runExecution` detaches a background job from the turn's tree before it starts: `Object.assign(execution, { subExecutionDepth: 0 })`",
    why: "the kept child's depth changes while it is kept; the gate reads the depth at delivery, now 0, and a memory extraction must not see the user's steering at any depth",
    edits: [
      ...BACKGROUND,
      BACKGROUND_RUN,
      BACKGROUND_DONE,
      { file: NODES, find: RUN_STATE, replace: `  // Background jobs run detached from the turn's execution tree.
  if (execution.sessionServices.backgroundJobs.has(execution)) Object.assign(execution, { subExecutionDepth: 0 });
${RUN_STATE}` },
    ],
  },
  {
    id: "r14-kept-depth-defineproperty",
    description: "as `r14-kept-promoted-depth-zero`, the detach written `Reflect.defineProperty(job, \"subExecutionDepth\", { value: 0 })` over every kept background job",
    why: "the kept child's depth changed by a reflective write, no assignment or `Object.assign`",
    edits: [
      ...BACKGROUND,
      BACKGROUND_RUN,
      BACKGROUND_DONE,
      { file: NODES, find: RUN_STATE, replace: `  // Background jobs run detached from the turn's execution tree.
  for (const job of execution.sessionServices.backgroundJobs) Reflect.defineProperty(job, "subExecutionDepth", { value: 0 });
${RUN_STATE}` },
    ],
  },
  {
    id: "r14-kept-depth-assign",
    description: "as `r14-kept-promoted-depth-zero`, the detach a plain assignment, `(execution as any).subExecutionDepth = 0`",
    why: "the kept child's depth written directly while it is kept",
    edits: [
      ...BACKGROUND,
      BACKGROUND_RUN,
      BACKGROUND_DONE,
      { file: NODES, find: RUN_STATE, replace: `  // Background jobs run detached from the turn's execution tree.
  if (execution.sessionServices.backgroundJobs.has(execution)) (execution as any).subExecutionDepth = 0;
${RUN_STATE}` },
    ],
  },
  {
    id: "r14-kept-extraction-rerun-root",
    description: "memory extraction is built as before (depth + 1) but kept in `services.deferredExtractions` instead of run; after the root turn the session runs every kept extraction as a background top-level job, re-built from its fields with no depth (`new AgentExecution({ sessionServices: kept.sessionServices, promptContext: kept.promptContext, signal: kept.signal, agentName: kept.agentName })`, hooks on)",
    why: "a kept child re-constructed at depth 0 by its container: the gate sees a root; a memory extraction must not see the user's steering at any depth",
    edits: [
      servicesFields("// Memory extractions built at turn end, run as background jobs.\n  deferredExtractions: AgentExecution[];"),
      servicesValues("deferredExtractions: [],"),
      { file: MEMORY, find: `  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(\`memory extraction failed: \${(error as Error).message}\`);
  }`, replace: `  execution.sessionServices.deferredExtractions.push(extraction);
  for (const kept of execution.sessionServices.deferredExtractions.splice(0)) {
    // Background job: detached from the turn's execution tree.
    const job = new AgentExecution({
      sessionServices: kept.sessionServices,
      promptContext: kept.promptContext,
      signal: kept.signal,
      agentName: kept.agentName,
    });
    try {
      await runExecution(job);
    } catch (error) {
      execution.sessionServices.logger.warn(\`memory extraction failed: \${(error as Error).message}\`);
    }
  }` },
    ],
  },

  {
    id: "r14-kept-forward-prompts",
    description: "the services gain `pendingDelegates: new Set()`; the sub-agent tool adds its child before the run (deletes it after); the session's `steer()` also shows the new user message to every pending delegate at once, as a prompt of its own (`delegate.prompts.push([message])`)",
    why: "the kept child receives user steering through its container, from code that is not the drain and without `queueSteering`",
    edits: [
      ...PENDING,
      PENDING_RUN,
      { file: SESSION, find: STEER, replace: `  steer(text: string): void {
    const message = this.sessionServices.liveSteering.push("user", text);
    // Running delegates hear the user at once, not at their next drain.
    for (const delegate of this.sessionServices.pendingDelegates) delegate.prompts.push([message]);
  }` },
    ],
  },
  {
    id: "r14-kept-weakref-latest",
    description: "the session remembers the latest delegate in a `WeakRef` (`services.latestDelegate = new WeakRef(child)`, set by the sub-agent tool before the run); when the delegate starts (`runExecution`), the one the WeakRef holds is handed the turn's user steering so far (`snapshot()` filtered to `kind === \"user\"`) as its opening prompt",
    why: "a child kept in a WeakRef and caught up on the user's steering by code that is not the drain",
    edits: [
      servicesFields("// The delegate started last (status line, catch-up).\n  latestDelegate?: WeakRef<AgentExecution>;"),
      toolRun(`  state.execution.sessionServices.latestDelegate = new WeakRef(subAgentExecution);`),
      { file: NODES, find: RUN_STATE, replace: `  // A new delegate opens with what the user has said this turn.
  if (execution.sessionServices.latestDelegate?.deref() === execution) {
    execution.prompts.push(execution.sessionServices.liveSteering.snapshot().filter((m) => m.kind === "user"));
  }
${RUN_STATE}` },
    ],
  },
  {
    id: "r14-kept-promise-handoff",
    description: "the sub-agent tool hands its child to the run through a promise, `const started = Promise.resolve(subAgentExecution)`; before awaiting the run it chains `started.then((child) => child.prompts.push(parent.prompts.flat().filter(user)))`, the parent's user steering as the child's briefing",
    why: "a child kept in a promise; the continuation fills its prompt from another execution's prompt before it drains",
    edits: [
      toolRun(`  const started = Promise.resolve(subAgentExecution);
  // The delegate's briefing: what the user told its parent.
  await started.then((child) => child.prompts.push(state.execution.prompts.flat().filter((m) => m.kind === "user")));`),
    ],
  },

  // ---- rule 2: built-ins that only read ----
  {
    id: "r14-array-from-policy-element",
    description: "a top-level `const delegatePolicies = [{ agent: \"*\", inheritBacklog: false }]`; the drain, on an execution's first drain (`prompts.length === 0`) when its policy says `inheritBacklog`, first queues the buffer's messages before its cursor (the backlog); the session constructor applies a setting through a copy: `for (const p of Array.from(delegatePolicies)) p.inheritBacklog = true`",
    why: "`Array.from` reads its argument, but its result holds the same element objects: writing an element of the copy writes the top-level value the drain reads",
    edits: [
      drainIs(`// Per-agent steering policies (settings may change them).
export const delegatePolicies = [{ agent: "*", inheritBacklog: false }];

${DRAIN_FN.replace(`  if (!buffer) return;
`, `  if (!buffer) return;
  const policy = delegatePolicies.find((p) => p.agent === "*" || p.agent === execution.agentName);
  if (policy?.inheritBacklog && execution.prompts.length === 0) {
    // A delegate starts with the session's backlog.
    for (let index = 0; index < execution.steeringReaderIndex; index++) {
      const earlier = buffer.at(index);
      if (earlier) execution.queueSteering(earlier);
    }
  }
`)}`),
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { delegatePolicies } from "../steering/live-steering-hook";` },
      { file: SESSION, find: `      model: this.model,
    };
  }`, replace: `      model: this.model,
    };
    // Workspace setting: delegates inherit the session's steering backlog.
    for (const policy of Array.from(delegatePolicies)) policy.inheritBacklog = true;
  }` },
    ],
  },

  {
    id: "r14-array-from-policy-start",
    description: "a top-level `const drainPolicies = [{ agent: \"*\", fromStart: false }]`; the drain starts a first drain (`prompts.length === 0`) at 0 when the policy says `fromStart`, else at the cursor; the session constructor applies a setting through a copy: `for (const p of Array.from(drainPolicies)) p.fromStart = true`",
    why: "`Array.from` reads its argument, but its result holds the same element objects; the drain's start is decided by the top-level value the proof ran at its initial `false` (a seed at spawn is then ignored)",
    edits: [
      drainIs(`// Per-agent drain policies (settings may change them).
export const drainPolicies = [{ agent: "*", fromStart: false }];

${DRAIN_FN.replace(`  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`, `  const policy = drainPolicies.find((p) => p.agent === "*" || p.agent === execution.agentName);
  const start = policy?.fromStart && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
  for (let index = start; index < buffer.length; index++) {`)}`),
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { drainPolicies } from "../steering/live-steering-hook";` },
      { file: SESSION, find: `      model: this.model,
    };
  }`, replace: `      model: this.model,
    };
    // Workspace setting: a new execution reads the whole turn's steering.
    for (const policy of Array.from(drainPolicies)) policy.fromStart = true;
  }` },
    ],
  },
  {
    id: "r14-fromentries-policy-map",
    description: "as `r14-array-from-policy-start`, the policies a top-level `Map` (`new Map([[\"*\", { fromStart: false }]])`) read by the drain with `.get`; the session constructor applies the setting through `Object.fromEntries(drainPolicies)[\"*\"].fromStart = true`",
    why: "`Object.fromEntries` builds a new object, but its values are the Map's own objects",
    edits: [
      drainIs(`// Per-agent drain policies (settings may change them).
export const drainPolicies = new Map([["*", { fromStart: false }]]);

${DRAIN_FN.replace(`  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`, `  const policy = drainPolicies.get(execution.agentName) ?? drainPolicies.get("*");
  const start = policy?.fromStart && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
  for (let index = start; index < buffer.length; index++) {`)}`),
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { drainPolicies } from "../steering/live-steering-hook";` },
      { file: SESSION, find: `      model: this.model,
    };
  }`, replace: `      model: this.model,
    };
    // Workspace setting: a new execution reads the whole turn's steering.
    const byAgent = Object.fromEntries(drainPolicies);
    byAgent["*"].fromStart = true;
  }` },
    ],
  },
  {
    id: "r14-array-from-callback-assign",
    description: "as `r14-array-from-policy-start`, the setting applied by `Array.from`'s mapping callback: `Array.from(drainPolicies, (p) => Object.assign(p, { fromStart: true }))`",
    why: "`Array.from` hands each element to its callback, which may write it",
    edits: [
      drainIs(`// Per-agent drain policies (settings may change them).
export const drainPolicies = [{ agent: "*", fromStart: false }];

${DRAIN_FN.replace(`  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`, `  const policy = drainPolicies.find((p) => p.agent === "*" || p.agent === execution.agentName);
  const start = policy?.fromStart && execution.prompts.length === 0 ? 0 : execution.steeringReaderIndex;
  for (let index = start; index < buffer.length; index++) {`)}`),
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { drainPolicies } from "../steering/live-steering-hook";` },
      { file: SESSION, find: `      model: this.model,
    };
  }`, replace: `      model: this.model,
    };
    // Workspace setting: a new execution reads the whole turn's steering.
    Array.from(drainPolicies, (policy) => Object.assign(policy, { fromStart: true }));
  }` },
    ],
  },

  // ---- rule 3: a collector inlined into the loop head ----
  {
    id: "r14-inline-gen-queues",
    description: "the drain delivers in `for (const message of function* (e) { … }(execution))`: the inlined collector advances the cursor and queues each message (`e.queueSteering(m)`) before it yields it; the loop body only counts the handler and logs",
    why: "a minifier-inlined collector that delivers as it collects: the gate at the start of the loop body comes after the delivery",
    edits: [
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (const message of (function* (e: AgentExecution) {
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (!m) continue;
      e.queueSteering(m);
      yield m;
    }
  })(execution)) {
    message.handlers.add(execution.executionId);
    execution.sessionServices.logger.info(
      ${LOG_LINE("message", "execution")},
    );
  }
}`),
    ],
  },
  {
    id: "r14-inline-gen-batches",
    description: "the drain delivers in `for (const batch of function* (e) { … }(execution))`: the inlined collector advances the cursor and yields the unread messages as one batch (an array); the loop body delivers every message of the batch",
    why: "the loop variable is a batch, not a message: a gate testing `batch.kind`/`batch.id` at the start of the body withholds nothing",
    edits: [
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (const batch of (function* (e: AgentExecution) {
    const unread: SteeringMessage[] = [];
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (m) unread.push(m);
    }
    if (unread.length) yield unread;
  })(execution)) {
    for (const message of batch) {
      message.handlers.add(execution.executionId);
      execution.queueSteering(message);
      execution.sessionServices.logger.info(
        ${LOG_LINE("message", "execution")},
      );
    }
  }
}`),
      { file: HOOK, find: `import type { AgentExecution } from "../agent/execution";`, replace: `import type { AgentExecution } from "../agent/execution";
import type { SteeringMessage } from "./live-steering-buffer";` },
    ],
  },
  {
    id: "r14-inline-gen-reader-parent",
    description: "executions gain `readerOf` (a delegate reads through its parent's cursor); the drain delivers in `for (const message of function* (e) { … }(execution.readerOf ?? execution))`: the inlined collector advances the reader's cursor; the loop body delivers to `execution`",
    why: "the collector advances a different execution than the one delivered to; a gate that tests the collector's argument's depth tests the root's",
    edits: [
      { file: EXECUTION, find: `  steeringReaderIndex = 0;`, replace: `  steeringReaderIndex = 0;
  // A delegate reads the session's steering through its parent's cursor.
  readerOf: AgentExecution | undefined = undefined;` },
      toolRun(`  subAgentExecution.readerOf = state.execution.readerOf ?? state.execution;`),
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (const message of (function* (e: AgentExecution) {
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (m) yield m;
    }
  })(execution.readerOf ?? execution)) {
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      ${LOG_LINE("message", "execution")},
    );
  }
}`),
    ],
  },

  {
    id: "r14-inline-gen-reader-name",
    description: "as `r14-inline-gen-reader-parent`, the reader a plain name: `const reader = execution.readerOf ?? execution; for (const message of function* (e) { … }(reader))`, delivering to `execution`; no `if (!buffer) return` guard",
    why: "the collector advances a different execution (the root, depth 0) than the one delivered to; a gate testing the collector's argument withholds nothing",
    edits: [
      { file: EXECUTION, find: `  steeringReaderIndex = 0;`, replace: `  steeringReaderIndex = 0;
  // A delegate reads the session's steering through its parent's cursor.
  readerOf: AgentExecution | undefined = undefined;` },
      toolRun(`  subAgentExecution.readerOf = state.execution.readerOf ?? state.execution;`),
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  const reader = execution.readerOf ?? execution;
  for (const message of (function* (e: AgentExecution) {
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (m) yield m;
    }
  })(reader)) {
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      ${LOG_LINE("message", "execution")},
    );
  }
}`),
    ],
  },
  {
    id: "r14-inline-gen-queues-noguard",
    description: "as `r14-inline-gen-queues` (the inlined collector queues each message before it yields it) with no `if (!buffer) return` guard, so the minified loop is not under an `if`",
    why: "a collector that delivers as it collects, in the shape the minified build can follow",
    edits: [
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  for (const message of (function* (e: AgentExecution) {
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (!m) continue;
      e.queueSteering(m);
      yield m;
    }
  })(execution)) {
    message.handlers.add(execution.executionId);
    execution.sessionServices.logger.info(
      ${LOG_LINE("message", "execution")},
    );
  }
}`),
    ],
  },

  // ---- rule 4: the drain found by "injected steering " ----
  {
    id: "r14-decoy-split-drain",
    description: "the drain is split by depth: `drainLiveSteering` (roots) keeps the `injected steering` log line; a new `drainDelegateSteering` (depth > 0) delivers the same way from its own cursor and logs `handed steering … to …`; MODEL_INVOKE calls one or the other",
    why: "the tool takes the function with the log text for the drain; the delegates' drain has another text and escapes the gate",
    edits: [
      drainIs(`${DRAIN_FN}

// Delegates drain the same buffer; their lines are tagged for the delegate view.
export async function drainDelegateSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(\`[LiveSteeringHook] delegate \${execution.agentName} (\${execution.executionId.slice(0, 8)}) handed steering \${message.id}\`);
  }
}`),
      { file: NODES, find: `import { drainLiveSteering } from "../steering/live-steering-hook";`, replace: `import { drainDelegateSteering, drainLiveSteering } from "../steering/live-steering-hook";` },
      { file: NODES, find: `  await drainLiveSteering(state.execution);`, replace: `  if (state.execution.subExecutionDepth > 0) await drainDelegateSteering(state.execution);
  else await drainLiveSteering(state.execution);` },
    ],
  },
  {
    id: "r14-decoy-split-drain-snapshot",
    description: "as `r14-decoy-split-drain`, the delegates' drain reading `buffer.snapshot()` from its cursor, moving the cursor with `setSteeringReaderIndex(buffer.length)` and handing the messages over as one prompt (`execution.prompts.push(unread)`); only the roots' drain logs `injected steering`",
    why: "the tool takes the roots' drain (the one with the text) for the drain; the delegates' drain uses no `at`, no cursor assignment and no `queueSteering`",
    edits: [
      drainIs(`${DRAIN_FN}

// Delegates take the unread steering as one prompt.
export async function drainDelegateSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  const unread = buffer.snapshot().slice(execution.steeringReaderIndex);
  execution.setSteeringReaderIndex(buffer.length);
  if (unread.length === 0) return;
  for (const message of unread) message.handlers.add(execution.executionId);
  execution.prompts.push(unread);
  execution.sessionServices.logger.info(\`[LiveSteeringHook] delegate \${execution.agentName} (\${execution.executionId.slice(0, 8)}) handed \${unread.length} steering message(s)\`);
}`),
      { file: NODES, find: `import { drainLiveSteering } from "../steering/live-steering-hook";`, replace: `import { drainDelegateSteering, drainLiveSteering } from "../steering/live-steering-hook";` },
      { file: NODES, find: `  await drainLiveSteering(state.execution);`, replace: `  if (state.execution.subExecutionDepth > 0) await drainDelegateSteering(state.execution);
  else await drainLiveSteering(state.execution);` },
    ],
  },
  {
    id: "r14-decoy-debug-replay",
    description: "a debug helper `replaySteeringForDebug(execution)` (nothing calls it yet) walks the buffer from the cursor, advancing it and logging `injected steering … (debug)`; it sits before the drain in the hook module; the drain itself logs `delivered steering …`",
    why: "two functions could be the drain; the text picks the decoy, the real drain (with `at`, the cursor write and `queueSteering`) is then a second reader",
    edits: [
      drainIs(`// Debug: re-show the unread steering of an execution in the log (the /steering-debug command).
export function replaySteeringForDebug(execution: AgentExecution): void {
  const buffer = execution.sessionServices.liveSteering;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    execution.sessionServices.logger.debug(\`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (debug)\`);
  }
}

${DRAIN_FN.replace("injected steering", "delivered steering")}`),
    ],
  },
];

const HARMLESS = [
  {
    id: "r14-h-kept-live-set-gate",
    description: "the services gain `pendingDelegates: new Set()`; the sub-agent tool adds its child before the run and deletes it after; the session's `cancel()` aborts every pending delegate (`d.abortController.abort()`)",
    why: "a child kept in a live Set only to be cancelled: the gate decides at delivery, nothing delivers through the Set",
    edits: [
      ...PENDING,
      PENDING_RUN,
      { file: SESSION, find: `  cancel(): void {
    this.turnController?.abort();
  }`, replace: `  cancel(): void {
    this.turnController?.abort();
    for (const delegate of this.sessionServices.pendingDelegates) delegate.abortController.abort();
  }` },
    ],
  },
  {
    id: "r14-h-fromentries-metrics",
    description: "a top-level `const drainCounts = new Map<string, number>()` counted by the drain (per agent); at turn end the session logs `JSON.stringify(Object.fromEntries(drainCounts))` when `Object.hasOwn(counts, \"kiro\")` and `Array.isArray(Array.from(drainCounts))`",
    why: "a metrics Map the drain writes and the session only reads through the read-only built-ins",
    edits: [
      drainIs(`// Deliveries per agent (debug metrics).
export const drainCounts = new Map<string, number>();

${DRAIN_FN.replace(`    execution.queueSteering(message);
`, `    execution.queueSteering(message);
    drainCounts.set(execution.agentName, (drainCounts.get(execution.agentName) ?? 0) + 1);
`)}`),
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { drainCounts } from "../steering/live-steering-hook";` },
      { file: SESSION, find: `    buffer.clear("turn-end");`, replace: `    const counts = Object.fromEntries(drainCounts);
    if (Object.hasOwn(counts, "kiro") && Array.isArray(Array.from(drainCounts))) this.sessionServices.logger.debug(\`deliveries \${JSON.stringify(counts)}\`);
    buffer.clear("turn-end");` },
    ],
  },
  {
    id: "r14-h-inline-gen-collector",
    description: "the drain delivers in `for (const message of function* (e) { … }(execution))`: the inlined collector advances the cursor and yields each message; the loop body delivers as before",
    why: "the accepted inlined collector: the gate at the start of the body sees every message before it is delivered",
    edits: [
      drainIs(`export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (const message of (function* (e: AgentExecution) {
    for (let index = e.steeringReaderIndex; index < buffer.length; index++) {
      const m = buffer.at(index);
      e.steeringReaderIndex = index + 1;
      if (m) yield m;
    }
  })(execution)) {
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      ${LOG_LINE("message", "execution")},
    );
  }
}`),
    ],
  },
  {
    id: "r14-h-scoped-logger-drain",
    description: "the drain logs through a tagging wrapper, `hookLog(execution.sessionServices.logger).info(\`injected steering …\`)`, which adds the `[LiveSteeringHook] ` prefix (no prefix in the drain's text)",
    why: "the accepted drain found by `injected steering ` alone",
    edits: [
      drainIs(`// The hook's lines carry its tag.
const hookLog = (log: Logger) => ({ info: (line: string) => log.info(\`[LiveSteeringHook] \${line}\`) });

${DRAIN_FN.replace(`    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering`, `    hookLog(execution.sessionServices.logger).info(
      \`injected steering`)}`),
      { file: HOOK, find: `import type { AgentExecution } from "../agent/execution";`, replace: `import type { AgentExecution } from "../agent/execution";
import type { Logger } from "../util/logger";` },
    ],
  },
  {
    id: "r14-h-log-helper",
    description: "the drain's log line moves into a helper, `logInjected(execution, message)`, which holds the `injected steering` text; the drain calls it after `queueSteering`",
    why: "an ordinary refactor: the function with the text is a logging helper, the drain is its caller",
    edits: [
      drainIs(`function logInjected(execution: AgentExecution, message: { id: string; handlers: Set<string> }): void {
  execution.sessionServices.logger.info(
    ${LOG_LINE("message", "execution")},
  );
}

${DRAIN_FN.replace(`    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );`, `    logInjected(execution, message);`)}`),
    ],
  },
];

export const ROUND14 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
