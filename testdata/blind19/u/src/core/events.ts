import { EventEmitter } from "node:events";

export interface SessionInfoUpdate {
  sessionUpdate: "session_info_update";
  _meta: { kiro: { kind: string; [k: string]: unknown } };
}

// Forwards session updates to the ACP client (here: kept in a list and re-emitted).
export class AcpEventAdapter extends EventEmitter {
  readonly sent: SessionInfoUpdate[] = [];
  #ownedExecutionId: string | undefined;

  setOwnedExecutionId(id: string): void {
    this.#ownedExecutionId = id;
  }

  get ownedExecutionId(): string | undefined {
    return this.#ownedExecutionId;
  }

  sessionInfo(kind: string, extra: Record<string, unknown> = {}): void {
    const update: SessionInfoUpdate = { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...extra } } };
    this.sent.push(update);
    this.emit("update", update);
  }
}
