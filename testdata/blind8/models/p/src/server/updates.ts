// Outbound ACP notifications. KAS reports steering to the client as `session_info_update`
// notifications whose `_meta.kiro.kind` names the event.
export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionInfoUpdate {
  jsonrpc: "2.0";
  method: "session/update";
  params: {
    sessionId: string;
    update: {
      sessionUpdate: "session_info_update";
      _meta: { kiro: { kind: SteeringUpdateKind; [field: string]: unknown } };
    };
  };
}

export type UpdateSink = (notification: SessionInfoUpdate) => void;

const OUTBOX_LIMIT = 1_000;

export class SessionUpdateChannel {
  readonly outbox: SessionInfoUpdate[];
  private ownerExecutionId: string | undefined;
  private sinks: UpdateSink[];

  constructor(private readonly sessionId: string) {
    this.outbox = [];
    this.ownerExecutionId = undefined;
    this.sinks = [];
  }

  /** The execution whose events this channel reports as the session's own. */
  bindOwner(executionId: string): void {
    this.ownerExecutionId = executionId;
  }

  get owner(): string | undefined {
    return this.ownerExecutionId;
  }

  subscribe(sink: UpdateSink): () => void {
    this.sinks.push(sink);
    return () => {
      this.sinks = this.sinks.filter((s) => s !== sink);
    };
  }

  publish(kind: SteeringUpdateKind, fields: Record<string, unknown>): void {
    const notification: SessionInfoUpdate = {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: this.sessionId,
        update: {
          sessionUpdate: "session_info_update",
          _meta: { kiro: { kind, ownerExecutionId: this.ownerExecutionId, ...fields } },
        },
      },
    };
    this.outbox.push(notification);
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
    for (const sink of this.sinks) sink(notification);
  }
}
