// kiro-steer-scope proof harness. Reads {mode, stock, patched} on stdin; each
// side holds code sliced out of the bundle (see src/slice.rs). Each side runs
// in its own vm context where every name the slices leave free is a stub.
//
// Nothing about how this bundle's code is called is assumed: before the cases
// run, calibration tries the plausible calling forms on scratch objects and
// keeps the ones whose effect it can read back (an entry of kind "user" with
// our text, a cursor that moved and a queue that grew, a turn-end answer that
// differs with and without pending steering). Deliveries are attributed by
// what the harness owns (entry identity, or the unique text it wrote), never
// by an id the bundle makes.
"use strict";
const vm = require("node:vm");

class Inconclusive extends Error {}
// What an execution is prompted with holds a value the proof does not have:
// never a world where the fix can be said to hold, whatever the stock side does.
class Unseen extends Inconclusive {}

const tag = (v) => Object.prototype.toString.call(v);
const isMap = (v) => tag(v) === "[object Map]";
const isSet = (v) => tag(v) === "[object Set]";

// Every use of a stub counts here, so a probe can tell whether the value it
// decides on was computed from one.
const TOUCH = { n: 0 };

// A stub read as a number: a small positive count, as the settings a stub
// stands for are (a retry limit, a depth limit); 0 would end every loop
// bounded by one before it starts. The stub pass answers its comparisons
// the other way too.
const STUB_NUMBER = 8;
// Whether any stub was read as a number; the pass with stubs answered
// otherwise then reads them as OTHER_NUMBERS, the small counts a version or
// a mode setting takes (`TABLE.at(Math.min(settings.version, 2))`), not
// every number.
const NUMBERS = { coerced: false, value: STUB_NUMBER };
const OTHER_NUMBERS = [1, 0, 2, 3, 4];

// Stubs: callable, any property is another stub, every call returns a new
// one whose string form is distinct (ids made from stubs stay distinct).
function stubFactory() {
  let count = 0;
  const made = new WeakSet();
  const answers = new WeakSet();
  const answer = () => {
    const v = make();
    answers.add(v);
    return v;
  };
  const make = () => {
    const id = ++count;
    TOUCH.n++;
    const touch = (v) => (TOUCH.n++, v);
    // What the sliced code writes to a stub it reads back: an unknown object
    // is still the one it wrote to (a root's take recording into a shared
    // context a delegate's take then reads).
    const written = new Map();
    const proxy = new Proxy(function stub() {}, {
      get(_t, p) {
        TOUCH.n++;
        if (written.has(p)) return written.get(p);
        if (p === Symbol.toPrimitive) return (hint) => touch(hint === "number" ? ((NUMBERS.coerced = true), NUMBERS.value) : `stub${id}`);
        if (p === "then" || p === Symbol.iterator || p === Symbol.asyncIterator || p === Symbol.hasInstance) return undefined;
        return make();
      },
      apply: () => answer(),
      construct: () => answer(),
      set: (_t, p, v) => touch((written.set(p, v), true)),
      has: (_t, p) => touch(written.has(p)),
      defineProperty: (_t, p, d) => touch((written.set(p, "value" in d ? d.value : d.get ? d.get() : undefined), true)),
      deleteProperty: (_t, p) => touch((written.delete(p), true)),
      getPrototypeOf: () => touch(Function.prototype),
    });
    made.add(proxy);
    return proxy;
  };
  // `isAnswer`: the stub is what a call of a stub returned, code the proof does not have.
  return { make, isStub: (v) => made.has(v), isAnswer: (v) => answers.has(v) };
}

// A receiver built without its constructor: missing members are stubs.
function looseInstance(Cls, stub) {
  const target = Object.create(Cls.prototype);
  return new Proxy(target, {
    get(t, p, r) {
      const v = Reflect.get(t, p, r);
      return v === undefined && typeof p === "string" ? stub() : v;
    },
  });
}

// The code one side runs: every free name a stub, then the helpers and the
// slices as vars, and `__kss.api` holding what the harness calls.
function loaderSource(side) {
  const lines = [];
  if (side.free.length) lines.push(`var ${side.free.map((n) => `${n} = __kss.stub()`).join(", ")};`);
  for (const h of side.prelude) lines.push(h.decl !== undefined ? h.decl : `var ${h.name} = (${h.init});`);
  lines.push(`var ${side.execClass.name} = (${side.execClass.text});`);
  lines.push(`var ${side.bufferClass.name} = (${side.bufferClass.text});`);
  const owners = side.owners.map((o, i) => {
    lines.push(`var __kssOwner${i} = (${o.text});`);
    if (o.name) lines.push(`var ${o.name} = __kssOwner${i};`);
    return `__kssOwner${i}`;
  });
  for (const a of side.aliases) lines.push(`var ${a.name} = ${a.of};`);
  const fn = (c) => (c.form === "function" || c.form === "factory" ? c.text : "null");
  // A maker's arguments as its own call sites in the bundle pass them.
  const makers = (c) => `[${(c.makers || []).map((m) => `function () { return [${m.args}]; }`).join(", ")}]`;
  const spawns = side.spawns.map((s) => {
    const locals = s.locals.length ? `var ${s.locals.map((l) => `${l} = __kss.view(__parent, ${JSON.stringify(l === s.depth)})`).join(", ")};` : "";
    return `function (__parent) {\n${locals}\nreturn (${s.text});\n}`;
  });
  // The whole function around each spawn site: its class recorded, its hand-off replaced.
  const drivers = side.spawns.map((s) => {
    const d = s.driver;
    if (!d) return "null";
    const views = d.views.length ? `var ${d.views.map((v) => `${v} = __kss.view(__parent, false)`).join(", ")};` : "";
    // A construction helper the function calls is lifted in, building the recorded class too.
    const helper = d.helper ? `, ${d.helper.name}` : "";
    const helperArg = d.helper ? `, (function (${d.class}) { return ${d.helper.text}; })(__kssRecord)` : "";
    return `function (__parent, __kssRecord, __kssHandoff) {\n${views}\nreturn (function (${d.class}, ${d.handoff ?? "__kssNoHandoff"}${helper}) { return ${d.text}; })(__kssRecord, __kssHandoff${helperArg});\n}`;
  });
  lines.push(
    `__kss.api = { Exec: ${side.execClass.name}, Buffer: ${side.bufferClass.name}, owners: [${owners.join(", ")}], ` +
      `drain: ${fn(side.drain)}, endOfTurn: ${fn(side.endOfTurn)}, ` +
      `drainMakers: ${makers(side.drain)}, endOfTurnMakers: ${makers(side.endOfTurn)}, spawns: [${spawns.join(",\n")}], ` +
      `drivers: [${drivers.join(",\n")}] };`,
  );
  return lines.join("\n");
}

// Decisions the sliced code made on a stub (`__kss.d`, probed by the
// slicer), by source offset, with a switch's literal cases; those in `flip`
// are answered otherwise: a stub value absent, a leaf (a comparison or a
// call that touched a stub) the other way, a switch given its `variant`th case.
const DECISIONS = { seen: new Map(), flip: new Set(), variant: 0, altered: 0 };
// Every probe the sliced code passed, by source offset: a write of a
// top-level binding in a slice counts as the proof's own only if a case ran it.
const RAN = new Set();

function build(side, stubs) {
  const host = {
    stub: stubs.make,
    api: null,
    // The stub uses and the answers changed so far, before a probe's value.
    m: () => [TOUCH.n, DECISIONS.altered],
    d: ([touched, altered], value, at, kind) => {
      RAN.add(at);
      if (kind === 2) return value;
      // A key looked up in a table: answered otherwise with each of its own keys.
      if (kind !== null && typeof kind === "object" && !Array.isArray(kind)) {
        const table = kind.keys;
        kind = table !== null && typeof table === "object" && !stubs.isStub(table) ? Object.keys(table) : [];
      }
      const stub = stubs.isStub(value);
      if (stub) TOUCH.n++;
      if (kind === 0 ? !stub : TOUCH.n === touched) return value;
      DECISIONS.seen.set(at, Array.isArray(kind) ? kind : []);
      if (!DECISIONS.flip.has(at)) return value;
      // In odd variants a leaf whose inner decisions were answered otherwise
      // already is left as they make it (`(stub ?? "turn") === "turn"`); in
      // even ones it is answered the other way too (`Number(stub ?? 0) > 0`).
      if (kind === 1 && !stub && DECISIONS.variant % 2 === 1 && DECISIONS.altered !== altered) return value;
      DECISIONS.altered++;
      // A stub is taken absent whatever decides on it (`stub?.x ?? default` takes the default).
      if (kind === 1 && !stub) return !value;
      if (Array.isArray(kind) && kind.length) return kind[DECISIONS.variant % kind.length];
      return undefined;
    },
  };
  const view = (parent, isDepth) => {
    if (isDepth) return parent.subExecutionDepth;
    return new Proxy(function view() {}, {
      get(_t, p) {
        if (p === Symbol.toPrimitive) return () => parent.subExecutionDepth;
        if (p === "then") return undefined;
        if (p === "execution") return parent;
        if (p in parent) return parent[p];
        return stubs.make();
      },
      apply: () => stubs.make(),
    });
  };
  host.view = view;
  const context = vm.createContext({
    AbortController, AbortSignal, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
    structuredClone, DOMException, TextEncoder, TextDecoder, URL, Buffer,
    console: stubs.make(), process: stubs.make(), require: stubs.make(), __kss: host,
  });
  const source = loaderSource(side);
  try {
    vm.runInContext(source, context, { timeout: 2000, filename: "sliced-bundle.js" });
  } catch (e) {
    throw new Inconclusive(`the sliced code did not load: ${e && e.message ? e.message : e}`);
  }
  const api = host.api;
  api.spawnInfo = side.spawns.map((s) => ({
    memory: s.memory === true,
    // A construction shared by both (skipHooks given by each caller) stands for a sub-agent too.
    sub: s.sub ?? s.memory !== true,
    at: s.at,
    thisIsParent: s.thisIsParent === true,
    driver: s.driver ? { params: s.driver.params, thisIsParent: s.driver.thisIsParent === true, fnAt: s.driver.fnAt } : null,
    notDriven: s.notDriven ?? null,
  }));
  api.view = view;
  api.spawnRuns = new Map();
  return api;
}

