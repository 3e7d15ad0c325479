import { LiveSteeringBuffer } from "../steering/live-steering-buffer";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionNotification {
  sessionId: string;
  update: { sessionUpdate: "session_info_update"; _meta: { kiro: Record<string, unknown> } };
}

/** Collects ACP session updates for the client connection. */
export class SessionEventAdapter {
  ownedExecutionId: string | undefined = undefined;
  readonly outbox: SessionNotification[] = [];

  constructor(readonly sessionId: string) {}

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }

  sessionInfo(kind: SteeringUpdateKind, payload: Record<string, unknown>): void {
    this.outbox.push({
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } },
    });
    if (this.outbox.length > 256) this.outbox.splice(0, this.outbox.length - 256);
  }
}

/** Services shared by every execution of one session (the parent's are handed to each child). */
export class SessionServices {
  readonly liveSteering = new LiveSteeringBuffer();

  constructor(
    readonly sessionId: string,
    readonly events: SessionEventAdapter,
  ) {}
}
