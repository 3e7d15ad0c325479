// Hand-written reference fixes for model x (source level). Each edit must match exactly once.
export const entry = "server.js";
export const fixes = {
  seed: [
    {
      file: "execution/factory.js",
      find: "    return new Execution({\n      ...overrides,",
      replace: "    const child = new Execution({\n      ...overrides,",
    },
    {
      file: "execution/factory.js",
      find: "      subExecutionDepth: parent.subExecutionDepth + 1,\n    });\n",
      replace:
        "      subExecutionDepth: parent.subExecutionDepth + 1,\n    });\n    child.setSteeringReaderIndex(parent.sessionServices.get(\"steering\").messageCount());\n    return child;\n",
    },
  ],
  gate: [
    {
      file: "steering/live-steering.js",
      find: "    for (const message of this.#collect(execution)) {\n",
      replace:
        "    for (const message of this.#collect(execution)) {\n      if (message.kind === \"user\" && execution.subExecutionDepth > 0) continue;\n",
    },
  ],
  rewind: [
    {
      file: "server.js",
      find: "    const messageIds = this.services.get(\"steering\").drainAll();\n",
      replace:
        "    const messageIds = this.services.get(\"steering\").drainAll();\n    for (const live of this.#active.values()) live.setSteeringReaderIndex(0);\n",
    },
  ],
};
