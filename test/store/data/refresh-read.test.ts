/**
 * The 5-minute refresh of the checks list (loaders.ts) reads each page as it arrives, a slice at a time
 * (api/json-array-reader.ts), and keeps each check as it is parsed: its summary, or the held one when equal
 * (refreshedSummary) — then checksLoaded merges the whole list with the held one. Pure, without Ink or the
 * network: over random lists and random edits (checks added, removed, changed in any member the console
 * holds, moved), read back from bytes cut anywhere (inside a character too), the refreshed list equals what
 * a first read of the same pages holds, every unchanged check is the held object, every changed or new one
 * is not, and a refresh that changed nothing keeps the held list itself.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readJsonArray } from "../../../src/api/json-array-reader.ts";
import { createInterner } from "../../../src/store/data/intern.ts";
import { checksLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary } from "../../../src/store/data/summary.ts";
import {
  checkSummariesOf,
  checkSummaryListSchema,
  refreshedSummary,
} from "../../../src/store/data/summary-schemas.ts";
import { rng } from "../../support/rng.ts";

type Raw = Record<string, unknown>;
type Rng = ReturnType<typeof rng>;

const TYPES = ["API", "URL", "BROWSER", "HEARTBEAT", "TCP"];
const TAGS = ["prod", "staging", "api", "wéb", "payments ✔", "🔥hot"];
const LOCS = ["eu-west-1", "us-east-1", "ap-south-1"];
const some = (r: Rng, xs: readonly string[]) => xs.filter(() => r.next() < 0.4);
const maybe = <T>(r: Rng, v: () => T): T | null | undefined => {
  const x = r.next();
  return x < 0.15 ? null : x < 0.3 ? undefined : v();
};

/** A check document as the API lists it (members the summary drops too). */
function rawCheck(r: Rng, id: string): Raw {
  const checkType = r.pick(TYPES);
  return {
    id,
    name: `chéck ${r.int(1000)} ✔ ${"x".repeat(r.int(40))}`,
    checkType,
    activated: maybe(r, () => r.next() < 0.8),
    muted: maybe(r, () => r.next() < 0.2),
    frequency: maybe(r, () => r.pick([1, 5, 10, 60, 1440])),
    locations: maybe(r, () => some(r, LOCS)),
    privateLocations: maybe(r, () => some(r, ["on-prem", "dc-2"])),
    tags: maybe(r, () => some(r, TAGS)),
    degradedResponseTime: maybe(r, () => r.pick([1000, 3000])),
    maxResponseTime: maybe(r, () => r.pick([5000, 20000])),
    heartbeat:
      checkType === "HEARTBEAT"
        ? {
            period: r.pick([1, 5, 30]),
            periodUnit: r.pick(["minutes", "hours"]),
            grace: 30,
            graceUnit: "seconds",
          }
        : null,
    request: { url: "https://example.test/", method: "GET" },
  };
}

/** One member of `c` changed to a value it did not have (a real change to a member the console holds). */
function edit(r: Rng, c: Raw): Raw {
  const next = { ...c };
  for (;;) {
    const k = r.pick([
      "name",
      "checkType",
      "activated",
      "muted",
      "frequency",
      "locations",
      "privateLocations",
      "tags",
      "degradedResponseTime",
      "maxResponseTime",
      "heartbeat",
    ]);
    const was = JSON.stringify(c[k]);
    const fresh = rawCheck(r, String(c.id));
    next[k] =
      k === "heartbeat"
        ? { period: 1000 + r.int(100), periodUnit: "minutes", grace: r.int(60), graceUnit: "seconds" }
        : k === "tags" || k === "locations"
          ? [...((c[k] as string[] | null | undefined) ?? []), `new-${r.int(100)}`]
          : fresh[k];
    if (k === "heartbeat") next.checkType = "HEARTBEAT";
    if (JSON.stringify(next[k]) !== was && next[k] !== undefined) return next;
  }
}

/** The list's JSON as bytes cut at random places (inside a multi-byte character too). */
function bytesOf(r: Rng, list: Raw[]): Buffer[] {
  const bytes = Buffer.from(JSON.stringify(list));
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const n = 1 + r.int(r.next() < 0.5 ? 64 : 9000);
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

/** What a first read of `list` holds. */
const firstRead = (list: Raw[]) =>
  checksLoaded(checkSummariesOf(checkSummaryListSchema.parse(structuredClone(list)), createInterner()), 0)
    .checks as { items: readonly CheckSummary[]; byId: ReadonlyMap<string, CheckSummary> };

/** A refresh of `list` over `held`, as loaders.ts reads a page: in slices, each check kept as parsed. */
async function refresh(
  r: Rng,
  list: Raw[],
  held: { items: readonly CheckSummary[]; byId: ReadonlyMap<string, CheckSummary> },
) {
  const items = await readJsonArray(Readable.from(bytesOf(r, list)), checkSummaryListSchema.element, {
    sliceChars: 256 + r.int(4096),
    budgetMs: 0,
    each: refreshedSummary(createInterner(), () => held.byId),
  });
  return checksLoaded(items, 1, held).checks as {
    items: readonly CheckSummary[];
    byId: ReadonlyMap<string, CheckSummary>;
  };
}

describe("a refresh of the checks list, read in slices and kept as parsed", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "picks up every added, removed and changed check (seed %i)",
    async (seed) => {
      const r = rng(seed);
      let list = Array.from({ length: 50 + r.int(250) }, (_, i) => rawCheck(r, `c${seed}-${i}`));
      let held = firstRead(list);
      for (let round = 0; round < 4; round++) {
        const changed = new Set<string>();
        let next: Raw[] = [];
        for (const c of list) {
          const x = r.next();
          if (x < 0.05) continue; // removed
          if (x < 0.15) {
            next.push(edit(r, c));
            changed.add(String(c.id));
          } else next.push(c);
        }
        for (let i = r.int(8); i > 0; i--) {
          const id = `new-${seed}-${round}-${i}`;
          next.splice(r.int(next.length + 1), 0, rawCheck(r, id));
          changed.add(id);
        }
        // a few moved (a rename that sorts elsewhere: same check, another place)
        if (next.length > 2 && r.next() < 0.5) next = [...next.slice(1), next[0] as Raw];
        const got = await refresh(r, next, held);
        const want = firstRead(next);
        expect(got.items).toEqual(want.items);
        expect([...got.byId.keys()]).toEqual(next.map((c) => c.id));
        for (const c of got.items) {
          if (changed.has(c.id)) expect(c, c.id).not.toBe(held.byId.get(c.id));
          else expect(c, c.id).toBe(held.byId.get(c.id));
        }
        for (const c of list)
          if (!next.some((n) => n.id === c.id)) expect(got.byId.has(String(c.id))).toBe(false);
        list = next;
        held = got;
      }
      // nothing changed: the held list and map themselves
      const again = await refresh(r, list, held);
      expect(again.items).toBe(held.items);
      expect(again.byId).toBe(held.byId);
    },
  );
});
