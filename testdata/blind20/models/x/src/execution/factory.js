// src/execution/factory.ts — every Execution of a session is built here.
import { Execution } from "./execution.js";

export class ExecutionFactory {
  constructor(services) {
    this.services = services;
  }

  root({ promptContext, agentName = "chat-agent", resumeFrom } = {}) {
    const execution = new Execution({ sessionServices: this.services, promptContext, agentName });
    resumeFrom && execution.setSteeringReaderIndex(resumeFrom.steeringReaderIndex);
    return execution;
  }

  child(parent, overrides = {}) {
    return new Execution({
      ...overrides,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
    });
  }
}
