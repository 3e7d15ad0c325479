// src/tools/builtin/steering-tools.ts
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";

/**
 * Bridges used by the ACP client's relay and by workflow runners: they put a message into the
 * session's live-steering buffer the same way the client's `_session/steer` does.
 */
@tool({
  name: "user_steer",
  description: "Relay a message typed by the user while the agent works into live steering.",
  category: ToolCategory.Steering,
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
})
export class UserSteerTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    ctx.services.host.steer(String(input.text), "user");
    return this.ok("relayed");
  }
}

@tool({
  name: "notify",
  description: "Post a workflow notification into live steering.",
  category: ToolCategory.Steering,
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
})
export class NotifyTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    ctx.services.host.steer(String(input.text), "workflow");
    return this.ok("posted");
  }
}
