/**
 * In-memory waiters for the completion long-poll: `wait(id, ms)` resolves true when `notify(id)` is called
 * (session reached a terminal status) or false when the time runs out. Bounded by the number of open
 * HTTP requests; entries are removed on either outcome.
 */
export type Waiters = {
  wait(id: string, ms: number, signal?: AbortSignal): Promise<boolean>;
  notify(id: string): void;
  size(): number;
};

export function createWaiters(): Waiters {
  const map = new Map<string, Set<(done: boolean) => void>>();
  return {
    wait(id, ms, signal) {
      return new Promise<boolean>((resolve) => {
        let set = map.get(id);
        if (!set) {
          set = new Set();
          map.set(id, set);
        }
        const s = set;
        const finish = (done: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          s.delete(finish);
          if (s.size === 0 && map.get(id) === s) map.delete(id);
          resolve(done);
        };
        const onAbort = () => finish(false);
        const timer = setTimeout(() => finish(false), ms);
        signal?.addEventListener("abort", onAbort, { once: true });
        s.add(finish);
      });
    },
    notify(id) {
      const set = map.get(id);
      if (!set) return;
      for (const f of [...set]) f(true);
    },
    size() {
      let n = 0;
      for (const s of map.values()) n += s.size;
      return n;
    },
  };
}
