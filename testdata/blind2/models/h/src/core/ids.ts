let sequence = 0;
const bootNonce = (process.pid * 2654435761) >>> 0;

/** Lower-case hex, unique within the process. */
export function nextHexId(): string {
  sequence = (sequence + 1) >>> 0;
  return (bootNonce ^ Date.now()).toString(16).slice(-6) + sequence.toString(16).padStart(6, "0");
}

export function newExecutionId(): string {
  return `${nextHexId()}${nextHexId()}`.slice(0, 8) + "-" + nextHexId();
}
