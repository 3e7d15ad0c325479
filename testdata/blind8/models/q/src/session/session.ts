// An ACP session: accepts steering at any time, runs prompts as turns, and empties the
// steering store at each turn boundary.
import type { Container } from "../infra/container.js";
import type { EventBus } from "../infra/event-bus.js";
import { log } from "../infra/log.js";
import { traced } from "../infra/telemetry.js";
import type { AgentExecution } from "../agent/agent-execution.js";
import type { ExecutionFactory } from "../agent/execution-factory.js";
import type { GraphRunner } from "../agent/graph-runner.js";
import { ModelSettleFailure } from "../agent/model.js";
import type { SteeringEntry, SteeringStore } from "../steering/steering-store.js";
import type { KasEvents } from "./events.js";
import { Tokens } from "./tokens.js";

const MAX_ROOT_CONTINUATIONS = 2;
const RESUME_PROMPT = "New guidance from the user arrived after your last answer. Continue accordingly.";

export type SteeringSource = "user" | "workflow" | "system";

export class Session {
  readonly sessionId: string;
  activeRoot: AgentExecution | undefined;
  #turns = 0;
  #epoch = 0;
  #turnAbort: AbortController | undefined;
  readonly #store: SteeringStore;
  readonly #bus: EventBus<KasEvents>;
  readonly #factory: ExecutionFactory;
  readonly #runner: GraphRunner;

  constructor(readonly scope: Container) {
    this.sessionId = scope.resolve(Tokens.SessionId);
    this.#store = scope.resolve(Tokens.SteeringStore);
    this.#bus = scope.resolve(Tokens.Bus);
    this.#factory = scope.resolve(Tokens.Factory);
    this.#runner = scope.resolve(Tokens.Runner);
  }

  get steeringEpoch(): number {
    return this.#epoch;
  }

  bumpSteeringEpoch(): number {
    return ++this.#epoch;
  }

  steer(text: string, source: SteeringSource = "user"): SteeringEntry {
    const entry = this.#store.push({ text, kind: source === "user" ? "user" : "notice" });
    this.#bus.emit("steering.queued", { entry });
    return entry;
  }

  clearSteering(reason: string): { reason: string; messageIds: string[] } {
    return { reason, messageIds: this.clearAtTurnBoundary(reason) };
  }

  clearAtTurnBoundary(reason: string): string[] {
    const ids = this.#store.empty();
    log.info(`[Steering] store emptied (${reason}): ${ids.length} entr${ids.length === 1 ? "y" : "ies"}`);
    this.#bus.emit("steering.cleared", { ids, reason });
    return ids;
  }

  cancel(): void {
    const abort = this.#turnAbort;
    if (!abort || abort.signal.aborted) return;
    abort.abort(new Error("turn cancelled"));
    this.clearAtTurnBoundary("cancel");
  }

  @traced("session.prompt")
  async prompt(text: string): Promise<string> {
    if (this.#turnAbort) throw new Error(`session ${this.sessionId} is busy`);
    const abort = (this.#turnAbort = new AbortController());
    const turn = ++this.#turns;
    try {
      const output = await this.#runTurn(turn, text, abort.signal);
      this.clearAtTurnBoundary("turn_end");
      return output;
    } catch (error) {
      if (!abort.signal.aborted) {
        this.clearAtTurnBoundary(error instanceof ModelSettleFailure ? "model_settle_failed" : "prompt_error");
      }
      log.error(`[Session] turn ${turn} failed`, error);
      throw error;
    } finally {
      this.#turnAbort = undefined;
      this.activeRoot = undefined;
    }
  }

  async #runTurn(turn: number, text: string, signal: AbortSignal): Promise<string> {
    let root = this.#factory.createRoot(signal);
    this.activeRoot = root;
    let output = await this.#runner.runToCompletion(root, text);
    for (let pass = 0; pass < MAX_ROOT_CONTINUATIONS; pass++) {
      const readUpTo = root.steeringReaderIndex;
      if (readUpTo >= this.#store.getMessageCount()) break;
      log.info(`[LiveSteeringHook] ${root.describe()} ended with unread steering; resuming the root`);
      const resumed = this.#factory.createRoot(signal);
      resumed.setSteeringReaderIndex(readUpTo);
      this.activeRoot = root = resumed;
      output = await this.#runner.runToCompletion(resumed, RESUME_PROMPT);
    }
    await this.#bus.emitSerial("turn.settled", { session: this, root, turn });
    return output;
  }
}
