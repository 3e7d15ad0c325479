// Turns runtime events into ACP `session/update` notifications for the client.

export interface SessionNotification {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update" | "agent_message_chunk";
    _meta?: { kiro: Record<string, unknown> };
    content?: { type: "text"; text: string };
  };
}

export type NotificationSink = (notification: SessionNotification) => void;

const RETAINED_UPDATES = 500;

export class SessionEventAdapter {
  ownedExecutionId: string | undefined = undefined;
  readonly recent: SessionNotification[] = [];
  private sink: NotificationSink | undefined;

  constructor(readonly sessionId: string) {}

  attach(sink: NotificationSink): void {
    this.sink = sink;
  }

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  private send(update: SessionNotification["update"]): void {
    const notification: SessionNotification = { sessionId: this.sessionId, update };
    this.recent.push(notification);
    if (this.recent.length > RETAINED_UPDATES) this.recent.shift();
    this.sink?.(notification);
  }

  private steering(kind: string, detail: Record<string, unknown>): void {
    this.send({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } });
  }

  steeringQueued(messageId: string, kind: string): void {
    this.steering("steering_queued", { messageId, messageKind: kind });
  }

  steeringInjected(executionId: string, messageIds: string[]): void {
    this.steering("steering_injected", {
      messageIds,
      executionId,
      owned: executionId === this.ownedExecutionId,
    });
  }

  steeringCleared(messageIds: string[], reason: string): void {
    this.steering("steering_cleared", { messageIds, reason });
  }

  agentText(executionId: string, text: string): void {
    if (executionId !== this.ownedExecutionId || text.length === 0) return;
    this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }
}
