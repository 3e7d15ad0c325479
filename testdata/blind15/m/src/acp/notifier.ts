import { EventEmitter } from "node:events";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionInfoUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind } & Record<string, unknown> };
  };
}

/**
 * Outgoing ACP notifications. The transport subscribes to "notification"; without a
 * transport (tests, embedding) the last updates are kept in a small outbox.
 */
export class SessionUpdateNotifier extends EventEmitter {
  readonly outbox: SessionInfoUpdate[] = [];

  steering(sessionId: string, kind: SteeringUpdateKind, payload: Record<string, unknown>): void {
    const notification: SessionInfoUpdate = {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } },
    };
    this.outbox.push(notification);
    if (this.outbox.length > 200) this.outbox.shift();
    this.emit("notification", notification);
  }
}
