// Monotonic hex ids. A per-process salt keeps ids from two server processes apart
// in a shared log; the counter keeps them ordered within one.

const salt = (process.pid & 0xffff).toString(16).padStart(4, "0");
let sequence = 0;

function nextHex(): string {
  sequence = (sequence + 1) >>> 0;
  return `${salt}${sequence.toString(16).padStart(8, "0")}`;
}

export const ids = {
  steering: (notification: boolean) => `${notification ? "notify" : "steer"}-${nextHex()}`,
  execution: () => `${nextHex()}${Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, "0")}`,
  session: () => `s-${nextHex()}`,
  request: () => nextHex(),
};
