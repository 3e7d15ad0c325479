import { AgentExecutionImpl } from "../exec/execution.js";
import { ExecutionRegistry } from "../exec/registry.js";
import { runAgentLoop, SettleError, type LoopOutcome } from "../exec/loop.js";
import { JobQueue } from "../kernel/job-queue.js";
import { makeSessionId } from "../kernel/ids.js";
import { log } from "../kernel/log.js";
import type { PluginRegistry } from "../kernel/plugins.js";
import { ProfileCatalog } from "../agents/profiles.js";
import { SteeringChannel, type SteeringEntry } from "../steering/channel.js";
import { kindOf } from "../steering/kinds.js";
import { LiveSteeringHook } from "../steering/live-steering.js";
import { extractMemories } from "../features/memory.js";
import { generateTitle } from "../features/titles.js";
import type { ClientSurface, ModelPort, PromptContext, SessionServices, Turn, UpdateSink } from "../types.js";
import { settleTurnBoundary, type BoundaryReason } from "./boundary.js";

const ROOT_AGENT = "chat-agent";
const MAX_CONTINUATIONS = 3;

/** Routes updates for the execution the client is following. */
class EventAdapter {
  private owned: string | undefined;
  setOwnedExecutionId(id: string): void {
    this.owned = id;
  }
  get ownedExecutionId(): string | undefined {
    return this.owned;
  }
}

export interface RuntimeOptions {
  cwd?: string;
  kiro?: Record<string, unknown>;
  titles?: boolean;
  sink?: UpdateSink;
}

export class SessionRuntime {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly eventAdapter: EventAdapter;
  steeringEpoch: number;
  private history: Turn[];
  private turnCount: number;
  private cancelling: boolean;

  constructor(model: ModelPort, plugins: PluginRegistry, private readonly options: RuntimeOptions = {}) {
    this.sessionId = makeSessionId();
    this.steeringEpoch = 0;
    this.history = [];
    this.turnCount = 0;
    this.cancelling = false;
    this.eventAdapter = new EventAdapter();
    const sink = options.sink;
    this.services = {
      sessionId: this.sessionId,
      steering: new SteeringChannel(),
      liveSteering: new LiveSteeringHook(),
      plugins,
      jobs: new JobQueue(1, (job, err) => log.warn("background job failed", { job: job.name, error: String(err) })),
      registry: new ExecutionRegistry(),
      profiles: new ProfileCatalog(),
      model,
      surface: { steer: () => ({ id: "" }) },
      notify: (sessionId, update) => sink?.(sessionId, update),
      features: { titles: options.titles === true },
    };
  }

  attachSurface(surface: ClientSurface): void {
    this.services.surface = surface;
  }

  bumpSteeringEpoch(): number {
    return ++this.steeringEpoch;
  }

  enqueueSteering(text: string, origin = "user"): SteeringEntry {
    const entry = this.services.steering.publish({ kind: kindOf(origin), text, origin });
    this.services.notify(this.sessionId, { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_queued", messageId: entry.id } } });
    return entry;
  }

  clearSteering(reason: BoundaryReason = "user_clear"): string[] {
    return settleTurnBoundary(this, reason);
  }

  private context(): PromptContext {
    return { cwd: this.options.cwd ?? process.cwd(), system: this.services.profiles.resolve(ROOT_AGENT).system, kiro: this.options.kiro };
  }

  private async runRoot(root: AgentExecutionImpl, resumeAt?: number): Promise<LoopOutcome> {
    const isContinuation = resumeAt !== undefined;
    if (isContinuation) {
      log.info("continuing root execution", { execution: root.executionId.slice(0, 8), resumeAt });
      root.drainRetryCount = 0;
      root.setSteeringReaderIndex(resumeAt);
    }
    this.eventAdapter.setOwnedExecutionId(root.executionId);
    return runAgentLoop(root);
  }

  async prompt(text: string): Promise<{ stopReason: string; text: string }> {
    this.cancelling = false;
    this.history.push({ role: "user", text });
    const root = new AgentExecutionImpl({
      sessionServices: this.services,
      promptContext: this.context(),
      agentName: ROOT_AGENT,
      transcript: this.history,
    });
    this.services.registry.track(root);
    try {
      let outcome = await this.runRoot(root);
      for (let n = 0; outcome === "exhausted" && n < MAX_CONTINUATIONS; n++) {
        outcome = await this.runRoot(root, root.steeringReaderIndex);
      }
      const answer = root.finalText();
      this.history.push({ role: "assistant", text: answer });
      this.turnCount++;
      const jobs = this.services.jobs;
      jobs.enqueue("memory-extraction", () => extractMemories(root));
      if (this.services.features.titles && this.turnCount === 1) jobs.enqueue("title", () => generateTitle(root));
      await jobs.idle();
      settleTurnBoundary(this, "turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (err) {
      if (this.cancelling) return { stopReason: "cancelled", text: "" };
      settleTurnBoundary(this, err instanceof SettleError ? "settle_failure" : "prompt_error");
      throw err;
    } finally {
      this.services.registry.release(root);
    }
  }

  cancel(): void {
    this.cancelling = true;
    const n = this.services.registry.abortAll(new Error("cancelled"));
    settleTurnBoundary(this, "cancel");
    log.info("session cancelled", { session: this.sessionId, aborted: n });
  }
}
