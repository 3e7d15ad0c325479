// Reference fixes for model p, as exact find/replace edits on its sources (paths relative to models/p).
// seed: each of the three spawn sites (sub-agent tool, memory extraction, transcript compaction)
//       seeds the new execution's cursor to the buffer's length.
// gate: the drain withholds kind "user" messages from executions at depth > 0, cursor still advancing.
// rewind: a user clear moves every running execution's cursor back to 0 (for --rewind-on-clear).
export default {
  seed: [
    {
      file: "src/runtime/tools/invoke-sub-agent.ts",
      find: `    agentName: subagentId,
  });
`,
      replace: `    agentName: subagentId,
  });
  subAgentExecution.setSteeringReaderIndex(parent.sessionServices.steering.total);
`,
    },
    {
      file: "src/runtime/background/memory.ts",
      find: `    skipHooks: true,
  });
`,
      replace: `    skipHooks: true,
  });
  memoryExecution.setSteeringReaderIndex(turnOwner.sessionServices.steering.total);
`,
    },
    {
      file: "src/runtime/background/compaction.ts",
      find: `    skipHooks: true,
  });
`,
      replace: `    skipHooks: true,
  });
  summarizer.setSteeringReaderIndex(exec.sessionServices.steering.total);
`,
    },
  ],
  gate: [
    {
      file: "src/runtime/steering/inject.ts",
      find: `    exec.steeringReaderIndex = start + offset + 1;
`,
      replace: `    exec.steeringReaderIndex = start + offset + 1;
    if (message.kind === "user" && exec.subExecutionDepth > 0) continue;
`,
    },
  ],
  rewind: [
    {
      file: "src/runtime/session.ts",
      find: `      const messageIds = clearSteeringAtTurnBoundary(services, reason);
      services.steering.epoch++;
`,
      replace: `      const messageIds = clearSteeringAtTurnBoundary(services, reason);
      services.steering.epoch++;
      for (const exec of services.executions.live) exec.setSteeringReaderIndex(0);
`,
    },
  ],
};
