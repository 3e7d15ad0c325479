// src/session/services.ts
import type { Settings } from "../core/config.js";
import type { Telemetry } from "../core/telemetry.js";
import type { McpHub } from "../mcp/client.js";
import type { LiveSteeringBuffer } from "../runtime/steering/buffer.js";
import type { LiveSteeringHook } from "../runtime/steering/hook.js";
import type { TurnGraph } from "../runtime/turn-graph.js";
import type { ToolCatalog } from "../runtime/tools/catalog.js";
import type { UserHooks } from "../runtime/hooks.js";
import type { EventAdapter } from "./events.js";
import type { ModelPort } from "./model.js";
import type { AgentSession } from "./agent-session.js";

/** Shared by every execution of a session. */
export class SessionServices {
  liveSteering: LiveSteeringBuffer;
  steeringHook: LiveSteeringHook;
  events: EventAdapter;
  graph: TurnGraph;
  catalog: ToolCatalog;
  hooks: UserHooks;
  model: ModelPort;
  settings: Settings;
  telemetry: Telemetry;
  mcp: McpHub;
  session: AgentSession;

  constructor(parts: {
    liveSteering: LiveSteeringBuffer;
    steeringHook: LiveSteeringHook;
    events: EventAdapter;
    graph: TurnGraph;
    catalog: ToolCatalog;
    hooks: UserHooks;
    model: ModelPort;
    settings: Settings;
    telemetry: Telemetry;
    mcp: McpHub;
    session: AgentSession;
  }) {
    this.session = parts.session;
    this.liveSteering = parts.liveSteering;
    this.steeringHook = parts.steeringHook;
    this.events = parts.events;
    this.graph = parts.graph;
    this.catalog = parts.catalog;
    this.hooks = parts.hooks;
    this.model = parts.model;
    this.settings = parts.settings;
    this.telemetry = parts.telemetry;
    this.mcp = parts.mcp;
  }
}
