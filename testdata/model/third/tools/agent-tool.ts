import type { AgentExecution } from "../agent/agent-execution";

export interface ToolContext {
  /** the execution whose model asked for the tool */
  readonly execution: AgentExecution;
  /** runs a child execution through the turn graph to completion */
  readonly runSubExecution: (child: AgentExecution) => Promise<void>;
}

export interface ToolResult {
  readonly ok: boolean;
  readonly output: string;
}

export abstract class AgentTool<Input extends Record<string, unknown> = Record<string, unknown>> {
  abstract readonly name: string;
  abstract readonly description: string;

  protected abstract run(context: ToolContext, input: Input): Promise<ToolResult>;

  async execute(context: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
    context.execution.throwIfCancelled();
    return this.run(context, input as Input);
  }
}
