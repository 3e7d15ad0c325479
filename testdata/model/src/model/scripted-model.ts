import type { AgentExecution, ModelTurn } from "../agent/execution";

// A scripted stand-in for the model provider. Each model invocation takes the
// next step of the execution's script: events fire while the "model" is
// generating (after that invocation's drain), then the step's action returns.
export type ScenarioEvent = { steer: string } | { notify: string } | { clear: true } | { cancel: true };
export type StepAction = "reply" | "tool" | "error" | "settle-fail" | { subAgent: { agent: string; script?: ScenarioStep[] } };
export interface ScenarioStep {
  during?: ScenarioEvent[];
  then?: StepAction;
}

export interface EventSink {
  steer(text: string): void;
  notify(text: string): void;
  clearSteering(): void;
  cancel(): void;
}

export class ScriptedModel {
  private readonly waiting = new Map<string, ScenarioStep[][]>();
  private readonly assigned = new WeakMap<AgentExecution, { steps: ScenarioStep[]; next: number }>();

  constructor(private readonly sink: EventSink) {}

  // The next execution started under this agent name runs this script.
  expect(agentName: string, steps: ScenarioStep[]): void {
    const queue = this.waiting.get(agentName) ?? [];
    queue.push(steps);
    this.waiting.set(agentName, queue);
  }

  private scriptFor(execution: AgentExecution): { steps: ScenarioStep[]; next: number } {
    let script = this.assigned.get(execution);
    if (!script) {
      script = { steps: this.waiting.get(execution.agentName)?.shift() ?? [], next: 0 };
      this.assigned.set(execution, script);
    }
    return script;
  }

  async invoke(execution: AgentExecution): Promise<ModelTurn> {
    const script = this.scriptFor(execution);
    const step = script.steps[script.next++] ?? { then: "reply" };
    await Promise.resolve();
    for (const event of step.during ?? []) {
      if ("steer" in event) this.sink.steer(event.steer);
      else if ("notify" in event) this.sink.notify(event.notify);
      else if ("clear" in event) this.sink.clearSteering();
      else if ("cancel" in event) this.sink.cancel();
    }
    const action = step.then ?? "reply";
    if (action === "reply") return { kind: "reply", text: `reply from ${execution.agentName}` };
    if (action === "tool") return { kind: "tool", name: "read_file", input: { path: "README.md" } };
    if (action === "error") return { kind: "error", message: "scripted prompt error" };
    if (action === "settle-fail") return { kind: "settle-fail", message: "scripted settle failure" };
    this.expect(action.subAgent.agent, action.subAgent.script ?? []);
    return { kind: "tool", name: "invoke-sub-agent", input: { agentName: action.subAgent.agent } };
  }
}
