/**
 * The status line's view of HTTP activity: requests in flight, connection state, the last error. Fed by
 * the HttpClient's `onActivity`, attempt by attempt. "online" means exactly this: the last attempt that
 * ended got an answer from the service (any status but 502, 503 and 504); an attempt that got none
 * (refused, reset, timed out) makes it "offline" at once — before the request's retries, and whatever the
 * caller does next. 502/503/504 count as no answer: that is what a proxy or load balancer in front of a
 * remote service answers once the service behind it is gone (and what a service says while it cannot
 * serve), so a service that went away is never shown online because its gateway still answers. An
 * attempt the caller aborted says nothing. A 401 is an answer that refuses the key: "refused"
 * (`✖ key refused`), not online — the service is there, but nothing can be read. A 403 refuses one request
 * (a read-only key's write, a feature the plan lacks): it says so of the key only while nothing else has
 * been answered ("connecting", or already "refused"), and leaves "online" as it is — a 403 from one
 * endpoint beside others that answer never flips the state back and forth. The last error stays until a later answer supersedes it (the
 * service answering again after an error without an answer; the same request succeeding: messages.ts
 * `supersedes`), so "online" never stands beside a connection error that is past. The in-flight count reaches the store at most every `flushMs`,
 * so a quick poll (start and end within one window) changes nothing on screen — an idle console stays
 * quiet.
 *
 * What the in-flight count (the status line's ⇅) counts — the requests an engineer may be waiting on:
 * - every request, from its start, except a background refresh: a first read of what is not on screen
 *   yet (a pane's first data, the rows' results as the cursor comes to rest), a read asked for (`r`, back
 *   online), every write;
 * - a background refresh — the poller re-reading on its schedule what it has read before and the screen
 *   shows (`inBackground`: the statuses every 10 s, the checks list every 5 minutes, the rows' results
 *   every minute, the probe) — only once it has been out `stuckMs` (2 s): a quick refresh changes nothing
 *   on screen, however long "quick" is at 100,000 checks, while a read that hangs shows as ⇅ until it
 *   ends. How fresh the data shown is, the status line says beside it (its age, ⚠ once stale); a service
 *   that stops answering shows as offline at its first unanswered attempt, whatever the read.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { HttpActivity } from "../../api/http.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { requestErrorLine, requestFailure, supersedes, UNAVAILABLE } from "../view/messages.ts";
import { setActivity } from "../view/ui.ts";

/** A background refresh counts as in flight once it has been out this long (ms): it may be stuck. */
export const STUCK_AFTER_MS = 2000;

const background = new AsyncLocalStorage<true>();

/** Run `work` as a background refresh: the requests it makes count as in flight only once stuck. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the code running now is a background refresh's (inside `inBackground`). */
export function isBackground(): boolean {
  return background.getStore() === true;
}

export function createActivityMeter(
  store: ConsoleStore,
  opts: { flushMs?: number; stuckMs?: number; now?: () => Date } = {},
) {
  const flushMs = opts.flushMs ?? 250;
  const stuckMs = opts.stuckMs ?? STUCK_AFTER_MS;
  const now = opts.now ?? (() => new Date());
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Background requests out, not counted yet: each counts when its timer fires (stuck). */
  const quiet = new Map<number, ReturnType<typeof setTimeout>>();

  const flush = () => {
    timer = undefined;
    apply(store, setActivity(store.getState(), { inFlight: count }));
  };
  const schedule = () => {
    if (timer === undefined) {
      timer = setTimeout(flush, flushMs);
      timer.unref?.();
    }
  };

  return {
    onActivity(e: HttpActivity): void {
      if (e.kind === "start") {
        if (isBackground()) {
          const stuck = setTimeout(() => {
            quiet.delete(e.id);
            count++;
            schedule();
          }, stuckMs);
          stuck.unref?.();
          quiet.set(e.id, stuck);
          return;
        }
        count++;
        schedule();
        return;
      }
      if (e.kind === "end") {
        const stuck = quiet.get(e.id);
        if (stuck !== undefined) {
          clearTimeout(stuck);
          quiet.delete(e.id);
        } else {
          count = Math.max(0, count - 1);
          schedule();
        }
        const connection =
          e.reached === "answered"
            ? UNAVAILABLE.has(e.status)
              ? "offline"
              : e.status === 401
                ? "refused"
                : e.status === 403
                  ? store.getState().activity.connection === "online"
                    ? undefined
                    : "refused"
                  : "online"
            : e.reached === "unreachable"
              ? "offline"
              : undefined;
        if (connection && store.getState().activity.connection !== connection)
          apply(store, setActivity(store.getState(), { connection }));
        // a request's error this answer supersedes (messages.ts) is no longer shown as current
        const a = store.getState().activity;
        const of = a.lastErrorOf;
        if (
          of &&
          a.lastError === of.line &&
          e.reached === "answered" &&
          supersedes(of, e.method, e.path, e.status)
        )
          apply(
            store,
            setActivity(store.getState(), {
              lastError: undefined,
              lastErrorAt: undefined,
              lastErrorOf: undefined,
            }),
          );
        return;
      }
      // a request that failed for good: its last error (the connection state came from its attempts),
      // reason first (messages.ts)
      const at = now().getTime();
      const line = requestErrorLine(e.method, e.path, e.error, at);
      apply(
        store,
        setActivity(store.getState(), {
          lastError: line,
          lastErrorAt: at,
          lastErrorOf: { ...requestFailure(e.method, e.path, e.error), line },
        }),
      );
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
      for (const stuck of quiet.values()) clearTimeout(stuck);
      quiet.clear();
    },
  };
}

export type ActivityMeter = ReturnType<typeof createActivityMeter>;
