// src/acp/connection.ts
import type { Readable, Writable } from "node:stream";
import { Logger } from "../logging/logger.js";
import { RpcError, RpcErrorCode, type ClientConnection, type JsonRpcRequest, type JsonRpcResponse } from "./protocol.js";

export type RequestHandler = (method: string, params: any) => Promise<unknown>;

/** Newline-delimited JSON-RPC 2.0 over a pair of streams (ACP's stdio transport). */
export class NdjsonConnection implements ClientConnection {
  #nextId = 1;
  readonly #pending = new Map<number | string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #buffer = "";
  readonly #log = new Logger("acp");

  constructor(private readonly input: Readable, private readonly output: Writable, private readonly handler: RequestHandler) {
    input.setEncoding("utf8");
    input.on("data", (chunk: string) => this.#onData(chunk));
    input.on("end", () => this.#onEnd());
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let nl: number;
    while ((nl = this.#buffer.indexOf("\n")) >= 0) {
      const line = this.#buffer.slice(0, nl).trim();
      this.#buffer = this.#buffer.slice(nl + 1);
      if (line) void this.#onLine(line);
    }
  }

  #onEnd(): void {
    for (const p of this.#pending.values()) p.reject(new Error("connection closed"));
    this.#pending.clear();
  }

  async #onLine(line: string): Promise<void> {
    let msg: JsonRpcRequest & Partial<JsonRpcResponse>;
    try {
      msg = JSON.parse(line);
    } catch {
      this.#write({ jsonrpc: "2.0", id: 0, error: { code: RpcErrorCode.ParseError, message: "parse error" } });
      return;
    }
    if (msg.method === undefined && msg.id !== undefined) {
      const waiter = this.#pending.get(msg.id);
      if (!waiter) return;
      this.#pending.delete(msg.id);
      if (msg.error) waiter.reject(new RpcError(msg.error.code, msg.error.message, msg.error.data));
      else waiter.resolve(msg.result);
      return;
    }
    try {
      const result = await this.handler(msg.method, msg.params);
      if (msg.id !== undefined) this.#write({ jsonrpc: "2.0", id: msg.id, result: result ?? null });
    } catch (err) {
      this.#log.warn(`request ${msg.method} failed`, { error: err });
      if (msg.id === undefined) return;
      const code = err instanceof RpcError ? err.code : RpcErrorCode.InternalError;
      this.#write({ jsonrpc: "2.0", id: msg.id, error: { code, message: String((err as Error)?.message ?? err) } });
    }
  }

  #write(message: unknown): void {
    this.output.write(JSON.stringify(message) + "\n");
  }

  notify(method: string, params: unknown): void {
    this.#write({ jsonrpc: "2.0", method, params });
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#write({ jsonrpc: "2.0", id, method, params });
    });
  }
}
