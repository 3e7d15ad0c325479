import type { SteeringMessage } from "./buffer";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionNotification {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind; [key: string]: unknown } };
  };
}

export interface AcpClient {
  sessionUpdate(notification: SessionNotification): void | Promise<void>;
}

/** A client that keeps the last updates; used when no transport is attached. */
export class BufferedClient implements AcpClient {
  readonly updates: SessionNotification[] = [];
  sessionUpdate(notification: SessionNotification): void {
    this.updates.push(notification);
    if (this.updates.length > 500) this.updates.shift();
  }
}

export class SteeringEvents {
  constructor(
    private readonly sessionId: string,
    private readonly client: AcpClient,
  ) {}

  private send(kind: SteeringUpdateKind, data: Record<string, unknown>): void {
    const notification: SessionNotification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...data } } },
    };
    void Promise.resolve(this.client.sessionUpdate(notification)).catch(() => undefined);
  }

  queued(message: SteeringMessage): void {
    this.send("steering_queued", { messageId: message.id, messageKind: message.kind });
  }

  injected(executionId: string, messageIds: readonly string[]): void {
    this.send("steering_injected", { executionId, messageIds: [...messageIds] });
  }

  cleared(messageIds: readonly string[], reason: string): void {
    this.send("steering_cleared", { messageIds: [...messageIds], reason });
  }
}
