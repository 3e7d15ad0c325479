import { randomUUID } from "node:crypto";
import { ServiceContainer, Tokens } from "./core/container";
import { AcpEventAdapter } from "./core/events";
import { SteeringBuffer, type SteeringKind, type SteeringMessage } from "./steering/buffer";
import { AgentExecution, type PromptContext } from "./execution/agent-execution";
import type { LanguageModel, SessionServices } from "./core/services";
import { createDefaultGraph, type GraphRunner } from "./graph/nodes";
import { ToolRegistry, UserSteerTool, NotifyTool } from "./tools/registry";
import { InvokeSubAgentTool } from "./tools/invoke-sub-agent";
import { MemoryExtractor } from "./memory/extractor";
import { Logger } from "./core/logger";

const log = new Logger("session");
const MAX_ROOT_CONTINUATIONS = 3;

export interface SessionOptions {
  sessionId?: string;
  workspace?: string;
  memory?: boolean;
}

export class Session {
  readonly sessionId: string;
  readonly eventAdapter = new AcpEventAdapter();
  steeringEpoch = 0;
  readonly #container = new ServiceContainer();
  readonly #services: SessionServices;
  readonly #promptContext: PromptContext;
  #turnActive = false;

  constructor(model: LanguageModel, options: SessionOptions = {}) {
    this.sessionId = options.sessionId ?? randomUUID();
    this.#promptContext = { systemPrompt: "You are Kiro, an agent working in the user's workspace.", workspace: options.workspace ?? process.cwd() };
    const steering = new SteeringBuffer();
    this.#container
      .value(Tokens.Steering, steering)
      .value(Tokens.Events, this.eventAdapter)
      .value(Tokens.Model, model)
      .value(Tokens.Session, this)
      .register(Tokens.Runner, () => createDefaultGraph())
      .register(Tokens.Tools, () => new ToolRegistry().add(new UserSteerTool()).add(new NotifyTool()).add(new InvokeSubAgentTool()))
      .register(Tokens.Memory, (c) => new MemoryExtractor(c, { enabled: options.memory !== false }));
    this.#services = {
      sessionId: this.sessionId,
      steering,
      eventAdapter: this.eventAdapter,
      container: this.#container,
      model,
      host: this,
    };
  }

  get steeringBuffer(): SteeringBuffer {
    return this.#services.steering;
  }

  steer(text: string, origin = "user"): SteeringMessage {
    const kind: SteeringKind = origin === "user" ? "user" : origin === "system" ? "system" : "workflow";
    const message = this.#services.steering.add(text, kind);
    this.eventAdapter.sessionInfo("steering_queued", { messageId: message.id, steeringKind: kind });
    return message;
  }

  /** Turn-boundary helper: drops every buffered message and tells the client. */
  clearSteering(reason: string): string[] {
    const messageIds = this.#services.steering.clear();
    this.eventAdapter.sessionInfo("steering_cleared", { messageIds, reason });
    log.debug(`steering cleared (${reason}): ${messageIds.length}`);
    return messageIds;
  }

  #rootExecution(prompt: string): AgentExecution {
    return new AgentExecution({
      sessionServices: this.#services,
      promptContext: this.#promptContext,
      agentName: "chat-agent",
      initialPrompt: prompt,
    });
  }

  async prompt(text: string): Promise<string> {
    if (this.#turnActive) throw new Error("a turn is already running");
    this.#turnActive = true;
    const runner = this.#container.resolve<GraphRunner>(Tokens.Runner);
    let execution = this.#rootExecution(text);
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      let result = await runner.run(execution);
      for (let round = 0; round < MAX_ROOT_CONTINUATIONS && execution.hasPendingSteering; round++) {
        const readUpTo = execution.steeringReaderIndex;
        const resumed = readUpTo > 0;
        execution = this.#rootExecution("Continue: the user sent more guidance.");
        if (resumed) execution.setSteeringReaderIndex(readUpTo);
        this.eventAdapter.setOwnedExecutionId(execution.executionId);
        result = await runner.run(execution);
      }
      await this.#container.resolve<MemoryExtractor>(Tokens.Memory).extract(execution);
      this.clearSteering("turn_end");
      return result;
    } catch (err) {
      this.clearSteering("prompt_error");
      throw err;
    } finally {
      this.#turnActive = false;
    }
  }

  cancel(): void {
    this.clearSteering("cancel");
  }
}
