/**
 * heldIncident (src/store/view/work.ts): what `u`, `s`, the overview and the incidents pane act on is the
 * fresher of an incident's own read and the list's entry — a detail read kept after the detail closed hid
 * a list re-read that carried a teammate's change.
 */
import { describe, expect, it } from "vitest";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import { listLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { heldIncident, incidentRead } from "../../src/store/view/work.ts";
import { storeWith } from "./fixtures.ts";

const T = Date.parse("2026-11-28T04:00:00Z");
const inc = (severity: string, updates: unknown[] | null = []) =>
  ({
    id: "i1",
    name: "Search degraded",
    severity,
    lastUpdateStatus: "INVESTIGATING",
    created_at: "2026-11-28T03:50:00Z",
    incidentUpdates: updates,
  }) as unknown as Incident;

describe("heldIncident: the fresher of the single read and the list", () => {
  it("a list read after the detail's read wins (a teammate's severity is seen)", () => {
    const store = storeWith([], [], T);
    apply(store, listLoaded("incidents", [inc("MINOR")], T - 60_000));
    apply(store, incidentRead(store.getState(), inc("MINOR"), T - 30_000));
    expect(heldIncident(store.getState(), "i1")?.severity).toBe("MINOR");
    apply(store, listLoaded("incidents", [inc("CRITICAL")], T));
    expect(heldIncident(store.getState(), "i1")?.severity).toBe("CRITICAL");
  });

  it("a single read after the list's wins; a list entry without updates never replaces one with them", () => {
    const store = storeWith([], [], T);
    apply(store, listLoaded("incidents", [inc("MINOR")], T - 60_000));
    apply(store, incidentRead(store.getState(), inc("MAJOR", [{ id: "u1" }]), T - 10_000));
    expect(heldIncident(store.getState(), "i1")?.severity).toBe("MAJOR");
    apply(store, listLoaded("incidents", [inc("CRITICAL", null)], T));
    expect(heldIncident(store.getState(), "i1")?.severity).toBe("MAJOR");
  });

  it("either alone, or neither", () => {
    const store = storeWith([], [], T);
    expect(heldIncident(store.getState(), "i1")).toBeUndefined();
    apply(store, listLoaded("incidents", [inc("MINOR")], T));
    expect(heldIncident(store.getState(), "i1")?.severity).toBe("MINOR");
  });
});
