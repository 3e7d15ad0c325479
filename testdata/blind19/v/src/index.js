import { AgentSession } from "./runtime/session.js";
export { logLines } from "./runtime/log.js";

const registry = new Map();

export function createSession(model) {
  const session = new AgentSession(model);
  registry.set(session.sessionId, session);
  return session;
}

const extMethods = {
  "_session/steer/clear": ({ sessionId }) => {
    const session = registry.get(sessionId);
    if (!session) throw Object.assign(new Error("session not found"), { code: -32602 });
    const messageIds = session.clearSteering("user_clear");
    session.steeringEpoch += 1;
    return { cleared: true, messageIds };
  },
};

export async function handleExtMethod(method, params = {}) {
  const fn = extMethods[method];
  if (!fn) throw Object.assign(new Error(`unknown method ${method}`), { code: -32601 });
  return fn(params);
}
