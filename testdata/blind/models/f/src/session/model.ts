// src/session/model.ts
import type { AgentExecution } from "../runtime/execution.js";
import type { ToolCallRequest } from "../runtime/tools/catalog.js";

export interface ModelReply {
  text: string;
  toolCalls: ToolCallRequest[];
}

export interface ModelPort {
  invoke(execution: AgentExecution, context: { role: string; text: string }[]): Promise<ModelReply>;
}

export function adaptModel(source: { invoke(execution: any, context: any[]): any }): ModelPort {
  return {
    async invoke(execution, context) {
      let out = await source.invoke(execution, context);
      return { text: String(out?.text ?? ""), toolCalls: Array.isArray(out?.toolCalls) ? out.toolCalls : [] };
    },
  };
}

/** Streams a completion from the configured endpoint (server mode only). */
export function endpointModel(endpoint: string, auth: () => string | undefined): ModelPort {
  return {
    async invoke(execution, context) {
      let token = auth();
      let res = await fetch(new URL("/v1/agent/invoke", endpoint), {
        method: "POST",
        signal: execution.abortController.signal,
        headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ model: execution.promptContext.modelId, system: execution.promptContext.system, messages: context }),
      });
      if (!res.ok) throw new Error(`endpoint ${res.status}`);
      let text = "";
      let toolCalls: ToolCallRequest[] = [];
      for await (let chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (let line of Buffer.from(chunk).toString("utf8").split("\n")) {
          if (!line.startsWith("data: ")) continue;
          let ev = JSON.parse(line.slice(6));
          ev.type === "text" && (text += ev.text);
          ev.type === "tool_call" && toolCalls.push(ev.call);
        }
      }
      return { text, toolCalls };
    },
  };
}
