// Session runtime: turns, root execution, continuation, memory extraction, clears.

import { logger } from "../core/logging";
import { ids } from "../core/ids";
import { resolveConfig, type DeepPartial, type ServerConfig } from "../config/defaults";
import { SteeringBuffer, type SteeringEntry } from "../steering/buffer";
import { AgentExecution, type PromptContext, type SessionServices } from "./execution";
import { runGraph, SettleError, type ExecState, type ModelPort, type ToolRequest, type Turn } from "./graph";
import { runSubAgentTool } from "../agents/subagent";
import { runMemoryExtraction } from "../agents/memory";

export interface SessionNotification {
  sessionId: string;
  update: { sessionUpdate: "session_info_update"; _meta: { kiro: { kind: string } & Record<string, unknown> } };
}

export function buildRootExecution(session: AgentSession, signal: AbortSignal): AgentExecution {
  return new AgentExecution({ sessionServices: session.services, promptContext: session.promptContext, signal });
}

export class AgentSession {
  readonly id = ids.session();
  readonly notifications: SessionNotification[] = [];
  readonly promptContext: PromptContext;
  readonly services: SessionServices;
  readonly config: ServerConfig;
  steeringEpoch = 0;
  ownedExecutionId?: string;
  private abort?: AbortController;

  constructor(private readonly model: ModelPort, overrides?: DeepPartial<ServerConfig>) {
    this.config = resolveConfig(overrides);
    this.promptContext = { cwd: process.cwd(), mode: "vibe", promptTemplateContext: {} };
    this.services = {
      sessionId: this.id,
      steeringBuffer: new SteeringBuffer(),
      config: this.config,
      emit: (kind, payload) => this.notifications.push({ sessionId: this.id, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } }),
    };
  }

  steer(text: string, origin = "user"): SteeringEntry {
    const entry = this.services.steeringBuffer.add({ text, origin });
    this.services.emit("steering_queued", { messageId: entry.id, kind: entry.kind });
    return entry;
  }

  clearSteering(reason: string): { reason: string; messageIds: string[] } {
    const messageIds = this.services.steeringBuffer.reset();
    if (messageIds.length) this.services.emit("steering_cleared", { messageIds, reason });
    logger.debug(`[Session] steering cleared (${reason}): ${messageIds.length} message(s)`);
    return { reason, messageIds };
  }

  /** Turn-boundary helper: every path that ends a turn clears steering through here. */
  atTurnBoundary(reason: "end_turn" | "cancelled" | "prompt_error" | "settle_failed" | "client_clear") {
    this.ownedExecutionId = undefined;
    return this.clearSteering(reason);
  }

  bumpSteeringEpoch(): number {
    return ++this.steeringEpoch;
  }

  run = (execution: AgentExecution, prompt: string): Promise<ExecState> => {
    execution.startedAt = Date.now();
    return runGraph(this.model, execution, prompt, this.tool, this.config.agents.maxGraphSteps).finally(() => {
      execution.finishedAt = Date.now();
    });
  };

  private tool = async (state: ExecState, call: ToolRequest): Promise<Turn> => {
    if (call.name === "invoke_sub_agent") return runSubAgentTool(state, call, this.run);
    if (call.name === "user_steer" || call.name === "notify") {
      const entry = this.steer(call.text ?? "", call.name === "notify" ? "workflow" : "user");
      return { role: "tool", text: `queued ${entry.id}` };
    }
    return { role: "tool", text: `no such tool: ${call.name}` };
  };

  private async continueRoot(previous: AgentExecution, signal: AbortSignal): Promise<{ owner: AgentExecution; text: string }> {
    const resumeAt = previous.steeringReaderIndex;
    const cont = buildRootExecution(this, signal);
    cont.setSteeringReaderIndex(resumeAt);
    this.ownedExecutionId = cont.executionId;
    const state = await this.run(cont, "Continue with the user's latest guidance.");
    return { owner: cont, text: state.reply?.text ?? "" };
  }

  async prompt(text: string): Promise<{ stopReason: string; text: string }> {
    const abort = (this.abort = new AbortController());
    try {
      let owner = buildRootExecution(this, abort.signal);
      this.ownedExecutionId = owner.executionId;
      const first = await this.run(owner, text);
      let answer = first.reply?.text ?? "";
      if (owner.steeringReaderIndex < this.services.steeringBuffer.messageCount()) {
        ({ owner, text: answer } = await this.continueRoot(owner, abort.signal));
      }
      await runMemoryExtraction(owner, this.run);
      this.atTurnBoundary("end_turn");
      return { stopReason: "end_turn", text: answer };
    } catch (err) {
      if (abort.signal.aborted) {
        this.atTurnBoundary("cancelled");
        return { stopReason: "cancelled", text: "" };
      }
      this.atTurnBoundary(err instanceof SettleError ? "settle_failed" : "prompt_error");
      logger.error("[Session] prompt failed", err);
      throw err;
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  cancel(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    return true;
  }
}
