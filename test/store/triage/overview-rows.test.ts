/**
 * The overview's checks kept across reads (overview-rows.ts) equal, read by read, the counts and the two
 * ordered lists made from every row (overview.ts over selectors.ts `allCheckRows`): seeded random polls,
 * checks coming, changing and going, a status of a check the list does not hold, reads skipped, the
 * newest run moving back.
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import { attentionChecks, overdueHeartbeats, overviewCounts } from "../../../src/store/triage/overview.ts";
import { OverviewRows } from "../../../src/store/triage/overview-rows.ts";
import { allCheckRows, type CheckRow, makeCheckRow } from "../../../src/store/view/selectors.ts";
import { rng } from "../../support/rng.ts";

describe("OverviewRows", () => {
  it.each(Array.from({ length: 12 }, (_, i) => 70 + i))(
    "equals the counts and lists of every row, read by read (seed %i)",
    (seed) => {
      const r = rng(seed);
      const check = (id: string): CheckSummary => ({
        id,
        name: r.pick(["api", "API", "web", "db", "beat", "Zeta"]),
        checkType: r.pick(["API", "URL", "HEARTBEAT"]),
        activated: r.next() < 0.85,
        muted: r.next() < 0.2,
      });
      const status = (id: string): StatusSummary => ({
        checkId: id,
        hasFailures: r.next() < 0.3,
        isDegraded: r.next() < 0.15,
        cannotRun: r.next() < 0.05,
        updated_at: r.next() < 0.2 ? null : new Date(1_700_000_000_000 + r.int(30) * 60_000).toISOString(),
      });
      const store = createConsoleStore();
      let checks = Array.from({ length: 20 + r.int(200) }, (_, i) => check(`c${i}`));
      let statuses = checks.filter(() => r.next() < 0.9).map((c) => status(c.id));
      let next = 1000;
      const kept = new OverviewRows<CheckRow>(makeCheckRow);
      let last: ReturnType<typeof kept.read> | undefined;
      for (let step = 0; step < 80; step++) {
        const op = r.next();
        if (op < 0.75) {
          for (let k = 1 + r.int(5); k > 0; k--) {
            const id = r.pick(checks).id;
            statuses = [...statuses.filter((x) => x.checkId !== id), status(id)];
          }
          if (r.next() < 0.2) statuses = statuses.filter((x) => x.checkId !== r.pick(checks).id);
          if (r.next() < 0.1) statuses = [...statuses, status(`ghost${next++}`)];
        } else if (op < 0.85) checks = [...checks, check(`c${next++}`)];
        else if (op < 0.92 && checks.length > 1) checks = checks.toSpliced(r.int(checks.length), 1);
        else {
          const i = r.int(checks.length);
          checks = checks.with(i, check((checks[i] as CheckSummary).id));
        }
        store.setState(checksLoaded(checks, 0, store.getState().checks));
        store.setState(statusesLoaded(statuses, 0, store.getState().statuses));
        if (r.next() < 0.15) continue;
        const s = store.getState();
        const got = kept.read(s.checks.items, s.statuses.byId, s.statuses.changed);
        const rows = allCheckRows(s.checks.items, s.statuses.byId);
        expect(got.counts).toEqual(overviewCounts(rows));
        expect(got.attention.map((x) => x.id)).toEqual(attentionChecks(rows).map((x) => x.id));
        expect(got.attention).toEqual(attentionChecks(rows));
        expect(got.overdue).toEqual(overdueHeartbeats(rows));
        // read again with nothing new: the very same result
        expect(kept.read(s.checks.items, s.statuses.byId, s.statuses.changed)).toBe(got);
        if (last && last.counts !== got.counts) expect(got.counts).not.toEqual(last.counts);
        last = got;
      }
    },
  );
});
