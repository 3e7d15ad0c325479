import type { ModelProvider, PromptContext, SessionServices } from "../core/contracts";
import { AgentExecution } from "../core/execution";
import { ClientNotifier } from "../acp/notifier";
import { HookPipeline } from "../hooks/hook-pipeline";
import { runMemoryExtraction } from "../memory/extractor";
import { sessionId as newSessionId } from "../platform/ids";
import { log } from "../platform/log";
import type { ExecutionHost } from "../runtime/host";
import { TurnRunner } from "../runtime/turn-runner";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { SteeringQueue, type SteeringEntry, type SteeringSource } from "../steering/steering-queue";
import { TurnBoundary, type ClearOutcome } from "./turn-boundary";

const ROOT_AGENT = "chat-agent";
const CONTINUE_PROMPT = "The user added guidance while you were wrapping up. Continue from where you stopped.";
const CONTINUATION_LIMIT = 3;
const sessionLog = log.child("Session");

class EventAdapter {
  ownedExecutionId: string | null = null;
  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }
}

export class KiroSession implements ExecutionHost {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly promptContext: PromptContext;
  readonly eventAdapter: EventAdapter;
  readonly turnBoundary: TurnBoundary;
  /** executions running right now, by id */
  readonly activeExecutions: Map<string, AgentExecution>;
  private cancellation: AbortController;
  private readonly runner: TurnRunner;

  constructor(modelProvider: ModelProvider, cwd: string = process.cwd()) {
    this.sessionId = newSessionId();
    const hooks = new HookPipeline();
    hooks.installBuiltin(new LiveSteeringHook());
    this.services = {
      sessionId: this.sessionId,
      steering: new SteeringQueue(),
      hooks,
      notifier: new ClientNotifier(this.sessionId),
      modelProvider,
    };
    this.promptContext = { cwd, steeringDocs: [], modelId: process.env.KIRO_MODEL_ID ?? "auto" };
    this.eventAdapter = new EventAdapter();
    this.turnBoundary = new TurnBoundary(this);
    this.activeExecutions = new Map();
    this.cancellation = new AbortController();
    this.runner = new TurnRunner(this);
  }

  steer(text: string, origin: SteeringSource = "user"): SteeringEntry {
    const entry = this.services.steering.enqueue(text, origin);
    this.services.notifier.steering("steering_queued", { messageId: entry.id, source: entry.source });
    return entry;
  }

  clearSteering(reason: string): ClearOutcome {
    return this.turnBoundary.clearSteering(reason);
  }

  cancel(): void {
    this.cancellation.abort(new DOMException("The turn was cancelled", "AbortError"));
    this.cancellation = new AbortController();
    this.turnBoundary.clearSteering("cancelled");
  }

  handleModelSettleFailure(execution: AgentExecution, cause: unknown): void {
    sessionLog.error(`model response for ${execution.agentName} (${execution.shortId}) failed to settle`, cause);
    this.turnBoundary.clearSteering("model_settle_failed");
  }

  private createRootExecution(): AgentExecution {
    return new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.cancellation.signal,
      agentName: ROOT_AGENT,
    });
  }

  async runExecution(execution: AgentExecution, prompt: string): Promise<string> {
    this.activeExecutions.set(execution.executionId, execution);
    try {
      return await this.runner.run(execution, prompt);
    } finally {
      this.activeExecutions.delete(execution.executionId);
    }
  }

  async prompt(text: string): Promise<string> {
    let D = this.createRootExecution();
    this.eventAdapter.setOwnedExecutionId(D.executionId);
    try {
      let reply = await this.runExecution(D, text);
      let continuations = 0;
      while (continuations < CONTINUATION_LIMIT) {
        const N = D.steeringReaderIndex;
        const O = N < this.services.steering.journal.entries.length;
        if (!O) break;
        continuations += 1;
        sessionLog.info(`steering left unread at turn end; continuation ${continuations}`);
        D = this.createRootExecution();
        if (O) {
          D.setSteeringReaderIndex(N);
        }
        this.eventAdapter.setOwnedExecutionId(D.executionId);
        reply = await this.runExecution(D, CONTINUE_PROMPT);
      }
      await runMemoryExtraction(this, D);
      this.turnBoundary.clearSteering("turn_complete");
      return reply;
    } catch (err) {
      const aborted = err instanceof Error && err.name === "AbortError";
      this.turnBoundary.clearSteering(aborted ? "cancelled" : "prompt_failed");
      throw err;
    }
  }
}
