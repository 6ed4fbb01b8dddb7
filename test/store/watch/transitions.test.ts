/** Noticing without looking, as pure logic: snapshots of the checks' states, what changed, one notice, the title. */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import type { OverviewCheck } from "../../../src/store/triage/overview.ts";
import { allCheckRows } from "../../../src/store/view/selectors.ts";
import {
  desktopFlavour,
  desktopSequence,
  oscText,
  titleSequence,
} from "../../../src/store/watch/terminal.ts";
import {
  failingCount,
  noticeOf,
  snapshotOf,
  titleText,
  transitions,
  Watchlist,
} from "../../../src/store/watch/transitions.ts";
import { rng } from "../../support/rng.ts";

type Health = OverviewCheck["health"];

function row(
  id: string,
  health: Health,
  o: { type?: string; muted?: boolean; activated?: boolean; name?: string } = {},
): OverviewCheck {
  return {
    id,
    check: {
      id,
      name: o.name ?? id,
      checkType: o.type ?? "API",
      muted: o.muted ?? false,
      activated: o.activated ?? true,
    } as unknown as OverviewCheck["check"],
    status: undefined,
    health,
    statusAt: Number.NaN,
  };
}

const snap = (...rows: OverviewCheck[]) => snapshotOf(rows);

describe("transitions between two reads", () => {
  it("the first read is the baseline: no notice for what already fails, the title counts it", () => {
    const s = snap(
      row("api", "failing"),
      row("web", "passing"),
      row("beat", "failing", { type: "HEARTBEAT" }),
    );
    expect(transitions(undefined, s)).toEqual([]);
    expect(failingCount(s)).toBe(2);
    expect(titleText(failingCount(s))).toBe("vigil ✖ 2");
  });

  it("newly failing, newly overdue, recovered — muted ones counted but not told, deactivated ones neither", () => {
    const a = snap(
      row("api", "passing"),
      row("web", "failing"),
      row("beat", "passing", { type: "HEARTBEAT" }),
      row("quiet", "passing", { muted: true }),
      row("off", "passing"),
      row("slow", "failing"),
    );
    const b = snap(
      row("api", "failing"),
      row("web", "passing"),
      row("beat", "failing", { type: "HEARTBEAT" }),
      row("quiet", "failing", { muted: true }),
      row("off", "failing", { activated: false }),
      row("slow", "degraded"),
      row("new", "failing"),
    );
    expect(transitions(a, b)).toEqual([
      { id: "api", name: "api", kind: "failing" },
      { id: "web", name: "web", kind: "recovered" },
      { id: "beat", name: "beat", kind: "overdue" },
      { id: "slow", name: "slow", kind: "recovered" },
      { id: "new", name: "new", kind: "failing" },
    ]);
    expect(failingCount(b)).toBe(4);
  });

  it("nothing changed, or a failing check not run yet / cannot run: no notice", () => {
    const a = snap(row("api", "failing"), row("p", "pending"));
    expect(transitions(a, snap(row("api", "failing"), row("p", "pending")))).toEqual([]);
    // failing → not run: neither failing nor recovered
    expect(transitions(a, snap(row("api", "cannot run"), row("p", "pending")))).toEqual([]);
    // not run → failing: a new failure
    expect(transitions(a, snap(row("api", "failing"), row("p", "failing")))).toEqual([
      { id: "p", name: "p", kind: "failing" },
    ]);
  });

  it("everything in one read is one notice", () => {
    expect(noticeOf([])).toBeUndefined();
    expect(noticeOf([{ id: "1", name: "Checkout API", kind: "failing" }])).toEqual({
      title: "vigil: Checkout API failing",
      body: "Checkout API failing",
    });
    const n = noticeOf([
      { id: "1", name: "a", kind: "failing" },
      { id: "2", name: "b", kind: "recovered" },
      { id: "3", name: "c", kind: "failing" },
      { id: "4", name: "d", kind: "failing" },
      { id: "5", name: "e", kind: "failing" },
      { id: "6", name: "nightly", kind: "overdue" },
    ]);
    expect(n).toEqual({
      title: "vigil: 4 failing, 1 overdue, 1 recovered",
      body: "a, c, d +1 failing · nightly overdue · b recovered",
    });
  });

  it("the title: vigil before the first read, ✔ with none failing", () => {
    expect(titleText(undefined)).toBe("vigil");
    expect(titleText(0)).toBe("vigil ✔");
  });
});

