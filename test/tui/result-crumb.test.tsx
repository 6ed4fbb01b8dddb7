/**
 * The result drill-down's title line names the run's time however the result was opened: from a check's
 * results (its page holds it) and from a session's location row (opened by its id, before any page of the
 * check's results holds it — the result read whole is there). No network: data put in the store.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/contract/schemas/check-results.ts";
import { fullResultLoaded, resultPageLoaded } from "../../src/store/results/slice.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import { clockTime } from "../../src/store/triage/timeline.ts";
import { openResults } from "../../src/tui/panes/results/drill.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { renderConsole } from "./support/console.tsx";

const NOW = Date.now();
const STARTED = NOW - 4 * 60_000 - 7_000;
const known = check({ id: "c-port", name: "Closed port" });
const result = {
  id: "r-final",
  checkId: known.id,
  name: "Closed port",
  runLocation: "eu-west-1",
  resultType: "FINAL",
  hasFailures: true,
  hasErrors: false,
  isDegraded: false,
  startedAt: new Date(STARTED).toISOString(),
  stoppedAt: new Date(STARTED + 1200).toISOString(),
  created_at: new Date(STARTED + 1300).toISOString(),
  responseTime: 0,
  attempts: 1,
} as unknown as CheckResult;

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

function titleOf(store: ConsoleStore): string {
  const c = renderConsole(store, { columns: 120, rows: 40 });
  closers.push(() => c.close());
  return c.frame().split("\n")[0] ?? "";
}

describe("the open result's crumb", () => {
  const crumb = `Results › Closed port › result ${clockTime(STARTED, NOW, true)}`;

  it("opened from a session: the run's time, from the result read whole (no page holds it yet)", () => {
    const store = storeWith([known], [status(known.id, "failing")], NOW);
    apply(store, fullResultLoaded(store.getState(), result.id, result, undefined, NOW));
    apply(store, openResults(store.getState(), known.id, "sessions", result.id, NOW));
    expect(store.getState().history.pages.get(known.id)).toBeUndefined();
    expect(titleOf(store)).toContain(crumb);
  });

  it("opened from the check's results: the same crumb", () => {
    const store = storeWith([known], [status(known.id, "failing")], NOW);
    apply(
      store,
      resultPageLoaded(store.getState(), known.id, { entries: [result], nextId: null }, false, NOW),
    );
    apply(store, openResults(store.getState(), known.id, "checks", result.id, NOW));
    expect(titleOf(store)).toContain(crumb);
  });
});
