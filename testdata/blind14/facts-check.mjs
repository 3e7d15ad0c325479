// Checks, on one built bundle, the facts of kas-steering.md that the corpus harness does not look at:
// exports, the execution's fields, the log line, acknowledgments, prompt wording, ACP updates, the clear
// extension method. Prints JSON [{name, ok, detail}] on stdout.   usage: node facts-check.mjs BUNDLE [stock|seed|gate]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const bundle = process.argv[2];
const mode = process.argv[3] ?? "stock";
let api;
try {
  api = createRequire(import.meta.url)(bundle);
} catch (e) {
  if (e.code === "ERR_REQUIRE_ESM" || e.code === "ERR_REQUIRE_ASYNC_MODULE" || /import statement|export/.test(String(e.message))) api = await import(pathToFileURL(bundle).href);
  else throw e;
}
if (!api.createSession) api = api.default ?? api;

const results = [];
const check = (name, ok, detail = "") => results.push({ name, ok: Boolean(ok), detail: ok ? "" : String(detail) });

check("exports createSession, handleExtMethod, logLines", typeof api.createSession === "function" && typeof api.handleExtMethod === "function" && Array.isArray(api.logLines), Object.keys(api).join(","));

const text = readFileSync(bundle, "utf8");
for (const word of ["steeringReaderIndex", "setSteeringReaderIndex", "drainRetryCount", "sessionServices", "subExecutionDepth", "skipHooks", "hasQueuedUserMessage", "isHandled", "messageById", "handlers", "[LiveSteeringHook] injected steering", "_session/steer/clear", "session_info_update", "steering_queued", "steering_injected", "steering_cleared"]) {
  check(`bundle text keeps ${word}`, text.includes(word), "absent");
}
check("no steeringReaderIndex passed at construction", !/steeringReaderIndex\s*:/.test(text), "found steeringReaderIndex: in an object literal");

// One session: root steers S, then a notification, then spawns two sub-agents in turn; memory extraction follows.
const updates = [];
const client = { sessionUpdate: (n) => void updates.push(n) };
const contexts = []; // {agent, executionId, depth, text}
const executions = new Map();
let session;
const script = {
  "chat-agent": [
    { tools: [{ name: "user_steer", text: "use tabs #S" }, { name: "notify", text: "[notification/info] build finished #N" }] },
    { tools: [{ name: "invoke_sub_agent", input: { subagentId: "helper-a", prompt: "work" } }] },
    { tools: [{ name: "invoke_sub_agent", input: { subagentId: "helper-b", prompt: "work" } }] },
    { text: "done" },
  ],
};
const calls = {};
const model = {
  async invoke(execution, context) {
    const n = (calls[execution.agentName] = (calls[execution.agentName] ?? 0) + 1);
    executions.set(execution.executionId, execution);
    for (const m of context) contexts.push({ agent: execution.agentName, executionId: execution.executionId, depth: execution.subExecutionDepth, text: m.text });
    const steps = script[execution.agentName] ?? [{ text: "ok" }];
    return { ...steps[Math.min(n - 1, steps.length - 1)], toolCalls: steps[Math.min(n - 1, steps.length - 1)].tools ?? [] };
  },
};
const logStart = api.logLines.length;
session = api.createSession(model, client);
await session.prompt("turn 0");
const log = api.logLines.slice(logStart).filter((l) => l.includes("[LiveSteeringHook] injected steering"));

const byAgent = {};
for (const e of executions.values()) (byAgent[e.agentName] ??= []).push(e);
const root = byAgent["chat-agent"]?.[0];
check("root execution: depth 0, cursor field, setSteeringReaderIndex, drainRetryCount", root && root.subExecutionDepth === 0 && typeof root.steeringReaderIndex === "number" && typeof root.setSteeringReaderIndex === "function" && typeof root.drainRetryCount === "number", JSON.stringify(root && { d: root.subExecutionDepth }));
check("sub-agents and memory extraction at depth 1", ["helper-a", "helper-b", "memory-extraction"].every((a) => byAgent[a]?.[0]?.subExecutionDepth === 1), JSON.stringify(Object.fromEntries(Object.entries(byAgent).map(([a, es]) => [a, es.map((e) => e.subExecutionDepth)]))));
check("memory extraction runs with skipHooks", byAgent["memory-extraction"]?.[0]?.skipHooks === true, String(byAgent["memory-extraction"]?.[0]?.skipHooks));
check("sub-agents share the root's sessionServices", ["helper-a", "memory-extraction"].every((a) => byAgent[a]?.[0]?.sessionServices === root?.sessionServices), "different services object");

