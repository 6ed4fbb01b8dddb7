/**
 * Check sessions: trigger, read, and follow to completion (seed §4.1, api-notes §2.2).
 *
 * Long-poll policy: `completion()` sends ONE request (`retries: 0`) with a per-attempt timeout of
 * `maxWaitSeconds + 10 s`; a 408 is the normal "still running" answer, not an error. `waitForCompletion()`
 * owns the loop: it re-polls after 408, and also after transient failures (network errors, per-attempt
 * timeouts, 429, 5xx) with backoff, all inside one overall deadline; anything else (404, 401, ...) is thrown.
 */

import {
  type CheckSession,
  type CheckSessionDetail,
  checkSessionDetailSchema,
  isTerminalSessionStatus,
  maxWaitSecondsSchema,
  triggerBodySchema,
  triggerResponseSchema,
} from "../contract/schemas/check-sessions.ts";
import { errorMessage } from "../shared/errors.ts";
import { sleep } from "../shared/sleep.ts";
import { ApiError, NetworkError, TimeoutError } from "./errors.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { backoffMs, isRetryableStatus } from "./retry.ts";

export type TriggerInput = { matchTags?: string[][]; checkId?: string[]; refreshCache?: boolean };

export type CompletionResult =
  | { done: true; session: CheckSessionDetail }
  | { done: false; retryAfterMs?: number | undefined };

export type WaitOptions = {
  /** Overall deadline for the whole wait (ms). Default 5 minutes. */
  deadlineMs?: number;
  /** Per-request hold asked of the server, 1–30 s. Default 30 (capped by the time left). */
  maxWaitSeconds?: number;
  signal?: AbortSignal;
  /** Called after every poll (a 408, a transient failure, or the final 200). */
  onPoll?: (e: { attempt: number; done: boolean; error?: Error }) => void;
  /** Pause between polls when the server gave no Retry-After (ms). Default 250. */
  idleDelayMs?: number;
};

function isTransient(e: unknown): boolean {
  if (e instanceof NetworkError || e instanceof TimeoutError) return true;
  return e instanceof ApiError && isRetryableStatus(e.status);
}

export function checkSessionsApi(http: HttpClient) {
  async function completion(
    id: string,
    opts: { maxWaitSeconds?: number; signal?: AbortSignal } = {},
  ): Promise<CompletionResult> {
    const seg = pathId(id, "check session id");
    const maxWaitSeconds = validateInput(maxWaitSecondsSchema, opts.maxWaitSeconds, "maxWaitSeconds");
    try {
      const res = await http.request({
        method: "GET",
        path: `/v1/check-sessions/${seg}/completion`,
        query: { maxWaitSeconds },
        schema: checkSessionDetailSchema,
        timeoutMs: (maxWaitSeconds + 10) * 1000,
        retries: 0,
        signal: opts.signal,
      });
      return { done: true, session: res.data };
    } catch (e) {
      if (e instanceof ApiError && e.status === 408) return { done: false, retryAfterMs: e.retryAfterMs };
      throw e;
    }
  }

  return {
    /** Start sessions for the checks matching the target; answers 201 without waiting for the runs. */
    async trigger(input: TriggerInput = {}): Promise<{ sessions: CheckSession[] }> {
      const target =
        input.matchTags !== undefined || input.checkId !== undefined
          ? {
              ...(input.matchTags !== undefined ? { matchTags: input.matchTags } : {}),
              ...(input.checkId !== undefined ? { checkId: input.checkId } : {}),
            }
          : undefined;
      const body = validateInput(
        triggerBodySchema,
        {
          ...(target ? { target } : {}),
          ...(input.refreshCache !== undefined ? { refreshCache: input.refreshCache } : {}),
        },
        "trigger",
      );
      const res = await http.request({
        method: "POST",
        path: "/v1/check-sessions/trigger",
        body,
        schema: triggerResponseSchema,
      });
      return res.data;
    },

    /** The session with its results; 404 (ApiError) for an unknown id. */
    async get(id: string, opts: { signal?: AbortSignal } = {}): Promise<CheckSessionDetail> {
      const res = await http.request({
        method: "GET",
        path: `/v1/check-sessions/${pathId(id, "check session id")}`,
        schema: checkSessionDetailSchema,
        signal: opts.signal,
      });
      return res.data;
    },

    completion,

    /**
     * Poll /completion until the session is terminal. Rejects with TimeoutError when `deadlineMs` runs out,
     * with the signal's reason when aborted, and with the ApiError of any non-transient failure.
     */
    async waitForCompletion(id: string, opts: WaitOptions = {}): Promise<CheckSessionDetail> {
      const deadlineMs = opts.deadlineMs ?? 300_000;
      const maxWait = validateInput(maxWaitSecondsSchema, opts.maxWaitSeconds, "maxWaitSeconds");
      const path = `/v1/check-sessions/${pathId(id, "check session id")}/completion`;
      const end = Date.now() + deadlineMs;
      const expired = () => new TimeoutError("GET", path, deadlineMs);
      for (let attempt = 1; ; attempt++) {
        opts.signal?.throwIfAborted();
        const left = end - Date.now();
        if (left <= 0) throw expired();
        const deadline = AbortSignal.timeout(left);
        const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
        const maxWaitSeconds = Math.max(1, Math.min(maxWait, Math.ceil(left / 1000)));
        let pause: number;
        try {
          const r = await completion(id, { maxWaitSeconds, signal });
          if (r.done && !isTerminalSessionStatus(r.session.status, r.session.stoppedAt)) {
            // A 200 that still reads as running (should not happen): keep polling.
            opts.onPoll?.({ attempt, done: false });
            pause = opts.idleDelayMs ?? 250;
          } else if (r.done) {
            opts.onPoll?.({ attempt, done: true });
            return r.session;
          } else {
            opts.onPoll?.({ attempt, done: false });
            pause = r.retryAfterMs ?? opts.idleDelayMs ?? 250;
          }
        } catch (e) {
          opts.signal?.throwIfAborted();
          if (deadline.aborted) throw expired();
          if (!isTransient(e)) throw e;
          opts.onPoll?.({ attempt, done: false, error: e instanceof Error ? e : new Error(errorMessage(e)) });
          const retryAfterMs = e instanceof ApiError ? e.retryAfterMs : undefined;
          pause = retryAfterMs ?? backoffMs(attempt - 1, opts.idleDelayMs);
        }
        const remaining = end - Date.now();
        if (remaining <= 0) throw expired();
        await sleep(Math.min(pause, remaining), opts.signal);
      }
    },
  };
}
