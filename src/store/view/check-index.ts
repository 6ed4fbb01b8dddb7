/**
 * The `/` filter's search index over a checks list (issue 27 item 2): each searched field of every check,
 * lower-cased once, laid end to end in one string per field and block of checks, with where each check's
 * entry starts. A word is found with `indexOf` over those strings — one native scan of a few megabytes —
 * instead of 100,000 calls into a per-check matcher (a keystroke over 100,000 checks: ~1 ms instead of
 * 30–90 ms). Built when the checks arrive (`warm`, a block at a time, yielding to input between blocks);
 * a new list reuses every block whose checks kept their identity (the data slice keeps an unchanged check's
 * object), so a refresh that changed three checks rebuilds one block, and pages arriving build only theirs.
 *
 * Positions are indexes into the checks array the index was made for. Exact by construction: a hit is
 * mapped to its check by the entries' offsets (never by looking for separators), so a check's text may hold
 * any character; a word holding one of the two separators is checked against each check directly.
 *
 * Ids are searched only by their start (a plain word finds the checks whose id starts with it): a block
 * holds its checks in the order of their lower-cased ids (4 B a check), and a word's checks are the run of
 * those that start with it, found by two binary searches — not the ids' text (37 B a check for a UUID:
 * 0.37 MB at 10,000 checks, 3.7 MB at 100,000); the ids are compared as they are, only the few not
 * lower-case already held lower-cased. A part of an id that is not its start is checked against each check.
 */
import { type CheckSummary, positionsOf } from "../data/summary.ts";

/** The fields the filter reads (check-filter.ts). `tags` and `locations` hold each of a check's values. */
export type IndexField = "name" | "type" | "tags" | "locations" | "id";

/** Between two checks' entries (and before the first): `\0` + word finds a prefix. */
const SEP = "\u0000";
/** Between the values of one check's entry (tags, locations). */
const JOIN = "\u0001";

/** Checks per block: small enough that building one stays well inside a frame. */
export const BLOCK = 2048;

function raw(c: CheckSummary, f: IndexField): string {
  switch (f) {
    case "name":
      return c.name;
    case "type":
      return String(c.checkType);
    case "tags":
      return (c.tags ?? []).join(JOIN);
    case "locations":
      return [...(c.locations ?? []), ...(c.privateLocations ?? [])].join(JOIN);
    case "id":
      return c.id;
  }
}

const holds = (value: string, word: string, prefix: boolean): boolean => {
  const v = value.toLowerCase();
  return prefix ? v.startsWith(word) : v.includes(word);
};

/**
 * Whether one of the check's values of `field` holds `word` (lower-case): contains it, or with `prefix`
 * starts with it. No arrays or closures: the row-by-row match of a long list's first answer
 * (filtered-rows.ts) asks it of thousands of rows within one keystroke's frame, where each was garbage to
 * collect.
 */
export function fieldHolds(c: CheckSummary, field: IndexField, word: string, prefix: boolean): boolean {
  switch (field) {
    case "tags":
      for (const t of c.tags ?? []) if (holds(t, word, prefix)) return true;
      return false;
    case "locations":
      for (const l of c.locations ?? []) if (holds(l, word, prefix)) return true;
      for (const l of c.privateLocations ?? []) if (holds(l, word, prefix)) return true;
      return false;
    default:
      return holds(raw(c, field), word, prefix);
  }
}

type Text = {
  /** SEP, entry 0, SEP, entry 1, …: lower-cased. */
  text: string;
  /** starts[i]: where entry i begins in `text`; starts[count] = text.length + 1. */
  starts: Int32Array;
};

/**
 * A field's entries of a block: as text, or — when the block's checks have few different ones (types,
 * tags, locations: checks repeat them) — the different entries as text and each check's entry by its
 * number among them (a byte a check instead of the entry's length: ~0.3 MB at 10,000 checks).
 */
