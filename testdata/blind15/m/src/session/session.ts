import { createLogger } from "../util/logger";
import { newSessionId } from "../util/ids";
import { AgentExecution, type PromptContext } from "../agent/execution";
import { ExecutionEventAdapter } from "../acp/event-adapter";
import { AgentGraph } from "../graph/agent-graph";
import { GraphNode } from "../graph/nodes";
import { createModelInvokeNode } from "../graph/model-invoke";
import { createToolsNode } from "../graph/tools-node";
import { routeAfterModelInvoke } from "../graph/routing";
import { ToolRegistry, type ToolHost } from "../tools/registry";
import { invokeSubAgentTool } from "../tools/invoke-sub-agent";
import { notifyTool, userSteerTool } from "../tools/steering-tools";
import { memoryExtractionPlugin } from "../memory/memory-extraction";
import { ModelSettleError, type ChatModel } from "../model/types";
import type { SteeringMessage, SteeringOrigin } from "../steering/types";
import { createSessionServices, type SessionServices } from "./services";
import { clearSteeringAtTurnBoundary, type ClearReason } from "./turn-boundary";
import type { CompletedTurn, PostTurnPlugin } from "./post-turn";

const log = createLogger("Session");

const CONTINUE_PROMPT = "Continue the task: the user sent more guidance while you were finishing.";

export interface KasSessionOptions {
  sessionId?: string;
  workspaceRoot?: string;
  postTurnPlugins?: PostTurnPlugin[];
}

export class KasSession implements ToolHost {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly eventAdapter = new ExecutionEventAdapter();
  #graph: AgentGraph;
  #postTurn: PostTurnPlugin[];
  #turnAbort = new AbortController();
  #turnNumber = 0;

  constructor(model: ChatModel, options: KasSessionOptions = {}) {
    this.sessionId = options.sessionId ?? newSessionId();
    this.services = createSessionServices(this.sessionId);
    this.promptContext = { workspaceRoot: options.workspaceRoot ?? process.cwd(), promptTemplateContext: {} };
    this.#postTurn = options.postTurnPlugins ?? [memoryExtractionPlugin];
    const tools = new ToolRegistry().register(invokeSubAgentTool, userSteerTool, notifyTool);
    this.#graph = new AgentGraph()
      .addNode(GraphNode.MODEL_INVOKE, createModelInvokeNode(model))
      .addNode(GraphNode.TOOLS, createToolsNode(tools, this))
      .addEdge(GraphNode.MODEL_INVOKE, routeAfterModelInvoke)
      .addEdge(GraphNode.TOOLS, () => GraphNode.MODEL_INVOKE);
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.services.steering.push(text, origin);
    this.services.telemetry.increment("steering.queued");
    this.services.notifier.steering(this.sessionId, "steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }

  clearSteering(reason: ClearReason = "user_clear") {
    return clearSteeringAtTurnBoundary(this.services, reason);
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    const release = this.services.executions.register(execution);
    this.services.telemetry.increment("execution.started");
    execution.status = "running";
    try {
      await this.services.hooks.run(execution, "agentSpawn");
      const final = await this.#graph.invoke({
        execution,
        context: [{ role: "user", text: prompt }],
        agentIterationNumber: 0,
      });
      execution.status = "finished";
      await this.services.hooks.run(execution, "stop");
      return final.response?.text ?? "";
    } catch (err) {
      execution.status = execution.abortController.signal.aborted ? "cancelled" : "failed";
      throw err;
    } finally {
      release();
      this.services.telemetry.increment("execution.finished");
    }
  }

  #newRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.#turnAbort.signal,
    });
  }

  async prompt(text: string): Promise<string> {
    this.#turnAbort = new AbortController();
    const turnNumber = ++this.#turnNumber;
    try {
      let rootExecution = this.#newRootExecution();
      this.eventAdapter.setOwnedExecutionId(rootExecution.executionId);
      let result = await this.runExecution(rootExecution, text);

      // steering typed after the root's last drain: continue the root where its cursor stopped
      const pending = rootExecution.steeringReaderIndex < this.services.steering.entries.length;
      if (pending) {
        const resumeFrom = rootExecution.steeringReaderIndex;
        rootExecution = this.#newRootExecution();
        rootExecution.setSteeringReaderIndex(resumeFrom);
        this.eventAdapter.setOwnedExecutionId(rootExecution.executionId);
        log.info(`continuing turn ${turnNumber} for steering queued after the final response`);
        result = await this.runExecution(rootExecution, CONTINUE_PROMPT);
      }

      const turn: CompletedTurn = {
        status: "completed",
        turnNumber,
        rootExecution,
        result,
        runExecution: (execution, prompt) => this.runExecution(execution, prompt),
      };
      for (const plugin of this.#postTurn) {
        if (!plugin.enabled(turn)) continue;
        try {
          await plugin.run(turn);
        } catch (err) {
          log.warn(`post-turn plugin ${plugin.name} failed: ${String(err)}`);
        }
      }
      this.clearSteering("turn_end");
      return result;
    } catch (err) {
      this.clearSteering(err instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      throw err;
    }
  }

  cancel(): void {
    this.#turnAbort.abort("cancelled");
    const aborted = this.services.executions.abortAll("cancelled");
    log.info(`cancel: aborted ${aborted} execution(s)`);
    this.clearSteering("cancelled");
  }
}
