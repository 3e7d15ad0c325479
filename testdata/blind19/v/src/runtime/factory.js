import { AgentExecution } from "./execution.js";

/** Builds executions. Every child is built here, whatever spawns it. */
export class ExecutionFactory {
  constructor(sessionServices, promptContext) {
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
  }

  root(task) {
    return new AgentExecution({ sessionServices: this.sessionServices, promptContext: this.promptContext, agentName: "chat-agent", task });
  }

  child(parent, agentName, extra = {}) {
    const execution = new AgentExecution({
      ...extra,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName,
    });
    this.sessionServices.events.emit("execution:spawned", { parent: parent.executionId, child: execution.executionId, agentName });
    return execution;
  }
}
