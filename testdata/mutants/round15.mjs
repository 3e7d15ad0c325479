// Round 15 (round15.mjs): a red team against the rules of 64f10bf and 04b34c1:
// (1) a write of a top-level name inside the slices whose function no case ran
// opens the proof when a read of that name ran; (2) a class or function handed
// to a call may have its members set, unless the callee is esbuild's `__name`
// (one `Object.defineProperty(first, "name", {value, configurable: true})`);
// (3) stubs keep what is written to them; (4) decisions on stubs are explored
// further (nested flags repeated, numbers 1/0/2, constant-named cases, the last
// operand of `&&`/`||`, names handed to a call decided on).
// Every harmful mutant hands a sub-execution (a sub-agent or a memory
// extraction) the turn's user steering through a switch whose real value the
// proof does not run: the drain's "delegate recap" (a delegate's first drain
// opens with the buffer's user steering, pushed into its prompt before the
// delivering loop, so neither the seed nor the gate stops it), or a delegate's
// first take prepending the steering a root's take kept in the shared prompt
// context. Plus harmless neighbours that must prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND15 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND15-VERDICTS.md.

const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";
const HOOK = "src/steering/live-steering-hook.ts";
const LOGGER = "src/util/logger.ts";

// ---- shared snippets (exactly as in ../model/src) ----
const HOOK_IMPORT = `import type { AgentExecution } from "../agent/execution";
`;
const hookImportValue = (names = "AgentExecution") => ({ file: HOOK, find: HOOK_IMPORT, replace: `import { ${names} } from "../agent/execution";
` });
const hookTop = (code, importLine = HOOK_IMPORT) => ({ file: HOOK, find: "// Called at MODEL_INVOKE for every execution, root and sub alike.\n", replace: `${code}
// Called at MODEL_INVOKE for every execution, root and sub alike.
` });
const DRAIN_GUARD = `  if (!buffer) return;
`;
const afterDrainGuard = (code) => ({ file: HOOK, find: DRAIN_GUARD, replace: DRAIN_GUARD + code });
// The delegate recap: on a delegate's first drain, the turn's user steering so far opens its prompt.
const RECAP_BODY = `    execution.prompts.push(buffer.snapshot().filter((m) => m.kind === "user"));
`;
// The execution class answers whether it is a delegate (a getter, so the drain need not spell the depth).
const DELEGATED_GETTER = {
  file: "src/agent/execution.ts",
  find: `  setSteeringReaderIndex(index: number): void {
`,
  replace: `  // A delegate (sub-agent or internal pass) rather than a top-level execution.
  get delegated(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
`,
};
const recapOnly = (pre, cond) => afterDrainGuard(`${pre}  // Rollout: a delegate's first drain opens with what the user asked for this turn.
  if (${cond} && execution.delegated && execution.prompts.length === 0) {
${RECAP_BODY}  }
`);
// The recap and the getter it needs (the getter goes before setSteeringReaderIndex, after any classMember).
const recap = (pre, cond) => [recapOnly(pre, cond), DELEGATED_GETTER];

const EXEC_SEQUENCE = `let executionSequence = 0;
`;
const execTop = (code) => ({ file: EXECUTION, find: EXEC_SEQUENCE, replace: `${EXEC_SEQUENCE}
${code}` });
const CLASS_METHOD_SLOT = `  queueSteering(message: SteeringMessage): void {
`;
const classMember = (code) => ({ file: EXECUTION, find: CLASS_METHOD_SLOT, replace: `${code}
${CLASS_METHOD_SLOT}` });

const SESSION_CTOR = `  constructor(readonly sessionId: string, private readonly promptContext: PromptContext) {
`;
const atSessionStart = (code) => ({ file: SESSION, find: SESSION_CTOR, replace: SESSION_CTOR + code });
const SESSION_IMPORT_LAST = `import { logger } from "../util/logger";
`;
const sessionTop = (code) => ({ file: SESSION, find: SESSION_IMPORT_LAST, replace: `${SESSION_IMPORT_LAST}${code}` });

// Steering settings read once from the environment, in the logger's module (a
// module-level instance: an effectful initialiser the proof leaves a stub).
const settingsClass = (fields) => ({
  file: LOGGER,
  find: `export const logger = new Logger("kas");
`,
  replace: `export const logger = new Logger("kas");

// Steering settings, read once from the environment.
export class SteeringSettings {
${fields.map(([name, type]) => `  readonly ${name}: ${type};`).join("\n")}
  constructor(env: Record<string, string | undefined>) {
${fields.map(([name, , init]) => `    this.${name} = ${init};`).join("\n")}
  }
}

export const steeringSettings = new SteeringSettings(process.env);
`,
});
const HOOK_SETTINGS = { file: HOOK, find: HOOK_IMPORT, replace: `${HOOK_IMPORT}import { steeringSettings } from "../util/logger";
` };

// The take (the model node moves the queue into the prompt).
const TAKE = `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    return taken;
  }`;
const take = (body) => ({ file: EXECUTION, find: TAKE, replace: `  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
${body}    this.prompts.push(taken);
    return taken;
  }` });
const CONTEXT_IFACE = `export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}`;
const contextField = (decl) => ({ file: EXECUTION, find: CONTEXT_IFACE, replace: CONTEXT_IFACE.replace("\n}", `\n  ${decl}\n}`) });

