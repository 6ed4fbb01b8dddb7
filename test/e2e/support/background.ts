/**
 * Waiting on the data dir's background service (`vigil serve` started by a console, a command, `vigil
 * share`): its pid as service.json says, whether a pid is gone, the processes that still name a dir, and
 * the clean-up that waits for them to stop by themselves before it kills what is left. Every wait has a
 * deadline and polls for its condition (never a fixed sleep).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pidAlive } from "../../../src/service/info-file.ts";
import { until } from "../../support/until.ts";

/** The process `pid` still exists. */
export const alive = pidAlive;

/** The pid in `<dataDir>/service.json`, if the file is there (alive or not). */
export function servicePid(dataDir: string): number | undefined {
  try {
    return (JSON.parse(readFileSync(join(dataDir, "service.json"), "utf8")) as { pid: number }).pid;
  } catch {
    return undefined;
  }
}

/** Every process but this one whose command line names `dir` (a background service, an agent it started). */
export function processesOf(dir: string): number[] {
  try {
    return execFileSync("/usr/bin/pgrep", ["-f", dir], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number)
      .filter((p) => p !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** Waiting for a condition: the one helper of every test (test/support/until.ts). */
export { until };

/**
 * Wait up to `timeoutMs` for the processes `pids()` names to end (a background service stops by itself
 * once its last client left); those still there at the deadline are killed (-9) and returned — a test
 * expects `[]`.
 */
export async function reap(pids: () => number[], timeoutMs = 15_000): Promise<number[]> {
  const left = await until("the processes to end", timeoutMs, () => (pids().length === 0 ? [] : false)).catch(
    () => pids(),
  );
  for (const pid of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone in between
    }
  }
  return left;
}

/** `reap` of every process that names `dir` (the test's temp dir or data dir). */
export const reapProcessesOf = (dir: string, timeoutMs?: number) => reap(() => processesOf(dir), timeoutMs);

/** `reap` of one pid (undefined: nothing to wait for). */
export const reapPid = (pid: number | undefined, timeoutMs?: number) =>
  reap(() => (pid !== undefined && alive(pid) ? [pid] : []), timeoutMs);
