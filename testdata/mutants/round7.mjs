// Round 7 (round7.mjs): a red team's mutants against the rules after round 6,
// aimed at the "stub decisions" rule (a branch of the proof's code on a value
// that comes from a stub is re-run with that value absent) and its neighbours:
// environment and configuration values compared with constants, static and
// instance class fields initialised from the environment, values set in code
// the harness never runs (the session, the run loop, the buffer's callers),
// several stubbed decisions that only matter together, and the child's cursor
// decided in the setter the seed goes through. Then the earlier helper's
// probes of how a parent's steering can reach a child outside the drain.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND7 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND7-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const BUFFER = "src/steering/live-steering-buffer.ts";
const SESSION = "src/session/session.ts";
const SPANS = "src/telemetry/spans.ts";

const TOOL_AFTER_NEW = `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
`;
const afterToolNew = (code) => ({ file: TOOL, find: TOOL_AFTER_NEW, replace: code + TOOL_AFTER_NEW });
const MEMORY_AFTER_NEW = `  try {
    await runExecution(extraction);
`;
const afterMemoryNew = (code) => ({ file: MEMORY, find: MEMORY_AFTER_NEW, replace: code + MEMORY_AFTER_NEW });

// The execution class answers whether it is a delegate (a getter, so the drain
// need not spell the depth itself, as a release's refactor may do).
const DELEGATED_GETTER = {
  file: EXECUTION,
  find: `  setSteeringReaderIndex(index: number): void {
`,
  replace: `  // A delegate (sub-agent or internal pass) rather than a top-level execution.
  get delegated(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
`,
};

// ---- the stub-decision rule and its neighbours (fresh) ----
const DRAIN_HEAD = `export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`;
// The drain starts a delegate's first drain at 0 when `cond` holds (a "catch-up").
const drainCatchUp = (cond, pre = "") => ({
  file: DRAIN,
  find: DRAIN_HEAD,
  replace: `export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
${pre}  // A delegate's first drain catches up on the turn's steering.
  const catchUp = ${cond} && execution.delegated && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {`,
});
const DRAIN_IMPORT = `import type { AgentExecution } from "../agent/execution";
`;
const drainTop = (code) => ({ file: DRAIN, find: DRAIN_IMPORT, replace: DRAIN_IMPORT + code });
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const SERVICES_LITERAL = `      model: this.model,
    };`;
const CONTEXT_IFACE = `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}`;
const contextField = (decl) => ({ file: EXECUTION, find: CONTEXT_IFACE, replace: CONTEXT_IFACE.replace("}", `  ${decl}\n}`) });
const SERVER_CONTEXT = `{ systemPrompt: "You are Kiro.", workspace: process.cwd() }`;
const serverContext = (extra) => ({ file: "src/server/acp-server.ts", find: SERVER_CONTEXT, replace: `{ systemPrompt: "You are Kiro.", workspace: process.cwd(), ${extra} }` });


