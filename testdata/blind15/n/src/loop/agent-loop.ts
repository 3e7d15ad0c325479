import { Logger } from "../logging/sink";
import { ModelSettleFailure, type ConversationModel, type ModelReply, type TranscriptMessage } from "./types";
import type { TurnCompletionPolicy } from "./turn-policy";
import type { ToolCatalog, ToolHost } from "../tools/tool-catalog";
import type { AgentExecution } from "../execution/agent-execution";

const log = new Logger("AgentLoop");
const MAX_LOOP_STEPS = 50;

export class AgentLoop {
  constructor(
    private readonly model: ConversationModel,
    private readonly tools: ToolCatalog,
    private readonly policy: TurnCompletionPolicy,
    private readonly host: ToolHost,
  ) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    const transcript: TranscriptMessage[] = [{ role: "user", text: prompt }];
    const bus = execution.sessionServices.bus;
    bus.publish("execution:started", {
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
    });
    let outcome: "ok" | "error" = "error";
    try {
      for (let step = 0; step < MAX_LOOP_STEPS; step++) {
        const reply = await this.modelInvoke(execution, transcript);
        const calls = reply.toolCalls ?? [];
        if (calls.length > 0) {
          for (const call of calls) {
            const output = await this.tools.dispatch(call, { execution, host: this.host });
            transcript.push({ role: "tool", text: output });
          }
          continue;
        }
        if (this.policy.shouldContinue(execution)) continue;
        outcome = "ok";
        return reply.text ?? "";
      }
      log.warn(`${execution.agentName} hit the step limit (${MAX_LOOP_STEPS})`);
      outcome = "ok";
      return "";
    } finally {
      bus.publish("execution:ended", { executionId: execution.executionId, agentName: execution.agentName, outcome });
    }
  }

  /** MODEL_INVOKE: hooks (live steering among them), queued user messages, then the model. */
  private async modelInvoke(execution: AgentExecution, transcript: TranscriptMessage[]): Promise<ModelReply> {
    const hooks = execution.sessionServices.modelInvokeHooks;
    await hooks.beforeInvoke(execution);
    for (let next = execution.dequeueUserMessage(); next !== undefined; next = execution.dequeueUserMessage()) {
      transcript.push({ role: "user", text: next });
    }
    if (execution.abortController.signal.aborted) throw new Error(`${execution.agentName} aborted`);
    const reply = await execution.sessionServices.metrics.time("model.invoke", () =>
      this.model.invoke(execution, transcript.slice()),
    );
    if (!reply || typeof reply !== "object") {
      throw new ModelSettleFailure(`no settled reply from the model for ${execution.agentName}`);
    }
    transcript.push({ role: "assistant", text: reply.text ?? "" });
    await hooks.afterResponse(execution);
    return reply;
  }
}
