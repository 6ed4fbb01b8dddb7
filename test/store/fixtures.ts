/** Plain-object fixtures for store and component tests (no network). */

import type { CheckStatus } from "../../src/contract/schemas/check-statuses.ts";
import type { Check } from "../../src/contract/schemas/checks.ts";
import { checksLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { toCheckSummary } from "../../src/store/data/summary.ts";
import { apply, type ConsoleStore, createConsoleStore } from "../../src/store/state.ts";
import { initialUi } from "../../src/store/view/ui.ts";

let n = 0;
/** A UUID-shaped id that sorts in creation order. */
export function uuid(i = ++n): string {
  return `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
}

export function check(p: Partial<Check> & { name: string }): Check {
  return {
    id: p.id ?? uuid(),
    checkType: "API",
    frequency: 5,
    activated: true,
    locations: ["eu-west-1"],
    tags: [],
    ...p,
  } as Check;
}

export function status(
  checkId: string,
  health: "passing" | "failing" | "degraded",
  at = "2026-11-21T07:00:00Z",
): CheckStatus {
  return {
    checkId,
    hasFailures: health === "failing",
    hasErrors: false,
    isDegraded: health === "degraded",
    updated_at: at,
  } as CheckStatus;
}

/** A store holding `checks` and `statuses`, loaded at `now`. */
export function storeWith(
  checks: Check[],
  statuses: CheckStatus[] = [],
  now = Date.parse("2026-11-21T07:00:30Z"),
): ConsoleStore {
  const store = createConsoleStore({ ui: initialUi("checks") });
  apply(store, checksLoaded(checks.map(toCheckSummary), now));
  apply(store, statusesLoaded(statuses, now));
  return store;
}

/** N checks named "check 00001"…, every 7th failing, every 5th degraded. */
export function manyChecks(count: number): { checks: Check[]; statuses: CheckStatus[] } {
  const checks: Check[] = [];
  const statuses: CheckStatus[] = [];
  for (let i = 1; i <= count; i++) {
    const c = check({
      id: uuid(100_000 + i),
      name: `check ${String(i).padStart(5, "0")}`,
      tags: i % 2 ? ["odd"] : ["even"],
    });
    checks.push(c);
    statuses.push(status(c.id, i % 7 === 0 ? "failing" : i % 5 === 0 ? "degraded" : "passing"));
  }
  return { checks, statuses };
}
