// kiro-steer-scope proof harness. Reads {mode, stock, patched} on stdin; each
// side holds code sliced out of the bundle. Each side runs in its own vm
// context where every free name is a stub, so nothing else of the bundle runs.
"use strict";
const vm = require("node:vm");

const LOG_MARK = "[LiveSteeringHook] injected steering ";

function build(side) {
  const logs = [];
  const record = (args) => {
    for (const a of args) if (typeof a === "string" && a.includes(LOG_MARK)) logs.push(a);
  };
  const stub = (() => {
    const handler = {
      get(_t, p) {
        if (p === Symbol.toPrimitive) return () => 0;
        if (p === "then" || p === Symbol.iterator || p === Symbol.asyncIterator) return undefined;
        return proxy;
      },
      apply(_t, _self, args) { record(args); return proxy; },
      construct() { return proxy; },
      set() { return true; },
      has() { return false; },
    };
    const proxy = new Proxy(function stub() {}, handler);
    return proxy;
  })();
  const view = (parent, isDepth) => {
    if (isDepth) return parent.subExecutionDepth;
    return new Proxy(function view() {}, {
      get(_t, p) {
        if (p === Symbol.toPrimitive) return () => parent.subExecutionDepth;
        if (p === "then") return undefined;
        if (p === "execution") return parent;
        if (p in parent) return parent[p];
        return stub;
      },
      apply() { return stub; },
    });
  };
  const host = { stub: () => stub, view, api: null };
  const context = vm.createContext({
    AbortController, AbortSignal, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
    structuredClone, DOMException, TextEncoder, TextDecoder, URL, Buffer,
    console: stub, process: stub, require: stub, __kss: host,
  });
  const lines = [];
  if (side.free.length) lines.push(`var ${side.free.map((n) => `${n} = __kss.stub()`).join(", ")};`);
  for (const c of side.consts) lines.push(`var ${c.name} = (${c.text});`);
  lines.push(`var ${side.execClass.name} = (${side.execClass.text});`);
  lines.push(`var ${side.bufferClass.name} = (${side.bufferClass.text});`);
  const spawns = side.spawns.map((s) => {
    const helpers = s.helpers.map((h) => `var ${h.name} = ${h.text};`).join("\n");
    const locals = s.locals.length ? `var ${s.locals.map((l) => `${l} = __kss.view(__parent, ${JSON.stringify(l === s.depth)})`).join(", ")};` : "";
    return `function (__parent) {\n${helpers}\n${locals}\nreturn (${s.text});\n}`;
  });
  lines.push(`__kss.api = { Exec: ${side.execClass.name}, Buffer: ${side.bufferClass.name}, drain: ${side.drain}, endOfTurn: ${side.endOfTurn}, spawns: [${spawns.join(",\n")}] };`);
  vm.runInContext(lines.join("\n"), context, { timeout: 2000, filename: "sliced-bundle.js" });
  const api = host.api;
  api.spawnInfo = side.spawns.map((s) => ({ memory: /skipHooks/.test(s.text), at: s.at }));
  return { api, logs, stub, side };
}

// A world: one session's buffer and the executions of the case.
function world(built) {
  const { api, logs, stub, side } = built;
  logs.length = 0;
  const buffer = new api.Buffer();
  const services = new Proxy({}, { get: (_t, p) => (p === side.slot ? buffer : stub) });
  const labels = new Map();
  const received = new Map();
  const names = new Map();
  let seq = 0;
  let msgSeq = 0;
  const adopt = (exec, label) => {
    const id = `x${++seq}`.padEnd(8, "_") + `-${label}`;
    try { exec.executionId = id; } catch {}
    labels.set(id.slice(0, 8), label);
    received.set(label, []);
    return exec;
  };
  const w = {
    exec: (label) => adopt(new api.Exec({ sessionServices: services, promptContext: stub, signal: new AbortController().signal, agentName: label }), label),
    spawn: (site, parent, label) => adopt(api.spawns[site](parent), label),
    message: (kind, label) => {
      const text = `${label} (${kind})`;
      const m = side.bufferClass.appendArity >= 2
        ? buffer[side.bufferClass.append](kind, text)
        : buffer[side.bufferClass.append]({ id: `${kind === "user" ? "steer" : "notify"}-${++msgSeq}`, kind, text, handlers: new Set() });
      names.set(m.id, label);
    },
    steer: (label) => w.message("user", label),
    notify: (label) => w.message("notification", label),
    clear: () => buffer[side.bufferClass.clear]("turn-end"),
    // One model invocation: the drain at MODEL_INVOKE, then the model takes the queue.
    invoke: async (exec) => {
      const from = logs.length;
      await api.drain(exec);
      const got = [];
      for (const line of logs.slice(from)) {
        const m = /injected steering (\S+) into .*\((.{8})\)/.exec(line);
        if (!m) continue;
        const who = labels.get(m[2]);
        if (who === undefined) throw new Error(`a delivery to an unknown execution: ${line}`);
        received.get(who).push(names.get(m[1]) ?? m[1]);
        if (exec.executionId.startsWith(m[2])) got.push(m[1]);
      }
      const queue = exec[side.queue];
      if (Array.isArray(queue)) queue.length = 0;
      else if (queue && typeof queue.clear === "function") queue.clear();
      return got;
    },
    // The end-of-turn check after a final reply: how often it sends the turn back.
    finish: async (exec) => {
      let loops = 0;
      for (;;) {
        const next = await api.endOfTurn({ execution: exec }, { continueTarget: "CONTINUE", doneTarget: "DONE" });
        if (next !== "CONTINUE" || loops >= 12) return loops;
        loops++;
        await w.invoke(exec);
      }
    },
    got: (label) => received.get(label).join(",") || "nothing",
  };
  return w;
}

