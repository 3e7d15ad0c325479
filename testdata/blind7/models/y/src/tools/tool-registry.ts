// src/tools/tool-registry.ts: built-in tools, keyed by name.
import { Injectable, ServiceId, type Container } from "../di/container.js";
import { SteeringKind } from "../steering/kinds.js";
import type { AgentExecution } from "../execution/agent-execution.js";
import type { ModelToolCall, SteeringSink } from "../session/session-services.js";
import type { ExecutionFactory } from "../execution/execution-factory.js";

export interface ToolContext {
  execution: AgentExecution;
  container: Container;
}

export abstract class BuiltinTool {
  abstract readonly name: string;
  abstract run(call: ModelToolCall, context: ToolContext): Promise<string>;
}

class UserSteerTool extends BuiltinTool {
  readonly name = "user_steer";
  async run(call: ModelToolCall, context: ToolContext): Promise<string> {
    let sink = context.container.get<SteeringSink>(ServiceId.SteeringSink);
    let queued = sink.steer(call.text ?? "", "user");
    return `queued ${queued.id}`;
  }
}

class NotifyTool extends BuiltinTool {
  readonly name = "notify";
  async run(call: ModelToolCall, context: ToolContext): Promise<string> {
    let sink = context.container.get<SteeringSink>(ServiceId.SteeringSink);
    let queued = sink.steer(call.text ?? "", SteeringKind.Workflow);
    return `notified ${queued.id}`;
  }
}

class InvokeSubAgentTool extends BuiltinTool {
  readonly name = "invoke_sub_agent";
  static readonly maxDepth = 4;

  async run(call: ModelToolCall, context: ToolContext): Promise<string> {
    let parent = context.execution;
    if (call.input == null) return "error: missing input";
    if (parent.subExecutionDepth >= InvokeSubAgentTool.maxDepth) return "error: sub-agent nesting too deep";
    let factory = context.container.get<ExecutionFactory>(ServiceId.ExecutionFactory);
    let child = factory.createSubExecution(parent, { agentName: call.input.subagentId, task: call.input.prompt });
    let runner = context.container.get<{ drive(e: AgentExecution): Promise<string> }>(ServiceId.TurnRunner);
    let result = await runner.drive(child);
    // the sub-agent's result comes back: what it was shown counts as handled by it
    let steering = parent.sessionServices.steering;
    child.injectedSteeringIds.forEach((id) => steering.acknowledge(id, child.executionId));
    return `sub-agent ${call.input.subagentId} finished: ${result}`;
  }
}

@Injectable(ServiceId.ToolRegistry, "singleton")
export class ToolRegistry {
  private tools: Map<string, BuiltinTool>;

  constructor() {
    this.tools = new Map();
    for (let tool of [new UserSteerTool(), new NotifyTool(), new InvokeSubAgentTool()]) this.tools.set(tool.name, tool);
  }

  async execute(call: ModelToolCall, context: ToolContext): Promise<string> {
    let tool = this.tools.get(call.name);
    if (tool == null) return `error: unknown tool ${call.name}`;
    return tool.run(call, context);
  }
}
