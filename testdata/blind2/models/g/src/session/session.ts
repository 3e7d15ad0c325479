import { randomUUID } from "node:crypto";
import { Container, rootContainer } from "../di/container";
import { CONTAINER, EXECUTION_FACTORY, EXECUTION_REGISTRY, GRAPH_RUNNER, MODEL, SESSION } from "../di/tokens";
import { AgentExecution, type PromptContext } from "../execution/agent-execution";
import { ModelSettleError, type GraphRunner } from "../graph/graph";
import { SteeringKind, type SteeringMessage } from "../steering/buffer";
import { createSessionServices, type SessionServices } from "./session-services";
import { clearAtTurnBoundary, type ClearReason } from "./turn-boundary";

export const MEMORY_EXTRACTION_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";

export const sessions = new Map<string, Session>();

const originKinds: Record<string, SteeringKind> = {
  user: SteeringKind.User,
  system: SteeringKind.System,
};

export class Session {
  readonly sessionId = randomUUID();
  readonly services: SessionServices;
  readonly promptContext: PromptContext = { workspace: process.cwd(), systemPrompt: "You are Kiro." };
  private readonly container: Container;
  private rootExecution: AgentExecution | undefined;
  private turnAbort = new AbortController();

  constructor(model: unknown) {
    this.container = new Container(rootContainer);
    this.container.provide(SESSION, this).provide(MODEL, model).provide(CONTAINER, this.container);
    this.services = createSessionServices(this.container);
    sessions.set(this.sessionId, this);
  }

  steer(text: string, origin: string = "user"): SteeringMessage {
    return this.services.steering.append(originKinds[origin] ?? SteeringKind.Workflow, text);
  }

  clearSteering(reason: ClearReason = "user_clear"): string[] {
    return clearAtTurnBoundary(this.services, reason);
  }

  cancel(): void {
    this.turnAbort.abort(new Error("cancelled"));
  }

  async prompt(text: string): Promise<{ stopReason: string; text?: string }> {
    const registry = this.container.resolve(EXECUTION_REGISTRY);
    const runner = this.container.resolve<GraphRunner>(GRAPH_RUNNER);
    const continued = this.rootExecution !== undefined;
    this.rootExecution ??= new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: this.turnAbort.signal,
      agentName: "chat-agent",
    });
    const root = this.rootExecution;
    if (continued) {
      root.setSteeringReaderIndex(this.services.steering.total);
      root.drainRetryCount = 0;
    }
    this.services.updates.setOwnedExecutionId(root.executionId);
    registry.track(root);
    root.messages.push({ role: "user", text });
    try {
      const response = await runner.run(root);
      await this.extractMemories(root, runner);
      clearAtTurnBoundary(this.services, "turn_end");
      return { stopReason: "end_turn", text: response?.text };
    } catch (error) {
      const cancelled = this.turnAbort.signal.aborted;
      clearAtTurnBoundary(this.services, cancelled ? "cancel" : error instanceof ModelSettleError ? "model_settle_failure" : "prompt_error");
      if (cancelled) {
        this.rootExecution = undefined;
        this.turnAbort = new AbortController();
        return { stopReason: "cancelled" };
      }
      throw error;
    } finally {
      registry.untrack(root);
    }
  }

  private async extractMemories(root: AgentExecution, runner: GraphRunner): Promise<void> {
    const factory = this.container.resolve(EXECUTION_FACTORY);
    const extraction = factory.spawnChild(root, { agentName: "memory-extraction", skipHooks: true });
    extraction.messages.push({ role: "user", text: MEMORY_EXTRACTION_PROMPT });
    try {
      await runner.run(extraction);
    } finally {
      factory.settleChild(root, extraction);
    }
  }
}
