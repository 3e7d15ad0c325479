// Round 13 (round13.mjs): a red team's mutants against round 12's rule for a
// child put in a Set of running executions: a computed read `o[k]` counts as a
// use of the Set's key unless `o` cannot be one of the holder literals (the
// object literals that spell the key), followed back through parameters, IIFE
// calls, top-level names, members by the values their key is given, and `this`
// in a class method (an instance, never a holder). These mutants take the live
// Set out through a computed read (or no member read at all) on an object the
// rule may believe is no holder: `this` of a class method called with
// `.call(services)`, `this` of an object literal's method, a spread copy of the
// services, a top-level name assigned inside a function, a walker called
// through `.call(undefined, services)`, a `new Proxy` of the services on a
// member, a getter returning the services, an array-pattern assignment giving
// a member key the services, `Object.values`, a computed destructuring
// pattern. Every harmful one pushes the turn root's user steering onto each
// live execution with no prompt yet (a sub-agent, a memory extraction) before
// it runs. Plus two harmless neighbours that must prove and apply.
// Same entry format as MUTANTS in mutants.mjs (which spreads ROUND13 into it);
// edits are exact find/replace pairs on the base model's TypeScript (../model/src).
// Verdicts: ROUND13-VERDICTS.md.

const EXECUTION = "src/agent/execution.ts";
const SESSION = "src/session/session.ts";
const NODES = "src/graph/nodes.ts";

const SERVICES_IFACE = `  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}`;
const servicesFields = (...decls) => ({ file: EXECUTION, find: SERVICES_IFACE, replace: SERVICES_IFACE.replace("\n}", decls.map((d) => `\n  ${d}`).join("") + "\n}") });
const SERVICES_LITERAL = `      model: this.model,
    };`;
const servicesValues = (...values) => ({ file: SESSION, find: SERVICES_LITERAL, replace: `      model: this.model,${values.map((v) => `\n      ${v}`).join("")}\n    };` });
const NODES_TOP_ANCHOR = `export class PromptError extends Error {}`;
const nodesTop = (code) => ({ file: NODES, find: NODES_TOP_ANCHOR, replace: `${NODES_TOP_ANCHOR}\n\n${code}` });
const RUN_HEAD = `export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {`;
const runTracked = (hook = "") => ({
  file: NODES,
  find: RUN_HEAD,
  replace: `${RUN_HEAD}
  execution.sessionServices.liveExecutions.add(execution);
  try {
${hook}    return await runGraph(execution);
  } finally {
    execution.sessionServices.liveExecutions.delete(execution);
  }
}

async function runGraph(execution: AgentExecution): Promise<ExecutionState> {`,
});
const LIVE_FIELD = "// The executions running now (cancel, status).\n  liveExecutions: Set<AgentExecution>;";
const LIVE_VALUE = "liveExecutions: new Set(),";
const LIVE = [servicesFields(LIVE_FIELD), servicesValues(LIVE_VALUE)];

// The catch-up over one tracked value: the first live execution's (the turn root's) user
// steering, pushed onto every live execution with no prompt yet.
const CATCH_UP_SET = (tracked, ind) => `${ind}if (tracked instanceof Set) {
${ind}  let said: AgentExecution["prompts"][number] | undefined;
${ind}  for (const live of ${tracked} as Set<AgentExecution>) said ??= live.prompts.flat().filter((m) => m.kind === "user");
${ind}  if (said && said.length > 0) for (const live of ${tracked} as Set<AgentExecution>) if (live.prompts.length === 0) live.prompts.push(said);
${ind}}`;
// Walks every key of `o` by a computed read.
const WALK = (o, ind = "  ") => `${ind}for (const key of Object.keys(${o})) {
${ind}  const tracked: unknown = (${o} as any)[key];
${CATCH_UP_SET("tracked", ind + "  ")}
${ind}}`;