const errText = (e) => (e && e.message ? e.message : String(e));

// ---- reading the bundle's objects back ------------------------------------

function makeReader(stubs) {
  // Every object reachable from `root` (a few levels) that looks like a
  // buffer entry: it has a string `kind`.
  const entries = (root) => {
    const out = [];
    const seen = new Set();
    const visit = (v, depth) => {
      if (!v || typeof v !== "object" || seen.has(v) || stubs.isStub(v)) return;
      seen.add(v);
      if (depth > 0 && typeof v.kind === "string" && !isMap(v) && !isSet(v) && !Array.isArray(v)) {
        out.push(v);
        return;
      }
      if (depth >= 4) return;
      if (Array.isArray(v)) v.forEach((x) => visit(x, depth + 1));
      else if (isMap(v)) for (const x of v.values()) visit(x, depth + 1);
      else if (isSet(v)) for (const x of v) visit(x, depth + 1);
      else {
        for (const k of Reflect.ownKeys(v)) {
          let x;
          try { x = v[k]; } catch { continue; }
          visit(x, depth + 1);
        }
      }
    };
    visit(root, 0);
    return out;
  };
  // Every string inside a delivered item (the item itself, or a few levels down).
  const strings = (v) => {
    const out = [];
    const seen = new Set();
    const visit = (x, depth) => {
      if (typeof x === "string") { out.push(x); return; }
      if (!x || typeof x !== "object" || seen.has(x) || stubs.isStub(x) || depth > 3) return;
      seen.add(x);
      if (Array.isArray(x)) x.forEach((y) => visit(y, depth + 1));
      else if (isMap(x)) for (const y of x.values()) visit(y, depth + 1);
      else if (!isSet(x)) {
        for (const k of Object.keys(x)) {
          let y;
          try { y = x[k]; } catch { continue; }
          visit(y, depth + 1);
        }
      }
    };
    visit(v, 0);
    return out;
  };
  return { entries, strings };
}

function listOf(queue, name) {
  if (Array.isArray(queue)) return queue.slice();
  if (isSet(queue) || isMap(queue)) return [...queue.values()];
  throw new Inconclusive(`the execution's own queue \`${name}\` is not an array, Set or Map`);
}

function emptyQueue(queue) {
  if (Array.isArray(queue)) { try { queue.length = 0; } catch {} }
  else if (isSet(queue) || isMap(queue)) queue.clear();
}

// Every string an execution holds, however deep: its own data properties
// (no getter is run), arrays, Maps, Sets and what a WeakRef still holds. The
// session's buffer (and what it owns) and other executions are not its own;
// functions and stubs hold nothing. This is what a model invocation of that
// execution could be prompted with, wherever the bundle put it.
function heldStrings(root, ctx) {
  return holdings(root, ctx).strings;
}

function holdings(root, { stubs, Exec, buffer }) {
  const skip = new Set();
  if (buffer && typeof buffer === "object") {
    skip.add(buffer);
    for (const k of Reflect.ownKeys(buffer)) {
      const d = Object.getOwnPropertyDescriptor(buffer, k);
      if (d && d.value && typeof d.value === "object") skip.add(d.value);
    }
  }
  const out = [];
  const answers = [];
  const seen = new Set();
  const stack = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") { out.push(v); continue; }
    if (stubs.isAnswer(v)) answers.push(v);
    if (!v || typeof v !== "object" || seen.has(v) || skip.has(v) || stubs.isStub(v)) continue;
    if (v !== root && v instanceof Exec) continue;
    seen.add(v);
    if (seen.size > 200000) throw new Inconclusive("an execution holds more than 200000 objects; what it holds could not be read");
    if (isMap(v)) for (const [k, x] of v) stack.push(k, x);
    else if (isSet(v)) for (const x of v) stack.push(x);
    else if (tag(v) === "[object WeakRef]") stack.push(v.deref());
    else {
      for (const k of Reflect.ownKeys(v)) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        if (d && "value" in d) stack.push(d.value);
      }
    }
  }
  return { strings: out, answers };
}

// The labels of the messages `exec` holds as messages, in the order they were
// typed: the entry itself or a copy, a string that is the message's text.
// Text inside a longer string (a transcript memory extraction is given, a
// summary) mentions a message; it is not that message queued to act on.
function heldLabels(exec, messages, ctx) {
  const strings = new Set(heldStrings(exec, ctx));
  return messages.filter((m) => strings.has(m.text)).map((m) => m.label);
}

// How a model invocation takes the execution's queue: the one method that,
// called with no argument on an execution whose queue holds a drained steer,
// leaves the queue empty while the execution still holds the steer (its
// prompt, in the bundle's own way). Without exactly one, the harness empties
// the queue itself and the execution keeps nothing of it.
async function findTake(cal, makeWorld, drain, steerInto) {
  const queueName = cal.side.queue;
  const names = new Set();
  for (let o = cal.api.Exec.prototype; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const k of Object.getOwnPropertyNames(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k);
      if (k !== "constructor" && d && typeof d.value === "function" && d.value.length === 0) names.add(k);
    }
  }
  const takes = [];
  for (const name of names) {
    try {
      const w = makeWorld(drain.slot);
      const e = w.exec("probe");
      const t = cal.text("T");
      steerInto(w.buffer, t);
      await drain.call(e, w);
      if (listOf(e[queueName], queueName).length !== 1) continue;
      const r = e[name]();
      if (r && typeof r.then === "function") { r.then(undefined, () => {}); continue; }
      const left = e[queueName];
      if (left && listOf(left, queueName).length !== 0) continue;
      const ctx = { stubs: cal.stubs, Exec: cal.api.Exec, buffer: w.buffer };
      const fields = Object.keys(e).filter((k) => k !== queueName && heldStrings(e[k], ctx).some((s) => s.includes(t)));
      if (!fields.length) continue;
      takes.push({ name, fields });
    } catch (err) {
      if (err instanceof Inconclusive) throw err;
    }
  }
  cal.found.take = takes.length === 1
    ? `${takes[0].name}(), into ${takes[0].fields.join(", ")}`
    : `none found (${takes.length ? takes.map((t) => t.name).join(", ") : "no method empties the queue and keeps what it took"}): the harness empties the queue`;
  return takes.length === 1 ? takes[0] : { name: null, fields: [] };
}

const GUESS = "guessed";
const DRAIN_ARGS = [
  ["(execution)", (e) => [e], GUESS],
  ["({execution})", (e) => [{ execution: e }], GUESS],
  ["({execution, sessionServices})", (e, w) => [{ execution: e, sessionServices: w.services }], GUESS],
];
const TARGETS = { continueTarget: "kss:continue", doneTarget: "kss:done" };
// Fewest arguments first: a form with an argument the function ignores would pass too.
// A graph state that holds the execution and, for every other member the
// check reads first (`state.response.toolCalls ?? []`), an empty object: a
// turn with no tool call pending. Guessed last; calibration still has to see
// the answer turn on the steering.
const emptyState = (e) =>
  new Proxy({ execution: e }, {
    get: (t, p) => (p in t || typeof p === "symbol" || p === "then" || p === "toJSON" ? t[p] : (t[p] = {})),
  });
