// Drives one execution through its graph. Nodes are a table of handlers; each returns the
// next node and the new state.
import type { AgentExecution } from "./agent-execution.js";
import { settleReply, type ModelClient, type ModelMessage, type ModelReply } from "./model.js";
import type { TurnEndPolicy, GraphNode } from "./turn-end-policy.js";
import type { ToolTable } from "./tools.js";
import type { EventBus } from "../infra/event-bus.js";
import { log } from "../infra/log.js";
import { traced } from "../infra/telemetry.js";
import type { KasEvents } from "../session/events.js";
import type { SteeringInjector } from "../steering/steering-injector.js";

const MAX_NODE_VISITS = 150;

export interface RunState {
  readonly execution: AgentExecution;
  readonly messages: ModelMessage[];
  readonly reply?: ModelReply;
  readonly visits: number;
}

type NodeHandler = (state: RunState) => Promise<[GraphNode, RunState]>;

export class GraphRunner {
  readonly #nodes: Record<Exclude<GraphNode, "END">, NodeHandler>;

  constructor(
    private readonly model: ModelClient,
    private readonly injector: SteeringInjector,
    private readonly policy: TurnEndPolicy,
    private readonly tools: () => ToolTable,
    private readonly bus: EventBus<KasEvents>,
  ) {
    this.#nodes = {
      MODEL_INVOKE: (state) => this.#modelInvoke(state),
      TOOLS: (state) => this.#runTools(state),
      FINAL_RESPONSE: async (state) => [this.policy.afterFinalResponse(state.execution), state],
    };
  }

  @traced("execution.run")
  async runToCompletion(execution: AgentExecution, prompt: string): Promise<string> {
    let state: RunState = { execution, messages: [{ role: "user", text: prompt }], visits: 0 };
    let node: GraphNode = "MODEL_INVOKE";
    try {
      while (node !== "END") {
        execution.signal.throwIfAborted();
        if (state.visits >= MAX_NODE_VISITS) throw new Error(`${execution.describe()}: node visit limit reached`);
        [node, state] = await this.#nodes[node]({ ...state, visits: state.visits + 1 });
      }
    } catch (error) {
      this.bus.emit("execution.finished", { execution, outcome: "failed" });
      throw error;
    }
    this.bus.emit("execution.finished", { execution, outcome: "completed" });
    return state.reply?.text ?? "";
  }

  async #modelInvoke(state: RunState): Promise<[GraphNode, RunState]> {
    const execution = state.execution;
    await this.injector.injectPending(execution);
    const steering = execution.takePendingSteering();
    let messages = state.messages;
    if (steering.length > 0) {
      log.debug(`[Graph] appending ${steering.length} steering prompt(s) for ${execution.describe()}`);
      messages = messages.concat(steering.map((text) => ({ role: "user" as const, text })));
    }
    if (!execution.skipHooks) this.bus.emit("model.before-invoke", { execution });
    const next: RunState = { ...state, messages };
    execution.state = next;
    execution.modelCalls++;
    const reply = settleReply(await this.model.invoke(execution, messages));
    const withReply: RunState = {
      ...next,
      reply,
      messages: reply.text ? messages.concat({ role: "assistant", text: reply.text }) : messages,
    };
    return [reply.toolCalls.length > 0 ? "TOOLS" : "FINAL_RESPONSE", withReply];
  }

  async #runTools(state: RunState): Promise<[GraphNode, RunState]> {
    const table = this.tools();
    const results: ModelMessage[] = [];
    for (const call of state.reply?.toolCalls ?? []) {
      const handler = table.get(call.name);
      const output = handler
        ? await handler(call, state.execution)
        : `tool ${call.name} is not available to ${state.execution.agentName}`;
      results.push({ role: "tool", text: `[${call.name}] ${output}` });
    }
    return ["MODEL_INVOKE", { ...state, messages: state.messages.concat(results) }];
  }
}
