import type { AgentExecution } from "../agent/execution";
import type { ExecutionRunner } from "../graph/turn-graph";
import type { TurnState } from "../graph/nodes";
import type { SteeringMessage } from "../steering/buffer";

export type SteeringOrigin = "user" | "workflow" | "system";

export interface SteeringSink {
  steer(text: string, origin?: SteeringOrigin): SteeringMessage;
}

export interface ToolContext {
  execution: AgentExecution;
  state: TurnState;
  runner: ExecutionRunner;
  session: SteeringSink;
}

export interface ToolOutput {
  content: string;
  isError?: boolean;
}

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutput>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolSpec>();

  register(...specs: ToolSpec[]): this {
    for (const spec of specs) {
      if (this.tools.has(spec.name)) throw new Error(`tool ${spec.name} registered twice`);
      this.tools.set(spec.name, spec);
    }
    return this;
  }

  get(name: string): ToolSpec | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()].sort();
  }
}
