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
