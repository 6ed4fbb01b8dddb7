/**
 * Console start-up (design.md §4): start → first frame of the bundled console (dist/vigil.js run as the
 * program, through its launcher as `npx vigil` runs it: console/launch.ts startConsole; on a pty, pointed
 * at `vigil serve` with the demo workspace) against a bare Ink "hello" bundled the same way (started by
 * `node` itself), measured alternately in the same run. "First frame" = the moment the bytes that first put the console's
 * header ("vigil › ") — or "hello" — on the emulated screen arrived. Median of ROUNDS each; budget: the
 * console's median ≤ 1.3 × hello's. Also reported without a budget: start → the checks listed, the RSS
 * of both, and key → frame with the 13 demo checks (the baseline for the 10,000-check figures).
 *
 * Builds can be compared in one run: VIGIL_BENCH_BUNDLES="before=/a/dist/vigil.js,after=/b/dist/vigil.js"
 * (console/launch.ts; default: this checkout's dist/vigil.js as "current"). Each round then starts hello
 * and every build in turn (the builds' order rotating from round to round), so a change of the machine's
 * load falls on all of them; every figure carries its `build`, and with two builds or more
 * console.start.firstFrame.ratioToFirstBuild / console.start.checksListed.ratioToFirstBuild give, per
 * later build, the median over the rounds of its time / the first build's in the same round (with the
 * lowest and highest). Each build is started once, untimed, before the rounds: its code cache filled.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { NODE, ROOT } from "../e2e/support/paths.ts";
import { serve } from "../e2e/support/service.ts";
import { bundleHello } from "./console/bundle-hello.ts";
import { benchBundles, consoleEnv, percentile, round, startConsole } from "./console/launch.ts";
import { measureMoves } from "./console/moves.ts";
import { Pty } from "./console/pty.ts";
import type { Figure } from "./run.ts";

const ROUNDS = Number(process.env.VIGIL_BENCH_START_ROUNDS ?? 7);

/** Time from spawn to the arrival of the last chunk when `test` first held. */
async function timeTo(pty: Pty, test: (lines: string[]) => boolean, what: string): Promise<number> {
  await pty.waitFor(test, what, 20_000);
  const last = pty.chunks.at(-1);
  if (!last) throw new Error(`no output for ${what}`);
  return last.at - pty.startedAt;
}

type Build = { label: string; file: string };
type Times = { firstFrame: number[]; listed: number[]; rss: number[] };

/** One start of the console of `build`: start → header, → the checks counted, and its RSS then. */
async function startOnce(served: { url: string; apiKey: string }, build: Build, t: Times): Promise<void> {
  const c = startConsole(served, 120, 40, [], build.file);
  try {
    t.firstFrame.push(await timeTo(c, (l) => l.some((x) => x.startsWith("vigil › ")), "the console header"));
    // the overview (the landing pane) with the demo's counts: every check read
    t.listed.push(await timeTo(c, (l) => l.some((x) => /✔ \d+ passing/.test(x)), "the checks counted"));
    t.rss.push(c.rssMb() ?? Number.NaN);
  } finally {
    await c.kill();
  }
}

export default async function (report: (f: Figure) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-start-"));
  const served = await serve({ demo: true });
  const builds = benchBundles();
  try {
    if (!process.env.VIGIL_BENCH_BUNDLES) await ensureBundle();
    const hello = await bundleHello(dir);
    const helloMs: number[] = [];
    const helloRss: number[] = [];
    const times = new Map<string, Times>(
      builds.map((b) => [b.label, { firstFrame: [], listed: [], rss: [] }]),
    );
    const timesOf = (b: Build) => times.get(b.label) as Times;
    // one start of each build that is not timed: V8's code cache (per file, module.enableCompileCache) is
    // filled before the rounds, for every build alike
    for (const b of builds) await startOnce(served, b, { firstFrame: [], listed: [], rss: [] });
    for (let i = 0; i < ROUNDS; i++) {
      const h = new Pty({ argv: [NODE, hello], env: consoleEnv(), cwd: ROOT, cols: 120, rows: 40 });
      helloMs.push(await timeTo(h, (l) => l.some((x) => x.includes("hello")), "hello"));
      helloRss.push(h.rssMb() ?? Number.NaN);
      await h.kill();
      // the builds in turn, starting one later each round
      for (let k = 0; k < builds.length; k++) {
        const b = builds[(i + k) % builds.length] as Build;
        await startOnce(served, b, timesOf(b));
      }
    }
    const h = percentile(helloMs, 50);
    report({ figure: "console.start.hello.ms", value: round(h), unit: "ms", rounds: ROUNDS });
    const first = builds[0] as Build;
    for (const b of builds) {
      const t = timesOf(b);
      const cMs = percentile(t.firstFrame, 50);
      report({
        figure: "console.start.firstFrame.ms",
        value: round(cMs),
        unit: "ms",
        rounds: ROUNDS,
        helloMs: round(h),
        build: b.label,
      });
      report({
        figure: "console.start.ratioToHello",
        value: round(cMs / h, 2),
        budget: 1.3,
        consoleMs: round(cMs),
        helloMs: round(h),
        rounds: ROUNDS,
        build: b.label,
      });
      report({
        figure: "console.start.checksListed.ms",
        value: round(percentile(t.listed, 50)),
        unit: "ms",
        rounds: ROUNDS,
        build: b.label,
      });
      if (b === first) continue;
      // paired by round: this build's time over the first build's in the same round
      const paired = (xs: number[], ys: number[]) => xs.map((x, i) => x / (ys[i] as number));
      for (const [name, xs, ys] of [
        ["firstFrame", t.firstFrame, timesOf(first).firstFrame],
        ["checksListed", t.listed, timesOf(first).listed],
      ] as const) {
        const r = paired(xs, ys);
        report({
          figure: `console.start.${name}.ratioToFirstBuild`,
          value: round(percentile(r, 50), 3),
          min: round(Math.min(...r), 3),
          max: round(Math.max(...r), 3),
          rounds: ROUNDS,
          build: b.label,
          firstBuild: first.label,
        });
      }
    }
    // A baseline for the 10,000-check figures: key → frame with the 13 demo checks (j/k inside the view).
    for (const b of builds) {
      const c = startConsole(served, 120, 40, ["--pane", "checks"], b.file);
      let moves: Awaited<ReturnType<typeof measureMoves>>;
      try {
        await timeTo(c, (l) => l.some((x) => x.includes("Storefront API health")), "the checks listed");
        await c.quiet(20); // the first loads have come to rest before keys are timed
        moves = await measureMoves(c, 40, (i) => (i % 16 < 8 ? "j" : "k"));
      } finally {
        await c.kill();
      }
      const ms = moves.map((m) => m.ms);
      report({
        figure: "console.demo.keyToFrame.p95.ms",
        value: round(percentile(ms, 95)),
        unit: "ms",
        p50: round(percentile(ms, 50)),
        bytesPerMoveMedian: percentile(
          moves.map((m) => m.bytes),
          50,
        ),
        moves: moves.length,
        checks: "demo",
        build: b.label,
      });
    }
    for (const b of builds)
      report({
        figure: "console.start.rss.mb",
        value: round(percentile(timesOf(b).rss, 50)),
        unit: "MB",
        helloMb: round(percentile(helloRss, 50)),
        note: "RSS right after the demo checks are listed, next to the bare Ink hello's",
        build: b.label,
      });
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
