// Outbound ACP `session/update` notifications for one session.

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface OutboundUpdate {
  method: "session/update";
  params: {
    sessionId: string;
    update: { sessionUpdate: string; _meta?: { kiro: { kind: SteeringUpdateKind } & Record<string, unknown> }; [key: string]: unknown };
  };
}

export type Transport = (message: OutboundUpdate) => void;

export class ClientNotifier {
  private transport: Transport | undefined;
  private readonly backlog: OutboundUpdate[] = [];

  constructor(readonly sessionId: string) {}

  connect(transport: Transport): void {
    this.transport = transport;
    for (const message of this.backlog.splice(0)) transport(message);
  }

  steering(kind: SteeringUpdateKind, detail: Record<string, unknown>): void {
    const message: OutboundUpdate = {
      method: "session/update",
      params: { sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } } },
    };
    if (this.transport === undefined) {
      this.backlog.push(message);
      if (this.backlog.length > 256) this.backlog.shift();
      return;
    }
    this.transport(message);
  }
}
