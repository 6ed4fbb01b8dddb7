/**
 * The indexed `/` filter (filtered-rows.ts over check-index.ts) equals the filter checked row by row
 * (naive-filter.ts, the filter as it was before the index), whatever is typed or deleted, while polls move
 * rows, checks come, change and go, and the sort changes: seeded random sequences over the filter
 * language's awkward characters and over names that lower-case to another length (İ), a final sigma, the
 * index's own separators, quotes and colons.
 */
import { describe, expect, it } from "vitest";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { countRows, countsKnown } from "../../../src/store/view/check-counts.ts";
import {
  matchesCheckFilter,
  matchesTerms,
  narrowing,
  parseCheckFilter,
} from "../../../src/store/view/check-filter.ts";
import { BLOCK, CheckIndex, checkIndexOf, fieldHolds } from "../../../src/store/view/check-index.ts";
import { CheckRowsView, type CheckSortColumn } from "../../../src/store/view/check-rows.ts";
import { FilteredRows, isPartialRows, rehearseFilteredRows } from "../../../src/store/view/filtered-rows.ts";
import { rng } from "../../support/rng.ts";
import { naiveCheckFilter } from "./naive-filter.ts";
import { makeRow, type Row } from "./rows.ts";

const WORDS = [
  "pay",
  "API",
  "eu",
  "Prod",
  "a",
  "b",
  "ab",
  "ba",
  "status",
  "tag",
  "type",
  "loc",
  "name",
  "fail",
];
const ODD = ["İstanbul", "ΑΣ", "x\u0000y", "p\u0001q", 'say "hi"', "db:primary", "naïve", ""];
// the characters that change a filter's meaning, weighted in among plain letters
const KEYS = [
  ..."abcdefilnprstuy9",
  " ",
  " ",
  "!",
  "-",
  ",",
  "|",
  ":",
  '"',
  "status:",
  "tag:",
  "type:",
  "loc:",
  "name:",
  "i̇",
  "σ",
  "ς",
  "\u0000",
  "\u0001",
];
const COLUMNS: CheckSortColumn[] = ["status", "name", "type", "frequency", "lastRun"];
const HEALTHS = [
  { hasFailures: true },
  { isDegraded: true },
  { hasFailures: false },
  { cannotRun: true },
  { hasErrors: true },
];

/** The rows of `n` API checks "check 0"… (ids c0…) and the list's index; `tags` gives each its tags. */
function numbered(n: number, tags: (i: number) => string[] = () => []) {
  const checks = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `check ${i}`,
    checkType: "API",
    tags: tags(i),
  })) as unknown as CheckSummary[];
  return { rows: checks.map((c) => makeRow(c, undefined)), index: checkIndexOf(checks) };
}

function checkMaker(r: ReturnType<typeof rng>) {
  const word = () => (r.next() < 0.1 ? r.pick(ODD) : r.pick(WORDS));
  return (id: string): CheckSummary => ({
    id,
    name: `${word()} ${word()}${word()}`,
    checkType: r.pick(["API", "URL", "BROWSER", "TCP", "HEARTBEAT", "a\u0000p"]),
    activated: r.next() < 0.8,
    muted: r.next() < 0.2,
    frequency: r.pick([1, 5, 10]),
    ...(r.next() < 0.9 ? { tags: [word(), word()].slice(0, r.int(3)) } : {}),
    locations: r.next() < 0.9 ? [r.pick(["eu-west-1", "us-east-1", "ap-south-1"])] : null,
    ...(r.next() < 0.3 ? { privateLocations: [r.pick(["dc-Berlin", "İzmir"])] } : {}),
  });
}

