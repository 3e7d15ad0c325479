export interface AcpConnection {
  sessionUpdate(params: { sessionId: string; update: Record<string, unknown> }): Promise<void> | void;
}

export const nullConnection: AcpConnection = { sessionUpdate: () => undefined };

type SteeringUpdate = "steering_queued" | "steering_injected" | "steering_cleared";

/** Sends `session_info_update` notifications carrying `_meta.kiro.kind` to the ACP client. */
export class SteeringNotifier {
  constructor(
    private readonly sessionId: string,
    private readonly connection: AcpConnection,
  ) {}

  emit(kind: SteeringUpdate, payload: Record<string, unknown>): void {
    try {
      const pending = this.connection.sessionUpdate({
        sessionId: this.sessionId,
        update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } },
      });
      if (pending instanceof Promise) pending.catch(() => {});
    } catch {
      // a broken client must not break the agent loop
    }
  }
}
