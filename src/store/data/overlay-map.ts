/**
 * An immutable map made of a base map and a small map of the entries set over it: a status delta of 20
 * checks makes a new map by copying those 20 (and the few set before them), not the 100,000 of the base —
 * a copy that alone held the console's thread 10–60 ms on every poll. Once the entries set over the base
 * pass an eighth of it, they are folded into a new base (one copy per many polls). Values are never
 * undefined; nothing is deleted through it (a status delta only sets).
 *
 * That fold copies the whole base in one block (~30 ms at 100,000 statuses, in the poll's frame): a map
 * whose entries over the base pass a sixteenth of it can be folded beforehand in slices that yield to
 * input (`compact`, the loader's before a poll is applied) — the same entries, the same map to every
 * reader, a flat one underneath that the next `with` builds on.
 */
export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  readonly #base: ReadonlyMap<K, V>;
  readonly #top: ReadonlyMap<K, V>;
  /** Base and top folded into one map (`compact`): what `with` builds on, the reads unchanged. */
  #flat: ReadonlyMap<K, V> | undefined;
  readonly size: number;

  private constructor(base: ReadonlyMap<K, V>, top: ReadonlyMap<K, V>, size: number) {
    this.#base = base;
    this.#top = top;
    this.size = size;
  }

  /** Whether `map` is worth `compact`ing before the next `with` (its entries over its base are many). */
  static wantsCompact(map: ReadonlyMap<unknown, unknown>): boolean {
    return map instanceof OverlayMap && map.#flat === undefined && map.#top.size * 16 > map.#base.size;
  }

  /**
   * Fold `map`'s base and top into one map, `slice` entries at a time with `pause()` between slices (true:
   * stop, nothing kept), kept beneath it: `map` reads the same, and `with(map, …)` starts from the flat
   * map instead of folding it in one block. Nothing for a map that is not an OverlayMap.
   */
  static async compact(
    map: ReadonlyMap<unknown, unknown>,
    pause: () => Promise<boolean>,
    slice = 5000,
  ): Promise<void> {
    if (!(map instanceof OverlayMap) || map.#flat !== undefined) return;
    const top = map.#top;
    const flat = new Map();
    let n = 0;
    // the base is never changed once made: walked over several turns of the loop, it is still the same
    for (const [k, v] of map.#base) {
      flat.set(k, top.get(k) ?? v);
      if (++n % slice === 0 && (await pause())) return;
    }
    for (const [k, v] of top) flat.set(k, v);
    map.#flat = flat;
  }

  /** `prev` with `set`'s entries set over it, `prev` itself untouched. */
  static with<K, V>(prev: ReadonlyMap<K, V>, set: ReadonlyMap<K, V>): ReadonlyMap<K, V> {
    const flat = prev instanceof OverlayMap ? (prev.#flat as ReadonlyMap<K, V> | undefined) : undefined;
    const base = prev instanceof OverlayMap ? (flat ?? (prev.#base as ReadonlyMap<K, V>)) : prev;
    const top = new Map(
      prev instanceof OverlayMap && flat === undefined ? (prev.#top as ReadonlyMap<K, V>) : undefined,
    );
    let size = prev.size;
    for (const [k, v] of set) {
      if (!prev.has(k)) size++;
      top.set(k, v);
    }
    if (top.size * 8 <= base.size) return new OverlayMap(base, top, size);
    const folded = new Map(base);
    for (const [k, v] of top) folded.set(k, v);
    return folded;
  }

  get(key: K): V | undefined {
    return this.#top.get(key) ?? this.#base.get(key);
  }

  has(key: K): boolean {
    return this.#top.has(key) || this.#base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [k, v] of this.#base) yield [k, this.#top.get(k) ?? v];
    for (const [k, v] of this.#top) if (!this.#base.has(k)) yield [k, v];
  }

  *keys(): MapIterator<K> {
    // no [key, value] pair made per entry (every status's key is walked after each new checks list)
    yield* this.#base.keys();
    for (const k of this.#top.keys()) if (!this.#base.has(k)) yield k;
  }

  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}
