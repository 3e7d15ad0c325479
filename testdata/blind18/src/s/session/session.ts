import { AgentExecution } from "../execution/agent-execution.js";
import type { ConversationMessage, ModelClient, PromptContext, SessionServices, SteeringHost } from "../execution/types.js";
import { SteeringBuffer, type SteeringKind, type SteeringMessage } from "../steering/steering-buffer.js";
import { clearSteeringAtTurnBoundary } from "../steering/turn-boundary.js";
import { SessionUpdateChannel } from "../acp/session-updates.js";
import { ToolRegistry } from "../tools/registry.js";
import { InvokeSubAgentTool } from "../tools/invoke-sub-agent.js";
import { NotifyTool, RelaySteerTool } from "../tools/session-tools.js";
import { MemoryExtractionService } from "../memory/memory-extraction.js";
import { runExecution } from "../graph/runner.js";
import { newSessionId } from "../runtime/ids.js";
import { createLogger } from "../runtime/log.js";

const log = createLogger("session");

/** How many times one prompt may re-run the root execution for steering that arrived at its end. */
const MAX_ROOT_CONTINUATIONS = 4;

export interface SessionOptions {
  agentName?: string;
  workspaceRoot?: string;
}

function steeringKindOf(origin: string | undefined): SteeringKind {
  if (origin === undefined || origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}

export class Session implements SteeringHost {
  readonly sessionId = newSessionId();
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly history: ConversationMessage[] = [];
  readonly memory: MemoryExtractionService;
  readonly agentName: string;
  steeringEpoch = 0;
  private abortController = new AbortController();
  private running = false;

  constructor(model: ModelClient, options: SessionOptions = {}) {
    this.agentName = options.agentName ?? "chat-agent";
    this.promptContext = {
      workspaceRoot: options.workspaceRoot ?? process.cwd(),
      systemPrompt: "You are Kiro, an AI assistant and IDE built to assist developers.",
      steeringDocs: [],
    };
    this.services = {
      sessionId: this.sessionId,
      session: this,
      steering: new SteeringBuffer(),
      model,
      tools: new ToolRegistry().register(new InvokeSubAgentTool()).register(new RelaySteerTool()).register(new NotifyTool()),
      updates: new SessionUpdateChannel(this.sessionId),
      executions: new Map(),
    };
    this.memory = new MemoryExtractionService(runExecution);
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Queues a live steer (or a notification) for the running executions. */
  steer(text: string, origin: string = "user"): SteeringMessage {
    const message = this.services.steering.push({ kind: steeringKindOf(origin), text });
    this.services.updates.send("steering_queued", { messageId: message.id, kind: message.kind });
    return message;
  }

  clearSteering(reason: string): string[] {
    return clearSteeringAtTurnBoundary(this.services, reason);
  }

  cancel(): void {
    this.abortController.abort(new Error("cancelled by client"));
    this.clearSteering("cancel");
  }

  async prompt(text: string): Promise<{ stopReason: string; text: string }> {
    if (this.running) throw new Error("a prompt is already running in this session");
    this.running = true;
    if (this.abortController.signal.aborted) this.abortController = new AbortController();
    this.history.push({ role: "user", text });
    try {
      let root: AgentExecution | undefined;
      let continuation = false;
      let readerIndex = 0;
      let answer = "";
      for (let round = 0; round <= MAX_ROOT_CONTINUATIONS; round++) {
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal: this.abortController.signal,
          agentName: this.agentName,
        });
        continuation && root.setSteeringReaderIndex(readerIndex);
        this.services.updates.setOwnedExecutionId(root.executionId);
        answer = await runExecution(root, [{ role: "system", text: this.promptContext.systemPrompt }, ...this.history]);
        this.history.push({ role: "assistant", text: answer });
        if (root.status === "cancelled" || !root.hasQueuedUserMessage()) break;
        log.info(`continuing ${this.agentName} for steering queued at the end of its turn`);
        continuation = true;
        readerIndex = root.steeringReaderIndex;
      }
      if (root && root.status !== "cancelled") await this.memory.extractAfterTurn(root, this.history);
      this.clearSteering("turn_end");
      return { stopReason: root?.status === "cancelled" ? "cancelled" : "end_turn", text: answer };
    } catch (error) {
      this.clearSteering("prompt_error");
      throw error;
    } finally {
      this.running = false;
    }
  }
}
