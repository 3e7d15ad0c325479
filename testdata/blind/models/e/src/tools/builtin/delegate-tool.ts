// src/tools/builtin/delegate-tool.ts
import { AgentExecution } from "../../agent/agent-execution.js";
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";
import { MAX_SUBAGENT_DEPTH } from "./sub-agent-tool.js";

interface DelegatedTask {
  agent?: string;
  prompt: string;
}

const MAX_PARALLEL = 4;

@tool({
  name: "delegate_tasks",
  description: "Run up to four independent tasks in parallel sub-agents and collect their results.",
  category: ToolCategory.Agent,
  inputSchema: { type: "object", properties: { tasks: { type: "array" } }, required: ["tasks"] },
})
export class DelegateTasksTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const parent = ctx.execution;
    const tasks = (input.tasks as DelegatedTask[]).slice(0, MAX_PARALLEL);
    if (parent.subExecutionDepth + 1 > MAX_SUBAGENT_DEPTH) return this.fail("delegation depth limit reached");
    const delegates: AgentExecution[] = [];
    for (const [index, task] of tasks.entries()) {
      const delegate = new AgentExecution({
        sessionServices: parent.sessionServices,
        promptContext: parent.promptContext,
        signal: parent.abortController.signal,
        subExecutionDepth: parent.subExecutionDepth + 1,
        agentName: task.agent ?? `delegate-${index + 1}`,
        parentExecutionId: parent.executionId,
      });
      delegate.history.push({ role: "user", text: String(task.prompt) });
      delegates.push(delegate);
    }
    const results = await Promise.all(delegates.map((d) => parent.sessionServices.graph.run(d)));
    return this.ok(results.map((r, i) => `## ${delegates[i].agentName}\n${r.text}`).join("\n\n"));
  }
}