const TURN_ARGS = [
  ["({execution})", (e) => [{ execution: e }], GUESS],
  ["(execution)", (e) => [e], GUESS],
  ["({execution}, {continueTarget, doneTarget})", (e) => [{ execution: e }, TARGETS], GUESS],
  ["(execution, {continueTarget, doneTarget})", (e) => [e, TARGETS], GUESS],
  ["({execution, <any other member: {}>})", (e) => [emptyState(e)], GUESS],
];

// ---- forms read from the bundle's own code (src/slice.rs) -------------------
// What a name says a value is: [label, (exec, world) => value], or null.
function byName(name) {
  if (typeof name !== "string") return null;
  if (/^(execution|exec|agentExecution|subExecution|parentExecution)$/i.test(name)) return ["execution", (e) => e];
  if (/^(state|ctx|context|graphState|nodeState)$/i.test(name)) return ["{execution}", (e) => ({ execution: e })];
  if (/^(sessionServices|services)$/i.test(name)) return ["sessionServices", (_e, w) => w.services];
  if (/^targets?$/i.test(name)) return ["{continueTarget, doneTarget}", () => ({ ...TARGETS })];
  if (/target$/i.test(name)) return [name, () => `kss:${name}`];
  return null;
}
// What an unnamed value may be (a mangled name): the execution, or a state
// holding it. A guess: the third element says so.
const UNNAMED = [["execution", (e) => e, true], ["{execution}", (e) => ({ execution: e }), true]];

// One argument, from a parameter ({name} | {keys}) or a call's argument
// ({name} | {object} | {lit}): its alternatives, each [label, value].
function argAlternatives(a, first) {
  if (a.keys || a.object) {
    const keys = a.keys ? a.keys.filter((k) => k.key).map((k) => k.key) : a.object.filter((k) => k.key).map((k) => k.key);
    const parts = keys.map((k) => [k, byName(k)]).filter(([, r]) => r);
    if (!parts.length) return [];
    return [[`{${parts.map(([k]) => k).join(", ")}}`, (e, w) => Object.fromEntries(parts.map(([k, r]) => [k, r[1](e, w)]))]];
  }
  if (a.lit !== undefined) return [[JSON.stringify(a.lit), () => a.lit]];
  const named = byName(a.name);
  if (named) return [named];
  return first ? UNNAMED : [["undefined", () => undefined]];
}

// The calling forms a parameter list or a call's arguments give:
// [shape, (exec, world) => args, origin], every combination of alternatives.
function derivedArgs(list, origin) {
  if (!Array.isArray(list) || list.some((a) => a.rest || a.spread)) return [];
  let combos = [[]];
  for (const [i, a] of list.entries()) {
    const alts = argAlternatives(a, i === 0);
    if (!alts.length) return [];
    combos = combos.flatMap((c) => alts.map((alt) => [...c, alt]));
  }
  while (combos.length && combos[0].length && combos.every((c) => c[c.length - 1][0] === "undefined")) combos = combos.map((c) => c.slice(0, -1));
  const guessed = (c) => (c.some((x) => x[2]) ? `${origin}, a mangled name guessed as ${c.filter((x) => x[2]).map((x) => x[0]).join(", ")}` : origin);
  return combos.map((c) => [`(${c.map((x) => x[0]).join(", ")})`, (e, w) => c.map((x) => x[1](e, w)), guessed(c)]);
}

// The forms for the drain or the end-of-turn check: from the code (its own
// calls, then its parameter list), then the guesses; one per shape.
function argFormsFor(desc, guesses) {
  const out = [];
  for (const c of desc.calls || []) out.push(...derivedArgs(c.args, `from the code: its call at byte ${c.at}`));
  out.push(...derivedArgs(desc.params, "from the code: its parameter list"));
  out.push(...guesses);
  const seen = new Set();
  return out.filter(([shape]) => !seen.has(shape) && seen.add(shape));
}

// The calling forms of a function the anchors found, each as
// [label, (exec, world) => result, origin], on one side's api. A closure
// is made by its maker first: with the arguments of the maker's own calls
// in the bundle, else with values its parameter names call for.
function callForms(api, stubs, desc, fn, argForms, makers) {
  if (desc.form === "function") return argForms.map(([shape, args, origin]) => [`${desc.name || "f"}${shape}`, (e, w) => fn(...args(e, w)), origin]);
  if (desc.form === "factory") {
    const made = [
      ...(desc.makers || []).map((m, i) => [`${desc.name}(<the arguments of its call at byte ${m.at}>)`, () => makers[i](), `from the code: the maker's call at byte ${m.at}`]),
      ...derivedArgs(desc.makerParams, "").map(([shape, args]) => [`${desc.name}${shape}`, () => args(null, null), "from the code: the maker's parameter list"]),
    ];
    const out = [];
    for (const [mlabel, margs, morigin] of made) {
      for (const [shape, args, origin] of argForms) {
        out.push([`${mlabel}${shape}`, (e, w) => fn(...margs())(...args(e, w)), `${morigin}; the closure's arguments ${origin === GUESS ? "guessed" : origin.replace(/^from the code: /, "from ")}`]);
      }
    }
    return out;
  }
  const Owner = desc.owner === "execution" ? api.Exec : desc.owner === "buffer" ? api.Buffer : api.owners[desc.owner];
  const cls = desc.ownerName || "Class";
  const name = desc.name;
  if (desc.static) return argForms.map(([shape, args, origin]) => [`${cls}.${name}${shape}`, (e, w) => Owner[name](...args(e, w)), origin]);
  if (desc.owner === "execution") {
    return [[`execution.${name}()`, (e) => e[name](), GUESS], ...argForms.map(([shape, args, origin]) => [`execution.${name}${shape}`, (e, w) => e[name](...args(e, w)), origin])];
  }
  const receivers = [
    [`new ${cls}()`, () => new Owner()],
    [`new ${cls}(stub)`, () => new Owner(stubs.make())],
    [`a ${cls} built without its constructor`, () => looseInstance(Owner, stubs.make)],
  ];
  const out = [];
  for (const [rlabel, make] of receivers) {
    for (const [shape, args, origin] of argForms) out.push([`${rlabel}.${name}${shape}`, (e, w) => make()[name](...args(e, w)), origin]);
  }
  return out;
}

// One session: a buffer in `slot` of a stub sessionServices, and executions of it.
// The session's services: every slot the code reads is an own property (the
// buffer in its slot, a stub in the others), so that a copy made by spreading
// them (`{ ...parent.sessionServices, hooks: [] }`) still holds the buffer.
function session(api, stubs, newBuffer, slot, slots = []) {
  const buffer = newBuffer();
  const own = {};
  for (const s of new Set([...slots, slot])) if (s !== undefined) own[s] = s === slot ? buffer : stubs.make();
  const services = new Proxy(own, { get: (t, p) => (Object.prototype.hasOwnProperty.call(t, p) ? t[p] : stubs.make()) });
  const exec = (label) => new api.Exec({ sessionServices: services, promptContext: stubs.make(), signal: new AbortController().signal, agentName: label });
  return { buffer, services, exec };
}

// Appends `text` with `append` and returns the message: the harness's text and the entry it made.
function record(entries, buffer, append, text) {
  const before = new Set(entries(buffer));
  append(buffer, text);
  return { text, entry: entries(buffer).find((e) => !before.has(e)) };
}

// One drain of `exec` by `call`: the items it added to the execution's own
// queue, each tied to its message; the queue is then taken as a model
// invocation takes it (`take`, the bundle's own method, when one was found).
async function drainOnce(call, exec, w, queueName, attribute, messages, take = null) {
  const before = listOf(exec[queueName], queueName).length;
  await call(exec, w);
  const got = listOf(exec[queueName], queueName).slice(before).map((item) => attribute(item, messages));
  if (take) exec[take]();
  if (exec[queueName]) emptyQueue(exec[queueName]);
  return got;
}

// The buffer's constructions, by label.
function bufferForms(api, stubs) {
  return [
    ["new Buffer()", () => new api.Buffer()],
    ["new Buffer(stub)", () => new api.Buffer(stubs.make())],
    ["new Buffer({})", () => new api.Buffer({})],
  ];
}

// How the buffer's methods are called, read from the code: templates of
// places ({text}, {kind}, {fixed}, {omit}, {object: [[key, place]]}) from a
// method's parameter list (a default "user" marks the kind) or from the
// bundle's own calls (a string literal marks it, and shows its value).
const TEXTISH = /text|content|body|message|prompt|value/i;
const KINDISH = /^(kind|type|source|origin|role|sender|from|channel)$/i;

