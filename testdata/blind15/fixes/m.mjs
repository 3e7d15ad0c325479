// Reference fixes for model m: exact find/replace on m/src (each `find` must occur exactly once).
export default {
  seed: [
    {
      file: "src/tools/invoke-sub-agent.ts",
      find: `      parentExecutionId: parent.executionId,
    });
`,
      replace: `      parentExecutionId: parent.executionId,
    });
    subAgentExecution.setSteeringReaderIndex(parent.sessionServices.steering.entries.length);
`,
    },
    {
      file: "src/memory/memory-extraction.ts",
      find: `      skipHooks: true,
    });
`,
      replace: `      skipHooks: true,
    });
    memoryExecution.setSteeringReaderIndex(root.sessionServices.steering.entries.length);
`,
    },
  ],
  gate: [
    {
      file: "src/steering/live-steering-hook.ts",
      find: `    const message = steering.entries[execution.steeringReaderIndex++];
`,
      replace: `    const message = steering.entries[execution.steeringReaderIndex++];
    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;
`,
    },
  ],
};
