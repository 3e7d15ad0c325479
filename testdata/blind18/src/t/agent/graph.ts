import type { AgentExecution } from "../execution/agent-execution.js";
import type { ContextMessage, ModelTurn } from "../execution/contracts.js";
import { LiveSteeringHook } from "../steering/steering-hook.js";
import { trace, TraceLevel } from "../core/trace.js";
import { toolHandlers, type ToolContext } from "./tool-handlers.js";

/** How many extra MODEL_INVOKE rounds steering queued at the end of a response may buy. */
export const MAX_STEERING_RETRIES = 2;

export type NodeName = "MODEL_INVOKE" | "TOOL_USE" | "FINAL_RESPONSE";

export type GraphEvent =
  | { type: "node"; node: NodeName; executionId: string }
  | { type: "assistant"; text: string }
  | { type: "tool"; name: string; output: string }
  | { type: "cancelled" };

export class AgentGraph {
  async *walk(execution: AgentExecution, seed: ContextMessage[]): AsyncGenerator<GraphEvent, string, void> {
    execution.transcript.push(...seed);
    let node: NodeName = "MODEL_INVOKE";
    let turn: ModelTurn = {};
    let answer = "";
    for (;;) {
      if (execution.abortController.signal.aborted) {
        yield { type: "cancelled" };
        return answer;
      }
      yield { type: "node", node, executionId: execution.executionId };
      switch (node) {
        case "MODEL_INVOKE": {
          await LiveSteeringHook.beforeModelInvoke(execution);
          execution.transcript.push(...execution.flushSteeringPrompts());
          turn = await this.#invokeModel(execution);
          answer = turn.text ?? "";
          execution.transcript.push({ role: "assistant", text: answer });
          yield { type: "assistant", text: answer };
          node = turn.toolCalls && turn.toolCalls.length > 0 ? "TOOL_USE" : "FINAL_RESPONSE";
          break;
        }
        case "TOOL_USE": {
          const context: ToolContext = { execution, runChild: (child, childSeed) => this.run(child, childSeed) };
          for (const call of turn.toolCalls ?? []) {
            const handler = toolHandlers.get(call.name);
            const output = handler ? await handler(call, context) : `error: no tool named ${call.name}`;
            execution.transcript.push({ role: "tool", text: output });
            yield { type: "tool", name: call.name, output };
          }
          node = "MODEL_INVOKE";
          break;
        }
        case "FINAL_RESPONSE": {
          if (!this.#resumeForSteering(execution)) return answer;
          node = "MODEL_INVOKE";
          break;
        }
      }
    }
  }

  /** Resolves with the execution's final answer once its walk is over. */
  async run(execution: AgentExecution, seed: ContextMessage[]): Promise<string> {
    const walker = this.walk(execution, seed);
    try {
      for (;;) {
        const step = await walker.next();
        if (step.done) return step.value;
      }
    } finally {
      execution.dispose();
    }
  }

  #resumeForSteering(execution: AgentExecution): boolean {
    if (!execution.hasQueuedUserMessage()) return false;
    if (execution.drainRetryCount >= MAX_STEERING_RETRIES) {
      trace(TraceLevel.Warn, `steering still queued for ${execution.agentName}; retry budget spent`);
      return false;
    }
    execution.drainRetryCount += 1;
    return true;
  }

  async #invokeModel(execution: AgentExecution): Promise<ModelTurn> {
    try {
      return (await execution.sessionServices.model.invoke(execution, execution.transcript.slice())) ?? {};
    } catch (error) {
      execution.sessionServices.inbox.clear("model_settle_failure");
      throw error;
    }
  }
}
