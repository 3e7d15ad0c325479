/** `session/update` notifications: steering state is reported as session_info_update with _meta.kiro. */
export class SessionUpdateChannel {
  constructor(sessionId, transport) {
    this.sessionId = sessionId;
    this.transport = transport;
    this.sent = 0;
  }

  send(kind, messageIds, extra = {}) {
    this.sent += 1;
    const notification = {
      method: "session/update",
      params: {
        sessionId: this.sessionId,
        update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } },
      },
    };
    this.transport?.notify?.(notification);
    return notification;
  }
}
