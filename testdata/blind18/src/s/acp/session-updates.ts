import { EventEmitter } from "node:events";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionInfoUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind; [key: string]: unknown } };
  };
}

/** Outgoing ACP notifications for one session; the transport subscribes to "update". */
export class SessionUpdateChannel extends EventEmitter {
  readonly sent: SessionInfoUpdate[] = [];
  private ownedExecutionId: string | undefined;

  constructor(private readonly sessionId: string) {
    super();
  }

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  get owner(): string | undefined {
    return this.ownedExecutionId;
  }

  send(kind: SteeringUpdateKind, payload: Record<string, unknown>): void {
    const notification: SessionInfoUpdate = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } },
    };
    this.sent.push(notification);
    if (this.sent.length > 500) this.sent.shift();
    this.emit("update", notification);
  }
}
