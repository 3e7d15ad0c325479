import { randomUUID } from "node:crypto";
import { SessionUpdateChannel } from "../acp/updates.js";
import { AgentExecution } from "../execution/agent-execution.js";
import { buildAgentGraph } from "../execution/build-graph.js";
import { LiveSteeringHook } from "../steering/live-steering-hook.js";
import { logger } from "../support/logger.js";
import { createSubAgentTool } from "../tools/sub-agent.js";
import { createSteeringTools } from "../tools/steering-tools.js";
import { createSessionServices } from "./services.js";
import { runPromptTurn } from "./turn.js";

export class Session {
  constructor(model, { settings = {}, transport } = {}) {
    this.sessionId = randomUUID();
    this.sessionServices = createSessionServices(settings);
    this.updates = new SessionUpdateChannel(this.sessionId, transport);
    this.promptContext = { cwd: settings.cwd ?? process.cwd(), variables: {} };
    this.abortController = new AbortController();
    this.steeringEpoch = 0;
    this.turnInFlight = false;
    this.eventAdapter = {
      ownedExecutionId: undefined,
      setOwnedExecutionId(id) {
        this.ownedExecutionId = id;
      },
    };
    const tools = new Map(Object.entries(createSteeringTools(this)));
    tools.set("invoke_sub_agent", createSubAgentTool(() => this.graph));
    this.graph = buildAgentGraph({
      model,
      tools,
      systemHooks: [
        new LiveSteeringHook({ logger, telemetry: this.sessionServices.telemetry, updates: this.updates }),
      ],
      onSettleFailure: (error) => {
        logger.error(`[Session] model response did not settle: ${error?.message ?? error}`);
        this.clearAtTurnBoundary("model_settle_failed");
      },
    });
  }

  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent",
    });
  }

  steer(text, origin = "user") {
    const message = this.sessionServices.liveSteering.enqueue(text, origin);
    this.updates.send("steering_queued", [message.id], { kind: message.kind });
    return message;
  }

  /** Turn-boundary helper: empties the session's steering; live cursors are left where they are. */
  clearAtTurnBoundary(reason) {
    const messageIds = this.sessionServices.liveSteering.clear();
    if (messageIds.length) this.updates.send("steering_cleared", messageIds, { reason });
    logger.debug(`[Session] steering cleared (${reason}, ${messageIds.length})`);
    return { reason, messageIds };
  }

  clearSteering(reason) {
    return this.clearAtTurnBoundary(reason);
  }

  cancel() {
    this.abortController.abort(new Error("cancelled"));
    this.clearAtTurnBoundary("cancel");
    this.abortController = new AbortController();
  }

  async prompt(text) {
    this.turnInFlight = true;
    try {
      const answer = await runPromptTurn(this, text);
      this.clearAtTurnBoundary("turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (error) {
      this.clearAtTurnBoundary("prompt_error");
      throw error;
    } finally {
      this.turnInFlight = false;
    }
  }
}
