/**
 * Retry policy from the check's `retryStrategy` (api-notes §3.1). Backoff before retry n (1-based):
 * FIXED and SINGLE_RETRY `base`, LINEAR `base × n`, EXPONENTIAL `base × 2^(n-1)` seconds. A retry is made
 * only while `maxRetries` is not used up and the backoff still fits within `maxDurationSeconds` of the first
 * attempt's start. Choice: retries stay in the same (labelled) location, as every run executes locally.
 */
import type { RetryStrategy } from "./checks.ts";

export function backoffSeconds(strategy: RetryStrategy, retry: number): number {
  const base = Math.max(0, strategy.baseBackoffSeconds);
  switch (strategy.type) {
    case "LINEAR":
      return base * retry;
    case "EXPONENTIAL":
      return base * 2 ** (retry - 1);
    default:
      return base;
  }
}

/** Whether retry number `retry` (1-based) may run, given the time already spent (ms). */
export function mayRetry(
  strategy: RetryStrategy | null,
  retry: number,
  elapsedMs: number,
  backoffMs: number,
): boolean {
  if (!strategy || retry > strategy.maxRetries) return false;
  return elapsedMs + backoffMs <= strategy.maxDurationSeconds * 1000;
}
