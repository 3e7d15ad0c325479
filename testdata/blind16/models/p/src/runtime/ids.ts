let sequence = 0;
const processSalt = (process.pid * 2654435761) >>> 0;

function nextHex(width: number): string {
  sequence += 1;
  const mixed = (Math.imul(sequence, 0x9e3779b1) ^ processSalt) >>> 0;
  return mixed.toString(16).padStart(8, "0").slice(0, width) + sequence.toString(16).padStart(4, "0");
}

export function nextExecutionId(): string {
  return `${nextHex(8)}-${nextHex(4)}`;
}

export function nextSessionId(): string {
  return `session-${nextHex(8)}`;
}

export function nextMessageId(kind: "steer" | "notify"): string {
  return `${kind}-${nextHex(8)}`;
}
