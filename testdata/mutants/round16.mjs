// Round 16: a red team's mutants against the rule "what the closed world accepts
// because the proof runs it must have run" (docs/PROOF.md, 6e2fb6b) and its
// neighbours. Each is exact find/replace edits of the base model (../model/src).
//
// The rule probes the buffer's slot and the locals bound to it, and the object of
// each cursor write, in the drain, the end-of-turn check and the length check; one
// no case ran opens the proof. Every harmful mutant below keeps all of those on
// paths every case runs, and puts what replays somewhere the rule does not look:
// a loop-start local, a snapshot local, a helper the drain calls, the execution
// class's other methods (constructor, take, setter, length check), behind a
// decision the harness's own data never takes (not a stub: the stub pass never
// turns it): the steer's wording, an agent profile, graph state only the MODEL_INVOKE
// node writes, a module counter bumped after the hand-off, a parameter default.

const TOOL = "src/tools/invoke-sub-agent.ts";
const MEMORY = "src/memory/memory-extraction.ts";
const EXECUTION = "src/agent/execution.ts";
const DRAIN = "src/steering/live-steering-hook.ts";
const NODES = "src/graph/nodes.ts";
const SESSION = "src/session/session.ts";
const SCRIPT = "src/model/scripted-model.ts";

// ---- snippets exactly as in the base model ----
const DRAIN_IMPORT = `import type { AgentExecution } from "../agent/execution";\n`;
const DRAIN_HEAD = `  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
`;
const DRAIN_LOOP_HEAD = `  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
`;
const CTOR_SKIP = `    this.skipHooks = config.skipHooks ?? false;
`;
const CTOR_REGISTER = `    this.sessionServices.registry.register(this);
  }
`;
const FIELD_SKIP = `  readonly skipHooks: boolean;
`;
const CONFIG_SKIP = `  skipHooks?: boolean;
}
`;
const SEQ = `let executionSequence = 0;\n`;
const SUB_AGENT_NAME = `    agentName: subagentId,
  });
`;
const SUB_RUN = `  const result = await runExecution(subAgentExecution);
`;
const TOOL_DEPTH = `export const MAX_SUB_AGENT_DEPTH = 4;\n`;
const MEMORY_SKIP = `    skipHooks: true,
  });
`;
const MEMORY_IMPORT = `import { AgentExecution, type PromptContext } from "../agent/execution";\n`;
const MEMORY_SIG = `export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {\n`;
const HAS_QUEUED = `  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
`;
const TAKE = `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
`;
const QUEUE = `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
  }
`;
const SETTER = `  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }
`;
const STANDING = `const STANDING_INSTRUCTION = /^(use|keep|remember|always|never|do not|my name|call me)\\b/i;\n`;

// A config flag the execution keeps: `briefed` (brief on the turn's steering at start).
const briefedField = (name = "briefed") => [
  { file: EXECUTION, find: CONFIG_SKIP, replace: `  skipHooks?: boolean;\n  // Brief the execution on the turn's steering before its first prompt.\n  ${name}?: boolean;\n}\n` },
  { file: EXECUTION, find: FIELD_SKIP, replace: FIELD_SKIP + `  readonly ${name}: boolean;\n` },
  { file: EXECUTION, find: CTOR_SKIP, replace: CTOR_SKIP + `    this.${name} = config.${name} ?? false;\n` },
];
const subBriefed = (value) => ({ file: TOOL, find: SUB_AGENT_NAME, replace: `    agentName: subagentId,\n    briefed: ${value},\n  });\n` });
const memoryBriefed = (value) => ({ file: MEMORY, find: MEMORY_SKIP, replace: `    skipHooks: true,\n    briefed: ${value},\n  });\n` });
const briefBoth = (value = "true") => [subBriefed(value), memoryBriefed(value)];