// A rollout flag class read by the drain (static `enabled`, off until the remote configuration turns it on).
const FLAG_CLASS = `// A rollout flag: the rollout registry turns it on from the remote configuration at start-up.
export class DelegateRecap {
  static enabled = false;
  static readonly key = "steering.delegate-recap";
}
`;
const FLAG_RECAP = recap("", "DelegateRecap.enabled");
const sessionImportsFlag = (extra = "") => sessionTop(`import { DelegateRecap } from "../steering/live-steering-hook";
${extra}`);
// esbuild's keep-names helper, spelled as esbuild spells it.
const ESBUILD_NAME = `const __defProp = Object.defineProperty;
const __name = <T,>(target: T, value: string): T => __defProp(target, "name", { value, configurable: true });
`;
const REMOTE = `// Rollouts the remote configuration turns on.
const REMOTE_ROLLOUTS = new Set(["steering.delegate-recap"]);
`;

const HARMFUL = [
  // ---- rule 1: writes in the slices that no case ran ----
  {
    id: "r15-static-this-flag",
    description: "the execution class gains `static delegateRecap = false` and `static enableDelegateRecap(on) { this.delegateRecap = on; }`; the drain recaps a delegate's first drain while `AgentExecution.delegateRecap`; the session's constructor calls `AgentExecution.enableDelegateRecap(process.env.KIRO_DELEGATE_RECAP !== \"0\")`",
    why: "a static setter written the ordinary way, through `this`: the write names no top-level binding (`this` is the class), so the unrun static method is not a write of the name the drain reads",
    edits: [
      classMember(`  // Rollout of the delegate recap (set once at start-up).
  static delegateRecap = false;
  static enableDelegateRecap(on: boolean): void {
    this.delegateRecap = on;
  }
`),
      hookImportValue(),
      ...recap("", "AgentExecution.delegateRecap"),
      atSessionStart(`    AgentExecution.enableDelegateRecap(process.env.KIRO_DELEGATE_RECAP !== "0");
`),
    ],
  },
  {
    id: "r15-static-writes-through-accessor",
    description: "the execution module keeps `const steeringRollout = { delegateRecap: false }` behind an accessor `currentSteeringRollout()`; a static `configureSteering(options)` sets `currentSteeringRollout().delegateRecap`; the drain recaps while `currentSteeringRollout().delegateRecap`; the session's constructor configures it from the environment",
    why: "the write's target is a call's result, not a top-level name: no `X.k = v` of a binding, though the object is the one the drain reads",
    edits: [
      execTop(`// Rollout switches of live steering, set once at start-up.
const steeringRollout = { delegateRecap: false };
export function currentSteeringRollout(): { delegateRecap: boolean } {
  return steeringRollout;
}
`),
      classMember(`  static configureSteering(options: { delegateRecap: boolean }): void {
    currentSteeringRollout().delegateRecap = options.delegateRecap;
  }
`),
      hookImportValue("currentSteeringRollout, type AgentExecution"),
      ...recap("", "currentSteeringRollout().delegateRecap"),
      atSessionStart(`    AgentExecution.configureSteering({ delegateRecap: process.env.KIRO_DELEGATE_RECAP !== "0" });
`),
    ],
  },
  {
    id: "r15-static-local-alias",
    description: "`export const STEERING_ROLLOUT = { delegateRecap: false }` in the execution module; a static `configureSteering(options)` copies the options' keys through a local alias (`const target = STEERING_ROLLOUT; target[key] = options[key]`); the drain recaps while `STEERING_ROLLOUT.delegateRecap`; the session's constructor configures it",
    why: "the unrun static method writes the top-level value through a local bound to it: the member written is the local's, not the binding's",
    edits: [
      execTop(`// Rollout switches of live steering, set once at start-up.
export const STEERING_ROLLOUT = { delegateRecap: false };
`),
      classMember(`  static configureSteering(options: Partial<typeof STEERING_ROLLOUT>): void {
    const target: Record<string, unknown> = STEERING_ROLLOUT;
    for (const [key, value] of Object.entries(options)) target[key] = value;
  }
`),
      hookImportValue("STEERING_ROLLOUT, type AgentExecution"),
      ...recap("", "STEERING_ROLLOUT.delegateRecap"),
      atSessionStart(`    AgentExecution.configureSteering({ delegateRecap: process.env.KIRO_DELEGATE_RECAP !== "0" });
`),
    ],
  },
  {
    id: "r15-static-calls-literal-method",
    description: "`export const STEERING_ROLLOUT = { delegateRecap: false, enable(key) { this[key] = true; } }`; a static `enableRollouts(keys)` calls `STEERING_ROLLOUT.enable(key)` for each; the drain recaps while `STEERING_ROLLOUT.delegateRecap`; the session's constructor enables the remote rollouts",
    why: "the unrun write is a method call on the top-level value (no member write, not a known mutator), and the method writes through `this`",
    edits: [
      execTop(`// Rollout switches of live steering, set once at start-up.
export const STEERING_ROLLOUT = {
  delegateRecap: false,
  enable(key: "delegateRecap"): void {
    this[key] = true;
  },
};
`),
      classMember(`  static enableRollouts(keys: Iterable<string>): void {
    for (const key of keys) if (key === "delegateRecap") STEERING_ROLLOUT.enable(key);
  }
`),
      hookImportValue("STEERING_ROLLOUT, type AgentExecution"),
      ...recap("", "STEERING_ROLLOUT.delegateRecap"),
      atSessionStart(`    AgentExecution.enableRollouts((process.env.KIRO_ROLLOUTS ?? "delegateRecap").split(","));
`),
    ],
  },
  {
    id: "r15-static-hands-array",
    description: "`export const STEERING_ROLLOUT = { delegateRecap: false }`; a helper `applyRollouts(flags, on)` sets `flag.delegateRecap` on each flag object of an array; a static `configureSteering(on)` calls `applyRollouts([STEERING_ROLLOUT], on)`; the drain recaps while `STEERING_ROLLOUT.delegateRecap`",
    why: "the top-level value is handed on inside an array literal, not as the call's argument itself; the callee writes the element",
    edits: [
      execTop(`// Rollout switches of live steering, set once at start-up.
export const STEERING_ROLLOUT = { delegateRecap: false };
function applyRollouts(flags: { delegateRecap: boolean }[], on: boolean): void {
  for (const flag of flags) flag.delegateRecap = on;
}
`),
      classMember(`  static configureSteering(on: boolean): void {
    applyRollouts([STEERING_ROLLOUT], on);
  }
`),
      hookImportValue("STEERING_ROLLOUT, type AgentExecution"),
      ...recap("", "STEERING_ROLLOUT.delegateRecap"),
      atSessionStart(`    AgentExecution.configureSteering(process.env.KIRO_DELEGATE_RECAP !== "0");
`),
    ],
  },
  {
    id: "r15-untaken-branch-root-name",
    description: "the execution's constructor turns the recap rollout on the first time a top-level `kiro` execution is built (`if (!this.subExecutionDepth && config.agentName === \"kiro\") STEERING_ROLLOUT.delegateRecap = true`); the drain recaps while `STEERING_ROLLOUT.delegateRecap`",
    why: "a write in a branch not taken of a function that ran counts as run; the branch's test is on the harness's own data (its root's agent name), not on a stub, so the stub pass never takes it",
    edits: [
      execTop(`// Rollout switches of live steering; the chat agent's first execution turns the recap on.
export const STEERING_ROLLOUT = { delegateRecap: false };
`),
      { file: EXECUTION, find: `    this.skipHooks = config.skipHooks ?? false;
`, replace: `    this.skipHooks = config.skipHooks ?? false;
    if (!this.subExecutionDepth && config.agentName === "kiro") STEERING_ROLLOUT.delegateRecap = true;
` },
      hookImportValue("STEERING_ROLLOUT, type AgentExecution"),
      ...recap("", "STEERING_ROLLOUT.delegateRecap"),
    ],
  },
  {
    id: "r15-untaken-branch-worded-steer",
    description: "the drain turns the recap rollout on when it delivers a worded user steer (`message.kind === \"user\" && message.text.includes(\" \")`): a sentence is an instruction delegates need too; the recap runs while `STEERING_ROLLOUT.delegateRecap`",
    why: "a write in a branch not taken of a function that ran counts as run; whether the branch runs depends on the message text (real steers are sentences), not on a stub",
    edits: [
      execTop(`// Rollout switches of live steering.
export const STEERING_ROLLOUT = { delegateRecap: false };
`),
      hookImportValue("STEERING_ROLLOUT, type AgentExecution"),
      ...recap("", "STEERING_ROLLOUT.delegateRecap"),
      { file: HOOK, find: `    execution.queueSteering(message);
`, replace: `    execution.queueSteering(message);
    // A worded instruction (not a one-word nudge) is one delegates need too.
    if (message.kind === "user" && message.text.trim().includes(" ")) STEERING_ROLLOUT.delegateRecap = true;
` },
    ],
  },

  // ---- rule 2: a class handed to a call ----
  {
    id: "r15-named-helper-registers",
    description: "the hook module names its flag class with esbuild's helper shape, `const __defProp = Object.defineProperty; const __name = (target, value) => __defProp(target, \"name\", { value: registerFlag(target, value), configurable: true })`; `registerFlag` turns the flag on when the remote configuration lists its key; the drain recaps while `DelegateRecap.enabled`",
    why: "a `__name` look-alike (one defineProperty of `name` with a data descriptor on its first parameter) whose descriptor value is a call that does more than name the class",
    edits: [
      hookTop(`${REMOTE}
// Rollout flags register under their public name, which is also what they are called in dumps.
function registerFlag(flag: { key: string; enabled: boolean }, name: string): string {
  flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
  return name;
}
const __defProp = Object.defineProperty;
const __name = <T,>(target: T, value: string): T => __defProp(target, "name", { value: registerFlag(target as any, value), configurable: true });

${FLAG_CLASS}__name(DelegateRecap, "DelegateRecap");
`),
      ...FLAG_RECAP,
    ],
  },
  {
    id: "r15-named-result-handed-on",
    description: "the flag class is named with an exact `__name` helper, `export const ROLLOUT_FLAGS = [__name(DelegateRecap, \"DelegateRecap\")]`; the session's constructor applies every flag of `ROLLOUT_FLAGS` (`flag.enabled = REMOTE_ROLLOUTS.has(flag.key)`); the drain recaps while `DelegateRecap.enabled`",
    why: "the class handed to `__name` is exempt, but `__name` returns it: the flag reaches the setter as an array element of a name the proof does not read",
    edits: [
      hookTop(`${ESBUILD_NAME}
${FLAG_CLASS}
// Every rollout flag of the hook, for the rollout registry.
export const ROLLOUT_FLAGS = [__name(DelegateRecap, "DelegateRecap")];
`),
      ...FLAG_RECAP,
      sessionTop(`import { ROLLOUT_FLAGS } from "../steering/live-steering-hook";

${REMOTE}`),
      atSessionStart(`    for (const flag of ROLLOUT_FLAGS) flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
`),
    ],
  },
  {
    id: "r15-class-in-array-argument",
    description: "a `DelegateRecap` flag class (`static enabled = false`); the session's constructor calls `applyRollouts([DelegateRecap])`, which sets each flag's `enabled` from the remote rollouts; the drain recaps while `DelegateRecap.enabled`",
    why: "the class handed to the call inside an array literal, not as an argument itself",
    edits: [
      hookTop(FLAG_CLASS),
      ...FLAG_RECAP,
      sessionImportsFlag(`
${REMOTE}function applyRollouts(flags: { key: string; enabled: boolean }[]): void {
  for (const flag of flags) flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
}
`),
      atSessionStart(`    applyRollouts([DelegateRecap]);
`),
    ],
  },
  {
    id: "r15-class-in-object-argument",
    description: "as `r15-class-in-array-argument`, the session's constructor calling `applyRollouts({ delegateRecap: DelegateRecap })`, which walks `Object.values` of its argument",
    why: "the class handed to the call as a value of an object literal",
    edits: [
      hookTop(FLAG_CLASS),
      ...FLAG_RECAP,
      sessionImportsFlag(`
${REMOTE}function applyRollouts(flags: Record<string, { key: string; enabled: boolean }>): void {
  for (const flag of Object.values(flags)) flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
}
`),
      atSessionStart(`    applyRollouts({ delegateRecap: DelegateRecap });
`),
    ],
  },
  {
    id: "r15-class-returned-by-lookup",
    description: "the hook module exports `rolloutFlag(key)`, which returns `DelegateRecap` when the key is its own; the session's constructor turns each remote rollout on with `const flag = rolloutFlag(key); if (flag) flag.enabled = true`; the drain recaps while `DelegateRecap.enabled`",
    why: "the class is neither written by name nor handed to a call: a function returns it and its caller writes the member",
    edits: [
      hookTop(`${FLAG_CLASS}
export function rolloutFlag(key: string): { enabled: boolean } | undefined {
  return key === DelegateRecap.key ? DelegateRecap : undefined;
}
`),
      ...FLAG_RECAP,
      sessionTop(`import { rolloutFlag } from "../steering/live-steering-hook";

${REMOTE}`),
      atSessionStart(`    for (const key of REMOTE_ROLLOUTS) {
      const flag = rolloutFlag(key);
      if (flag) flag.enabled = true;
    }
`),
    ],
  },
  {
    id: "r15-class-new-binding",
    description: "the session's constructor binds the flag class to the remote configuration with `new RolloutBinding(DelegateRecap)`, whose constructor sets `flag.enabled`; the drain recaps while `DelegateRecap.enabled`",
    why: "the class handed to a constructor (`new`), not to a call",
    edits: [
      hookTop(FLAG_CLASS),
      ...FLAG_RECAP,
      sessionImportsFlag(`
${REMOTE}class RolloutBinding {
  constructor(readonly flag: { key: string; enabled: boolean }) {
    flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
  }
}
`),
      atSessionStart(`    new RolloutBinding(DelegateRecap);
`),
    ],
  },
  {
    id: "r15-class-alias-handed",
    description: "the hook module exports an alias `export const DelegateRecapFlag = DelegateRecap`; the session's constructor calls `applyRollout(DelegateRecapFlag)`; the drain recaps while `DelegateRecap.enabled`",
    why: "the class handed to a call under a top-level alias (a const bound to a name, not a class or function)",
    edits: [
      hookTop(`${FLAG_CLASS}
// The name the rollout registry knows the flag by.
export const DelegateRecapFlag = DelegateRecap;
`),
      ...FLAG_RECAP,
      sessionTop(`import { DelegateRecapFlag } from "../steering/live-steering-hook";

${REMOTE}function applyRollout(flag: { key: string; enabled: boolean }): void {
  flag.enabled = REMOTE_ROLLOUTS.has(flag.key);
}
`),
      atSessionStart(`    applyRollout(DelegateRecapFlag);
`),
    ],
  },
  {
    id: "r15-class-as-this",
    description: "the session's constructor calls `applyRollout.call(DelegateRecap)`; `applyRollout` sets `this.enabled` from the remote rollouts; the drain recaps while `DelegateRecap.enabled`",
    why: "the class handed as `this` through `.call`, the callee writing `this`",
    edits: [
      hookTop(FLAG_CLASS),
      ...FLAG_RECAP,
      sessionImportsFlag(`
${REMOTE}function applyRollout(this: { key: string; enabled: boolean }): void {
  this.enabled = REMOTE_ROLLOUTS.has(this.key);
}
`),
      atSessionStart(`    applyRollout.call(DelegateRecap);
`),
    ],
  },

  // ---- rule 3: stubs remember what is written ----
  {
    id: "r15-context-recap-nullish-assign",
    description: "the prompt context gains `recentSteering`; a root's take records the user's steering with `(this.promptContext.recentSteering ??= []).push(...)`; a delegate's first take prepends `this.promptContext.recentSteering` when `Array.isArray`",
    why: "on a stub, `??=` finds a (stub) value and writes nothing, and the push is a stub call: nothing is remembered; the bundle's context has no such key and keeps an array",
    edits: [
      contextField(`// What the user said this turn, for prompts built from this context.\n  recentSteering?: SteeringMessage[];`),
      take(`    if (this.subExecutionDepth === 0) {
      (this.promptContext.recentSteering ??= []).push(...taken.filter((m) => m.kind === "user"));
    } else if (this.prompts.length === 0) {
      const recent = this.promptContext.recentSteering;
      if (Array.isArray(recent)) taken.unshift(...recent);
    }
`),
    ],
  },
  {
    id: "r15-context-recap-defineproperty",
    description: "as `r15-context-recap-nullish-assign`, a root's take keeping the list out of serialisations of the context: `Object.defineProperty(this.promptContext, \"recentSteering\", { value: [...], writable: true, configurable: true })`; a delegate's first take prepends it when `Array.isArray`",
    why: "a write to a stub by `defineProperty`, not by assignment",
    edits: [
      contextField(`// What the user said this turn (not serialised with the context).\n  recentSteering?: SteeringMessage[];`),
      take(`    const recent = this.promptContext.recentSteering;
    if (this.subExecutionDepth === 0) {
      const list = [...(Array.isArray(recent) ? recent : []), ...taken.filter((m) => m.kind === "user")];
      Object.defineProperty(this.promptContext, "recentSteering", { value: list, writable: true, configurable: true });
    } else if (this.prompts.length === 0 && Array.isArray(recent)) {
      taken.unshift(...recent);
    }
`),
    ],
  },
  {
    id: "r15-context-recap-symbol-key",
    description: "as `r15-context-recap-defineproperty`, the list kept on the prompt context under a module symbol (`this.promptContext[RECENT_STEERING] = [...]`)",
    why: "a write to a stub under a symbol key",
    edits: [
      execTop(`// Where a prompt context keeps the user's steering of the turn (private to this module).
const RECENT_STEERING = Symbol("recentSteering");
`),
      take(`    const context = this.promptContext as PromptContext & { [RECENT_STEERING]?: SteeringMessage[] };
    const recent = context[RECENT_STEERING];
    if (this.subExecutionDepth === 0) {
      context[RECENT_STEERING] = [...(Array.isArray(recent) ? recent : []), ...taken.filter((m) => m.kind === "user")];
    } else if (this.prompts.length === 0 && Array.isArray(recent)) {
      taken.unshift(...recent);
    }
`),
    ],
  },
  {
    id: "r15-registry-recap-nested",
    description: "the session's registry gains `recentSteering`; a root's take writes what the user said into `this.sessionServices.registry.recentSteering`; a delegate's first take prepends it when `Array.isArray`",
    why: "a write to a member of a member of the stubbed services: remembered only if the stub hands back the same member object on every read",
    edits: [
      { file: EXECUTION, find: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}`, replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  // What the user said this turn (kept for delegates).
  recentSteering?: SteeringMessage[];
}` },
      take(`    const registry = this.sessionServices.registry;
    if (this.subExecutionDepth === 0) {
      const before = registry.recentSteering;
      registry.recentSteering = [...(Array.isArray(before) ? before : []), ...taken.filter((m) => m.kind === "user")];
    } else if (this.prompts.length === 0 && Array.isArray(this.sessionServices.registry.recentSteering)) {
      taken.unshift(...this.sessionServices.registry.recentSteering);
    }
`),
    ],
  },

  {
    id: "r15-registry-method-recap",
    description: "the session's registry gains `noteSteering(messages)` and `steeringSoFar()` (a private list); a root's take notes what the user said, a delegate's first take prepends `registry.steeringSoFar()` when it is an array",
    why: "the steering is kept by methods of a stubbed service, not written to a member: a stub's call returns a new stub each time, and with the `Array.isArray` test answered otherwise the spread of a stub throws on both sides alike",
    edits: [
      { file: EXECUTION, find: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}`, replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  // The user's steering of the turn, as root executions took it (for delegates' first prompts).
  noteSteering(messages: SteeringMessage[]): void;
  steeringSoFar(): SteeringMessage[];
}` },
      { file: SESSION, find: `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }`, replace: `  register(execution: AgentExecution): void {
    this.executions.push(execution);
  }
  private readonly noted: SteeringMessage[] = [];
  noteSteering(messages: SteeringMessage[]): void {
    for (const m of messages) if (!this.noted.includes(m)) this.noted.push(m);
  }
  steeringSoFar(): SteeringMessage[] {
    return [...this.noted];
  }` },
      { file: SESSION, find: `import { LiveSteeringBuffer } from "../steering/live-steering-buffer";`, replace: `import { LiveSteeringBuffer, type SteeringMessage } from "../steering/live-steering-buffer";` },
      take(`    if (this.subExecutionDepth === 0) {
      this.sessionServices.registry.noteSteering(taken.filter((m) => m.kind === "user"));
    } else if (this.prompts.length === 0) {
      const recent = this.sessionServices.registry.steeringSoFar();
      if (Array.isArray(recent)) taken.unshift(...recent);
    }
`),
    ],
  },

  // ---- rule 4: decisions on stubs ----
  {
    id: "r15-version-table-v3",
    description: "`steeringSettings.promptVersion` (real default 3) picks a delegate's briefing from a table clamped to its last entry, `DELEGATE_BRIEFING[Math.min(version, 4)]`; only protocol v3 recaps the turn's user steering",
    why: "a stub read as a number is 8 in the cases and 1, 0, 2 in the pass (table entries 4, 1, 0, 2): entry 3 is never run",
    edits: [
      settingsClass([["promptVersion", "number", `Number(env.KIRO_PROMPT_VERSION ?? 3)`]]),
      HOOK_SETTINGS,
      hookTop(`// A delegate's briefing by prompt protocol version: v3 opened delegates with the turn's steering.
const DELEGATE_BRIEFING: boolean[] = [false, false, false, true, false];
`),
      ...recap(`  const briefing = DELEGATE_BRIEFING[Math.min(steeringSettings.promptVersion, DELEGATE_BRIEFING.length - 1)];
`, "briefing"),
    ],
  },
  {
    id: "r15-rollout-list-string",
    description: "`steeringSettings.rollouts` (real default `\"delegate-recap\"`) is a comma list; the drain computes `const enabled = String(steeringSettings.rollouts).split(\",\").includes(\"delegate-recap\")` (also logged) and recaps while `enabled`",
    why: "the stub is turned into a string (its own distinct form) in one statement, and the decision is on a boolean local in another: no stub is used while the decision is evaluated",
    edits: [
      settingsClass([["rollouts", "string", `env.KIRO_ROLLOUTS ?? "delegate-recap"`]]),
      HOOK_SETTINGS,
      ...recap(`  const enabled = String(steeringSettings.rollouts).split(",").includes("delegate-recap");
  execution.sessionServices.logger.debug(\`delegate recap: \${enabled}\`);
`, "enabled"),
    ],
  },
  {
    id: "r15-backlog-isinteger-local",
    description: "`steeringSettings.delegateBacklog` (real default 20) is how many of the turn's messages a delegate is briefed on; the drain computes `const briefed = Number.isInteger(steeringSettings.delegateBacklog)` into a local (also logged) and recaps while `briefed`",
    why: "the inspection of the stub (`Number.isInteger` on a Proxy is false without reading it as a number) is not in a test; the test is on the local",
    edits: [
      settingsClass([["delegateBacklog", "number", `Number(env.KIRO_DELEGATE_BACKLOG ?? 20)`]]),
      HOOK_SETTINGS,
      ...recap(`  const briefed = Number.isInteger(steeringSettings.delegateBacklog);
  execution.sessionServices.logger.debug(\`delegate recap: \${briefed}\`);
`, "briefed"),
    ],
  },
  {
    id: "r15-policy-json-parse",
    description: "`steeringSettings.delegatePolicy` is a JSON string (real default `{\"recap\":true}`); the drain parses it, falling back to `{ recap: false }` on bad JSON, and recaps while `policy.recap`",
    why: "`JSON.parse` of a stub's string form throws, so the proof always runs the fallback; the decision is on a plain object's member, not a stub",
    edits: [
      settingsClass([["delegatePolicy", "string", `env.KIRO_DELEGATE_POLICY ?? '{"recap":true}'`]]),
      HOOK_SETTINGS,
      ...recap(`  let policy: { recap?: boolean };
  try {
    policy = JSON.parse(steeringSettings.delegatePolicy);
  } catch {
    policy = { recap: false };
  }
`, "policy.recap === true"),
    ],
  },
  {
    id: "r15-flip-crashes-both",
    description: "the drain recaps unless `steeringSettings.freshDelegates` (real: false); before it does, it copies the recap policy with `structuredClone(steeringSettings.delegatePolicy)` (real: a plain object) and recaps while the copy's `recap`",
    why: "with the flag answered otherwise, the policy is still a stub and `structuredClone` of a stub throws on both sides alike: the world counts as holding; the real policy clones",
    edits: [
      settingsClass([
        ["freshDelegates", "boolean", `env.KIRO_FRESH_DELEGATES === "1"`],
        ["delegatePolicy", "{ recap: boolean }", `{ recap: env.KIRO_DELEGATE_RECAP !== "0" }`],
      ]),
      HOOK_SETTINGS,
      DELEGATED_GETTER,
      afterDrainGuard(`  // Rollout: unless delegates start fresh, a delegate's first drain opens with what the user asked for this turn.
  if (!steeringSettings.freshDelegates && execution.delegated && execution.prompts.length === 0) {
    const policy = structuredClone(steeringSettings.delegatePolicy);
    if (policy.recap) {
${RECAP_BODY.replace(/^/gm, "  ").replace(/^  $/gm, "")}    }
  }
`),
    ],
  },
  {
    id: "r15-kill-switch-chain",
    description: "the recap runs unless any of six kill switches is set: `!s.disableLiveSteering && !s.legacyDelegates && !s.freshDelegates && !s.safeMode && !s.enterpriseLockdown && !s.offlineMode` (all real: false)",
    why: "each negated stub is reached only once the one before it is answered otherwise: six nested decisions, more than the pass's rounds",
    edits: [
      settingsClass([
        ["disableLiveSteering", "boolean", `env.KIRO_DISABLE_LIVE_STEERING === "1"`],
        ["legacyDelegates", "boolean", `env.KIRO_LEGACY_DELEGATES === "1"`],
        ["freshDelegates", "boolean", `env.KIRO_FRESH_DELEGATES === "1"`],
        ["safeMode", "boolean", `env.KIRO_SAFE_MODE === "1"`],
        ["enterpriseLockdown", "boolean", `env.KIRO_ENTERPRISE_LOCKDOWN === "1"`],
        ["offlineMode", "boolean", `env.KIRO_OFFLINE === "1"`],
      ]),
      HOOK_SETTINGS,
      ...recap(`  const s = steeringSettings;
`, "!s.disableLiveSteering && !s.legacyDelegates && !s.freshDelegates && !s.safeMode && !s.enterpriseLockdown && !s.offlineMode"),
    ],
  },
  {
    id: "r15-flip-no-clone",
    description: "control for `r15-flip-crashes-both`: the same recap with the policy read directly (`const policy = steeringSettings.delegatePolicy`), no `structuredClone`",
    why: "without the crash, the flipped world runs the recap on both sides and the patched side replays: the pass should refuse it",
    edits: [
      settingsClass([
        ["freshDelegates", "boolean", `env.KIRO_FRESH_DELEGATES === "1"`],
        ["delegatePolicy", "{ recap: boolean }", `{ recap: env.KIRO_DELEGATE_RECAP !== "0" }`],
      ]),
      HOOK_SETTINGS,
      DELEGATED_GETTER,
      afterDrainGuard(`  // Rollout: unless delegates start fresh, a delegate's first drain opens with what the user asked for this turn.
  if (!steeringSettings.freshDelegates && execution.delegated && execution.prompts.length === 0) {
    const policy = steeringSettings.delegatePolicy;
    if (policy.recap) {
${RECAP_BODY.replace(/^/gm, "  ").replace(/^  $/gm, "")}    }
  }
`),
    ],
  },
  {
    id: "r15-kill-switch-pair",
    description: "control for `r15-kill-switch-chain`: two kill switches, `!s.disableLiveSteering && !s.legacyDelegates`",
    why: "two nested decisions are within the pass's rounds: it should refuse",
    edits: [
      settingsClass([
        ["disableLiveSteering", "boolean", `env.KIRO_DISABLE_LIVE_STEERING === "1"`],
        ["legacyDelegates", "boolean", `env.KIRO_LEGACY_DELEGATES === "1"`],
      ]),
      HOOK_SETTINGS,
      ...recap(`  const s = steeringSettings;
`, "!s.disableLiveSteering && !s.legacyDelegates"),
    ],
  },
  {
    id: "r15-handler-table-by-setting",
    description: "`steeringSettings.delegateHistory` (real default `\"turn\"`) looks up a delegate's briefing in `DELEGATE_HISTORY = { turn: (b) => user steers of b, fresh: () => [] }`; the drain pushes `(DELEGATE_HISTORY[history] ?? DELEGATE_HISTORY.fresh)(buffer)` when non-empty",
    why: "a stub used as a computed key is its string form, which names no entry; the lookup is not a comparison or a case",
    edits: [
      settingsClass([["delegateHistory", "string", `env.KIRO_DELEGATE_HISTORY ?? "turn"`]]),
      HOOK_SETTINGS,
      hookTop(`// What a delegate is told of the turn's steering, by setting.
const DELEGATE_HISTORY: Record<string, (buffer: { snapshot(): { kind: string }[] }) => any[]> = {
  turn: (buffer) => buffer.snapshot().filter((m) => m.kind === "user"),
  fresh: () => [],
};
`),
      DELEGATED_GETTER,
      afterDrainGuard(`  if (execution.delegated && execution.prompts.length === 0) {
    const history = (DELEGATE_HISTORY[steeringSettings.delegateHistory] ?? DELEGATE_HISTORY.fresh)(buffer);
    if (history.length > 0) execution.prompts.push(history);
  }
`),
    ],
  },
  {
    id: "r15-template-mode-local",
    description: "`steeringSettings.delegateMode` (real default `\"recap\"`); the drain builds a template key `const mode = \\`${steeringSettings.delegateMode}\\`.toLowerCase()` and recaps while `mode.startsWith(\"recap\")`",
    why: "the stub is read into a string by a template literal in one statement; the test is on a string method of the local",
    edits: [
      settingsClass([["delegateMode", "string", `env.KIRO_DELEGATE_MODE ?? "recap"`]]),
      HOOK_SETTINGS,
      ...recap(`  const mode = \`\${steeringSettings.delegateMode}\`.toLowerCase();
  execution.sessionServices.logger.debug(\`delegate recap: \${mode}\`);
`, "mode.startsWith(\"recap\")"),
    ],
  },
];

