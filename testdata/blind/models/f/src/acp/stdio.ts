// src/acp/stdio.ts
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { createLogger } from "../core/log.js";

const log = createLogger("acp");

export type Handler = (method: string, params: any, peer: StdioPeer) => Promise<unknown>;

/** ACP over stdio: one JSON-RPC message per line, requests served concurrently. */
export class StdioPeer {
  #out: Writable;
  #nextId: number;
  #waiting: Map<number, (msg: any) => void>;

  constructor(out: Writable) {
    this.#out = out;
    this.#nextId = 1;
    this.#waiting = new Map();
  }

  send(msg: object): void {
    this.#out.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}\n`);
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  call(method: string, params: unknown): Promise<any> {
    let id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (msg) => (msg.error ? reject(new Error(msg.error.message)) : resolve(msg.result)));
      this.send({ id, method, params });
    });
  }

  async *incoming(input: Readable): AsyncGenerator<any, void, undefined> {
    for await (let line of createInterface({ input, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        this.send({ id: null, error: { code: -32700, message: "parse error" } });
        continue;
      }
      if (msg.method === undefined && typeof msg.id === "number") {
        let w = this.#waiting.get(msg.id);
        w && (this.#waiting.delete(msg.id), w(msg));
        continue;
      }
      yield msg;
    }
  }

  async serve(input: Readable, handler: Handler): Promise<void> {
    for await (let msg of this.incoming(input)) {
      void handler(msg.method, msg.params, this).then(
        (result) => msg.id !== undefined && this.send({ id: msg.id, result: result ?? null }),
        (err) => {
          log.warn(`${msg.method} failed: ${String(err?.message ?? err)}`);
          msg.id !== undefined && this.send({ id: msg.id, error: { code: err?.code ?? -32603, message: String(err?.message ?? err) } });
        },
      );
    }
  }
}
