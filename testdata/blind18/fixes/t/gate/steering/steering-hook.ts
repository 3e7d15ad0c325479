import type { AgentExecution } from "../execution/agent-execution.js";
import { trace, TraceLevel } from "../core/trace.js";
import { unreadSteering } from "./collector.js";
import { buildSteeringPrompt } from "./prompt-builder.js";

/** MODEL_INVOKE hook: delivers live steering to the execution about to call the model. */
export const LiveSteeringHook = {
  name: "LiveSteeringHook",

  async beforeModelInvoke(execution: AgentExecution): Promise<void> {
    const delivered: string[] = [];
    for (const entry of unreadSteering(execution)) {
      // gate: a person's steer is for the top-level agent; the cursor has already moved past it
      if (entry.kind === "user" && execution.subExecutionDepth > 0) continue;
      const prompt = buildSteeringPrompt(execution, entry);
      execution.enqueueSteeringPrompt(entry.id, prompt.text);
      delivered.push(entry.id);
      trace(
        TraceLevel.Info,
        `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.substring(0, 8)}) (handlers: ${entry.handlers.size})`,
      );
    }
    if (delivered.length) {
      const notify = execution.sessionServices.notify;
      notify("steering_injected", { messageIds: delivered, agent: execution.agentName });
      notify("steering_cleared", { messageIds: delivered });
    }
  },
};