const HARMLESS = [
  {
    id: "r15-h-recap-constant-off",
    description: "the drain's delegate recap behind a top-level `const DELEGATE_RECAP = { enabled: false }` that nothing writes",
    why: "the recap's neighbour with the switch really off: nothing in the bundle turns it on",
    edits: [
      hookTop(`// Rollout of the delegate recap (off; no release turned it on).
const DELEGATE_RECAP = { enabled: false };
`),
      ...recap("", "DELEGATE_RECAP.enabled"),
    ],
  },
  {
    id: "r15-h-static-trace-unread",
    description: "the execution class gains `static traceSteering(line)` appending to a top-level `STEERING_TRACE` array and `static dumpTrace()` returning it; nothing calls either",
    why: "a write in an unrun static method to a name no code that ran reads (a log array only appended to)",
    edits: [
      execTop(`// Debug trace of steering decisions (dumped by the debug command).
const STEERING_TRACE: string[] = [];
`),
      classMember(`  static traceSteering(line: string): void {
    STEERING_TRACE.push(line);
    if (STEERING_TRACE.length > 200) STEERING_TRACE.shift();
  }

  static dumpTrace(): string[] {
    return [...STEERING_TRACE];
  }
`),
    ],
  },
  {
    id: "r15-h-reset-sequence-for-tests",
    description: "the execution class gains `static resetSequenceForTests()` setting the top-level `executionSequence` to 0; nothing in the bundle calls it",
    why: "a test hook: the write is in an unrun static method of a name the constructor reads, but no code calls the method",
    edits: [
      classMember(`  // Test hook: restart execution ids (never called by the server).
  static resetSequenceForTests(): void {
    executionSequence = 0;
  }
`),
    ],
  },
  {
    id: "r15-h-named-flag-class",
    description: "the flag class `DelegateRecap` (static `enabled = false`) named with an exact `__name` helper (`Object.defineProperty(target, \"name\", { value, configurable: true })`); nothing sets `enabled`; the drain recaps while `DelegateRecap.enabled`",
    why: "esbuild's keep-names helper on a flag class nothing turns on",
    edits: [
      hookTop(`${ESBUILD_NAME}
${FLAG_CLASS}__name(DelegateRecap, "DelegateRecap");
`),
      ...FLAG_RECAP,
    ],
  },
  {
    id: "r15-h-verbose-setting-log",
    description: "the drain logs a debug line per delivery when `steeringSettings.verboseSteering` (a stubbed setting)",
    why: "a decision on a stub that only chooses a log line",
    edits: [
      settingsClass([["verboseSteering", "boolean", `env.KIRO_VERBOSE_STEERING === "1"`]]),
      HOOK_SETTINGS,
      { file: HOOK, find: `    execution.queueSteering(message);
`, replace: `    execution.queueSteering(message);
    if (steeringSettings.verboseSteering) execution.sessionServices.logger.debug(\`queued \${message.id} (\${message.kind})\`);
` },
    ],
  },
  {
    id: "r15-h-context-take-stamp",
    description: "the take stamps the prompt context with the number of messages taken (`this.promptContext.lastTaken = taken.length`) and the drain logs it",
    why: "a write to a stub read back only for a log line",
    edits: [
      contextField(`lastTaken?: number;`),
      take(`    this.promptContext.lastTaken = taken.length;
`),
      { file: HOOK, find: `    execution.queueSteering(message);
`, replace: `    execution.queueSteering(message);
    execution.sessionServices.logger.debug(\`after \${execution.promptContext.lastTaken ?? 0} taken\`);
` },
    ],
  },
  {
    id: "r15-h-flag-class-described",
    description: "the flag class `DelegateRecap` (static `enabled = false`, nothing sets it) is handed to a read-only `describeFlag(flag)` for a start-up debug line (`${flag.key}=${flag.enabled}`); the drain recaps while `DelegateRecap.enabled`",
    why: "a class handed to a call whose callee only reads it",
    edits: [
      hookTop(`${FLAG_CLASS}
export function describeFlag(flag: { key: string; enabled: boolean }): string {
  return \`\${flag.key}=\${flag.enabled ? "on" : "off"}\`;
}
`),
      ...FLAG_RECAP,
      sessionTop(`import { DelegateRecap, describeFlag } from "../steering/live-steering-hook";
`),
      atSessionStart(`    logger.debug(\`rollouts: \${describeFlag(DelegateRecap)}\`);
`),
    ],
  },
  {
    id: "r15-h-switch-log-level",
    description: "the drain picks its delivery log level by `switch (steeringSettings.logLevel)` over `case LogLevels.Debug:` / `case LogLevels.Info:` (a constant object), every case logging the same line",
    why: "a switch on a stub with constant-named cases where every case only chooses a log call",
    edits: [
      settingsClass([["logLevel", "string", `env.KIRO_STEERING_LOG ?? "info"`]]),
      HOOK_SETTINGS,
      hookTop(`const LogLevels = { Debug: "debug", Info: "info" } as const;
`),
      { file: HOOK, find: `    execution.sessionServices.logger.info(
      \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`,
    );`, replace: `    const line = \`[LiveSteeringHook] injected steering \${message.id} into \${execution.agentName} (\${execution.executionId.slice(0, 8)}) (handlers: \${message.handlers.size})\`;
    switch (steeringSettings.logLevel) {
      case LogLevels.Debug:
        execution.sessionServices.logger.debug(line);
        execution.sessionServices.logger.info(line);
        break;
      case LogLevels.Info:
      default:
        execution.sessionServices.logger.info(line);
    }` },
    ],
  },
];

export const ROUND15 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
