// A KAS session: owns the steering log, runs one turn per prompt, and closes the steering
// window at every turn boundary (success, cancel, prompt error, settle failure).
import { AgentExecution, ROOT_AGENT_NAME, type PromptContext } from "../agent/execution.js";
import { ModelSettleError, type ModelProvider } from "../agent/model.js";
import { ExecutionRunner } from "../agent/runner.js";
import { InvokeSubAgentTool } from "../agent/invoke-sub-agent.js";
import { SteeringRelayTool, ToolRegistry } from "../agent/tools.js";
import { PluginHost } from "../runtime/hooks.js";
import { AgentHooksPlugin, UsagePlugin, type AgentHookDefinition } from "../runtime/agent-hooks.js";
import { LiveSteeringHook } from "../steering/live-steering-hook.js";
import { MemoryExtractionHook, type MemoryStore } from "../memory/memory-extraction-hook.js";
import type { SteeringMessage, SteeringOrigin } from "../steering/steering-log.js";
import { SessionServices } from "./session-services.js";
import { SessionUpdateChannel } from "../server/updates.js";
import { logger, withLogScope } from "../util/logger.js";
import { newSessionId, shortExecutionId } from "../util/ids.js";

const CONTINUATION_PROMPT = "Continue the task, taking the user's latest guidance into account.";

export interface SessionInit {
  model: ModelProvider;
  memory: MemoryStore;
  workspaceRoot?: string;
  agentHooks?: AgentHookDefinition[];
}

export interface SteeringClearResult {
  reason: string;
  messageIds: string[];
}

export class KasSession {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly plugins: PluginHost;
  readonly usage: UsagePlugin;
  private runner: ExecutionRunner;
  private promptContext: PromptContext;
  private turnAbort: AbortController | undefined;
  private turnCount: number;

  constructor(init: SessionInit) {
    this.sessionId = newSessionId();
    this.services = new SessionServices(new SessionUpdateChannel(this.sessionId));
    this.promptContext = {
      workspaceRoot: init.workspaceRoot ?? process.cwd(),
      steeringDocuments: [],
      promptTemplateContext: {},
    };
    this.usage = new UsagePlugin();
    this.plugins = new PluginHost()
      .use(new LiveSteeringHook(this.services.updates))
      .use(new MemoryExtractionHook(init.memory))
      .use(new AgentHooksPlugin(init.agentHooks ?? []))
      .use(this.usage);
    const tools = new ToolRegistry([
      new InvokeSubAgentTool(),
      new SteeringRelayTool("user_steer", "user"),
      new SteeringRelayTool("notify", "workflow"),
    ]);
    this.runner = new ExecutionRunner({ model: init.model, tools, plugins: this.plugins, session: this });
    this.turnAbort = undefined;
    this.turnCount = 0;
  }

  get busy(): boolean {
    return this.turnAbort !== undefined;
  }

  /** Appends live steering (typed by the user, or posted by a workflow). */
  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const message = this.services.steering.publish(text, origin);
    this.services.updates.publish("steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }

  clearSteering(reason: string): SteeringClearResult {
    return this.closeSteeringWindow(reason);
  }

  bumpSteeringEpoch(): number {
    this.services.steeringEpoch += 1;
    return this.services.steeringEpoch;
  }

  /** Turn-boundary helper: drops the session's steering and tells the client. */
  closeSteeringWindow(reason: string): SteeringClearResult {
    const messageIds = this.services.steering.reset();
    if (messageIds.length > 0) {
      logger.info(`[Steering] cleared ${messageIds.length} message(s): ${reason}`);
    }
    this.services.updates.publish("steering_cleared", { messageIds, reason });
    return { reason, messageIds };
  }

  cancel(): void {
    if (!this.turnAbort) return;
    this.turnAbort.abort(new Error("cancelled by client"));
    const aborted = this.services.registry.abortAll("cancelled by client");
    logger.info(`[Session] cancel: aborted ${aborted} execution(s)`);
    this.closeSteeringWindow("cancel");
  }

  async prompt(text: string): Promise<string> {
    if (this.turnAbort) throw new Error("a turn is already running in this session");
    this.turnAbort = new AbortController();
    const turn = ++this.turnCount;
    try {
      return await withLogScope({ sessionId: this.sessionId }, () => this.runTurn(turn, text));
    } catch (error) {
      if (!this.turnAbort.signal.aborted) {
        this.closeSteeringWindow(error instanceof ModelSettleError ? "model_settle_failed" : "prompt_error");
      }
      logger.error(`[Session] turn ${turn} failed`, error);
      throw error;
    } finally {
      this.turnAbort = undefined;
    }
  }

  private async runTurn(turn: number, text: string): Promise<string> {
    let root = this.spawnRoot();
    logger.info(`[Session] turn ${turn} started in ${shortExecutionId(root.executionId)}`);
    let output = await this.runner.run(root, text);

    const resumeAt = root.steeringReaderIndex;
    if (resumeAt < this.services.steering.messages.length) {
      logger.info(`[LiveSteeringHook] unread steering after the turn, continuing ${ROOT_AGENT_NAME}`);
      root = this.spawnRoot();
      root.setSteeringReaderIndex(resumeAt);
      output = await this.runner.run(root, CONTINUATION_PROMPT);
    }

    await this.plugins.dispatch("turn:settled", { session: this, runner: this.runner, execution: root });
    await this.plugins.dispatch("turn:closed", { session: this, runner: this.runner, execution: root, reason: "end_turn" });
    this.closeSteeringWindow("turn_end");
    return output;
  }

  private spawnRoot(): AgentExecution {
    const root = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.turnAbort?.signal,
      agentName: ROOT_AGENT_NAME,
    });
    this.services.registry.adoptRoot(root);
    this.services.updates.bindOwner(root.executionId);
    return root;
  }
}