type Column = Text | { values: Text; codes: Uint8Array };

/** Different entries at most for a column held by number (one byte each). */
const CODED_MAX = 255;
/** Fields whose entries checks repeat (tried by number first). */
const REPEATED: ReadonlySet<IndexField> = new Set(["type", "tags", "locations"]);

/** The fields held as text (the id is held by its order, `Block.ids`). */
type TextField = Exclude<IndexField, "id">;
const TEXT_FIELDS: readonly TextField[] = ["name", "type", "tags", "locations"];

type Block = {
  checks: readonly CheckSummary[];
  columns: Record<TextField, Column>;
  /** The block's checks (their places in `checks`) in the order of their lower-cased ids. */
  ids: Int32Array;
  /**
   * The lower-cased id of each check (by place) whose id is not lower-case already — none for the
   * service's UUIDs: the search reads the others' ids as they are, no string made per comparison.
   */
  lowered: ReadonlyMap<number, string> | undefined;
};

function column(checks: readonly CheckSummary[], f: IndexField): Column {
  const parts = checks.map((c) => raw(c, f));
  if (REPEATED.has(f)) {
    const numbers = new Map<string, number>();
    const codes = new Uint8Array(parts.length);
    for (let i = 0; i < parts.length && numbers.size <= CODED_MAX; i++) {
      const part = parts[i] as string;
      let n = numbers.get(part);
      if (n === undefined) {
        n = numbers.size;
        numbers.set(part, n);
      }
      codes[i] = n;
    }
    if (numbers.size <= CODED_MAX) return { values: textOf([...numbers.keys()]), codes };
  }
  return textOf(parts);
}

/** Entries as one lower-cased text with where each begins. */
function textOf(parts: readonly string[]): Text {
  const starts = new Int32Array(parts.length + 1);
  let at = 1;
  for (let i = 0; i < parts.length; i++) {
    starts[i] = at;
    at += (parts[i] as string).length + 1;
  }
  starts[parts.length] = at;
  let text = (SEP + parts.join(SEP)).toLowerCase();
  // lower-casing that changes a length (İ → i̇) would shift the offsets: then entry by entry
  if (text.length + 1 !== at) {
    const lower = parts.map((p) => p.toLowerCase());
    at = 1;
    for (let i = 0; i < lower.length; i++) {
      starts[i] = at;
      at += (lower[i] as string).length + 1;
    }
    starts[lower.length] = at;
    text = SEP + lower.join(SEP);
  }
  return { text, starts };
}

/**
 * The places of `checks` in the order of their lower-cased ids (by code unit, as `<` orders strings), and
 * the lower-cased ids that differ from the ids (Block.lowered).
 */
function idOrder(checks: readonly CheckSummary[]): Pick<Block, "ids" | "lowered"> {
  const lower = checks.map((c) => c.id.toLowerCase());
  const order = Array.from(lower.keys());
  order.sort((a, b) => {
    const x = lower[a] as string;
    const y = lower[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  let lowered: Map<number, string> | undefined;
  for (let i = 0; i < checks.length; i++) {
    const l = lower[i] as string;
    if (l === (checks[i] as CheckSummary).id) continue;
    lowered ??= new Map();
    lowered.set(i, l);
  }
  return { ids: Int32Array.from(order), lowered };
}

function buildBlock(checks: readonly CheckSummary[]): Block {
  const columns = {} as Record<TextField, Column>;
  for (const f of TEXT_FIELDS) columns[f] = column(checks, f);
  return { checks, columns, ...idOrder(checks) };
}

/**
 * Mark in `out` (from `base`) the block's checks whose lower-cased id starts with `word`: the run of ids
 * that start with it, between two binary searches (the ids are in order), then marked without a string
 * read — a word that 1 in 16 ids start with (a hex digit) marks a 16th of the checks.
 */
function markIdPrefix(block: Block, word: string, out: Uint8Array, base: number): void {
  const { checks, ids, lowered } = block;
  const idAt = (k: number): string => {
    const at = ids[k] as number;
    return lowered?.get(at) ?? (checks[at] as CheckSummary).id;
  };
  // the first id at or after `word`: those that start with it follow it, one run…
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (idAt(mid) < word) lo = mid + 1;
    else hi = mid;
  }
  // …up to the first one after it that does not
  let end = lo;
  hi = ids.length;
  while (end < hi) {
    const mid = (end + hi) >>> 1;
    if (idAt(mid).startsWith(word)) end = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < end; k++) out[base + (ids[k] as number)] = 1;
}

const sameChecks = (a: readonly CheckSummary[], b: readonly CheckSummary[], from: number) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[from + i]) return false;
  return true;
};

