/**
 * The values many checks repeat, held once. JSON.parse makes a new string for every `"URL"` and
 * `"eu-west-1"` and a new array for every `["prod","api"]`: 100,000 checks came as 100,000 copies of
 * their type and 300,000 arrays of tags and locations (~75 B an array, ~30 B a short string) — a quarter
 * of what the console held per check. A table per read of the list (one `Interner`, dropped with the
 * read) gives equal values one identity: the type, each tag and location, and each whole list of tags
 * or locations (frozen, being shared). A status's `checkId` becomes the held check's own id string, and
 * its run location is interned the same way.
 *
 * The first statuses read comes while the checks list is still being read (it waits only for the list's
 * first page): its statuses found no held check, and each kept its own copy of its check's id — beside
 * the check's, and as the key of the statuses' map (56 B a check: 0.56 MB at 10,000 checks, 5.6 MB at
 * 100,000). Until the list is held, the two reads share one table of ids (`ids`, the loader's: dropped
 * once the list is held), so a check and its status hold one string whichever came first.
 *
 * The objects given are the client's fresh parse (summary-schemas.ts), owned by the loader: interned in
 * place, no copy.
 */
import type { CheckSummary, StatusSummary } from "./summary.ts";

const NO_STRINGS: readonly string[] = Object.freeze([]);

export type Interner = {
  str(s: string): string;
  list<T extends readonly string[] | null | undefined>(a: T): T;
};

/** The lists held, as a trie by element: a list is found by one map look-up per element (no key built). */
type ListNode = { list: readonly string[] | undefined; next: Map<string, ListNode> | undefined };

export function createInterner(): Interner {
  const strings = new Map<string, string>();
  const lists: ListNode = { list: NO_STRINGS, next: undefined };
  const str = (s: string): string => {
    const held = strings.get(s);
    if (held !== undefined) return held;
    strings.set(s, s);
    return s;
  };
  const list = <T extends readonly string[] | null | undefined>(a: T): T => {
    if (!a) return a;
    let node = lists;
    for (const s of a) {
      node.next ??= new Map();
      let child = node.next.get(s);
      if (child === undefined) {
        child = { list: undefined, next: undefined };
        node.next.set(s, child);
      }
      node = child;
    }
    node.list ??= Object.freeze(a.map(str));
    return node.list as unknown as T;
  };
  return { str, list };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A freshly parsed check with its type, tags and locations interned (in place; returned); its id too when
 * given the first read's table of ids.
 */
export function internCheck<C extends CheckSummary>(c: C, t: Interner, ids?: Interner): C {
  const m = c as Mutable<C>;
  if (ids) m.id = ids.str(c.id);
  m.checkType = t.str(c.checkType);
  if (c.tags) m.tags = t.list(c.tags) as string[];
  if (c.locations) m.locations = t.list(c.locations) as string[];
  if (c.privateLocations) m.privateLocations = t.list(c.privateLocations) as string[];
  return c;
}

/**
 * A freshly parsed status with its `checkId` the held check's own id string (when the check is held, else
 * the one in the first read's table of ids, when given) and its run location interned (in place; returned).
 */
export function internStatus(
  s: StatusSummary,
  checks: ReadonlyMap<string, { id: string }>,
  t: Interner,
  ids?: Interner,
): StatusSummary {
  const id = checks.get(s.checkId)?.id ?? ids?.str(s.checkId);
  if (id !== undefined) s.checkId = id;
  if (typeof s.lastRunLocation === "string") s.lastRunLocation = t.str(s.lastRunLocation);
  return s;
}
