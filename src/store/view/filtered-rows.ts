/**
 * A checks list's `/` filter, one per view and list (issue 27 item 2): the text words are answered by the
 * checks' search index (check-index.ts, one native scan per word over every check's lower-cased fields),
 * the status words by the rows; the result is taken in the list's order through where each row's check
 * is in the index (`positions`, kept by the view's CheckRowsView). A keystroke over 100,000 checks: a
 * scan per word and one pass over a typed array, ~1–3 ms. A status poll while a filter is set reuses the
 * text words' answer (the checks did not change) and only passes over the rows again.
 *
 * Pure: the rows, the index of the checks they were made from, and their positions are handed in (as
 * functions: an empty filter asks for neither).
 */
import { type FilterableRow, statusMatches, type Term, termsOf, textMatches } from "./check-filter.ts";
import type { CheckIndex } from "./check-index.ts";

export class FilteredRows<R extends FilterableRow> {
  #rows: readonly R[] | undefined;
  #text = "";
  #kept: readonly R[] = [];
  /** The text words' answer, for this index and these terms. */
  #keep: { index: CheckIndex; terms: readonly Term[]; keep: Uint8Array | undefined } | undefined;

  /**
   * The rows `text` keeps, in their order; the same array when neither the rows nor the text changed.
   * `indexOf()`: the index of the checks the rows were made from; `positions()`: where each row's check is
   * in them (each asked only when a word needs it).
   */
  rows(
    rows: readonly R[],
    text: string,
    indexOf: () => CheckIndex,
    positions: () => readonly number[],
  ): readonly R[] {
    if (rows === this.#rows && text === this.#text) return this.#kept;
    this.#rows = rows;
    this.#text = text;
    const terms = termsOf(text);
    if (terms.length === 0) {
      this.#kept = rows;
      return rows;
    }
    const index = indexOf();
    if (this.#keep?.index !== index || this.#keep.terms !== terms)
      this.#keep = { index, terms, keep: textMatches(index, terms) };
    const keep = this.#keep.keep;
    const status = statusMatches(terms);
    if (keep === undefined) {
      this.#kept = status ? rows.filter(status) : rows;
      return this.#kept;
    }
    const at = positions();
    const out: R[] = [];
    for (let j = 0; j < rows.length; j++) {
      if (keep[at[j] as number] !== 1) continue;
      const r = rows[j] as R;
      if (!status || status(r)) out.push(r);
    }
    this.#kept = out;
    return out;
  }
}
