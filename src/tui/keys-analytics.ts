/**
 * Keys of the analytics pane: switch checks, the metric set (`v`: the type's own views — a browser check's
 * web vitals and errors, a TCP check's phases, ...), range (24 h / 7 d / 30 d / custom), aggregation
 * interval, grouping (location; status code for URL and API checks), result filter.
 */
import { GROUP_BY, REPORTS } from "../api/analytics-metrics.ts";
import type { Actions } from "../store/actions.ts";
import { reportView } from "../store/analytics-query.ts";
import { analyticsKind, paneCheck } from "../store/pane-selectors.ts";
import * as ui from "../store/slices/ui.ts";
import { apply, type ConsoleStore } from "../store/store.ts";

/** Minutes per bucket the `i` key cycles through (undefined = automatic, ~48 points). */
export const INTERVALS: (number | undefined)[] = [undefined, 5, 15, 60, 360, 1440];
const FILTERS = ["all", "success", "failure"] as const;

/** Handle `ch` on the analytics pane; false when it is not an analytics key. */
export function analyticsPaneKey(
  ch: string,
  ctx: { store: ConsoleStore; actions: Actions; move: (delta: number) => void },
): boolean {
  const s = ctx.store.getState();
  const a = s.ui.analytics;
  const kind = analyticsKind(String(paneCheck(s, "analytics")?.check.checkType));
  const set = (p: Parameters<typeof apply>[1]) => apply(ctx.store, p);
  switch (ch) {
    case "[":
      ctx.move(-1);
      return true;
    case "]":
      ctx.move(1);
      return true;
    case "d":
      set(ui.setAnalytics(s, { range: "24h" }));
      return true;
    case "w":
      set(ui.setAnalytics(s, { range: "7d" }));
      return true;
    case "m":
      set(ui.setAnalytics(s, { range: "30d" }));
      return true;
    case "c":
      ctx.actions.askRange();
      return true;
    case "i": {
      const i = INTERVALS.indexOf(a.interval);
      set(ui.setAnalytics(s, { interval: INTERVALS[(i + 1) % INTERVALS.length] }));
      return true;
    }
    case "l":
      set(ui.setAnalytics(s, { groupBy: a.groupBy === "runLocation" ? "none" : "runLocation" }));
      return true;
    case "s":
      if (!kind || !GROUP_BY[kind].includes("statusCode"))
        set(ui.setNotice(s, "group by status code: URL and API checks only"));
      else set(ui.setAnalytics(s, { groupBy: a.groupBy === "statusCode" ? "none" : "statusCode" }));
      return true;
    case "v": {
      if (!kind) return true;
      const views = REPORTS[kind].views;
      const i = views.indexOf(reportView(kind, a));
      set(ui.setAnalytics(s, { view: views[(i + 1) % views.length]!.name }));
      return true;
    }
    case "f":
      set(ui.setAnalytics(s, { filter: FILTERS[(FILTERS.indexOf(a.filter) + 1) % FILTERS.length]! }));
      return true;
    default:
      return false;
  }
}
