import * as crypto from "node:crypto";

const compact = (): string => crypto.randomUUID().replace(/-/g, "");

export const ids = {
  execution: (): string => crypto.randomUUID(),
  session: (): string => crypto.randomUUID(),
  steering: (kind: "user" | "notification"): string =>
    `${kind === "user" ? "steer" : "notify"}-${compact().slice(0, 16)}`,
  transcriptEntry: (): string => `msg_${compact().slice(0, 20)}`,
};
