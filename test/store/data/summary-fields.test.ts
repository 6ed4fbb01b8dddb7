/**
 * The objects the console holds checks' and statuses' summaries in (summary.ts CheckFields, StatusFields):
 * the same plain data as a copy of the listed keys — every listed key that has a value, no other, none set
 * to undefined — so they compare (sameShallow) and read as the copies they replace.
 */
import { describe, expect, it } from "vitest";
import {
  type CheckSummary,
  heldStatus,
  type StatusSummary,
  sameShallow,
  toCheckSummary,
} from "../../../src/store/data/summary.ts";
import { rng } from "../../support/rng.ts";

const CHECK = ["id", "name", "checkType", "activated", "muted", "frequency", "locations", "privateLocations"];
const CHECK_MORE = [
  "tags",
  "degradedResponseTime",
  "maxResponseTime",
  "heartbeatPeriodMs",
  "heartbeatGraceMs",
];
const STATUS = [
  "checkId",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "lastRunLocation",
  "updated_at",
  "cannotRun",
];

/** The listed keys with a value, as `pick` copied them. */
function listed(src: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (src[k] !== undefined) out[k] = src[k];
  return out;
}

describe("held summaries", () => {
  it.each([1, 2, 3, 4])("a check's summary is a copy of its listed keys with a value (seed %i)", (seed) => {
    const r = rng(seed);
    for (let n = 0; n < 200; n++) {
      const value = () => r.pick([undefined, null, true, false, 0, 60, "x", ["a", "b"]]);
      const src: Record<string, unknown> = { id: `c${n}`, name: `n${n}`, checkType: r.pick(["API", 7]) };
      for (const k of [...CHECK.slice(3), ...CHECK_MORE]) if (r.next() < 0.6) src[k] = value();
      // keys the summary drops
      if (r.next() < 0.5) src.request = { url: "https://example.com" };
      if (r.next() < 0.3)
        src.heartbeat = { period: 5, periodUnit: "minutes", grace: 30, graceUnit: "seconds" };
      const got = toCheckSummary(src as CheckSummary);
      const want = listed(src, [...CHECK, ...CHECK_MORE]);
      want.checkType = String(src.checkType);
      if (src.heartbeat) Object.assign(want, { heartbeatPeriodMs: 300_000, heartbeatGraceMs: 30_000 });
      expect(new Set(Object.keys(got))).toEqual(new Set(Object.keys(want)));
      expect({ ...got }).toStrictEqual(want);
      expect(sameShallow(got, want)).toBe(true);
      // a summary again is itself
      expect(toCheckSummary(got)).toBe(got);
    }
  });

  it("a held status is a copy of its listed keys with a value, and itself held again", () => {
    const r = rng(9);
    for (let n = 0; n < 200; n++) {
      const src: Record<string, unknown> = { checkId: `c${n}` };
      for (const k of STATUS.slice(1))
        if (r.next() < 0.6)
          src[k] = r.pick([undefined, null, true, false, "eu-west-1", "2026-11-27T01:00:00.000Z"]);
      const got = heldStatus(src as StatusSummary);
      const want = listed(src, STATUS);
      expect({ ...got }).toStrictEqual(want);
      expect(sameShallow(got, src)).toBe(Object.keys(src).length === Object.keys(want).length);
      expect(heldStatus(got)).toBe(got);
    }
  });
});

describe("sameShallow without arrays of keys", () => {
  /** What it answered when it compared Object.keys of both. */
  const byKeys = (a: object, b: object): boolean => {
    if (a === b) return true;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    return ka.every((k) => {
      const x = ra[k];
      const y = rb[k];
      if (Object.is(x, y)) return true;
      return (
        Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => Object.is(v, y[i]))
      );
    });
  };
  it.each([1, 2, 3, 4])(
    "answers as the comparison of Object.keys did, over random summaries (seed %i)",
    (seed) => {
      const r = rng(seed);
      const values = [undefined, null, true, false, 0, 1, Number.NaN, "a", "b", ["x"], ["x", "y"], []];
      const obj = (): Record<string, unknown> => {
        const o: Record<string, unknown> = {};
        for (const k of ["checkId", "hasFailures", "updated_at", "tags", "x"])
          if (r.next() < 0.6) o[k] = r.pick(values);
        return o;
      };
      for (let i = 0; i < 3000; i++) {
        const a = obj();
        const b = r.next() < 0.3 ? { ...a } : obj();
        const sa = r.next() < 0.5 ? heldStatus(a as StatusSummary) : a;
        expect(sameShallow(sa, b), JSON.stringify([a, b])).toBe(byKeys(sa, b));
        expect(sameShallow(b, sa)).toBe(byKeys(b, sa));
      }
    },
  );
});