function settle(places) {
  const flat = places.flatMap((p) => (p.object ? p.object.map(([, q]) => q) : [p]));
  const maybe = flat.filter((p) => p.maybe);
  const text = maybe.length === 1 ? maybe[0] : maybe.filter((p) => TEXTISH.test(p.name)).length === 1 ? maybe.find((p) => TEXTISH.test(p.name)) : null;
  if (!text && !flat.some((p) => p.text)) return null;
  for (const p of maybe) {
    delete p.maybe;
    if (p === text && !flat.some((q) => q.text)) p.text = true;
    else p.omit = true;
  }
  const kinds = flat.filter((p) => p.kind);
  if (flat.filter((p) => p.text).length !== 1) return null;
  if (kinds.length > 1) {
    const keep = kinds.find((p) => p.observed === "user") || kinds.find((p) => KINDISH.test(p.name)) || kinds[0];
    for (const p of kinds) if (p !== keep) { p.kind = false; p.fixed = p.observed; }
  }
  while (places.length && places[places.length - 1].omit) places.pop();
  const kind = flat.find((p) => p.kind);
  return { places, kindName: kind ? kind.name : null, observed: kind ? kind.observed : undefined };
}

function fromParams(list) {
  if (!Array.isArray(list) || !list.length || list.some((p) => p.rest)) return null;
  const places = [];
  for (const p of list) {
    if (p.keys) {
      if (p.keys.some((k) => !k.key)) return null;
      const kindKey = p.keys.find((k) => k.default === "user") || p.keys.find((k) => KINDISH.test(k.key));
      places.push({ object: p.keys.map((k) => [k.key, k === kindKey ? { kind: true, name: k.key } : k.default != null ? { omit: true, name: k.key } : { maybe: true, name: k.key }]) });
    } else if (typeof p.name === "string") {
      if (p.default === "user" || KINDISH.test(p.name)) places.push({ kind: true, name: p.name });
      else if (p.default != null) places.push({ omit: true, name: p.name });
      else places.push({ maybe: true, name: p.name });
    } else return null;
  }
  return settle(places);
}

function fromCall(args) {
  const places = [];
  const lit = (v, name) => (typeof v === "string" ? { kind: true, name, observed: v } : { fixed: v, name });
  for (const a of args) {
    if (a.lit !== undefined) places.push(lit(a.lit, "kind"));
    else if (a.object) {
      if (a.object.some((k) => !k.key)) return null;
      places.push({ object: a.object.map((k) => [k.key, k.value && k.value.lit !== undefined ? lit(k.value.lit, k.key) : { maybe: true, name: k.key }]) });
    } else if (a.name !== undefined) places.push({ maybe: true, name: a.name || "value" });
    else return null;
  }
  return settle(places);
}

function fill(place, t, kind) {
  if (place.object) return Object.fromEntries(place.object.filter(([, p]) => !p.omit).map(([k, p]) => [k, fill(p, t, kind)]));
  if (place.text) return t;
  if (place.kind) return kind;
  return place.fixed;
}

function shapeOf(places) {
  const one = (p) => (p.object ? `{${p.object.map(([k]) => k).join(", ")}}` : p.fixed !== undefined ? JSON.stringify(p.fixed) : p.name || (p.text ? "text" : "kind"));
  return `(${places.map(one).join(", ")})`;
}

// Every template the code gives, the append method's own first.
function appendTemplates(side) {
  const skip = new Set([side.bufferClass.clear, side.bufferClass.handled, "constructor"]);
  // The bundle's own calls first, those passing the most first: a parameter
  // list does not show the options a call passes (`push("user", text, {audience})`).
  const calls = [];
  for (const c of side.bufferClass.calls || []) {
    const t = !skip.has(c.method) && fromCall(c.args);
    if (t) calls.push({ method: c.method, ...t, origin: `from the code: its call of ${c.method} at byte ${c.at}`, passed: c.args.length });
  }
  const out = calls.sort((a, b) => b.passed - a.passed);
  for (const [method, list] of Object.entries(side.bufferClass.params || {})) {
    const t = !skip.has(method) && fromParams(list);
    if (t) out.push({ method, ...t, origin: `from the code: the parameter list of ${method}` });
  }
  const append = side.bufferClass.append;
  return [...out.filter((t) => t.method === append), ...out.filter((t) => t.method !== append)];
}

// ---- calibration ------------------------------------------------------------
// One function per role; `calibrate` calls them in order, each role using the
// forms the ones before it found. The order of the probes is kept as it was:
// each probe may make stubs and executions, and what comes later sees them.

// What the roles share: the reader, what was found (and where each form came
// from: the bundle's own code, or the fallback guesses), and unique texts.
function calibration(api, side, stubs) {
  const reader = makeReader(stubs);
  const found = {};
  const origins = {};
  found.from = origins;
  const nonce = Math.random().toString(36).slice(2, 8);
  let seq = 0;
  const next = () => ++seq;
  const text = (label) => `KSS${nonce}:${label}:${next()};`;
  return { api, side, stubs, reader, found, origins, nonce, next, text };
}

// The drain's and the end-of-turn check's calling forms on one side's code.
const drainForms = (api, stubs, side) => callForms(api, stubs, side.drain, api.drain, argFormsFor(side.drain, DRAIN_ARGS), api.drainMakers);
const turnForms = (api, stubs, side) => callForms(api, stubs, side.endOfTurn, api.endOfTurn, argFormsFor(side.endOfTurn, TURN_ARGS), api.endOfTurnMakers);

// Buffer construction: the first form that does not throw.
function findBuffer(cal) {
  const tried = [];
  for (const [label, make] of bufferForms(cal.api, cal.stubs)) {
    try {
      make();
      cal.found.buffer = label.replace("Buffer", cal.side.bufferClass.name);
      return { newBuffer: make, bufferLabel: label };
    } catch (e) {
      tried.push(`${label}: ${errText(e)}`);
    }
  }
  throw new Inconclusive(`cannot construct the buffer class ${cal.side.bufferClass.name} (${tried.join("; ")})`);
}

// A message object as the bundle's entries are shaped, for the (message) forms.
function messageObject(cal, kind, t) {
  const keys = cal.side.bufferClass.entryKeys.length ? cal.side.bufferClass.entryKeys : ["id", "kind", "text", "handlers"];
  const o = {};
  for (const k of keys) {
    if (k === "id") o.id = `kss-${cal.nonce}-${cal.next()}`;
    else if (k === "kind") o.kind = kind;
    else if (k === "handlers") o.handlers = new Set();
    else if (TEXTISH.test(k)) o[k] = t;
  }
  if (!keys.some((k) => TEXTISH.test(k))) o.text = t;
  return o;
}

// One append on a fresh buffer, read back: it must yield exactly one new
// entry, of kind "user" or not as wanted, holding `passed` unchanged under some key.
function tryAppend(cal, newBuffer, method, args, wantUser, passed) {
  const buffer = newBuffer();
  const before = new Set(cal.reader.entries(buffer));
  let ret;
  try { ret = buffer[method](...args); } catch (e) { return null; }
  if (ret && typeof ret.then === "function") return null;
  let fresh = cal.reader.entries(buffer).filter((e) => !before.has(e));
  if (!fresh.length && ret && typeof ret === "object" && typeof ret.kind === "string") fresh = [ret];
  if (fresh.length !== 1) return null;
  const entry = fresh[0];
  if ((entry.kind === "user") !== wantUser) return null;
  const key = Object.keys(entry).find((k) => k !== "id" && k !== "kind" && entry[k] === passed);
  return key ? { entry, key } : null;
}

// The user steer: from the code first (a template called with kind "user"),
// then the guesses on the append method.
function findSteer(cal, newBuffer, templates) {
  const append = cal.side.bufferClass.append;
  const forms = templates.map((tp) => {
    const kind = tp.kindName === null ? undefined : "user";
    return [tp.method, `${shapeOf(tp.places)} with ${tp.kindName === null ? "kind" : tp.kindName} "user"`, (t) => tp.places.map((p) => fill(p, t, kind)), tp.origin];
  });
  forms.push(
    [append, "(kind, text) with kind \"user\"", (t) => ["user", t], GUESS],
    [append, "(text) with kind \"user\"", (t) => [t], GUESS],
    [append, "(text, kind) with kind \"user\"", (t) => [t, "user"], GUESS],
    [append, "(message) with kind \"user\"", (t) => [messageObject(cal, "user", t)], GUESS],
    [append, "(text, {kind}) with kind \"user\"", (t) => [t, { kind: "user" }], GUESS],
  );
  for (const [method, shape, args, origin] of forms) {
    const t = cal.text("probe");
    if (!tryAppend(cal, newBuffer, method, args(t), true, t)) continue;
    cal.found.steer = `${method}${shape}`;
    cal.origins.steer = origin;
    return { method, shape, args, origin };
  }
  throw new Inconclusive(`no calling form of ${cal.side.bufferClass.name}.${append} gives a "user" entry holding the text unchanged (tried ${[...new Set(forms.map((f) => `${f[0]}${f[1]}`))].join(", ")})`);
}

