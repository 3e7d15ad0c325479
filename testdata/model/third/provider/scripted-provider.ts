import type { AgentExecution } from "../agent/agent-execution";
import type { ScenarioAction, ScenarioEvent, ScenarioStep } from "../scenario/scenario-types";
import type { ModelProvider, ModelRequest, ModelResponse } from "./model-provider";

/** Where scripted events go: the ACP client side of the session. */
export interface ClientEventSink {
  steer(text: string): void;
  notify(text: string): void;
  clearSteering(): void;
  cancel(): void;
}

interface ScriptPosition {
  readonly steps: readonly ScenarioStep[];
  next: number;
}

const DEFAULT_STEP: ScenarioStep = { then: "reply" };

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Stands in for the model provider. Scripts are queued per agent name; the
 * first execution of that agent to invoke the model takes the oldest one. Each
 * invocation consumes one step: its events fire while the "model" generates
 * (after the invocation's drain), then its action becomes the response.
 */
export class ScriptedProvider implements ModelProvider {
  #queued = new Map<string, ScenarioStep[][]>();
  #positions = new WeakMap<AgentExecution, ScriptPosition>();
  #sink: ClientEventSink | undefined;

  connect(sink: ClientEventSink): void {
    this.#sink = sink;
  }

  enqueueScript(agentName: string, steps: ScenarioStep[]): void {
    const pending = this.#queued.get(agentName);
    if (pending) pending.push(steps);
    else this.#queued.set(agentName, [steps]);
  }

  async complete({ execution }: ModelRequest): Promise<ModelResponse> {
    const position = this.#positionFor(execution);
    const step = position.steps[position.next] ?? DEFAULT_STEP;
    position.next += 1;
    await yieldToEventLoop();
    for (const event of step.during ?? []) this.#fire(event);
    return this.#respond(execution, step.then ?? "reply");
  }

  #positionFor(execution: AgentExecution): ScriptPosition {
    const known = this.#positions.get(execution);
    if (known) return known;
    const created: ScriptPosition = { steps: this.#queued.get(execution.agentName)?.shift() ?? [], next: 0 };
    this.#positions.set(execution, created);
    return created;
  }

  #fire(event: ScenarioEvent): void {
    const sink = this.#sink;
    if (!sink) throw new Error("scripted provider: no client connected");
    if ("steer" in event) sink.steer(event.steer);
    else if ("notify" in event) sink.notify(event.notify);
    else if ("clear" in event) sink.clearSteering();
    else if ("cancel" in event) sink.cancel();
  }

  #respond(execution: AgentExecution, action: ScenarioAction): ModelResponse {
    switch (action) {
      case "reply":
        return { type: "message", text: `reply from ${execution.agentName}` };
      case "tool":
        return { type: "tool_use", toolUse: { toolName: "read_file", input: { path: "README.md" } } };
      case "error":
        return { type: "error", message: "scripted prompt error" };
      case "settle-fail":
        return { type: "settle_failure", message: "scripted settle failure" };
      default:
        this.enqueueScript(action.subAgent.agent, action.subAgent.script ?? []);
        return { type: "tool_use", toolUse: { toolName: "invoke-sub-agent", input: { agentName: action.subAgent.agent } } };
    }
  }
}
