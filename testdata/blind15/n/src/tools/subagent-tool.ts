import { Logger } from "../logging/sink";
import type { ExecutionFactory } from "../execution/execution-factory";
import type { Tool } from "./tool-catalog";

const log = new Logger("SubAgentGraph");

export const MAX_SUBAGENT_DEPTH = 5;

export function createSubAgentTool(factory: ExecutionFactory): Tool {
  return {
    name: "invoke_sub_agent",
    async run(call, { execution, host }) {
      const subagentId = String(call.input?.subagentId ?? "general");
      const prompt = String(call.input?.prompt ?? "");
      if (execution.subExecutionDepth >= MAX_SUBAGENT_DEPTH) {
        log.warn(`refusing ${subagentId}: depth ${execution.subExecutionDepth}`);
        return `error: sub-agent depth limit ${MAX_SUBAGENT_DEPTH}`;
      }
      const child = factory.spawnChild(execution, { agentName: subagentId });
      execution.sessionServices.metrics.count("subagent.spawned");
      try {
        const answer = await host.runExecution(child, prompt);
        // the sub-agent's answer comes back: the steering it was given counts as handled by it
        const queue = execution.sessionServices.liveSteering;
        for (const id of child.deliveredSteeringIds) queue.markHandled(id, child.executionId);
        return answer;
      } finally {
        factory.release(child);
      }
    },
  };
}
