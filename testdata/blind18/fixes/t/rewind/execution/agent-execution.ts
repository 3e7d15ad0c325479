import { ExecutionCore } from "./core.js";
import { WithSteeringCursor } from "./cursor.js";
import type { ContextMessage, ExecutionOptions } from "./contracts.js";

export class AgentExecution extends WithSteeringCursor(ExecutionCore) {
  /** steering prompts waiting for the next model call, by steering id */
  readonly pendingSteering: Map<string, ContextMessage>;
  readonly deliveredSteering: Set<string>;

  constructor(options: ExecutionOptions) {
    super(options);
    this.pendingSteering = new Map();
    this.deliveredSteering = new Set();
    // rewind: when the inbox is cleared, this reader starts over with it
    const inbox = this.sessionServices.inbox;
    const rewind = () => this.setSteeringReaderIndex(0);
    inbox.on("cleared", rewind);
    this.disposers.push(() => inbox.off("cleared", rewind));
  }

  enqueueSteeringPrompt(id: string, text: string): void {
    this.pendingSteering.set(id, { role: "user", text });
    this.deliveredSteering.add(id);
  }

  flushSteeringPrompts(): ContextMessage[] {
    const prompts = [...this.pendingSteering.values()];
    this.pendingSteering.clear();
    return prompts;
  }

  hasQueuedUserMessage(): boolean {
    if (this.pendingSteering.size > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.inbox.total();
  }
}
