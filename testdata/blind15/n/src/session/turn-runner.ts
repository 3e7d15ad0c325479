import { Logger } from "../logging/sink";
import type { ExecutionFactory } from "../execution/execution-factory";
import type { AgentExecution } from "../execution/agent-execution";
import type { MemoryExtractionService } from "../memory/memory-extraction-service";
import type { AcpSessionBridge } from "../acp/acp-bridge";
import type { SessionServices } from "./session-services";

const log = new Logger("TurnRunner");

const MAX_ROOT_CONTINUATIONS = 2;
const CONTINUATION_PROMPT = "Continue: the user added guidance after your last answer.";

export class TurnRunner {
  constructor(
    private readonly services: SessionServices,
    private readonly factory: ExecutionFactory,
    private readonly bridge: AcpSessionBridge,
    private readonly execute: (execution: AgentExecution, prompt: string) => Promise<string>,
    private readonly memory?: MemoryExtractionService,
  ) {}

  async run(prompt: string, signal: AbortSignal): Promise<string> {
    let root = this.factory.createRoot(signal);
    this.bridge.setOwnedExecutionId(root.executionId);
    let answer = await this.execute(root, prompt);

    for (let round = 0; round < MAX_ROOT_CONTINUATIONS; round++) {
      const readUpTo = root.steeringReaderIndex;
      if (readUpTo >= this.services.liveSteering.messageCount()) break;
      log.info(`root continuation ${round + 1}: steering queued after the final response`);
      const continuation = this.factory.createRoot(signal);
      continuation.setSteeringReaderIndex(readUpTo);
      this.bridge.setOwnedExecutionId(continuation.executionId);
      this.factory.release(root);
      root = continuation;
      answer = await this.execute(root, CONTINUATION_PROMPT);
    }

    for (const id of root.deliveredSteeringIds) this.services.liveSteering.markHandled(id, root.executionId);
    if (this.memory) await this.memory.extractAfterTurn(root);
    this.factory.release(root);
    return answer;
  }
}
