import type { SessionServices } from "../server/session-services";

export interface ChatMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

/** Bookkeeping every execution kind shares: its steering cursor and its own queue of pending prompt messages. */
export abstract class ExecutionBase {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly pendingUserMessages: ChatMessage[] = [];
  abstract readonly sessionServices: SessionServices;

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  hasQueuedUserMessage(): boolean {
    return this.pendingUserMessages.length > 0 || this.sessionServices.channel.store.entries.length > this.steeringReaderIndex;
  }
}