// The notification forms, from the code first: a call as the bundle makes it
// with another kind, then each template with the buffer's other literals in
// the kind's place; then the guesses on every method of the buffer.
function noteForms(cal, templates, steer) {
  const { bufferClass } = cal.side;
  const identifier = (s) => /^[A-Za-z_][\w-]{0,31}$/.test(s);
  const observed = templates.map((tp) => tp.observed).filter((k) => typeof k === "string");
  const kinds = [...new Set([...observed, ...bufferClass.literals.filter(identifier), "notification", "system", "workflow", "notify"])].filter((k) => k !== "user");
  const forms = [];
  for (const tp of templates) {
    if (typeof tp.observed === "string" && tp.observed !== "user") forms.push([tp.method, `${shapeOf(tp.places)} with ${tp.kindName} "${tp.observed}"`, (t) => tp.places.map((p) => fill(p, t, tp.observed)), undefined, tp.origin]);
  }
  for (const tp of templates) {
    if (tp.kindName === null) continue;
    for (const k of kinds) forms.push([tp.method, `${shapeOf(tp.places)} with ${tp.kindName} "${k}"`, (t) => tp.places.map((p) => fill(p, t, k)), undefined, `${tp.origin}, with another literal of the buffer class`]);
  }
  const proto = cal.api.Buffer.prototype;
  const skip = ["constructor", bufferClass.append, bufferClass.clear, bufferClass.handled];
  const others = Object.getOwnPropertyNames(proto).filter((m) => typeof Object.getOwnPropertyDescriptor(proto, m).value === "function" && !skip.includes(m));
  for (const method of [bufferClass.append, ...others]) forms.push(...guessedNoteForms(cal, method, kinds, steer));
  return forms;
}

// The guessed notification forms on one method, the steer's own shape first.
function guessedNoteForms(cal, method, kinds, steer) {
  const forms = [];
  for (const k of kinds) {
    forms.push([`(kind, text) with kind "${k}"`, (t) => [k, t]]);
    forms.push([`(text, kind) with kind "${k}"`, (t) => [t, k]]);
    forms.push([`(message) with kind "${k}"`, (t) => [messageObject(cal, k, t)]]);
    forms.push([`(text, {kind}) with kind "${k}"`, (t) => [t, { kind: k }]]);
  }
  forms.push(["(text)", (t) => [t]]);
  for (const p of cal.side.bufferClass.literals) if (p.length <= 40) forms.push([`(text) with text prefixed ${JSON.stringify(p)}`, (t) => [p + t], p]);
  const own = steer.shape.replace(/ with .*$/, "");
  forms.sort((a, b) => (b[0].startsWith(own) ? 1 : 0) - (a[0].startsWith(own) ? 1 : 0));
  return forms.map(([shape, args, prefix]) => [method, shape, args, prefix, GUESS]);
}

// The notification: the first form giving one entry of a kind other than
// "user". Without one, the cases that need it are named as unchecked, not dropped.
function findNotification(cal, newBuffer, forms) {
  for (const [method, shape, args, prefix, origin] of forms) {
    const t = cal.text("probe");
    const passed = prefix === undefined ? t : prefix + t;
    if (!tryAppend(cal, newBuffer, method, args(t), false, passed)) continue;
    cal.found.notification = `${method}${shape}`;
    cal.origins.notification = origin;
    return { noteInto: (buffer, text) => buffer[method](...args(text)), noNote: null };
  }
  const noNote = `no calling form of the buffer's methods gives an entry of a kind other than "user" holding the text unchanged (tried ${forms.length} forms)`;
  cal.found.notification = `none: ${noNote}`;
  return { noteInto: null, noNote };
}

// Clearing: the form that leaves a steered buffer with no entry.
function findClear(cal, newBuffer, steerInto) {
  const clear = cal.side.bufferClass.clear;
  for (const [shape, args] of [["(reason)", ["turn-end"]], ["()", []]]) {
    const buffer = newBuffer();
    steerInto(buffer, cal.text("probe"));
    try { buffer[clear](...args); } catch { continue; }
    if (cal.reader.entries(buffer).length !== 0) continue;
    cal.found.clear = `${clear}${shape}`;
    return (b) => b[clear](...args);
  }
  throw new Inconclusive(`${cal.side.bufferClass.name}.${clear} does not empty the buffer`);
}

// A delivered item's message: by entry identity, else by the text the harness wrote.
function attribution(reader) {
  return (item, messages) => {
    const byIdentity = messages.filter((m) => m.entry === item);
    if (byIdentity.length === 1) return byIdentity[0];
    const inside = reader.strings(item);
    const byText = messages.filter((m) => inside.some((s) => s.includes(m.text)));
    if (byText.length === 1) return byText[0];
    throw new Inconclusive(`a delivery could not be attributed to one message (${byText.length} matched): ${JSON.stringify(inside).slice(0, 120)}`);
  };
}

// The buffer's slot in sessionServices: one trial world per slot the code
// names and per drain form, each with its execution built before any drain runs.
function drainTrials(cal, makeWorld, forms, steerInto, attribute) {
  const trials = [];
  for (const slot of cal.side.slots) {
    for (const [label, call] of forms) {
      try {
        const w = makeWorld(slot);
        const e = w.exec("probe");
        const messages = [];
        const send = (t) => messages.push(record(cal.reader.entries, w.buffer, steerInto, t));
        const run = () => drainOnce(call, e, w, cal.side.queue, attribute, messages);
        trials.push({ slot, label, e, messages, send, run });
      } catch (err) {
        if (err instanceof Inconclusive) throw err;
      }
    }
  }
  cal.found.slotsTried = cal.side.slots;
  return trials;
}

// The drain: the first trial that delivers a steer exactly once, moving the
// cursor, and the next steer once more.
async function findDrain(cal, trials, forms) {
  const queueName = cal.side.queue;
  let drain = null;
  for (const t of trials) {
    try {
      t.send(cal.text("A"));
      const first = await t.run();
      if (first.length !== 1 || t.e.steeringReaderIndex !== 1) continue;
      const again = await t.run();
      if (again.length !== 0) continue;
      t.send(cal.text("B"));
      const second = await t.run();
      if (second.length !== 1 || second[0] !== t.messages[1] || t.e.steeringReaderIndex !== 2) continue;
      const form = forms.find((f) => f[0] === t.label);
      drain = { slot: t.slot, label: t.label, call: form[1], origin: form[2] };
      break;
    } catch (err) {
      if (err instanceof Inconclusive) throw err;
    }
  }
  if (!drain) throw new Inconclusive(`no calling form of the drain delivered a steer exactly once into the execution's queue \`${queueName}\` (slots tried: ${cal.side.slots.join(", ") || "none"}; forms: ${forms.map((f) => f[0]).join(", ")})`);
  cal.found.slot = `sessionServices.${drain.slot}`;
  cal.found.drain = drain.label;
  cal.origins.drain = drain.origin;
  cal.found.attribution = `items added to the execution's \`${queueName}\`, matched to a message by entry identity or by the text the harness wrote`;
  return drain;
}

const primitive = (v) => v === null || (typeof v !== "object" && typeof v !== "function");

// How to read the end-of-turn check's answer, from its answers with and
// without pending steering: the answer itself, or the one key that differs.
function decider(pending, done) {
  if (primitive(pending) && primitive(done) && pending !== done) return (r) => r;
  if (pending && done && typeof pending === "object" && typeof done === "object") {
    const key = Object.keys(pending).find((k) => primitive(pending[k]) && primitive(done[k]) && pending[k] !== done[k] && k !== "drainRetryCount");
    if (key !== undefined) return (r) => (r && typeof r === "object" ? r[key] : r);
  }
  return null;
}

// The end-of-turn check: the form whose answer differs with pending steering
// and counts a retry, and that answers "done" once the steer is drained and taken.
async function findTurn(cal, forms, makeWorld, drain, steerInto) {
  for (const [label, call, origin] of forms) {
    try {
      const wp = makeWorld(drain.slot);
      const ep = wp.exec("probe");
      steerInto(wp.buffer, cal.text("P"));
      const pending = await call(ep, wp);
      if (ep.drainRetryCount !== 1) continue;
      const wd = makeWorld(drain.slot);
      const ed = wd.exec("probe");
      const done = await call(ed, wd);
      if (ed.drainRetryCount !== 0) continue;
      const decide = decider(pending, done);
      if (!decide) continue;
      const cont = decide(pending);
      const ws = makeWorld(drain.slot);
      const es = ws.exec("probe");
      steerInto(ws.buffer, cal.text("S"));
      await drain.call(es, ws);
      emptyQueue(es[cal.side.queue]);
      if (decide(await call(es, ws)) === cont) continue;
      cal.found.endOfTurn = `${label}, continuing when it answers ${JSON.stringify(cont)}`;
      cal.origins.endOfTurn = origin;
      return { label, call, decide, cont };
    } catch (err) {
      if (err instanceof Inconclusive) throw err;
    }
  }
  throw new Inconclusive(`no calling form of the end-of-turn check answers differently with and without pending steering while counting drainRetryCount (forms: ${forms.map((f) => f[0]).join(", ")})`);
}

