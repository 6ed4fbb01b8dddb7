/**
 * An immutable map made of a base map and a small map of the entries set over it: a status delta of 20
 * checks makes a new map by copying those 20 (and the few set before them), not the 100,000 of the base —
 * a copy that alone held the console's thread 10–60 ms on every poll. Once the entries set over the base
 * pass an eighth of it, they are folded into a new base (one copy per many polls). Values are never
 * undefined; nothing is deleted through it (a status delta only sets).
 */
export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  readonly #base: ReadonlyMap<K, V>;
  readonly #top: ReadonlyMap<K, V>;
  readonly size: number;

  private constructor(base: ReadonlyMap<K, V>, top: ReadonlyMap<K, V>, size: number) {
    this.#base = base;
    this.#top = top;
    this.size = size;
  }

  /** `prev` with `set`'s entries set over it, `prev` itself untouched. */
  static with<K, V>(prev: ReadonlyMap<K, V>, set: ReadonlyMap<K, V>): ReadonlyMap<K, V> {
    const base = prev instanceof OverlayMap ? (prev.#base as ReadonlyMap<K, V>) : prev;
    const top = new Map(prev instanceof OverlayMap ? (prev.#top as ReadonlyMap<K, V>) : undefined);
    let size = prev.size;
    for (const [k, v] of set) {
      if (!prev.has(k)) size++;
      top.set(k, v);
    }
    if (top.size * 8 <= base.size) return new OverlayMap(base, top, size);
    const flat = new Map(base);
    for (const [k, v] of top) flat.set(k, v);
    return flat;
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
