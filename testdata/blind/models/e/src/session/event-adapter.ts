// src/session/event-adapter.ts
import type { ClientConnection } from "../acp/protocol.js";

export type SteeringUpdateKind = "steering_queued" | "steering_injected" | "steering_cleared";

export interface SessionNotification {
  sessionId: string;
  update: Record<string, unknown>;
}

/**
 * Turns runtime activity into ACP `session/update` notifications. Only the updates of the
 * execution the client currently owns are streamed as agent messages.
 */
export class AcpEventAdapter {
  #ownedExecutionId: string | undefined;
  #connection: ClientConnection | undefined;
  readonly backlog: SessionNotification[] = [];
  static readonly BACKLOG_LIMIT = 500;

  constructor(readonly sessionId: string) {}

  bind(connection: ClientConnection | undefined): void {
    this.#connection = connection;
  }

  setOwnedExecutionId(executionId: string): void {
    this.#ownedExecutionId = executionId;
  }

  get ownedExecutionId(): string | undefined {
    return this.#ownedExecutionId;
  }

  #send(update: Record<string, unknown>): void {
    const notification = { sessionId: this.sessionId, update };
    if (this.#connection) {
      this.#connection.notify("session/update", notification);
      return;
    }
    this.backlog.push(notification);
    if (this.backlog.length > AcpEventAdapter.BACKLOG_LIMIT) this.backlog.shift();
  }

  sendSteeringUpdate(kind: SteeringUpdateKind, messageIds: string[], extra: Record<string, unknown> = {}): void {
    this.#send({
      sessionUpdate: "session_info_update",
      _meta: { kiro: { kind, messageIds, ...extra } },
    });
  }

  sendAgentText(executionId: string, text: string): void {
    if (executionId !== this.#ownedExecutionId) return;
    this.#send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  sendToolCall(executionId: string, toolCallId: string, title: string, status: "pending" | "completed" | "failed"): void {
    if (executionId !== this.#ownedExecutionId) return;
    this.#send({ sessionUpdate: status === "pending" ? "tool_call" : "tool_call_update", toolCallId, title, status });
  }
}
