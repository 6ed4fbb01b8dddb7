/**
 * The two big reads — a refresh of the checks list and a read of every status — one after the other once
 * both lists are held. Every 5 minutes the list and every status are read whole, often in the same second;
 * at once, each one's answer waited through the other's parse, long enough to be promoted to V8's old
 * generation: ~5 MB more in the console for the seconds until its next major collection (issue 27). A
 * status poll waits for a refresh under way (~0.3 s at 10,000 checks, ~3 s at 100,000), at most `waitMs`,
 * so a slow service's refresh never holds the statuses back longer. A first read (its list not held yet)
 * goes at once: the first reads of both still go together.
 */

/** How long a big read waits at most for the other under way. */
export const BIG_READ_WAIT_MS = 5000;

/** Returns `gate(held, read)`: `read` run now when its list is not held, else after the big read before it. */
export function createBigReads(
  waitMs = BIG_READ_WAIT_MS,
): (held: boolean, read: () => Promise<void>) => Promise<void> {
  let last: Promise<unknown> = Promise.resolve();
  return (held, read) => {
    if (!held) return read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = Promise.race([
      last,
      new Promise<void>((r) => {
        timer = setTimeout(r, waitMs);
        timer.unref?.();
      }),
    ]);
    const run = waited.then(() => {
      clearTimeout(timer);
      return read();
    });
    last = run.catch(() => undefined);
    return run;
  };
}
