import type { KiroSession } from "./session";

/** Live sessions of this server process, by ACP session id. */
export const sessionStore = new Map<string, KiroSession>();