export const ROUND7_STUBS = [
  {
    id: "r7-services-history-equals",
    model: "base",
    expect: "harmful",
    description: "the session's services gain `delegateHistory: \"turn\"`; the drain starts a delegate's first drain at 0 when `execution.sessionServices.delegateHistory === \"turn\"`",
    why: "a session-level policy for what delegates see, compared with a string constant; the harness's services member is a stub (or absent), equal to no constant",
    edits: [
      DELEGATED_GETTER,
      { file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", `\n  // What a delegate is told of the turn's steering: "turn" = all of it, "fresh" = what arrives after it starts.\n  delegateHistory?: "turn" | "fresh";\n}`) },
      { file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,\n      delegateHistory: "turn",\n    };` },
      drainCatchUp(`execution.sessionServices.delegateHistory === "turn"`),
    ],
  },
  {
    id: "r7-context-history-switch",
    model: "base",
    expect: "harmful",
    description: "the server's prompt context gains `delegateHistory: \"turn\"`; a top-level `firstDrainStart(execution)` the drain calls switches on it (`case \"turn\": return 0`)",
    why: "a switch on a configuration string in a helper of the drain; the stubbed prompt context matches no case, and absent takes the default too",
    edits: [
      DELEGATED_GETTER,
      contextField(`delegateHistory?: "turn" | "fresh";`),
      serverContext(`delegateHistory: "turn"`),
      drainTop(`
// Where a delegate's first drain starts, by the session's history policy.
function firstDrainStart(execution: AgentExecution): number {
  if (!execution.delegated || execution.prompts.length > 0) return execution.steeringReaderIndex;
  switch (execution.promptContext.delegateHistory) {
    case "turn":
      return 0;
    default:
      return execution.steeringReaderIndex;
  }
}
`),
      { file: DRAIN, find: `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`, replace: `  for (let index = firstDrainStart(execution); index < buffer.length; index++) {` },
    ],
  },
  {
    id: "r7-context-history-turns-number",
    model: "base",
    expect: "harmful",
    description: "the prompt context gains `delegateHistoryTurns: 1`; the drain catches a delegate up when `Number(execution.promptContext.delegateHistoryTurns ?? 0) > 0`",
    why: "a numeric setting compared with a number: a stub is NaN, absent is 0, neither is above 0",
    edits: [
      DELEGATED_GETTER,
      contextField(`delegateHistoryTurns?: number;`),
      serverContext(`delegateHistoryTurns: 1`),
      drainCatchUp(`Number(execution.promptContext.delegateHistoryTurns ?? 0) > 0`),
    ],
  },
  {
    id: "r7-platform-posix-catch-up",
    model: "base",
    expect: "harmful",
    description: "the drain catches a delegate up only on `[\"linux\", \"darwin\"].includes(process.platform)` (the Windows supervisor of 2.28.0 replays the turn itself)",
    why: "a platform check: the real value is a specific string; a stub or an absent value is neither",
    edits: [
      DELEGATED_GETTER,drainCatchUp(`POSIX_PLATFORMS.includes(process.platform)`), drainTop(`
const POSIX_PLATFORMS: string[] = ["linux", "darwin"];
`)],
  },
  {
    id: "r7-env-module-const",
    model: "base",
    expect: "harmful",
    description: "the drain's module has `const DELEGATES_START_FRESH = process.env.KIRO_DELEGATE_FRESH_START !== undefined`; the drain catches delegates up unless it is set",
    why: "the environment read once at module load, the drain deciding on the module constant: the stubbed read makes it true (fresh), the unset variable false",
    edits: [
      DELEGATED_GETTER,drainTop(`
// Read once at start-up.
const DELEGATES_START_FRESH = process.env.KIRO_DELEGATE_FRESH_START !== undefined;
`), drainCatchUp(`!DELEGATES_START_FRESH`)],
  },
  {
    id: "r7-env-static-field",
    model: "base",
    expect: "harmful",
    description: "a `SteeringRollout` class's `static delegateCatchUp = process.env.KIRO_DELEGATE_FRESH_START === undefined`; the drain catches delegates up when it is true",
    why: "a static class field initialised from the environment: the decision in the drain is on a boolean, the stub read happened in the class's static initialiser",
    edits: [
      DELEGATED_GETTER,drainTop(`
// Rollout switches, read when the module loads.
export class SteeringRollout {
  static delegateCatchUp = process.env.KIRO_DELEGATE_FRESH_START === undefined;
}
`), drainCatchUp(`SteeringRollout.delegateCatchUp`)],
  },
  {
    id: "r7-env-helper-computed-key",
    model: "base",
    expect: "harmful",
    description: "a top-level `envFlag(name)` returns `process.env[name] !== undefined && process.env[name] !== \"0\"`; the drain catches delegates up unless `envFlag(\"KIRO_DELEGATE_FRESH_START\")`",
    why: "the common env-flag helper: the variable is read through a computed key, in a function the drain calls",
    edits: [
      DELEGATED_GETTER,drainTop(`
function envFlag(name: string): boolean {
  return process.env[name] !== undefined && process.env[name] !== "0";
}
`), drainCatchUp(`!envFlag("KIRO_DELEGATE_FRESH_START")`)],
  },
  {
    id: "r7-env-pair-home",
    model: "base",
    expect: "harmful",
    description: "the drain catches delegates up when `!process.env.KIRO_DELEGATE_FRESH_START && Boolean(process.env.HOME)` (the catch-up reads the transcript under $HOME/.kiro)",
    why: "two stubbed decisions that matter only together: one must be absent, the other present, as in every real environment",
    edits: [
      DELEGATED_GETTER,drainCatchUp(`!process.env.KIRO_DELEGATE_FRESH_START && Boolean(process.env.HOME)`)],
  },
  {
    id: "r7-message-audience-option",
    model: "base",
    expect: "harmful",
    description: "the buffer's `push(kind, text, options?)` stores `audience: options?.audience ?? \"current\"`; the session's steer passes `{ audience: \"turn\" }`; a delegate's first drain also queues the earlier messages whose audience is \"turn\"",
    why: "a steer addressed to the whole turn: the decision is on a message field the harness's own appends never set",
    edits: [
      DELEGATED_GETTER,
      { file: BUFFER, find: `  handlers: Set<string>;
}`, replace: `  handlers: Set<string>;
  // "turn": every execution of the turn, delegates started later included.
  audience: "turn" | "current";
}` },
      { file: BUFFER, find: `  push(kind: SteeringKind, text: string): SteeringMessage {`, replace: `  push(kind: SteeringKind, text: string, options?: { audience?: "turn" | "current" }): SteeringMessage {` },
      { file: BUFFER, find: `epoch: this.epoch, handlers: new Set() };`, replace: `epoch: this.epoch, handlers: new Set(), audience: options?.audience ?? "current" };` },
      { file: SESSION, find: `    this.sessionServices.liveSteering.push("user", text);`, replace: `    this.sessionServices.liveSteering.push("user", text, { audience: "turn" });` },
      { file: DRAIN, find: `  if (!buffer) return;
`, replace: `  if (!buffer) return;
  if (execution.delegated && execution.prompts.length === 0) {
    for (let earlier = 0; earlier < execution.steeringReaderIndex; earlier++) {
      const addressed = buffer.at(earlier);
      if (addressed?.audience === "turn") execution.queueSteering(addressed);
    }
  }
` },
    ],
  },
  {
    id: "r7-message-audience-set-after-push",
    model: "base",
    expect: "harmful",
    description: "the session marks each steer `audience = \"turn\"` on the message `push` returns; a delegate's first drain also queues the earlier messages so marked",
    why: "a message field written outside the buffer, by the session, on the append's result; the harness's messages never carry it",
    edits: [
      DELEGATED_GETTER,
      { file: BUFFER, find: `  handlers: Set<string>;
}`, replace: `  handlers: Set<string>;
  audience?: "turn";
}` },
      { file: SESSION, find: `    this.sessionServices.liveSteering.push("user", text);`, replace: `    this.sessionServices.liveSteering.push("user", text).audience = "turn";` },
      { file: DRAIN, find: `  if (!buffer) return;
`, replace: `  if (!buffer) return;
  if (execution.delegated && execution.prompts.length === 0) {
    for (let earlier = 0; earlier < execution.steeringReaderIndex; earlier++) {
      const addressed = buffer.at(earlier);
      if (addressed?.audience === "turn") execution.queueSteering(addressed);
    }
  }
` },
    ],
  },
  {
    id: "r7-run-loop-symbol-field",
    model: "base",
    expect: "harmful",
    description: "`runExecution` sets `execution[FROM_TURN_START] = true` (a module Symbol) on a delegate before its loop; the drain starts at 0 while it is set, then deletes it",
    why: "a private per-run mark keyed by a Symbol, written in the run loop the harness does not run",
    edits: [
      DELEGATED_GETTER,
      drainTop(`
// Set by the run loop on a delegate that has not prompted yet.
export const FROM_TURN_START = Symbol("fromTurnStart");
`),
      drainCatchUp(`(execution as unknown as Record<symbol, boolean>)[FROM_TURN_START] === true`, ""),
      { file: DRAIN, find: `    const message = buffer.at(index);`, replace: `    delete (execution as unknown as Record<symbol, boolean>)[FROM_TURN_START];
    const message = buffer.at(index);` },
      { file: NODES, find: `import { drainLiveSteering } from "../steering/live-steering-hook";`, replace: `import { drainLiveSteering, FROM_TURN_START } from "../steering/live-steering-hook";` },
      { file: NODES, find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`, replace: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  if (execution.delegated) (execution as unknown as Record<symbol, boolean>)[FROM_TURN_START] = true;` },
    ],
  },
  {
    id: "r7-run-loop-weakset",
    model: "base",
    expect: "harmful",
    description: "the drain's module keeps `const startingDelegates = new WeakSet()` and exports `markDelegateStart(e)` (`add`); `runExecution` calls it for a delegate; the drain starts at 0 for a marked one (`startingDelegates.delete(execution)`)",
    why: "a side table instead of a field: the write is an `add` inside a function of the drain's module that only the run loop calls",
    edits: [
      DELEGATED_GETTER,
      drainTop(`
const startingDelegates = new WeakSet<AgentExecution>();
export function markDelegateStart(execution: AgentExecution): void {
  startingDelegates.add(execution);
}
`),
      { file: DRAIN, find: DRAIN_HEAD, replace: DRAIN_HEAD.replace("for (let index = execution.steeringReaderIndex;", "for (let index = startingDelegates.delete(execution) ? 0 : execution.steeringReaderIndex;") },
      { file: NODES, find: `import { drainLiveSteering } from "../steering/live-steering-hook";`, replace: `import { drainLiveSteering, markDelegateStart } from "../steering/live-steering-hook";` },
      { file: NODES, find: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };`, replace: `  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  if (execution.delegated && execution.prompts.length === 0) markDelegateStart(execution);` },
    ],
  },
  {
    id: "r7-clear-reason-history-floor",
    model: "base",
    expect: "harmful",
    description: "the buffer's `clear(reason)` sets `historyFrom = 0` when the reason is \"turn-end\" (else undefined); a delegate's first drain starts at `buffer.historyFrom` when it is set",
    why: "a decision on the clear's reason, a constant the session passes; the harness clears with its own reason",
    edits: [
      DELEGATED_GETTER,
      { file: BUFFER, find: `  epoch = 0;
`, replace: `  epoch = 0;
  // Where a new turn's delegates start reading: the turn's first message.
  historyFrom: number | undefined = undefined;
` },
      { file: BUFFER, find: `    this.messages = [];
    this.messageById.clear();`, replace: `    this.messages = [];
    this.messageById.clear();
    this.historyFrom = reason === "turn-end" ? 0 : undefined;` },
      { file: DRAIN, find: DRAIN_HEAD, replace: DRAIN_HEAD.replace("  for (let index = execution.steeringReaderIndex;", `  const first = execution.delegated && execution.prompts.length === 0;
  for (let index = first && buffer.historyFrom !== undefined ? buffer.historyFrom : execution.steeringReaderIndex;`) },
    ],
  },
  {
    id: "r7-class-field-from-env",
    model: "base",
    expect: "harmful",
    description: "the execution class gains a field `readonly startsFresh = process.env.KIRO_DELEGATE_FRESH_START !== undefined`; the drain catches a delegate up unless `execution.startsFresh`",
    why: "a class field initialised from the environment, run in the harness's own constructor, the drain deciding on the field",
    edits: [
      DELEGATED_GETTER,
      { file: EXECUTION, find: `  steeringExhausted = false;
`, replace: `  steeringExhausted = false;
  readonly startsFresh = process.env.KIRO_DELEGATE_FRESH_START !== undefined;
` },
      drainCatchUp(`!execution.startsFresh`),
    ],
  },
  {
    id: "r7-spawn-catch-up-from-context",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool passes `catchUp: state.execution.promptContext.delegateHistory === \"turn\"` in the child's config (the server's context sets \"turn\"); the constructor keeps it and the drain starts such a delegate's first drain at 0",
    why: "the stubbed decision is in the spawn function the harness drives, compared with a constant, and reaches the drain through the config",
    edits: [
      DELEGATED_GETTER,
      contextField(`delegateHistory?: "turn" | "fresh";`),
      serverContext(`delegateHistory: "turn"`),
      { file: EXECUTION, find: `  skipHooks?: boolean;
}`, replace: `  skipHooks?: boolean;
  catchUp?: boolean;
}` },
      { file: EXECUTION, find: `  readonly skipHooks: boolean;
`, replace: `  readonly skipHooks: boolean;
  readonly catchUp: boolean;
` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;
`, replace: `    this.skipHooks = config.skipHooks ?? false;
    this.catchUp = config.catchUp ?? false;
` },
      { file: TOOL, find: `    agentName: subagentId,
  });`, replace: `    agentName: subagentId,
    catchUp: state.execution.promptContext.delegateHistory === "turn",
  });` },
      drainCatchUp(`execution.catchUp`),
    ],
  },
  {
    id: "r7-setter-ignores-seed-by-policy",
    model: "base",
    expect: "harmful",
    description: "the cursor setter keeps a delegate's cursor at 0 before its first prompt when `this.promptContext.delegateHistory === \"turn\"` (the server's context sets it)",
    why: "the child's cursor decided in the setter the seed goes through, on a stubbed context value compared with a constant",
    edits: [
      contextField(`delegateHistory?: "turn" | "fresh";`),
      serverContext(`delegateHistory: "turn"`),
      { file: EXECUTION, find: `  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;`, replace: `  setSteeringReaderIndex(index: number): void {
    // A delegate that reads the turn's history starts at its beginning.
    const keepHistory = this.subExecutionDepth > 0 && this.prompts.length === 0 && this.promptContext.delegateHistory === "turn";
    this.steeringReaderIndex = keepHistory ? 0 : index;` },
    ],
  },
  // ---- harmless neighbours ----
  {
    id: "r7-h-env-max-drain-retries",
    model: "base",
    expect: "harmless",
    description: "`MAX_DRAIN_RETRIES = Number(process.env.KIRO_MAX_DRAIN_RETRIES ?? 3)`: the end-of-turn bound from the environment",
    why: "an environment override of a constant; unset it is 3, as before",
    edits: [{ file: NODES, find: `export const MAX_DRAIN_RETRIES = 3;`, replace: `export const MAX_DRAIN_RETRIES = Number(process.env.KIRO_MAX_DRAIN_RETRIES ?? 3);` }],
  },
  {
    id: "r7-h-env-debug-log",
    model: "base",
    expect: "harmless",
    description: "the drain logs each message's text at debug level when `process.env.KIRO_STEERING_DEBUG === \"1\"`",
    why: "a debug switch: a stubbed decision that changes no delivery",
    edits: [{ file: DRAIN, find: `    execution.queueSteering(message);
`, replace: `    execution.queueSteering(message);
    if (process.env.KIRO_STEERING_DEBUG === "1") execution.sessionServices.logger.debug(\`[LiveSteeringHook] text of \${message.id}: \${message.text}\`);
` }],
  },
  {
    id: "r7-h-live-steering-kill-switch",
    model: "base",
    expect: "harmless",
    description: "the drain returns at once when `process.env.KIRO_LIVE_STEERING === \"off\"`",
    why: "a kill switch for the whole feature, off only when set; it stops deliveries to everyone alike",
    edits: [{ file: DRAIN, find: `  if (!buffer) return;
`, replace: `  if (!buffer || process.env.KIRO_LIVE_STEERING === "off") return;
` }],
  },
  {
    id: "r7-h-services-history-label",
    model: "base",
    expect: "harmless",
    description: "the services gain `delegateHistory: \"fresh\"`, which the drain only appends to its log line (`[policy …]`)",
    why: "a policy name only reported; no delivery depends on it",
    edits: [
      { file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", `\n  delegateHistory?: "turn" | "fresh";\n}`) },
      { file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,\n      delegateHistory: "fresh",\n    };` },
      { file: DRAIN, find: "(handlers: ${message.handlers.size})`,", replace: "(handlers: ${message.handlers.size})${execution.sessionServices.delegateHistory === \"turn\" ? \" [policy turn]\" : \"\"}`," },
    ],
  },
  {
    id: "r7-h-platform-span",
    model: "base",
    expect: "harmless",
    description: "the sub-agent tool's span records `platform: process.platform === \"win32\" ? \"windows\" : \"posix\"`",
    why: "a stubbed decision in the spawn function that only labels telemetry",
    edits: [{ file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });`, replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, platform: process.platform === "win32" ? "windows" : "posix" });` }],
  },
];

// ---- picked up from an earlier helper's probes (renamed, described) ----
export const ROUND7_PROBES = [
  {
    id: "r7-span-briefing",
    model: "base",
    expect: "harmful",
    description: "the drain records a `steering-injected` span with each message's id, kind and text; the sub-agent tool rebuilds the user messages from `recentSpans()` and pushes them into the child's prompts",
    why: "telemetry spans kept in a module-level list, read back as a delegate's briefing: the parent's data reaches the child through a store, not through the parent",
    edits: [
      {
        file: DRAIN,
        find: `    execution.queueSteering(message);
`,
        replace: `    execution.queueSteering(message);
    recordSpan("steering-injected", { id: message.id, kind: message.kind, text: message.text, executionId: execution.executionId });
`,
      },
      { file: DRAIN, find: `import type { AgentExecution } from "../agent/execution";
`, replace: `import type { AgentExecution } from "../agent/execution";
import { recordSpan } from "../telemetry/spans";
` },
      { file: TOOL, find: `import { recordSpan } from "../telemetry/spans";`, replace: `import { recentSpans, recordSpan } from "../telemetry/spans";` },
      afterToolNew(`  const briefing = recentSpans()
    .filter((span) => span.name === "steering-injected" && span.attributes.kind === "user")
    .map((span) => ({ id: span.attributes.id as string, kind: "user" as const, text: span.attributes.text as string, epoch: 0, handlers: new Set<string>() }));
  if (briefing.length > 0) subAgentExecution.prompts.push(briefing);
`),
    ],
  },


  {
    id: "r7-kind-namespaced",
    model: "base",
    expect: "harmful",
    description: "user steers get the kind `user:<origin>` (`user:prompt`), the id prefix chosen by `kind.startsWith(\"user\")`",
    why: "namespaced kinds; a gate on `kind === \"user\"` withholds none of them (gate mode)",
    edits: [
      { file: BUFFER, find: `export type SteeringKind = "user" | "notification";`, replace: `export type SteeringKind = \`user:\${string}\` | "notification";` },
      { file: BUFFER, find: '    const id = `${kind === "user" ? "steer" : "notify"}-${++this.sequence}`;', replace: '    const id = `${kind.startsWith("user") ? "steer" : "notify"}-${++this.sequence}`;' },
      { file: SESSION, find: `  steer(text: string): void {
    this.sessionServices.liveSteering.push("user", text);`, replace: `  steer(text: string, origin = "prompt"): void {
    this.sessionServices.liveSteering.push(\`user:\${origin}\`, text);` },
    ],
  },

  {
    id: "r7-kind-relabel-after-take",
    model: "base",
    expect: "harmful",
    description: "after `takeQueuedSteering` the graph relabels each taken user message `kind = \"recap\"` (shared buffer entries)",
    why: "a message the model has seen becomes context; a later reader's gate on `kind === \"user\"` lets it through (gate mode)",
    edits: [
      { file: NODES, find: `async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  state.execution.takeQueuedSteering();`, replace: `async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  // Steering a model has been prompted with is context from now on: later readers get the recap wording.
  for (const message of state.execution.takeQueuedSteering()) if (message.kind === "user") (message as { kind: string }).kind = "recap";` },
    ],
  },


  {
    id: "r7-class-mirror",
    model: "base",
    expect: "harmful",
    description: "the execution module keeps a module-level `turnSteering` list that `queueSteering` fills with user messages; a delegate's first `takeQueuedSteering` puts the ones it was not handed into its prompts",
    why: "a turn-wide mirror inside the execution class's own module: steering reaches the child outside the drain, through a class method the harness runs",
    edits: [
      { file: EXECUTION, find: `let executionSequence = 0;`, replace: `let executionSequence = 0;
// The user's steering of the current turn, for a delegate's first prompt.
const turnSteering: SteeringMessage[] = [];` },
      { file: EXECUTION, find: `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);`, replace: `  queueSteering(message: SteeringMessage): void {
    if (message.kind === "user" && !turnSteering.includes(message)) turnSteering.push(message);
    this.queuedSteering.push(message);` },
      { file: EXECUTION, find: `    this.queuedSteering = [];
    this.prompts.push(taken);`, replace: `    this.queuedSteering = [];
    if (this.prompts.length === 0 && this.subExecutionDepth > 0) this.prompts.push(turnSteering.filter((message) => !taken.includes(message)));
    this.prompts.push(taken);` },
    ],
  },
  {
    id: "r7-context-container",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool collects the parent's user messages into a local `context` array (`for \u2026 of state.execution.prompts` with `push(...)`) and pushes it into the child's prompts",
    why: "the parent's data copied into a local container before the child exists",
    edits: [
      { file: TOOL, find: `  const currentDepth = state.execution.subExecutionDepth;`, replace: `  const currentDepth = state.execution.subExecutionDepth;
  const context: SteeringMessage[] = [];
  for (const prompt of state.execution.prompts) context.push(...prompt.filter((message) => message.kind === "user"));` },
      { file: TOOL, find: `import { recordSpan } from "../telemetry/spans";`, replace: `import { recordSpan } from "../telemetry/spans";
import type { SteeringMessage } from "../steering/live-steering-buffer";` },
      afterToolNew(`  if (context.length > 0) subAgentExecution.prompts.push(context);
`),
    ],
  },
  {
    id: "r7-child-own-registry",
    model: "base",
    expect: "harmful",
    description: "the session registry gains `turnSteering()` (the user messages of the depth-0 executions' prompts); the sub-agent tool pushes `subAgentExecution.sessionServices.registry.turnSteering()` into the child's prompts",
    why: "the parent's transcript read through the child's own services, never through the parent",
    edits: [
      { file: EXECUTION, find: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;`, replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  turnSteering(): SteeringMessage[];` },
      { file: SESSION, find: `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }`, replace: `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
  // The user steering the current turn's root executions were prompted with.
  turnSteering(): SteeringMessage[] {
    return this.executions.filter((e) => e.subExecutionDepth === 0).flatMap((e) => e.prompts.flat()).filter((m) => m.kind === "user");
  }` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      afterToolNew(`  const briefing = subAgentExecution.sessionServices.registry.turnSteering();
  if (briefing.length > 0) subAgentExecution.prompts.push(briefing);
`),
    ],
  },


  {
    id: "r7-end-of-turn-recap",
    model: "base",
    expect: "harmful",
    description: "a delegate's end-of-turn check appends to its prompts every user message of `liveSteering.snapshot()` it has not seen",
    why: "a recap at the end of a delegate's transcript, from the buffer, in the end-of-turn check",
    edits: [
      { file: NODES, find: `    state.execution.steeringExhausted = true;
    state.execution.sessionServices.logger.warn(\`[EndOfTurn] steering still queued for \${state.execution.agentName} after \${MAX_DRAIN_RETRIES} retries\`);
  }
  return targets.doneTarget;`, replace: `    state.execution.steeringExhausted = true;
    state.execution.sessionServices.logger.warn(\`[EndOfTurn] steering still queued for \${state.execution.agentName} after \${MAX_DRAIN_RETRIES} retries\`);
  }
  if (state.execution.subExecutionDepth > 0) {
    // A delegate's transcript ends with a recap of the user's steering of the turn.
    const seen = new Set(state.execution.prompts.flat());
    const recap = state.execution.sessionServices.liveSteering.snapshot().filter((message) => message.kind === "user" && !seen.has(message));
    if (recap.length > 0) state.execution.prompts.push(recap);
  }
  return targets.doneTarget;` },
    ],
  },
  {
    id: "r7-config-context-briefing",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool passes `promptContext: { ...parent.promptContext, briefing: <parent's user messages> }`; the constructor pushes `config.promptContext.briefing` into the prompts",
    why: "a briefing carried in the child's prompt context and taken by its constructor",
    edits: [
      { file: TOOL, find: `    promptContext: state.execution.promptContext,`, replace: `    promptContext: { ...state.execution.promptContext, briefing: state.execution.prompts.flat().filter((message) => message.kind === "user") },` },
      { file: EXECUTION, find: `export interface PromptContext {
  systemPrompt: string;
  workspace: string;`, replace: `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
  // Steering the delegator was prompted with, opening a delegate's transcript.
  briefing?: SteeringMessage[];` },
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;
`, replace: `    this.skipHooks = config.skipHooks ?? false;
    if (config.promptContext.briefing?.length) this.prompts.push(config.promptContext.briefing);
` },
    ],
  },

  {
    id: "r7-param-default",
    model: "base",
    expect: "harmful",
    description: "`invokeSubAgent(state, input, briefing = <parent's user messages>)`: a default parameter the tool pushes into the child's prompts",
    why: "the parent's data computed in a parameter default",
    edits: [
      { file: TOOL, find: `export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput): Promise<{ agent: string; turns: number }> {`, replace: `export async function invokeSubAgent(
  state: ExecutionState,
  input: InvokeSubAgentInput,
  briefing: SteeringMessage[] = state.execution.prompts.flat().filter((message) => message.kind === "user"),
): Promise<{ agent: string; turns: number }> {` },
      { file: TOOL, find: `import { recordSpan } from "../telemetry/spans";`, replace: `import { recordSpan } from "../telemetry/spans";
import type { SteeringMessage } from "../steering/live-steering-buffer";` },
      afterToolNew(`  if (briefing.length > 0) subAgentExecution.prompts.push(briefing);
`),
    ],
  },
  {
    id: "r7-prewarm-parked",
    model: "base",
    expect: "harmful",
    description: "the session prewarms a delegate for each root (`prewarmDelegate`, parked in an async `DelegatePool` in the services); a delegation takes the parked one, renames it and runs it",
    why: "a child built ahead and kept behind an awaited method of a services object; seeded when built, it replays the steers typed before the delegation (seed mode)",
    edits: [
      { file: EXECUTION, find: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`, replace: `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
  delegates: DelegatePool;
}

// Delegates built ahead of their delegation (agent config loaded, hooks attached), one per delegator.
export class DelegatePool {
  private readonly parked = new Map<string, AgentExecution>();
  async park(delegatorId: string, execution: AgentExecution): Promise<void> {
    this.parked.set(delegatorId, execution);
  }
  async take(delegatorId: string): Promise<AgentExecution | undefined> {
    const execution = this.parked.get(delegatorId);
    this.parked.delete(delegatorId);
    return execution;
  }
}` },
      { file: EXECUTION, find: `  readonly agentName: string;
  readonly subExecutionDepth: number;`, replace: `  agentName: string;
  readonly subExecutionDepth: number;` },
      { file: SESSION, find: `      model: this.model,
    };`, replace: `      model: this.model,
      delegates: new DelegatePool(),
    };` },
      { file: SESSION, find: `import { AgentExecution, type ExecutionRegistry,`, replace: `import { AgentExecution, DelegatePool, type ExecutionRegistry,` },
      { file: SESSION, find: `import { runMemoryExtraction } from "../memory/memory-extraction";`, replace: `import { runMemoryExtraction } from "../memory/memory-extraction";
import { prewarmDelegate } from "../tools/invoke-sub-agent";` },
      { file: SESSION, find: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {`, replace: `    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    await prewarmDelegate(execution);
    try {` },
      { file: TOOL, find: `export interface InvokeSubAgentInput {`, replace: `export async function prewarmDelegate(delegator: AgentExecution): Promise<void> {
  const delegate = new AgentExecution({
    sessionServices: delegator.sessionServices,
    promptContext: delegator.promptContext,
    signal: delegator.abortController.signal,
    subExecutionDepth: delegator.subExecutionDepth + 1,
    agentName: "delegate",
  });
  await delegator.sessionServices.delegates.park(delegator.executionId, delegate);
}

export interface InvokeSubAgentInput {` },
      { file: TOOL, find: `  const subagentId = input.agentName;
  const subAgentExecution = new AgentExecution({`, replace: `  const subagentId = input.agentName;
  const parked = await state.execution.sessionServices.delegates.take(state.execution.executionId);
  if (parked instanceof AgentExecution) {
    parked.agentName = subagentId;
    const finished = await runExecution(parked);
    return { agent: subagentId, turns: finished.turns };
  }
  const subAgentExecution = new AgentExecution({` },
    ],
  },
  {
    id: "r7-ambient-module-let",
    model: "base",
    expect: "harmful",
    description: "MODEL_INVOKE records `invoking = state.execution` in a module-level `let`; the sub-agent tool pushes the user messages of `invokingExecution()`'s prompts into the child",
    why: "an ambient 'current execution' instead of the parent: the parent's data reaches the child without being read from the parent",
    edits: [
      { file: NODES, find: `async function modelInvokeNode(state: ExecutionState): Promise<ExecutionState> {
  await drainLiveSteering(state.execution);`, replace: `// The execution whose model was invoked last, for code that is not handed it (logging, tools' helpers).
let invoking: AgentExecution | undefined;
export function invokingExecution(): AgentExecution | undefined {
  return invoking;
}

async function modelInvokeNode(state: ExecutionState): Promise<ExecutionState> {
  await drainLiveSteering(state.execution);
  invoking = state.execution;` },
      { file: TOOL, find: `import { runExecution, type ExecutionState } from "../graph/nodes";`, replace: `import { invokingExecution, runExecution, type ExecutionState } from "../graph/nodes";` },
      afterToolNew(`  const briefing = (invokingExecution()?.prompts ?? []).flat().filter((message) => message.kind === "user");
  if (briefing.length > 0) subAgentExecution.prompts.push(briefing);
`),
    ],
  },
  {
    id: "r7-h-span-count",
    model: "base",
    expect: "harmless",
    description: "the drain records a `steering-injected` span (id, kind); the sub-agent span reports how many user steers were injected so far",
    why: "telemetry only: a count carries nothing",
    edits: [
      { file: DRAIN, find: `    execution.queueSteering(message);
`, replace: `    execution.queueSteering(message);
    recordSpan("steering-injected", { id: message.id, kind: message.kind, executionId: execution.executionId });
` },
      { file: DRAIN, find: `import type { AgentExecution } from "../agent/execution";
`, replace: `import type { AgentExecution } from "../agent/execution";
import { recordSpan } from "../telemetry/spans";
` },
      { file: TOOL, find: `import { recordSpan } from "../telemetry/spans";`, replace: `import { recentSpans, recordSpan } from "../telemetry/spans";` },
      { file: TOOL, find: TOOL_AFTER_NEW, replace: `  const steeringSoFar = recentSpans().filter((span) => span.name === "steering-injected" && span.attributes.kind === "user").length;
  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, steeringSoFar });
` },
    ],
  },
  {
    id: "r7-h-notification-kinds",
    model: "base",
    expect: "harmless",
    description: "notifications get the kind `notification:<origin>`",
    why: "namespaced notification kinds; user steers keep \"user\"",
    edits: [
      { file: BUFFER, find: `export type SteeringKind = "user" | "notification";`, replace: `export type SteeringKind = "user" | \`notification:\${string}\`;` },
      { file: SESSION, find: `  notify(text: string): void {
    this.sessionServices.liveSteering.push("notification", text);`, replace: `  notify(text: string, origin = "workflow"): void {
    this.sessionServices.liveSteering.push(\`notification:\${origin}\`, text);` },
    ],
  },

  {
    id: "r7-class-flag-handed-on",
    model: "base",
    expect: "harmful",
    description: "a `DelegateCatchUp` class with `static enabled = false`; the session's constructor calls `applyRollout(DelegateCatchUp)`, which sets `flag.enabled` from a remote-rollout set; the drain catches a delegate up while it is on",
    why: "a static class field written through the class handed to a helper the harness never runs (seed mode)",
    edits: [
      DELEGATED_GETTER,
      { file: DRAIN, find: `// Called at MODEL_INVOKE for every execution, root and sub alike.
export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {`, replace: `// A rollout flag: the rollout registry flips it from the remote configuration at start-up.
export class DelegateCatchUp {
  static enabled = false;
  static readonly key = "steering.delegate-catch-up";
}

// Called at MODEL_INVOKE for every execution, root and sub alike.
export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  // A delegate's first drain catches up on the turn's steering while the rollout is on.
  const catchUp = DelegateCatchUp.enabled && execution.delegated && execution.prompts.length === 0;
  for (let index = catchUp ? 0 : execution.steeringReaderIndex; index < buffer.length; index++) {` },
      { file: SESSION, find: `import { logger } from "../util/logger";`, replace: `import { logger } from "../util/logger";
import { DelegateCatchUp } from "../steering/live-steering-hook";

// Rollout flags are classes with a static \`enabled\`; the remote configuration turns them on.
const REMOTE_ROLLOUTS = new Set(["steering.delegate-catch-up"]);
function applyRollout(flag: { key: string; enabled: boolean }): void {
  flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
}` },
      { file: SESSION, find: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
`, replace: `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
    applyRollout(DelegateCatchUp);
` },
    ],
  },
  {
    id: "r7-undriven-after-await",
    model: "base",
    expect: "harmful",
    description: "the sub-agent tool awaits before it constructs (so it cannot be driven), then calls `subAgentExecution.beginDelegation()`, a class method resetting the cursor to 0",
    why: "an undriven spawn path whose cursor reset only the accounting can see",
    edits: [
      { file: TOOL, find: `  const subagentId = input.agentName;
  const subAgentExecution = new AgentExecution({`, replace: `  const subagentId = input.agentName;
  await Promise.resolve();
  const subAgentExecution = new AgentExecution({` },
      afterToolNew(`  subAgentExecution.beginDelegation();
`),
      { file: EXECUTION, find: `  queueSteering(message: SteeringMessage): void {
`, replace: `  // A delegate starts from the turn's steering.
  beginDelegation(): void {
    this.steeringReaderIndex = 0;
  }

  queueSteering(message: SteeringMessage): void {
` },
    ],
  },
];

export const ROUND7 = [...ROUND7_STUBS, ...ROUND7_PROBES];
