// Reference fixes for model r: exact find/replace edits on r/src (each find must match exactly once).
export default {
  seed: [
    {
      file: "exec/spawn.ts",
      find: `    parentExecutionId: parent.executionId,
  });
`,
      replace: `    parentExecutionId: parent.executionId,
  });
  child.setSteeringReaderIndex(parent.sessionServices.steering.store.entries.length);
`,
    },
  ],
  gate: [
    {
      file: "steering/live-steering.ts",
      find: `import { renderSteeringPrompt } from "./prompt-builder.js";
`,
      replace: `import { renderSteeringPrompt } from "./prompt-builder.js";
import { SteeringKind } from "./kinds.js";
`,
    },
    {
      file: "steering/live-steering.ts",
      find: `      execution.setSteeringReaderIndex(from + offset + 1);
`,
      replace: `      execution.setSteeringReaderIndex(from + offset + 1);
      if (entry.kind === SteeringKind.User && execution.subExecutionDepth > 0) continue;
`,
    },
  ],
  rewind: [
    {
      file: "session/boundary.ts",
      find: `  const messageIds = services.steering.drop();
`,
      replace: `  const messageIds = services.steering.drop();
  for (const execution of services.registry.all()) execution.setSteeringReaderIndex(0);
`,
    },
  ],
};