/**
 * Mark in `out` (from `base`) each entry of `col` that holds `word`: contains it, or with `prefix` starts
 * with it. Returns how many it marked.
 */
function scan(col: Text, word: string, prefix: boolean, out: Uint8Array, base: number): number {
  const { text, starts } = col;
  const pattern = prefix ? SEP + word : word;
  // with a prefix the hit is the separator before the entry; else the word's first character
  const shift = prefix ? 1 : 0;
  const count = starts.length - 1;
  let marked = 0;
  let e = 0;
  let p = text.indexOf(pattern);
  while (p >= 0) {
    const q = p + shift;
    // the entry the hit is in: the last that starts at or before it
    while (e + 1 < count && (starts[e + 1] as number) <= q) e++;
    const end = (starts[e + 1] as number) - 1;
    if (prefix ? starts[e] === q : q >= (starts[e] as number) && q + word.length <= end) {
      out[base + e] = 1;
      marked++;
      if (e + 1 >= count) break;
      // on to the next entry (for a prefix: its separator)
      p = text.indexOf(pattern, end + (prefix ? 0 : 1));
    } else p = text.indexOf(pattern, p + 1);
  }
  return marked;
}

export class CheckIndex {
  readonly checks: readonly CheckSummary[];
  readonly #blocks: (Block | undefined)[];
  /** Where each id is in `checks`: the checks slice's own map (data/summary.ts positionsOf) when it has one. */
  #positions: ReadonlyMap<string, number> | undefined;

  /** An index of `checks`, taking over the blocks of `previous` whose checks are the same objects. */
  constructor(checks: readonly CheckSummary[], previous?: CheckIndex) {
    this.checks = checks;
    const n = Math.ceil(checks.length / BLOCK);
    this.#blocks = new Array(n);
    if (!previous) return;
    const old = previous.#blocks;
    for (let b = 0; b < n && b < old.length; b++) {
      const held = old[b];
      const from = b * BLOCK;
      const len = Math.min(BLOCK, checks.length - from);
      if (held && held.checks.length === len && sameChecks(held.checks, checks, from)) this.#blocks[b] = held;
    }
  }

  /** Whether every block is built (no keystroke will build one). */
  get built(): boolean {
    for (let b = 0; b < this.#blocks.length; b++) if (!this.#blocks[b]) return false;
    return true;
  }

  #block(b: number): Block {
    let held = this.#blocks[b];
    if (!held) {
      held = buildBlock(this.checks.slice(b * BLOCK, (b + 1) * BLOCK));
      this.#blocks[b] = held;
    }
    return held;
  }

