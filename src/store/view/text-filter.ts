/** The `/` filter of the simple lists (incidents, channels, pages, locations, sessions, results). */

/** The rows whose text contains every word of `filter` (case-insensitive); all rows for an empty filter. */
export function filterByText<T>(items: readonly T[], filter: string, text: (t: T) => string): readonly T[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((it) => {
    const t = text(it).toLowerCase();
    return words.every((w) => t.includes(w));
  });
}
