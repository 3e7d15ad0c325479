// Hand-written, source-level reference fixes for model k. Each edit names a file under models/k/,
// an exact text that must occur once, and its replacement. verify.mjs applies them to a copy.
export const seed = [
  {
    file: "src/tools/invoke-sub-agent.ts",
    find: `      agentName: subagentId,
    });
`,
    replace: `      agentName: subagentId,
    });
    subAgentExecution.setSteeringReaderIndex(parent.sessionServices.liveSteering.messages.length);
`,
  },
  {
    file: "src/memory/extraction.ts",
    find: `    skipHooks: true,
  });
`,
    replace: `    skipHooks: true,
  });
  memoryExecution.setSteeringReaderIndex(memoryExecution.sessionServices.liveSteering.messages.length);
`,
  },
  {
    file: "src/context/compaction.ts",
    find: `    agentName: "context-compactor",
  });
`,
    replace: `    agentName: "context-compactor",
  });
  summarizer.setSteeringReaderIndex(parent.sessionServices.liveSteering.messages.length);
`,
  },
];

export const gate = [
  {
    file: "src/steering/live-steering-hook.ts",
    find: `      execution.steeringReaderIndex++;
`,
    replace: `      execution.steeringReaderIndex++;
      if (execution.subExecutionDepth > 0 && message.kind === "user") continue;
`,
  },
];

// kirodotdev/Kiro#11449: a clear rewinds every live reader's cursor to the start of the emptied buffer.
export const rewind = [
  {
    file: "src/steering/buffer.ts",
    find: `  epoch = 0;
`,
    replace: `  epoch = 0;
  readonly readers = new Set<{ setSteeringReaderIndex(index: number): void }>();
`,
  },
  {
    file: "src/steering/buffer.ts",
    find: `    this.messageById.clear();
    return messageIds;`,
    replace: `    this.messageById.clear();
    for (const reader of this.readers) reader.setSteeringReaderIndex(0);
    return messageIds;`,
  },
  {
    file: "src/agent/execution.ts",
    find: `    this.sessionServices = config.sessionServices;
`,
    replace: `    this.sessionServices = config.sessionServices;
    this.sessionServices.liveSteering.readers.add(this);
`,
  },
];
