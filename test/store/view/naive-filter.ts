/**
 * The `/` filter checked row by row, as it was before the search index (check-index.ts): the oracle the
 * indexed filter must equal in the property tests (filtered-rows.test.ts). Written apart from the product
 * on purpose, so the tests compare two ways of getting one answer.
 *
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
 * is plain text. Parsed once per filter text; a check's lower-cased text is kept per check summary (the
 * summaries keep their identity across refreshes), so a keystroke over 10,000 checks costs one pass.
 */
import type { Health } from "../../../src/shared/format.ts";
import type { CheckSummary } from "../../../src/store/data/summary.ts";

/** What the filter reads of a row: the check, and its state (status: words need it). */
export type FilterableRow = { check: CheckSummary; health?: Health | undefined };

type Term = { negate: boolean; test: (r: FilterableRow) => boolean };

type Hay = { name: string; type: string; tags: string[]; locations: string[]; id: string };
const hays = new WeakMap<CheckSummary, Hay>();
function hay(c: CheckSummary): Hay {
  let h = hays.get(c);
  if (!h) {
    h = {
      name: c.name.toLowerCase(),
      type: String(c.checkType).toLowerCase(),
      tags: (c.tags ?? []).map((t) => t.toLowerCase()),
      locations: [...(c.locations ?? []), ...(c.privateLocations ?? [])].map((l) => l.toLowerCase()),
      id: c.id.toLowerCase(),
    };
    hays.set(c, h);
  }
  return h;
}

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

const any = (values: string[], pred: (v: string) => boolean) => values.some(pred);

function statusTest(values: string[]): (r: FilterableRow) => boolean {
  const tests = values.flatMap((v) => {
    const want = v.replace(/[^a-z]/g, "");
    return STATES.filter(([name]) => name.startsWith(want)).map(([, t]) => t);
  });
  return (r) => tests.some((t) => t(r));
}

/** One word's test: `key:value[,value…]` for a known key, else plain text. */
function termTest(key: string | undefined, value: string): ((r: FilterableRow) => boolean) | undefined {
  const values = value.split(/[,|]/).filter(Boolean);
  switch (key) {
    case "status":
    case "state":
    case "is":
      return values.length ? statusTest(values) : undefined;
    case "type":
      return values.length ? (r) => any(values, (v) => hay(r.check).type.startsWith(v)) : undefined;
    case "tag":
      return values.length
        ? (r) => any(values, (v) => hay(r.check).tags.some((t) => t.includes(v)))
        : undefined;
    case "loc":
    case "location":
      return values.length
        ? (r) => any(values, (v) => hay(r.check).locations.some((l) => l.includes(v)))
        : undefined;
    case "name":
      return values.length ? (r) => any(values, (v) => hay(r.check).name.includes(v)) : undefined;
    default: {
      const w = key === undefined ? value : `${key}:${value}`;
      if (!w) return undefined;
      return (r) => {
        const h = hay(r.check);
        return (
          h.name.includes(w) || h.type.includes(w) || h.tags.some((t) => t.includes(w)) || h.id.startsWith(w)
        );
      };
    }
  }
}

const KNOWN_KEYS = new Set(["status", "state", "is", "type", "tag", "loc", "location", "name"]);
const WORD = /([!-]?)(?:([a-z]+):)?("[^"]*"?|\S*)/g;

/** The filter text as its terms (words that match everything while being typed are left out). */
function parseCheckFilter(filter: string): readonly Term[] {
  const terms: Term[] = [];
  for (const m of filter.toLowerCase().matchAll(WORD)) {
    if (m[0] === "") continue;
    const negate = m[1] !== "";
    const rawKey = m[2];
    const key = rawKey !== undefined && KNOWN_KEYS.has(rawKey) ? rawKey : undefined;
    let value = (m[3] ?? "").replace(/^"|"$/g, "");
    if (rawKey !== undefined && key === undefined) value = `${rawKey}:${value}`;
    const test = termTest(key, value);
    if (test) terms.push({ negate, test });
  }
  return terms;
}

let lastText: string | undefined;
let lastTerms: readonly Term[] = [];
function termsOf(filter: string): readonly Term[] {
  if (filter !== lastText) {
    lastTerms = parseCheckFilter(filter);
    lastText = filter;
  }
  return lastTerms;
}

/** Whether a row passes the checks filter (see the top of this file). */
export function naiveCheckFilter(row: FilterableRow, filter: string): boolean {
  const terms = termsOf(filter);
  for (const t of terms) if (t.test(row) === t.negate) return false;
  return true;
}
