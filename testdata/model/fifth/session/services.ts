import type { AgentExecution } from "../agent/agent-execution";
import type { ScriptedModel } from "../scenario/scripted-model";
import type { SteeringBuffer } from "../steering/steering-buffer";
import type { Logger } from "../util/logger";

export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly logger: Logger;
  readonly model: ScriptedModel;
  readonly created: AgentExecution[];
}