const lineRe = /\[LiveSteeringHook\] injected steering ((?:steer|notify)-[0-9a-f]+) into ([\w-]+) \(([0-9a-f]{8})\) \(handlers: (\d+)\)$/;
const parsed = log.map((l) => lineRe.exec(l));
check("every injection log line has the documented format", log.length > 0 && parsed.every(Boolean), log.find((l, i) => !parsed[i]) ?? "no lines");
check("exec8 in the log is the first 8 characters of the execution id", parsed.every((m) => m && [...executions.values()].some((e) => e.agentName === m[2] && e.executionId.slice(0, 8) === m[3])), "mismatch");
const deliveries = contexts.filter((c) => /\[(STEERING|NOTIFY) /.test(c.text));
const firstSeen = new Map();
for (const c of deliveries) {
  const id = /\[(?:STEERING|NOTIFY) ((?:steer|notify)-[0-9a-f]+)\]/.exec(c.text)[1];
  const key = `${c.executionId}/${id}`;
  if (!firstSeen.has(key)) firstSeen.set(key, { ...c, id });
}
const seen = [...firstSeen.values()];
check("one log line per delivery", parsed.filter(Boolean).length === seen.length, `${parsed.length} lines, ${seen.length} deliveries`);
const maxHandlers = Math.max(-1, ...parsed.filter(Boolean).map((m) => Number(m[4])));
if (mode === "stock") check("acknowledgments are live: some delivery at handlers >= 1", maxHandlers >= 1, `max handlers ${maxHandlers}`);
const rootSteer = seen.find((s) => s.agent === "chat-agent" && s.id.startsWith("steer-"));
check("root gets the 'currently active agent' wording", rootSteer && /currently active agent/i.test(rootSteer.text), rootSteer?.text);
const recap = seen.filter((s) => s.id.startsWith("steer-") && /While you delegated work to subagent\(s\), the user sent/.test(s.text));
if (mode === "stock") check("a later reader of an acknowledged steer gets the recap wording", recap.length > 0 && recap.every((s) => s.agent !== "chat-agent" || true), "no recap wording seen");
const note = seen.find((s) => s.id.startsWith("notify-"));
check("notifications get the informational-only wording", note && /informational only/i.test(note.text), note?.text);
if (mode === "stock") check("stock replays the steer to the late sub-agent and memory extraction", ["helper-a", "helper-b", "memory-extraction"].every((a) => seen.some((s) => s.agent === a && s.id === rootSteer?.id)), "not replayed");
if (mode === "seed") check("seed: no sub-execution sees the root's earlier steer", !seen.some((s) => s.agent !== "chat-agent" && s.id === rootSteer?.id), "replayed");
if (mode === "gate") check("gate: no sub-execution sees a user steer, notifications still reach them", !seen.some((s) => s.depth > 0 && s.id.startsWith("steer-")) && seen.some((s) => s.depth > 0 && s.id.startsWith("notify-")), "gate wrong");

const kinds = updates.map((u) => u?.update?.sessionUpdate === "session_info_update" && u.update._meta?.kiro?.kind);
check("ACP session_info_update carries steering_queued/injected/cleared", ["steering_queued", "steering_injected", "steering_cleared"].every((k) => kinds.includes(k)), kinds.join(","));
const inj = kinds.indexOf("steering_injected");
check("a steering_cleared update follows an injection routinely", inj >= 0 && kinds.slice(inj + 1).includes("steering_cleared"), kinds.join(","));

// The clear extension method: reads sessionId, replies {cleared: true, messageIds}, and the buffer is empty after.
const steer = session.steer("late thought #Z", "user");
const reply = await api.handleExtMethod("_session/steer/clear", { sessionId: session.sessionId });
check("_session/steer/clear replies { cleared: true, messageIds }", reply && reply.cleared === true && Array.isArray(reply.messageIds) && reply.messageIds.includes(steer.id), JSON.stringify(reply));
contexts.length = 0;
await session.prompt("turn 1");
check("a cleared steer is not delivered in the next turn", !contexts.some((c) => c.text.includes(steer.id)), "delivered after clear");

console.log(JSON.stringify(results));
