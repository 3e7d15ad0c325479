// Builds executions. Every sub-execution (delegated sub-agents, memory extraction) goes
// through createChild; the options come from deriveChildOptions.
import { AgentExecution, ROOT_AGENT, type AgentExecutionInit, type PromptContext } from "./agent-execution.js";
import type { EventBus } from "../infra/event-bus.js";
import { traced } from "../infra/telemetry.js";
import type { KasEvents } from "../session/events.js";
import type { SessionServices } from "../session/session-services.js";

export type ChildOverrides = Pick<AgentExecutionInit, "agentName"> & Partial<Pick<AgentExecutionInit, "skipHooks" | "signal">>;

export function deriveChildOptions(parent: AgentExecution, overrides: ChildOverrides): AgentExecutionInit {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    ...overrides,
  };
}

export class ExecutionFactory {
  constructor(
    private readonly services: SessionServices,
    private readonly promptContext: PromptContext,
    private readonly bus: EventBus<KasEvents>,
  ) {}

  @traced("execution.create-root")
  createRoot(signal: AbortSignal): AgentExecution {
    const root = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal,
      agentName: ROOT_AGENT,
    });
    this.bus.emit("execution.created", { execution: root });
    return root;
  }

  @traced("execution.create-child")
  createChild(parent: AgentExecution, overrides: ChildOverrides): AgentExecution {
    const init = deriveChildOptions(parent, overrides);
    const child = new AgentExecution(init);
    this.bus.emit("execution.created", { execution: child, parentId: parent.executionId });
    return child;
  }
}
