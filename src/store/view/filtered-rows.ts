/**
 * A checks list's `/` filter, one per view and list (issue 27 item 2): the text words are answered by the
 * checks' search index (check-index.ts, one native scan per word over every check's lower-cased fields),
 * the status words by the rows; the result is taken in the list's order through where each row's check
 * is in the index (`positions`, kept by the view's CheckRowsView). A keystroke over 100,000 checks: a
 * scan per word and one pass over a typed array, ~1–3 ms. A status poll while a filter is set reuses the
 * text words' answer (the checks did not change) and only passes over the rows again. A keystroke that
 * narrows the last whole answer over the same rows — typing on (`9` → `99`), a word more — asks only the
 * rows that answer kept, and only the words that changed (check-filter.ts `narrowing`): at 10,000 checks
 * `99` after `9` passes over the ~3,800 rows `9` kept, `999` over ~320, instead of 10,000 each.
 *
 * Over a long list (`progressiveFrom` rows, 20,000) and with a `wake` to call, a keystroke whose words the
 * index has not answered yet is answered in two steps, so no frame waits for all of it: at once, the top
 * of the list row by row (the first `headRows` matches, or what `headMs` finds) — the rows on screen —
 * marked partial (`isPartialRows`: the pane says it is still counting); then the whole answer in slices of
 * `sliceMs` that yield to input between them (a block of the index, a stretch of rows), after which
 * `wake()` has the view ask again and get it. A newer keystroke or list drops the unfinished answer.
 *
 * Pure but for that: the rows, the index of the checks they were made from, and their positions are
 * handed in (as functions: an empty filter asks for neither).
 */

import { CountsTally, countRows } from "./check-counts.ts";
import {
  type FilterableRow,
  matchesCheckFilter,
  matchesTerms,
  narrowing,
  statusMatches,
  type Term,
  termsOf,
  textMatches,
  textMatchSteps,
} from "./check-filter.ts";
import type { CheckIndex } from "./check-index.ts";

/** The arrays handed out as a first answer, the rest still being found. */
const partial = new WeakSet<readonly unknown[]>();

/** Whether `rows` is a filter's first answer (the top of the list), the whole one still being found. */
export const isPartialRows = (rows: readonly unknown[]): boolean => partial.has(rows);

