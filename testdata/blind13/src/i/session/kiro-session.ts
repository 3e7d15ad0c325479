import { AgentExecution } from "../agent/agent-execution";
import { buildAgentGraph, type Model } from "../graph/agent-graph";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { MemoryExtractionService } from "../memory/memory-extraction";
import { InvokeSubAgentTool } from "../tools/invoke-sub-agent";
import { NotifyTool, ToolRegistry, UserSteerTool, type ToolRuntime } from "../tools/registry";
import type { SteeringKind, SteeringMessage } from "../steering/live-steering-buffer";
import { newExecutionId } from "../util/ids";
import { Logger } from "../util/logger";
import { SessionEventAdapter, SessionServices } from "./session-services";
import { clearSteeringAtTurnBoundary, type SteeringClearResult } from "./turn-boundary";

const log = new Logger("Session");

const RECURSION_LIMIT = 64;
const CONTINUATION_PROMPT = "Continue: the user sent more guidance while you were finishing.";
const NOTIFICATION_TEXT = /^\s*\[notification\/(?:info|success|warning|error)\]/i;

export class KiroSession implements ToolRuntime {
  readonly sessionId = newExecutionId();
  readonly eventAdapter: SessionEventAdapter;
  readonly sessionServices: SessionServices;
  readonly promptContext: Record<string, unknown> = { promptTemplateContext: {} };
  private readonly abortController = new AbortController();
  private readonly graph;
  private readonly memoryExtraction: MemoryExtractionService;

  constructor(private readonly model: Model) {
    this.eventAdapter = new SessionEventAdapter(this.sessionId);
    this.sessionServices = new SessionServices(this.sessionId, this.eventAdapter);
    const tools = new ToolRegistry().register(new InvokeSubAgentTool()).register(new UserSteerTool()).register(new NotifyTool());
    this.graph = buildAgentGraph({ model, hook: new LiveSteeringHook(this.eventAdapter), tools, runtime: this }).compile(RECURSION_LIMIT);
    this.memoryExtraction = new MemoryExtractionService(this);
  }

  get session(): this {
    return this;
  }

  steer(text: string, origin = "user"): SteeringMessage {
    let kind: SteeringKind = "user";
    if (origin === "workflow") kind = "workflow";
    else if (origin !== "user" || NOTIFICATION_TEXT.test(text)) kind = "system";
    const message = this.sessionServices.liveSteering.append(text, kind);
    this.eventAdapter.sessionInfo("steering_queued", { messageId: message.id, kind });
    return message;
  }

  clearSteering(reason = "user_clear"): SteeringClearResult {
    return clearSteeringAtTurnBoundary(this.sessionServices, reason);
  }

  cancel(): void {
    this.abortController.abort();
    clearSteeringAtTurnBoundary(this.sessionServices, "cancelled");
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    const finalState = await this.graph.invoke({ execution, context: [{ role: "user", text: prompt }], agentIterationNumber: 0 });
    return finalState.response?.text ?? "";
  }

  private createRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
    });
  }

  async prompt(text: string): Promise<string> {
    let execution = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let reply = await this.runExecution(execution, text);
      const continueWithSteering = execution.hasUnreadSteering();
      if (continueWithSteering) {
        const readerIndex = execution.steeringReaderIndex;
        log.info(`[LiveSteeringHook] steering arrived after the final response; continuing the root execution from ${readerIndex}`);
        execution = this.createRootExecution();
        execution.setSteeringReaderIndex(readerIndex);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        reply = await this.runExecution(execution, CONTINUATION_PROMPT);
      }
      await this.memoryExtraction.extract(execution);
      clearSteeringAtTurnBoundary(this.sessionServices, "turn_end");
      return reply;
    } catch (err) {
      clearSteeringAtTurnBoundary(this.sessionServices, "prompt_error");
      throw err;
    }
  }
}
