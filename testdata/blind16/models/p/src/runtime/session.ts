import { runAgentLoop, type LoopDeps } from "./agent-loop";
import { runMemoryExtraction } from "./background/memory";
import { clearSteeringAtTurnBoundary, type ClearReason } from "./boundary";
import { AgentExecution, type AgentExecutionConfig } from "./execution";
import { nextSessionId } from "./ids";
import { fireLifecycleHooks } from "./lifecycle-hooks";
import { logInfo } from "./logger";
import type { SteeringMessage } from "./steering/buffer";
import { SteeringBuffer } from "./steering/buffer";
import { createToolbox } from "./tools/toolbox";
import { ExecutionTracker } from "./tracker";
import type { ChatModel, PromptContext, SessionServices } from "./types";
import { createUpdateChannel } from "./updates";

const MAX_ROOT_CONTINUATIONS = 2;
const RESUME_PROMPT = "Continue: the user added guidance after your last answer.";
const NOTIFICATION_PREFIX = /^\s*\[notification\/(?:info|success|warning|error)\]/;

export interface KasSession {
  readonly sessionId: string;
  readonly sessionServices: SessionServices;
  readonly eventAdapter: { ownedExecutionId?: string; setOwnedExecutionId(id: string): void };
  steer(text: string, origin?: string): SteeringMessage;
  clearSteering(reason?: ClearReason): { cleared: true; messageIds: string[] };
  cancel(): void;
  prompt(text: string): Promise<string>;
}

export function createKasSession(model: ChatModel): KasSession {
  const sessionId = nextSessionId();
  const services: SessionServices = {
    sessionId,
    steering: new SteeringBuffer(),
    updates: createUpdateChannel(sessionId),
    executions: new ExecutionTracker(),
  };
  const promptContext: PromptContext = { cwd: process.cwd(), lifecycleHooks: {} };
  let turnController = new AbortController();

  const session: KasSession = {
    sessionId,
    sessionServices: services,
    eventAdapter: {
      ownedExecutionId: undefined,
      setOwnedExecutionId(id) {
        this.ownedExecutionId = id;
      },
    },
    steer(text, origin = "user") {
      const kind = origin !== "user" ? "workflow" : NOTIFICATION_PREFIX.test(text) ? "system" : "user";
      const message = services.steering.push(kind, text);
      services.updates.emit({ kind: "steering_queued", messageIds: [message.id] });
      return message;
    },
    clearSteering(reason = "user_clear") {
      const messageIds = clearSteeringAtTurnBoundary(services, reason);
      services.steering.epoch++;
      return { cleared: true, messageIds };
    },
    cancel() {
      turnController.abort();
      clearSteeringAtTurnBoundary(services, "cancelled");
    },
    prompt: (text) => runTurn(text),
  };

  const deps: LoopDeps = {
    model,
    toolbox: createToolbox(session, (child, prompt) => runExecution(child, prompt)),
    runChild: (child, prompt) => runExecution(child, prompt),
  };

  async function runExecution(exec: AgentExecution, prompt: string): Promise<string> {
    services.executions.track(exec);
    try {
      if (!exec.skipHooks) await fireLifecycleHooks("agentSpawn", exec);
      return await runAgentLoop(deps, exec, prompt);
    } finally {
      services.executions.release(exec);
    }
  }

  async function runTurn(text: string): Promise<string> {
    if (turnController.signal.aborted) turnController = new AbortController();
    const rootConfig: AgentExecutionConfig = {
      sessionServices: services,
      promptContext,
      signal: turnController.signal,
      agentName: "chat-agent",
    };
    let owner = new AgentExecution(rootConfig);
    session.eventAdapter.setOwnedExecutionId(owner.executionId);
    try {
      let answer = await runExecution(owner, text);
      for (let resumed = 0; resumed < MAX_ROOT_CONTINUATIONS; resumed++) {
        const readUpTo = owner.steeringReaderIndex;
        if (readUpTo >= services.steering.total) break;
        logInfo(`[Session] steering arrived after ${owner.agentName} finished; continuing the turn`);
        owner = new AgentExecution(rootConfig);
        owner.setSteeringReaderIndex(readUpTo);
        session.eventAdapter.setOwnedExecutionId(owner.executionId);
        answer = await runExecution(owner, RESUME_PROMPT);
      }
      await runMemoryExtraction(owner, runExecution);
      clearSteeringAtTurnBoundary(services, "turn_end");
      return answer;
    } catch (error) {
      clearSteeringAtTurnBoundary(services, turnController.signal.aborted ? "cancelled" : "prompt_error");
      throw error;
    }
  }

  return session;
}
