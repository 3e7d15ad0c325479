import { Container, rootContainer } from "./di/container.js";
import { EventBus } from "./bus/event-bus.js";
import { Logger } from "./log/logger.js";
import { SteeringBuffer } from "./steering/steering-buffer.js";
import { ToolDispatcher } from "./tools/registry.js";
import { MemoryStore } from "./memory/memory-store.js";
import { invokeSubAgentTool } from "./tools/invoke-sub-agent.js";
import { notifyTool, userSteerTool } from "./tools/steering-tools.js";
import { currentTimeTool, readMemoryTool } from "./tools/builtin.js";

/** Service classes the container knows; listed so that none is dropped. */
export const SERVICE_CLASSES = [EventBus, Logger, SteeringBuffer, ToolDispatcher, MemoryStore] as const;

let booted = false;

export function boot(): Container {
  if (!booted) {
    booted = true;
    const tools = rootContainer.resolve<ToolDispatcher>("toolDispatcher");
    tools
      .register(invokeSubAgentTool, "invokeSubAgent", "use_subagent")
      .register(userSteerTool)
      .register(notifyTool, "workflow_notify")
      .register(readMemoryTool)
      .register(currentTimeTool);
    rootContainer.resolve<Logger>("logger").debug(`[boot] ${SERVICE_CLASSES.length} services, ${tools.list().length} tools`);
  }
  return rootContainer;
}
