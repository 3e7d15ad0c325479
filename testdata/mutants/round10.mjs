// Round 10 (round10.mjs): a red team's mutants against the rules after round 9:
// when the closed world sees the child handed to a function it must follow
// before the child runs, it now follows function VALUES as data (a key's value
// through `.bind`, a name helper returning its first argument, a descriptor's
// `value`, a member, `?:`/`||`/`??`, a top-level function by name, a factory's
// returned function, a parameter resolved to what every caller passes);
// `this.key(child)` is typed to the class's own hierarchy; `this.#priv(child)`
// is followed to the private method. These mutants attack those rules: a key
// bound where the rules do not look (a plain method, another object, a
// prototype, a computed key, a getter descriptor), a name the rules resolve to
// the wrong function (a shadowing local, a borrowed method, a mixin subclass),
// a parameter whose callers the rules do not see (a default value, `super(...)`,
// a spread, a computed-key call), a helper that looks like it returns its
// first argument but does not, a call through `.call`/`Reflect.apply`, a
// private field arrow, and a chain longer than "a few steps". Every harmful one
// briefs the child (pushes the latest root's user prompts onto its prompts)
// before its run, a write the tool refuses when it reads it. Plus harmless
// neighbours that must still prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND10 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND10-VERDICTS.md.

const TOOL = "src/tools/invoke-sub-agent.ts";
const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";

// ---- shared snippets (exactly as in ../model/src) ----
const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const servicesField = (decl) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", `\n  ${decl}\n}`) });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValue = (value) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,\n      ${value}\n    };` });
const REGISTRY_IFACE_EXECUTIONS = {
  file: EXECUTION,
  find: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}`,
  replace: `export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
  readonly executions: AgentExecution[];
}`,
};
const TOOL_RUN = `  const result = await runExecution(subAgentExecution);
`;
const TOOL_THROUGH_RUNNER = (key) => ({
  file: TOOL,
  find: TOOL_RUN,
  replace: `  const result = await state.execution.sessionServices.delegates!.${key}(subAgentExecution);
`,
});
const RUNNER_IFACE = (key) => servicesField(`// Runs the session's delegated executions.\n  delegates?: { ${key}(execution: AgentExecution): Promise<{ turns: number }> };`);
const SESSION_EVENT_ADAPTER = `class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}`;
// Top-level code of the session module, after EventAdapter (before AcpSession).
const sessionTop = (code) => ({ file: SESSION, find: SESSION_EVENT_ADAPTER, replace: SESSION_EVENT_ADAPTER + "\n\n" + code });
const SESSION_CANCEL = `  cancel(): void {`;
const sessionMethod = (code) => ({ file: SESSION, find: SESSION_CANCEL, replace: `${code}\n\n${SESSION_CANCEL}` });
const SESSION_MODEL_FIELD = `  readonly model = new ScriptedModel(this);
`;
const sessionField = (code) => ({ file: SESSION, find: SESSION_MODEL_FIELD, replace: `${SESSION_MODEL_FIELD}${code}\n` });
// Code at the end of AcpSession's constructor (after the services literal).
const sessionCtorEnd = (code) => ({ file: SESSION, find: `  }

  steer(text: string): void {`, replace: `${code}
  }

  steer(text: string): void {` });
// Code in AcpSession's constructor before the services literal.
const sessionCtorStart = (code) => ({ file: SESSION, find: `    this.sessionServices = {
`, replace: `${code}
    this.sessionServices = {
` });