  /**
   * Build the blocks not built yet and the positions of the ids, `sliceMs` at a time, yielding to input
   * between slices. Resolves to how many blocks were built.
   */
  async warm(sliceMs = 4): Promise<number> {
    let built = 0;
    let until = performance.now() + sliceMs;
    // each block built is searched once for a common letter, its answer thrown away: the search's loops
    // run over real text before the first keystroke, which would otherwise run them cold (V8 compiles a
    // loop it has seen run long, not one it has seen twice) — that key's scan was ~5 of its ~12 ms of CPU
    // at 10,000 checks (a profile, 2026-11-27)
    const rehearsal = new Uint8Array(this.checks.length);
    for (let b = 0; b < this.#blocks.length; b++) {
      if (this.#blocks[b]) continue;
      if (performance.now() > until) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        until = performance.now() + sliceMs;
      }
      this.#block(b);
      for (const field of TEXT_FIELDS) this.mark(field, "e", false, rehearsal, b, b + 1);
      this.mark("id", "e", true, rehearsal, b, b + 1);
      built++;
    }
    // where each id is (the watch and the rows' positions ask it): the list's own, else built in slices too
    this.#positions ??= positionsOf(this.checks);
    if (!this.#positions) {
      const m = new Map<string, number>();
      for (let i = 0; i < this.checks.length; i++) {
        if (i % 1024 === 0 && performance.now() > until) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (this.#positions) return built;
          until = performance.now() + sliceMs;
        }
        m.set((this.checks[i] as CheckSummary).id, i);
      }
      this.#positions = m;
    }
    return built;
  }

  /**
   * Where the check with this id is in `checks` (the last one, for a repeated id, as the rows keep it).
   * One function per index (a view keeps its rows' positions while it is given the same one).
   */
  readonly positionOf = (id: string): number | undefined => {
    this.#positions ??= positionsOf(this.checks);
    if (!this.#positions) {
      const m = new Map<string, number>();
      for (let i = 0; i < this.checks.length; i++) m.set((this.checks[i] as CheckSummary).id, i);
      this.#positions = m;
    }
    return this.#positions.get(id);
  };

  /** How many blocks of BLOCK checks the index is made of (`mark` can be asked a range of them). */
  get blocks(): number {
    return this.#blocks.length;
  }

  /**
   * Mark in `out` (one byte per check) every check whose `field` holds `word` (lower-case) — one of its
   * values contains it, or with `prefix` starts with it — among the checks of blocks `from` to `to`
   * (every block unless told).
   */
  mark(
    field: IndexField,
    word: string,
    prefix: boolean,
    out: Uint8Array,
    from = 0,
    to: number = this.#blocks.length,
  ): void {
    if (field === "id" && prefix && word !== "") {
      for (let b = from; b < to; b++) markIdPrefix(this.#block(b), word, out, b * BLOCK);
      return;
    }
    if (field === "id" || word === "" || word.includes(SEP) || word.includes(JOIN)) {
      // a separator in the word (or none at all), a part of an id: no text held says, each check is asked
      for (let i = from * BLOCK; i < Math.min(to * BLOCK, this.checks.length); i++) {
        if (fieldHolds(this.checks[i] as CheckSummary, field, word, prefix)) out[i] = 1;
      }
      return;
    }
    for (let b = from; b < to; b++) {
      const col = this.#block(b).columns[field as TextField];
      const base = b * BLOCK;
      if ("text" in col) {
        scan(col, word, prefix, out, base);
        continue;
      }
      // the different entries that hold the word, then the checks whose entry is one of them (none: no
      // pass over the block's checks — the usual answer for the type and the tags of a word of a name)
      const values = col.values.starts.length - 1;
      const hit = new Uint8Array(values);
      const hits = scan(col.values, word, prefix, hit, 0);
      if (hits === 0) continue;
      const { codes } = col;
      if (hits === values) out.fill(1, base, base + codes.length);
      else for (let i = 0; i < codes.length; i++) if (hit[codes[i] as number] === 1) out[base + i] = 1;
    }
  }
}

let latest: CheckIndex | undefined;

/**
 * The index of this checks list: one for the newest list, shared by every view (the data is one per
 * process); a list not seen before is indexed reusing the held index's unchanged blocks.
 */
export function checkIndexOf(checks: readonly CheckSummary[]): CheckIndex {
  if (latest?.checks !== checks) latest = new CheckIndex(checks, latest);
  return latest;
}
