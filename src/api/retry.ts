/** Backoff and Retry-After helpers for the http layer. */

/** Parse a Retry-After header (delta seconds or HTTP date) into milliseconds; undefined if absent/invalid. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v.trim()) * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/** Exponential backoff with full jitter: random in [base/2, base·2^attempt], capped. */
export function backoffMs(attempt: number, baseMs = 250, capMs = 8_000, random = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** Statuses worth retrying for an idempotent request. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504 || status === 500;
}
