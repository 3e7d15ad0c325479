import { randomBytes, randomUUID } from "node:crypto";

export const mintHex = (bytes: number): string => randomBytes(bytes).toString("hex");

export const mintUuid = (): string => randomUUID();