describe("FilteredRows", () => {
  it.each(Array.from({ length: 40 }, (_, i) => 500 + i))(
    "equals the filter row by row after any typing, deleting, polls and list changes (seed %i)",
    (seed) => {
      const r = rng(seed);
      const check = checkMaker(r);
      const id = (i: number) => `${r.pick(["A", "b", "C9", "9", "x\u00009", "İ"])}${i}`;
      let checks = Array.from({ length: 50 + r.int(250) }, (_, i) => check(id(i)));
      let statuses = new Map<string, StatusSummary>(
        checks.map((c) => [c.id, { checkId: c.id, ...r.pick(HEALTHS), updated_at: null }]),
      );
      let sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      const filter = new FilteredRows<Row>();
      let text = "";
      let next = 10_000;
      for (let step = 0; step < 80; step++) {
        const op = r.next();
        let changed: string[] | undefined;
        if (op < 0.55) text += r.pick(KEYS);
        else if (op < 0.65) text = text.slice(0, Math.max(0, text.length - 1 - r.int(3)));
        else if (op < 0.68) text = "";
        else if (op < 0.8) {
          // a status poll: a few statuses change
          statuses = new Map(statuses);
          changed = [];
          for (let k = 1 + r.int(4); k > 0; k--) {
            const c = r.pick(checks);
            statuses.set(c.id, { checkId: c.id, ...r.pick(HEALTHS), updated_at: null });
            changed.push(c.id);
          }
        } else if (op < 0.85) checks = [...checks, check(id(next++))];
        else if (op < 0.9 && checks.length > 1) checks = checks.toSpliced(r.int(checks.length), 1);
        else if (op < 0.95) {
          const i = r.int(checks.length);
          checks = checks.with(i, check((checks[i] as CheckSummary).id));
        } else sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
        const rows = view.rows(checks, statuses, sort, undefined, changed);
        const index = checkIndexOf(checks);
        const got = filter.rows(
          rows,
          text,
          () => index,
          () => view.positions(index.positionOf),
        );
        const want = rows.filter((x) => naiveCheckFilter(x, text));
        expect(
          got.map((x) => x.id),
          `text ${JSON.stringify(text)}`,
        ).toEqual(want.map((x) => x.id));
        // row by row, the product's own matcher says the same
        expect(rows.filter((x) => matchesCheckFilter(x, text)).map((x) => x.id)).toEqual(
          want.map((x) => x.id),
        );
        expect(
          filter.rows(
            rows,
            text,
            () => index,
            () => [],
          ),
        ).toBe(got);
      }
    },
  );

  it.each(Array.from({ length: 16 }, (_, i) => 700 + i))(
    "answered in two steps over a long list: first a prefix of the answer, then all of it (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const check = checkMaker(r);
      let checks = Array.from({ length: 200 + r.int(BLOCK * 2) }, (_, i) => check(`c${i}`));
      let statuses = new Map<string, StatusSummary>(
        checks.map((c) => [c.id, { checkId: c.id, ...r.pick(HEALTHS), updated_at: null }]),
      );
      const sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      // every list is long; the first answer stops after a few rows; each slice is one step
      const filter = new FilteredRows<Row>({
        progressiveFrom: 0,
        headRows: 1 + r.int(30),
        headMs: 1e9,
        sliceMs: 0,
      });
      let wakes = 0;
      const wake = () => wakes++;
      const settle = async () => {
        for (let i = 0; i < 10_000 && wakes === 0; i++) await new Promise((done) => setImmediate(done));
      };
      let text = "";
      for (let step = 0; step < 30; step++) {
        const op = r.next();
        if (op < 0.6) text += r.pick(KEYS);
        else if (op < 0.7) text = text.slice(0, -1);
        else if (op < 0.85) {
          statuses = new Map(statuses);
          const c = r.pick(checks);
          statuses.set(c.id, { checkId: c.id, ...r.pick(HEALTHS), updated_at: null });
        } else checks = checks.with(r.int(checks.length), check(`n${step}`));
        const rows = view.rows(checks, statuses, sort);
        const index = checkIndexOf(checks);
        const ask = () =>
          filter.rows(
            rows,
            text,
            () => index,
            () => view.positions(index.positionOf),
            wake,
          );
        const want = rows.filter((x) => naiveCheckFilter(x, text)).map((x) => x.id);
        wakes = 0;
        const first = ask();
        if (isPartialRows(first)) {
          // the top of the answer, in its order
          expect(first.map((x) => x.id)).toEqual(want.slice(0, first.length));
          // sometimes the next keystroke comes first: the unfinished answer is dropped, never woken for
          if (r.next() < 0.3) continue;
          await settle();
          expect(wakes).toBe(1);
          const whole = ask();
          expect(isPartialRows(whole)).toBe(false);
          expect(whole.map((x) => x.id)).toEqual(want);
          expect(ask()).toBe(whole);
          // its counts were taken as it was built
          expect(countsKnown(whole)).toEqual(countRows(whole));
        } else expect(first.map((x) => x.id)).toEqual(want);
      }
      // an answer dropped by a newer call (here: the filter cleared) never wakes the view
      const rows = view.rows(checks, statuses, sort);
      filter.rows(
        rows,
        `${text} zz`,
        () => checkIndexOf(checks),
        () => view.positions(checkIndexOf(checks).positionOf),
        wake,
      );
      wakes = 0;
      expect(
        filter.rows(
          rows,
          "",
          () => checkIndexOf(checks),
          () => [],
          wake,
        ),
      ).toBe(rows);
      await filter.settled();
      expect(wakes).toBe(0);
    },
  );

  it("the whole answer's first slice waits two turns of the loop (the keystroke's frame is drawn on the first)", async () => {
    const { rows, index } = numbered(300);
    let marks = 0;
    const counted = new Proxy(index, {
      get: (target, key) =>
        key === "mark"
          ? (...args: Parameters<typeof index.mark>) => {
              marks++;
              return target.mark(...args);
            }
          : Reflect.get(target, key, target),
    });
    const filter = new FilteredRows<Row>({ progressiveFrom: 0, headRows: 1, headMs: 1e9, sliceMs: 1e9 });
    const positions = rows.map((_, i) => i);
    const first = filter.rows(
      rows,
      "check",
      () => counted,
      () => positions,
      () => undefined,
    );
    expect(isPartialRows(first)).toBe(true);
    const turn = () => new Promise((done) => setImmediate(done));
    await turn();
    expect(marks).toBe(0);
    await filter.settled();
    expect(marks).toBeGreaterThan(0);
  });

  it.each(Array.from({ length: 12 }, (_, i) => 900 + i))(
    "a narrowing keeps only rows the filter before kept, and asks them what the row-by-row filter asks (seed %i)",
    (seed) => {
      const r = rng(seed);
      const check = checkMaker(r);
      const rows = Array.from({ length: 300 }, (_, i) =>
        makeRow(check(`${r.pick(["A", "b", "9", "İ"])}${i}`), { checkId: "", ...r.pick(HEALTHS) }),
      );
      const statusWord = () =>
        `${r.pick(["", "!", "-"])}status:${r.pick(["f", "fa", "p", "d", "de", "m", "a", ""])}`;
      let narrowed = 0;
      for (let n = 0; n < 150; n++) {
        let before = Array.from({ length: r.int(4) }, () => r.pick(KEYS)).join("");
        if (r.next() < 0.2) before += ` ${statusWord()}`;
        // typing on, a word more, an alternative more, or an edit anywhere
        const op = r.next();
        const after =
          op < 0.5
            ? before + Array.from({ length: 1 + r.int(3) }, () => r.pick(KEYS)).join("")
            : op < 0.7
              ? `${before} ${r.next() < 0.5 ? statusWord() : r.pick(WORDS)}`
              : op < 0.8
                ? `${before},${r.pick(WORDS)}`
                : before.slice(0, r.int(before.length + 1)) +
                  r.pick(KEYS) +
                  before.slice(r.int(before.length + 1));
        const ask = narrowing(parseCheckFilter(before), parseCheckFilter(after));
        if (ask === undefined) continue;
        narrowed++;
        for (const row of rows) {
          // what the filter after keeps: what the one before kept and the terms still asked keep
          const want = naiveCheckFilter(row, after);
          expect(
            naiveCheckFilter(row, before) && matchesTerms(row, ask),
            `${JSON.stringify(before)} → ${JSON.stringify(after)}`,
          ).toBe(want);
        }
      }
      expect(narrowed).toBeGreaterThan(20);
    },
  );

  it("typing on asks only the rows the answer before kept, with only the new word", () => {
    const { rows, index } = numbered(400, (i) => (i % 2 ? ["odd"] : []));
    const filter = new FilteredRows<Row>();
    let asked = 0;
    const positions = () => {
      asked++;
      return rows.map((_, i) => i);
    };
    const ids = (text: string) => filter.rows(rows, text, () => index, positions).map((x) => x.id);
    const want = (text: string) => rows.filter((x) => naiveCheckFilter(x, text)).map((x) => x.id);
    expect(ids("check 1")).toEqual(want("check 1"));
    expect(asked).toBe(1);
    for (const text of ["check 12", "check 12 odd", "check 12 odd status:p", "check 123 odd status:p"]) {
      expect(ids(text)).toEqual(want(text));
      // the list's positions are not asked again: the answer before carries its rows' own
      expect(asked).toBe(1);
    }
    // the same words: the very rows
    const same = filter.rows(rows, "check 123 odd status:p ", () => index, positions);
    expect(same).toBe(filter.rows(rows, "check 123 odd status:p", () => index, positions));
    // a character deleted widens: asked anew
    expect(ids("check 12 odd")).toEqual(want("check 12 odd"));
    expect(asked).toBe(2);
  });

  it("over a long index, a narrowing keystroke answers in two steps too, from the answer before", async () => {
    const { rows, index } = numbered(600);
    // the index is long (500 checks and more); a first answer is 5 rows
    const filter = new FilteredRows<Row>({ progressiveFrom: 500, headRows: 5, headMs: 1e9, sliceMs: 0 });
    let asked = 0;
    const positions = () => {
      asked++;
      return rows.map((_, i) => i);
    };
    let wakes = 0;
    const ask = (text: string) =>
      filter.rows(
        rows,
        text,
        () => index,
        positions,
        () => wakes++,
      );
    const want = (text: string) => rows.filter((x) => naiveCheckFilter(x, text)).map((x) => x.id);
    for (const text of ["check 1", "check 12"]) {
      wakes = 0;
      const first = ask(text);
      expect(isPartialRows(first)).toBe(true);
      expect(first.map((x) => x.id)).toEqual(want(text).slice(0, 5));
      await filter.settled();
      expect(wakes).toBe(1);
      expect(ask(text).map((x) => x.id)).toEqual(want(text));
    }
    // the second keystroke asked the first one's rows, by their own positions
    expect(asked).toBe(1);
    // a first answer that looked at every row is the whole answer, and the next keystroke narrows it
    expect(ask("check 123").map((x) => x.id)).toEqual(want("check 123"));
    expect(ask("check 1234").map((x) => x.id)).toEqual([]);
    expect(asked).toBe(1);
  });

  it("an empty or half-typed filter keeps the very rows", () => {
    const rows = [makeRow({ id: "a", name: "A", checkType: "API" }, undefined)];
    const index = new CheckIndex(rows.map((x) => x.check));
    const f = new FilteredRows<Row>();
    expect(
      f.rows(
        rows,
        "  ",
        () => index,
        () => [0],
      ),
    ).toBe(rows);
    expect(
      f.rows(
        rows,
        "status: !",
        () => index,
        () => [0],
      ),
    ).toBe(rows);
    expect(parseCheckFilter("tag:")).toEqual([]);
  });
});

