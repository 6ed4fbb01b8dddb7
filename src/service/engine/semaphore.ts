/** A counting semaphore bounding concurrent check attempts. */
export type Semaphore = { run<T>(fn: () => Promise<T>): Promise<T>; active(): number; queued(): number };

export function createSemaphore(limit: number): Semaphore {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active--;
    const next = queue.shift();
    if (next) {
      active++;
      next();
    }
  };
  return {
    async run(fn) {
      if (active < limit) active++;
      else await new Promise<void>((r) => queue.push(r));
      try {
        return await fn();
      } finally {
        release();
      }
    },
    active: () => active,
    queued: () => queue.length,
  };
}
