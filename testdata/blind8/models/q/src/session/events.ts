// Events published on a session's bus.
import type { AgentExecution } from "../agent/agent-execution.js";
import type { SteeringEntry } from "../steering/steering-store.js";
import type { Session } from "./session.js";

export interface KasEvents {
  "steering.queued": { entry: SteeringEntry };
  "steering.injected": { execution: AgentExecution; ids: string[] };
  "steering.cleared": { ids: string[]; reason: string };
  "execution.created": { execution: AgentExecution; parentId?: string };
  "execution.finished": { execution: AgentExecution; outcome: "completed" | "failed" };
  "model.before-invoke": { execution: AgentExecution };
  "subagent.finished": { parent: AgentExecution; child: AgentExecution; answer: string };
  "turn.settled": { session: Session; root: AgentExecution; turn: number };
}
