/**
 * The status line's view of HTTP activity: requests in flight, connection state, the last error. Fed by
 * the HttpClient's `onActivity`, attempt by attempt. "online" means exactly this: the last attempt that
 * ended got an answer from the service (any status but 502, 503 and 504); an attempt that got none
 * (refused, reset, timed out) makes it "offline" at once — before the request's retries, and whatever the
 * caller does next. 502/503/504 count as no answer: that is what a proxy or load balancer in front of a
 * remote service answers once the service behind it is gone (and what a service says while it cannot
 * serve), so a service that went away is never shown online because its gateway still answers. An
 * attempt the caller aborted says nothing. The in-flight count reaches the store at most every `flushMs`,
 * so a quick poll (start and end within one window) changes nothing on screen — an idle console stays
 * quiet.
 */
import type { HttpActivity } from "../../api/http.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { requestErrorLine } from "../view/messages.ts";
import { setActivity } from "../view/ui.ts";

/** Statuses that say the service itself is not there to answer (its gateway answered, or it is down). */
const UNAVAILABLE = new Set([502, 503, 504]);

export function createActivityMeter(store: ConsoleStore, opts: { flushMs?: number; now?: () => Date } = {}) {
  const flushMs = opts.flushMs ?? 250;
  const now = opts.now ?? (() => new Date());
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
        count++;
        schedule();
        return;
      }
      if (e.kind === "end") {
        count = Math.max(0, count - 1);
        schedule();
        const connection =
          e.reached === "answered"
            ? UNAVAILABLE.has(e.status)
              ? "offline"
              : "online"
            : e.reached === "unreachable"
              ? "offline"
              : undefined;
        if (connection && store.getState().activity.connection !== connection)
          apply(store, setActivity(store.getState(), { connection }));
        return;
      }
      // a request that failed for good: its last error (the connection state came from its attempts),
      // reason first (messages.ts)
      const at = now().getTime();
      apply(
        store,
        setActivity(store.getState(), {
          lastError: requestErrorLine(e.method, e.path, e.error, at),
          lastErrorAt: at,
        }),
      );
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type ActivityMeter = ReturnType<typeof createActivityMeter>;
