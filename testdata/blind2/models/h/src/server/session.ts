import { SteeringChannel, type SteeringEntry, type SteeringOrigin } from "../channel/steering-channel";
import { AsyncEmitter } from "../core/async-emitter";
import { newExecutionId } from "../core/ids";
import { AgentExecution, type PromptContext } from "../runtime/agent-execution";
import type { RuntimeEvents } from "../runtime/events";
import { runExecution, SettleError } from "../runtime/runner";
import { drainLiveSteering } from "../steering/live-steering";
import { installMemoryExtraction } from "../memory/extraction-task";
import type { EventAdapter, SessionServices } from "./session-services";
import { endTurnClear, type ClearReason } from "./turn-boundary";
import { logLines } from "./log";

export const sessionsById = new Map<string, AcpSession>();

class AcpEventAdapter implements EventAdapter {
  readonly updates: unknown[] = [];
  private owned = "";
  constructor(private readonly sessionId: string) {}
  setOwnedExecutionId(id: string): void {
    this.owned = id;
  }
  send(kind: "steering_queued" | "steering_injected" | "steering_cleared", messageIds: string[]): void {
    this.updates.push({ sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId: this.owned } } } });
  }
}

export class AcpSession {
  readonly sessionId = newExecutionId();
  readonly services: SessionServices;
  readonly live = new Set<AgentExecution>();
  private root: AgentExecution | undefined;
  private abort = new AbortController();
  private readonly promptContext: PromptContext = { cwd: process.cwd(), system: "You are Kiro." };

  constructor(model: SessionServices["model"]) {
    const events = new AsyncEmitter<RuntimeEvents>();
    const eventAdapter = new AcpEventAdapter(this.sessionId);
    this.services = {
      sessionId: this.sessionId,
      channel: new SteeringChannel((entry: SteeringEntry) => eventAdapter.send("steering_queued", [entry.id])),
      events,
      eventAdapter,
      model,
      log: (line) => logLines.push(`[${new Date().toISOString()}] [info] ${line}`),
      session: this,
    };
    events.on("beforeModelInvoke", drainLiveSteering);
    events.on("beforeModelInvoke", ({ execution }) => {
      if (execution.skipHooks) return;
      // user-configured agent hooks (promptSubmit) would run here
    });
    events.on("executionStarted", (e) => void this.live.add(e));
    events.on("executionFinished", (e) => void this.live.delete(e));
    installMemoryExtraction(events);
    sessionsById.set(this.sessionId, this);
  }

  steer(text: string, origin: SteeringOrigin = "user"): SteeringEntry {
    return this.services.channel.publish({ body: text, origin });
  }

  clearSteering(reason: ClearReason = "user_clear"): string[] {
    return endTurnClear(this, reason);
  }

  cancel(): void {
    this.abort.abort(new Error("cancelled"));
  }

  async prompt(text: string): Promise<{ stopReason: string }> {
    const previous = this.root;
    const continued = previous !== undefined;
    const next = continued
      ? AgentExecution.resume(previous, this.abort.signal)
      : new AgentExecution({ sessionServices: this.services, promptContext: this.promptContext, signal: this.abort.signal });
    continued && next.setSteeringReaderIndex(this.services.channel.store.entries.length);
    this.root = next;
    this.services.eventAdapter.setOwnedExecutionId(next.executionId);
    next.messages.push({ role: "user", text });
    let reason: ClearReason = "turn_end";
    try {
      await runExecution(next);
      await this.services.events.emitSerial("turnSettled", { root: next });
      return { stopReason: "end_turn" };
    } catch (error) {
      reason = this.abort.signal.aborted ? "cancel" : error instanceof SettleError ? "model_settle_failure" : "prompt_error";
      if (reason === "cancel") {
        this.abort = new AbortController();
        return { stopReason: "cancelled" };
      }
      throw error;
    } finally {
      endTurnClear(this, reason);
    }
  }
}
