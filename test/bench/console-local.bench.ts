/**
 * The console with nothing configured (`vigil` on the data dir alone), which starts the data dir's local
 * service itself — in its own process since issue 24, in the console's process before. Bundles can be
 * compared in one run: VIGIL_BENCH_BUNDLES="before=/path/dist/vigil.js,after=/other/dist/vigil.js"
 * (default: this checkout's dist/vigil.js as "current"); their rounds alternate. Each round starts with
 * no service running (the background one is given VIGIL_SERVICE_IDLE_SECONDS=1 and waited for).
 *
 * - console.local.firstFrame.ms / console.local.firstData.ms (per bundle, median of ROUNDS): start → the
 *   header on screen / → the status line's first "data …" (first data arrived), the demo data dir seeded
 *   beforehand (a daily start, not the first one), no service running.
 * - console.local.attached.firstData.ms (per bundle): the same with the data dir's service already running
 *   (another console open, or one closed less than a minute ago, or `vigil serve`).
 * - console.local.10k.keyToFrame.p95.ms, console.local.10k.rss.mb (per bundle): the same console on a data
 *   dir holding 10,000 checks (plus the demo's), as console-scale.bench.ts measures them against a served
 *   API: MOVES `j` moves, then RSS after VIGIL_BENCH_SOAK_S (30) s with a key every 5 s; with the
 *   service's own RSS beside it when it runs in a process of its own. Beside the key p95: the console's
 *   main-thread CPU per move (cpuMsP50/cpuMsP95, Pty.cpuMs from the key to its frame) and, when the service
 *   runs in its own process, its CPU per second of wall time across the moves (serviceCpuMsPerS: user +
 *   system from /proc/PID/stat, 10 ms steps) — on 2 cores what the service burns while keys come competes
 *   with the console.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { ROOT } from "../e2e/support/paths.ts";
import { spawnServe } from "../e2e/support/service.ts";
import { tenKDataDir } from "./console/checks-10k.ts";
import { benchBundles, consoleEnv, percentile, round } from "./console/launch.ts";
import { measureMoves } from "./console/moves.ts";
import { cpuMsOf, Pty } from "./console/pty.ts";
import type { Figure } from "./run.ts";

const ROUNDS = Number(process.env.VIGIL_BENCH_START_ROUNDS ?? 5);
const MOVES = Number(process.env.VIGIL_BENCH_MOVES ?? 120);
const SOAK_S = Number(process.env.VIGIL_BENCH_SOAK_S ?? 30);
const WHAT = process.env.VIGIL_BENCH_LOCAL ?? "start,10k";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const servicePid = (dataDir: string): number | undefined => {
  try {
    return (JSON.parse(readFileSync(join(dataDir, "service.json"), "utf8")) as { pid: number }).pid;
  } catch {
    return undefined;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const rssOf = (pid: number | undefined): number => {
  if (pid === undefined) return Number.NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/** Wait until no process names the data dir (a background service still stopping). */
async function settle(dataDir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    let pids: string[] = [];
    try {
      pids = execFileSync("/usr/bin/pgrep", ["-f", dataDir], { encoding: "utf8" }).trim().split("\n");
    } catch {
      pids = [];
    }
    const pid = servicePid(dataDir);
    if (pids.filter(Boolean).length === 0 && !(pid !== undefined && alive(pid))) return;
    if (Date.now() > deadline) throw new Error(`the data dir ${dataDir} is still in use`);
    await sleep(50);
  }
}

function launch(file: string, dataDir: string): Pty {
  const env = { ...consoleEnv(), VIGIL_DATA_DIR: dataDir, VIGIL_SERVICE_IDLE_SECONDS: "1" };
  // as a user starts it: the bundle's launcher (console/launch.ts startConsole)
  return new Pty({ argv: [file], env, cwd: ROOT, cols: 120, rows: 40 });
}

