/**
 * The console's own view of a check failing in one of its two locations, over real HTTP on loopback from
 * the embedded service and a real SQLite file: while the locations take turns (office always failing,
 * eu-west-1 always passing) the row, the overview's counts and triage, the detail's since line and the
 * terminal title all say failing, 1 of 2 locations, after every run — and passing once office passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createRunStore, type ResultRow } from "../../src/service/repo/runs.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { overviewCounts } from "../../src/store/triage/overview.ts";
import { checkTriageOf } from "../../src/store/triage/overview-state.ts";
import { decorateRow } from "../../src/store/view/selectors.ts";
import { titleText } from "../../src/store/watch/transitions.ts";
import { sinceLine } from "../../src/tui/panes/checks/history-lines.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import {
  API_KEY,
  insertCheck,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "../service/runs/support.ts";

let t: TempDb;
let svc: TestService;
let id: string;

beforeAll(async () => {
  t = tempDb();
  id = insertCheck(t.db, {
    checkType: "URL",
    name: "Two places",
    locations: ["eu-west-1"],
    doc: { request: { url: "http://127.0.0.1:9/" }, privateLocations: ["office"] },
  });
  // no scheduler: only the results written here count
  svc = await startTestService(t, { scheduler: false });
});
afterAll(async () => {
  await svc.close();
  t.cleanup();
});

let seq = 0;
let clock = Date.now() - 3_600_000;
function put(location: string, failed: boolean): void {
  clock += 60_000;
  const r: ResultRow = {
    id: `res-${++seq}`,
    sessionId: null,
    checkId: id,
    checkType: "URL",
    name: "Two places",
    runLocation: location,
    resultType: "FINAL",
    hasFailures: failed,
    hasErrors: failed,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: false,
    responseTime: failed ? null : 80,
    statusCode: failed ? null : 200,
    attempts: 1,
    retries: 0,
    startedAt: clock,
    stoppedAt: clock + 100,
    errorMessage: failed ? "request failed: connect ECONNREFUSED 127.0.0.1:3128" : null,
    metrics: {},
    detail: null,
    pageIndex: null,
  };
  createRunStore(t.db).insertResult(r);
}

describe("a check failing in one of its two locations, as the console shows it", () => {
  it("row, counts, triage, detail and title agree after every run, and recover together", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: API_KEY, retries: 0 });
    const store = createConsoleStore();
    const loaders = createLoaders(client, store);
    const look = async () => {
      await loaders.checks();
      await loaders.statuses();
      await loaders.results(id);
      const s = store.getState();
      const row = visibleCheckRows(s).find((r) => r.id === id);
      if (!row) throw new Error("the check's row is not shown");
      const entry = s.results.byCheck.get(id);
      const counts = overviewCounts([row]);
      return {
        health: row.health,
        since: decorateRow(row, entry).since,
        triage: checkTriageOf(row, entry),
        detail: sinceLine(entry?.items ?? [], row.health, Date.now()),
        failing: counts.failing,
        title: titleText(counts.failing),
      };
    };
    try {
      put("eu-west-1", false);
      for (let turn = 0; turn < 3; turn++) {
        for (const [location, failed] of [
          ["office", true],
          ["eu-west-1", false],
        ] as const) {
          put(location, failed);
          const v = await look();
          expect(v.health).toBe("failing");
          // office never passed in what is held: its streak is known to start no later than its first result
          expect(v.since).toMatchObject({ locationsIn: 1, locationsSeen: 2, exact: false });
          expect(v.triage).toMatchObject({ state: "failing", locationsIn: 1, locationsOf: 2 });
          expect(v.triage.reason).toContain("ECONNREFUSED");
          expect(v.detail).toMatch(/^for over \d+ (s|min) \(since before \d\d:\d\d\) · 1 of 2 locations$/);
          expect(v.failing).toBe(1);
          expect(v.title).toBe(titleText(1));
        }
      }
      put("office", false);
      const back = await look();
      expect(back.health).toBe("passing");
      expect(back.since).toMatchObject({ locationsIn: 2, locationsSeen: 2, exact: true });
      expect(back.failing).toBe(0);
      expect(back.title).toBe(titleText(0));
    } finally {
      await client.close();
    }
  });
});
