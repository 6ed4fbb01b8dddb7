/**
 * The `/` filter of the checks lists (checks pane, analytics): words separated by spaces, ALL must match;
 * a word starting with `!` or `-` must NOT match. Case-insensitive.
 *
 *   status:failing   the state the row shows — failing, degraded, passing, pending, cannot-run,
 *                    deactivated, muted (also `active`); a prefix is enough (`status:fail`) and `,` or `|`
 *                    lists alternatives (`status:failing,degraded`; so for every key). A deactivated check shows as deactivated,
 *                    not as its last state; muted goes with any state.
 *   type:api         a type starting with it
 *   tag:prod         a tag containing it
 *   loc:eu-west-1    a public or private location containing it (`location:` too)
 *   name:x           the name containing it
 *   anything else    the name, a tag, the type, or the start of the id
 *   "two words"      a phrase (also after a key: tag:"blue team")
 *
 * A key with nothing after it yet (`status:` while typing) matches every row; an unknown key (`foo:bar`)
 * is plain text. Parsed once per filter text into terms (data); a list is filtered through its search
 * index (check-index.ts: every word one native scan over the lower-cased fields of all checks), a single
 * row by `matchesCheckFilter`.
 */
import type { Health } from "../../shared/format.ts";
import type { CheckSummary } from "../data/summary.ts";
import { CheckIndex, checkIndexOf, fieldHolds, type IndexField } from "./check-index.ts";

/** What the filter reads of a row: the check, and its state (status: words need it). */
export type FilterableRow = { check: CheckSummary; health?: Health | undefined };

/** One alternative of a word: the word, and where it is looked for (any of them), as a part or a prefix. */
type TextValue = { word: string; where: readonly { field: IndexField; prefix: boolean }[] };

/** One word of the filter: what it looks at, and its alternatives (any may match). */
export type Term =
  | {
      negate: boolean;
      kind: "status";
      /** The states it accepts (a bit per entry of STATES): what a narrowing compares. */
      states: number;
      test: (r: FilterableRow) => boolean;
    }
  | {
      negate: boolean;
      kind: "text";
      /** Each alternative: where it is looked for (any of them), as a part or a prefix. */
      values: readonly TextValue[];
    };

/** The states `status:` knows (spelled without spaces or dashes), and what each means for a row. */
const STATES: readonly [string, (r: FilterableRow) => boolean][] = [
  ["failing", (r) => shown(r) === "failing"],
  ["degraded", (r) => shown(r) === "degraded"],
  ["passing", (r) => shown(r) === "passing"],
  ["pending", (r) => shown(r) === "pending"],
  ["cannotrun", (r) => shown(r) === "cannot run"],
  ["deactivated", (r) => r.check.activated === false],
  ["active", (r) => r.check.activated !== false],
  ["muted", (r) => r.check.muted === true],
];

/** The state a row shows: a deactivated check does not run, whatever its last status said. */
function shown(r: FilterableRow): Health | "deactivated" | undefined {
  return r.check.activated === false ? "deactivated" : r.health;
}

/** The states `status:` values name, a bit per entry of STATES. */
function statesOf(values: string[]): number {
  let states = 0;
  for (const v of values) {
    const want = v.replace(/[^a-z]/g, "");
    STATES.forEach(([name], i) => {
      if (name.startsWith(want)) states |= 1 << i;
    });
  }
  return states;
}

function statusTest(states: number): (r: FilterableRow) => boolean {
  const tests = STATES.filter((_, i) => (states & (1 << i)) !== 0).map(([, t]) => t);
  return (r) => tests.some((t) => t(r));
}

const PART = (field: IndexField) => ({ field, prefix: false });
const PLAIN = [
  PART("name"),
  { field: "type", prefix: false },
  PART("tags"),
  { field: "id", prefix: true },
] as const;
const WHERE: Record<string, readonly { field: IndexField; prefix: boolean }[]> = {
  type: [{ field: "type", prefix: true }],
  tag: [PART("tags")],
  loc: [PART("locations")],
  location: [PART("locations")],
  name: [PART("name")],
};

