// Small retry wrapper for calls to the model provider: transient transport failures
// (throttling, reset connections) are retried with backoff; anything else is rethrown.
import { logger } from "./logger.js";

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  isRetryable(error: unknown): boolean;
}

const TRANSIENT_CODES = new Set(["ECONNRESET", "ETIMEDOUT", "EPIPE", "ThrottlingException", "ServiceUnavailable"]);

export const defaultModelRetryPolicy: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  isRetryable(error) {
    if (!error || typeof error !== "object") return false;
    const code = (error as { code?: unknown; name?: unknown }).code ?? (error as { name?: unknown }).name;
    return typeof code === "string" && TRANSIENT_CODES.has(code);
  },
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error("aborted"));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export async function withRetry<T>(
  label: string,
  operation: (attempt: number) => Promise<T>,
  policy: RetryPolicy = defaultModelRetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      lastError = error;
      if (attempt === policy.attempts || !policy.isRetryable(error)) break;
      const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      logger.warn(`[Retry] ${label} failed (attempt ${attempt}/${policy.attempts}), retrying in ${delay}ms`);
      await sleep(delay, signal);
    }
  }
  throw lastError;
}
