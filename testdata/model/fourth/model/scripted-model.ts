import type { AgentExecution } from "../agent/execution";

// Scenario scripts: each model invocation of an execution takes its next step.
// The step's events fire while the "model" generates, i.e. after that invocation's drain.
export type ScriptEvent = { steer: string } | { notify: string } | { clear: true } | { cancel: true };
export type ScriptAction = "reply" | "tool" | "error" | "settle-fail" | { subAgent: { agent: string; script?: ScriptStep[] } };
export interface ScriptStep {
  during?: ScriptEvent[];
  then?: ScriptAction;
}

export type ModelOutput =
  | { type: "text"; text: string }
  | { type: "tool_call"; tool: string; args: Record<string, unknown> }
  | { type: "failure"; settle: boolean; reason: string };

export interface ModelClient {
  invoke(execution: AgentExecution): Promise<ModelOutput>;
}

export interface ClientSide {
  steer(text: string): unknown;
  notify(text: string): unknown;
  clearSteering(): void;
  cancel(): void;
}

interface Cursor {
  steps: ScriptStep[];
  at: number;
}

export class ScriptedModel implements ModelClient {
  private readonly pending: Map<string, ScriptStep[][]>;
  private readonly running: WeakMap<AgentExecution, Cursor>;
  private client: ClientSide | null;

  constructor() {
    this.pending = new Map();
    this.running = new WeakMap();
    this.client = null;
  }

  attach(client: ClientSide): void {
    this.client = client;
  }

  // The next execution of `agent` to invoke the model plays `steps`.
  expect(agent: string, steps: ScriptStep[]): void {
    const list = this.pending.get(agent);
    if (list) list.push(steps);
    else this.pending.set(agent, [steps]);
  }

  async invoke(execution: AgentExecution): Promise<ModelOutput> {
    let cursor = this.running.get(execution);
    if (!cursor) {
      cursor = { steps: this.pending.get(execution.agentName)?.shift() ?? [], at: 0 };
      this.running.set(execution, cursor);
    }
    const step: ScriptStep = cursor.steps[cursor.at] ?? {};
    cursor.at += 1;
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    for (const event of step.during ?? []) this.fire(event);
    return this.answer(execution, step.then ?? "reply");
  }

  private fire(event: ScriptEvent): void {
    const client = this.client;
    if (!client) throw new Error("scripted model: no client attached");
    if ("steer" in event) client.steer(event.steer);
    else if ("notify" in event) client.notify(event.notify);
    else if ("clear" in event) client.clearSteering();
    else client.cancel();
  }

  private answer(execution: AgentExecution, action: ScriptAction): ModelOutput {
    if (action === "reply") return { type: "text", text: `done (${execution.agentName})` };
    if (action === "tool") return { type: "tool_call", tool: "read_file", args: { path: "README.md" } };
    if (action === "error") return { type: "failure", settle: false, reason: "scripted prompt error" };
    if (action === "settle-fail") return { type: "failure", settle: true, reason: "scripted settle failure" };
    this.expect(action.subAgent.agent, action.subAgent.script ?? []);
    return { type: "tool_call", tool: "invoke-sub-agent", args: { agentName: action.subAgent.agent } };
  }
}