/** One word's term: `key:value[,value…]` for a known key, else plain text; undefined: matches every row. */
function termOf(negate: boolean, key: string | undefined, value: string): Term | undefined {
  const values = value.split(/[,|]/).filter(Boolean);
  if (key === "status" || key === "state" || key === "is") {
    if (values.length === 0) return undefined;
    const states = statesOf(values);
    return { negate, kind: "status", states, test: statusTest(states) };
  }
  const where = key === undefined ? undefined : WHERE[key];
  if (where)
    return values.length
      ? { negate, kind: "text", values: values.map((word) => ({ word, where })) }
      : undefined;
  const w = key === undefined ? value : `${key}:${value}`;
  return w ? { negate, kind: "text", values: [{ word: w, where: PLAIN }] } : undefined;
}

const KNOWN_KEYS = new Set(["status", "state", "is", "type", "tag", "loc", "location", "name"]);
const WORD = /([!-]?)(?:([a-z]+):)?("[^"]*"?|\S*)/g;

/** The filter text as its terms (words that match everything while being typed are left out). */
export function parseCheckFilter(filter: string): readonly Term[] {
  const terms: Term[] = [];
  for (const m of filter.toLowerCase().matchAll(WORD)) {
    if (m[0] === "") continue;
    const negate = m[1] !== "";
    const rawKey = m[2];
    const key = rawKey !== undefined && KNOWN_KEYS.has(rawKey) ? rawKey : undefined;
    let value = (m[3] ?? "").replace(/^"|"$/g, "");
    if (rawKey !== undefined && key === undefined) value = `${rawKey}:${value}`;
    const term = termOf(negate, key, value);
    if (term) terms.push(term);
  }
  return terms;
}

let lastText: string | undefined;
let lastTerms: readonly Term[] = [];
/** The terms of a filter text (the last one parsed is kept: every keystroke asks again for its own). */
export function termsOf(filter: string): readonly Term[] {
  if (filter !== lastText) {
    lastTerms = parseCheckFilter(filter);
    lastText = filter;
  }
  return lastTerms;
}

function rowMatches(t: Term, row: FilterableRow): boolean {
  if (t.kind === "status") return t.test(row);
  // counted loops, not some() with closures or iterators: a long list's first answer asks this of
  // thousands of rows at once, in code run too seldom to be optimised
  const { values } = t;
  for (let v = 0; v < values.length; v++) {
    const { word, where } = values[v] as TextValue;
    for (let w = 0; w < where.length; w++) {
      const { field, prefix } = where[w] as { field: IndexField; prefix: boolean };
      if (fieldHolds(row.check, field, word, prefix)) return true;
    }
  }
  return false;
}

/** Whether a row passes every one of `terms`, row by row. */
export function matchesTerms(row: FilterableRow, terms: readonly Term[]): boolean {
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i] as Term;
    if (rowMatches(t, row) === t.negate) return false;
  }
  return true;
}

/** Whether a row passes the checks filter (see the top of this file), row by row. */
export function matchesCheckFilter(row: FilterableRow, filter: string): boolean {
  return matchesTerms(row, termsOf(filter));
}

/** Whether every check that a value `a` finds is one `b` finds: looked for in the same places, a longer word. */
function valueImplies(a: TextValue, b: TextValue): boolean {
  if (a.where !== b.where) return false;
  // a prefix of an id: the longer word must start with the shorter; a part of a name: contain it
  const prefix = a.where.some((w) => w.prefix);
  return prefix ? a.word.startsWith(b.word) : a.word.includes(b.word);
}

/** Whether every row term `a` keeps, term `b` keeps too. */
function implies(a: Term, b: Term): boolean {
  if (a.negate !== b.negate) return false;
  if (a.kind === "status" && b.kind === "status")
    // fewer states kept; negated: more states left out
    return a.negate ? (b.states & ~a.states) === 0 : (a.states & ~b.states) === 0;
  if (a.kind !== "text" || b.kind !== "text") return false;
  // every value of `a` finds only checks one of `b`'s finds (negated: the same values, left out alike)
  const within = (x: typeof a, y: typeof b) =>
    x.values.every((v) => y.values.some((w) => valueImplies(v, w)));
  return a.negate ? within(a, b) && within(b, a) : within(a, b);
}

