import { SteeringStore } from "../steering/steering-store";
import { TelemetryCounters } from "../telemetry/counters";
import { SessionUpdateNotifier } from "../acp/notifier";
import { LiveExecutionRegistry } from "../agent/execution-registry";
import { AgentHookRunner } from "../hooks/agent-hooks";

export interface SessionServices {
  readonly sessionId: string;
  readonly steering: SteeringStore;
  readonly telemetry: TelemetryCounters;
  readonly notifier: SessionUpdateNotifier;
  readonly executions: LiveExecutionRegistry;
  readonly hooks: AgentHookRunner;
}

export function createSessionServices(sessionId: string, notifier = new SessionUpdateNotifier()): SessionServices {
  return {
    sessionId,
    steering: new SteeringStore(),
    telemetry: new TelemetryCounters(),
    notifier,
    executions: new LiveExecutionRegistry(),
    hooks: new AgentHookRunner(),
  };
}
