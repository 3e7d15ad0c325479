const { crypto } = globalThis;

/** @param {number} bytes */
export function randomHex(bytes) {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  let out = "";
  for (const b of buf) out += b.toString(16).padStart(2, "0");
  return out;
}

let sequence = 0;

/**
 * Steering message ids: `steer-<hex>` for a person's text, `notify-<hex>` for
 * notifications. A sequence number keeps them unique within the process.
 * @param {"steer"|"notify"} prefix
 */
export function steeringMessageId(prefix) {
  sequence = (sequence + 1) % 0x10000;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${randomHex(4)}`;
}

export const executionId = () => `${randomHex(4)}${randomHex(2)}-${randomHex(6)}`;

export const sessionId = () => `session-${randomHex(12)}`;