// The drain's recap: a top-level helper of the hook module pushes the turn's user
// steers, taken from a snapshot local the drain makes where every case runs, onto
// the execution's prompts as a briefing of their own (outside the drain's loop, so
// neither the seed nor the gate sees it).
const RECAP_HELPER = `
// A briefing prompt of its own: the turn's user steering, ahead of the steering queue.
function briefOnTurn(execution: AgentExecution, turnSteering: SteeringMessage[]): void {
  const briefing = turnSteering.filter(isUserSteer);
  if (briefing.length > 0) execution.prompts.push(briefing);
}
const isUserSteer = (entry: SteeringMessage): boolean => entry.kind === "user";
`;
const drainRecap = (cond, comment, list = "turnSteering", extraTop = "") => [
  { file: DRAIN, find: DRAIN_IMPORT, replace: `import type { AgentExecution } from "../agent/execution";\nimport type { SteeringMessage } from "../steering/live-steering-buffer";\n${extraTop}${RECAP_HELPER}` },
  {
    file: DRAIN,
    find: DRAIN_HEAD,
    replace: `${DRAIN_HEAD}  const turnSteering = buffer.snapshot();
  // ${comment}
  if (${cond}) briefOnTurn(execution, ${list});
`,
  },
];
// The loop's start as a local: a briefed execution re-reads the turn from 0.
const drainStartLocal = (cond, comment, extraTop = "") => [
  ...(extraTop ? [{ file: DRAIN, find: DRAIN_IMPORT, replace: DRAIN_IMPORT + "\n" + extraTop }] : []),
  {
    file: DRAIN,
    find: DRAIN_HEAD + DRAIN_LOOP_HEAD,
    replace: `${DRAIN_HEAD}  let start = execution.steeringReaderIndex;
  // ${comment}
  if (${cond}) start = 0;
  for (let index = start; index < buffer.length; index++) {
`,
  },
];
// A module mirror of the user steering queued into any execution (execution.ts).
const MIRROR = [
  { file: EXECUTION, find: SEQ, replace: SEQ + `// The user steering queued this process, for executions that start briefed.\nconst steeringSeen: SteeringMessage[] = [];\n` + STANDING },
  {
    file: EXECUTION,
    find: QUEUE,
    replace: `  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
    if (message.kind === "user" && !steeringSeen.includes(message)) steeringSeen.push(message);
  }
`,
  },
];
// Agent profiles (the sub-agent tool): the built-in agents that start briefed.
const PROFILES = {
  file: TOOL,
  find: TOOL_DEPTH,
  replace: `${TOOL_DEPTH}
// Built-in agent profiles: a profile that briefs its agent hands it the turn's steering at start.
const AGENT_PROFILES: Record<string, { briefOnStart: boolean }> = {
  explorer: { briefOnStart: true },
  planner: { briefOnStart: true },
  reviewer: { briefOnStart: true },
  fixer: { briefOnStart: true },
  helper: { briefOnStart: true },
  builder: { briefOnStart: true },
  writer: { briefOnStart: true },
  tester: { briefOnStart: true },
  linter: { briefOnStart: true },
  lister: { briefOnStart: true },
  outer: { briefOnStart: true },
  "delegate-fixer": { briefOnStart: true },
  "delegate-reviewer": { briefOnStart: true },
};
`,
};
const PROFILE_BRIEFED = "AGENT_PROFILES[subagentId]?.briefOnStart === true";
// A module counter the sub-agent tool bumps once a delegate has returned (after the hand-off).
const AFTER_HANDOFF = [
  { file: TOOL, find: TOOL_DEPTH, replace: `${TOOL_DEPTH}\n// Delegates that returned in this process: a later one continues their work, briefed.\nlet delegatesReturned = 0;\n` },
  { file: TOOL, find: SUB_RUN, replace: `${SUB_RUN}  delegatesReturned++;\n` },
];
// The MODEL_INVOKE node counts an execution's tool turns on it (code the proof does not run).
const TOOL_TURNS = [
  { file: EXECUTION, find: `  steeringExhausted = false;\n`, replace: `  steeringExhausted = false;\n  toolTurns = 0;\n` },
  { file: NODES, find: `  state.execution.state = state;\n`, replace: `  state.execution.state = state;\n  if (state.lastTurn?.kind === "tool") state.execution.toolTurns++;\n` },
];
const PARENT_STATE_IMPORT = { file: TOOL, find: `import { runExecution, type ExecutionState } from "../graph/nodes";\n`, replace: `import { runExecution, type ExecutionState } from "../graph/nodes";\n` };
const SUB_PARENT_STATE = "((state.execution.state as ExecutionState | undefined)?.turns ?? 0) > 0";
const MEMORY_PARENT_STATE = "((execution.state as ExecutionState | undefined)?.turns ?? 0) > 0";
const MEMORY_STATE_IMPORT = { file: MEMORY, find: MEMORY_IMPORT, replace: MEMORY_IMPORT + `import type { ExecutionState } from "../graph/nodes";\n` };
// Memory extraction takes the turn's option; the session passes it, the default is off.
const MEMORY_OPTION = [
  { file: MEMORY, find: MEMORY_SIG, replace: `export async function runMemoryExtraction(execution: AgentExecution, options: boolean | { script?: unknown } = false): Promise<void> {\n` },
  { file: SESSION, find: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);\n`, replace: `    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution, request.memoryExtraction);\n` },
];
const WORDING = "turnSteering.filter((m) => STANDING_INSTRUCTION.test(m.text))";
const FIRST = "execution.prompts.length === 0";

const HARMFUL = [
  // ---- decisions on the harness's own data: the steer's wording ----
  {
    id: "r16-drain-recap-standing-wording",
    description: "both spawn sites pass `briefed: true`; on a briefed execution's first prompt the drain hands a helper (`briefOnTurn`) the turn's steers that read as standing instructions (`/^(use|keep|remember|always|never|do not|my name|call me)\\b/i` on a snapshot local made where every case runs); the helper pushes the user steers among them onto `execution.prompts` as a briefing prompt",
    why: "standing instructions (\"use tabs\", \"call me Ana\") are what a delegate must honour; the wording test decides on the harness's own texts, not on a stub, so no variant of the stub pass turns it, and the branch uses neither the slot nor the buffer's local",
    edits: [...briefedField(), ...briefBoth(), ...drainRecap(`execution.briefed && ${FIRST}`, "Standing instructions given this turn carry over to a briefed execution.", WORDING, STANDING)],
  },
  {
    id: "r16-drain-start-local-wording",
    description: "both spawn sites pass `briefed: true`; the drain starts a briefed execution's first read at 0 (a local `start`, not the cursor) when a snapshot of the buffer holds a standing instruction (wording test); the cursor is written only in the loop, which runs",
    why: "a re-read written as the loop's start local rather than a cursor write; the branch that sets it decides on message wording",
    edits: [...briefedField(), ...briefBoth(), ...drainStartLocal(`execution.briefed && ${FIRST} && buffer.snapshot().some((m) => STANDING_INSTRUCTION.test(m.text))`, "A briefed execution re-reads the turn when the user gave a standing instruction.", STANDING)],
  },
  {
    id: "r16-length-check-recap-wording",
    description: "both spawn sites pass `briefed: true`; the execution's own length check (`hasQueuedUserMessage`), for a briefed execution at its first end-of-turn check, queues into itself (a private method) the turn's handled user steers that read as standing instructions, from a snapshot of the slot it already reads",
    why: "a delegate about to end re-reads the user's standing instructions so its answer honours them: code in the execution class, outside the drain, where deliveries are accepted; the slot read runs, the queueing does not",
    edits: [
      ...briefedField(),
      ...briefBoth(),
      { file: EXECUTION, find: SEQ, replace: SEQ + STANDING },
      {
        file: EXECUTION,
        find: HAS_QUEUED,
        replace: `  private recapStanding(turnSteering: SteeringMessage[]): void {
    for (const message of turnSteering) {
      if (message.kind === "user" && STANDING_INSTRUCTION.test(message.text) && message.handlers.size > 0 && !message.handlers.has(this.executionId)) this.queueSteering(message);
    }
  }

  hasQueuedUserMessage(): boolean {
    const turnSteering = this.sessionServices.liveSteering.snapshot();
    if (this.briefed && this.drainRetryCount === 0) this.recapStanding(turnSteering);
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
`,
      },
    ],
  },
  {
    id: "r16-constructor-mirror-wording",
    description: "`queueSteering` also records each user message in a module list `steeringSeen`; the constructor of a briefed execution (both spawn sites pass `briefed: true`) queues into itself the recorded messages that read as standing instructions",
    why: "the briefing moved into the constructor, fed from a module mirror the execution class keeps; the mirror's writes run in every case, the constructor's branch decides on wording, and no slot, buffer local or cursor write is involved",
    edits: [
      ...briefedField(),
      ...briefBoth(),
      ...MIRROR,
      { file: EXECUTION, find: CTOR_REGISTER, replace: `    this.sessionServices.registry.register(this);\n    // A briefed execution starts with the standing instructions the user gave so far.\n    if (this.briefed) for (const message of steeringSeen) if (STANDING_INSTRUCTION.test(message.text)) this.queueSteering(message);\n  }\n` },
    ],
  },
  {
    id: "r16-take-mirror-wording",
    description: "`queueSteering` records each user message in a module list; a briefed execution's first take (`takeQueuedSteering`, both spawn sites pass `briefed: true`) puts the recorded standing instructions at the head of the prompt",
    why: "the briefing at the model invocation, the take the proof calibrates: its branch decides on wording, so the calibrated take never runs it",
    edits: [
      ...briefedField(),
      ...briefBoth(),
      ...MIRROR,
      { file: EXECUTION, find: TAKE, replace: `${TAKE}    if (this.briefed && this.prompts.length === 0) taken.unshift(...steeringSeen.filter((m) => !taken.includes(m) && STANDING_INSTRUCTION.test(m.text)));\n` },
    ],
  },
  // ---- decisions on the harness's own data: the agent's name ----
  {
    id: "r16-profile-drain-recap",
    description: "the sub-agent tool passes `briefed` from a table of built-in agent profiles (`AGENT_PROFILES[subagentId]?.briefOnStart === true`); the drain's helper pushes the turn's user steering (from a snapshot local) onto a briefed execution's prompts before its first one",
    why: "agent profiles deciding behaviour is ordinary; the harness's agent names are not built-in profiles, so the recap never runs in the proof",
    edits: [...briefedField(), PROFILES, subBriefed(PROFILE_BRIEFED), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-profile-start-local",
    description: "as `r16-profile-drain-recap`, the drain re-reading a briefed execution's first drain from 0 through its loop-start local",
    why: "profile-driven catch-up written as a re-read; the write is to a local, the cursor is only written in the loop",
    edits: [...briefedField(), PROFILES, subBriefed(PROFILE_BRIEFED), ...drainStartLocal(`execution.briefed && ${FIRST}`, "A briefed execution reads the turn from its start.")],
  },
  {
    id: "r16-profile-prompts-direct",
    description: "profile-briefed sub-agents: the drain pushes the turn's user steering of the current epoch, written inline, as a prompt of its own straight onto `execution.prompts` (not the queue)",
    why: "a briefing prompt kept apart from the steering queue; the drain's branch decides on a profile flag the harness's agents never carry",
    edits: [
      ...briefedField(),
      PROFILES,
      subBriefed(PROFILE_BRIEFED),
      {
        file: DRAIN,
        find: DRAIN_HEAD,
        replace: `${DRAIN_HEAD}  const turnSteering = buffer.snapshot();
  // A briefed execution's first prompt is the user's steering of this turn.
  if (execution.briefed && ${FIRST}) {
    const briefing = turnSteering.filter((entry) => entry.kind === "user" && entry.epoch === buffer.epoch);
    if (briefing.length > 0) execution.prompts.push(briefing);
  }
`,
      },
    ],
  },
  {
    id: "r16-profile-take-mirror",
    description: "profile-briefed sub-agents: `queueSteering` records user messages in a module list, and a briefed execution's first take prepends them",
    why: "the agent's profile decides, in the execution class's take",
    edits: [
      ...briefedField(),
      PROFILES,
      subBriefed(PROFILE_BRIEFED),
      ...MIRROR,
      { file: EXECUTION, find: TAKE, replace: `${TAKE}    if (this.briefed && this.prompts.length === 0) taken.unshift(...steeringSeen.filter((m) => !taken.includes(m)));\n` },
    ],
  },
  // ---- the parent's graph state, written by the MODEL_INVOKE node the proof does not run ----
  {
    id: "r16-memory-brief-parent-state",
    description: "memory extraction passes `briefed: ((execution.state)?.turns ?? 0) > 0` (its parent has a recorded graph state); the drain's helper pushes the turn's user steering (from a snapshot local) onto a briefed execution's prompts before its first one",
    why: "memory extraction wanting the user's corrections of this turn is plausible; `execution.state` is written by the MODEL_INVOKE node (`state.execution.state = state`), code the proof does not run, so the proof's parent never has it",
    edits: [...briefedField(), MEMORY_STATE_IMPORT, memoryBriefed(MEMORY_PARENT_STATE), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-sub-brief-parent-state",
    description: "the sub-agent tool passes `briefed` when the parent execution has a recorded graph state with turns (`state.execution.state`); the drain's helper recaps",
    why: "a delegate spawned by a parent that has already run a model turn is briefed; the proof's parent is built by the harness and never went through MODEL_INVOKE",
    edits: [...briefedField(), subBriefed(SUB_PARENT_STATE), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-sub-parent-state-start-local",
    description: "as `r16-sub-brief-parent-state`, the drain re-reading from 0 through its loop-start local",
    why: "the parent's graph state decides a re-read",
    edits: [...briefedField(), subBriefed(SUB_PARENT_STATE), ...drainStartLocal(`execution.briefed && ${FIRST}`, "A briefed execution reads the turn from its start.")],
  },
  {
    id: "r16-tool-turns-drain-recap",
    description: "the execution gains a `toolTurns` counter that the MODEL_INVOKE node bumps on the execution (`state.execution.toolTurns++`); both spawn sites pass `briefed` when their parent has taken a tool turn; the drain's helper recaps",
    why: "a counter the graph node keeps on the execution is written outside the class, on `state.execution`, code the proof never runs; the spawn sites read it on the parent",
    edits: [...briefedField(), ...TOOL_TURNS, subBriefed("state.execution.toolTurns > 0"), memoryBriefed("execution.toolTurns > 0"), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-parent-state-setter-clamp",
    description: "both spawn sites pass `briefed` from the parent's graph state; the execution's setter keeps a briefed execution's cursor at 0 (`this.steeringReaderIndex = this.briefed ? 0 : index`)",
    why: "a briefed execution reads its turn from the start, whoever sets its cursor; the setter (only the root continuation calls it in the bundle) is where the seed goes",
    edits: [
      ...briefedField(),
      MEMORY_STATE_IMPORT,
      subBriefed(SUB_PARENT_STATE),
      memoryBriefed(MEMORY_PARENT_STATE),
      { file: EXECUTION, find: SETTER, replace: `  setSteeringReaderIndex(index: number): void {\n    // A briefed execution reads its turn from the start.\n    this.steeringReaderIndex = this.briefed ? 0 : index;\n  }\n` },
    ],
  },
  // ---- code after the hand-off: the spawn function ran, that statement did not ----
  {
    id: "r16-after-handoff-drain-recap",
    description: "the sub-agent tool bumps a module counter `delegatesReturned` after the delegate's run returns, and passes `briefed: delegatesReturned > 0` to later delegates; the drain's helper recaps",
    why: "a later delegate continues the earlier ones' work, briefed; the proof drives the spawn function only up to the hand-off, so the counter is 0 in every case, and the function that writes it was entered",
    edits: [...briefedField(), ...AFTER_HANDOFF, subBriefed("delegatesReturned > 0"), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-after-handoff-start-local",
    description: "as `r16-after-handoff-drain-recap`, the drain re-reading from 0 through its loop-start local",
    why: "the counter after the hand-off decides a re-read",
    edits: [...briefedField(), ...AFTER_HANDOFF, subBriefed("delegatesReturned > 0"), ...drainStartLocal(`execution.briefed && ${FIRST}`, "A briefed execution reads the turn from its start.")],
  },
  {
    id: "r16-after-handoff-length-check",
    description: "as `r16-after-handoff-drain-recap`, the recap done in the execution's length check (a private method queueing the handled user steers of a snapshot) at a briefed execution's first end-of-turn check",
    why: "the counter after the hand-off decides, in the execution class",
    edits: [
      ...briefedField(),
      ...AFTER_HANDOFF,
      subBriefed("delegatesReturned > 0"),
      {
        file: EXECUTION,
        find: HAS_QUEUED,
        replace: `  private recapTurn(turnSteering: SteeringMessage[]): void {
    for (const message of turnSteering) {
      if (message.kind === "user" && message.handlers.size > 0 && !message.handlers.has(this.executionId)) this.queueSteering(message);
    }
  }

  hasQueuedUserMessage(): boolean {
    const turnSteering = this.sessionServices.liveSteering.snapshot();
    if (this.briefed && this.drainRetryCount === 0) this.recapTurn(turnSteering);
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
`,
      },
    ],
  },
  // ---- a parameter the real caller fills and the proof leaves to its default ----
  {
    id: "r16-memory-option-default",
    description: "`runMemoryExtraction(execution, options = false)`: the session passes the turn's `memoryExtraction` option; memory extraction passes `briefed: options !== false`; the drain's helper recaps",
    why: "the memory pass taking the turn's option is ordinary; the proof leaves a defaulted parameter to its default, which the bundle's only caller never uses",
    edits: [...briefedField(), ...MEMORY_OPTION, memoryBriefed("options !== false"), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-memory-option-ctor-mirror",
    description: "as `r16-memory-option-default`, the briefing done by the constructor from a module mirror `queueSteering` keeps",
    why: "the defaulted option decides, in the execution class's constructor",
    edits: [
      ...briefedField(),
      ...MEMORY_OPTION,
      memoryBriefed("options !== false"),
      ...MIRROR,
      { file: EXECUTION, find: CTOR_REGISTER, replace: `    this.sessionServices.registry.register(this);\n    // A briefed execution starts with the user steering given so far.\n    if (this.briefed) for (const message of steeringSeen) this.queueSteering(message);\n  }\n` },
    ],
  },
  {
    id: "r16-tool-input-brief",
    description: "the model's invoke-sub-agent input carries `brief: \"turn\"` (scripted model); the tool passes `briefed: input.brief === \"turn\"`; the drain's helper recaps",
    why: "the model asking for a briefed delegate is a tool argument; the proof's tool input is the harness's, which carries no such key",
    edits: [
      ...briefedField(),
      { file: TOOL, find: `  prompt?: string;\n`, replace: `  prompt?: string;\n  // "turn": brief the delegate on the turn's steering.\n  brief?: string;\n` },
      { file: SCRIPT, find: `    return { kind: "tool", name: "invoke-sub-agent", input: { agentName: action.subAgent.agent } };\n`, replace: `    return { kind: "tool", name: "invoke-sub-agent", input: { agentName: action.subAgent.agent, brief: "turn" } };\n` },
      subBriefed(`input.brief === "turn"`),
      ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn."),
    ],
  },
  // ---- controls: the same recap with the switch visibly on (the proof runs it) ----
  {
    id: "r16-ctl-recap-briefed-always",
    description: "control: both spawn sites pass `briefed: true`; the drain's helper pushes all the turn's user steering onto a briefed execution's prompts before its first one",
    why: "the premise of the recap mutants: with the branch on in every case, the proof must see the replay and refuse",
    edits: [...briefedField(), ...briefBoth(), ...drainRecap(`execution.briefed && ${FIRST}`, "A briefed execution starts with what the user asked for this turn.")],
  },
  {
    id: "r16-ctl-start-local-always",
    description: "control: both spawn sites pass `briefed: true`; the drain re-reads a briefed execution's first drain from 0 through its loop-start local",
    why: "the premise of the loop-start mutants: with the branch on in every case, the proof must refuse",
    edits: [...briefedField(), ...briefBoth(), ...drainStartLocal(`execution.briefed && ${FIRST}`, "A briefed execution reads the turn from its start.")],
  },
];

const HARMLESS = [
  {
    id: "r16-h-wording-log-only",
    description: "the drain counts the standing instructions in a snapshot of the buffer (wording test) and logs the count at debug level on an execution's first prompt",
    why: "a decision on the harness's own data that only chooses a log line: nothing is delivered",
    edits: [
      { file: DRAIN, find: DRAIN_IMPORT, replace: DRAIN_IMPORT + "\n" + STANDING },
      { file: DRAIN, find: DRAIN_HEAD, replace: `${DRAIN_HEAD}  const standing = buffer.snapshot().filter((m) => STANDING_INSTRUCTION.test(m.text)).length;\n  if (${FIRST} && standing > 0) execution.sessionServices.logger.debug(\`[LiveSteeringHook] \${standing} standing instruction(s) this turn\`);\n` },
    ],
  },
  {
    id: "r16-h-after-handoff-span",
    description: "the sub-agent tool bumps a module counter after a delegate returns and records it in the sub-agent span's attributes",
    why: "code after the hand-off that only feeds telemetry",
    edits: [
      ...AFTER_HANDOFF,
      { file: TOOL, find: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });\n`, replace: `  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1, delegatesReturned });\n` },
    ],
  },
  {
    id: "r16-h-parent-state-log-label",
    description: "memory extraction passes `briefed` from its parent's graph state; the drain uses it only to label its delivery log line",
    why: "a flag the proof never sees set that chooses only a log label",
    edits: [
      ...briefedField(),
      MEMORY_STATE_IMPORT,
      memoryBriefed(MEMORY_PARENT_STATE),
      { file: DRAIN, find: "into ${execution.agentName} (", replace: "into ${execution.agentName}${execution.briefed ? \"\" : \"\"} (" },
    ],
  },
  {
    id: "r16-h-profile-depth-limit",
    description: "the sub-agent tool's agent profiles choose no briefing: a profile only raises the depth limit for its agent",
    why: "an agent-profile table that decides nothing about steering",
    edits: [
      PROFILES,
      { file: TOOL, find: `  if (currentDepth >= MAX_SUB_AGENT_DEPTH) throw`, replace: `  if (currentDepth >= MAX_SUB_AGENT_DEPTH + (AGENT_PROFILES[input.agentName]?.briefOnStart ? 1 : 0)) throw` },
    ],
  },
  {
    id: "r16-h-mirror-debug-count",
    description: "`queueSteering` records each user message in a module list; the take logs how many it holds (nothing is delivered from it)",
    why: "a module mirror read only for a count",
    edits: [
      ...MIRROR,
      { file: EXECUTION, find: TAKE, replace: `${TAKE}    if (steeringSeen.length > 1000) steeringSeen.splice(0, steeringSeen.length - 1000);\n` },
    ],
  },
];

export const ROUND16 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
