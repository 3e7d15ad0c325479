import { createAgentGraph } from "./graph.js";

/** Runs executions of one session through the agent graph. */
export class ExecutionRunner {
  /**
   * @param {{ model: { invoke: Function }, tools: Map<string, { run: Function }>, session: object }} deps
   */
  constructor({ model, tools, session }) {
    this.graph = createAgentGraph({ model, tools });
    this.session = session;
  }

  /**
   * @param {import("./agent-execution.js").AgentExecution} execution
   * @param {string} prompt
   * @returns {Promise<string>} the execution's final text
   */
  async run(execution, prompt) {
    const { executions, hooks } = execution.sessionServices;
    executions.set(execution.executionId, execution);
    try {
      if (!execution.skipHooks) await hooks.emit("agentSpawn", execution);
      const final = await this.graph.invoke({
        execution,
        messages: [{ role: "user", text: prompt }],
        iteration: 0,
        runner: this,
        session: this.session,
      });
      if (!execution.skipHooks) await hooks.emit("stop", execution);
      return final.response?.text ?? "";
    } finally {
      executions.delete(execution.executionId);
    }
  }
}
