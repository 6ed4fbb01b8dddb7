/**
 * Console start-up (design.md §4): start → first frame of the bundled console (`node dist/vigil.js` on a
 * pty, pointed at `vigil serve` with the demo workspace) against a bare Ink "hello" bundled the same way,
 * measured alternately in the same run. "First frame" = the moment the bytes that first put the console's
 * header ("vigil › ") — or "hello" — on the emulated screen arrived. Median of ROUNDS each; budget: the
 * console's median ≤ 1.3 × hello's. Also reported without a budget: start → the checks listed, the RSS
 * of both, and key → frame with the 13 demo checks (the baseline for the 10,000-check figures).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { NODE, ROOT } from "../e2e/support/paths.ts";
import { serve } from "../e2e/support/service.ts";
import { bundleHello } from "./console/bundle-hello.ts";
import { consoleEnv, percentile, round, startConsole } from "./console/launch.ts";
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

export default async function (report: (f: Figure) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-start-"));
  const served = await serve({ demo: true });
  try {
    await ensureBundle();
    const hello = await bundleHello(dir);
    const helloMs: number[] = [];
    const consoleMs: number[] = [];
    const listedMs: number[] = [];
    const helloRss: number[] = [];
    const consoleRss: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const h = new Pty({ argv: [NODE, hello], env: consoleEnv(), cwd: ROOT, cols: 120, rows: 40 });
      helloMs.push(await timeTo(h, (l) => l.some((x) => x.includes("hello")), "hello"));
      helloRss.push(h.rssMb() ?? Number.NaN);
      await h.kill();
      const c = startConsole(served, 120, 40);
      consoleMs.push(await timeTo(c, (l) => l.some((x) => x.startsWith("vigil › ")), "the console header"));
      listedMs.push(
        // the overview (the landing pane) with the demo's counts: every check read
        await timeTo(c, (l) => l.some((x) => /✔ \d+ passing/.test(x)), "the checks counted"),
      );
      consoleRss.push(c.rssMb() ?? Number.NaN);
      await c.kill();
    }
    const h = percentile(helloMs, 50);
    const cMs = percentile(consoleMs, 50);
    report({ figure: "console.start.hello.ms", value: round(h), unit: "ms", rounds: ROUNDS });
    report({
      figure: "console.start.firstFrame.ms",
      value: round(cMs),
      unit: "ms",
      rounds: ROUNDS,
      helloMs: round(h),
    });
    report({
      figure: "console.start.ratioToHello",
      value: round(cMs / h, 2),
      budget: 1.3,
      consoleMs: round(cMs),
      helloMs: round(h),
      rounds: ROUNDS,
    });
    report({
      figure: "console.start.checksListed.ms",
      value: round(percentile(listedMs, 50)),
      unit: "ms",
      rounds: ROUNDS,
    });
    // A baseline for the 10,000-check figures: key → frame with the 13 demo checks (j/k inside the view).
    const c = startConsole(served, 120, 40, ["--pane", "checks"]);
    await timeTo(c, (l) => l.some((x) => x.includes("Storefront API health")), "the checks listed");
    await c.quiet(20); // the first loads have come to rest before keys are timed
    const moves = await measureMoves(c, 40, (i) => (i % 16 < 8 ? "j" : "k"));
    await c.kill();
    report({
      figure: "console.demo.keyToFrame.p95.ms",
      value: round(
        percentile(
          moves.map((m) => m.ms),
          95,
        ),
      ),
      unit: "ms",
      p50: round(
        percentile(
          moves.map((m) => m.ms),
          50,
        ),
      ),
      bytesPerMoveMedian: percentile(
        moves.map((m) => m.bytes),
        50,
      ),
      moves: moves.length,
      checks: "demo",
    });
    report({
      figure: "console.start.rss.mb",
      value: round(percentile(consoleRss, 50)),
      unit: "MB",
      helloMb: round(percentile(helloRss, 50)),
      note: "RSS right after the demo checks are listed, next to the bare Ink hello's",
    });
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
