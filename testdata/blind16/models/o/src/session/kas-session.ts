import { newSessionId } from "../common/ids";
import { log } from "../common/log";
import { AgentExecution } from "../agent/agent-execution";
import { runAgentHooks } from "../agent/agent-hooks";
import { AgentGraph, type ToolHandler } from "../graph/agent-graph";
import { extractMemories } from "../memory/memory-extraction";
import type { ChatModel } from "../model/chat-model";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { SteeringBuffer } from "../steering/steering-buffer";
import type { SteeringMessage, SteeringSource } from "../steering/types";
import { invokeSubAgent, type InvokeSubAgentInput } from "../tools/invoke-sub-agent";
import type { PromptContext, SessionServices } from "./session-services";
import { SessionUpdateSink } from "./session-updates";
import { TurnBoundary, type ClearReason } from "./turn-boundary";

const CONTINUE_PROMPT = "The user sent more guidance while you were finishing. Continue with it.";

class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }
}

export interface ClearResult {
  cleared: true;
  messageIds: string[];
}

export class KasSession {
  readonly sessionId = newSessionId();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext = { workspaceRoot: process.cwd(), hooks: {} };
  readonly eventAdapter = new EventAdapter();
  private readonly activeExecutions = new Map<string, AgentExecution>();
  private readonly graph: AgentGraph;
  private turnAbort = new AbortController();

  constructor(model: ChatModel) {
    const steeringBuffer = new SteeringBuffer();
    const updates = new SessionUpdateSink(this.sessionId);
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer,
      liveSteering: new LiveSteeringHook(updates),
      updates,
      turnBoundary: new TurnBoundary(steeringBuffer, updates),
    };
    const tools = new Map<string, ToolHandler>([
      ["invoke_sub_agent", (call, state) => invokeSubAgent(state, call.input as unknown as InvokeSubAgentInput, (child, prompt) => this.runExecution(child, prompt))],
      ["user_steer", (call) => (this.steer(call.text ?? ""), "Steering message queued.")],
      ["notify", (call) => (this.steer(call.text ?? "", "workflow"), "Notification posted.")],
    ]);
    this.graph = new AgentGraph(model, tools, (execution, error) => {
      log.error(`[AgentGraph] model call failed in ${execution.agentName}: ${String(error)}`);
      this.clearAtTurnBoundary("model_settle_failed");
    });
  }

  get runningExecutions(): AgentExecution[] {
    return [...this.activeExecutions.values()];
  }

  /** `_session/steer`: queue a message for the running turn. */
  steer(text: string, source: SteeringSource = "user"): SteeringMessage {
    const message = this.sessionServices.steeringBuffer.add(text, source);
    this.sessionServices.updates.steering("steering_queued", [message.id]);
    return message;
  }

  /** `_session/steer/clear`: retract everything queued so far. */
  clearSteering(reason: ClearReason = "user_clear"): ClearResult {
    const messageIds = this.clearAtTurnBoundary(reason);
    this.sessionServices.steeringBuffer.epoch += 1;
    return { cleared: true, messageIds };
  }

  cancel(): void {
    this.turnAbort.abort(new Error("cancelled"));
    this.clearAtTurnBoundary("cancelled");
  }

  private clearAtTurnBoundary(reason: ClearReason): string[] {
    return this.sessionServices.turnBoundary.clearSteering(reason);
  }

  private async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    this.activeExecutions.set(execution.executionId, execution);
    try {
      await runAgentHooks("agentSpawn", execution);
      const result = await this.graph.run(execution, prompt);
      await runAgentHooks("agentStop", execution);
      return result;
    } finally {
      this.activeExecutions.delete(execution.executionId);
    }
  }

  async prompt(text: string): Promise<string> {
    if (this.turnAbort.signal.aborted) this.turnAbort = new AbortController();
    const services = this.sessionServices;
    const root = new AgentExecution({
      sessionServices: services,
      promptContext: this.promptContext,
      signal: this.turnAbort.signal,
      agentName: "chat-agent",
    });
    this.eventAdapter.setOwnedExecutionId(root.executionId);
    try {
      let result = await this.runExecution(root, text);
      let last = root;
      const readUpTo = root.steeringReaderIndex;
      const hasUnread = readUpTo < services.steeringBuffer.size();
      if (hasUnread) {
        const continuation = new AgentExecution({
          sessionServices: services,
          promptContext: this.promptContext,
          signal: this.turnAbort.signal,
          agentName: root.agentName,
        });
        continuation.setSteeringReaderIndex(readUpTo);
        this.eventAdapter.setOwnedExecutionId(continuation.executionId);
        result = await this.runExecution(continuation, CONTINUE_PROMPT);
        last = continuation;
      }
      await extractMemories(last, (execution, prompt) => this.runExecution(execution, prompt));
      this.clearAtTurnBoundary("turn_end");
      return result;
    } catch (error) {
      this.clearAtTurnBoundary(this.turnAbort.signal.aborted ? "cancelled" : "prompt_error");
      throw error;
    }
  }
}
