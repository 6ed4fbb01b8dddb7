/**
 * What the panes select for the actions (their specs' `selects`, composed by src/tui/panes/selects.ts) —
 * what the act keys act on, per pane: the checks pane's cursor check (it follows the id across a re-sort),
 * its marks, its detail; the overview's line; the drilled check and its result; and `u` from the
 * overview's incident line.
 */
import { describe, expect, it } from "vitest";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import {
  actTarget as actTargetOf,
  targetIncident as targetIncidentOf,
} from "../../src/store/actions/targets.ts";
import { listLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { apply, type ConsoleState } from "../../src/store/state.ts";
import { overviewItems } from "../../src/store/triage/overview-state.ts";
import { openDetail, setCursor, setPane, toggleMark } from "../../src/store/view/ui.ts";
import { incidentRead } from "../../src/store/view/work.ts";
import { openResults } from "../../src/tui/panes/results/drill.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { check, status, storeWith } from "../store/fixtures.ts";

const [a, b, c] = ["alpha", "bravo", "charlie"].map((name) => check({ name }));
const ids = [a!.id, b!.id, c!.id];
const actTarget = (s: ConsoleState, single = false) => actTargetOf(PANE_HOOKS, s, single);
const targetIncident = (s: ConsoleState) => targetIncidentOf(PANE_HOOKS, s);
const names = (t: ReturnType<typeof actTarget>) => t.checks.map((x) => x.name);

function rig() {
  const store = storeWith(
    [a!, b!, c!],
    ids.map((id) => status(id, "passing")),
  );
  const set = (p: Parameters<typeof apply>[1]) => apply(store, p);
  return { store, set, s: () => store.getState() };
}

describe("act targets", () => {
  it("checks pane: the cursor's check, following it across a re-sort; the marks; a detail's check", () => {
    const r = rig();
    r.set(setPane(r.s(), "checks"));
    r.set(setCursor(r.s(), "checks", 1, b!.id));
    expect(names(actTarget(r.s()))).toEqual(["bravo"]);
    // charlie starts failing and sorts first: the cursor stays on bravo
    r.set(
      statusesLoaded(
        [status(a!.id, "passing"), status(b!.id, "passing"), status(c!.id, "failing")],
        Date.now(),
        r.s().statuses,
      ),
    );
    expect(names(actTarget(r.s()))).toEqual(["bravo"]);
    r.set(toggleMark(r.s(), a!.id));
    r.set(toggleMark(r.s(), c!.id));
    expect(names(actTarget(r.s())).sort()).toEqual(["alpha", "charlie"]);
    // single (y, o): the cursor's, never the marks
    expect(names(actTarget(r.s(), true))).toEqual(["bravo"]);
    r.set(openDetail(r.s(), "checks", c!.id));
    expect(names(actTarget(r.s()))).toEqual(["charlie"]);
  });

  it("overview: the check under the cursor; a line that names no check says so", () => {
    const r = rig();
    r.set(
      statusesLoaded(
        [status(a!.id, "failing"), status(b!.id, "degraded"), status(c!.id, "passing")],
        Date.now(),
        r.s().statuses,
      ),
    );
    r.set(setPane(r.s(), "overview"));
    const items = overviewItems(r.s());
    expect(items.map((i) => i.id)).toEqual([a!.id, b!.id]);
    r.set(setCursor(r.s(), "overview", 1, items[1]!.key));
    expect(names(actTarget(r.s()))).toEqual(["bravo"]);
    const inc = {
      id: "i1",
      name: "Checkout down",
      severity: "MAJOR",
      services: [],
      lastUpdateStatus: "INVESTIGATING",
      incidentUpdates: [],
    } as unknown as Incident;
    const other = { ...inc, id: "i2", name: "Older", created_at: "2020-01-01" } as Incident;
    r.set(listLoaded("incidents", [other, inc], Date.now()));
    const withInc = overviewItems(r.s());
    const line = withInc.find((i) => i.id === "i2")!;
    r.set(setCursor(r.s(), "overview", withInc.indexOf(line), line.key));
    expect(actTarget(r.s()).checks).toEqual([]);
    expect(actTarget(r.s()).none).toMatch(/put the cursor on a check/);
    // u on an incident line updates that incident, not the latest open one
    expect(targetIncident(r.s())?.id).toBe("i2");
    r.set(incidentRead(r.s(), { ...other, name: "Older (read)" } as Incident));
    expect(targetIncident(r.s())?.name).toBe("Older (read)");
  });

  it("results: the drilled check and the result open", () => {
    const r = rig();
    r.set(openResults(r.s(), c!.id, "checks", "res-9", Date.now()));
    const t = actTarget(r.s());
    expect(names(t)).toEqual(["charlie"]);
    expect(t.result?.id).toBe("res-9");
  });

  it("other panes name no check", () => {
    const r = rig();
    r.set(setPane(r.s(), "incidents"));
    expect(actTarget(r.s()).checks).toEqual([]);
  });
});
