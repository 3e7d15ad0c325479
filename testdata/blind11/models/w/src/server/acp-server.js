// KAS entry module: dist/server/acp-server.js. The transport is wired by the
// launcher (--transport=stdio); this module exports the session factory, the
// ACP extension-method handler and the in-memory log.
import { trackSession } from "../acp/extensions.js";
import { AcpSession } from "../session/acp-session.js";

export { handleExtMethod } from "../acp/extensions.js";
export { logLines } from "../lib/log.js";

/**
 * @param {{ invoke: Function }} model
 * @param {ConstructorParameters<typeof AcpSession>[1]} [options]
 */
export function createSession(model, options) {
  const session = new AcpSession(model, options);
  trackSession(session);
  return session;
}
