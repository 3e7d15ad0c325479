// Tools available to agents, as a table of handlers keyed by tool name.
import type { AgentExecution } from "./agent-execution.js";
import type { ExecutionFactory } from "./execution-factory.js";
import type { GraphRunner } from "./graph-runner.js";
import type { ToolInvocation } from "./model.js";
import type { EventBus } from "../infra/event-bus.js";
import { log } from "../infra/log.js";
import type { KasEvents } from "../session/events.js";
import type { Session } from "../session/session.js";

export type ToolHandler = (call: ToolInvocation, caller: AgentExecution) => Promise<string>;
export type ToolTable = ReadonlyMap<string, ToolHandler>;

export interface ToolDeps {
  factory: ExecutionFactory;
  runner: () => GraphRunner;
  session: () => Session;
  bus: EventBus<KasEvents>;
  maxDepth: number;
}

function textArgument(call: ToolInvocation): string {
  if (typeof call.text === "string") return call.text;
  const value = call.input?.text;
  return typeof value === "string" ? value : "";
}

export function buildToolTable(deps: ToolDeps): ToolTable {
  const table = new Map<string, ToolHandler>();

  table.set("invoke_sub_agent", async (call, caller) => {
    const agentName = String(call.input?.subagentId ?? "").trim();
    const task = String(call.input?.prompt ?? "");
    if (!agentName) return "subagentId missing";
    if (caller.subExecutionDepth >= deps.maxDepth) {
      log.warn(`[SubAgent] ${caller.describe()} may not delegate further (max depth ${deps.maxDepth})`);
      return `delegation refused: depth limit ${deps.maxDepth}`;
    }
    const child = deps.factory.createChild(caller, { agentName });
    log.info(`[SubAgent] ${caller.describe()} delegates to ${child.describe()}`);
    const answer = await deps.runner().runToCompletion(child, task);
    deps.bus.emit("subagent.finished", { parent: caller, child, answer });
    return answer;
  });

  table.set("user_steer", async (call) => {
    const entry = deps.session().steer(textArgument(call), "user");
    return `forwarded as ${entry.id}`;
  });

  table.set("notify", async (call) => {
    const entry = deps.session().steer(textArgument(call), "workflow");
    return `posted ${entry.id}`;
  });

  return table;
}