// The plan: how this side's code is called, role by role, and what was found.
async function calibrate(api, side, stubs) {
  const cal = calibration(api, side, stubs);
  const { newBuffer, bufferLabel } = findBuffer(cal);
  const templates = appendTemplates(side);
  const steer = findSteer(cal, newBuffer, templates);
  const { noteInto, noNote } = findNotification(cal, newBuffer, noteForms(cal, templates, steer));
  const steerInto = (buffer, t) => buffer[steer.method](...steer.args(t));
  const clear = findClear(cal, newBuffer, steerInto);
  const makeWorld = (slot) => session(api, stubs, newBuffer, slot, side.slots);
  const drainCalls = drainForms(api, stubs, side);
  const attribute = attribution(cal.reader);
  const trials = drainTrials(cal, makeWorld, drainCalls, steerInto, attribute);
  const turnCalls = turnForms(api, stubs, side);
  const drain = await findDrain(cal, trials, drainCalls);
  const turn = await findTurn(cal, turnCalls, makeWorld, drain, steerInto);
  const take = await findTake(cal, makeWorld, drain, steerInto);
  return {
    take: take.name,
    promptFields: take.fields,
    found: cal.found,
    bufferLabel,
    drainLabel: drain.label,
    turnLabel: turn.label,
    newBuffer,
    slot: drain.slot,
    steerInto,
    noteInto,
    noNote,
    clear,
    drainCall: drain.call,
    turnCall: turn.call,
    decide: turn.decide,
    cont: turn.cont,
    attribute,
    entries: cal.reader.entries,
    text: cal.text,
  };
}

// A sub-execution from spawn site `site`: built by running the whole function
// around it (the parent's views as its arguments, the hand-off replaced), so
// that what it does to the child before the hand-off is part of the proof;
// else by the construction alone. Which of the two ran is kept per site.
function spawnChild(api, site, parent, thisForSpawn, stubs) {
  const info = api.spawnInfo[site];
  const bare = () => api.spawns[site].call(info.thisIsParent ? parent : thisForSpawn, parent);
  const drive = api.drivers[site];
  const note = (driven, why) => {
    const before = api.spawnRuns.get(site);
    if (!before || (before.driven && !driven)) api.spawnRuns.set(site, { driven, why });
  };
  if (!drive) {
    note(false, info.notDriven ?? "no driver was cut");
    return bare();
  }
  const built = [];
  const Record = class extends api.Exec {
    constructor(...args) {
      super(...args);
      built.push(this);
    }
  };
  const handoff = () => stubs.make();
  const self = info.driver.thisIsParent ? parent : thisForSpawn;
  let threw = null;
  try {
    const f = drive.call(self, parent, Record, handoff);
    // Parameters with a default are left to it (`f.length` stops at the first).
    const result = f.apply(self, Array.from({ length: Math.min(info.driver.params, f.length) }, () => api.view(parent, false)));
    if (result && typeof result.then === "function") result.then(undefined, () => {});
  } catch (e) {
    threw = e;
  }
  if (built.length === 1) {
    note(true, threw ? `ran up to a throw after the construction (${errText(threw)})` : "ran up to the hand-off");
    return built[0];
  }
  note(false, built.length > 1 ? `it built ${built.length} executions` : `it did not reach the construction${threw ? ` (${errText(threw)})` : " before its first await"}`);
  return bare();
}

// A world: one session's buffer and the executions of the case, driven by
// the calibrated forms on one side's code.
function world(api, side, plan, stubs) {
  const { buffer, services, exec: newExec } = session(api, stubs, plan.newBuffer, plan.slot, side.slots);
  const received = new Map();
  const messages = [];
  const thisForSpawn = stubs.make();
  const adopt = (exec, label) => {
    received.set(exec, { label, got: [] });
    return exec;
  };
  const queueName = side.queue;
  const w = {
    services,
    buffer,
    exec: (label) => adopt(newExec(label), label),
    spawn: (site, parent, label) => adopt(spawnChild(api, site, parent, thisForSpawn, stubs), label),
    message: (kind, label) => {
      const m = record(plan.entries, buffer, kind === "user" ? plan.steerInto : plan.noteInto, plan.text(label));
      messages.push({ label, ...m });
    },
    steer: (label) => w.message("user", label),
    notify: (label) => w.message("notification", label),
    clear: () => plan.clear(buffer),
    // One model invocation: the drain at MODEL_INVOKE, then the model takes the queue.
    invoke: async (exec) => {
      const got = (await drainOnce(plan.drainCall, exec, w, queueName, plan.attribute, messages, plan.take)).map((m) => m.label);
      received.get(exec).got.push(...got);
      return got;
    },
    // The end-of-turn check after a final reply: how often it sends the turn back.
    finish: async (exec) => {
      let loops = 0;
      for (;;) {
        const next = plan.decide(await plan.turnCall(exec, w));
        if (next !== plan.cont || loops >= 12) return loops;
        loops++;
        await w.invoke(exec);
      }
    },
    // What L received: each message its drains delivered, then each other
    // message whose text it holds (copied into it outside the drain).
    got: (label) => {
      for (const [exec, v] of received) {
        if (v.label !== label) continue;
        const ctx = { stubs, Exec: api.Exec, buffer };
        // A prompt holding what a call of code the proof does not have returned
        // (`registry.briefingFor(child)`) could hold any message.
        for (const k of plan.promptFields) {
          if (holdings(exec[k], ctx).answers.length) throw new Unseen(`${label}'s \`${k}\` (where the model invocation takes its queue) holds what a call of code the proof does not have returned, so what ${label} is prompted with is unknown`);
        }
        const extra = heldLabels(exec, messages, ctx).filter((l) => !v.got.includes(l));
        return [...v.got, ...extra].join(",") || "nothing";
      }
      return "nothing";
    },
  };
  return w;
}

