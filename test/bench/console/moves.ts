/**
 * Selection moves, one key at a time: the time from writing the key to the pty until the arrival of the
 * bytes after which the selected row (the one starting with `›`) shows different text, and the bytes
 * written for that move (everything from the key until 60 ms after that frame). Keys are ~80 ms apart —
 * slower than the console's 20 fps cap, as a person presses them — so the cap's throttle is not measured.
 */
import type { Pty } from "./pty.ts";

/**
 * cpuMs: the program's main-thread CPU from the key to its frame (Pty.cpuMs), sampled for every move;
 * waitMs: its time in that span ready to run but waiting for a core (Pty.sched).
 */
export type Move = { ms: number; bytes: number; cpuMs: number; waitMs: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const selectedRow = (lines: string[]) => lines.find((l) => l.startsWith("› ")) ?? "";

/** `keyFor(i)` gives the i-th key (e.g. always "j", or j/k back and forth to stay inside the view). */
export async function measureMoves(pty: Pty, count: number, keyFor: (i: number) => string): Promise<Move[]> {
  const moves: Move[] = [];
  for (let i = 0; i < count; i++) {
    const before = selectedRow(await pty.lines());
    const changed = pty.nextScreen((l) => selectedRow(l) !== before, `move ${i + 1}`);
    const sampled = pty.sampleCpu;
    pty.sampleCpu = true;
    const { cpuMs: cpuAt = Number.NaN, waitMs: waitAt = Number.NaN } = pty.sched();
    const at = pty.write(keyFor(i));
    const chunk = await changed;
    pty.sampleCpu = sampled;
    await sleep(80);
    moves.push({
      ms: chunk.at - at,
      bytes: pty.bytesBetween(at, chunk.at + 60),
      cpuMs: (chunk.cpuMs ?? Number.NaN) - cpuAt,
      waitMs: (chunk.waitMs ?? Number.NaN) - waitAt,
    });
  }
  return moves;
}
