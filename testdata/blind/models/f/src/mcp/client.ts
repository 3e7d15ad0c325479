// src/mcp/client.ts
import { createLogger } from "../core/log.js";
import { z } from "../core/schema.js";
import type { McpServerSpec } from "../core/config.js";
import { InMemoryTransport, StdioTransport, type JsonMessage, type Transport } from "./transport.js";

const log = createLogger("mcp");

const toolListSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string().default(""),
      inputSchema: z.unknown(),
    }),
  ),
});

const callResultSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })).default([]),
  isError: z.boolean().default(false),
});

export interface McpTool {
  server: string;
  name: string;
  description: string;
  inputSchema: unknown;
}

export class McpClient {
  #nextId = 1;
  #pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  #pump: Promise<void> | undefined;
  #serverInfo: { name?: string; version?: string } = {};

  constructor(readonly name: string, private transport: Transport, private timeoutMs = 120_000) {}

  async connect(): Promise<void> {
    this.#pump = this.#readLoop();
    let init = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      clientInfo: { name: "kiro-agent", version: "0.54.8" },
    });
    this.#serverInfo = init?.serverInfo ?? {};
    this.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }

  async #readLoop(): Promise<void> {
    for await (let msg of this.transport.messages()) this.#dispatch(msg);
    for (let p of this.#pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error(`${this.name}: transport closed`));
    }
    this.#pending.clear();
  }

  #dispatch(msg: JsonMessage): void {
    if (typeof msg.id !== "number" || msg.method !== undefined) {
      msg.method === "notifications/message" && log.debug(`${this.name}: ${JSON.stringify(msg.params)}`);
      return;
    }
    let waiter = this.#pending.get(msg.id);
    if (!waiter) return;
    this.#pending.delete(msg.id);
    clearTimeout(waiter.timer);
    let err = msg.error as { message?: string } | undefined;
    err ? waiter.reject(new Error(`${this.name}: ${err.message ?? "error"}`)) : waiter.resolve(msg.result);
  }

  request(method: string, params: unknown): Promise<any> {
    let id = this.#nextId++;
    return new Promise((resolve, reject) => {
      let timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${this.name}: ${method} timed out`));
      }, this.timeoutMs);
      timer.unref();
      this.#pending.set(id, { resolve, reject, timer });
      this.transport.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  async listTools(): Promise<McpTool[]> {
    let { tools } = toolListSchema.parse(await this.request("tools/list", {}));
    return tools.map((t) => ({ server: this.name, name: t.name, description: t.description, inputSchema: t.inputSchema }));
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
    let result = callResultSchema.parse(await this.request("tools/call", { name, arguments: args }));
    return { ok: !result.isError, text: result.content.map((c) => c.text ?? `[${c.type}]`).join("\n") };
  }

  close(): void {
    this.transport.close();
  }

  get serverInfo() {
    return this.#serverInfo;
  }

  get closed(): Promise<void> | undefined {
    return this.#pump;
  }
}

/** A built-in MCP server used by `_kiro/mcp/selftest`: one `echo` tool over an in-memory transport. */
export async function* loopbackServer(transport: Transport): AsyncGenerator<string, void, undefined> {
  for await (let msg of transport.messages()) {
    let reply = (result: unknown) => transport.send({ jsonrpc: "2.0", id: msg.id as number, result });
    switch (msg.method) {
      case "initialize":
        reply({ protocolVersion: "2025-06-18", serverInfo: { name: "loopback", version: "1" }, capabilities: { tools: {} } });
        break;
      case "tools/list":
        reply({ tools: [{ name: "echo", description: "Echo the input text", inputSchema: { type: "object" } }] });
        break;
      case "tools/call":
        reply({ content: [{ type: "text", text: String((msg.params as any)?.arguments?.text ?? "") }] });
        break;
      default:
        msg.id !== undefined && transport.send({ jsonrpc: "2.0", id: msg.id as number, error: { code: -32601, message: "method not found" } });
    }
    yield String(msg.method);
  }
}

export class McpHub {
  #clients = new Map<string, McpClient>();
  #tools: McpTool[] = [];

  async start(servers: Record<string, McpServerSpec>): Promise<void> {
    for (let [name, spec] of Object.entries(servers)) {
      if (spec.disabled) continue;
      let client = new McpClient(name, new StdioTransport(spec.command, spec.args, spec.env), spec.timeoutMs);
      try {
        await client.connect();
        this.#tools.push(...(await client.listTools()));
        this.#clients.set(name, client);
      } catch (err) {
        log.warn(`MCP server ${name} failed to start`, { error: String(err) });
        client.close();
      }
    }
  }

  async selfTest(): Promise<string> {
    let [clientSide, serverSide] = InMemoryTransport.pair();
    let server = loopbackServer(serverSide);
    let serving = (async () => {
      for await (let _method of server) {
        // served
      }
    })();
    let client = new McpClient("loopback", clientSide, 5_000);
    await client.connect();
    let tools = await client.listTools();
    let echoed = await client.callTool(tools[0].name, { text: "ping" });
    client.close();
    await serving;
    return echoed.text;
  }

  tools(): readonly McpTool[] {
    return this.#tools;
  }

  call(server: string, tool: string, args: Record<string, unknown>) {
    let client = this.#clients.get(server);
    if (!client) return Promise.resolve({ ok: false, text: `MCP server ${server} is not running` });
    return client.callTool(tool, args);
  }

  stop(): void {
    for (let c of this.#clients.values()) c.close();
    this.#clients.clear();
  }
}
