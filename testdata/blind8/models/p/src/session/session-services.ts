// Per-session services shared by every execution of the session (root and sub-executions).
import { SteeringLog } from "../steering/steering-log.js";
import { ExecutionRegistry } from "../runtime/execution-registry.js";
import type { SessionUpdateChannel } from "../server/updates.js";

export class SessionServices {
  readonly steering: SteeringLog;
  readonly registry: ExecutionRegistry;
  readonly updates: SessionUpdateChannel;
  /** Bumped when the client retracts steering (`_session/steer/clear`). */
  steeringEpoch: number;

  constructor(updates: SessionUpdateChannel) {
    this.steering = new SteeringLog();
    this.registry = new ExecutionRegistry();
    this.updates = updates;
    this.steeringEpoch = 0;
  }
}
