import { logger } from "../support/logger.js";
import { AgentGraph, END, FINAL_RESPONSE, MODEL_INVOKE, TOOLS, routeFinalResponse } from "./graph.js";

/**
 * @param {{ model: { invoke(execution: object, context: object[]): Promise<object> },
 *   systemHooks: object[], tools: Map<string, Function>, onSettleFailure: (e: unknown) => void }} deps
 */
export function buildAgentGraph({ model, systemHooks, tools, onSettleFailure }) {
  const graph = new AgentGraph();

  graph.addNode(MODEL_INVOKE, async (state) => {
    const { execution } = state;
    for (const hook of systemHooks) await hook.beforeModelInvoke(execution);
    if (!execution.skipHooks) {
      for (const hook of execution.sessionServices.userHooks) await hook.beforeModelInvoke?.(execution);
    }
    let context = state.context;
    for (let next = execution.dequeueUserMessage(); next !== undefined; next = execution.dequeueUserMessage()) {
      context = [...context, { role: "user", text: next }];
    }
    let response;
    try {
      response = await model.invoke(execution, context);
    } catch (error) {
      onSettleFailure(error);
      throw error;
    }
    execution.state = state;
    return { context, response, iteration: state.iteration + 1 };
  });

  graph.addNode(TOOLS, async (state) => {
    let context = state.context;
    for (const call of state.response.toolCalls ?? []) {
      const run = tools.get(call.name);
      const output = run ? await run(state, call) : `unknown tool ${call.name}`;
      if (!run) logger.warn(`[Tools] unknown tool ${call.name}`);
      context = [...context, { role: "tool", text: String(output ?? "") }];
    }
    return { context };
  });

  graph.addNode(FINAL_RESPONSE, async (state) => ({ finalText: state.response.text ?? "" }));

  graph.addConditionalEdges(MODEL_INVOKE, (state) => (state.response.toolCalls?.length ? TOOLS : FINAL_RESPONSE));
  graph.addEdge(TOOLS, MODEL_INVOKE);
  graph.addConditionalEdges(FINAL_RESPONSE, (state) =>
    routeFinalResponse(state, { continueTarget: MODEL_INVOKE, endTarget: END }),
  );
  return graph;
}

/** Runs one execution to completion and returns its final text. */
export async function runExecution(graph, execution, prompt) {
  const final = await graph.invoke({ execution, context: [{ role: "user", text: prompt }], iteration: 0 });
  return final.finalText ?? "";
}
