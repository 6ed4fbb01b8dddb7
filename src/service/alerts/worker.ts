/**
 * The delivery worker: claims due outbox rows (repo/outbox.ts), sends each through its channel's transport,
 * records the outcome. It sleeps until the next delivery is due (at most `pollMs`, so rows stored by other
 * code paths are found) and is woken at once by `wake()`. At start it first recovers attempts a previous
 * process left in flight. `stop()` lets in-flight attempts finish for a short grace, then aborts them (the
 * aborted attempt is recorded and the delivery stays due), and resolves once every outcome is stored.
 */

import { errorMessage } from "../../shared/errors.ts";
import type { ClaimedDelivery } from "../repo/outbox.ts";
import type { Repo } from "../repo/store.ts";
import { transportFor } from "./channels/registry.ts";
import type { SendResult } from "./channels/types.ts";
import type { AlertingConfig } from "./config.ts";

export type Worker = { start(): void; stop(): Promise<void>; wake(): void; idle(): Promise<void> };

export function createWorker(opts: {
  repo: Repo;
  config: AlertingConfig;
  now(): number;
  logError(err: unknown): void;
  /** How long stop() waits for in-flight attempts before aborting them (default 1000 ms). */
  stopGraceMs?: number;
}): Worker {
  const { repo, config, now, logError } = opts;
  const inFlight = new Map<string, Promise<void>>();
  let abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let scheduled = false;

  async function deliver(d: ClaimedDelivery): Promise<void> {
    const transport = transportFor(d.channelType);
    let result: SendResult;
    try {
      result = transport
        ? await transport.send(d.payload, {
            deliveryId: d.id,
            attempt: d.attempt,
            secret: d.secret,
            config,
            signal: abort.signal,
            now,
          })
        : { ok: false, error: `no transport for channel type ${d.channelType}` };
    } catch (err) {
      result = { ok: false, error: `send failed: ${errorMessage(err)}` };
    }
    try {
      repo.complete(d, result, now(), config.retryIntervalMs);
    } catch (err) {
      logError(err);
    }
  }

  function tick(): void {
    scheduled = false;
    timer = undefined;
    if (!running) return;
    try {
      const free = config.concurrency - inFlight.size;
      for (const d of repo.claimDue(now(), free)) {
        const p = deliver(d).finally(() => {
          inFlight.delete(d.id);
          if (running) schedule(0);
        });
        inFlight.set(d.id, p);
      }
      const due = repo.nextDueAt();
      schedule(due === undefined ? config.pollMs : Math.max(0, Math.min(config.pollMs, due - now())));
    } catch (err) {
      logError(err);
      schedule(config.pollMs);
    }
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer && delayMs > 0) return;
    if (scheduled && delayMs === 0) return;
    if (timer) clearTimeout(timer);
    scheduled = delayMs === 0;
    timer = setTimeout(tick, delayMs);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      abort = new AbortController();
      try {
        repo.recoverInterrupted(now());
      } catch (err) {
        logError(err);
      }
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      scheduled = false;
      if (inFlight.size === 0) return;
      const grace = new Promise<void>((r) => setTimeout(r, opts.stopGraceMs ?? 1000).unref?.());
      await Promise.race([Promise.allSettled([...inFlight.values()]), grace]);
      abort.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
    wake() {
      schedule(0);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
