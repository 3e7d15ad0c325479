import type { ExecutionSpawner } from "../agents/spawner";
import type { SteeringInbox } from "../steering/inbox";
import type { SteeringNotifier } from "../steering/notifier";
import type { TranscriptWriter } from "../transcript/writer";

export interface HookSettings {
  /** shell hooks configured for the workspace, by trigger */
  readonly byTrigger: ReadonlyMap<string, readonly string[]>;
}

export interface SessionServices {
  readonly sessionId: string;
  readonly steeringInbox: SteeringInbox;
  steeringEpoch: number;
  readonly notifier: SteeringNotifier;
  readonly spawner: ExecutionSpawner;
  readonly transcript: TranscriptWriter;
  readonly hooks: HookSettings;
}
