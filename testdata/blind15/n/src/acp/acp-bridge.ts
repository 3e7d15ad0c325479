import type { SessionEventBus } from "../common/event-bus";

export interface AcpNotification {
  method: "session/update";
  params: {
    sessionId: string;
    update: { sessionUpdate: "session_info_update"; _meta: { kiro: Record<string, unknown> } };
  };
}

export type AcpSender = (notification: AcpNotification) => void;

/** Forwards a session's steering events to the ACP client as session_info_update notifications. */
export class AcpSessionBridge {
  ownedExecutionId: string | undefined;
  readonly sent: AcpNotification[] = [];
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly sessionId: string, bus: SessionEventBus, private readonly sender?: AcpSender) {
    this.unsubscribe.push(
      bus.on("steering:queued", (e) => this.info("steering_queued", { messageId: e.messageId })),
      bus.on("steering:injected", (e) => this.info("steering_injected", { messageId: e.messageId, executionId: e.executionId })),
      bus.on("steering:cleared", (e) => this.info("steering_cleared", { messageIds: e.messageIds, reason: e.reason })),
    );
  }

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  dispose(): void {
    this.unsubscribe.splice(0).forEach((off) => off());
  }

  private info(kind: string, payload: Record<string, unknown>): void {
    const notification: AcpNotification = {
      method: "session/update",
      params: { sessionId: this.sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } },
    };
    if (this.sender) this.sender(notification);
    else if (this.sent.push(notification) > 100) this.sent.shift();
  }
}
