import { mintHex } from "./core/id";
import { logInfo } from "./core/log";
import { AgentExecution, type SessionServices } from "./execution/agent-execution";
import { createMemoryExtractor } from "./runtime/memory";
import { createAgentRunner } from "./runtime/loop";
import type { Model } from "./runtime/types";
import type { SteeringEntry } from "./steering/buffer";
import { createSteeringService, type Notify } from "./steering/service";

const MAX_ROOT_CONTINUATIONS = 2;
const NOTIFICATION_PREFIX = /^\s*\[notification\/[a-z]+\]/;

export interface Session {
  readonly sessionId: string;
  readonly updates: unknown[];
  steer(text: string, origin?: string): SteeringEntry;
  clearSteering(reason?: string): { cleared: true; messageIds: string[] };
  cancel(): void;
  prompt(text: string): Promise<string>;
}

export const liveSessions = new Map<string, Session>();

function steeringKind(origin: string, text: string): string {
  if (origin === "user") return NOTIFICATION_PREFIX.test(text) ? "system" : "user";
  return origin === "workflow" ? "workflow" : "system";
}

export function createSession(model: Model): Session {
  const sessionId = `sess_${mintHex(8)}`;
  const updates: unknown[] = [];
  const notify: Notify = (kind, payload) => {
    updates.push({ sessionId, update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...payload } } } });
  };
  const steering = createSteeringService(notify);
  const sessionServices: SessionServices = { sessionId, steering, notify };
  const promptContext = { sessionId, promptTemplateContext: {} };
  const eventAdapter = {
    ownedExecutionId: undefined as string | undefined,
    setOwnedExecutionId(id: string) {
      eventAdapter.ownedExecutionId = id;
    },
  };
  let turnAbort = new AbortController();

  const session: Session = {
    sessionId,
    updates,
    steer(text, origin = "user") {
      const entry = steering.buffer.append(steeringKind(origin, text), text);
      notify("steering_queued", { messageId: entry.id });
      return entry;
    },
    clearSteering(reason = "user_clear") {
      const messageIds = steering.closeWindow(reason);
      steering.bumpEpoch();
      return { cleared: true, messageIds };
    },
    cancel() {
      turnAbort.abort(new Error("cancelled"));
      steering.closeWindow("cancel");
    },
    prompt: (text) => runTurn(text),
  };

  const { runExecution } = createAgentRunner(model, session);
  const extractMemories = createMemoryExtractor(runExecution);
  const buildRootExecution = () => new AgentExecution({ sessionServices, promptContext, signal: turnAbort.signal });

  async function runTurn(text: string): Promise<string> {
    turnAbort = new AbortController();
    let current = buildRootExecution();
    eventAdapter.setOwnedExecutionId(current.executionId);
    let reply: string;
    try {
      reply = await runExecution(current, text);
      for (let hop = 0; hop < MAX_ROOT_CONTINUATIONS; hop++) {
        const N = current.steeringReaderIndex;
        if (N >= steering.buffer.getMessageCount()) break;
        logInfo(`[LiveSteeringHook] continuing root execution from reader index ${N}`);
        current = buildRootExecution();
        current.setSteeringReaderIndex(N);
        eventAdapter.setOwnedExecutionId(current.executionId);
        reply = await runExecution(current, "Continue with the guidance the user just sent.");
      }
    } catch (cause) {
      steering.closeWindow("prompt_error");
      throw cause;
    }
    await extractMemories(current);
    steering.closeWindow("turn_end");
    return reply;
  }

  liveSessions.set(sessionId, session);
  return session;
}
