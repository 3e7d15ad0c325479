import { AgentExecution, type ExecutionConfig } from "../execution/agent-execution";
import { Tokens, type ServiceContainer } from "../core/container";
import type { GraphRunner } from "../graph/nodes";
import { Logger } from "../core/logger";

const log = new Logger("memory");

export interface MemoryExtractorOptions {
  enabled: boolean;
  agentName: string;
}

export class MemoryExtractor {
  readonly #options: MemoryExtractorOptions;

  constructor(private readonly container: ServiceContainer, options: Partial<MemoryExtractorOptions> = {}) {
    this.#options = { enabled: true, agentName: "memory-extraction", ...options };
  }

  private inherit(from: AgentExecution): Pick<ExecutionConfig, "sessionServices" | "promptContext" | "signal"> {
    return { sessionServices: from.sessionServices, promptContext: from.promptContext, signal: from.abortController.signal };
  }

  async extract(from: AgentExecution): Promise<void> {
    if (!this.#options.enabled) return;
    const extraction = new AgentExecution({
      ...this.inherit(from),
      subExecutionDepth: from.subExecutionDepth + 1,
      agentName: this.#options.agentName,
      initialPrompt: "Extract durable memories from this conversation.",
      skipHooks: true,
    });
    try {
      await this.container.resolve<GraphRunner>(Tokens.Runner).run(extraction);
    } catch (err) {
      log.warn(`memory extraction failed: ${String(err)}`);
    }
  }
}
