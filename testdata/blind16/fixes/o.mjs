// Reference fixes for model o, as exact find/replace edits on its sources (paths relative to models/o).
// seed: the one construction of a sub-execution (AgentExecution#spawnSubExecution, used by the
//       sub-agent tool and by memory extraction) seeds the child's cursor to the buffer's length.
// gate: the drain withholds kind "user" messages from executions at depth > 0, cursor still advancing.
// rewind: a user clear moves every running execution's cursor back to 0 (for --rewind-on-clear).
export default {
  seed: [
    {
      file: "src/agent/agent-execution.ts",
      find: `    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
      skipHooks: options.skipHooks,
    });
`,
      replace: `    const child = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
      skipHooks: options.skipHooks,
    });
    child.setSteeringReaderIndex(this.sessionServices.steeringBuffer.size());
    return child;
`,
    },
  ],
  gate: [
    {
      file: "src/steering/live-steering-hook.ts",
      find: `      if (!message) break;
`,
      replace: `      if (!message) break;
      if (message.kind === "user" && execution.subExecutionDepth > 0) continue;
`,
    },
  ],
  rewind: [
    {
      file: "src/session/kas-session.ts",
      find: `    const messageIds = this.clearAtTurnBoundary(reason);
    this.sessionServices.steeringBuffer.epoch += 1;
`,
      replace: `    const messageIds = this.clearAtTurnBoundary(reason);
    this.sessionServices.steeringBuffer.epoch += 1;
    for (const execution of this.activeExecutions.values()) execution.setSteeringReaderIndex(0);
`,
    },
  ],
};