// The briefing: what the user asked the latest root this turn, pushed onto the child's prompts.
const BRIEF = (registry, exec = "execution", indent = "    ") => `${indent}const root = ${registry}.executions.filter((e) => e.agentName === "kiro").at(-1);
${indent}const brief = root ? root.prompts.flat().filter((m) => m.kind === "user") : [];
${indent}if (brief.length > 0) ${exec}.prompts.push(brief);`;
// Top-level: a plain run, and a briefed run reading the registry through the child's services.
const RUN_DELEGATE = `// Runs a delegate as it is.
function runDelegate(execution: AgentExecution) {
  return runExecution(execution);
}`;
const RUN_BRIEFED = `// Runs a delegate briefed on what the user asked the latest root this turn.
function runBriefedDelegate(execution: AgentExecution) {
${BRIEF("execution.sessionServices.registry", "execution", "  ")}
  return runExecution(execution);
}`;
const launchedCounter = `// How many delegates the session module launched (telemetry).
let delegatesLaunched = 0;`;
const RUN_COUNTED = `${launchedCounter}
// Runs a delegate, counting it.
function runCountedDelegate(execution: AgentExecution) {
  delegatesLaunched++;
  return runExecution(execution);
}`;

// ---- harmful ----
const HARMFUL = [
  // ---- a key bound where the rules do not look ----
  {
    id: "r10-key-reassigned-in-method",
    description: "`DelegateRunner` has a plain class-field arrow `launch` (runs the child); its method `briefDelegates()` reassigns `this.launch` to an arrow that briefs the child on the latest root's user prompts, then runs it; the session calls `briefDelegates()` in its constructor",
    why: "a key bound by an assignment in an ordinary instance method (not a class field, the constructor, a literal or a defining call): switching a runner's behaviour after construction is common",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  launch = async (execution: AgentExecution) => runExecution(execution);
  // From now on, delegates start briefed on the turn so far.
  briefDelegates(): void {
    this.launch = async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "      ")}
      return runExecution(execution);
    };
  }
}`),
      sessionField(`  readonly delegates = new DelegateRunner(this.registry);`),
      servicesValue(`delegates: this.delegates,`),
      sessionCtorEnd(`    this.delegates.briefDelegates();`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-key-assigned-from-outside",
    description: "`DelegateRunner` has a plain class-field arrow `launch`; the session's constructor then sets `this.delegates.launch` to an arrow that briefs the child on the latest root's user prompts, then runs it",
    why: "a key bound by a member assignment on another object (the session configuring its runner), not inside the class or a literal",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  launch = async (execution: AgentExecution) => runExecution(execution);
}`),
      sessionField(`  readonly delegates = new DelegateRunner();`),
      servicesValue(`delegates: this.delegates,`),
      sessionCtorEnd(`    // Delegates start briefed on the turn so far.
    this.delegates.launch = async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "      ")}
      return runExecution(execution);
    };`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-prototype-assigned",
    description: "`DelegateRunner.launch` is a plain method (runs the child); after the class, `DelegateRunner.prototype.launch` is replaced by a function that briefs the child on the latest root's user prompts, then runs it",
    why: "prototype patching outside the class (a plugin or a compatibility shim overriding a method)",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  constructor(readonly registry: SessionRegistry) {}
  launch(execution: AgentExecution) {
    return runExecution(execution);
  }
}
// Delegates start briefed on the turn so far.
DelegateRunner.prototype.launch = function (this: DelegateRunner, execution: AgentExecution) {
${BRIEF("this.registry", "execution", "  ")}
  return runExecution(execution);
};`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-define-computed-key",
    description: "`DelegateRunner` has a plain class-field arrow `launch`; its constructor then does `Object.defineProperty(this, LAUNCH_KEY, { value: runBriefedDelegate })` with the top-level `const LAUNCH_KEY = \"launch\"`; `runBriefedDelegate` briefs the child, then runs it",
    why: "a defining call whose key is a constant's name, not a string literal at the call",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_BRIEFED}