export type FilterPace = {
  /** Lists shorter than this are filtered in one go (default 20,000 rows). */
  progressiveFrom?: number;
  /** The first answer stops at this many matches (default 150: a few screens)… */
  headRows?: number;
  /** …or after this long (default 2 ms). */
  headMs?: number;
  /** Each slice of the whole answer (default 4 ms). */
  sliceMs?: number;
};

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Where rows' checks are in the index, one per row: the list's (CheckRowsView.positions), or an answer's
 * own (4 B a row kept, held while the filter is set; made outside V8's young generation, which is 1 MB).
 */
type Positions = ArrayLike<number>;

/**
 * A whole answer: the rows kept, and where each one's check is in the index (when a text word asked it),
 * for the filter's terms over these rows and this index — what a narrowing keystroke starts from.
 */
type Answer<R> = {
  rows: readonly R[];
  index: CheckIndex;
  terms: readonly Term[];
  kept: readonly R[];
  at: Positions | undefined;
};

/**
 * What a keystroke asks: these terms of these rows — the list's (`all`), or a narrowed answer's — each
 * row's check at `at()` in the index (undefined: not known).
 */
type Ask<R> = {
  rows: readonly R[];
  at: () => Positions | undefined;
  terms: readonly Term[];
  all: boolean;
};

export class FilteredRows<R extends FilterableRow> {
  readonly #pace: Required<FilterPace>;
  /** Which answer is being found: a newer call drops an unfinished one. */
  #generation = 0;
  #rows: readonly R[] | undefined;
  #text = "";
  #kept: readonly R[] = [];
  /** The text words' answer, for this index and these terms. */
  #keep: { index: CheckIndex; terms: readonly Term[]; keep: Uint8Array | undefined } | undefined;
  /** The last whole answer (undefined while none, or the filter is empty). */
  #answer: Answer<R> | undefined;
  /** The last whole answer started in slices: done when it is kept or dropped. */
  #work: Promise<void> = Promise.resolve();

  constructor(pace: FilterPace = {}) {
    this.#pace = { progressiveFrom: 20_000, headRows: 150, headMs: 2, sliceMs: 4, ...pace };
  }

  /** Resolves once the last answer started in slices is kept or dropped (what a test waits for). */
  settled(): Promise<void> {
    return this.#work;
  }

  /**
   * The rows `text` keeps, in their order; the same array when neither the rows nor the text changed.
   * `indexOf()`: the index of the checks the rows were made from; `positions()`: where each row's check is
   * in them (each asked only when a word needs it). With `wake`, a long list may be answered in two steps
   * (see the top of this file): `wake` is called once the whole answer is there to be asked for.
   *
   * A keystroke that narrows the last whole answer over the same rows (`9` → `99`: see `narrowing`) asks
   * only that answer's rows, and only the words that changed.
   */
  rows(
    rows: readonly R[],
    text: string,
    indexOf: () => CheckIndex,
    positions: () => readonly number[],
    wake?: () => void,
  ): readonly R[] {
    if (rows === this.#rows && text === this.#text) return this.#kept;
    const generation = ++this.#generation;
    this.#rows = rows;
    this.#text = text;
    const terms = termsOf(text);
    if (terms.length === 0) {
      this.#kept = rows;
      this.#answer = undefined;
      return rows;
    }
    const index = indexOf();
    const ask = this.#narrow(rows, index, terms) ?? { rows, at: positions, terms, all: true };
    const done = (kept: readonly R[], at: Positions | undefined): readonly R[] => {
      this.#kept = kept;
      this.#answer = { rows, index, terms, kept, at };
      return kept;
    };
    if (ask.terms.length === 0) return done(ask.rows, this.#answer?.at);
    const known = ask.all && this.#keep?.index === index && this.#keep.terms === terms;
    // long: many rows to pass over, or every check's text to scan (a narrowing over 100,000 checks)
    const { progressiveFrom } = this.#pace;
    const long =
      ask.rows.length >= progressiveFrom ||
      (index.checks.length >= progressiveFrom && ask.terms.some((t) => t.kind === "text"));
    if (!known && wake !== undefined && long) {
      // the answer held stays what a later keystroke may narrow, until this one's whole answer is there
      const head = this.#head(ask, done);
      // every row looked at in the time given: that is the answer
      if (head === undefined) return this.#kept;
      partial.add(head);
      this.#kept = head;
      this.#work = this.#whole(generation, ask, index, done, wake);
      return head;
    }
    let keep: Uint8Array | undefined;
    if (known) keep = this.#keep?.keep;
    else {
      keep = textMatches(index, ask.terms);
      if (ask.all) this.#keep = { index, terms, keep };
    }
    // the positions, for the text words' answer and for the next keystroke (the list's: only when asked)
    const at = keep === undefined && ask.all ? undefined : ask.at();
    const outAt = at === undefined ? undefined : new Int32Array(ask.rows.length);
    const kept = this.#pass(ask, keep, at, 0, ask.rows.length, [], outAt);
    return done(kept, outAt?.slice(0, kept.length));
  }

  /**
   * When `terms` narrow the last whole answer, made over these rows and this index: that answer's rows,
   * and the terms still to ask of them (none: the same rows). Undefined when they do not (or a word must be
   * looked up that the answer kept no positions for).
   */
  #narrow(rows: readonly R[], index: CheckIndex, terms: readonly Term[]): Ask<R> | undefined {
    const held = this.#answer;
    if (held === undefined || held.rows !== rows || held.index !== index) return undefined;
    const ask = narrowing(held.terms, terms);
    if (ask === undefined) return undefined;
    const { at } = held;
    if (at === undefined && ask.some((t) => t.kind === "text")) return undefined;
    return { rows: held.kept, at: () => at, terms: ask, all: false };
  }

  /**
   * The first matches from the top, row by row; undefined when that went through every row (then `done`
   * with the answer).
   */
  #head(ask: Ask<R>, done: (kept: readonly R[], at: Positions | undefined) => void): R[] | undefined {
    const { headRows, headMs } = this.#pace;
    const { rows, terms } = ask;
    const until = performance.now() + headMs;
    const out: R[] = [];
    // where each match is in the rows asked (its position, for the next keystroke, once all are looked at)
    const found: number[] = [];
    let j = 0;
    for (; j < rows.length && out.length < headRows; j++) {
      if ((j & 255) === 255 && performance.now() > until) break;
      const r = rows[j] as R;
      if (!matchesTerms(r, terms)) continue;
      out.push(r);
      found.push(j);
    }
    if (j < rows.length) return out;
    const at = ask.at();
    done(out, at && Int32Array.from(found, (k) => at[k] as number));
    return undefined;
  }

  /**
   * The rows `[from, to)` of the ask the terms keep, appended to `out`: the index's answer for the text
   * words (`keep`, by `at`: each row's check's position in the index), the status words row by row; with
   * `outAt`, each kept row's position put at its place in `out`.
   */
  #pass(
    ask: Ask<R>,
    keep: Uint8Array | undefined,
    at: Positions | undefined,
    from: number,
    to: number,
    out: R[],
    outAt: Int32Array | undefined,
  ): R[] {
    const { rows } = ask;
    const status = statusMatches(ask.terms);
    if (at === undefined) {
      for (let j = from; j < to; j++) if (!status || status(rows[j] as R)) out.push(rows[j] as R);
      return out;
    }
    for (let j = from; j < to; j++) {
      const p = at[j] as number;
      if (keep !== undefined && keep[p] !== 1) continue;
      const r = rows[j] as R;
      if (status && !status(r)) continue;
      if (outAt !== undefined) outAt[out.length] = p;
      out.push(r);
    }
    return out;
  }

  /**
   * The whole answer, in slices that yield to input; then `done` with it and `wake` called (unless a newer
   * call came).
   */
  async #whole(
    generation: number,
    ask: Ask<R>,
    index: CheckIndex,
    done: (kept: readonly R[], at: Positions | undefined) => void,
    wake: () => void,
  ): Promise<void> {
    const { sliceMs } = this.#pace;
    const { rows, terms } = ask;
    const stale = () => generation !== this.#generation;
    let until = 0;
    // true when the answer is no longer wanted
    const pause = async (): Promise<boolean> => {
      if (performance.now() < until) return false;
      await yieldToLoop();
      until = performance.now() + sliceMs;
      return stale();
    };
    // the first slice waits a second turn of the loop: the keystroke's own frame, drawn on the first turn
    // when the frame-rate throttle held it (mount.tsx frameNow), goes before it, not 4 ms after
    await yieldToLoop();
    if (await pause()) return;
    const m = textMatchSteps(index, terms);
    for (const step of m.steps) {
      step();
      if (await pause()) return;
    }
    const keep = m.keep();
    if (ask.all) this.#keep = { index, terms, keep };
    const at = keep === undefined && ask.all ? undefined : ask.at();
    if (await pause()) return;
    const out: R[] = [];
    const outAt = at === undefined ? undefined : new Int32Array(rows.length);
    // the summary's counts of the answer, taken as it is built (check-counts.ts)
    const counts = new CountsTally();
    const STRETCH = 4096;
    for (let j = 0; j < rows.length; j += STRETCH) {
      const had = out.length;
      this.#pass(ask, keep, at, j, Math.min(rows.length, j + STRETCH), out, outAt);
      counts.add(out, had, out.length);
      if (await pause()) return;
    }
    counts.record(out);
    done(out, outAt?.slice(0, out.length));
    wake();
  }
}

