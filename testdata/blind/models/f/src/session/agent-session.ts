// src/session/agent-session.ts
import { sessionId as newSessionId } from "../core/ids.js";
import { createLogger } from "../core/log.js";
import type { Settings } from "../core/config.js";
import { Telemetry } from "../core/telemetry.js";
import { McpHub } from "../mcp/client.js";
import { AgentExecution, type PromptContext, type TranscriptItem } from "../runtime/execution.js";
import { LiveSteeringBuffer, type SteeringEntry } from "../runtime/steering/buffer.js";
import { LiveSteeringHook } from "../runtime/steering/hook.js";
import { TurnGraph } from "../runtime/turn-graph.js";
import { ToolCatalog, type ToolDef } from "../runtime/tools/catalog.js";
import { UserHooks } from "../runtime/hooks.js";
import { extractMemories, MemoryBank } from "../runtime/memory.js";
import { compactIfNeeded } from "../runtime/compaction.js";
import { childrenOf } from "../runtime/spawn.js";
import { EventAdapter } from "./events.js";
import type { ModelPort } from "./model.js";
import { SessionServices } from "./services.js";

const log = createLogger("session");
const MAX_CONTINUATIONS = 2;

export interface SessionInit {
  model: ModelPort;
  settings: Settings;
  cwd: string;
  tools: ToolDef[];
  memory: MemoryBank;
  mcp?: McpHub;
}

export interface ExecutionNode {
  executionId: string;
  agentName: string;
  depth: number;
  modelCalls: number;
  cursor: number;
  unread: number;
  children: ExecutionNode[];
}

export class AgentSession {
  sessionId: string;
  services: SessionServices;
  steeringEpoch: number;
  #context: PromptContext;
  #history: TranscriptItem[];
  #turns: number;
  #abort: AbortController;
  #bank: MemoryBank;
  #roots: AgentExecution[];

  constructor(init: SessionInit) {
    this.sessionId = newSessionId();
    this.steeringEpoch = 0;
    this.#turns = 0;
    this.#history = [];
    this.#abort = new AbortController();
    this.#bank = init.memory;
    this.#roots = [];
    this.#context = {
      system: "You are Kiro, an agentic coding assistant. Work in the user's workspace with the tools you are given.",
      cwd: init.cwd,
      modelId: init.settings.model.id,
      attachments: [],
    };
    this.services = new SessionServices({
      session: this,
      liveSteering: new LiveSteeringBuffer(),
      steeringHook: new LiveSteeringHook(),
      events: new EventAdapter(this.sessionId),
      graph: new TurnGraph(init.settings.steering.maxDrainRetries),
      catalog: new ToolCatalog(init.tools),
      hooks: new UserHooks(init.settings.hooks, init.cwd),
      model: init.model,
      settings: init.settings,
      telemetry: new Telemetry(init.settings.telemetry.enabled ? init.settings.telemetry.endpoint : undefined),
      mcp: init.mcp ?? new McpHub(),
    });
  }

  steer(text: string, origin: string = "user"): SteeringEntry {
    let entry = this.services.liveSteering.push(text, origin);
    this.services.events.steering("steering_queued", [entry.id]);
    log.debug(`queued ${entry.id} (${entry.kind})`);
    return entry;
  }

  /** Clears the buffer at a turn boundary (end, cancel, errors, the client's clear). Cursors stay put. */
  clearSteering(reason: string): string[] {
    let ids = this.services.liveSteering.reset();
    ids.length && log.debug(`cleared ${ids.length} steering message(s): ${reason}`);
    this.services.events.steering("steering_cleared", ids);
    return ids;
  }

  #startRoot(text: string, resume: boolean, resumeAt: number): AgentExecution {
    let root = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.#context,
      signal: this.#abort.signal,
      agentName: "chat-agent",
    });
    root.transcript.push(...this.#history, { role: "user", text });
    this.#roots.push(root);
    this.#roots.length > 8 && this.#roots.shift();
    this.services.events.setOwnedExecutionId(root.executionId);
    resume && root.setSteeringReaderIndex(resumeAt);
    return root;
  }

  async prompt(text: string): Promise<{ stopReason: string }> {
    let turn = ++this.#turns;
    this.#abort = new AbortController();
    let services = this.services;
    try {
      await services.hooks.fire("userPromptSubmit", { prompt: text, turn });
      let root = this.#startRoot(text, false, 0);
      await compactIfNeeded(root);
      let final = await services.graph.drive(root);
      for (let n = 0; root.needsContinuation && n < MAX_CONTINUATIONS; n++) {
        let unread = services.liveSteering
          .snapshot()
          .slice(root.steeringReaderIndex)
          .filter((e) => e.kind === "user")
          .map((e) => `- ${e.text}`);
        let resumeAt = services.liveSteering.size();
        root = this.#startRoot(`Continue. Messages the user sent meanwhile:\n${unread.join("\n")}`, true, resumeAt);
        final = await services.graph.drive(root);
      }
      if (final.status === "cancelled") {
        this.clearSteering("cancel");
        return { stopReason: "cancelled" };
      }
      this.#history.push({ role: "user", text }, { role: "assistant", text: final.text });
      services.settings.memory.enabled && (await extractMemories(root, this.#bank));
      this.clearSteering("turn_end");
      return { stopReason: final.status === "step_limit" ? "max_turn_requests" : "end_turn" };
    } catch (err) {
      log.error(`turn ${turn} failed`, { error: String(err) });
      this.clearSteering("prompt_error");
      throw err;
    }
  }

  cancel(): void {
    this.#abort.abort("cancelled");
    this.clearSteering("cancel");
  }

  /** The recent executions of this session as a tree (`_session/tree`, for the client's debug view). */
  tree(): ExecutionNode[] {
    let size = this.services.liveSteering.size();
    let describe = (e: AgentExecution): ExecutionNode => ({
      executionId: e.executionId,
      agentName: e.agentName,
      depth: e.subExecutionDepth,
      modelCalls: e.modelCalls,
      cursor: e.steeringReaderIndex,
      unread: Math.max(0, size - e.steeringReaderIndex),
      children: [...(childrenOf.peek(e) ?? [])].map(describe),
    });
    return this.#roots.map(describe);
  }

  memories(): string[] {
    return this.#bank.all();
  }
}