describe("the bytes", () => {
  it("a hostile name cannot end the sequence or start another", () => {
    const evil = "x\u0007\u001b]0;pwned\u0007\u001b[2J\u009dy\nz";
    const t = titleSequence(`vigil: ${evil}`);
    expect(t.startsWith("\u001b]0;")).toBe(true);
    expect(t.endsWith("\u0007")).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(t.slice(4, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(oscText("a".repeat(500)).length).toBe(200);
  });

  it("OSC 9 or OSC 777 by terminal; inside tmux through its passthrough", () => {
    const n = { title: "vigil: a;b failing", body: "a;b failing" };
    expect(desktopSequence(n, { flavour: "osc9" })).toBe("\u001b]9;vigil: a;b failing — a;b failing\u0007");
    expect(desktopSequence(n, { flavour: "osc777" })).toBe(
      "\u001b]777;notify;vigil: a,b failing;a;b failing\u0007",
    );
    expect(desktopSequence(n, { flavour: "osc9", tmux: true })).toBe(
      "\u001bPtmux;\u001b\u001b]9;vigil: a;b failing — a;b failing\u0007\u001b\\",
    );
    expect(desktopFlavour({ TERM_PROGRAM: "iTerm.app" })).toBe("osc9");
    expect(desktopFlavour({ KITTY_WINDOW_ID: "1", TERM: "xterm-kitty" })).toBe("osc9");
    expect(desktopFlavour({ TERM: "foot" })).toBe("osc777");
    expect(desktopFlavour({ VTE_VERSION: "7600", TERM: "xterm-256color" })).toBe("osc777");
    expect(desktopFlavour({}, "rxvt-unicode-256color")).toBe("osc777");
    expect(desktopFlavour({ TERM: "xterm-256color" })).toBe("osc9");
  });
});

describe("the watch kept across reads (Watchlist)", () => {
  it.each(
    [21, 22, 23, 24, 25, 26, 27, 28].flatMap((seed) => [
      { seed, dupes: false },
      { seed, dupes: true },
    ]),
  )(
    "equals a whole snapshot's transitions and count, read by read, across polls and list changes ($seed, ids listed twice: $dupes)",
    ({ seed, dupes }) => {
      const r = rng(seed);
      const check = (id: string): CheckSummary => ({
        id,
        name: `${r.pick(["api", "web", "db", "beat"])}-${id}`,
        checkType: r.pick(["API", "URL", "HEARTBEAT"]),
        activated: r.next() < 0.85,
        muted: r.next() < 0.15,
      });
      const status = (id: string): StatusSummary => ({
        checkId: id,
        hasFailures: r.next() < 0.3,
        isDegraded: r.next() < 0.1,
        cannotRun: r.next() < 0.05,
        updated_at: null,
      });
      const store = createConsoleStore();
      let checks = Array.from({ length: 20 + r.int(150) }, (_, i) => check(`c${i}`));
      let statuses = checks.filter(() => r.next() < 0.9).map((c) => status(c.id));
      let next = 1000;
      const watch = new Watchlist();
      let prev: ReturnType<typeof snapshotOf> | undefined;
      for (let step = 0; step < 60; step++) {
        const op = r.next();
        if (op < 0.7) {
          for (let k = 1 + r.int(5); k > 0; k--) {
            const id = r.pick(checks).id;
            statuses = [...statuses.filter((x) => x.checkId !== id), status(id)];
          }
          if (r.next() < 0.2) statuses = statuses.filter((x) => x.checkId !== r.pick(checks).id);
          // a status of a check the list does not hold
          if (r.next() < 0.1) statuses = [...statuses, status(`ghost${next++}`)];
        } else if (op < 0.8) checks = [...checks, check(`c${next++}`)];
        // an id listed twice (a service's fault): the snapshot holds its last watched check
        else if (op < 0.83 && dupes) checks = [...checks, check(r.pick(checks).id)];
        else if (op < 0.9 && checks.length > 1) checks = checks.toSpliced(r.int(checks.length), 1);
        else {
          const i = r.int(checks.length);
          checks = checks.with(i, check((checks[i] as CheckSummary).id));
        }
        store.setState(checksLoaded(checks, 0, store.getState().checks));
        // a read the watch does not see now and then (its next one is then not against the last it saw)
        store.setState(statusesLoaded(statuses, 0, store.getState().statuses));
        if (r.next() < 0.15) continue;
        const s = store.getState();
        const items = s.checks.items;
        const got = watch.look(items, s.statuses.byId, s.statuses.changed, (id) => {
          const at = items.findLastIndex((c) => c.id === id);
          return at < 0 ? undefined : { check: items[at] as CheckSummary, at };
        });
        const whole = snapshotOf(allCheckRows(items, s.statuses.byId));
        expect(got.transitions).toEqual(transitions(prev, whole));
        expect(got.failing).toBe(failingCount(whole));
        prev = whole;
      }
    },
  );
});