describe("rehearseFilteredRows", () => {
  it.each(Array.from({ length: 12 }, (_, i) => 1100 + i))(
    "asks the view's rows what a first keystroke and the next would, each answer the plain filter's, and leaves the view's filter as it was (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const check = checkMaker(r);
      const checks = Array.from({ length: 100 + r.int(400) }, (_, i) =>
        check(`${r.pick(["a", "B", "9"])}${i}`),
      );
      const statuses = new Map<string, StatusSummary>(
        checks.map((c) => [c.id, { checkId: c.id, ...r.pick(HEALTHS), updated_at: null }]),
      );
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      const rows = view.rows(checks, statuses, { column: r.pick(COLUMNS), desc: r.next() < 0.5 });
      const index = checkIndexOf(checks);
      const positions = () => view.positions(index.positionOf);
      // the view's own filter, set before and asked after
      const mine = new FilteredRows<Row>();
      const text = r.pick(["pay", "!a", "status:fail"]);
      const before = mine.rows(rows, text, () => index, positions);
      // in one go, and as a long list is answered (its top first, the rest in slices)
      for (const pace of [{}, { progressiveFrom: 0, headRows: 3, sliceMs: 0 }]) {
        const lengths = await rehearseFilteredRows(rows, () => index, positions, pace);
        const name = (rows[rows.length >> 1] as Row).check.name.toLowerCase();
        const at = Math.max(0, name.search(/[a-z0-9]/));
        const words = [name.slice(at, at + 1), name.slice(at, at + 2)].filter((w) => w.trim() !== "");
        expect(lengths).toEqual(words.map((w) => rows.filter((x) => naiveCheckFilter(x, w)).length));
        // a word the rows hold: never an empty answer
        for (const n of lengths) expect(n).toBeGreaterThan(0);
      }
      expect(mine.rows(rows, text, () => index, positions)).toBe(before);
      expect(before.map((x) => x.id)).toEqual(rows.filter((x) => naiveCheckFilter(x, text)).map((x) => x.id));
    },
  );

  it("over no rows asks nothing", async () => {
    const index = new CheckIndex([]);
    expect(
      await rehearseFilteredRows<Row>(
        [],
        () => index,
        () => [],
      ),
    ).toEqual([]);
  });
});