// ---- the cases ----------------------------------------------------------------
// One entry per case, run by `runCase`:
//   setup: what it needs, when anything: `site`, the spawn site its spawns
//     use ("sub", the first sub-agent site, unless it says "memory" or a
//     number), and `needs: "notification"` (a form calibration may not find);
//   steps: what happens, in order (`exec L`, `spawn L from P`, `steer T`,
//     `notify T`, `clear`, `invoke L`, `finish L`, `seed L from P`);
//   observe: what the observation reports (`L`, what L received; `L as H`,
//     the same under heading H; `L depth`; `loops`, the turn-end loops);
//   expect: the observation on the stock code, and per mode on the patched.
const CASES = [
  {
    name: "several-late",
    covers: "several steers and several late sub-agents",
    steps: "exec root; steer A; steer B; invoke root; spawn s1 from root; invoke s1; steer C; invoke root; spawn s2 from root; invoke s2",
    observe: "root; s1; s2",
    expect: { stock: "root A,B,C; s1 A,B; s2 A,B,C", seed: "root A,B,C; s1 nothing; s2 nothing", gate: "root A,B,C; s1 nothing; s2 nothing" },
  },
  {
    name: "steer-while-live",
    covers: "a steer typed while a sub-agent is live",
    steps: "exec root; spawn sub from root; invoke sub; steer A; invoke sub; invoke root",
    observe: "root; sub",
    expect: { stock: "root A; sub A", seed: "root A; sub A", gate: "root A; sub nothing" },
  },
  {
    name: "notify-live",
    covers: "a notification to a live sub-agent",
    setup: { needs: "notification" },
    steps: "exec root; spawn sub from root; invoke sub; notify N; invoke sub",
    observe: "sub",
    expect: { stock: "sub N", seed: "sub N", gate: "sub N" },
  },
  {
    name: "notify-late",
    covers: "a notification to a late sub-agent",
    setup: { needs: "notification" },
    steps: "exec root; notify N; invoke root; spawn sub from root; invoke sub",
    observe: "root; sub",
    expect: { stock: "root N; sub N", seed: "root N; sub nothing", gate: "root N; sub N" },
  },
  {
    name: "nested",
    covers: "nested sub-agents",
    steps: "exec root; steer A; invoke root; spawn outer from root; invoke outer; spawn inner from outer; invoke inner",
    observe: "outer; inner; inner depth",
    expect: {
      stock: "outer A; inner A; inner depth 2",
      seed: "outer nothing; inner nothing; inner depth 2",
      gate: "outer nothing; inner nothing; inner depth 2",
    },
  },
  {
    name: "memory-extraction",
    covers: "memory extraction with a steer before it, one before it runs and one while it runs",
    setup: { site: "memory" },
    steps: "exec root; steer A; invoke root; spawn memory from root; steer B; invoke memory; steer C; invoke memory",
    observe: "memory",
    expect: { stock: "memory A,B,C", seed: "memory C", gate: "memory nothing" },
  },
  {
    name: "withheld-at-turn-end",
    covers: "the end-of-turn check with a withheld message (no loop)",
    steps: "exec root; spawn sub from root; invoke sub; steer A; finish sub",
    observe: "sub; loops",
    expect: { stock: "sub A; turn-end loops 1", seed: "sub A; turn-end loops 1", gate: "sub nothing; turn-end loops 1" },
  },
  {
    name: "late-sub-turn-end",
    covers: "a late sub-agent's end-of-turn check after its first invocation",
    steps: "exec root; steer A; invoke root; spawn sub from root; invoke sub; finish sub",
    observe: "sub; loops",
    expect: { stock: "sub A; turn-end loops 0", seed: "sub nothing; turn-end loops 0", gate: "sub nothing; turn-end loops 0" },
  },
  {
    name: "final-reply-steer",
    covers: "a steer typed during the root's final reply",
    steps: "exec root; invoke root; steer A; finish root",
    observe: "root; loops",
    expect: { stock: "root A; turn-end loops 1", seed: "root A; turn-end loops 1", gate: "root A; turn-end loops 1" },
  },
  {
    name: "root-continuation",
    covers: "the root continuation, seeded with setSteeringReaderIndex",
    steps: "exec root; steer A; invoke root; steer B; exec cont; seed cont from root; invoke cont",
    observe: "root; cont as continuation",
    expect: { stock: "root A; continuation B", seed: "root A; continuation B", gate: "root A; continuation B" },
  },
  {
    name: "second-turn",
    covers: "a second turn after the turn-end clear",
    steps: "exec root; steer A; invoke root; clear; exec root2; steer B; invoke root2; spawn sub from root2; invoke sub",
    observe: "root; root2; sub",
    expect: { stock: "root A; root2 B; sub B", seed: "root A; root2 B; sub nothing", gate: "root A; root2 B; sub nothing" },
  },
  {
    name: "root-once",
    covers: "the root receives each steer exactly once",
    steps: "exec root; steer A; invoke root; steer B; invoke root; invoke root",
    observe: "root",
    expect: { stock: "root A,B", seed: "root A,B", gate: "root A,B" },
  },
  {
    name: "two-live",
    covers: "two live sub-agents and a steer aimed at the root",
    steps: "exec root; spawn s1 from root; spawn s2 from root; invoke s1; invoke s2; steer A; invoke s1; invoke s2; invoke root",
    observe: "root; s1; s2",
    expect: { stock: "root A; s1 A; s2 A", seed: "root A; s1 A; s2 A", gate: "root A; s1 nothing; s2 nothing" },
  },
  {
    name: "mixed-late",
    covers: "a notification and a steer before a late sub-agent",
    setup: { needs: "notification" },
    steps: "exec root; notify N; steer A; invoke root; spawn sub from root; invoke sub",
    observe: "sub",
    expect: { stock: "sub N,A", seed: "sub nothing", gate: "sub N" },
  },
  // kirodotdev/Kiro#11449: a clear resets no cursor, so what is typed after
  // it is stranded behind every cursor that had read something. Stock shows
  // the stranding; the rewind delivers each retyped steer exactly once.
  {
    name: "retract-and-retype",
    covers: "a steer, a clear, and a retyped steer to the root",
    steps: "exec root; steer A; invoke root; clear; steer B; invoke root; invoke root",
    observe: "root",
    expect: { stock: "root A", seed: "root A", gate: "root A", "seed+rewind": "root A,B", "gate+rewind": "root A,B" },
  },
  {
    name: "clear-then-more",
    covers: "a clear followed by more new steers than the execution had read",
    steps: "exec root; steer A; steer B; invoke root; clear; steer C; steer D; steer E; invoke root",
    observe: "root",
    expect: { stock: "root A,B,E", seed: "root A,B,E", gate: "root A,B,E", "seed+rewind": "root A,B,C,D,E", "gate+rewind": "root A,B,C,D,E" },
  },
  {
    name: "several-clears",
    covers: "several clears in one turn",
    steps: "exec root; steer A; invoke root; clear; steer B; clear; steer C; invoke root; clear; steer D; invoke root",
    observe: "root",
    expect: { stock: "root A", seed: "root A", gate: "root A", "seed+rewind": "root A,C,D", "gate+rewind": "root A,C,D" },
  },
  {
    name: "clear-with-live-sub",
    covers: "a clear and a retyped steer while a sub-agent is live",
    steps: "exec root; spawn sub from root; invoke sub; steer A; invoke sub; invoke root; clear; steer B; invoke sub; invoke root",
    observe: "root; sub",
    expect: {
      stock: "root A; sub A",
      seed: "root A; sub A",
      gate: "root A; sub nothing",
      "seed+rewind": "root A,B; sub A,B",
      "gate+rewind": "root A,B; sub nothing",
    },
  },
  {
    name: "clear-then-late-sub",
    covers: "a clear, a retyped steer, then a late sub-agent",
    steps: "exec root; steer A; invoke root; clear; steer B; spawn sub from root; invoke sub; invoke root",
    observe: "root; sub",
    expect: {
      stock: "root A; sub B",
      seed: "root A; sub nothing",
      gate: "root A; sub nothing",
      "seed+rewind": "root A,B; sub nothing",
      "gate+rewind": "root A,B; sub nothing",
    },
  },
  {
    name: "turn-end-clear-new-turn",
    covers: "the turn-end clear followed by a new turn, the old root's cursor past the new buffer",
    steps: "exec root; steer A; steer B; invoke root; clear; exec next; steer C; invoke next; invoke root",
    observe: "root; next",
    expect: { stock: "root A,B; next C", seed: "root A,B; next C", gate: "root A,B; next C", "seed+rewind": "root A,B,C; next C", "gate+rewind": "root A,B,C; next C" },
  },
  {
    name: "stranded-at-turn-end",
    covers: "the end-of-turn check with a message stranded by a clear (loops once, then ends)",
    steps: "exec root; steer A; invoke root; clear; steer B; finish root",
    observe: "root; loops",
    expect: {
      stock: "root A; turn-end loops 0",
      seed: "root A; turn-end loops 0",
      gate: "root A; turn-end loops 0",
      "seed+rewind": "root A,B; turn-end loops 1",
      "gate+rewind": "root A,B; turn-end loops 1",
    },
  },
];

// One late-spawn case per spawn site, each site's construction on its own.
function lateSpawnCase(info, site) {
  const what = info.memory ? "memory extraction" : `sub-agent (spawn site ${site + 1}, byte ${info.at})`;
  return {
    name: `late-${info.memory ? "memory-extraction" : `spawn-${site + 1}`}`,
    covers: `a steer delivered to the root before a ${what} is spawned`,
    setup: { site },
    steps: "exec root; steer A; invoke root; spawn sub from root; invoke sub",
    observe: "root; sub",
    expect: { stock: "root A; sub A", seed: "root A; sub nothing", gate: "root A; sub nothing" },
  };
}

// The cases this bundle's spawn sites give, each with its site resolved.
function cases(api) {
  // A site that is only one of the two is preferred for it; a shared one stands in.
  const only = (is, not) => {
    const k = api.spawnInfo.findIndex((i) => i[is] && !i[not]);
    return k >= 0 ? k : api.spawnInfo.findIndex((i) => i[is]);
  };
  const memory = only("memory", "sub");
  const first = only("sub", "memory");
  const sites = { sub: first < 0 ? 0 : first, memory };
  const late = api.spawnInfo.flatMap((info, site) =>
    info.memory && info.sub
      ? [lateSpawnCase({ ...info, memory: false }, site), lateSpawnCase(info, site)]
      : [lateSpawnCase(info, site)],
  );
  const named = new Set();
  return [...late.filter((c) => !named.has(c.name) && named.add(c.name)), ...CASES]
    .map((c) => ({ ...c, setup: c.setup ?? {} }))
    .filter((c) => c.setup.site !== "memory" || memory >= 0)
    .map((c) => ({ ...c, site: typeof c.setup.site === "number" ? c.setup.site : sites[c.setup.site ?? "sub"] }));
}

// Runs one case's steps on world `w` and returns its observation. Only
// invoke and finish are awaited; the other steps are plain calls run back to
// back, so that none of the bundle's pending work runs between them.
async function runCase(c, w) {
  const x = {};
  let loops;
  const steps = {
    exec: (label) => { x[label] = w.exec(label); },
    spawn: (label, _from, parent) => { x[label] = w.spawn(c.site, x[parent], label); },
    seed: (label, _from, parent) => x[label].setSteeringReaderIndex(x[parent].steeringReaderIndex),
    steer: (label) => w.steer(label),
    notify: (label) => w.notify(label),
    clear: () => w.clear(),
    invoke: (label) => w.invoke(x[label]),
    finish: (label) => w.finish(x[label]),
  };
  for (const [verb, ...args] of c.steps.split("; ").map((s) => s.split(" "))) {
    if (!steps[verb]) throw new Inconclusive(`the harness has no step \`${verb}\``);
    const done = steps[verb](...args);
    if (verb === "invoke") await done;
    else if (verb === "finish") loops = await done;
  }
  const part = (p) => {
    const [label, word, heading] = p.split(" ");
    if (p === "loops") return `turn-end loops ${loops}`;
    if (word === "depth") return `${label} depth ${x[label].subExecutionDepth}`;
    return `${word === "as" ? heading : label} ${w.got(label)}`;
  };
  return c.observe.split("; ").map(part).join("; ");
}

