// Hand-written reference fixes for model w (source level). Each edit must match exactly once.
export const entry = "acp-server.js";
export const fixes = {
  seed: [
    {
      file: "agent/tools.js",
      find: "    agentName: subagentId,\n  });\n",
      replace:
        "    agentName: subagentId,\n  });\n  subAgentExecution.setSteeringReaderIndex(execution.sessionServices.steering.store.items.length);\n",
    },
    {
      file: "agent/memory-extraction.js",
      find: "      skipHooks: true,\n    });\n",
      replace:
        "      skipHooks: true,\n    });\n    memoryExecution.setSteeringReaderIndex(parent.sessionServices.steering.store.items.length);\n",
    },
  ],
  gate: [
    {
      file: "steering/live-steering-hook.js",
      find: "    execution.setSteeringReaderIndex(execution.steeringReaderIndex + 1);\n",
      replace:
        "    execution.setSteeringReaderIndex(execution.steeringReaderIndex + 1);\n    if (entry.kind === \"user\" && execution.subExecutionDepth > 0) continue;\n",
    },
  ],
  rewind: [
    {
      file: "session/session.js",
      find: "    const messageIds = this.steering.clear(reason);\n",
      replace:
        "    const messageIds = this.steering.clear(reason);\n    for (const live of this.liveExecutions) live.setSteeringReaderIndex(0);\n",
    },
  ],
};
