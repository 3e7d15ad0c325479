import { randomUUID } from "node:crypto";
import { AgentExecution, type PromptContext } from "../agent/agent-execution";
import { SessionUpdates, type NotificationSink } from "../acp/session-updates";
import { ContextCompactor } from "../context/compaction";
import { ExecutionRunner } from "../graph/execution-runner";
import type { ModelClient } from "../graph/state";
import { MemoryExtractionService } from "../memory/memory-extraction";
import { LiveSteeringBuffer } from "../steering/live-steering-buffer";
import type { SteeringMessage, SteeringOrigin } from "../steering/types";
import { InvokeSubAgentTool } from "../tools/invoke-sub-agent";
import { ToolRegistry } from "../tools/registry";
import { NotifyTool, UserSteerTool } from "../tools/steering-tools";
import { scoped } from "../util/log";
import { Counters } from "../util/metrics";
import type { SessionServices } from "./services";
import type { SessionSettings } from "./settings";

const log = scoped("Session");
const CONTINUE_PROMPT = "Continue: the user sent more guidance while you were finishing.";

export interface ClearResult {
  reason: string;
  messageIds: string[];
}

class EventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }
}

export class KasSession {
  readonly sessionId = randomUUID();
  readonly eventAdapter = new EventAdapter();
  readonly sessionServices: SessionServices;
  private readonly runner: ExecutionRunner;
  private readonly memory: MemoryExtractionService;
  private readonly abortController = new AbortController();
  private readonly promptContext: PromptContext;
  private turns = 0;

  constructor(model: ModelClient, settings: SessionSettings, sink?: NotificationSink) {
    this.sessionServices = {
      sessionId: this.sessionId,
      steeringBuffer: new LiveSteeringBuffer(),
      counters: new Counters(),
      updates: new SessionUpdates(this.sessionId, sink),
      userHooks: settings.hooks,
    };
    this.promptContext = { workspace: settings.workspace, mode: "chat", templateVars: {} };
    const tools = new ToolRegistry().register(
      new InvokeSubAgentTool({ maxDepth: settings.maxSubAgentDepth }),
      new UserSteerTool(this),
      new NotifyTool(this),
    );
    this.runner = new ExecutionRunner({
      model,
      tools,
      compactor: new ContextCompactor(settings.compaction),
      onModelSettleFailure: (execution, error) => {
        log.error(`model call did not settle for ${execution.agentName}`, error);
        this.endTurnBoundary("model_settle_failure");
      },
    });
    this.memory = new MemoryExtractionService(settings.memory);
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.sessionServices.steeringBuffer.push(text, origin);
    this.sessionServices.updates.steering("steering_queued", [message.id]);
    return message;
  }

  clearSteering(reason: string): ClearResult {
    return this.endTurnBoundary(reason);
  }

  /** Everything that ends a turn (or abandons it) empties the session's steering. */
  endTurnBoundary(reason: string): ClearResult {
    const messageIds = this.sessionServices.steeringBuffer.reset(reason);
    if (messageIds.length > 0) this.sessionServices.updates.steering("steering_cleared", messageIds, undefined, reason);
    log.debug(`steering cleared (${reason}): ${messageIds.length} message(s)`);
    return { reason, messageIds };
  }

  cancel(): void {
    this.abortController.abort(new Error("cancelled"));
    this.endTurnBoundary("cancelled");
  }

  private createRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent",
    });
  }

  async prompt(text: string): Promise<string> {
    this.turns += 1;
    const buffer = this.sessionServices.steeringBuffer;
    try {
      const root = this.createRootExecution();
      this.eventAdapter.setOwnedExecutionId(root.executionId);
      let answer = await this.runner.run(root, text);
      let owner = root;
      const unread = root.steeringReaderIndex < buffer.journal.entries.length;
      if (unread) {
        const resumeAt = root.steeringReaderIndex;
        owner = this.createRootExecution();
        owner.setSteeringReaderIndex(resumeAt);
        this.eventAdapter.setOwnedExecutionId(owner.executionId);
        answer = await this.runner.run(owner, CONTINUE_PROMPT);
      }
      await this.memory.extractAfterTurn(owner, this.runner);
      this.endTurnBoundary("turn_end");
      return answer;
    } catch (error) {
      this.endTurnBoundary("prompt_error");
      throw error;
    }
  }

  get turnCount(): number {
    return this.turns;
  }
}
