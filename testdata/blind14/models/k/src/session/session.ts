import { AgentExecution, ROOT_AGENT_NAME, type PromptContext } from "../agent/execution";
import type { ModelProvider } from "../graph/nodes";
import { TurnGraph, type ExecutionRunner } from "../graph/turn-graph";
import { extractMemories } from "../memory/extraction";
import type { SteeringMessage } from "../steering/buffer";
import { BufferedClient, type AcpClient } from "../steering/events";
import { clearSteeringAtTurnBoundary, type SteeringClearReason } from "../steering/turn-boundary";
import { invokeSubAgentTool } from "../tools/invoke-sub-agent";
import { ToolRegistry, type SteeringOrigin } from "../tools/registry";
import { notifyTool, userSteerTool } from "../tools/steering-tools";
import { newSessionId } from "../util/ids";
import { createLogger } from "../util/logger";
import { createSessionServices, type SessionServices } from "./services";

const log = createLogger("kas.session");

const MAX_ROOT_CONTINUATIONS = 3;
const CONTINUATION_PROMPT = "Continue the current task; the user sent more guidance while you were finishing.";

/** Which execution's events the ACP client currently follows. */
export class ExecutionEventAdapter {
  ownedExecutionId: string | undefined;
  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }
}

export interface PromptResult {
  stopReason: "end_turn" | "cancelled";
  text: string;
}

export class AgentSession implements ExecutionRunner {
  readonly sessionId = newSessionId();
  readonly services: SessionServices;
  readonly eventAdapter = new ExecutionEventAdapter();
  readonly promptContext: PromptContext;
  private readonly tools = new ToolRegistry().register(invokeSubAgentTool, userSteerTool, notifyTool);
  private abortController = new AbortController();
  private turns = 0;

  constructor(
    private readonly model: ModelProvider,
    client: AcpClient = new BufferedClient(),
    workspaceRoot = process.cwd(),
  ) {
    this.services = createSessionServices(this.sessionId, client);
    this.promptContext = { workspaceRoot, mode: "chat", steeringFiles: [] };
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind = origin === "user" ? "user" : origin === "system" ? "system" : "workflow";
    const message = this.services.liveSteering.push(text, kind);
    this.services.steeringEvents.queued(message);
    log.debug(`queued ${kind} steering ${message.id}`);
    return message;
  }

  /** `_session/steer/clear`: drop the buffer and start a new steering epoch. */
  clearSteering(reason: SteeringClearReason = "user_clear"): string[] {
    const messageIds = clearSteeringAtTurnBoundary(this.services, reason);
    this.services.liveSteering.epoch += 1;
    return messageIds;
  }

  cancel(): void {
    this.abortController.abort(new Error("cancelled by client"));
    clearSteeringAtTurnBoundary(this.services, "cancelled");
    this.abortController = new AbortController();
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    const graph = new TurnGraph({
      model: this.model,
      tools: this.tools,
      runner: this,
      toolContext: { runner: this, session: this },
    });
    if (!execution.skipHooks) {
      await this.services.hooks.run("agentSpawn", { executionId: execution.executionId, agentName: execution.agentName });
    }
    return graph.run(execution, prompt);
  }

  async prompt(text: string): Promise<PromptResult> {
    this.turns += 1;
    const signal = this.abortController.signal;
    try {
      let resumeAt: number | undefined;
      let root: AgentExecution;
      let answer = "";
      for (let pass = 0; ; pass++) {
        root = new AgentExecution({
          sessionServices: this.services,
          promptContext: this.promptContext,
          signal,
          agentName: ROOT_AGENT_NAME,
        });
        const continuing = resumeAt !== undefined;
        if (continuing) {
          root.setSteeringReaderIndex(resumeAt!);
        }
        this.eventAdapter.setOwnedExecutionId(root.executionId);
        answer = await this.runExecution(root, continuing ? CONTINUATION_PROMPT : text);
        if (pass >= MAX_ROOT_CONTINUATIONS || !root.hasQueuedUserMessage()) break;
        log.info(`root continuation ${pass + 1} for turn ${this.turns}`);
        resumeAt = root.steeringReaderIndex;
      }
      await extractMemories(root, this);
      clearSteeringAtTurnBoundary(this.services, "turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (error) {
      if (signal.aborted) return { stopReason: "cancelled", text: "" };
      clearSteeringAtTurnBoundary(this.services, "prompt_error");
      throw error;
    }
  }
}
