/**
 * The `/` filter of the checks list, narrowed as it is typed (issue 27 item 2): a keystroke that can only
 * narrow the list — more letters of a word, another word — filters the rows the last keystroke kept,
 * not every row again; anything else (a deleted letter, a longer `!word`, a `,` or `:` or quote) filters
 * the whole list. With 100,000 checks, typing "pay" costs one pass over every row for "p", then passes over
 * what "p" kept.
 *
 * Pure: `matches(row, text)` is the filter itself (check-filter.ts `matchesCheckFilter`); the rule of
 * when a text narrows another is this filter language's (check-filter.ts: words ANDed, `!`/`-` negates a
 * word, `key:a,b` ORs values, a quote makes a phrase, a key with no value yet matches every row).
 */

/**
 * Whether every row `next` keeps is one `prev` kept: `next` is `prev` with more typed at its end, where
 * what was typed neither lengthens a negated word (`!a` → `!ab` keeps more) nor begins an alternative
 * (`tag:a,` → `tag:a,b`) nor adds `,` `|` `:` or a quote (an alternative, a key whose empty value matched
 * everything, a phrase).
 */
export function narrows(prev: string, next: string): boolean {
  if (!next.startsWith(prev)) return false;
  if (next === prev) return true;
  if (prev.includes('"')) return false;
  const added = next.slice(prev.length);
  if (/[,|:"]/.test(added)) return false;
  // the word being lengthened: the last of `prev`, unless `prev` ended between words
  const extending = /\s$/.test(prev) || prev === "" ? "" : (prev.split(/\s+/).at(-1) ?? "");
  if (extending === "" || /^\s/.test(added)) return true;
  // a negated word keeps more as it grows; after `,` or `|` a new alternative begins (`tag:a,` → `tag:a,b`)
  return !/^[!-]/.test(extending) && !/[,|]$/.test(extending);
}

export class FilteredRows<R> {
  readonly #matches: (row: R, text: string) => boolean;
  #rows: readonly R[] | undefined;
  #text = "";
  #kept: readonly R[] = [];

  constructor(matches: (row: R, text: string) => boolean) {
    this.#matches = matches;
  }

  /** The rows `text` keeps, in their order; the same array when neither the rows nor the text changed. */
  rows(rows: readonly R[], text: string): readonly R[] {
    if (rows === this.#rows && text === this.#text) return this.#kept;
    const from = rows === this.#rows && narrows(this.#text, text) ? this.#kept : rows;
    this.#kept = text.trim() === "" ? rows : from.filter((r) => this.#matches(r, text));
    this.#rows = rows;
    this.#text = text;
    return this.#kept;
  }
}
