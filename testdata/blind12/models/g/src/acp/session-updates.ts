export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionNotification {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind; messageIds: string[]; executionId?: string; reason?: string } };
  };
}

export type NotificationSink = (notification: SessionNotification) => void;

/** Outgoing `session/update` notifications for one session. */
export class SessionUpdates {
  private readonly backlog: SessionNotification[] = [];

  constructor(
    private readonly sessionId: string,
    private readonly sink?: NotificationSink,
  ) {}

  steering(kind: SteeringUpdateKind, messageIds: string[], executionId?: string, reason?: string): void {
    const notification: SessionNotification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId, reason } } },
    };
    if (this.sink) this.sink(notification);
    else {
      this.backlog.push(notification);
      if (this.backlog.length > 200) this.backlog.shift();
    }
  }

  drainBacklog(): SessionNotification[] {
    return this.backlog.splice(0, this.backlog.length);
  }
}
