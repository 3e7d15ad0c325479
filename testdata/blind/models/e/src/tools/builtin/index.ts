// src/tools/builtin/index.ts
import { ToolRegistry } from "../registry.js";
import { FsReadTool, FsWriteTool, ListDirectoryTool, GrepSearchTool, GlobTool } from "./fs-tools.js";
import { ExecuteBashTool, ThinkTool, TodoWriteTool, TodoReadTool } from "./shell-tools.js";
import { WebFetchTool, WebSearchTool } from "./web-tools.js";
import { UserSteerTool, NotifyTool } from "./steering-tools.js";
import { InvokeSubAgentTool } from "./sub-agent-tool.js";
import { DelegateTasksTool } from "./delegate-tool.js";

export const BUILTIN_TOOLS = [
  FsReadTool,
  FsWriteTool,
  ListDirectoryTool,
  GrepSearchTool,
  GlobTool,
  ExecuteBashTool,
  ThinkTool,
  TodoWriteTool,
  TodoReadTool,
  WebFetchTool,
  WebSearchTool,
  UserSteerTool,
  NotifyTool,
  InvokeSubAgentTool,
  DelegateTasksTool,
];

export function createBuiltinRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  for (const cls of BUILTIN_TOOLS) registry.registerClass(cls);
  return registry;
}
