import type { AgentExecution } from "../agent/execution";
import { compactContext, COMPACTION_THRESHOLD } from "../context/compaction";
import { clearSteeringAtTurnBoundary } from "../steering/turn-boundary";
import type { ToolContext, ToolRegistry } from "../tools/registry";
import { createLogger } from "../util/logger";
import {
  GraphNode,
  type ContextMessage,
  type GraphNodeName,
  type GraphTargets,
  type ModelProvider,
  type ModelResponse,
  type TurnState,
} from "./nodes";

const log = createLogger("kas.graph");

export const MAX_DRAIN_RETRIES = 2;
const MAX_GRAPH_STEPS = 64;

export interface ExecutionRunner {
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

export interface GraphDeps {
  model: ModelProvider;
  tools: ToolRegistry;
  runner: ExecutionRunner;
  toolContext: Omit<ToolContext, "execution" | "state">;
}

export class ModelSettleError extends Error {
  constructor(readonly agentName: string, cause: unknown) {
    super(`model response for ${agentName} did not settle: ${String(cause)}`);
  }
}

function normalizeResponse(raw: Partial<ModelResponse> | undefined): ModelResponse {
  return { text: raw?.text ?? "", toolCalls: Array.isArray(raw?.toolCalls) ? raw.toolCalls : [] };
}

/** One execution's agent loop: MODEL_INVOKE -> TOOL_EXECUTION -> ... -> FINAL_RESPONSE. */
export class TurnGraph {
  private readonly targets: GraphTargets = {
    continueTarget: GraphNode.MODEL_INVOKE,
    endTarget: GraphNode.END,
  };

  constructor(private readonly deps: GraphDeps) {}

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    let state: TurnState = { execution, context: [{ role: "user", text: prompt }], iteration: 0 };
    execution.state = state;
    let node: GraphNodeName = GraphNode.MODEL_INVOKE;
    for (let step = 0; node !== GraphNode.END; step++) {
      if (execution.abortController.signal.aborted) throw new Error(`execution ${execution.describe()} aborted`);
      if (step >= MAX_GRAPH_STEPS) {
        log.warn(`graph step limit reached in ${execution.describe()}`);
        break;
      }
      switch (node) {
        case GraphNode.MODEL_INVOKE:
          state = await this.modelInvoke(state);
          node = state.response!.toolCalls.length > 0 ? GraphNode.TOOL_EXECUTION : GraphNode.FINAL_RESPONSE;
          break;
        case GraphNode.TOOL_EXECUTION:
          state = await this.executeTools(state);
          node = GraphNode.MODEL_INVOKE;
          break;
        case GraphNode.FINAL_RESPONSE:
          node = this.routeFinalResponse(state);
          break;
      }
    }
    return state.response?.text ?? "";
  }

  private async modelInvoke(r: TurnState): Promise<TurnState> {
    if (!r.execution.skipHooks) {
      await r.execution.sessionServices.hooks.run("preModelInvoke", {
        executionId: r.execution.executionId,
        agentName: r.execution.agentName,
      });
    }
    if (r.context.length > COMPACTION_THRESHOLD) r = await compactContext(r, this.deps.runner);
    await r.execution.sessionServices.liveSteeringHook.beforeModelInvoke(r.execution), r = await this.appendQueuedMessages(r), r.execution.state = r;
    const response = await this.settle(r);
    this.acknowledgeInjected(r.execution);
    const context: ContextMessage[] = [...r.context, { role: "assistant", text: response.text }];
    return { ...r, context, response, iteration: r.iteration + 1 };
  }

  private async appendQueuedMessages(r: TurnState): Promise<TurnState> {
    const queued = r.execution.takeQueuedUserMessages();
    if (queued.length === 0) return r;
    log.debug(`appending ${queued.length} queued message(s) for ${r.execution.describe()}`);
    return { ...r, context: [...r.context, ...queued.map((text) => ({ role: "user" as const, text }))] };
  }

  private async settle(r: TurnState): Promise<ModelResponse> {
    try {
      return normalizeResponse(await this.deps.model.invoke(r.execution, r.context));
    } catch (error) {
      clearSteeringAtTurnBoundary(r.execution.sessionServices, "model_settle_failed");
      throw new ModelSettleError(r.execution.agentName, error);
    }
  }

  /** The model has now seen what was injected for it: record this execution as a handler. */
  private acknowledgeInjected(execution: AgentExecution): void {
    const ids = execution.injectedSteeringIds.splice(0, execution.injectedSteeringIds.length);
    for (const id of ids) execution.sessionServices.liveSteering.acknowledge(id, execution.executionId);
  }

  private async executeTools(r: TurnState): Promise<TurnState> {
    const results: ContextMessage[] = [];
    for (const call of r.response!.toolCalls) {
      const tool = this.deps.tools.get(call.name);
      if (tool === undefined) {
        results.push({ role: "tool", text: `unknown tool ${call.name}` });
        continue;
      }
      if (!r.execution.skipHooks) {
        await r.execution.sessionServices.hooks.run("preToolUse", {
          executionId: r.execution.executionId,
          agentName: r.execution.agentName,
          toolName: call.name,
        });
      }
      const input = (call.input ?? call) as Record<string, unknown>;
      const output = await tool.execute(input, { ...this.deps.toolContext, execution: r.execution, state: r });
      results.push({ role: "tool", text: output.content });
    }
    return { ...r, context: [...r.context, ...results] };
  }

  private routeFinalResponse(state: TurnState): GraphNodeName {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        log.info(`[LiveSteeringHook] steering still queued for ${execution.describe()}, re-entering MODEL_INVOKE (${execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`);
        return this.targets.continueTarget;
      }
      log.warn(`[LiveSteeringHook] drain retry limit reached for ${execution.describe()}`);
    }
    return this.targets.endTarget;
  }
}
