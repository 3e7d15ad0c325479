import { steerTools } from "./steer-tools.js";
import { invokeSubAgentTool } from "./subagent-tool.js";

export function defaultTools() {
  return new Map([invokeSubAgentTool, ...steerTools].map((tool) => [tool.name, tool]));
}
