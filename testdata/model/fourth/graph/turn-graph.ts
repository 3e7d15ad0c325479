import type { AgentExecution } from "../agent/execution";
import type { ModelOutput } from "../model/scripted-model";
import { drainLiveSteering } from "../steering/drain";
import { runTool } from "../tools/tools";
import { makeEndOfTurnRouter } from "./end-of-turn";
import { ModelSettleFailure, PromptFailure, TurnCancelled } from "./errors";

export type NodeName = "MODEL_INVOKE" | "TOOL_EXECUTION" | "END_OF_TURN" | "DONE";

export interface TurnState {
  readonly execution: AgentExecution;
  node: NodeName;
  output?: ModelOutput;
  steps: number;
}

export type RunChild = (child: AgentExecution) => Promise<TurnState>;

export interface TurnGraph {
  run: RunChild;
}

const STEP_LIMIT = 200;

export function createTurnGraph(): TurnGraph {
  const endOfTurn = makeEndOfTurnRouter<NodeName>({ continueTarget: "MODEL_INVOKE", doneTarget: "DONE" });

  const run: RunChild = async (execution) => {
    const state: TurnState = { execution, node: "MODEL_INVOKE", steps: 0 };
    while (state.node !== "DONE") {
      if (execution.cancelled) throw new TurnCancelled(`${execution.agentName} cancelled`);
      if (++state.steps > STEP_LIMIT) throw new PromptFailure(`${execution.agentName}: graph step limit`);
      state.node = await nodes[state.node](state);
    }
    return state;
  };

  const nodes: Record<Exclude<NodeName, "DONE">, (state: TurnState) => NodeName | Promise<NodeName>> = {
    async MODEL_INVOKE(state) {
      const execution = state.execution;
      drainLiveSteering(execution);
      execution.startPrompt();
      const output = await execution.sessionServices.model.invoke(execution);
      state.output = output;
      if (output.type === "failure") throw output.settle ? new ModelSettleFailure(output.reason) : new PromptFailure(output.reason);
      return output.type === "tool_call" ? "TOOL_EXECUTION" : "END_OF_TURN";
    },
    async TOOL_EXECUTION(state) {
      const output = state.output;
      if (output?.type === "tool_call") await runTool(state.execution, output.tool, output.args, run);
      return "MODEL_INVOKE";
    },
    END_OF_TURN: endOfTurn,
  };

  return { run };
}
