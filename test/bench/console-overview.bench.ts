/**
 * The overview — the landing screen — with 10,000 checks of which 1,000 fail (issue 23 item 6), on a
 * 120×40 pty (console/pty.ts), against `vigil serve` on a data dir written beforehand
 * (console/overview-10k.ts: every 10th check failing at both of its locations for 20 min, with a passing
 * run before, reasons from the runner's own result shapes; the data stays unchanged while measured).
 * The console starts with no `--pane`, so on the overview, and no key is pressed until it is complete.
 *
 * Start (ms from spawn to the arrival of the bytes after which the screen first showed it):
 * - console.overview10k.firstFrame.ms: the header (`vigil › Overview`) — no budget (console-start's ratio);
 * - console.overview10k.firstData.ms: the first frame with data from the service: a failing check's row
 *   under "Checks that need a look"; budget 1000 (design.md §4, start → every check listed at 10,000);
 * - console.overview10k.complete.ms: the counts bar says 1,000 failing and 9,000 passing, and the first
 *   30 check rows (those whose results the overview reads with the cursor on the first) have their reason
 *   and "failing for"; no budget, alongside, with how many rows were on screen and how many had a reason.
 * - console.overview10k.serviceReads.ms: the service alone, before the console starts: the 100 pages of
 *   GET /v1/checks read one after the other, as the console reads them (and the statuses' time, size);
 *   what the first data frame waits for at least.
 * Keys (key written → arrival of the bytes after which the screen shows its effect; keys ~80 ms apart):
 * - console.overview10k.keyToFrame.p95.ms: MOVES `j` (the later ones scroll the 1,000-row window) then
 *   MOVES/2 `k`; budget 16 (README: keystroke → frame with 10,000 checks);
 * - console.overview10k.checksPaneBaseline.p95.ms: the same `j` moves on the checks list (pane 1) of the
 *   same checks in the same run — what the overview's figure compares with on a machine whose load varies;
 * - console.overview10k.keyToFrame.busy.p95.ms: the same `j` moves with one child spinning on a core;
 *   budget 32;
 * - console.overview10k.enter.p95.ms / .esc.p95.ms / .back.p95.ms: CYCLES × Enter on a failing check (the
 *   checks pane opens on its detail), Esc (the checks list, 10,000 rows), `0` (the overview again);
 *   budget 16 each.
 * VIGIL_BENCH_CPU_PROF=DIR runs the console under `node --cpu-prof` (its profile lands in DIR when it exits).
 *
 * Builds can be compared in one run: VIGIL_BENCH_BUNDLES="before=/a/dist/vigil.js,after=/b/dist/vigil.js"
 * (console/launch.ts; default: this checkout's dist/vigil.js as "current"). The data is written and served
 * once; each build's console then goes through every step above in turn, against the same service, and
 * every console figure carries its `build` (and `loadavg1m`, the load average when that build started).
 */
import { loadavg } from "node:os";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { NODE, ROOT } from "../e2e/support/paths.ts";
import { benchBundles, busyCore, consoleEnv, percentile, round } from "./console/launch.ts";
import { measureMoves, selectedRow } from "./console/moves.ts";
import { type OverviewData, serveOverviewData } from "./console/overview-10k.ts";
import { Pty } from "./console/pty.ts";
import type { Figure } from "./run.ts";

const CHECKS = 10_000;
const FAIL_EVERY = 10;
const MOVES = Number(process.env.VIGIL_BENCH_MOVES ?? 120);
const IN_VIEW = 25;
const CYCLES = Number(process.env.VIGIL_BENCH_CYCLES ?? 20);

/**
 * The rows around the cursor whose results the overview reads (src/tui/panes/overview/index.ts: 30);
 * at 120×40 it shows a few more, which say "reading results…" until the cursor comes near.
 */
