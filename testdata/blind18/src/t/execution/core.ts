import { executionToken } from "../core/tokens.js";
import type { ContextMessage, ExecutionOptions, PromptContext, SessionServices } from "./contracts.js";

/** What every execution has, whatever it runs: identity, services, cancellation, a transcript. */
export class ExecutionCore {
  readonly executionId: string;
  readonly agentName: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController: AbortController;
  readonly transcript: ContextMessage[];
  protected readonly disposers: Array<() => void>;

  constructor(options: ExecutionOptions) {
    this.executionId = executionToken();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = options.skipHooks === true;
    this.abortController = new AbortController();
    this.transcript = [];
    this.disposers = [];
    const upstream = options.signal;
    if (upstream) {
      const forward = () => this.abortController.abort(upstream.reason);
      if (upstream.aborted) forward();
      else {
        upstream.addEventListener("abort", forward, { once: true });
        this.disposers.push(() => upstream.removeEventListener("abort", forward));
      }
    }
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }
}
