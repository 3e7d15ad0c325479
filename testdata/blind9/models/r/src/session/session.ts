// A KAS session: owns the steering buffer, runs turns, and reports to the ACP client.

import { AgentExecution, type PromptContext } from "../agent/execution";
import { AgentGraph } from "../graph/agent-graph";
import { ModelSettleError, type GraphHost, type ModelClient } from "../graph/types";
import { extractMemories } from "../memory/extraction";
import { metrics, steeringMetrics } from "../ops/metrics";
import { backgroundScheduler } from "../ops/scheduler";
import { LiveSteeringHook } from "../steering/hook";
import { SteeringBuffer, type ClearedSteering, type SteeringMessage, type SteeringOrigin } from "../steering/buffer";
import { newSessionId } from "../util/ids";
import { createLogger } from "../util/log";
import type { SessionServices, SessionUpdate } from "./services";

const sessionLog = createLogger("[Session]");

export type TurnEndReason = "turn_end" | "cancelled" | "prompt_error" | "model_settle_failed" | "user_clear";

export interface TurnResult {
  stopReason: "end_turn" | "cancelled" | "refusal";
  text: string;
  memories: string[];
}

export class KasSession implements GraphHost {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly outbound: SessionUpdate[] = [];
  steeringEpoch = 0;
  private readonly liveExecutions = new Set<AgentExecution>();
  private readonly graph: AgentGraph;
  private readonly promptContext: PromptContext;
  private ownedExecutionId: string | undefined;
  private turnAbort: AbortController | undefined;
  private turns = 0;

  constructor(model: ModelClient, workspaceRoot = process.cwd()) {
    this.sessionId = newSessionId();
    const buffer = new SteeringBuffer();
    this.services = {
      sessionId: this.sessionId,
      steeringBuffer: buffer,
      metrics,
      scheduler: backgroundScheduler(),
      notify: (update) => {
        this.outbound.push(update);
      },
    };
    this.promptContext = { workspaceRoot, promptTemplateContext: { sessionId: this.sessionId } };
    const hook = new LiveSteeringHook({
      injected: (execution, message) => this.sendSteeringUpdate("steering_injected", [message.id], execution.executionId),
      delivered: (execution, ids) => this.sendSteeringUpdate("steering_cleared", ids, execution.executionId),
    });
    this.graph = new AgentGraph(model, hook, this);
    buffer.onQueued((message) => this.sendSteeringUpdate("steering_queued", [message.id]));
  }

  get steeringBuffer(): SteeringBuffer {
    return this.services.steeringBuffer;
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    return this.services.steeringBuffer.push(text, origin);
  }

  clearSteering(reason: TurnEndReason | string): ClearedSteering {
    const cleared = this.services.steeringBuffer.drain(reason);
    if (cleared.messageIds.length > 0) this.sendSteeringUpdate("steering_cleared", cleared.messageIds);
    return cleared;
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    this.liveExecutions.add(execution);
    steeringMetrics.executions.set(this.liveExecutions.size);
    execution.status = "running";
    try {
      const final = await this.graph.run(execution, prompt);
      execution.status = "completed";
      return final.response?.text ?? "";
    } catch (err) {
      execution.status = execution.abortController.signal.aborted ? "cancelled" : "failed";
      throw err;
    } finally {
      this.liveExecutions.delete(execution);
      steeringMetrics.executions.set(this.liveExecutions.size);
    }
  }

  private newRootExecution(signal: AbortSignal): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal,
      agentName: "chat-agent",
    });
  }

  async prompt(text: string): Promise<TurnResult> {
    const abort = new AbortController();
    this.turnAbort = abort;
    this.turns += 1;
    try {
      let owner = this.newRootExecution(abort.signal);
      this.ownedExecutionId = owner.executionId;
      let reply = await this.runExecution(owner, text);
      const buffer = this.services.steeringBuffer;
      const resumeFrom = owner.steeringReaderIndex;
      const resume = resumeFrom < buffer.messages.length;
      if (resume) {
        const next = this.newRootExecution(abort.signal);
        this.ownedExecutionId = next.executionId;
        next.setSteeringReaderIndex(resumeFrom);
        for (const id of owner.deliveredSteering) buffer.acknowledge(id, owner.executionId);
        owner = next;
        reply = await this.runExecution(owner, "The user sent more guidance after your last answer. Continue.");
      }
      const memories = await extractMemories(owner, this);
      this.endTurn("turn_end");
      return { stopReason: "end_turn", text: reply, memories };
    } catch (err) {
      if (abort.signal.aborted) {
        this.endTurn("cancelled");
        return { stopReason: "cancelled", text: "", memories: [] };
      }
      this.endTurn(err instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      sessionLog.error(`turn ${this.turns} failed`, err);
      throw err;
    } finally {
      if (this.turnAbort === abort) this.turnAbort = undefined;
    }
  }

  cancel(): void {
    const abort = this.turnAbort;
    if (!abort) return;
    for (const execution of this.liveExecutions) execution.cancel("session/cancel");
    abort.abort("session/cancel");
  }

  /** Clears steering at a turn boundary (turn end, cancel, errors, client clear). */
  endTurn(reason: TurnEndReason): ClearedSteering {
    return this.clearSteering(reason);
  }

  get ownerExecutionId(): string | undefined {
    return this.ownedExecutionId;
  }

  private sendSteeringUpdate(kind: "steering_queued" | "steering_injected" | "steering_cleared", messageIds: string[], executionId?: string): void {
    this.services.notify({
      sessionId: this.sessionId,
      update: {
        sessionUpdate: "session_info_update",
        _meta: { kiro: { kind, messageIds, executionId, epoch: this.steeringEpoch } },
      },
    });
  }
}
