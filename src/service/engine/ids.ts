/**
 * Time-ordered UUIDs (version 7, RFC 9562) for sessions, results and heartbeat events: inserts land at
 * the end of the primary-key index instead of at random places, which keeps writes of large histories
 * fast, and ids still look like UUIDs.
 * Within one millisecond, ordering follows a random-seeded counter.
 */
import { randomFillSync } from "node:crypto";

let lastMs = 0;
let counter = 0;
/** Random bytes are drawn from a pool refilled 4 KB at a time (one crypto call per 256 ids). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
const b = Buffer.alloc(16);

export function uuidv7(now: number = Date.now()): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  pool.copy(b, 0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs++;
  } else {
    lastMs = now;
    counter = b.readUInt16BE(6) & 0x7ff;
  }
  const ms = lastMs;
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
