/** LAST RUN is never in the future: times clamped to now, and how far the service clock is ahead, measured once. */
import { describe, expect, it } from "vitest";
import {
  checkMarks,
  checkMarkWords,
  checkSymbol,
  clampToNow,
  clockAheadText,
} from "../../src/shared/format.ts";
import { statusesChanged, statusesLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { decorateRow, serviceClockAhead } from "../../src/store/view/selectors.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { checkColumns } from "../../src/tui/panes/checks/view.tsx";
import { check, status, storeWith } from "./fixtures.ts";

const now = Date.parse("2026-11-21T08:00:00Z");

describe("clampToNow", () => {
  it("keeps a past time, brings a future one back to now, and leaves the unknown unknown", () => {
    expect(clampToNow("2026-11-21T07:59:00Z", now)).toBe(now - 60_000);
    expect(clampToNow("2026-11-21T08:00:42Z", now)).toBe(now);
    expect(clampToNow(now + 1, now)).toBe(now);
    expect(clampToNow(undefined, now)).toBeNaN();
    expect(clampToNow("not a date", now)).toBeNaN();
  });

  it("the LAST RUN cell of a run that ended ahead of the local clock says <1 min ago, never 'in …'", () => {
    const c = check({ name: "api" });
    const store = storeWith([c], [status(c.id, "passing", "2026-11-21T08:00:42Z")], now);
    const row = decorateRow(visibleCheckRows(store.getState())[0]!, undefined);
    const last = checkColumns(now).find((col) => col.id === "last")!;
    expect(last.get(row)).toBe("<1 min ago");
    const ago = decorateRow(
      visibleCheckRows(storeWith([c], [status(c.id, "passing", "2026-11-21T07:55:00Z")], now).getState())[0]!,
      undefined,
    );
    expect(last.get(ago)).toBe("5 min ago");
  });
});

describe("serviceClockAhead", () => {
  it("is the newest run's lead over the local time the statuses arrived, once over a few seconds", () => {
    const a = check({ name: "a" });
    const b = check({ name: "b" });
    const store = storeWith([a, b], [status(a.id, "passing", "2026-11-21T07:59:00Z")], now);
    expect(serviceClockAhead(store.getState())).toBeUndefined();
    apply(
      store,
      statusesLoaded(
        [status(a.id, "passing", "2026-11-21T07:59:00Z"), status(b.id, "failing", "2026-11-21T08:00:42Z")],
        now,
        store.getState().statuses,
      ),
    );
    expect(serviceClockAhead(store.getState())).toBe(42_000);
    // 3 s is the network's and the service's own delay, not a clock ahead
    apply(store, statusesLoaded([status(a.id, "passing", "2026-11-21T08:00:03Z")], now));
    expect(serviceClockAhead(store.getState())).toBeUndefined();
    // a status delta: looked at through the statuses it changed; a later arrival with nothing new is not ahead
    apply(
      store,
      statusesChanged([status(a.id, "failing", "2026-11-21T08:00:20Z")], now, store.getState().statuses),
    );
    expect(serviceClockAhead(store.getState())).toBe(20_000);
    apply(store, statusesChanged([], now + 60_000, store.getState().statuses));
    expect(serviceClockAhead(store.getState())).toBeUndefined();
  });

  it("says it in steps that do not flicker from poll to poll", () => {
    expect(clockAheadText(42_000)).toBe("service clock 40 s ahead");
    expect(clockAheadText(44_900)).toBe("service clock 40 s ahead");
    expect(clockAheadText(6_000)).toBe("service clock 5 s ahead");
    expect(clockAheadText(3 * 60_000 + 20_000)).toBe("service clock 3 min ahead");
    expect(clockAheadText(2 * 3_600_000 + 5 * 60_000)).toBe("service clock 2 h 5 min ahead");
  });
});

describe("check markers", () => {
  it("⊘ for a deactivated check (not its last state), m for a muted one, as text", () => {
    expect(checkSymbol("passing", { activated: false })).toEqual({ symbol: "⊘", tone: "muted" });
    expect(checkSymbol("failing", { activated: true }).symbol).toBe("✖");
    expect(checkMarks({ activated: false, muted: true })).toBe("⊘m");
    expect(checkMarks({ muted: true })).toBe("m");
    expect(checkMarks({})).toBe("");
    expect(checkMarkWords({ activated: false, muted: true })).toBe("⊘ deactivated · m muted");
  });
});
