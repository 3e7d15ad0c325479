import { Injectable } from "../di/container";
import { UPDATE_SINK } from "../di/tokens";

export interface SessionInfoUpdate {
  sessionUpdate: "session_info_update";
  _meta: { kiro: { kind: "steering_queued" | "steering_injected" | "steering_cleared"; messageIds: string[]; executionId?: string } };
}

@Injectable(UPDATE_SINK)
export class UpdateSink {
  readonly sent: SessionInfoUpdate[] = [];
  private ownedExecutionId: string | undefined;
  setOwnedExecutionId(id: string) { this.ownedExecutionId = id; }
  steering(kind: SessionInfoUpdate["_meta"]["kiro"]["kind"], messageIds: string[], executionId?: string) {
    this.sent.push({ sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, executionId: executionId ?? this.ownedExecutionId } } });
  }
}
