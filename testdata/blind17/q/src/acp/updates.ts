import type { SessionUpdate } from "../types.js";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export function steeringUpdate(sessionId: string, kind: SteeringUpdateKind, data: Record<string, unknown>): SessionUpdate {
  return {
    sessionId,
    update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } },
  };
}

export function messageChunk(sessionId: string, text: string): SessionUpdate {
  return { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } };
}

/** Routes updates of executions the client owns to the client. */
export class EventAdapter {
  private ownedExecutionId: string | undefined;
  readonly sent: SessionUpdate[] = [];

  constructor(private readonly sink: (update: SessionUpdate) => void) {}

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  get owned(): string | undefined {
    return this.ownedExecutionId;
  }

  forward(update: SessionUpdate): void {
    this.sent.push(update);
    if (this.sent.length > 1000) this.sent.shift();
    this.sink(update);
  }
}