const list = (xs) => xs.join(",") || "nothing";

// Each case: run(w, api) -> observation text; stock: the expected stock
// observation; modes: the expected observation for each mode.
function cases(api) {
  const out = [];
  api.spawnInfo.forEach((info, site) => {
    const what = info.memory ? "memory extraction" : `sub-agent (spawn site ${site + 1}, byte ${info.at})`;
    out.push({
      name: `late-${info.memory ? "memory-extraction" : `spawn-${site + 1}`}`,
      covers: `a steer delivered to the root before a ${what} is spawned`,
      replay: true,
      run: async (w) => {
        const root = w.exec("root");
        w.steer("A");
        await w.invoke(root);
        const sub = w.spawn(site, root, "sub");
        await w.invoke(sub);
        return `root ${w.got("root")}; sub ${w.got("sub")}`;
      },
      stock: "root A; sub A",
      modes: { seed: "root A; sub nothing", gate: "root A; sub nothing" },
    });
  });
  const memory = api.spawnInfo.findIndex((i) => i.memory);
  const first = api.spawnInfo.findIndex((i) => !i.memory);
  const sub = first < 0 ? 0 : first;
  out.push({
    name: "several-late",
    covers: "several steers and several late sub-agents",
    replay: true,
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A"); w.steer("B");
      await w.invoke(root);
      const s1 = w.spawn(sub, root, "s1");
      await w.invoke(s1);
      w.steer("C");
      await w.invoke(root);
      const s2 = w.spawn(sub, root, "s2");
      await w.invoke(s2);
      return `root ${w.got("root")}; s1 ${w.got("s1")}; s2 ${w.got("s2")}`;
    },
    stock: "root A,B,C; s1 A,B; s2 A,B,C",
    modes: { seed: "root A,B,C; s1 nothing; s2 nothing", gate: "root A,B,C; s1 nothing; s2 nothing" },
  });
  out.push({
    name: "steer-while-live",
    covers: "a steer typed while a sub-agent is live",
    run: async (w) => {
      const root = w.exec("root");
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      w.steer("A");
      await w.invoke(s);
      await w.invoke(root);
      return `root ${w.got("root")}; sub ${w.got("sub")}`;
    },
    stock: "root A; sub A",
    modes: { seed: "root A; sub A", gate: "root A; sub nothing" },
  });
  out.push({
    name: "notify-live",
    covers: "a notification to a live sub-agent",
    run: async (w) => {
      const root = w.exec("root");
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      w.notify("N");
      await w.invoke(s);
      return `sub ${w.got("sub")}`;
    },
    stock: "sub N",
    modes: { seed: "sub N", gate: "sub N" },
  });
  out.push({
    name: "notify-late",
    covers: "a notification to a late sub-agent",
    replay: true,
    run: async (w) => {
      const root = w.exec("root");
      w.notify("N");
      await w.invoke(root);
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      return `root ${w.got("root")}; sub ${w.got("sub")}`;
    },
    stock: "root N; sub N",
    modes: { seed: "root N; sub nothing", gate: "root N; sub N" },
  });
  out.push({
    name: "nested",
    covers: "nested sub-agents",
    replay: true,
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A");
      await w.invoke(root);
      const outer = w.spawn(sub, root, "outer");
      await w.invoke(outer);
      const inner = w.spawn(sub, outer, "inner");
      await w.invoke(inner);
      return `outer ${w.got("outer")}; inner ${w.got("inner")}; inner depth ${inner.subExecutionDepth}`;
    },
    stock: "outer A; inner A; inner depth 2",
    modes: { seed: "outer nothing; inner nothing; inner depth 2", gate: "outer nothing; inner nothing; inner depth 2" },
  });
  if (memory >= 0) {
    out.push({
      name: "memory-extraction",
      covers: "memory extraction with a steer before and one during it",
      replay: true,
      run: async (w) => {
        const root = w.exec("root");
        w.steer("A");
        await w.invoke(root);
        const m = w.spawn(memory, root, "memory");
        w.steer("B");
        await w.invoke(m);
        return `memory ${w.got("memory")}`;
      },
      stock: "memory A,B",
      modes: { seed: "memory B", gate: "memory nothing" },
    });
  }
  out.push({
    name: "withheld-at-turn-end",
    covers: "the end-of-turn check with a withheld message (no loop)",
    run: async (w) => {
      const root = w.exec("root");
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      w.steer("A");
      const loops = await w.finish(s);
      return `sub ${w.got("sub")}; turn-end loops ${loops}`;
    },
    stock: "sub A; turn-end loops 1",
    modes: { seed: "sub A; turn-end loops 1", gate: "sub nothing; turn-end loops 1" },
  });
  out.push({
    name: "late-sub-turn-end",
    covers: "a late sub-agent's end-of-turn check after its first invocation",
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A");
      await w.invoke(root);
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      const loops = await w.finish(s);
      return `turn-end loops ${loops}`;
    },
    stock: "turn-end loops 0",
    modes: { seed: "turn-end loops 0", gate: "turn-end loops 0" },
  });
  out.push({
    name: "final-reply-steer",
    covers: "a steer typed during the root's final reply",
    run: async (w) => {
      const root = w.exec("root");
      await w.invoke(root);
      w.steer("A");
      const loops = await w.finish(root);
      return `root ${w.got("root")}; turn-end loops ${loops}`;
    },
    stock: "root A; turn-end loops 1",
    modes: { seed: "root A; turn-end loops 1", gate: "root A; turn-end loops 1" },
  });
  out.push({
    name: "root-continuation",
    covers: "the root continuation, seeded with setSteeringReaderIndex",
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A");
      await w.invoke(root);
      w.steer("B");
      const cont = w.exec("cont");
      cont.setSteeringReaderIndex(root.steeringReaderIndex);
      await w.invoke(cont);
      return `root ${w.got("root")}; continuation ${w.got("cont")}`;
    },
    stock: "root A; continuation B",
    modes: { seed: "root A; continuation B", gate: "root A; continuation B" },
  });
  out.push({
    name: "second-turn",
    covers: "a second turn after the turn-end clear",
    replay: true,
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A");
      await w.invoke(root);
      w.clear();
      const root2 = w.exec("root2");
      w.steer("B");
      await w.invoke(root2);
      const s = w.spawn(sub, root2, "sub");
      await w.invoke(s);
      return `root ${w.got("root")}; root2 ${w.got("root2")}; sub ${w.got("sub")}`;
    },
    stock: "root A; root2 B; sub B",
    modes: { seed: "root A; root2 B; sub nothing", gate: "root A; root2 B; sub nothing" },
  });
  out.push({
    name: "root-once",
    covers: "the root receives each steer exactly once",
    run: async (w) => {
      const root = w.exec("root");
      w.steer("A");
      await w.invoke(root);
      w.steer("B");
      await w.invoke(root);
      await w.invoke(root);
      return `root ${w.got("root")}`;
    },
    stock: "root A,B",
    modes: { seed: "root A,B", gate: "root A,B" },
  });
  out.push({
    name: "two-live",
    covers: "two live sub-agents and a steer aimed at the root",
    run: async (w) => {
      const root = w.exec("root");
      const s1 = w.spawn(sub, root, "s1");
      const s2 = w.spawn(sub, root, "s2");
      await w.invoke(s1);
      await w.invoke(s2);
      w.steer("A");
      await w.invoke(s1);
      await w.invoke(s2);
      await w.invoke(root);
      return `root ${w.got("root")}; s1 ${w.got("s1")}; s2 ${w.got("s2")}`;
    },
    stock: "root A; s1 A; s2 A",
    modes: { seed: "root A; s1 A; s2 A", gate: "root A; s1 nothing; s2 nothing" },
  });
  out.push({
    name: "mixed-late",
    covers: "a notification and a steer before a late sub-agent",
    replay: true,
    run: async (w) => {
      const root = w.exec("root");
      w.notify("N");
      w.steer("A");
      await w.invoke(root);
      const s = w.spawn(sub, root, "sub");
      await w.invoke(s);
      return `sub ${w.got("sub")}`;
    },
    stock: "sub N,A",
    modes: { seed: "sub nothing", gate: "sub N" },
  });
  return out;
}

async function observe(built, c) {
  try {
    return await c.run(world(built));
  } catch (e) {
    return `threw ${e && e.message ? e.message : e}`;
  }
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  let stock, patched;
  try {
    stock = build(input.stock);
    patched = build(input.patched);
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: String(e && e.stack ? e.stack.split("\n")[0] : e) }));
    return;
  }
  const results = [];
  for (const c of cases(stock.api)) {
    const stockObserved = await observe(stock, c);
    const patchedObserved = await observe(patched, c);
    const modeExpected = c.modes[input.mode];
    results.push({
      name: c.name,
      covers: c.covers,
      replay: !!c.replay,
      stockExpected: c.stock,
      stockObserved,
      stockOk: stockObserved === c.stock,
      modeExpected,
      patchedObserved,
      patchedOk: patchedObserved === modeExpected,
    });
  }
  process.stdout.write(JSON.stringify({ cases: results }));
}

main().catch((e) => {
  process.stdout.write(JSON.stringify({ error: String(e && e.message ? e.message : e) }));
});
