/**
 * Following a triggered session live: long-polls /completion (408 = still running) with a short hold so the
 * per-location progress can be refreshed between polls (GET the session: results arrive per location as
 * they finish). Transient failures (network, timeouts, 429, 5xx) back off and retry — honouring Retry-After —
 * anything else marks the session as failed with the error's first line.
 */
import type { Client } from "../../api/client.ts";
import { ApiError, NetworkError, TimeoutError } from "../../api/errors.ts";
import { backoffMs } from "../../api/retry.ts";
import type { CheckResult } from "../../contract/schemas/check-results.ts";
import { type CheckSessionDetail, isTerminalSessionStatus } from "../../contract/schemas/check-sessions.ts";
import { sleep } from "../../shared/sleep.ts";
import { errorLine } from "../data/loaders.ts";
import { sessionFailed, sessionPolled, sessionResultError, sessionUpdated } from "../data/sessions.ts";
import { apply, type ConsoleStore } from "../state.ts";

export type FollowOptions = {
  /** Hold asked of the server per completion poll (s, 1–30). Default 5. */
  holdSeconds?: number;
  /** Give up after this long (ms). Default 10 minutes. */
  deadlineMs?: number;
  idleDelayMs?: number;
};

function transient(e: unknown): boolean {
  if (e instanceof NetworkError || e instanceof TimeoutError) return true;
  return e instanceof ApiError && (e.status === 429 || e.status >= 500);
}

export async function followSession(
  client: Client,
  store: ConsoleStore,
  id: string,
  signal: AbortSignal,
  opts: FollowOptions = {},
): Promise<void> {
  const end = Date.now() + (opts.deadlineMs ?? 600_000);
  let failures = 0;
  while (!signal.aborted) {
    if (Date.now() > end) {
      apply(store, sessionFailed(store.getState(), id, "gave up waiting for the session to complete"));
      return;
    }
    let pause = opts.idleDelayMs ?? 250;
    try {
      const r = await client.checkSessions.completion(id, { maxWaitSeconds: opts.holdSeconds ?? 5, signal });
      apply(store, sessionPolled(store.getState(), id));
      failures = 0;
      if (r.done) {
        apply(store, sessionUpdated(store.getState(), r.session));
        if (isTerminalSessionStatus(r.session.status, r.session.stoppedAt)) {
          await loadRunErrors(client, store, r.session, signal);
          return;
        }
      } else {
        // Still running: refresh the per-location progress.
        const detail = await client.checkSessions.get(id, { signal });
        apply(store, sessionUpdated(store.getState(), detail));
        if (isTerminalSessionStatus(detail.status, detail.stoppedAt)) {
          await loadRunErrors(client, store, detail, signal);
          return;
        }
        pause = r.retryAfterMs ?? pause;
      }
    } catch (e) {
      if (signal.aborted) return;
      if (!transient(e)) {
        apply(store, sessionFailed(store.getState(), id, errorLine(e)));
        return;
      }
      failures++;
      pause = (e as { retryAfterMs?: number }).retryAfterMs ?? backoffMs(failures - 1, 500);
    }
    try {
      await sleep(pause, signal);
    } catch {
      return;
    }
  }
}

/** The error message of a failed run, best effort across result shapes; undefined when none is given. */
export function runErrorMessage(r: CheckResult): string | undefined {
  const any = r as Record<string, unknown>;
  const candidates = [
    r.apiCheckResult?.requestError,
    any.errorMessage,
    any.error,
    (any.browserCheckResult as { errorMessage?: unknown } | undefined)?.errorMessage,
  ];
  const hit = candidates.find((c) => typeof c === "string" && c !== "");
  if (typeof hit === "string") return hit;
  const failed = (r.apiCheckResult?.assertions ?? []).find(
    (a) => (a as { passed?: unknown }).passed === false,
  ) as Record<string, unknown> | undefined;
  if (failed) {
    const f = (k: string) => (failed[k] === undefined || failed[k] === null ? "" : String(failed[k]));
    return `assertion failed: ${f("source")} ${f("property")} ${f("comparison")} ${f("target")} (got ${f("actual")})`.replace(
      /\s+/g,
      " ",
    );
  }
  return undefined;
}

/** For each failed run of a finished session (at most 5), read the result to show why it failed. */
async function loadRunErrors(
  client: Client,
  store: ConsoleStore,
  session: CheckSessionDetail,
  signal: AbortSignal,
) {
  const failed = session.results.filter((r) => r.hasFailures || r.hasErrors).slice(0, 5);
  for (const r of failed) {
    if (signal.aborted) return;
    try {
      const full = await client.checkResults.get(r.checkId, r.checkResultId, { signal });
      const msg = runErrorMessage(full) ?? (r.hasErrors ? "the run had errors" : "the run failed");
      apply(store, sessionResultError(store.getState(), session.checkSessionId, r.checkResultId, msg));
    } catch (e) {
      apply(
        store,
        sessionResultError(
          store.getState(),
          session.checkSessionId,
          r.checkResultId,
          `(could not read the result: ${errorLine(e)})`,
        ),
      );
    }
  }
}