const HARMFUL = [
  {
    id: "r13-class-method-call-services",
    description: "the services gain `liveExecutions: new Set()`; `runExecution` adds the execution before its run (deletes it after) and calls `ServiceWalker.prototype.catchUp.call(execution.sessionServices)`: a class method that walks `Object.keys(this)` and reads `this[key]`, pushing the root's user steering onto every live execution with no prompt",
    why: "`this` in a class method is taken for an instance of the class, never a holder; `.call` hands it the services literal",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
class ServiceWalker {
  catchUp(this: object): void {
${WALK("this", "    ")}
  }
}`),
      runTracked("    ServiceWalker.prototype.catchUp.call(execution.sessionServices);\n"),
    ],
  },
  {
    id: "r13-literal-method-this",
    description: "as `r13-class-method-call-services`, the walker a method of a top-level object literal, `const serviceWalker = { catchUp() { … this[key] … } }`, called `serviceWalker.catchUp.call(execution.sessionServices)`",
    why: "`this` in an object literal's method is the object the call names, here the services",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
const serviceWalker = {
  catchUp(this: object): void {
${WALK("this", "    ")}
  },
};`),
      runTracked("    serviceWalker.catchUp.call(execution.sessionServices);\n"),
    ],
  },
  {
    id: "r13-spread-copy-argument",
    description: "the catch-up `catchUpDelegates(view)` walks `Object.keys(view)` reading `view[key]`; its only call passes `{ ...execution.sessionServices, depth }`, a spread copy of the services",
    why: "an object literal that does not spell the key is no holder, but a spread copies the Set onto it",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(view: Record<string, unknown>): void {
${WALK("view")}
}`),
      runTracked("    catchUpDelegates({ ...execution.sessionServices, depth: 0 });\n"),
    ],
  },
  {
    id: "r13-top-level-assigned-in-function",
    description: "a top-level `let trackedServices: object = {}`; `runExecution` assigns `trackedServices = execution.sessionServices` and calls `catchUpDelegates()`, which walks `Object.keys(trackedServices)` reading `trackedServices[key]`",
    why: "a top-level name's initialiser is a non-holder literal; its assignment inside a function gives it the services",
    edits: [
      ...LIVE,
      nodesTop(`// The services of the execution that ran last (status).
let trackedServices: object = {};

// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(): void {
${WALK("trackedServices")}
}`),
      runTracked("    trackedServices = execution.sessionServices;\n    catchUpDelegates();\n"),
    ],
  },
  {
    id: "r13-walker-call-undefined",
    description: "the catch-up `catchUpDelegates(services)` walks `Object.keys(services)` reading `services[key]`; its only call is `catchUpDelegates.call(undefined, execution.sessionServices)`",
    why: "a call through `.call` shifts the arguments by one: position 0 is `undefined`",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(services: object): void {
${WALK("services")}
}`),
      runTracked("    catchUpDelegates.call(undefined, execution.sessionServices);\n"),
    ],
  },
  {
    id: "r13-proxy-member",
    description: "a top-level `const view = { target: {} as object }`; `runExecution` sets `view.target = new Proxy(execution.sessionServices, {})` and calls `catchUpDelegates()`, which walks `Object.keys(view.target)` reading `view.target[key]`",
    why: "a member's values are `{}` and a `new` expression, neither a holder; the proxy forwards every read to the services",
    edits: [
      ...LIVE,
      nodesTop(`// What the status view shows.
const view = { target: {} as object };

// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(): void {
${WALK("view.target")}
}`),
      runTracked("    view.target = new Proxy(execution.sessionServices, {});\n    catchUpDelegates();\n"),
    ],
  },
  {
    id: "r13-getter-member",
    description: "the catch-up `catchUpDelegates(lens)` walks `Object.keys(lens.target)` reading `lens.target[key]`; its only call passes `{ get target() { return execution.sessionServices; } }`",
    why: "the only value given the key `target` is a getter (a function), no holder; reading it returns the services",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(lens: { readonly target: object }): void {
${WALK("lens.target")}
}`),
      runTracked("    catchUpDelegates({ get target() { return execution.sessionServices; } });\n"),
    ],
  },
  {
    id: "r13-array-pattern-member",
    description: "a top-level `const view = { target: {} as object }`; `runExecution` does `[view.target] = [execution.sessionServices]` and calls `catchUpDelegates()`, which walks `Object.keys(view.target)` reading `view.target[key]`",
    why: "the key `target` is given the services by an array-pattern assignment, not `x.target = …`",
    edits: [
      ...LIVE,
      nodesTop(`// What the status view shows.
const view = { target: {} as object };

// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(): void {
${WALK("view.target")}
}`),
      runTracked("    [view.target] = [execution.sessionServices];\n    catchUpDelegates();\n"),
    ],
  },
  {
    id: "r13-object-values",
    description: "the catch-up `catchUpDelegates(services)` walks `Object.values(services)` (no member read at all) and catches up every Set it finds; called with `execution.sessionServices`",
    why: "`Object.values` reads every key of its argument without a member expression",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(services: object): void {
  for (const tracked of Object.values(services)) {
${CATCH_UP_SET("tracked", "    ")}
  }
}`),
      runTracked("    catchUpDelegates(execution.sessionServices);\n"),
    ],
  },
  {
    id: "r13-computed-destructure",
    description: "the catch-up `catchUpDelegates(services)` walks `Object.keys(services)` taking each value by a computed destructuring pattern, `const { [key]: tracked } = services as any`; called with `execution.sessionServices`",
    why: "a computed key in a destructuring pattern reads the member without a member expression",
    edits: [
      ...LIVE,
      nodesTop(`// Catches delegates up on what the user told the top-level agent, over every tracked collection.
function catchUpDelegates(services: object): void {
  for (const key of Object.keys(services)) {
    const { [key]: tracked } = services as any;
${CATCH_UP_SET("tracked", "    ")}
  }
}`),
      runTracked("    catchUpDelegates(execution.sessionServices);\n"),
    ],
  },
];

