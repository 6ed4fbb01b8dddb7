/**
 * Memoised selectors, of two kinds, so a keystroke that only moves the cursor recomputes nothing and
 * `vigil share`'s viewers (up to 200, each a view over one shared data) never evict each other's results:
 *
 * - `memo(f)`: every input is shared data (the checks list, the statuses, a list slice). The data is one
 *   per process (the console's, or the share hub's that every view is given by reference), so ONE result
 *   — for the newest inputs — serves every view.
 * - `viewMemo(f)`: an input is one viewer's (its filter, its sort, a body expanded). The result is kept in
 *   that view's own cache (`ViewState.memo`), one per selector: as many results as views, and they go with
 *   the view. Called as `sel(s, ...inputs)`, `s` being the state the view reads.
 *
 * Both compare inputs by identity and return the SAME array/object while they did not change.
 */

type Entry = { args: readonly unknown[]; value: unknown };

/**
 * One view's memo cache (lives in its ViewState; never replaced, so it never notifies anyone). `wake`,
 * set by the view's store (state.ts), has the view ask its selectors again: for work a selector finishes
 * later, in slices (a long list's filter: filtered-rows.ts).
 */
export type ViewMemo = { readonly entries: Map<object, Entry>; wake?: (() => void) | undefined };

export const newViewMemo = (): ViewMemo => ({ entries: new Map() });

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** A selector of shared data: one result, for its newest inputs. */
export function memo<A extends readonly unknown[], R>(f: (...args: A) => R): (...args: A) => R {
  let last: { args: A; value: R } | undefined;
  return (...args: A) => {
    if (last && same(last.args, args)) return last.value;
    const value = f(...args);
    last = { args, value };
    return value;
  };
}

/** A selector with a viewer's inputs: one result per view, in the view's cache (`s.memo`). */
export function viewMemo<A extends readonly unknown[], R>(
  f: (...args: A) => R,
): (view: { readonly memo?: ViewMemo | undefined }, ...args: A) => R {
  const key = {};
  return (view, ...args) => {
    const cache = view.memo?.entries;
    const hit = cache?.get(key);
    if (hit && same(hit.args, args)) return hit.value as R;
    const value = f(...args);
    cache?.set(key, { args, value });
    return value;
  };
}
