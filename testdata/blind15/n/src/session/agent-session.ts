import { randomUUID } from "node:crypto";
import { Logger } from "../logging/sink";
import { createSessionServices, type SessionServices } from "./session-services";
import { TurnRunner } from "./turn-runner";
import { ExecutionFactory } from "../execution/execution-factory";
import type { AgentExecution } from "../execution/agent-execution";
import { AgentLoop } from "../loop/agent-loop";
import { TurnCompletionPolicy } from "../loop/turn-policy";
import { ModelSettleFailure, type ConversationModel } from "../loop/types";
import { ToolCatalog, notifyTool, userSteerTool, type ToolHost } from "../tools/tool-catalog";
import { createSubAgentTool } from "../tools/subagent-tool";
import { MemoryExtractionService } from "../memory/memory-extraction-service";
import { AcpSessionBridge, type AcpSender } from "../acp/acp-bridge";
import { clearSteeringAtBoundary, type SteeringClearReason } from "../steering/turn-boundary";
import type { SteeringEntry, SteeringKind } from "../steering/live-steering-queue";

const log = new Logger("AgentSession");
const liveSessions = new Map<string, AgentSession>();

export interface AgentSessionInit {
  sessionId?: string;
  cwd?: string;
  sender?: AcpSender;
  memory?: boolean;
}

function kindFor(origin: string | undefined): SteeringKind {
  if (origin === undefined || origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}

export class AgentSession implements ToolHost {
  static get(sessionId: string): AgentSession | undefined {
    return liveSessions.get(sessionId);
  }

  readonly sessionId: string;
  readonly sessionServices: SessionServices;
  readonly bridge: AcpSessionBridge;
  private readonly factory: ExecutionFactory;
  private readonly loop: AgentLoop;
  private readonly turns: TurnRunner;
  private activeTurn: AbortController | undefined;

  constructor(model: ConversationModel, init: AgentSessionInit = {}) {
    this.sessionId = init.sessionId ?? randomUUID();
    this.sessionServices = createSessionServices(this.sessionId);
    this.bridge = new AcpSessionBridge(this.sessionId, this.sessionServices.bus, init.sender);
    this.factory = new ExecutionFactory(this.sessionServices, { cwd: init.cwd ?? process.cwd(), steeringDocuments: [] });
    const tools = new ToolCatalog([createSubAgentTool(this.factory), userSteerTool, notifyTool]);
    this.loop = new AgentLoop(model, tools, new TurnCompletionPolicy(), this);
    const run = (execution: AgentExecution, prompt: string) => this.runExecution(execution, prompt);
    const memory = init.memory === false ? undefined : new MemoryExtractionService(this.factory, run);
    this.turns = new TurnRunner(this.sessionServices, this.factory, this.bridge, run, memory);
    liveSessions.set(this.sessionId, this);
  }

  steer(text: string, origin?: string): SteeringEntry {
    const entry = this.sessionServices.liveSteering.append(kindFor(origin), text);
    this.sessionServices.metrics.count("steering.queued");
    this.sessionServices.bus.publish("steering:queued", { messageId: entry.id, kind: entry.kind });
    return entry;
  }

  clearSteering(reason: SteeringClearReason = "user_clear"): { cleared: true; messageIds: string[] } {
    return { cleared: true, messageIds: clearSteeringAtBoundary(this.sessionServices, reason) };
  }

  runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    return this.loop.run(execution, prompt);
  }

  async prompt(text: string): Promise<string> {
    const controller = new AbortController();
    this.activeTurn = controller;
    try {
      const answer = await this.turns.run(text, controller.signal);
      clearSteeringAtBoundary(this.sessionServices, "turn_end");
      return answer;
    } catch (err) {
      const reason: SteeringClearReason =
        err instanceof ModelSettleFailure ? "model_settle_failure" : controller.signal.aborted ? "cancel" : "prompt_error";
      clearSteeringAtBoundary(this.sessionServices, reason);
      log.warn(`turn failed (${reason}): ${(err as Error).message}`);
      throw err;
    } finally {
      if (this.activeTurn === controller) this.activeTurn = undefined;
    }
  }

  cancel(): void {
    this.activeTurn?.abort("cancelled");
    this.factory.abortAll("cancelled");
    clearSteeringAtBoundary(this.sessionServices, "cancel");
  }

  close(): void {
    this.cancel();
    this.bridge.dispose();
    liveSessions.delete(this.sessionId);
  }
}