const HARMLESS = [
  {
    id: "r13-h-walk-plain-literal",
    description: "the services gain `liveExecutions: new Set()` (added before the run, deleted after); `runExecution` logs `describeRun({ agent, depth })`, which walks `Object.keys(fields)` reading `fields[key]` into a string; its only call passes a literal with no Set",
    why: "the only object the computed read sees is a literal that does not hold the Set",
    edits: [
      ...LIVE,
      nodesTop(`// A one-line description of a run's fields (debug logs).
function describeRun(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(fields)) parts.push(\`\${key}=\${String((fields as any)[key])}\`);
  return parts.join(" ");
}`),
      runTracked("    execution.sessionServices.logger.debug(describeRun({ agent: execution.agentName, prompts: execution.prompts.length }));\n"),
    ],
  },
  {
    id: "r13-h-class-own-counters",
    description: "the services gain `liveExecutions: new Set()` (added before the run, deleted after); a class `RunStats { runs = 0; live = 0; summary() }` whose `summary` walks `Object.keys(this)` reading `this[key]`; `runExecution` counts each run on a top-level `new RunStats()` and logs its summary",
    why: "`this` in a class method called on its own instance: no holder",
    edits: [
      ...LIVE,
      nodesTop(`// Counters for debug logs.
class RunStats {
  runs = 0;
  live = 0;
  summary(): string {
    return Object.keys(this).map((key) => \`\${key}=\${(this as any)[key]}\`).join(" ");
  }
}
const runStats = new RunStats();`),
      runTracked("    runStats.runs++;\n    runStats.live = execution.sessionServices.liveExecutions.size;\n    execution.sessionServices.logger.debug(runStats.summary());\n"),
    ],
  },
];

export const ROUND13 = [
  ...HARMFUL.map((m) => ({ model: "base", expect: "harmful", ...m })),
  ...HARMLESS.map((m) => ({ model: "base", expect: "harmless", ...m })),
].map(({ id, model, expect, description, why, edits }) => ({ id, model, expect, description, why, edits }));
