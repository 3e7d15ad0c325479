// Reference fixes for model n: exact find/replace on n/src (each `find` must occur exactly once).
export default {
  seed: [
    {
      // the one construction helper every spawn path (sub-agent tool, memory extraction) goes through
      file: "src/execution/execution-factory.ts",
      find: `      parentExecutionId: parent.executionId,
    });
    return this.track(child);
`,
      replace: `      parentExecutionId: parent.executionId,
    });
    child.setSteeringReaderIndex(parent.sessionServices.liveSteering.messageCount());
    return this.track(child);
`,
    },
  ],
  gate: [
    {
      file: "src/steering/live-steering-hook.ts",
      find: `      if (!entry) continue;
`,
      replace: `      if (!entry) continue;
      if (entry.kind === "user" && execution.subExecutionDepth > 0) continue;
`,
    },
  ],
};
