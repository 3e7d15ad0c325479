export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionInfoUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind; messageIds: string[]; reason?: string; executionId?: string } };
  };
}

/** Outgoing ACP notifications for one session. The transport drains `outbox`. */
export class SessionUpdateSink {
  readonly outbox: SessionInfoUpdate[] = [];
  private listener: ((update: SessionInfoUpdate) => void) | undefined;

  constructor(readonly sessionId: string) {}

  onUpdate(listener: (update: SessionInfoUpdate) => void): void {
    this.listener = listener;
  }

  steering(kind: SteeringUpdateKind, messageIds: string[], extra: { reason?: string; executionId?: string } = {}): void {
    const update: SessionInfoUpdate = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } },
    };
    this.outbox.push(update);
    if (this.outbox.length > 256) this.outbox.shift();
    this.listener?.(update);
  }
}
