/**
 * A checks list's `/` filter, one per view and list (issue 27 item 2): the text words are answered by the
 * checks' search index (check-index.ts, one native scan per word over every check's lower-cased fields),
 * the status words by the rows; the result is taken in the list's order through where each row's check
 * is in the index (`positions`, kept by the view's CheckRowsView). A keystroke over 100,000 checks: a
 * scan per word and one pass over a typed array, ~1–3 ms. A status poll while a filter is set reuses the
 * text words' answer (the checks did not change) and only passes over the rows again.
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

import { CountsTally } from "./check-counts.ts";
import {
  type FilterableRow,
  matchesCheckFilter,
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

export class FilteredRows<R extends FilterableRow> {
  readonly #pace: Required<FilterPace>;
  /** Which answer is being found: a newer call drops an unfinished one. */
  #generation = 0;
  #rows: readonly R[] | undefined;
  #text = "";
  #kept: readonly R[] = [];
  /** The text words' answer, for this index and these terms. */
  #keep: { index: CheckIndex; terms: readonly Term[]; keep: Uint8Array | undefined } | undefined;
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
      return rows;
    }
    const index = indexOf();
    const known = this.#keep?.index === index && this.#keep.terms === terms;
    if (!known && wake !== undefined && rows.length >= this.#pace.progressiveFrom) {
      const head = this.#head(rows, text);
      // every row looked at in the time given: that is the answer
      if (head === undefined) return this.#kept;
      partial.add(head);
      this.#kept = head;
      this.#work = this.#whole(generation, rows, index, terms, positions, wake);
      return head;
    }
    if (!known) this.#keep = { index, terms, keep: textMatches(index, terms) };
    const at = this.#keep?.keep === undefined ? [] : positions();
    this.#kept = this.#pass(rows, terms, at, 0, rows.length, []);
    return this.#kept;
  }

  /** The first matches from the top, row by row; undefined when that went through every row (the answer). */
  #head(rows: readonly R[], text: string): R[] | undefined {
    const { headRows, headMs } = this.#pace;
    const until = performance.now() + headMs;
    const out: R[] = [];
    let j = 0;
    for (; j < rows.length && out.length < headRows; j++) {
      if ((j & 255) === 255 && performance.now() > until) break;
      const r = rows[j] as R;
      if (matchesCheckFilter(r, text)) out.push(r);
    }
    if (j < rows.length) return out;
    this.#kept = out;
    return undefined;
  }

  /**
   * The rows `[from, to)` the terms keep, appended to `out`: the index's answer for the text words (`at`:
   * each row's check's position in the index), the status words row by row.
   */
  #pass(
    rows: readonly R[],
    terms: readonly Term[],
    at: readonly number[],
    from: number,
    to: number,
    out: R[],
  ): R[] {
    const keep = this.#keep?.keep;
    const status = statusMatches(terms);
    if (keep === undefined) {
      for (let j = from; j < to; j++) if (!status || status(rows[j] as R)) out.push(rows[j] as R);
      return out;
    }
    for (let j = from; j < to; j++) {
      if (keep[at[j] as number] !== 1) continue;
      const r = rows[j] as R;
      if (!status || status(r)) out.push(r);
    }
    return out;
  }

  /** The whole answer, in slices that yield to input; then kept and `wake` called (unless a newer call came). */
  async #whole(
    generation: number,
    rows: readonly R[],
    index: CheckIndex,
    terms: readonly Term[],
    positions: () => readonly number[],
    wake: () => void,
  ): Promise<void> {
    const { sliceMs } = this.#pace;
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
    this.#keep = { index, terms, keep: m.keep() };
    const at = this.#keep.keep === undefined ? [] : positions();
    if (await pause()) return;
    const out: R[] = [];
    // the summary's counts of the answer, taken as it is built (check-counts.ts)
    const counts = new CountsTally();
    const STRETCH = 4096;
    for (let j = 0; j < rows.length; j += STRETCH) {
      const had = out.length;
      this.#pass(rows, terms, at, j, Math.min(rows.length, j + STRETCH), out);
      counts.add(out, had, out.length);
      if (await pause()) return;
    }
    counts.record(out);
    this.#kept = out;
    wake();
  }
}
