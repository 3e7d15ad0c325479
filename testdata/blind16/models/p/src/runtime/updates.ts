export interface KiroSessionInfo {
  kind: "steering_queued" | "steering_injected" | "steering_cleared";
  messageIds: string[];
  [key: string]: unknown;
}

export interface UpdateChannel {
  readonly sent: Array<{ sessionId: string; update: { sessionUpdate: string; _meta: { kiro: KiroSessionInfo } } }>;
  emit(info: KiroSessionInfo): void;
}

export function createUpdateChannel(sessionId: string): UpdateChannel {
  const sent: UpdateChannel["sent"] = [];
  return {
    sent,
    emit(info) {
      sent.push({ sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: info } } });
      if (sent.length > 200) sent.splice(0, sent.length - 200);
    },
  };
}
