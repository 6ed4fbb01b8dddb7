/**
 * The console's watch over its checks while it runs (store/watch/): after every read of the checks or
 * their statuses, the terminal's title carries the failing count, and — when asked (`--notify`) — what
 * changed since the last read rings the bell or shows one desktop notification. The title is kept on the
 * terminal's stack at start and given back at `stop` (inside tmux, which has no stack, the pane's title
 * from before is written back when known).
 */

import type { CheckSummary } from "../data/summary.ts";
import type { ConsoleState, ConsoleStore } from "../state.ts";
import { checkIndexOf } from "../view/check-index.ts";
import {
  BELL,
  type DesktopFlavour,
  desktopSequence,
  POP_TITLE,
  PUSH_TITLE,
  titleSequence,
} from "./terminal.ts";
import { noticeOf, titleText, Watchlist } from "./transitions.ts";

export type NotifyKind = "bell" | "desktop";

export type WatchOptions = {
  /** The console's terminal (its stdout, or a share viewer's channel). */
  write: (bytes: string) => void;
  /** Bell or desktop notification on a change; none: the title only. */
  notify?: NotifyKind | undefined;
  desktop?: DesktopFlavour;
  /** Inside tmux: notifications go through its passthrough. */
  tmux?: boolean;
  /** The title to write back at the end (tmux: the pane's title before); the stack is popped either way. */
  restoreTitle?: string | undefined;
};

/** A check of the list by id, and its place (the list's search index knows both: check-index.ts). */
function checkAt(checks: readonly CheckSummary[], id: string) {
  const at = checkIndexOf(checks).positionOf(id);
  return at === undefined ? undefined : { check: checks[at] as CheckSummary, at };
}

export function startWatch(store: ConsoleStore, o: WatchOptions): { stop(): void } {
  // the checks' states across reads, kept incrementally: a poll that changed three statuses looks at three
  const watched = new Watchlist();
  let title = "";
  let stopped = false;
  const write = (b: string) => {
    try {
      o.write(b);
    } catch {
      // the terminal went away: nothing to tell
    }
  };
  const setTitle = (t: string) => {
    if (t === title) return;
    title = t;
    write(titleSequence(t));
  };
  const look = (s: ConsoleState) => {
    // a state whose checks and statuses were read whole
    if (s.checks.loadedAt === undefined || s.statuses.loadedAt === undefined) return;
    const checks = s.checks.items;
    const seen = watched.look(checks, s.statuses.byId, s.statuses.changed, (id) => checkAt(checks, id));
    setTitle(titleText(seen.failing));
    const notice = noticeOf(seen.transitions);
    if (!notice || !o.notify) return;
    write(
      o.notify === "bell"
        ? BELL
        : desktopSequence(notice, { flavour: o.desktop ?? "osc9", ...(o.tmux ? { tmux: true } : {}) }),
    );
  };
  write(PUSH_TITLE);
  setTitle(titleText(undefined));
  look(store.getState());
  const off = store.subscribe((s, prev) => {
    if (s.checks !== prev.checks || s.statuses !== prev.statuses) look(s);
  });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      off();
      write(POP_TITLE);
      if (o.restoreTitle !== undefined) write(titleSequence(o.restoreTitle));
    },
  };
}
