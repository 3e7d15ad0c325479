// Turns bus events into ACP `session_info_update` notifications for the client.
import type { EventBus } from "../infra/event-bus.js";
import type { KasEvents } from "../session/events.js";

export interface AcpNotification {
  jsonrpc: "2.0";
  method: "session/update";
  params: {
    sessionId: string;
    update: { sessionUpdate: "session_info_update"; _meta: { kiro: Record<string, unknown> } };
  };
}

export class AcpNotifier {
  readonly sent: AcpNotification[] = [];
  #transport: ((message: AcpNotification) => void) | undefined;
  #ownerExecutionId: string | undefined;

  constructor(
    private readonly sessionId: string,
    bus: EventBus<KasEvents>,
  ) {
    bus.on("execution.created", ({ execution }) => {
      if (execution.subExecutionDepth === 0) this.#ownerExecutionId = execution.executionId;
    });
    bus.on("steering.queued", ({ entry }) => this.#send("steering_queued", { messageId: entry.id, kind: entry.kind }));
    bus.on("steering.injected", ({ execution, ids }) => {
      this.#send("steering_injected", { messageIds: ids, executionId: execution.executionId });
      this.#send("steering_cleared", { messageIds: ids, reason: "injected" });
    });
    bus.on("steering.cleared", ({ ids, reason }) => this.#send("steering_cleared", { messageIds: ids, reason }));
  }

  attach(transport: (message: AcpNotification) => void): void {
    this.#transport = transport;
  }

  #send(kind: string, fields: Record<string, unknown>): void {
    const message: AcpNotification = {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: this.sessionId,
        update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, owner: this.#ownerExecutionId, ...fields } } },
      },
    };
    this.sent.push(message);
    if (this.sent.length > 512) this.sent.shift();
    this.#transport?.(message);
  }
}
