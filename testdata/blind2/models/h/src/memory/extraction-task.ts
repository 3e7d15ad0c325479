import { AgentExecution } from "../runtime/agent-execution";
import { runExecution } from "../runtime/runner";

const EXTRACTION_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";

/** Runs once per settled turn, as a hook-less sub-execution of the root. */
export class MemoryExtractionTask {
  private execution: AgentExecution | undefined;

  constructor(private readonly root: AgentExecution) {}

  private prepare(): AgentExecution {
    const depth = this.root.subExecutionDepth;
    this.execution = new AgentExecution({
      agentName: "memory-extraction",
      skipHooks: true,
      sessionServices: this.root.sessionServices,
      promptContext: this.root.promptContext,
      signal: this.root.abortController.signal,
      subExecutionDepth: depth + 1,
    });
//#if seed
    this.execution.setSteeringReaderIndex(this.root.sessionServices.channel.store.entries.length);
//#endif
    this.execution.messages.push({ role: "user", text: EXTRACTION_PROMPT });
    return this.execution;
  }

  async run(): Promise<void> {
    const result = await runExecution(this.execution ?? this.prepare());
    this.root.sessionServices.log(`[MemoryExtraction] ${result.text.length} chars extracted`);
  }
}

export function installMemoryExtraction(events: { on(e: "turnSettled", l: (p: { root: AgentExecution }) => unknown): unknown }): void {
  events.on("turnSettled", ({ root }) => new MemoryExtractionTask(root).run());
}
