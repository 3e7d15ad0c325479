import type { AgentExecution } from "../agent/agent-execution";

export type ScenarioEvent = { steer: string } | { notify: string } | { clear: true } | { cancel: true };
export type ScenarioAction = "reply" | "tool" | "error" | "settle-fail" | { subAgent: { agent: string; script?: ScenarioStep[] } };
export interface ScenarioStep {
  during?: ScenarioEvent[];
  then?: ScenarioAction;
}

export type ModelReply =
  | { kind: "message"; text: string }
  | { kind: "tool"; name: string; input: Record<string, unknown> }
  | { kind: "error" | "settle-fail"; detail: string };

export interface ClientActions {
  steer(text: string): void;
  notify(text: string): void;
  clearSteering(): void;
  cancel(): void;
}

// Stands in for the model provider: an execution plays the oldest script queued
// for its agent name, one step per invocation; a step's events fire mid-invocation.
export class ScriptedModel {
  #queued = new Map<string, ScenarioStep[][]>();
  #playing = new WeakMap<AgentExecution, ScenarioStep[]>();

  constructor(private readonly client: ClientActions) {}

  queueScript(agentName: string, steps: ScenarioStep[]): void {
    this.#queued.set(agentName, [...(this.#queued.get(agentName) ?? []), steps]);
  }

  async complete(execution: AgentExecution): Promise<ModelReply> {
    let remaining = this.#playing.get(execution);
    if (!remaining) {
      remaining = [...(this.#queued.get(execution.agentName)?.shift() ?? [])];
      this.#playing.set(execution, remaining);
    }
    const step = remaining.shift() ?? {};
    await Promise.resolve();
    for (const event of step.during ?? []) {
      if ("steer" in event) this.client.steer(event.steer);
      else if ("notify" in event) this.client.notify(event.notify);
      else if ("clear" in event) this.client.clearSteering();
      else if ("cancel" in event) this.client.cancel();
    }
    const action = step.then ?? "reply";
    switch (action) {
      case "reply":
        return { kind: "message", text: `${execution.agentName} is done` };
      case "tool":
        return { kind: "tool", name: "read_file", input: { path: "README.md" } };
      case "error":
        return { kind: "error", detail: "scripted prompt error" };
      case "settle-fail":
        return { kind: "settle-fail", detail: "scripted settle failure" };
      default:
        this.queueScript(action.subAgent.agent, action.subAgent.script ?? []);
        return { kind: "tool", name: "invoke-sub-agent", input: { agentName: action.subAgent.agent } };
    }
  }
}
