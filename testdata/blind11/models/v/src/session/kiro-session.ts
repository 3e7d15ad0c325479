import { newSessionId } from "../common/ids";
import { Logger } from "../common/logging";
import { AgentExecution, ROOT_AGENT_NAME } from "../execution/agent-execution";
import { HookRunner, type AgentModel, type HookHandler, type PromptContext, type SessionServices } from "../execution/types";
import { TurnGraph, type GraphHost } from "../graph/turn-graph";
import { MemoryExtractionService } from "../memory/memory-extraction";
import { SteeringBuffer, type SteeringMessage, type SteeringOrigin } from "../steering/steering-buffer";
import { InvokeSubAgentTool } from "../tools/invoke-sub-agent";
import { ToolRegistry } from "../tools/registry";
import { notifyTool, userSteerTool } from "../tools/steering-tools";
import { SessionEventAdapter, type UpdateSink } from "./session-events";

const log = new Logger("session");

const ROOT_CONTINUATION_PROMPT = "The user sent more guidance after your last reply. Continue the task with it.";

export interface SessionOptions {
  cwd?: string;
  hooks?: HookHandler[];
  memoryExtraction?: boolean;
  onUpdate?: UpdateSink;
}

export interface ClearSteeringResult {
  cleared: true;
  messageIds: string[];
}

export class KiroSession implements GraphHost {
  readonly sessionId = newSessionId();
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly eventAdapter: SessionEventAdapter;
  /** Bumped by every explicit clear so stale client requests can be told apart. */
  steeringEpoch = 0;

  private readonly liveExecutions = new Set<AgentExecution>();
  private abortController = new AbortController();
  private readonly graph: TurnGraph;
  private readonly memory: MemoryExtractionService;

  constructor(model: AgentModel, options: SessionOptions = {}) {
    this.eventAdapter = new SessionEventAdapter(this.sessionId, options.onUpdate);
    this.services = {
      steeringBuffer: new SteeringBuffer(),
      events: this.eventAdapter,
      hooks: new HookRunner(options.hooks ?? []),
    };
    this.promptContext = { promptTemplateContext: { cwd: options.cwd ?? process.cwd(), sessionId: this.sessionId } };
    const tools = new ToolRegistry().register(new InvokeSubAgentTool(), userSteerTool, notifyTool);
    this.graph = new TurnGraph({ model, tools, host: this });
    this.memory = new MemoryExtractionService(this.graph, { enabled: options.memoryExtraction ?? true });
  }

  /** `_session/steer`: queue text typed while the agent works. */
  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.services.steeringBuffer.push(text, origin);
    this.eventAdapter.steeringQueued(message);
    return message;
  }

  /** `_session/steer/clear`. */
  clearSteering(reason = "client_request"): ClearSteeringResult {
    const messageIds = this.settleSteeringAtTurnBoundary(reason);
    this.steeringEpoch += 1;
    return { cleared: true, messageIds };
  }

  cancel(): void {
    this.abortController.abort(new Error("cancelled by client"));
    this.settleSteeringAtTurnBoundary("cancelled");
    this.abortController = new AbortController();
  }

  track(execution: AgentExecution): () => void {
    this.liveExecutions.add(execution);
    return () => {
      this.liveExecutions.delete(execution);
    };
  }

  onModelSettleFailure(execution: AgentExecution, error: unknown): void {
    log.error(`model call of ${execution.agentName} did not settle`, error);
    this.settleSteeringAtTurnBoundary("model_settle_failure");
  }

  async prompt(text: string): Promise<string> {
    let execution = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let reply = await this.graph.run(execution, text);

      const readerIndex = execution.steeringReaderIndex;
      const unread = readerIndex < this.services.steeringBuffer.messages.length;
      if (unread) {
        log.info("[LiveSteeringHook] steering still queued at the end of the turn - continuing the root execution");
        execution = this.createRootExecution();
        execution.setSteeringReaderIndex(readerIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        reply = await this.graph.run(execution, ROOT_CONTINUATION_PROMPT);
      }

      await this.memory.extractAfterTurn(execution);
      this.settleSteeringAtTurnBoundary("turn_end");
      return reply;
    } catch (error) {
      this.settleSteeringAtTurnBoundary("prompt_error");
      throw error;
    }
  }

  private createRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: ROOT_AGENT_NAME,
    });
  }

  /** Turn-boundary helper: drops all queued steering and tells the client. */
  private settleSteeringAtTurnBoundary(reason: string): string[] {
    const messageIds = this.services.steeringBuffer.takeAll();
    if (messageIds.length > 0) {
      log.info(`[LiveSteeringHook] cleared ${messageIds.length} steering message(s): ${reason}`);
    }
    this.eventAdapter.steeringCleared(messageIds, reason);
    return messageIds;
  }
}
