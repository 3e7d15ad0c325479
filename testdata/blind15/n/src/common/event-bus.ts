import { EventEmitter } from "node:events";

export interface SessionEvents {
  "steering:queued": { messageId: string; kind: string };
  "steering:injected": { messageId: string; executionId: string; agentName: string };
  "steering:cleared": { messageIds: string[]; reason: string };
  "execution:started": { executionId: string; agentName: string; depth: number };
  "execution:ended": { executionId: string; agentName: string; outcome: "ok" | "error" };
}

/** Typed wrapper over EventEmitter for the events one session publishes. */
export class SessionEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  on<K extends keyof SessionEvents>(event: K, listener: (payload: SessionEvents[K]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  publish<K extends keyof SessionEvents>(event: K, payload: SessionEvents[K]): void {
    this.emitter.emit(event, payload);
  }
}
