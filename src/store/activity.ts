/**
 * The status line's view of HTTP activity: requests in flight, connection state, the last error. Fed by
 * the HttpClient's `onActivity`. The in-flight count reaches the store at most every `flushMs`, so a quick
 * poll (start and end within one window) changes nothing on screen — an idle console stays quiet.
 */
import { NetworkError, TimeoutError } from "../api/errors.ts";
import type { HttpActivity } from "../api/http.ts";
import { errorLine } from "./loaders.ts";
import { setActivity } from "./slices/ui.ts";
import { apply, type ConsoleStore } from "./store.ts";

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
      count = Math.max(0, count - 1);
      schedule();
      if (e.kind === "end") {
        if (store.getState().ui.connection !== "online")
          apply(store, setActivity(store.getState(), { connection: "online" }));
        return;
      }
      const offline = e.error instanceof NetworkError || e.error instanceof TimeoutError;
      const at = now().toISOString().slice(11, 19);
      apply(
        store,
        setActivity(store.getState(), {
          lastError: `${at} ${e.method} ${e.path}: ${errorLine(e.error)}`,
          ...(offline ? { connection: "offline" as const } : {}),
        }),
      );
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
