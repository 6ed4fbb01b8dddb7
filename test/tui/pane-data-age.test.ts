/**
 * The status line's data age is that of the data the shown pane shows: the overview's oldest section
 * (states, open incidents, deliveries, private locations), a detail's own single read (a post re-reads it)
 * rather than the list's.
 */
import { describe, expect, it } from "vitest";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import { listLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { back, openDetail, setPane } from "../../src/store/view/ui.ts";
import { incidentRead } from "../../src/store/view/work.ts";
import { paneLoadedAt } from "../../src/tui/panes/lookup.ts";
import { check, status, storeWith } from "../store/fixtures.ts";

const T = Date.parse("2026-11-28T04:00:00Z");
const inc = {
  id: "i1",
  name: "Checkout errors",
  severity: "MAJOR",
  lastUpdateStatus: "INVESTIGATING",
  created_at: "2026-11-28T03:50:00Z",
  incidentUpdates: [],
} as unknown as Incident;

describe("the data age of the shown pane", () => {
  it("overview: the oldest of the sections read, not the statuses alone", () => {
    const a = check({ name: "Checkout API" });
    const store = storeWith([a], [status(a.id, "passing")], T);
    apply(store, setPane(store.getState(), "overview"));
    expect(paneLoadedAt(store.getState())).toBe(T);
    // incidents read 25 s before the newest statuses: the overview's data is 25 s old
    apply(store, listLoaded("incidents", [inc], T - 25_000));
    apply(store, statusesLoaded([status(a.id, "passing")], T + 5_000));
    expect(paneLoadedAt(store.getState())).toBe(T - 25_000);
    // the checks pane shows the statuses only
    expect(paneLoadedAt(store.getState(), "checks")).toBe(T + 5_000);
  });

  it("an incident's detail: its own read (after a post), not the list's older one", () => {
    const store = storeWith([], [], T);
    apply(store, listLoaded("incidents", [inc], T - 60_000));
    apply(store, setPane(store.getState(), "incidents"));
    expect(paneLoadedAt(store.getState())).toBe(T - 60_000);
    apply(store, openDetail(store.getState(), "incidents", "i1"));
    // not read on its own yet: the list's age
    expect(paneLoadedAt(store.getState())).toBe(T - 60_000);
    apply(store, incidentRead(store.getState(), inc, T));
    expect(paneLoadedAt(store.getState())).toBe(T);
    // back on the list: as old as the list's read
    apply(store, back(store.getState()));
    expect(paneLoadedAt(store.getState())).toBe(T - 60_000);
  });
});
