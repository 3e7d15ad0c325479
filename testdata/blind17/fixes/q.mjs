// Reference fixes for model q: exact find/replace edits on q/src (each find must match exactly once).
export default {
  seed: [
    {
      file: "tools/invoke-sub-agent.ts",
      find: `      history: [{ role: "user", text: input.prompt ?? "" }],
    });
`,
      replace: `      history: [{ role: "user", text: input.prompt ?? "" }],
    });
    subAgentExecution.setSteeringReaderIndex(execution.sessionServices.steering.messages.length);
`,
    },
    {
      file: "memory/memory-extraction.ts",
      find: `{ role: "user", text: EXTRACTION_PROMPT }],
  });
`,
      replace: `{ role: "user", text: EXTRACTION_PROMPT }],
  });
  extractor.setSteeringReaderIndex(parent.sessionServices.steering.messages.length);
`,
    },
    {
      file: "context/compaction.ts",
      find: `text: "Summarise the conversation above in under 300 words." }],
  });
`,
      replace: `text: "Summarise the conversation above in under 300 words." }],
  });
  compactor.setSteeringReaderIndex(execution.sessionServices.steering.messages.length);
`,
    },
  ],
  gate: [
    {
      file: "steering/live-steering-hook.ts",
      find: `    const message = steering.messages[execution.steeringReaderIndex++];
`,
      replace: `    const message = steering.messages[execution.steeringReaderIndex++];
    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;
`,
    },
  ],
  rewind: [
    {
      file: "steering/steering-buffer.ts",
      find: `  epoch = 0;
`,
      replace: `  epoch = 0;
  readonly readers = new Set<{ setSteeringReaderIndex(index: number): void }>();
`,
    },
    {
      file: "steering/steering-buffer.ts",
      find: `    for (const message of removed) this.messageById.delete(message.id);
`,
      replace: `    for (const message of removed) this.messageById.delete(message.id);
    for (const reader of this.readers) reader.setSteeringReaderIndex(0);
`,
    },
    {
      file: "agent/agent-execution.ts",
      find: `    this.skipHooks = config.skipHooks === true;
`,
      replace: `    this.skipHooks = config.skipHooks === true;
    config.sessionServices.steering.readers.add(this);
`,
    },
  ],
};
