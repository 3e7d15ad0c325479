import { AcpSession } from "./server/session";

export function createSession(model: ConstructorParameters<typeof AcpSession>[0]): AcpSession {
  return new AcpSession(model);
}

export { handleExtMethod } from "./server/acp";
export { logLines } from "./server/log";
