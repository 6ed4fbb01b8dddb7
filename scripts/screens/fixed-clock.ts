/**
 * TEST-ONLY preload for `npm run screens` (scripts/screens.ts): loaded with `node --import` through
 * NODE_OPTIONS into the console and every process it starts (the background service, the demo's agents),
 * it makes a run of the real program repeatable. Never loaded by vigil itself; only when
 * VIGIL_SCREENS_FIXED_NOW is set does it change anything.
 *
 * - In the service (`vigil serve`) and the demo's agents it starts, the clock stands still at
 *   VIGIL_SCREENS_FIXED_NOW (an ISO time): `Date.now()` and `new Date()` return it. Timers keep real time,
 *   so requests, leases and polling still work; the scheduler never finds a check due (a check's first due
 *   time lies a jitter after "now"), so no live run adds a result with measured timings: what the screens
 *   show is the demo's backfilled history (and the demo heartbeat job's first ping, at that time).
 * - In the console the clock starts at VIGIL_SCREENS_FIXED_NOW and runs (its poller and rate limiter
 *   measure intervals with it): a screen taken within a minute of the start shows the same minute-grained
 *   times ("20 min ago", "09:56"); nothing the screens show is finer than that.
 * - Math.random and node:crypto's randomUUID / randomBytes / randomFillSync draw from seeded generators
 *   (VIGIL_SCREENS_SEED), so the demo's ids (which set each check's latency profile), its history and its
 *   choices repeat.
 * - In the service, a server asked to listen on port 0 (any free port) listens on the next of
 *   VIGIL_SCREENS_PORT_BASE, +1, +2, … instead: the service, then the demo target's HTTP and TCP servers,
 *   whose address a check's result shows. A port taken there fails the start (choose another base).
 */

import { createRequire, syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { mulberry32 } from "../../src/shared/seeded-random.ts";

const fixed = process.env.VIGIL_SCREENS_FIXED_NOW;
if (fixed) {
  const at = Date.parse(fixed);
  if (!Number.isFinite(at)) throw new Error(`VIGIL_SCREENS_FIXED_NOW: not a time: ${fixed}`);
  const RealDate = Date;
  const service = process.argv[2] === "serve" || process.argv[2] === "agent";
  const startedAt = performance.now();
  const now = service ? () => at : () => at + Math.floor(performance.now() - startedAt);
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      // biome-ignore lint/suspicious/noExplicitAny: Date's overloads
      else super(...(args as [any]));
    }
    static override now(): number {
      return now();
    }
  }
  globalThis.Date = FixedDate as DateConstructor;

  if (service) {
    let port = Number(process.env.VIGIL_SCREENS_PORT_BASE ?? 29310);
    const listen = net.Server.prototype.listen;
    net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
      if (args[0] === 0) args[0] = port++;
      return (listen as (...a: unknown[]) => net.Server).apply(this, args);
    } as typeof listen;
  }

  const generator = mulberry32;
  Math.random = generator(Number(process.env.VIGIL_SCREENS_SEED ?? 29));
  const bytes = generator(7);
  const fill = <T extends NodeJS.ArrayBufferView>(buf: T): T => {
    const view = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    for (let i = 0; i < view.length; i++) view[i] = Math.floor(bytes() * 256);
    return buf;
  };
  const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  const hex = () => {
    const b = fill(Buffer.alloc(16));
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = b.toString("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  Object.assign(crypto, {
    randomUUID: hex,
    randomBytes: (n: number, cb?: (err: Error | null, b: Buffer) => void) => {
      const b = fill(Buffer.alloc(n));
      if (cb) queueMicrotask(() => cb(null, b));
      else return b;
    },
    randomFillSync: fill,
  });
  syncBuiltinESMExports();
}
