// src/agent/model-client.ts
import type { AgentExecution } from "./agent-execution.js";

export interface ContextMessage {
  role: string;
  text: string;
}

export interface ToolCall {
  id?: string;
  name: string;
  input?: Record<string, unknown>;
  text?: string;
  label?: string;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  usage?: { inputTokens: number; outputTokens: number };
}

export interface ModelClient {
  invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelResponse>;
}

/** Adapts any `{ invoke(execution, context) }` object (a provider, or a scripted test model). */
export class DelegatingModelClient implements ModelClient {
  #invocations = 0;
  constructor(private readonly inner: { invoke(execution: any, context: any[]): Promise<any> | any }) {}

  async invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelResponse> {
    this.#invocations++;
    const raw = await this.inner.invoke(execution, context);
    return {
      text: typeof raw?.text === "string" ? raw.text : "",
      toolCalls: Array.isArray(raw?.toolCalls) ? raw.toolCalls : [],
      usage: raw?.usage,
    };
  }

  get invocations(): number {
    return this.#invocations;
  }
}

/** The client used by the stdio server: talks to the Kiro model endpoint. */
export class EndpointModelClient implements ModelClient {
  constructor(private readonly endpoint: string, private readonly token: () => Promise<string | undefined>) {}

  async invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelResponse> {
    const token = await this.token();
    const res = await fetch(`${this.endpoint}/v1/converse`, {
      method: "POST",
      signal: execution.abortController.signal,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({
        modelId: execution.promptContext.modelId,
        system: execution.promptContext.systemPrompt,
        messages: context,
        tools: execution.sessionServices.tools.describe(execution.toolAllowList),
      }),
    });
    if (!res.ok) throw new Error(`model endpoint answered ${res.status}`);
    const body = (await res.json()) as { output?: { text?: string; toolCalls?: ModelResponse["toolCalls"] } };
    return { text: body.output?.text ?? "", toolCalls: body.output?.toolCalls ?? [] };
  }
}
