/**
 * The console with 10,000 checks (design.md §4), on a 120×40 pty, against `vigil serve` holding them:
 * - console.10k.listed.ms: start → all 10,000 counted on screen (no budget).
 * - console.10k.idle.bytesPerS: bytes written per second while idle (no key, data unchanged), over
 *   VIGIL_BENCH_IDLE_S (10) seconds; budget ≤ 100.
 * - console.10k.keyToFrame.p95.ms: `j` written to the pty → arrival of the bytes after which the selected
 *   row changed on the emulated screen; MOVES (120) moves, one every ~80 ms (slower than the console's
 *   20 fps cap, like a person pressing keys, so the cap's throttle is not measured), the later ones
 *   scrolling the window; budget p95 ≤ 16.
 * - console.10k.keyToFrame.busy.p95.ms: the same measure with a busy CPU beside the console (the bench starts
 *   one child process spinning on a core); budget ≤ 2× the quiet budget (32), p50/max/quiet p95 alongside.
 * - console.10k.bytesPerMove: bytes written per selection move inside the visible window (the first 25
 *   moves; median); budget ≤ 400. The scrolling moves are reported separately without a budget.
 * - console.10k.rss.mb: the console's RSS after VIGIL_BENCH_SOAK_S (60; the budget's duration is 600)
 *   seconds live, a key every 5 s; budget ≤ 120, with the first and highest samples to judge "flat".
 */
import { spawn } from "node:child_process";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { serveChecks } from "./console/checks-10k.ts";
import { percentile, round, startConsole } from "./console/launch.ts";
import { measureMoves } from "./console/moves.ts";
import type { Figure } from "./run.ts";

const CHECKS = 10_000;
const MOVES = Number(process.env.VIGIL_BENCH_MOVES ?? 120);
const IN_VIEW_MOVES = 25;
const IDLE_S = Number(process.env.VIGIL_BENCH_IDLE_S ?? 10);
const SOAK_S = Number(process.env.VIGIL_BENCH_SOAK_S ?? 60);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default async function (report: (f: Figure) => void): Promise<void> {
  await ensureBundle();
  const served = await serveChecks(CHECKS);
  process.stderr.write(`  ${CHECKS} checks created in ${Math.round(served.createMs)} ms\n`);
  const pty = startConsole(served, 120, 40);
  try {
    await pty.waitFor(
      (l) => l.some((x) => /\b10[,.\u202f ]?000 checks/.test(x)),
      "10,000 checks counted",
      60_000,
    );
    const listedMs = (pty.chunks.at(-1)?.at ?? 0) - pty.startedAt;
    report({ figure: "console.10k.listed.ms", value: round(listedMs), unit: "ms", checks: CHECKS });
    // let the first round of loads settle before measuring idle
    await sleep(3000);

    const idleFrom = performance.now();
    await sleep(IDLE_S * 1000);
    const idleBytes = pty.bytesBetween(idleFrom);
    report({
      figure: "console.10k.idle.bytesPerS",
      value: round(idleBytes / IDLE_S),
      budget: 100,
      unit: "B/s",
      seconds: IDLE_S,
    });

    const rssStart = pty.rssMb() ?? Number.NaN;
    const all = await measureMoves(pty, MOVES, () => "j");
    const inView = all.slice(0, IN_VIEW_MOVES);
    const scrolling = all.slice(IN_VIEW_MOVES);
    const latency = all.map((m) => m.ms);
    report({
      figure: "console.10k.keyToFrame.p95.ms",
      value: round(percentile(latency, 95)),
      budget: 16,
      unit: "ms",
      p50: round(percentile(latency, 50)),
      max: round(Math.max(...latency)),
      moves: latency.length,
      inViewP95: round(
        percentile(
          inView.map((m) => m.ms),
          95,
        ),
      ),
      scrollingP95: round(
        percentile(
          scrolling.map((m) => m.ms),
          95,
        ),
      ),
    });
    // the same moves with a busy CPU beside the console: one child spinning on a core of its own
    const busy = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
    try {
      await sleep(500);
      const loaded = (await measureMoves(pty, MOVES, () => "j")).map((m) => m.ms);
      report({
        figure: "console.10k.keyToFrame.busy.p95.ms",
        value: round(percentile(loaded, 95)),
        budget: 32,
        unit: "ms",
        p50: round(percentile(loaded, 50)),
        max: round(Math.max(...loaded)),
        quietP95: round(percentile(latency, 95)),
        moves: loaded.length,
        load: "one busy child process (a core of its own)",
      });
    } finally {
      busy.kill("SIGKILL");
    }
    report({
      figure: "console.10k.bytesPerMove",
      value: percentile(
        inView.map((m) => m.bytes),
        50,
      ),
      budget: 400,
      unit: "B",
      max: Math.max(...inView.map((m) => m.bytes)),
      moves: inView.length,
      cols: 120,
      rows: 40,
    });
    report({
      figure: "console.10k.bytesPerScrollingMove",
      value: percentile(
        scrolling.map((m) => m.bytes),
        50,
      ),
      unit: "B",
      max: Math.max(...scrolling.map((m) => m.bytes)),
      moves: scrolling.length,
    });

    const samples: number[] = [];
    const soakEnd = performance.now() + SOAK_S * 1000;
    let k = 0;
    while (performance.now() < soakEnd) {
      await sleep(Math.min(5000, Math.max(0, soakEnd - performance.now())));
      pty.write(k++ % 2 === 0 ? "j" : "k");
      samples.push(pty.rssMb() ?? Number.NaN);
    }
    const final = samples.at(-1) ?? pty.rssMb() ?? Number.NaN;
    report({
      figure: "console.10k.rss.mb",
      value: round(final),
      budget: 120,
      unit: "MB",
      durationS: SOAK_S,
      budgetDurationS: 600,
      afterLoadMb: round(rssStart),
      firstSampleMb: round(samples[0] ?? Number.NaN),
      maxMb: round(Math.max(...samples)),
      samplesMb: samples.map((x) => Math.round(x)),
    });
  } finally {
    await pty.kill();
    await served.stop();
  }
}