// One side of one case: the observation, or why the harness could not drive it.
async function observe(api, side, plan, stubs, c) {
  try {
    return { observed: await runCase(c, world(api, side, plan, stubs)) };
  } catch (e) {
    if (e instanceof Inconclusive) return { inconclusive: e.message, unseen: e instanceof Unseen };
    return { observed: `threw ${errText(e)}` };
  }
}

// The patched side is driven with the forms calibrated on the stock side, bound to its own code.
function patchedPlan(plan, patched, side, stubs) {
  const pick = (forms, label) => forms.find((f) => f[0] === label)[1];
  return {
    ...plan,
    newBuffer: pick(bufferForms(patched, stubs), plan.bufferLabel),
    drainCall: pick(drainForms(patched, stubs, side), plan.drainLabel),
    turnCall: pick(turnForms(patched, stubs, side), plan.turnLabel),
  };
}

// The cases that can run, and the ones that cannot: a case the harness
// cannot build is named, never dropped in silence. `applies: false` only
// with a reason shown from the bundle; none is known yet.
function sortCases(stock, plan) {
  const unchecked = [];
  if (!stock.spawnInfo.some((i) => i.memory)) {
    unchecked.push({ case: "memory-extraction", why: "no spawn path's config carries skipHooks (the mark of memory extraction), so no construction was taken for memory extraction and its cases (late-memory-extraction, memory-extraction) did not run", applies: true });
  }
  if (stock.spawnInfo.length && !stock.spawnInfo.some((i) => i.sub)) {
    unchecked.push({ case: "sub-agent", why: "every spawn site carries skipHooks: no sub-agent spawn site was found, and the sub-agent cases ran on the memory-extraction site", applies: true });
  }
  const runnable = [];
  for (const c of cases(stock)) {
    if (c.setup.needs === "notification" && !plan.noteInto) unchecked.push({ case: c.name, why: `it needs a notification, and ${plan.noNote}`, applies: true });
    else runnable.push(c);
  }
  return { runnable, unchecked };
}

// One case on both sides, as prove.rs reads it; each side is [api, side, plan, stubs].
async function caseResult(c, stock, patched, modeExpected) {
  const s = await observe(...stock, c);
  const p = await observe(...patched, c);
  return {
    name: c.name,
    covers: c.covers,
    stockExpected: c.expect.stock,
    stockObserved: s.observed ?? "",
    stockOk: s.observed === c.expect.stock,
    stockInconclusive: s.inconclusive ?? null,
    modeExpected,
    patchedObserved: p.observed ?? "",
    patchedOk: p.observed === modeExpected,
    patchedInconclusive: p.inconclusive ?? null,
    stockUnseen: s.unseen === true,
    patchedUnseen: p.unseen === true,
  };
}

// A spawn path counts as run only where both sides ran it.
function spawnPaths(stock, patched) {
  return stock.spawnInfo.map((info, site) => {
    const s = stock.spawnRuns.get(site) ?? { driven: false, why: "no case spawned from it" };
    const p = patched.spawnRuns.get(site) ?? { driven: false, why: "no case spawned from it" };
    return { at: info.at, fnAt: info.driver ? info.driver.fnAt : null, driven: s.driven && p.driven, why: !s.driven ? s.why : !p.driven ? `patched: ${p.why}` : s.why };
  });
}

// Every case again, on sides built afresh (a module's own values may be
// decided on a stub as it loads), with each decision seen made on a stub
// answered otherwise (see DECISIONS), as the bundle's own values may answer
// it (an unset variable, an optional setting, another platform); once per
// case of the longest switch decided on a stub, and at least twice (see `d`). A case holds there when the
// patched side meets the mode, does what it did with the stubs, or, where
// that world shows no defect on the stock side, does what the stock side does.
async function withStubsAbsent(runnable, results, input, plan, expectedOf) {
  let sites = [];
  const failed = [];
  // A decision reached only once an outer one is answered otherwise
  // (`if (!stub.a) { if (!stub.b) … }`) is seen in that pass: answer it
  // otherwise too, until no new one appears.
  for (let round = 0; round < 16 && !failed.length; round++) {
    const seen = [...DECISIONS.seen.keys()].sort((a, b) => a - b);
    if (seen.length === sites.length && (round > 0 || !NUMBERS.coerced)) break;
    sites = seen;
    await flipPass(sites, runnable, results, input, plan, expectedOf, failed);
  }
  return { sites, failed };
}

async function flipPass(sites, runnable, results, input, plan, expectedOf, failed) {
  // At least two variants (and one per other number), one per case of the longest switch, at most four (or the numbers).
  const least = NUMBERS.coerced ? OTHER_NUMBERS.length : 2;
  const cases = [...DECISIONS.seen.values()].map((c) => c.length);
  const variants = Math.min(Math.max(4, least), Math.max(least, ...cases));
  DECISIONS.flip = new Set(sites);
  try {
    for (let variant = 0; variant < variants; variant++) {
      DECISIONS.variant = variant;
      NUMBERS.value = OTHER_NUMBERS[variant % OTHER_NUMBERS.length];
      const sides = [input.stock, input.patched].map((code) => {
        const stubs = stubFactory();
        try {
          const api = build(code, stubs);
          return { side: [api, code, patchedPlan(plan, api, code, stubs), stubs] };
        } catch (e) {
          return { broken: `not built: ${errText(e)}` };
        }
      });
      for (const c of runnable) {
        const seen = [];
        for (const x of sides) seen.push(x.broken ? { inconclusive: x.broken } : await observe(...x.side, c));
        const [s, p] = seen;
        const expected = expectedOf(c);
        const normal = results.find((r) => r.name === c.name);
        const pSeen = p.observed ?? `not driven: ${p.inconclusive}`;
        const sSeen = s.observed ?? `not driven: ${s.inconclusive}`;
        // A world where both sides threw, on a case both drove normally, is
        // one the stand-ins could not run (a stub taken for an array and then
        // spread): what the bundle's own values do there is not known.
        const unrun = sSeen.startsWith("threw ") && pSeen.startsWith("threw ") && normal.stockOk && normal.patchedOk;
        const holds = !p.unseen && !unrun && (pSeen === expected || pSeen === normal.patchedObserved || (sSeen !== c.expect.stock && pSeen === sSeen));
        if (!holds) failed.push({ name: c.name, stockObserved: sSeen, patchedObserved: pSeen, expected });
      }
    }
  } finally {
    DECISIONS.flip = new Set();
    NUMBERS.value = STUB_NUMBER;
  }
}

async function readInput() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

async function main() {
  const input = await readInput();
  const report = { calibration: {} };
  const stockStubs = stubFactory();
  const patchedStubs = stubFactory();
  let stock, patched, plan;
  try {
    stock = build(input.stock, stockStubs);
    patched = build(input.patched, patchedStubs);
    plan = await calibrate(stock, input.stock, stockStubs);
    report.calibration = plan.found;
  } catch (e) {
    report.inconclusive = e instanceof Inconclusive ? e.message : `calibration failed: ${errText(e)}`;
    process.stdout.write(JSON.stringify(report));
    return;
  }
  const stockSide = [stock, input.stock, plan, stockStubs];
  const patchedSide = [patched, input.patched, patchedPlan(plan, patched, input.patched, patchedStubs), patchedStubs];
  const modeKey = input.rewind ? `${input.mode}+rewind` : input.mode;
  const { runnable, unchecked } = sortCases(stock, plan);
  report.unchecked = unchecked;
  const results = [];
  RAN.clear();
  for (const c of runnable) results.push(await caseResult(c, stockSide, patchedSide, c.expect[modeKey] ?? c.expect[input.mode]));
  report.cases = results;
  report.spawnPaths = spawnPaths(stock, patched);
  report.stubDecisions = await withStubsAbsent(runnable, results, input, plan, (c) => c.expect[modeKey] ?? c.expect[input.mode]);
  // What ran in a world of the stub pass ran too: that pass's verdict covers it.
  report.ran = [...RAN].sort((a, b) => a - b);
  process.stdout.write(JSON.stringify(report));
}

main().catch((e) => {
  process.stdout.write(JSON.stringify({ calibration: {}, inconclusive: `the harness failed: ${errText(e)}` }));
});
