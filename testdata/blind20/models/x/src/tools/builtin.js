// src/tools/builtin.ts
export function createBuiltinTools() {
  const tools = new Map();
  tools.set("invoke_sub_agent", {
    description: "Delegate a task to a named sub-agent",
    async execute({ subagentId, prompt }, { execution, run, services }) {
      const child = services.get("executions").child(execution, { agentName: subagentId });
      const reply = await run(child, prompt ?? "");
      const inbox = services.get("steering");
      for (const id of child.receivedSteering) inbox.acknowledge(id, execution.executionId);
      return `${subagentId}: ${reply?.text ?? ""}`;
    },
  });
  tools.set("user_steer", {
    description: "Relay a message as if the user typed it",
    async execute({ text }, { services }) {
      await services.get("events").emit("steer:request", { text, origin: "user" });
      return "relayed";
    },
  });
  tools.set("notify", {
    description: "Post a workflow notification",
    async execute({ text }, { services }) {
      await services.get("events").emit("steer:request", { text, origin: "workflow" });
      return "posted";
    },
  });
  return tools;
}
