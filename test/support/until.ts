/**
 * Waiting in tests: for a condition, never for a fixed time. `until` polls `get` every `stepMs` until it gives
 * a value — anything but undefined, null and false — and returns that value; past the deadline it throws,
 * naming what it waited for. Every test helper that waits goes through this one.
 */
export async function until<T>(
  what: string,
  timeoutMs: number,
  get: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  stepMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/**
 * Resolves once the clock is past `at` (ms since the epoch). Only for proving an absence — that something
 * due by `at` did not happen (a stopped worker's retry, a scan that must stay quiet) — where no event can
 * say so; the moment is the due time of what must not happen, never a guess of how long something takes.
 */
export async function pastTime(at: number): Promise<void> {
  while (Date.now() <= at) await new Promise((r) => setTimeout(r, Math.max(1, at - Date.now() + 1)));
}
