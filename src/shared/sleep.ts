/**
 * The one abortable wait. `sleep` rejects with the signal's reason once it aborts (a retry loop stops with
 * the reason); `pause` ends early instead, saying whether the whole time passed (a worker's loop checks its
 * stop signal next). Either way the timer and the abort listener are released when the wait ends.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Wait `ms` or until `signal` aborts, whichever is first; true when the whole time passed. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return sleep(ms, signal).then(
    () => true,
    () => false,
  );
}
