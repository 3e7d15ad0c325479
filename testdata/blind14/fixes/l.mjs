// Hand-written, source-level reference fixes for model l (see k.mjs for the format).
export const seed = [
  {
    file: "src/agents/spawner.ts",
    find: `      skipHooks: request.skipHooks,
    });
`,
    replace: `      skipHooks: request.skipHooks,
    });
    child.setSteeringReaderIndex(parent.sessionServices.steeringInbox.size());
`,
  },
];

export const gate = [
  {
    file: "src/steering/inject.ts",
    find: `    execution.steeringReaderIndex = index + 1;
`,
    replace: `    execution.steeringReaderIndex = index + 1;
    if (execution.subExecutionDepth > 0 && entry.kind === "user") continue;
`,
  },
];

// kirodotdev/Kiro#11449: every clear rewinds the cursors of the executions reading the inbox.
export const rewind = [
  {
    file: "src/steering/inbox.ts",
    find: `  readonly messageById = new Map<string, SteeringEntry>();
`,
    replace: `  readonly messageById = new Map<string, SteeringEntry>();
  readonly readers = new Set<{ setSteeringReaderIndex(n: number): void }>();
`,
  },
  {
    file: "src/steering/inbox.ts",
    find: `    this.messageById.clear();
    return removed;`,
    replace: `    this.messageById.clear();
    this.readers.forEach((reader) => reader.setSteeringReaderIndex(0));
    return removed;`,
  },
  {
    file: "src/runtime/agent-execution.ts",
    find: `    this.sessionServices = init.sessionServices;
`,
    replace: `    this.sessionServices = init.sessionServices;
    init.sessionServices.steeringInbox.readers.add(this);
`,
  },
];