const RESULT_ROWS = 30;
const explained = (row: string) =>
  /failing for \d+ min \(since/.test(row) && /(received 503|ECONNREFUSED)/.test(row);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const header = (lines: string[]) => lines[0] ?? "";

/** ms from spawn to the chunk after which `test` first held (watched from the first byte). */
function milestone(pty: Pty, test: (lines: string[]) => boolean, what: string): Promise<number> {
  return pty.nextScreen(test, what, 90_000).then((c) => c.at - pty.startedAt);
}

/**
 * Key → the chunk after which `test` holds on the screen; ms. `gaps` gets the time since the console's
 * previous output (a key within 50 ms of a frame waits for Ink's 20 fps throttle: src/tui/mount.tsx) and
 * the time to the first output after the key (earlier than the frame waited for when one came between).
 */
async function keyToFrame(
  pty: Pty,
  key: string,
  test: (lines: string[]) => boolean,
  what: string,
  gaps?: { gaps: number[]; first: number[] },
) {
  const changed = pty.nextScreen(test, what, 10_000);
  const first = pty.nextScreen(() => true, `any output after ${what}`, 10_000);
  const previous = pty.chunks.at(-1)?.at ?? 0;
  const at = pty.write(key);
  gaps?.gaps.push(at - previous);
  const chunk = await changed;
  gaps?.first.push((await first).at - at);
  await sleep(80);
  return chunk.at - at;
}

const stats = (ms: number[]) => ({
  p50: round(percentile(ms, 50)),
  max: round(Math.max(...ms)),
  n: ms.length,
});

export default async function (report: (f: Figure) => void): Promise<void> {
  if (!process.env.VIGIL_BENCH_BUNDLES) await ensureBundle();
  const data = await serveOverviewData(CHECKS, FAIL_EVERY);
  process.stderr.write(
    `  ${CHECKS} checks (${data.failing} failing) written and served in ${Math.round(data.setupMs)} ms\n`,
  );
  // what the service alone takes to hand over what the overview needs first: the checks list, 100 pages
  // read one after the other (as the console reads them), and the statuses — before the console starts
  const auth = { authorization: `Bearer ${data.apiKey}` };
  const t0 = performance.now();
  for (let page = 1; page <= CHECKS / 100; page++)
    await (await fetch(`${data.url}/v1/checks?page=${page}&limit=100`, { headers: auth })).text();
  const pagesMs = performance.now() - t0;
  const t1 = performance.now();
  const statusBytes = (await (await fetch(`${data.url}/v1/check-statuses`, { headers: auth })).text()).length;
  report({
    figure: "console.overview10k.serviceReads.ms",
    value: round(pagesMs),
    unit: "ms",
    what: "GET /v1/checks, 100 pages of 100 one after the other, without the console",
    statusesMs: round(performance.now() - t1),
    statusesBytes: statusBytes,
  });
  try {
    for (const build of benchBundles()) {
      process.stderr.write(`  build ${build.label}: ${build.file}\n`);
      const loadavg1m = round(loadavg()[0] ?? Number.NaN);
      await measureBuild(data, build.file, (f) => report({ ...f, build: build.label, loadavg1m }));
    }
  } finally {
    await data.stop();
  }
}

/** The console of one build (`bundle`) through every step, on the data served. */
async function measureBuild(data: OverviewData, bundle: string, report: (f: Figure) => void): Promise<void> {
  // VIGIL_BENCH_CPU_PROF=DIR: the console runs under `node --cpu-prof`, its profile written to DIR on exit
  const prof = process.env.VIGIL_BENCH_CPU_PROF;
  const pty = new Pty({
    // as a user starts it (the bundle's launcher: console/launch.ts startConsole), or under Node's profiler
    argv: prof ? [NODE, "--cpu-prof", `--cpu-prof-dir=${prof}`, bundle] : [bundle],
    env: consoleEnv(data),
    cwd: ROOT,
    cols: 120,
    rows: 40,
  });
  /** Progress on stderr, in seconds since the console was spawned (to find a phase in a CPU profile). */
  const phase = (what: string) =>
    process.stderr.write(`  ${((performance.now() - pty.startedAt) / 1000).toFixed(1)} s: ${what}\n`);
  try {
    const rowOfFailing = (l: string) => /^[› ] ✖ +service-\d{5} /.test(l);
    const firstFrame = milestone(pty, (l) => header(l).startsWith("vigil › Overview"), "the header");
    const firstData = milestone(pty, (l) => l.some(rowOfFailing), "a failing check's row");
    const counted = milestone(
      pty,
      (l) => l.some((x) => /✖ 1[,.\u202f ]?000 failing .*✔ 9[,.\u202f ]?000 passing/.test(x)),
      "1,000 failing and 9,000 passing counted",
    );
    const complete = milestone(
      pty,
      (l) => {
        const rows = l.filter(rowOfFailing).slice(0, RESULT_ROWS);
        return rows.length === RESULT_ROWS && rows.every(explained);
      },
      "the rows whose results are read, with their reasons",
    );
    const [ff, fd, ct, cp] = await Promise.all([firstFrame, firstData, counted, complete]);
    const rss = pty.rssMb() ?? Number.NaN;
    const firstScreen = (await pty.lines()).filter(rowOfFailing);
    report({ figure: "console.overview10k.firstFrame.ms", value: round(ff), unit: "ms" });
    report({
      figure: "console.overview10k.firstData.ms",
      value: round(fd),
      budget: 1000,
      unit: "ms",
      countedMs: round(ct),
      checks: CHECKS,
      failing: data.failing,
    });
    report({
      figure: "console.overview10k.complete.ms",
      value: round(Math.max(ct, cp)),
      unit: "ms",
      countedMs: round(ct),
      reasonsMs: round(cp),
      rowsShown: firstScreen.length,
      rowsWithReason: firstScreen.filter(explained).length,
      rssMb: round(rss),
    });
    // the reads the first screen started have finished (a second with nothing drawn) before keys are timed
    await pty.quiet(20);

    phase("overview j/k moves");
    const down = await measureMoves(pty, MOVES, () => "j");
    const up = await measureMoves(pty, Math.round(MOVES / 2), () => "k");
    const all = [...down, ...up];
    const moves = all.map((m) => m.ms);
    // the first IN_VIEW `j` moves stay inside the window; the later ones scroll it by a row each
    const inView = down.slice(0, IN_VIEW);
    const scrolling = down.slice(IN_VIEW);
    const p95 = (xs: { ms: number }[]) =>
      round(
        percentile(
          xs.map((m) => m.ms),
          95,
        ),
      );
    const bytes = (xs: { bytes: number }[]) =>
      percentile(
        xs.map((m) => m.bytes),
        50,
      );
    report({
      figure: "console.overview10k.keyToFrame.p95.ms",
      value: round(percentile(moves, 95)),
      budget: 16,
      unit: "ms",
      ...stats(moves),
      jP95: p95(down),
      kP95: p95(up),
      inViewP95: p95(inView),
      scrollingP95: p95(scrolling),
      inViewBytesP50: bytes(inView),
      scrollingBytesP50: bytes(scrolling),
    });

    // the baseline: the same moves on the checks list (pane 1) of the same 10,000 checks, then back
    await keyToFrame(
      pty,
      "1",
      (l) => /^vigil › Checks(?! ›)/.test(header(l)) && selectedRow(l) !== "",
      "pane 1",
    );
    await pty.quiet(20);
    phase("checks list j moves");
    const list = (await measureMoves(pty, MOVES, () => "j")).map((m) => m.ms);
    report({
      figure: "console.overview10k.checksPaneBaseline.p95.ms",
      value: round(percentile(list, 95)),
      unit: "ms",
      ...stats(list),
      what: "the same j moves on the checks list, same data and run",
    });
    await keyToFrame(pty, "0", (l) => header(l).startsWith("vigil › Overview"), "the overview");
    await pty.quiet(20);

    const busy = await busyCore();
    try {
      phase("overview j moves, busy core");
      const loaded = (await measureMoves(pty, MOVES, () => "j")).map((m) => m.ms);
      report({
        figure: "console.overview10k.keyToFrame.busy.p95.ms",
        value: round(percentile(loaded, 95)),
        budget: 32,
        unit: "ms",
        ...stats(loaded),
        load: "one busy child process (a core of its own)",
      });
    } finally {
      busy.kill("SIGKILL");
    }

    // Enter on a failing check → its detail (checks pane), Esc → the checks list, 0 → the overview
    phase("Enter / Esc / 0 cycles");
    const enter: number[] = [];
    const esc: number[] = [];
    const back: number[] = [];
    const timing = () => ({ gaps: [] as number[], first: [] as number[] });
    const gaps = { enter: timing(), esc: timing(), back: timing() };
    for (let i = 0; i < CYCLES; i++) {
      const name = /(service-\d{5})/.exec(selectedRow(await pty.lines()))?.[1];
      if (!name) throw new Error(`no check under the cursor:\n${(await pty.lines()).join("\n")}`);
      enter.push(
        await keyToFrame(
          pty,
          "\r",
          (l) => header(l).startsWith(`vigil › Checks › ${name}`),
          "the detail",
          gaps.enter,
        ),
      );
      esc.push(
        await keyToFrame(
          pty,
          "\u001b",
          (l) => /^vigil › Checks(?! ›)/.test(header(l)) && selectedRow(l).includes(name),
          "the checks list",
          gaps.esc,
        ),
      );
      back.push(
        await keyToFrame(
          pty,
          "0",
          (l) => header(l).startsWith("vigil › Overview") && selectedRow(l).includes(name),
          "the overview",
          gaps.back,
        ),
      );
      // the next cycle opens another check
      await keyToFrame(pty, "j", (l) => !selectedRow(l).includes(name), "the next row");
    }
    for (const [figure, ms] of [
      ["enter", enter],
      ["esc", esc],
      ["back", back],
    ] as const)
      report({
        figure: `console.overview10k.${figure}.p95.ms`,
        value: round(percentile(ms, 95)),
        budget: 16,
        unit: "ms",
        ...stats(ms),
        // how long before the key the console had last written (the detail's or the list's data arriving
        // just before a key makes it wait for the frame throttle)
        sincePreviousOutputP50: round(percentile(gaps[figure].gaps, 50)),
        within50msOfOutput: gaps[figure].gaps.filter((g) => g < 50).length,
        // the first bytes after the key, when they are not yet the frame waited for (a frame in between)
        firstOutputP50: round(percentile(gaps[figure].first, 50)),
      });
  } finally {
    phase("done");
    await pty.kill();
  }
}
