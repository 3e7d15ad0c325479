// Hand-made reference fixes of models v and w, at source level, as kas-steering.md describes them.
// Each edit replaces text that must occur exactly once in the named file (relative to models/<model>/).
//   seed:   every spawn site of a sub-execution seeds the new execution's cursor to the buffer's length
//   gate:   the drain withholds kind "user" messages from executions at subExecutionDepth > 0,
//           still advancing the cursor past them
//   rewind: a clear of the buffer also rewinds every live execution's cursor to 0 (kirodotdev/Kiro#11449)
export const FIXES = {
  v: {
    seed: [
      {
        file: "src/tools/invoke-sub-agent.ts",
        find: "      subExecutionDepth: depth + 1,\n    });\n",
        replace:
          "      subExecutionDepth: depth + 1,\n    });\n" +
          "    subAgentExecution.setSteeringReaderIndex(parent.sessionServices.steeringBuffer.messages.length);\n",
      },
      {
        file: "src/memory/memory-extraction.ts",
        find: "      skipHooks: true,\n    });\n",
        replace:
          "      skipHooks: true,\n    });\n" +
          "    memoryExecution.setSteeringReaderIndex(parent.sessionServices.steeringBuffer.messages.length);\n",
      },
    ],
    gate: [
      {
        file: "src/steering/live-steering-hook.ts",
        find: "    execution.steeringReaderIndex = index + 1;\n",
        replace:
          "    execution.steeringReaderIndex = index + 1;\n" +
          '    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;\n',
      },
    ],
    rewind: [
      {
        file: "src/session/kiro-session.ts",
        find: "    const messageIds = this.services.steeringBuffer.takeAll();\n",
        replace:
          "    const messageIds = this.services.steeringBuffer.takeAll();\n" +
          "    for (const live of this.liveExecutions) live.setSteeringReaderIndex(0);\n",
      },
    ],
  },
  w: {
    seed: [
      {
        file: "src/agent/agent-execution.js",
        find: "    return new AgentExecution({\n      ...options,\n",
        replace: "    const child = new AgentExecution({\n      ...options,\n",
      },
      {
        file: "src/agent/agent-execution.js",
        find: "      subExecutionDepth: this.subExecutionDepth + 1,\n    });\n",
        replace:
          "      subExecutionDepth: this.subExecutionDepth + 1,\n    });\n" +
          "    child.setSteeringReaderIndex(this.sessionServices.steering.log.nextIndex);\n" +
          "    return child;\n",
      },
    ],
    gate: [
      {
        file: "src/steering/inject.js",
        find: "    const msg = log.at(execution.steeringReaderIndex++);\n",
        replace:
          "    const msg = log.at(execution.steeringReaderIndex++);\n" +
          '    if (msg.kind === "user" && execution.subExecutionDepth > 0) continue;\n',
      },
    ],
    rewind: [
      {
        file: "src/session/turn-boundary.js",
        find: "  const messageIds = services.steering.log.reset();\n",
        replace:
          "  const messageIds = services.steering.log.reset();\n" +
          "  for (const live of services.executions.values()) live.setSteeringReaderIndex(0);\n",
      },
    ],
  },
};
