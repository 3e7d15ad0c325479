import type { SteeringMessage } from "../steering/steering-buffer";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionInfoUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update";
    _meta: { kiro: { kind: SteeringUpdateKind; messageIds: string[]; executionId?: string; reason?: string } };
  };
}

export type UpdateSink = (notification: SessionInfoUpdate) => void;

const RECENT_UPDATES_KEPT = 256;

/** Turns session events into ACP `session_info_update` notifications. */
export class SessionEventAdapter {
  ownedExecutionId: string | undefined = undefined;
  readonly recent: SessionInfoUpdate[] = [];

  constructor(
    private readonly sessionId: string,
    private readonly sink?: UpdateSink,
  ) {}

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  steeringQueued(message: SteeringMessage): void {
    this.emit("steering_queued", [message.id]);
  }

  steeringInjected(executionId: string, messageIds: string[]): void {
    this.emit("steering_injected", messageIds, { executionId });
    // the client drops injected messages from its pending list
    this.emit("steering_cleared", messageIds, { executionId, reason: "injected" });
  }

  steeringCleared(messageIds: string[], reason: string): void {
    this.emit("steering_cleared", messageIds, { reason });
  }

  private emit(kind: SteeringUpdateKind, messageIds: string[], extra: { executionId?: string; reason?: string } = {}): void {
    const notification: SessionInfoUpdate = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } },
    };
    this.recent.push(notification);
    if (this.recent.length > RECENT_UPDATES_KEPT) this.recent.shift();
    this.sink?.(notification);
  }
}
