// Kiro agent server, ACP side: session registry and extension methods.

import { AgentSession, buildRootExecution } from "../runtime/session";
import type { ModelPort } from "../runtime/graph";
import { RpcError, RpcRouter, RPC_INVALID_PARAMS } from "../rpc/router";
import { verifyPlan } from "../agents/plan-verifier";
import { describeConfig, serverConfig } from "../config/defaults";
import { logLines, logger } from "../core/logging";

interface ServerContext {
  sessions: Map<string, AgentSession>;
}

const context: ServerContext = { sessions: new Map() };

function sessionFor(ctx: ServerContext, sessionId: unknown): AgentSession {
  const session = typeof sessionId === "string" ? ctx.sessions.get(sessionId) : undefined;
  if (!session) throw new RpcError(RPC_INVALID_PARAMS, `unknown session: ${String(sessionId)}`);
  return session;
}

export const extRouter = new RpcRouter<ServerContext>()
  .use(async ({ method }, next) => {
    const started = Date.now();
    try {
      return await next();
    } finally {
      logger.debug(`[AcpServer] ${method} handled in ${Date.now() - started}ms`);
    }
  })
  .register({
    method: "_session/steer",
    params: { sessionId: { type: "string" }, text: { type: "string" } },
    handler: ({ sessionId, text }, ctx) => {
      const entry = sessionFor(ctx, sessionId).steer(text as string);
      return { queued: true, messageId: entry.id };
    },
  })
  .register({
    method: "_session/steer/clear",
    params: { sessionId: { type: "string" } },
    handler: ({ sessionId }, ctx) => {
      const session = sessionFor(ctx, sessionId);
      const { messageIds } = session.atTurnBoundary("client_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    },
  })
  .register({
    method: "_session/cancel",
    params: { sessionId: { type: "string" } },
    handler: ({ sessionId }, ctx) => ({ cancelled: sessionFor(ctx, sessionId).cancel() }),
  })
  .register({
    method: "_session/plan/verify",
    params: { sessionId: { type: "string" }, plan: { type: "string" } },
    handler: async ({ sessionId, plan }, ctx) => {
      const session = sessionFor(ctx, sessionId);
      const owner = buildRootExecution(session, new AbortController().signal);
      return verifyPlan(owner, plan as string, session.run);
    },
  })
  .register({
    method: "_kas/config",
    params: { flat: { type: "boolean", optional: true } },
    handler: ({ flat }) => (flat ? describeConfig(serverConfig()) : serverConfig()),
  })
  .register({
    method: "_kas/methods",
    params: {},
    description: "lists the extension methods this server answers",
    handler: () => extRouter.describe(),
  });

export function createSession(model: ModelPort): AgentSession {
  const session = new AgentSession(model);
  context.sessions.set(session.id, session);
  logger.debug(`[AcpServer] session ${session.id} created`);
  return session;
}

export function handleExtMethod(method: string, params?: unknown): Promise<unknown> {
  return extRouter.dispatch(method, params, context);
}

export { logLines };
