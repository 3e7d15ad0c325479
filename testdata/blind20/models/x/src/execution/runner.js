// src/execution/runner.ts — drives one execution through MODEL_INVOKE / TOOL_EXEC / TURN_END.
import { log } from "../runtime/log.js";

const abortError = () => Object.assign(new Error("aborted"), { name: "AbortError" });

export class TurnRunner {
  static MAX_DRAIN_RETRIES = 2;

  constructor(services) {
    this.services = services;
    this.run = this.run.bind(this);
  }

  async run(execution, input) {
    const events = this.services.get("events");
    await events.emit("execution:start", execution);
    try {
      execution.append({ role: "user", text: input });
      let step = "MODEL_INVOKE";
      let reply = null;
      for (;;) {
        if (execution.abortController.signal.aborted) throw abortError();
        if (step === "MODEL_INVOKE") {
          if (!execution.skipHooks) await events.emit("hook:preModelInvoke", execution);
          await this.services.get("liveSteering").drain(execution);
          reply = await this.#invoke(execution);
          step = reply.toolCalls.length > 0 ? "TOOL_EXEC" : "TURN_END";
        } else if (step === "TOOL_EXEC") {
          await this.#runTools(execution, reply.toolCalls);
          step = "MODEL_INVOKE";
        } else {
          if (this.#shouldContinue(execution)) {
            step = "MODEL_INVOKE";
            continue;
          }
          return reply;
        }
      }
    } finally {
      await events.emit("execution:end", execution);
    }
  }

  #shouldContinue(execution) {
    if (!execution.steeringPending) return false;
    if (execution.drainRetryCount >= TurnRunner.MAX_DRAIN_RETRIES) {
      log("warn", "[TurnRunner]", `giving up on queued steering for ${execution.agentName}`);
      return false;
    }
    execution.drainRetryCount += 1;
    return true;
  }

  async #invoke(execution) {
    const model = this.services.get("model");
    const response = (await model.invoke(execution, execution.takeContext())) ?? {};
    const reply = { text: response.text ?? "", toolCalls: response.toolCalls ?? [] };
    execution.append({ role: "assistant", text: reply.text });
    execution.state = { lastReply: reply };
    return reply;
  }

  async #runTools(execution, calls) {
    const tools = this.services.get("tools");
    for (const call of calls) {
      const tool = tools.get(call.name);
      const context = { execution, run: this.run, services: this.services };
      let output;
      try {
        output = tool ? await tool.execute(call.input ?? call, context) : `no such tool: ${call.name}`;
      } catch (error) {
        output = `error: ${error?.message ?? error}`;
      }
      execution.append({ role: "tool", text: String(output) });
    }
  }
}
