/**
 * Client-side rate limiter: keeps each route family of the hosted API under its documented limit
 * (api-notes.md §1.3) with a sliding window, and pauses a family when the server says 429 / Retry-After.
 */

export type RouteFamily = { name: string; limit: number; windowMs: number };

const MIN = 60_000;
export const ROUTE_FAMILIES = {
  default: { name: "default", limit: 600, windowMs: MIN },
  analytics: { name: "analytics", limit: 30, windowMs: MIN },
  checkResults: { name: "check-results", limit: 60, windowMs: MIN },
  alertNotifications: { name: "alert-notifications", limit: 5, windowMs: 10_000 },
  dashboards: { name: "dashboards", limit: 20, windowMs: 20_000 },
  privateLocationMetrics: { name: "private-location-metrics", limit: 300, windowMs: 24 * 60 * MIN },
} as const satisfies Record<string, RouteFamily>;

/** Which family a request belongs to, by method and path (path without query). */
export function routeFamily(method: string, path: string): RouteFamily {
  const m = method.toUpperCase();
  if (
    (m === "GET" && /^\/v1\/analytics\/[^/]+\/[^/]+$/.test(path)) ||
    (m === "POST" && path === "/v1/analytics/checks")
  )
    return ROUTE_FAMILIES.analytics;
  if (m === "GET" && /^\/v[12]\/check-results\/[^/]+$/.test(path)) return ROUTE_FAMILIES.checkResults;
  if (m === "GET" && path === "/v1/alert-notifications") return ROUTE_FAMILIES.alertNotifications;
  if (m === "GET" && /^\/v1\/dashboards\/[^/]+$/.test(path)) return ROUTE_FAMILIES.dashboards;
  if (m === "GET" && /^\/v1\/private-locations\/[^/]+\/metrics$/.test(path))
    return ROUTE_FAMILIES.privateLocationMetrics;
  return ROUTE_FAMILIES.default;
}

type Clock = { now(): number; sleep(ms: number): Promise<void> };
const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/**
 * The quota a service states for the requests it answers, from `RateLimit-Policy` (IETF httpapi
 * ratelimit-headers: `"name";q=600;w=60`, or the older `600;w=60`): the first policy's quota and window.
 * Undefined when absent or unreadable; a window is read as 1 s to 1 day.
 */
export function policyOf(
  header: string | string[] | undefined,
): { limit: number; windowMs: number } | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return undefined;
  const first = v.split(",")[0] ?? "";
  const q = /(?:^|;)\s*q\s*=\s*(\d+)\s*(?:;|$)/.exec(first) ?? /^\s*(\d+)\s*(?:;|$)/.exec(first);
  const w = /;\s*w\s*=\s*(\d+)\s*(?:;|$)/.exec(first);
  const limit = Number(q?.[1]);
  const seconds = Number(w?.[1]);
  if (!q || !w || !(limit >= 1) || !(seconds >= 1) || seconds > 86_400) return undefined;
  return { limit, windowMs: seconds * 1000 };
}

class Window {
  readonly stamps: number[] = [];
  pausedUntil = 0;
  /** The quota the service stated for this family (`adopt`), in place of the documented one. */
  stated: { limit: number; windowMs: number } | undefined;
  /** Serialises waiters so they are served in arrival order. */
  tail: Promise<void> = Promise.resolve();
}

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #clock: Clock;
  /** Fraction of each documented limit we allow ourselves (headroom for other clients on the same key). */
  readonly #share: number;

  constructor(opts: { clock?: Clock; share?: number } = {}) {
    this.#clock = opts.clock ?? realClock;
    this.#share = opts.share ?? 1;
  }

  #win(f: RouteFamily): Window {
    let w = this.#windows.get(f.name);
    if (!w) {
      w = new Window();
      this.#windows.set(f.name, w);
    }
    return w;
  }

  /** How long a request in this family would wait right now (0 = go). */
  delayFor(f: RouteFamily): number {
    const w = this.#win(f);
    const now = this.#clock.now();
    const { limit: quota, windowMs } = w.stated ?? f;
    const limit = Math.max(1, Math.floor(quota * this.#share));
    while (w.stamps.length && (w.stamps[0] as number) <= now - windowMs) w.stamps.shift();
    const pause = Math.max(0, w.pausedUntil - now);
    if (w.stamps.length < limit) return pause;
    return Math.max(pause, (w.stamps[0] as number) + windowMs - now);
  }

  /**
   * The service stated its quota for this family (a `RateLimit-Policy` on its answer, policyOf): keep to
   * that from now on, above or below the hosted figure — the local service serves a 100,000-check list
   * (1,000 pages) faster than the hosted 600 a minute would let it.
   */
  adopt(f: RouteFamily, stated: { limit: number; windowMs: number }): void {
    this.#win(f).stated = stated;
  }

  /** Wait for a slot in the family's window, then take it. */
  acquire(f: RouteFamily, signal?: AbortSignal): Promise<void> {
    const w = this.#win(f);
    const run = async () => {
      for (;;) {
        signal?.throwIfAborted();
        const d = this.delayFor(f);
        if (d <= 0) break;
        await this.#clock.sleep(d);
      }
      w.stamps.push(this.#clock.now());
    };
    const p = w.tail.then(run);
    w.tail = p.catch(() => undefined);
    return p;
  }

  /** The server told us to back off (429 / Retry-After): pause the whole family. */
  pause(f: RouteFamily, ms: number): void {
    const w = this.#win(f);
    w.pausedUntil = Math.max(w.pausedUntil, this.#clock.now() + ms);
  }

  /** Requests counted in the family's current window (for the status line and tests). */
  inWindow(f: RouteFamily): number {
    this.delayFor(f);
    return this.#win(f).stamps.length;
  }
}
