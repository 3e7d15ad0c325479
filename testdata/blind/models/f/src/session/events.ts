// src/session/events.ts
import { AsyncQueue } from "../mcp/transport.js";

export type SteeringUpdate = "steering_queued" | "steering_injected" | "steering_cleared";

export interface Update {
  sessionId: string;
  update: Record<string, unknown>;
}

/** ACP `session/update` notifications for one session, consumed by the transport as a stream. */
export class EventAdapter {
  sessionId: string;
  ownedExecutionId: string | undefined;
  #queue: AsyncQueue<Update> | undefined;
  #dropped: number;

  constructor(sessionId: string) {
    this.sessionId = sessionId;
    this.ownedExecutionId = undefined;
    this.#queue = undefined;
    this.#dropped = 0;
  }

  setOwnedExecutionId(id: string): void {
    this.ownedExecutionId = id;
  }

  /** Starts buffering updates for a transport. Without one they are dropped. */
  stream(): AsyncGenerator<Update, void, undefined> {
    this.#queue ??= new AsyncQueue();
    return this.#queue.drain();
  }

  close(): void {
    this.#queue?.close();
  }

  #emit(update: Record<string, unknown>): void {
    this.#queue ? this.#queue.push({ sessionId: this.sessionId, update }) : this.#dropped++;
  }

  steering(kind: SteeringUpdate, messageIds: string[], executionId?: string): void {
    this.#emit({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId } } });
  }

  agentText(executionId: string, text: string): void {
    executionId === this.ownedExecutionId &&
      this.#emit({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  get dropped(): number {
    return this.#dropped;
  }
}
