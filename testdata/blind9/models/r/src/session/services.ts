import type { SteeringBuffer } from "../steering/buffer";
import type { MetricsRegistry } from "../ops/metrics";
import type { TaskScheduler } from "../ops/scheduler";

export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly metrics: MetricsRegistry;
  readonly scheduler: TaskScheduler;
  notify(update: SessionUpdate): void;
}

export interface SessionUpdate {
  sessionId: string;
  update: {
    sessionUpdate: "session_info_update" | "agent_message_chunk" | "tool_call";
    _meta?: { kiro?: { kind: string; [key: string]: unknown } };
    [key: string]: unknown;
  };
}
