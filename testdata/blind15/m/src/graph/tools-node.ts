import { createLogger } from "../util/logger";
import type { ContextMessage } from "../model/types";
import type { ToolRegistry, ToolHost } from "../tools/registry";
import type { NodeHandler } from "./nodes";

const log = createLogger("ToolsNode");

export function createToolsNode(tools: ToolRegistry, host: ToolHost): NodeHandler {
  return async (state) => {
    const results: ContextMessage[] = [];
    for (const call of state.response?.toolCalls ?? []) {
      try {
        const result = await tools.execute(call, { state, host });
        results.push({ role: "tool", text: `${call.name}: ${result.text}` });
      } catch (err) {
        log.warn(`tool ${call.name} failed in ${state.execution.agentName}: ${String(err)}`);
        results.push({ role: "tool", text: `${call.name} failed` });
      }
    }
    return { ...state, context: [...state.context, ...results] };
  };
}
