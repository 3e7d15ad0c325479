// Post-turn memory extraction. Subscribes to `turn.settled` and runs a background
// execution beneath the turn's root.
import type { AgentExecution } from "../agent/agent-execution.js";
import type { ExecutionFactory } from "../agent/execution-factory.js";
import type { GraphRunner } from "../agent/graph-runner.js";
import type { EventBus } from "../infra/event-bus.js";
import { log } from "../infra/log.js";
import { traced } from "../infra/telemetry.js";
import type { KasEvents } from "../session/events.js";

export const MEMORY_AGENT = "memory-extraction";

const MEMORY_PROMPT = [
  "You maintain the user's long-term memory.",
  "From the conversation so far, list durable facts or preferences worth remembering.",
  "Answer with an empty message when there is nothing new.",
].join(" ");

export class MemoryArchive {
  readonly #notes = new Map<string, string[]>();

  append(sessionId: string, note: string): void {
    if (!note.trim()) return;
    const notes = this.#notes.get(sessionId) ?? [];
    notes.push(note.trim());
    this.#notes.set(sessionId, notes.slice(-200));
  }

  notes(sessionId: string): readonly string[] {
    return this.#notes.get(sessionId) ?? [];
  }
}

export class MemoryService {
  #enabled = process.env.KAS_MEMORY !== "off";

  constructor(
    private readonly factory: ExecutionFactory,
    private readonly runner: () => GraphRunner,
    private readonly archive: MemoryArchive,
    bus: EventBus<KasEvents>,
  ) {
    bus.on("turn.settled", ({ root }) => (this.#enabled ? this.extractFrom(root) : undefined));
  }

  @traced("memory.extract")
  async extractFrom(root: AgentExecution): Promise<void> {
    if (root.signal.aborted) return;
    const worker = this.factory.createChild(root, { agentName: MEMORY_AGENT, skipHooks: true });
    log.info(`[Memory] extraction for turn of ${root.describe()} in ${worker.describe()}`);
    const notes = await this.runner().runToCompletion(worker, MEMORY_PROMPT);
    this.archive.append(root.sessionServices.sessionId, notes);
  }
}