/** A data dir the demo seeded (its first start done): start `vigil serve` on it once, stop it. */
async function seeded(dataDir: string, home: string): Promise<void> {
  const { child } = await spawnServe({ dataDir, port: 0, demo: true, home });
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

async function startFigures(report: (f: Figure) => void, root: string): Promise<void> {
  const dataDir = join(root, "start-data");
  await seeded(dataDir, root);
  const list = benchBundles();
  const frame = new Map<string, number[]>(list.map((b) => [b.label, []]));
  const data = new Map<string, number[]>(list.map((b) => [b.label, []]));
  for (let i = 0; i < ROUNDS; i++)
    for (const b of list) {
      await settle(dataDir);
      const pty = launch(b.file, dataDir);
      await pty.waitFor((l) => l.some((x) => x.startsWith("vigil › ")), "the header");
      frame.get(b.label)?.push((pty.chunks.at(-1)?.at ?? 0) - pty.startedAt);
      await pty.waitFor((l) => l.some((x) => / · data (just now|\d)/.test(x)), "the first data");
      data.get(b.label)?.push((pty.chunks.at(-1)?.at ?? 0) - pty.startedAt);
      await pty.kill();
    }
  await settle(dataDir);
  // the service already running: the console attaches
  const attached = new Map<string, number[]>(list.map((b) => [b.label, []]));
  const { child } = await spawnServe({ dataDir, port: 0, demo: true, home: root });
  try {
    for (let i = 0; i < ROUNDS; i++)
      for (const b of list) {
        const pty = launch(b.file, dataDir);
        await pty.waitFor((l) => l.some((x) => / · data (just now|\d)/.test(x)), "the first data");
        attached.get(b.label)?.push((pty.chunks.at(-1)?.at ?? 0) - pty.startedAt);
        await pty.kill();
      }
  } finally {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await gone;
  }
  for (const b of list) {
    const f = frame.get(b.label) ?? [];
    const d = data.get(b.label) ?? [];
    report({
      figure: "console.local.firstFrame.ms",
      bundle: b.label,
      value: round(percentile(f, 50)),
      unit: "ms",
      min: round(Math.min(...f)),
      max: round(Math.max(...f)),
      rounds: ROUNDS,
    });
    report({
      figure: "console.local.firstData.ms",
      bundle: b.label,
      value: round(percentile(d, 50)),
      unit: "ms",
      min: round(Math.min(...d)),
      max: round(Math.max(...d)),
      rounds: ROUNDS,
    });
    const a = attached.get(b.label) ?? [];
    report({
      figure: "console.local.attached.firstData.ms",
      bundle: b.label,
      value: round(percentile(a, 50)),
      unit: "ms",
      min: round(Math.min(...a)),
      max: round(Math.max(...a)),
      rounds: ROUNDS,
    });
  }
}

async function tenKFigures(report: (f: Figure) => void, root: string): Promise<void> {
  const dataDir = await tenKDataDir(root);
  for (const b of benchBundles()) {
    await settle(dataDir);
    const pty = launch(b.file, dataDir);
    try {
      await pty.waitFor((l) => l.some((x) => x.startsWith("vigil › ")), "the header");
      pty.write(":checks\r");
      await pty.waitFor(
        (l) => l.some((x) => /\b10[,.\u202f ]?0\d\d checks/.test(x)),
        "10,000 checks counted",
        120_000,
      );
      await pty.quiet(20); // the first loads have come to rest before keys are timed
      const service = servicePid(dataDir);
      const own = service !== undefined && service !== pty.programPid();
      const serviceCpuFrom = own ? cpuMsOf(service) : undefined;
      const movesFrom = performance.now();
      const measured = await measureMoves(pty, MOVES, () => "j");
      const movesS = (performance.now() - movesFrom) / 1000;
      const serviceCpuTo = own ? cpuMsOf(service) : undefined;
      const moves = measured.map((m) => m.ms);
      const cpu = measured.map((m) => m.cpuMs);
      const samples: number[] = [];
      const end = performance.now() + SOAK_S * 1000;
      for (let k = 0; performance.now() < end; k++) {
        await sleep(Math.min(5000, Math.max(0, end - performance.now())));
        pty.write(k % 2 === 0 ? "j" : "k");
        samples.push(pty.rssMb() ?? Number.NaN);
      }
      report({
        figure: "console.local.10k.keyToFrame.p95.ms",
        bundle: b.label,
        value: round(percentile(moves, 95)),
        unit: "ms",
        p50: round(percentile(moves, 50)),
        max: round(Math.max(...moves)),
        moves: moves.length,
        cpuMsP50: round(percentile(cpu, 50)),
        cpuMsP95: round(percentile(cpu, 95)),
        service: own ? "own process" : "in the console's process",
        ...(serviceCpuFrom !== undefined && serviceCpuTo !== undefined
          ? { serviceCpuMsPerS: round((serviceCpuTo - serviceCpuFrom) / movesS) }
          : {}),
      });
      report({
        figure: "console.local.10k.rss.mb",
        bundle: b.label,
        value: round(samples.at(-1) ?? Number.NaN),
        unit: "MB",
        maxMb: round(Math.max(...samples)),
        durationS: SOAK_S,
        service: own ? "own process" : "in the console's process",
        ...(own ? { serviceRssMb: round(rssOf(service)) } : {}),
      });
    } finally {
      await pty.kill();
    }
  }
  await settle(dataDir);
}

export default async function (report: (f: Figure) => void): Promise<void> {
  if (!process.env.VIGIL_BENCH_BUNDLES) await ensureBundle();
  const root = mkdtempSync(join(tmpdir(), "vigil-bench-local-"));
  try {
    if (WHAT.includes("start")) await startFigures(report, root);
    if (WHAT.includes("10k")) await tenKFigures(report, root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