/** How many rows a rehearsal asks one at a time (`rehearseFilteredRows`). */
const ROW_BY_ROW = 512;

/**
 * A person's first `/` keystrokes over these rows, run ahead with nothing shown: a FilteredRows of its own
 * (the same pace as the view's, `pace`) asked for a word of one character and then of two (typing on: a
 * narrowing), each answer counted as the pane's summary counts it (`countRows`), the rows themselves
 * counted, and the first rows asked one at a time (`matchesCheckFilter`: the key's frame asks a few so);
 * yielding to input between the steps, a long list's answer found in its slices. Everything it makes is
 * dropped; resolves to the length of each answer (what a test compares with a plain filter).
 *
 * Why: the first keystroke of a console ran the filter's loops over every row for the first time. V8
 * compiles a loop once it has run long, with what it saw: a loop run only over made-up rows, or rows
 * without a failing one, is compiled for those and thrown away at the first real row that differs
 * ("insufficient type feedback", --trace-deopt) — so the rehearsal is over the view's own rows, with their
 * own positions in the index, the way the first keystroke will ask. At 10,000 checks that key's filter and
 * count took ~2.4 ms of the console's thread CPU, 0.6 so rehearsed (medians of 6 starts, timed in the
 * console, 2026-11-27).
 */
export async function rehearseFilteredRows<R extends FilterableRow>(
  rows: readonly R[],
  indexOf: () => CheckIndex,
  positions: () => readonly number[],
  pace: FilterPace = {},
): Promise<number[]> {
  const middle = rows[rows.length >> 1];
  if (middle === undefined) return [];
  // a character of a name the rows hold (its answer is never empty), then that and the next: typing on
  const name = middle.check.name.toLowerCase();
  const at = Math.max(0, name.search(/[a-z0-9]/));
  const words = [name.slice(at, at + 1), name.slice(at, at + 2)].filter((w) => w.trim() !== "");
  const filter = new FilteredRows<R>(pace);
  const lengths: number[] = [];
  await yieldToLoop();
  countRows(rows);
  for (const text of words) {
    await yieldToLoop();
    const kept = filter.rows(rows, text, indexOf, positions, () => undefined);
    // a long list's first answer is its top: the whole one is asked again once found
    await filter.settled();
    const whole = filter.rows(rows, text, indexOf, positions, () => undefined);
    countRows(kept);
    countRows(whole);
    lengths.push(whole.length);
    // and one row at a time, as the keystroke's frame asks a few rows (is the cursor's row kept, does a
    // row with a reason to show pass: checks pane rows.ts) — its first time ~2 ms of that frame (a profile)
    for (let i = 0; i < rows.length && i < ROW_BY_ROW; i++) matchesCheckFilter(rows[i] as R, text);
  }
  return lengths;
}
