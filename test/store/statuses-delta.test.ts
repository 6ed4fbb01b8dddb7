/**
 * A status delta applied (statusesChanged) against the full list read instead (statusesLoaded, the
 * oracle): over random polls the held statuses are the same, unchanged statuses keep their objects, the
 * poll names exactly what moved, and the checks list sorted incrementally from it equals a full sort.
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesChanged, statusesLoaded } from "../../src/store/data/slices.ts";
import { createUnknownChecks, diffStatuses } from "../../src/store/data/status-diff.ts";
import type { StatusSummary } from "../../src/store/data/summary.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { sortedCheckRows } from "../../src/store/view/selectors.ts";
import { rng } from "../support/rng.ts";
import { sortCheckRowsWhole } from "./view/full-sort.ts";

describe("statusesChanged", () => {
  it.each([1, 2, 3, 4, 5])("equals the full list's reducer over random deltas (seed %i)", (seed) => {
    const r = rng(seed);
    const ids = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const status = (id: string): StatusSummary => ({
      checkId: id,
      hasFailures: r.next() < 0.3,
      isDegraded: r.next() < 0.1,
      lastRunLocation: r.pick(["eu-west-1", "us-east-1"]),
      updated_at: r.pick(["2026-11-27T01:00:00.000Z", "2026-11-27T01:01:00.000Z"]),
    });
    const viaDelta = createConsoleStore();
    const viaFull = createConsoleStore();
    viaDelta.setState(
      checksLoaded(
        ids.map((id) => ({ id, name: `n${r.int(9)}`, checkType: "API" })),
        0,
      ),
    );
    // the service lists a status only of a check that ran: some have none at first
    let service = new Map(ids.filter(() => r.next() < 0.7).map((id) => [id, status(id)]));
    viaDelta.setState(statusesLoaded([...service.values()], 0, viaDelta.getState().statuses));
    viaFull.setState(statusesLoaded([...service.values()], 0, viaFull.getState().statuses));
    sortedCheckRows(viaDelta.getState());
    for (let poll = 1; poll <= 40; poll++) {
      // the checks that ran since: some change, some answer the same status again
      const ran = ids.filter(() => r.next() < 0.1);
      const delta = ran.map((id) =>
        r.next() < 0.5 && service.has(id) ? { ...service.get(id)! } : status(id),
      );
      service = new Map(service);
      for (const s of delta) service.set(s.checkId, s);
      const before = viaDelta.getState().statuses;
      viaDelta.setState(statusesChanged(delta, poll, before));
      viaFull.setState(statusesLoaded([...service.values()], poll, viaFull.getState().statuses));
      const got = viaDelta.getState().statuses;
      const want = viaFull.getState().statuses;
      expect(new Map([...got.byId].map(([k, v]) => [k, { ...v }]))).toEqual(
        new Map([...want.byId].map(([k, v]) => [k, { ...v }])),
      );
      expect(new Set(got.changed?.ids ?? [])).toEqual(new Set(want.changed?.ids ?? []));
      for (const [id, s] of before.byId) if (!got.changed?.ids.includes(id)) expect(got.byId.get(id)).toBe(s);
      if (!got.changed) {
        expect(got.byId).toBe(before.byId);
      }
      expect(got.loadedAt).toBe(poll);
      const rows = sortedCheckRows(viaDelta.getState());
      expect(rows.map((x) => x.id)).toEqual(sortCheckRowsWhole(viaDelta.getState()).map((x) => x.id));
    }
  });

  it.each([6, 7, 8])(
    "a full read diffed in slices and applied equals the full read's reducer (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const status = (id: string): StatusSummary => ({
        checkId: id,
        hasFailures: r.next() < 0.3,
        updated_at: r.pick(["2026-11-27T01:00:00.000Z", "2026-11-27T01:01:00.000Z"]),
      });
      const ids = Array.from({ length: 80 }, (_, i) => `c${i}`);
      const viaDiff = createConsoleStore();
      const viaFull = createConsoleStore();
      viaDiff.setState(
        checksLoaded(
          ids.map((id) => ({ id, name: id, checkType: "API" })),
          0,
        ),
      );
      viaFull.setState(
        checksLoaded(
          ids.map((id) => ({ id, name: id, checkType: "API" })),
          0,
        ),
      );
      let listed = ids.filter(() => r.next() < 0.7).map(status);
      viaDiff.setState(statusesLoaded(listed, 0, viaDiff.getState().statuses));
      viaFull.setState(statusesLoaded(listed, 0, viaFull.getState().statuses));
      for (let poll = 1; poll <= 30; poll++) {
        // some change, some are new, some are no longer listed
        listed = ids
          .filter(() => r.next() < 0.8)
          .map((id) => {
            const held = listed.find((s) => s.checkId === id);
            return held && r.next() < 0.8 ? { ...held } : status(id);
          });
        const before = viaDiff.getState().statuses;
        const diff = await diffStatuses(before.byId, listed, { sliceSize: 7 });
        viaDiff.setState(statusesChanged(diff.changed, poll, before, diff.removed));
        viaFull.setState(statusesLoaded(listed, poll, viaFull.getState().statuses));
        const got = viaDiff.getState().statuses;
        const want = viaFull.getState().statuses;
        expect(new Map(got.byId)).toEqual(new Map(want.byId));
        expect(new Set(got.changed?.ids ?? [])).toEqual(new Set(want.changed?.ids ?? []));
        expect(sortedCheckRows(viaDiff.getState()).map((x) => x.id)).toEqual(
          sortCheckRowsWhole(viaDiff.getState()).map((x) => x.id),
        );
      }
    },
  );

  it("counts the statuses of checks the list lacks as a walk of every status does, over deltas and list changes", async () => {
    const r = rng(42);
    const store = createConsoleStore();
    // the walk of every status in slices of 7 (50 statuses: several turns of the loop)
    const unknown = createUnknownChecks({ sliceSize: 7 });
    const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const listed = () => ids.filter(() => r.next() < 0.9).map((id) => ({ id, name: id, checkType: "API" }));
    store.setState(checksLoaded(listed(), 0));
    store.setState(
      statusesLoaded(
        ids.filter(() => r.next() < 0.5).map((id) => ({ checkId: id })),
        0,
      ),
    );
    for (let step = 1; step <= 60; step++) {
      if (r.next() < 0.15) store.setState(checksLoaded(listed(), step, store.getState().checks));
      else {
        const ran = ids
          .filter(() => r.next() < 0.1)
          .map((id) => ({ checkId: id, hasFailures: r.next() < 0.5 }));
        store.setState(statusesChanged(ran, step, store.getState().statuses));
      }
      const s = store.getState();
      const walk = [...s.statuses.byId.keys()].filter((id) => !s.checks.byId.has(id)).length;
      expect(await unknown(s), `step ${step}`).toBe(walk);
    }
  });
});

describe("statusesLoaded", () => {
  it("keeps the held map for a read of the same statuses in another order, and names one no longer listed", () => {
    const a: StatusSummary = { checkId: "a", hasFailures: false, updated_at: "2026-11-27T01:00:00.000Z" };
    const b: StatusSummary = { checkId: "b", hasFailures: true, updated_at: "2026-11-27T01:00:00.000Z" };
    const first = statusesLoaded([a, b], 0).statuses;
    const again = statusesLoaded([{ ...b }, { ...a }], 1, first).statuses;
    expect(again?.byId).toBe(first?.byId);
    expect(again?.changed).toBeUndefined();
    expect(again?.loadedAt).toBe(1);
    const dropped = statusesLoaded([{ ...a }], 2, again).statuses;
    expect(dropped?.changed?.ids).toEqual(["b"]);
    expect(dropped?.changed?.since).toBe(first?.byId);
    expect([...(dropped?.byId.keys() ?? [])]).toEqual(["a"]);
    // the unchanged status keeps its object
    expect(dropped?.byId.get("a")).toBe(first?.byId.get("a"));
  });
});
