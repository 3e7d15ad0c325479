// src/tools/builtin/web-tools.ts
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";

const cache = new Map<string, { at: number; body: string }>();
const TTL_MS = 10 * 60 * 1000;

function stripHtml(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, "")
    .replace(/<style[\s\S]*?<\/style>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

@tool({
  name: "web_fetch",
  description: "Fetch a URL and return its text.",
  category: ToolCategory.Web,
  readOnly: true,
  inputSchema: { type: "object", properties: { url: { type: "string" }, maxChars: { type: "number" } }, required: ["url"] },
})
export class WebFetchTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const url = new URL(String(input.url));
    if (url.protocol !== "https:" && url.protocol !== "http:") return this.fail("only http(s) URLs");
    const hit = cache.get(url.href);
    let body: string;
    if (hit && Date.now() - hit.at < TTL_MS) body = hit.body;
    else {
      const res = await fetch(url, { signal: ctx.execution.abortController.signal, redirect: "follow" });
      body = stripHtml(await res.text());
      cache.set(url.href, { at: Date.now(), body });
    }
    return this.ok(body.slice(0, Number(input.maxChars ?? 20_000)));
  }
}

@tool({
  name: "web_search",
  description: "Search the web (requires a configured search provider).",
  category: ToolCategory.Web,
  readOnly: true,
  inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
})
export class WebSearchTool extends BaseTool {
  async run(input: Record<string, unknown>): Promise<ToolResult> {
    const provider = process.env.KIRO_SEARCH_ENDPOINT;
    if (!provider) return this.fail("no search provider configured");
    const res = await fetch(`${provider}?q=${encodeURIComponent(String(input.query))}`);
    return this.ok((await res.text()).slice(0, 20_000));
  }
}
