// src/mcp/transport.ts
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";

export type JsonMessage = Record<string, unknown>;

export interface Transport {
  send(message: JsonMessage): void;
  messages(): AsyncGenerator<JsonMessage, void, undefined>;
  close(): void;
}

/** An async queue: producers push, one consumer iterates. */
export class AsyncQueue<T> {
  #items: T[] = [];
  #waiters: ((r: IteratorResult<T>) => void)[] = [];
  #closed = false;

  push(item: T): void {
    if (this.#closed) return;
    let w = this.#waiters.shift();
    w ? w({ value: item, done: false }) : this.#items.push(item);
  }

  close(): void {
    this.#closed = true;
    for (let w of this.#waiters.splice(0)) w({ value: undefined as never, done: true });
  }

  async *drain(): AsyncGenerator<T, void, undefined> {
    for (;;) {
      if (this.#items.length) {
        yield this.#items.shift()!;
        continue;
      }
      if (this.#closed) return;
      let next = await new Promise<IteratorResult<T>>((resolve) => this.#waiters.push(resolve));
      if (next.done) return;
      yield next.value;
    }
  }

  get length(): number {
    return this.#items.length;
  }
}

export class InMemoryTransport implements Transport {
  #inbox = new AsyncQueue<JsonMessage>();
  #peer: InMemoryTransport | undefined;

  static pair(): [InMemoryTransport, InMemoryTransport] {
    let a = new InMemoryTransport();
    let b = new InMemoryTransport();
    a.#peer = b;
    b.#peer = a;
    return [a, b];
  }

  send(message: JsonMessage): void {
    let peer = this.#peer;
    queueMicrotask(() => {
      if (peer) peer.#inbox.push(structuredClone(message));
    });
  }

  messages(): AsyncGenerator<JsonMessage, void, undefined> {
    return this.#inbox.drain();
  }

  close(): void {
    this.#inbox.close();
    if (this.#peer) this.#peer.#inbox.close();
  }
}

/** Spawns an MCP server and speaks newline-delimited JSON-RPC over its stdio. */
export class StdioTransport implements Transport {
  #child: ChildProcessWithoutNullStreams;

  constructor(command: string, args: string[], env: Record<string, string>) {
    this.#child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  }

  send(message: JsonMessage): void {
    this.#child.stdin.write(JSON.stringify(message) + "\n");
  }

  async *messages(): AsyncGenerator<JsonMessage, void, undefined> {
    let lines = createInterface({ input: this.#child.stdout });
    for await (let line of lines) {
      if (!line.trim()) continue;
      try {
        yield JSON.parse(line);
      } catch {
        // not JSON: some servers log to stdout
      }
    }
  }

  close(): void {
    this.#child.kill();
  }
}
