// Runs executions through the agent graph: MODEL_INVOKE -> (TOOLS -> MODEL_INVOKE)* ->
// FINAL_RESPONSE -> end of turn, or back to MODEL_INVOKE while steering is still queued.
import type { AgentExecution, ContextEntry } from "./execution.js";
import { StateGraph, END, type CompiledGraph } from "./graph.js";
import { settleModelResponse, type ModelProvider, type ModelResponse } from "./model.js";
import type { ToolRegistry } from "./tools.js";
import type { PluginHost } from "../runtime/hooks.js";
import type { KasSession } from "../session/session.js";
import { logger, withLogScope } from "../util/logger.js";
import { withRetry } from "../util/retry.js";
import { shortExecutionId } from "../util/ids.js";

export const MAX_DRAIN_RETRIES = 3;
const RECURSION_LIMIT = 120;

const Node = {
  ModelInvoke: "MODEL_INVOKE",
  Tools: "TOOLS",
  FinalResponse: "FINAL_RESPONSE",
} as const;

export interface AgentGraphState {
  execution: AgentExecution;
  context: ContextEntry[];
  response?: ModelResponse;
  iteration: number;
}

export interface RunnerDeps {
  model: ModelProvider;
  tools: ToolRegistry;
  plugins: PluginHost;
  session: KasSession;
}

export class ExecutionRunner {
  private graph: CompiledGraph<AgentGraphState>;

  constructor(private readonly deps: RunnerDeps) {
    this.graph = this.buildGraph();
  }

  async run(execution: AgentExecution, prompt: string): Promise<string> {
    const registry = execution.sessionServices.registry;
    registry.register(execution);
    execution.markRunning();
    try {
      const final = await withLogScope(
        { sessionId: this.deps.session.sessionId, executionId: execution.executionId, agentName: execution.agentName },
        () =>
          this.graph.invoke(
            { execution, context: [{ role: "user", text: prompt }], iteration: 0 },
            { recursionLimit: RECURSION_LIMIT, signal: execution.abortController.signal },
          ),
      );
      execution.markFinished("completed");
      return final.response?.text ?? "";
    } catch (error) {
      execution.markFinished(execution.abortController.signal.aborted ? "aborted" : "failed");
      throw error;
    } finally {
      registry.unregister(execution);
    }
  }

  private buildGraph(): CompiledGraph<AgentGraphState> {
    const { plugins, model, tools, session } = this.deps;
    const graph = new StateGraph<AgentGraphState>();

    graph.addNode(Node.ModelInvoke, async (state) => {
      const execution = state.execution;
      await plugins.dispatch("model:before-invoke", { session, runner: this, execution });
      const queued = execution.takeQueuedPrompts();
      const context = queued.length
        ? [...state.context, ...queued.map((text): ContextEntry => ({ role: "user", text }))]
        : state.context;
      const next: AgentGraphState = { ...state, context };
      execution.state = next;
      const raw = await withRetry(
        `model call for ${execution.agentName}`,
        () => model.invoke(execution, context),
        undefined,
        execution.abortController.signal,
      );
      execution.markModelCall();
      const response = settleModelResponse(raw);
      await plugins.dispatch("model:after-invoke", { session, runner: this, execution });
      return {
        ...next,
        response,
        context: response.text ? [...context, { role: "assistant", text: response.text }] : context,
        iteration: state.iteration + 1,
      };
    });

    graph.addNode(Node.Tools, async (state) => {
      const execution = state.execution;
      const results: ContextEntry[] = [];
      for (const call of state.response?.toolCalls ?? []) {
        const tool = tools.resolve(call.name);
        let output: string;
        if (!tool) {
          output = `error: unknown tool ${call.name}`;
          logger.warn(`[Tools] ${execution.agentName} called unknown tool ${call.name}`);
        } else {
          output = await tool.execute(call, { execution, runner: this, plugins, session });
        }
        results.push({ role: "tool", text: `${call.name}: ${output}` });
        await plugins.dispatch("tool:after", { session, runner: this, execution, toolName: call.name });
      }
      return { ...state, context: [...state.context, ...results] };
    });

    graph.addNode(Node.FinalResponse, async (state) => {
      logger.debug(`[Graph] final response from ${state.execution.agentName} after ${state.iteration} call(s)`);
      return state;
    });

    graph.addConditionalEdges(
      Node.ModelInvoke,
      (state) => (state.response && state.response.toolCalls.length > 0 ? "tools" : "final"),
      { tools: Node.Tools, final: Node.FinalResponse },
    );
    graph.addEdge(Node.Tools, Node.ModelInvoke);
    graph.addConditionalEdges(
      Node.FinalResponse,
      (state) => {
        const execution = state.execution;
        if (!execution.hasPendingSteering()) {
          execution.drainRetryCount = 0;
          return "done";
        }
        if (execution.drainRetryCount >= MAX_DRAIN_RETRIES) {
          logger.warn(
            `[LiveSteeringHook] ${execution.agentName} (${shortExecutionId(execution.executionId)}) still has steering queued after ${MAX_DRAIN_RETRIES} retries, ending`,
          );
          execution.drainRetryCount = 0;
          return "done";
        }
        execution.drainRetryCount += 1;
        logger.info("[LiveSteeringHook] steering queued at end of turn, returning to MODEL_INVOKE");
        return "again";
      },
      { again: Node.ModelInvoke, done: END },
    );
    graph.setEntryPoint(Node.ModelInvoke);
    return graph.compile();
  }
}
