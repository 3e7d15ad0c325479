import { AgentExecution, ROOT_AGENT_NAME, type AgentExecutionConfig } from "../agent/agent-execution";
import { AgentHookRunner } from "../agent/agent-hooks";
import type { ModelClient, PromptContext, SessionServices } from "../agent/types";
import { TurnGraph } from "../graph/turn-graph";
import { extractMemories } from "../memory/memory-extraction";
import { SteeringBuffer, type SteeringMessage, type SteeringOrigin } from "../steering/steering-buffer";
import { invokeSubAgentTool } from "../tools/invoke-sub-agent";
import { relayUserMessageTool, workflowNotifyTool } from "../tools/session-tools";
import { ToolRegistry, type ExecutionHost } from "../tools/tool-registry";
import { incrementCounter } from "../telemetry/metrics";
import { newSessionId, shortExecutionId } from "../util/ids";
import { logger } from "../util/logger";
import { SessionEventAdapter } from "./event-adapter";
import { clearSteeringAtTurnBoundary, type SteeringClearReason, type SteeringClearResult } from "./turn-boundary";

const CONTINUATION_PROMPT = "Continue the task: the user sent more guidance while you were finishing.";
const MAX_ROOT_CONTINUATIONS = 2;

export interface AgentSessionOptions {
  workspaceRoot?: string;
  contextCharBudget?: number;
}

export class AgentSession implements ExecutionHost {
  readonly sessionId = newSessionId();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly eventAdapter: SessionEventAdapter;
  /** executions currently running in this session, root and sub-agents */
  readonly liveExecutions = new Set<AgentExecution>();
  steeringEpoch = 0;
  private abortController = new AbortController();
  private readonly graph: TurnGraph;
  private turnInFlight = false;

  constructor(model: ModelClient, options: AgentSessionOptions = {}) {
    this.eventAdapter = new SessionEventAdapter(this.sessionId);
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer: new SteeringBuffer(this.sessionId),
      events: this.eventAdapter,
      tools: new ToolRegistry().register(invokeSubAgentTool, relayUserMessageTool, workflowNotifyTool),
      model,
      hooks: new AgentHookRunner(),
    };
    this.promptContext = {
      workspaceRoot: options.workspaceRoot ?? process.cwd(),
      promptTemplateContext: {},
      contextCharBudget: options.contextCharBudget ?? 400_000,
    };
    this.graph = new TurnGraph(this);
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.sessionServices.steeringBuffer.push(text, origin);
    incrementCounter("steering.queued");
    this.eventAdapter.steeringQueued(message.id, message.kind);
    return message;
  }

  clearSteering(reason: SteeringClearReason): SteeringClearResult {
    return clearSteeringAtTurnBoundary(this, reason);
  }

  bumpSteeringEpoch(): number {
    this.steeringEpoch += 1;
    return this.steeringEpoch;
  }

  cancel(): void {
    logger.info(`[Session] ${this.sessionId} cancelled`);
    this.abortController.abort(new Error("cancelled by client"));
    this.abortController = new AbortController();
    clearSteeringAtTurnBoundary(this, "cancel");
  }

  onModelSettleFailure(execution: AgentExecution, error: unknown): void {
    logger.error(`[Session] model call for ${execution.agentName} (${shortExecutionId(execution.executionId)}) did not settle`, error);
    clearSteeringAtTurnBoundary(this, "model_settle_failed");
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    this.liveExecutions.add(execution);
    try {
      return await this.graph.run(execution, prompt);
    } finally {
      this.liveExecutions.delete(execution);
    }
  }

  async prompt(text: string): Promise<string> {
    if (this.turnInFlight) throw new Error(`session ${this.sessionId} already has a turn in flight`);
    this.turnInFlight = true;
    const rootConfig: AgentExecutionConfig = {
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: ROOT_AGENT_NAME,
    };
    try {
      let D = new AgentExecution(rootConfig);
      this.eventAdapter.setOwnedExecutionId(D.executionId);
      let answer = await this.runExecution(D, text);
      for (let continuation = 1; continuation <= MAX_ROOT_CONTINUATIONS; continuation++) {
        const N = D.steeringReaderIndex;
        const O = N < this.sessionServices.steeringBuffer.bufferedCount();
        if (!O) break;
        logger.info(`[Session] steering arrived as the turn ended, continuing root (${continuation}/${MAX_ROOT_CONTINUATIONS})`);
        D = new AgentExecution(rootConfig);
        if (O) D.setSteeringReaderIndex(N);
        this.eventAdapter.setOwnedExecutionId(D.executionId);
        answer = await this.runExecution(D, CONTINUATION_PROMPT);
      }
      await extractMemories(this, D);
      clearSteeringAtTurnBoundary(this, "turn_end");
      return answer;
    } catch (err) {
      clearSteeringAtTurnBoundary(this, "prompt_error");
      throw err;
    } finally {
      this.turnInFlight = false;
    }
  }
}