// The key the tools launch delegates with.
const LAUNCH_KEY = "launch";
// Runs delegated executions for the session.
class DelegateRunner {
  launch = async (execution: AgentExecution) => runExecution(execution);
  constructor() {
    Object.defineProperty(this, LAUNCH_KEY, { value: runBriefedDelegate });
  }
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-computed-field-key",
    description: "`DelegateRunner` has a plain class-field arrow `launch`, followed by a computed class field `[LAUNCH_KEY]` (`const LAUNCH_KEY = \"launch\"`) holding an arrow that briefs the child, then runs it; the later field wins",
    why: "a class field with a computed key (a constant's name), which binds the same key at run time",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// The key the tools launch delegates with.
const LAUNCH_KEY = "launch";
// Runs delegated executions for the session.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  launch = async (execution: AgentExecution) => runExecution(execution);
  [LAUNCH_KEY] = async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "    ")}
    return runExecution(execution);
  };
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-descriptor-getter",
    description: "`DelegateRunner`'s constructor defines `launch` with `Object.defineProperty(this, \"launch\", { get: () => runBriefedDelegate })`; `runBriefedDelegate` briefs the child, then runs it",
    why: "a descriptor with a `get` (a lazy accessor) rather than a `value`: the rules read only a descriptor's `value`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  constructor() {
    Object.defineProperty(this, "launch", { get: () => runBriefedDelegate, enumerable: true });
  }
}`),
      servicesValue(`delegates: new DelegateRunner() as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  // ---- a name resolved to the wrong function ----
  {
    id: "r10-shadowing-local",
    description: "the session module has a top-level `launchDelegate(execution)` that runs the child (used by `AcpSession.relaunch`); the session's constructor declares a local arrow `const launchDelegate` that briefs the child, then runs it, and sets `delegates: { launch: launchDelegate }`",
    why: "a local that shadows a top-level function of the same name: the name is the local's",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs a delegate as it is.
function launchDelegate(execution: AgentExecution) {
  return runExecution(execution);
}`),
      sessionMethod(`  relaunch(execution: AgentExecution) {
    return launchDelegate(execution);
  }`),
      sessionCtorStart(`    // Delegates start briefed on the turn so far.
    const launchDelegate = async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "      ")}
      return runExecution(execution);
    };`),
      servicesValue(`delegates: { launch: launchDelegate },`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-borrowed-method",
    description: "`DelegateRunner.start(execution)` returns `this.launch(execution)` and `DelegateRunner.launch` runs the child; the services' `delegates` is a literal `{ start: DelegateRunner.prototype.start, launch: <arrow> }` whose `launch` briefs the child, then runs it",
    why: "a method borrowed onto another object: `this` in `start` is the literal, not a `DelegateRunner`, so `this.launch` is not the class's",
    edits: [
      RUNNER_IFACE("start"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  start(execution: AgentExecution) {
    return this.launch(execution);
  }
  launch(execution: AgentExecution) {
    return runExecution(execution);
  }
}`),
      servicesValue(`delegates: {
        start: DelegateRunner.prototype.start,
        // Delegates start briefed on the turn so far.
        launch: async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "          ")}
          return runExecution(execution);
        },
      },`),
      TOOL_THROUGH_RUNNER("start"),
    ],
  },
  {
    id: "r10-mixin-subclass",
    description: "`DelegateRunner.start(execution)` returns `this.launch(execution)`, and its own `launch` runs the child; a mixin `Briefed(Base)` returns `class extends Base` whose `launch` briefs the child, then runs it; the session's runner is `new (Briefed(DelegateRunner))(this.registry)`",
    why: "a subclass made by a mixin function: its `extends` names the mixin's parameter, not the class",
    edits: [
      RUNNER_IFACE("start"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  constructor(readonly registry: SessionRegistry) {}
  start(execution: AgentExecution) {
    return this.launch(execution);
  }
  launch(execution: AgentExecution) {
    return runExecution(execution);
  }
}
// A runner whose delegates start briefed on the turn so far.
function Briefed<T extends new (...args: any[]) => DelegateRunner>(Base: T) {
  return class extends Base {
    launch(execution: AgentExecution) {
${BRIEF("this.registry", "execution", "      ")}
      return runExecution(execution);
    }
  };
}
const BriefedRunner = Briefed(DelegateRunner);`),
      servicesValue(`delegates: new BriefedRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("start"),
    ],
  },
  {
    id: "r10-super-call",
    description: "`DelegateRunner extends BriefingRunner`; its method `launch` calls `super.prepare(execution)`, then runs the child; `BriefingRunner.prepare` briefs the child on the latest root's user prompts",
    why: "the child handed to a method of the parent class through `super`, not `this`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Prepares delegates: each starts briefed on the turn so far.
class BriefingRunner {
  constructor(readonly registry: SessionRegistry) {}
  prepare(execution: AgentExecution): void {
${BRIEF("this.registry", "execution", "    ")}
  }
}
// Runs delegated executions for the session.
class DelegateRunner extends BriefingRunner {
  async launch(execution: AgentExecution) {
    super.prepare(execution);
    return runExecution(execution);
  }
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-super-call-awaited",
    description: "as `r10-super-call`, the parent's method async and awaited: `DelegateRunner.launch` does `await super.prepare(execution)`, then runs the child; `BriefingRunner.prepare` briefs the child on the latest root's user prompts",
    why: "the keep that refused `r10-super-call` (a call whose result is dropped) removed: the child is handed to an awaited call through `super`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Prepares delegates: each starts briefed on the turn so far.
class BriefingRunner {
  constructor(readonly registry: SessionRegistry) {}
  async prepare(execution: AgentExecution): Promise<void> {
${BRIEF("this.registry", "execution", "    ")}
  }
}
// Runs delegated executions for the session.
class DelegateRunner extends BriefingRunner {
  async launch(execution: AgentExecution) {
    await super.prepare(execution);
    return runExecution(execution);
  }
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  // ---- a parameter whose callers the rules do not see ----
  {
    id: "r10-param-default",
    description: "`DelegateRunner`'s constructor takes `launch = runBriefedDelegate` (a parameter property with a default); the session builds it with `new DelegateRunner()`; `runBriefedDelegate` briefs the child, then runs it",
    why: "a parameter's default value: no caller passes it, so what callers pass is not all it can be",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  constructor(readonly launch: (execution: AgentExecution) => Promise<unknown> = runBriefedDelegate) {}
}`),
      servicesValue(`delegates: new DelegateRunner() as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-param-super-caller",
    description: "`DelegateRunner`'s constructor stores its `launch` parameter; the session's fallback is `new DelegateRunner(runDelegate)`, and its delegates are a `BriefedRunner extends DelegateRunner` whose constructor calls `super(runBriefedDelegate)` (briefs the child, then runs it)",
    why: "a constructor's caller through `super(...)` in a subclass, not `new DelegateRunner(...)`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_DELEGATE}
${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  readonly launch: (execution: AgentExecution) => Promise<unknown>;
  constructor(launch: (execution: AgentExecution) => Promise<unknown>) {
    this.launch = launch;
  }
}
// A runner whose delegates start briefed on the turn so far.
class BriefedRunner extends DelegateRunner {
  constructor() {
    super(runBriefedDelegate);
  }
}`),
      sessionField(`  readonly fallbackDelegates = new DelegateRunner(runDelegate);`),
      servicesValue(`delegates: new BriefedRunner() as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-param-spread-caller",
    description: "`DelegateRunner`'s constructor stores `(registry, launch)`; the session builds it with `new DelegateRunner(...runnerArgs, runDelegate)` where the local `runnerArgs = [this.registry, runBriefedDelegate]`, so `launch` is `runBriefedDelegate` (briefs the child, then runs it) and the trailing `runDelegate` is ignored",
    why: "a spread argument shifts the positions: the argument spelled second is not the second parameter",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_DELEGATE}
${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  readonly launch: (execution: AgentExecution) => Promise<unknown>;
  constructor(readonly registry: SessionRegistry, launch: (execution: AgentExecution) => Promise<unknown>) {
    this.launch = launch;
  }
}`),
      sessionCtorStart(`    const runnerArgs: [SessionRegistry, (execution: AgentExecution) => Promise<unknown>] = [this.registry, runBriefedDelegate];`),
      servicesValue(`delegates: new (DelegateRunner as any)(...runnerArgs, runDelegate),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-param-computed-caller",
    description: "`DelegateFactory.create(launch)` returns `{ launch }`; the session's fallback is `factory.create(runDelegate)`, and its delegates are `factory[CREATE](runBriefedDelegate)` with `const CREATE = \"create\"`; `runBriefedDelegate` briefs the child, then runs it",
    why: "a method's caller through a computed member (a constant's name), not `anything.create(...)`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_DELEGATE}
${RUN_BRIEFED}
const CREATE = "create";
// Builds delegate runners.
class DelegateFactory {
  create(launch: (execution: AgentExecution) => Promise<unknown>) {
    return { launch };
  }
}`),
      sessionField(`  readonly delegateFactory = new DelegateFactory();
  readonly fallbackDelegates = this.delegateFactory.create(runDelegate);`),
      servicesValue(`delegates: (this.delegateFactory as any)[CREATE](runBriefedDelegate),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  // ---- helpers and calls the rules take for the function they are given ----
  {
    id: "r10-name-helper-comma",
    description: "`delegates: { launch: named(runDelegate, \"launch\") }`, where the top-level `named(fn, name)` is one return of a comma expression: `Object.defineProperty(fn, \"name\", { value: name }), withBriefing(fn)`; `withBriefing(fn)` returns an arrow that briefs the child, then calls `fn`",
    why: "a name helper of one expression that starts by defining a name on its first argument but returns something else",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_DELEGATE}
// Wraps a delegate runner: each delegate starts briefed on the turn so far.
function withBriefing(run: (execution: AgentExecution) => Promise<unknown>) {
  return (execution: AgentExecution) => {
${BRIEF("execution.sessionServices.registry", "execution", "    ")}
    return run(execution);
  };
}
// Names a delegate runner (for traces) and wraps it with the briefing.
function named(fn: (execution: AgentExecution) => Promise<unknown>, name: string) {
  return Object.defineProperty(fn, "name", { value: name }), withBriefing(fn);
}`),
      servicesValue(`delegates: { launch: named(runDelegate, "launch") } as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-name-helper-assign-target",
    description: "`delegates: { launch: labelled(runDelegate, \"launch\") }`, where the top-level `labelled(fn, label)` returns `Object.assign(withBriefing(fn), { label })`; `withBriefing(fn)` returns an arrow that briefs the child, then calls `fn`",
    why: "`Object.assign` returns its own first argument, which here is a wrapper of the helper's first argument, not that argument",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_DELEGATE}
// Wraps a delegate runner: each delegate starts briefed on the turn so far.
function withBriefing(run: (execution: AgentExecution) => Promise<unknown>) {
  return (execution: AgentExecution) => {
${BRIEF("execution.sessionServices.registry", "execution", "    ")}
    return run(execution);
  };
}
// A labelled, briefed delegate runner.
function labelled(fn: (execution: AgentExecution) => Promise<unknown>, label: string) {
  return Object.assign(withBriefing(fn), { label });
}`),
      servicesValue(`delegates: { launch: labelled(runDelegate, "launch") } as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-call-through-call",
    description: "`DelegateRunner.launch` (a class-field arrow) returns `runBriefedDelegate.call(this, execution)`; `runBriefedDelegate` briefs the child, then runs it",
    why: "the resolved function invoked through `.call`: the child is the second argument of a call whose key is `call`",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  launch = async (execution: AgentExecution) => runBriefedDelegate.call(this, execution);
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-call-through-reflect-apply",
    description: "`DelegateRunner.launch` (a class-field arrow) returns `Reflect.apply(runBriefedDelegate, undefined, [execution])`; `runBriefedDelegate` briefs the child, then runs it",
    why: "the resolved function invoked through `Reflect.apply`: the child goes in an argument array",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`${RUN_BRIEFED}
// Runs delegated executions for the session.
class DelegateRunner {
  launch = async (execution: AgentExecution) => Reflect.apply(runBriefedDelegate, undefined, [execution]);
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-private-field-arrow",
    description: "`DelegateRunner.launch` (a class-field arrow) awaits `this.#brief(execution)`, where `#brief` is a private FIELD holding an arrow (not a private method) that briefs the child; then it runs the child",
    why: "a private name bound to an arrow in a field: the rules follow `this.#priv(child)` to a private method",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// Runs delegated executions for the session, briefed on the turn so far.
class DelegateRunner {
  constructor(private readonly registry: SessionRegistry) {}
  #brief = async (execution: AgentExecution) => {
${BRIEF("this.registry", "execution", "    ")}
  };
  launch = async (execution: AgentExecution) => {
    await this.#brief(execution);
    return runExecution(execution);
  };
}`),
      servicesValue(`delegates: new DelegateRunner(this.registry),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-deep-chain",
    description: "`DelegateRunner.launch` (a class-field arrow) returns `stage1(execution)`; top-level `stage1` … `stage7` each return the next stage's call with the child (a middleware pipeline), and `stage8` briefs the child, then runs it",
    why: "the write into the child more calls away than the rules follow (\"a few steps further\")",
    edits: [
      RUNNER_IFACE("launch"),
      REGISTRY_IFACE_EXECUTIONS,
      sessionTop(`// The delegate pipeline, one stage per concern.
function stage1(execution: AgentExecution): Promise<unknown> {
  return stage2(execution);
}
function stage2(execution: AgentExecution): Promise<unknown> {
  return stage3(execution);
}
function stage3(execution: AgentExecution): Promise<unknown> {
  return stage4(execution);
}
function stage4(execution: AgentExecution): Promise<unknown> {
  return stage5(execution);
}
function stage5(execution: AgentExecution): Promise<unknown> {
  return stage6(execution);
}
function stage6(execution: AgentExecution): Promise<unknown> {
  return stage7(execution);
}
function stage7(execution: AgentExecution): Promise<unknown> {
  return stage8(execution);
}
// The last stage: the delegate starts briefed on the turn so far.
async function stage8(execution: AgentExecution): Promise<unknown> {
${BRIEF("execution.sessionServices.registry", "execution", "  ")}
  return runExecution(execution);
}
// Runs delegated executions for the session through the pipeline.
class DelegateRunner {
  launch = async (execution: AgentExecution) => stage1(execution);
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
];

// ---- harmless neighbours: these must still prove and apply ----
const HARMLESS = [
  {
    id: "r10-h-name-helper-plain",
    description: "`delegates: { launch: named(runCountedDelegate, \"launch\") }`, where the top-level `named(fn, name)` returns `Object.defineProperty(fn, \"name\", { value: name })` (esbuild's `__name` shape); `runCountedDelegate` counts the delegate, then runs it",
    why: "the name helper the rules accept, around a function that does nothing to the child",
    edits: [
      RUNNER_IFACE("launch"),
      sessionTop(`${RUN_COUNTED}
// Names a delegate runner (for traces).
function named(fn: (execution: AgentExecution) => Promise<unknown>, name: string) {
  return Object.defineProperty(fn, "name", { value: name });
}`),
      servicesValue(`delegates: { launch: named(runCountedDelegate, "launch") } as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-h-shadowing-local-counts",
    description: "as `r10-shadowing-local`, the local `launchDelegate` only counts the delegate on the session (`delegatesLaunched++`), then runs it",
    why: "a local shadowing a top-level function, both doing nothing to the child",
    edits: [
      RUNNER_IFACE("launch"),
      sessionTop(`// Runs a delegate as it is.
function launchDelegate(execution: AgentExecution) {
  return runExecution(execution);
}`),
      sessionField(`  delegatesLaunched = 0;`),
      sessionMethod(`  relaunch(execution: AgentExecution) {
    return launchDelegate(execution);
  }`),
      sessionCtorStart(`    // Delegates are counted.
    const launchDelegate = async (execution: AgentExecution) => {
      this.delegatesLaunched++;
      return runExecution(execution);
    };`),
      servicesValue(`delegates: { launch: launchDelegate },`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-h-param-passed-counts",
    description: "`DelegateRunner`'s constructor stores its `launch` parameter (`this.launch = launch`); the session builds it with `new DelegateRunner(runCountedDelegate)` (counts, then runs the child)",
    why: "a parameter resolved through its one `new` caller to a function that does nothing to the child",
    edits: [
      RUNNER_IFACE("launch"),
      sessionTop(`${RUN_COUNTED}
// Runs delegated executions for the session.
class DelegateRunner {
  readonly launch: (execution: AgentExecution) => Promise<unknown>;
  constructor(launch: (execution: AgentExecution) => Promise<unknown>) {
    this.launch = launch;
  }
}`),
      servicesValue(`delegates: new DelegateRunner(runCountedDelegate) as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-h-this-method-logs",
    description: "`DelegateRunner.start(execution)` returns `this.launch(execution)`; `DelegateRunner.launch` logs the child's agent through its services logger, then runs it; an unrelated `ToolRunner` class has a `launch` that writes into what it is given",
    why: "`this.launch` typed to the class's own hierarchy: the unrelated class's `launch` must be ignored",
    edits: [
      RUNNER_IFACE("start"),
      sessionTop(`// Runs delegated executions for the session.
class DelegateRunner {
  start(execution: AgentExecution) {
    return this.launch(execution);
  }
  launch(execution: AgentExecution) {
    execution.sessionServices.logger.debug(\`launching \${execution.agentName}\`);
    return runExecution(execution);
  }
}
// Tool jobs (not executions): each is stamped when it is launched.
class ToolRunner {
  readonly stamps: number[] = [];
  launch(job: { startedAt?: number }) {
    job.startedAt = Date.now();
    this.stamps.push(job.startedAt);
  }
}`),
      sessionField(`  readonly toolRunner = new ToolRunner();`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("start"),
    ],
  },
  {
    id: "r10-h-descriptor-value-counts",
    description: "`DelegateRunner`'s constructor does `Object.defineProperty(this, \"launch\", { value: runCountedDelegate, enumerable: false })`; `runCountedDelegate` counts the delegate, then runs it",
    why: "a descriptor's `value` (the shape the rules read) around a function that does nothing to the child",
    edits: [
      RUNNER_IFACE("launch"),
      sessionTop(`${RUN_COUNTED}
// Runs delegated executions for the session.
class DelegateRunner {
  constructor() {
    Object.defineProperty(this, "launch", { value: runCountedDelegate, enumerable: false });
  }
}`),
      servicesValue(`delegates: new DelegateRunner() as any,`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
  {
    id: "r10-h-private-method-counts",
    description: "`DelegateRunner.launch` (a class-field arrow) awaits `this.#count(execution)`, a private method that counts delegates by agent in the runner's own map, then runs the child",
    why: "a `#private` method given the child that reads it and writes only the runner's own state",
    edits: [
      RUNNER_IFACE("launch"),
      sessionTop(`// Runs delegated executions for the session, counted by agent.
class DelegateRunner {
  readonly launched = new Map<string, number>();
  async #count(execution: AgentExecution): Promise<void> {
    this.launched.set(execution.agentName, (this.launched.get(execution.agentName) ?? 0) + 1);
  }
  launch = async (execution: AgentExecution) => {
    await this.#count(execution);
    return runExecution(execution);
  };
}`),
      servicesValue(`delegates: new DelegateRunner(),`),
      TOOL_THROUGH_RUNNER("launch"),
    ],
  },
];

export const ROUND10 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
