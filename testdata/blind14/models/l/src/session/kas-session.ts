import { ExecutionSpawner } from "../agents/spawner";
import { runMemoryExtraction } from "../agents/memory";
import { ids } from "../core/ids";
import { ComponentLogger } from "../core/logging";
import { runAgentLoop, type LoopDeps } from "../loop/agent-loop";
import type { ChatModel } from "../loop/nodes";
import { AgentExecution, type PromptContext } from "../runtime/agent-execution";
import { closeSteeringWindow, type ClearCause } from "../steering/boundary";
import { SteeringInbox, type SteeringEntry } from "../steering/inbox";
import { SteeringNotifier, nullConnection, type AcpConnection } from "../steering/notifier";
import { TranscriptWriter } from "../transcript/writer";
import type { SessionServices } from "./services";

const log = new ComponentLogger("session");

const DRAIN_RETRY_LIMIT = 8;
const ITERATION_LIMIT = 50;

class EventAdapter {
  private ownedExecutionId?: string;
  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }
  owns(executionId: string): boolean {
    return this.ownedExecutionId === executionId;
  }
}

export class KasSession {
  readonly sessionId = ids.session();
  readonly services: SessionServices;
  readonly eventAdapter = new EventAdapter();
  private root?: AgentExecution;
  private readonly abortController = new AbortController();
  private readonly promptContext: PromptContext = { cwd: process.cwd(), purpose: "conversation", includeSteeringDocs: true };
  private readonly deps: LoopDeps;

  constructor(model: ChatModel, connection: AcpConnection = nullConnection) {
    this.services = {
      sessionId: this.sessionId,
      steeringInbox: new SteeringInbox(),
      steeringEpoch: 0,
      notifier: new SteeringNotifier(this.sessionId, connection),
      spawner: new ExecutionSpawner(),
      transcript: new TranscriptWriter(),
      hooks: { byTrigger: new Map() },
    };
    this.deps = {
      model,
      session: this,
      run: (execution, input) => this.runExecution(execution, input),
      limits: { maxDrainRetries: DRAIN_RETRY_LIMIT, maxIterations: ITERATION_LIMIT },
      targets: { continueTarget: "MODEL_INVOKE", endTarget: "END" },
    };
  }

  steer(text: string, origin = "user"): SteeringEntry {
    const entry = this.services.steeringInbox.append(origin === "user" ? "user" : "notification", text);
    this.services.notifier.emit("steering_queued", { messageId: entry.id, epoch: this.services.steeringEpoch });
    return entry;
  }

  clearSteering(cause: ClearCause = "client_clear"): string[] {
    const messageIds = closeSteeringWindow(this.services, cause);
    this.services.steeringEpoch += 1;
    return messageIds;
  }

  cancel(): void {
    const aborted = this.services.spawner.abortAll();
    this.root?.abortController.abort();
    this.root = undefined;
    closeSteeringWindow(this.services, "cancel");
    log.info(`cancelled; ${aborted} sub-execution(s) aborted`);
  }

  private async runExecution(execution: AgentExecution, input: string): Promise<string> {
    const sub = execution.subExecutionDepth > 0 ? execution.executionId : undefined;
    this.services.transcript.record(sub, { type: "turn_start" });
    const answer = await runAgentLoop(execution, input, this.deps);
    this.services.transcript.record(sub, { type: "turn_end", text: answer });
    return answer;
  }

  private newRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent",
    });
  }

  async prompt(text: string): Promise<{ stopReason: string }> {
    const continuing = this.root !== undefined;
    const root = (this.root ??= this.newRootExecution());
    root.drainRetryCount = 0;
    if (continuing) root.setSteeringReaderIndex(this.services.steeringInbox.size());
    this.eventAdapter.setOwnedExecutionId(root.executionId);
    try {
      this.services.transcript.record(undefined, { type: "user", text });
      await this.runExecution(root, text);
      await runMemoryExtraction(root, this.deps);
      closeSteeringWindow(this.services, "turn_end");
      return { stopReason: "end_turn" };
    } catch (cause) {
      if (root.abortController.signal.aborted) return { stopReason: "cancelled" };
      closeSteeringWindow(this.services, "prompt_error");
      throw cause;
    }
  }
}
