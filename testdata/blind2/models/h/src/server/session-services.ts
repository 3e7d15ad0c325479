import type { SteeringChannel } from "../channel/steering-channel";
import type { AsyncEmitter } from "../core/async-emitter";
import type { RuntimeEvents } from "../runtime/events";

export interface EventAdapter {
  setOwnedExecutionId(id: string): void;
  send(kind: "steering_queued" | "steering_injected" | "steering_cleared", messageIds: string[]): void;
}

export interface SessionServices {
  readonly sessionId: string;
  readonly channel: SteeringChannel;
  readonly events: AsyncEmitter<RuntimeEvents>;
  readonly eventAdapter: EventAdapter;
  readonly model: { invoke(execution: unknown, context: unknown[]): Promise<{ text?: string; toolCalls?: unknown[] }> };
  readonly log: (line: string) => void;
  readonly session: { steer(text: string, origin?: string): { id: string } };
}
