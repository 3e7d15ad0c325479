// src/session/transcript-store.ts
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { RuntimeEvent, type EventBus } from "../events/bus.js";
import type { AgentExecution } from "../agent/agent-execution.js";

export enum TranscriptPayloadType {
  User = "user",
  Assistant = "assistant",
  ToolCall = "tool_call",
  ToolResult = "tool_result",
  TurnStart = "turn_start",
  TurnEnd = "turn_end",
  Steering = "steering",
}

interface TranscriptLine {
  id: string;
  timestamp: string;
  payload: { type: TranscriptPayloadType } & Record<string, unknown>;
}

/**
 * Persists a session under ~/.kiro/sessions/<workspaceHash>/<sessionId>/: session.json,
 * messages.jsonl for the root, sub-executions/<executionId>.jsonl for the others.
 * Writes are serialized through one promise chain so lines keep their order.
 */
export class TranscriptStore {
  readonly #dir: string;
  #chain: Promise<void> = Promise.resolve();
  #seq = 0;
  readonly #executions = new Map<string, { agentName: string; depth: number; cursor: () => number }>();

  constructor(workspaceHash: string, readonly sessionId: string, base = join(homedir(), ".kiro", "sessions")) {
    this.#dir = join(base, workspaceHash, sessionId);
  }

  attach(bus: EventBus): void {
    bus.on(RuntimeEvent.TurnStarted, (p) => this.#line("messages", TranscriptPayloadType.TurnStart, { turn: p.turn }));
    bus.on(RuntimeEvent.TurnEnded, (p) => {
      this.#line("messages", TranscriptPayloadType.TurnEnd, { turn: p.turn, stopReason: p.stopReason });
      this.#enqueue(() => this.#writeSessionJson());
    });
    bus.on(RuntimeEvent.ToolStarted, (p) => this.#line(this.#fileFor(p.executionId), TranscriptPayloadType.ToolCall, { tool: p.tool }));
    bus.on(RuntimeEvent.ToolFinished, (p) =>
      this.#line(this.#fileFor(p.executionId), TranscriptPayloadType.ToolResult, { tool: p.tool, ok: p.ok }),
    );
    bus.on(RuntimeEvent.SteeringInjected, (p) =>
      this.#line(this.#fileFor(p.executionId), TranscriptPayloadType.Steering, { messageId: p.messageId }),
    );
  }

  track(execution: AgentExecution): void {
    this.#executions.set(execution.executionId, {
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
      cursor: () => execution.steeringReaderIndex,
    });
  }

  #fileFor(executionId: string): string {
    const e = this.#executions.get(executionId);
    return !e || e.depth === 0 ? "messages" : join("sub-executions", executionId);
  }

  #line(file: string, type: TranscriptPayloadType, fields: Record<string, unknown>): void {
    const line: TranscriptLine = {
      id: `${this.sessionId.slice(0, 8)}-${++this.#seq}`,
      timestamp: new Date().toISOString(),
      payload: { type, ...fields },
    };
    this.#enqueue(async () => {
      const path = join(this.#dir, `${file}.jsonl`);
      await mkdir(join(path, ".."), { recursive: true });
      await appendFile(path, JSON.stringify(line) + "\n");
    });
  }

  async #writeSessionJson(): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    const executions = [...this.#executions].map(([id, e]) => ({ id, agentName: e.agentName, depth: e.depth, steeringCursor: e.cursor() }));
    await writeFile(join(this.#dir, "session.json"), JSON.stringify({ sessionId: this.sessionId, updatedAt: Date.now(), executions }, null, 2));
  }

  #enqueue(task: () => Promise<void>): void {
    this.#chain = this.#chain.then(task).catch(() => undefined);
  }

  flushed(): Promise<void> {
    return this.#chain;
  }
}