describe("CheckIndex", () => {
  const checks = (n: number, name: (i: number) => string) =>
    Array.from(
      { length: n },
      (_, i): CheckSummary => ({ id: `id-${i}`, name: name(i), checkType: "URL", tags: [`t${i % 7}`] }),
    );
  const marked = (index: CheckIndex, field: "name" | "id" | "tags", word: string, prefix = false) => {
    const out = new Uint8Array(index.checks.length);
    index.mark(field, word, prefix, out);
    return [...out.keys()].filter((i) => out[i] === 1);
  };

  it("finds words across blocks, as parts and as prefixes", async () => {
    const list = checks(BLOCK * 2 + 5, (i) => `Service ${i}`);
    const index = new CheckIndex(list);
    expect(await index.warm(1)).toBe(3);
    expect(index.built).toBe(true);
    expect(marked(index, "name", `service ${BLOCK + 1}`)).toEqual(
      list.flatMap((c, i) => (c.name.toLowerCase().includes(`service ${BLOCK + 1}`) ? [i] : [])),
    );
    expect(marked(index, "id", "id-1", true)).toEqual(
      list.flatMap((c, i) => (c.id.startsWith("id-1") ? [i] : [])),
    );
    // a part of an id is not its start
    expect(marked(index, "id", "d-1", true)).toEqual([]);
    expect(marked(index, "tags", "t6")).toEqual(list.flatMap((_, i) => (i % 7 === 6 ? [i] : [])));
  });

  it.each([1, 2, 3, 4, 5, 6])(
    "an id's start or part marks what asking each check marks (ids held by their order, seed %i)",
    (seed) => {
      const r = rng(seed);
      const part = () =>
        r.pick(["a", "A", "ab", "b", "-", "İ", "i", "\u0000", "\u0001", "z", "é", "É", "1", ""]);
      const idOf = () => Array.from({ length: r.int(5) }, part).join("");
      const list = Array.from(
        { length: 1 + r.int(BLOCK * 2 + 40) },
        (_, i): CheckSummary => ({
          id: r.next() < 0.1 ? `dup${r.int(3)}` : idOf() || `x${i}`,
          name: "n",
          checkType: "URL",
        }),
      );
      const index = new CheckIndex(list);
      for (let n = 0; n < 60; n++) {
        const word = idOf().toLowerCase();
        for (const prefix of [true, false]) {
          const want = list.flatMap((c, i) => (fieldHolds(c, "id", word, prefix) ? [i] : []));
          expect(marked(index, "id", word, prefix)).toEqual(want);
          // a range of blocks marks the checks of those blocks only
          const out = new Uint8Array(list.length);
          index.mark("id", word, prefix, out, 1, 2);
          expect([...out.keys()].filter((i) => out[i] === 1)).toEqual(
            want.filter((i) => i >= BLOCK && i < 2 * BLOCK),
          );
        }
      }
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "types, tags and locations, few or many different, mark what asking each check marks (seed %i)",
    (seed) => {
      const r = rng(seed);
      // few different values (held by number) or many (held as text), by block
      const pool = [3, 40, 400, 5000][seed % 4] as number;
      const part = () => r.pick(["a", "B", "-", "İ", "i", "\u0000", "\u0001", "z", "é", "1", ""]);
      const vocabulary = Array.from({ length: pool }, (_, i) => `${part()}${part()}${i}`);
      const value = () => r.pick(vocabulary);
      const values = () => (r.next() < 0.1 ? null : Array.from({ length: r.int(3) }, value));
      const list = Array.from(
        { length: 1 + r.int(BLOCK * 2 + 40) },
        (_, i): CheckSummary => ({
          id: `c${i}`,
          name: "n",
          checkType: value(),
          tags: values(),
          locations: values(),
          privateLocations: r.next() < 0.2 ? values() : undefined,
        }),
      );
      const index = new CheckIndex(list);
      const asked = [
        ["type", true],
        ["type", false],
        ["tags", false],
        ["locations", false],
      ] as const;
      for (let n = 0; n < 40; n++) {
        const word = `${part()}${r.next() < 0.5 ? r.int(pool) : ""}`.toLowerCase();
        for (const [field, prefix] of asked) {
          const out = new Uint8Array(list.length);
          index.mark(field, word, prefix, out);
          expect([...out.keys()].filter((i) => out[i] === 1)).toEqual(
            list.flatMap((c, i) => (fieldHolds(c, field, word, prefix) ? [i] : [])),
          );
        }
      }
    },
  );

  it("a new list keeps the blocks whose checks kept their identity", async () => {
    const list = checks(BLOCK * 3, (i) => `n${i}`);
    const a = new CheckIndex(list);
    await a.warm();
    const changed = list.with(BLOCK + 3, { ...(list[BLOCK + 3] as CheckSummary), name: "renamed" });
    const b = new CheckIndex(changed, a);
    expect(b.built).toBe(false);
    expect(await b.warm()).toBe(1);
    expect(marked(b, "name", "renamed")).toEqual([BLOCK + 3]);
    // pages arriving: only the new block is built
    const grown = new CheckIndex([...changed, ...checks(10, (i) => `late${i}`)], b);
    expect(await grown.warm()).toBe(1);
    expect(marked(grown, "name", "late9")).toEqual([BLOCK * 3 + 9]);
  });
});
