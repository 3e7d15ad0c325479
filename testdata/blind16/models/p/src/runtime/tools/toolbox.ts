import type { AgentExecution } from "../execution";
import type { SteeringMessage } from "../steering/buffer";
import type { RunExecution, ToolCall } from "../types";
import { invokeSubAgent } from "./invoke-sub-agent";

export interface Toolbox {
  dispatch(call: ToolCall, exec: AgentExecution): Promise<string>;
}

export interface SteerTarget {
  steer(text: string, origin?: string): SteeringMessage;
}

export function createToolbox(session: SteerTarget, runChild: RunExecution): Toolbox {
  return {
    async dispatch(call, exec) {
      switch (call.name) {
        case "invoke_sub_agent":
          return invokeSubAgent(exec, call.input?.subagentId ?? "general", call.input?.prompt ?? "", runChild);
        case "user_steer":
          session.steer(call.text ?? "");
          return "queued";
        case "notify":
          session.steer(call.text ?? "", "workflow");
          return "posted";
        default:
          return `unknown tool ${call.name}`;
      }
    },
  };
}
