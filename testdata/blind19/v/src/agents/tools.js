import { logger } from "../runtime/log.js";

const MAX_DEPTH = 5;

/** Tool dispatch as an async generator: one output per call, in order. */
export class ToolDispatcher {
  constructor(container) {
    this.container = container;
    this.handlers = {
      user_steer: (call) => `queued ${this.container.get("session").steer(call.text ?? "", "user").id}`,
      notify: (call) => `notified ${this.container.get("session").steer(call.text ?? "", "workflow").id}`,
      invoke_sub_agent: (call, execution) => this.invokeSubAgent(call.input ?? {}, execution),
    };
  }

  async *dispatch(calls, execution) {
    for (const call of calls) {
      const handler = this.handlers[call.name];
      yield handler ? await handler(call, execution) : `unknown tool: ${call.name}`;
    }
  }

  async invokeSubAgent({ subagentId = "general", prompt = "" }, parentExecution) {
    if (parentExecution.subExecutionDepth >= MAX_DEPTH) return "sub-agent depth limit reached";
    const factory = this.container.get("factory");
    const subExecution = factory.child(parentExecution, subagentId, { task: prompt });
    logger.info(`sub-agent ${subagentId} started (${subExecution.shortId})`);
    const text = await this.container.get("graph").execute(subExecution);
    const queue = parentExecution.sessionServices.steeringQueue;
    for (const id of subExecution.receivedSteering) {
      queue.markHandled(id, subExecution.executionId);
      queue.markHandled(id, parentExecution.executionId);
    }
    return JSON.stringify({ subagentId, result: text });
  }
}
