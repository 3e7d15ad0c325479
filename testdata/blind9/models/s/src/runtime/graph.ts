// Agent graph for one execution. Nodes: MODEL_INVOKE, TOOLS, FINAL_RESPONSE.

import { logger } from "../core/logging";
import type { AgentExecution } from "./execution";
import { injectLiveSteering } from "../steering/live-steering";

export interface Turn {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolRequest {
  name: string;
  input?: { subagentId?: string; prompt?: string; [k: string]: unknown };
  text?: string;
}

export interface ModelReply {
  text: string;
  toolCalls: ToolRequest[];
}

export interface ModelPort {
  invoke(execution: AgentExecution, context: Turn[]): Promise<unknown>;
}

export interface ExecState {
  execution: AgentExecution;
  context: Turn[];
  reply: ModelReply | undefined;
  iteration: number;
  delivered: string[];
}

export type GraphNode = "MODEL_INVOKE" | "TOOLS" | "FINAL_RESPONSE" | "__end__";

export class SettleError extends Error {
  readonly settle = true;
}

export type ToolRunner = (state: ExecState, call: ToolRequest) => Promise<Turn>;

export class TurnPolicy {
  constructor(private readonly targets: { continueTarget: GraphNode; doneTarget: GraphNode }, private readonly maxRetries: number) {}

  next(state: ExecState): GraphNode {
    const { execution } = state;
    if (execution.hasQueuedUserMessage() && execution.drainRetryCount < this.maxRetries) {
      execution.drainRetryCount += 1;
      logger.info(`[LiveSteeringHook] Queued user message found - continuing (${execution.agentName})`);
      return this.targets.continueTarget;
    }
    if (execution.hasQueuedUserMessage()) {
      logger.warn(`[LiveSteeringHook] retry budget spent for ${execution.agentName}; steering left for the continuation`);
    }
    execution.drainRetryCount = 0;
    return this.targets.doneTarget;
  }
}

function settle(raw: unknown): ModelReply {
  if (typeof raw !== "object" || raw === null) throw new SettleError("model produced no settled reply");
  const { text, toolCalls } = raw as Partial<ModelReply>;
  if (toolCalls !== undefined && !Array.isArray(toolCalls)) throw new SettleError("toolCalls is not a list");
  return { text: text ?? "", toolCalls: toolCalls ?? [] };
}

export async function runGraph(model: ModelPort, execution: AgentExecution, prompt: string, runTool: ToolRunner, maxSteps: number): Promise<ExecState> {
  const policy = new TurnPolicy({ continueTarget: "MODEL_INVOKE", doneTarget: "__end__" }, execution.sessionServices.config.steering.maxDrainRetries);
  const nodes: Record<Exclude<GraphNode, "__end__">, (s: ExecState) => Promise<[ExecState, GraphNode]>> = {
    MODEL_INVOKE: async (s) => {
      s.delivered.push(...(await injectLiveSteering(s.execution)));
      const fresh = s.execution.inbox.splice(0);
      const context = fresh.length ? [...s.context, ...fresh.map((text): Turn => ({ role: "user", text }))] : s.context;
      s.execution.state = s;
      const reply = settle(await model.invoke(s.execution, context));
      const next: ExecState = { ...s, context: [...context, { role: "assistant", text: reply.text }], reply, iteration: s.iteration + 1 };
      return [next, reply.toolCalls.length ? "TOOLS" : "FINAL_RESPONSE"];
    },
    TOOLS: async (s) => {
      const results: Turn[] = [];
      for (const call of s.reply?.toolCalls ?? []) results.push(await runTool(s, call));
      return [{ ...s, context: [...s.context, ...results] }, "MODEL_INVOKE"];
    },
    FINAL_RESPONSE: async (s) => [s, policy.next(s)],
  };
  let state: ExecState = { execution, context: [{ role: "user", text: prompt }], reply: undefined, iteration: 0, delivered: [] };
  let at: GraphNode = "MODEL_INVOKE";
  for (let step = 0; at !== "__end__"; step++) {
    if (step >= maxSteps * 3) {
      logger.warn(`[AgentGraph] step limit reached in ${execution.agentName}`);
      break;
    }
    if (execution.abortController.signal.aborted) throw new Error("aborted");
    [state, at] = await nodes[at](state);
  }
  return state;
}