/**
 * When the filter `next` keeps only rows the filter `prev` keeps (typing on at the end of a word, or a
 * word more: `9` → `99`, `9` → `9 tag:prod`), the terms of `next` a row `prev` kept must still be asked
 * (those that are not `prev`'s own, term for term); undefined when `next` may keep a row `prev` left out
 * (a character deleted, a `!` word made longer, an alternative added) — then the rows are asked anew.
 */
export function narrowing(prev: readonly Term[], next: readonly Term[]): Term[] | undefined {
  if (next.length < prev.length) return undefined;
  const ask: Term[] = [];
  for (let i = 0; i < next.length; i++) {
    const t = next[i] as Term;
    const before = prev[i];
    if (before === undefined) ask.push(t);
    else if (!implies(t, before)) return undefined;
    else if (!implies(before, t)) ask.push(t);
  }
  return ask;
}

/**
 * The checks (positions in `index.checks`) the filter's text words keep, one byte each: a check kept by
 * every text term (status terms read the row and are left to the caller); undefined when no text term.
 */
export function textMatches(index: CheckIndex, terms: readonly Term[]): Uint8Array | undefined {
  const m = textMatchSteps(index, terms);
  for (const step of m.steps) step();
  return m.keep();
}

/**
 * `textMatches` as steps of a block of checks each (BLOCK), to be run in order — all at once, or a few
 * at a time between which the caller yields to input (filtered-rows.ts) — then `keep()` is the answer.
 */
export function textMatchSteps(
  index: CheckIndex,
  terms: readonly Term[],
): { steps: (() => void)[]; keep: () => Uint8Array | undefined } {
  const n = index.checks.length;
  let keep: Uint8Array | undefined;
  const steps: (() => void)[] = [];
  for (const t of terms) {
    if (t.kind !== "text") continue;
    const hit = new Uint8Array(n);
    for (const { word, where } of t.values)
      for (const { field, prefix } of where)
        for (let b = 0; b < index.blocks; b++)
          steps.push(() => index.mark(field, word, prefix, hit, b, b + 1));
    steps.push(() => {
      if (keep === undefined) {
        keep = hit;
        if (t.negate) for (let i = 0; i < n; i++) keep[i] = 1 - (keep[i] as number);
      } else if (t.negate)
        for (let i = 0; i < n; i++) keep[i] = (keep[i] as number) & (1 - (hit[i] as number));
      else for (let i = 0; i < n; i++) keep[i] = (keep[i] as number) & (hit[i] as number);
    });
  }
  return { steps, keep: () => keep };
}

/** The status words of the terms as one row test (undefined: none). */
export function statusMatches(terms: readonly Term[]): ((row: FilterableRow) => boolean) | undefined {
  const status = terms.filter((t) => t.kind === "status");
  if (status.length === 0) return undefined;
  return (row) => status.every((t) => t.test(row) !== t.negate);
}

let rehearsed = false;

/**
 * The filter's code run once over two made-up checks, so the first keystroke does not compile it: V8
 * compiles a function when it is first called and a regular expression when it is first used, and the
 * first `/` keystroke at 10,000 checks took about twice the time of the filtering so (~6 ms, then ~3).
 */
function rehearse(): void {
  if (rehearsed) return;
  rehearsed = true;
  const checks: CheckSummary[] = [
    { id: "a1", name: "Rehearsal", checkType: "API", tags: ["x"], locations: ["l"] },
    { id: "B2", name: "two", checkType: "URL", privateLocations: ["p"] },
  ];
  const index = new CheckIndex(checks);
  const row: FilterableRow = { check: checks[0] as CheckSummary, health: "passing" };
  let before: readonly Term[] = [];
  for (const text of ["r", "re", 're tag:x,y !"a b" status:fail|pass', "-loc:l type:a name:t a1"]) {
    const terms = parseCheckFilter(text);
    textMatches(index, terms);
    matchesTerms(row, terms);
    statusMatches(terms)?.(row);
    narrowing(before, terms);
    before = terms;
  }
}

/**
 * Build the filter's index of these checks ahead of the first keystroke (the loader calls it when the
 * checks arrive), a few milliseconds at a time, yielding to input between slices; and rehearse the
 * filter's code (`rehearse`). Resolves to how many blocks were built.
 */
export async function warmCheckFilter(checks: readonly CheckSummary[], sliceMs = 4): Promise<number> {
  const built = await checkIndexOf(checks).warm(sliceMs);
  rehearse();
  return built;
}
