/**
 * The checks list at scale (issue 27): the console (`--pane checks`, 120×40 pty) against `vigil serve`
 * holding N checks that have run — every 10th failing, the others passing (console/overview-10k.ts writes
 * them straight into the database) — for N in VIGIL_BENCH_CHECKS (default "10000,100000"). Per N, and per
 * build when VIGIL_BENCH_BUNDLES names several (console/launch.ts), figures named console.<10k|100k>.…:
 *
 * - firstFrame.ms: start → the header on screen. listed.ms (first data): start → every check listed (the
 *   summary says "N checks", not "… of N"), with the CPU time the console and the service used in that
 *   time (consoleCpuMs, serviceCpuMs: /proc/PID/stat, 10 ms steps; steadier than wall time on a shared
 *   machine), and withStatusesMs: start → every check listed and every failing one counted (the statuses
 *   read too). VIGIL_BENCH_LISTED_ROUNDS=R measures only this: R rounds, each build started once a round
 *   (builds interleaved), one figure per start, nothing after it. Every start waits for the service to
 *   be at rest (under 60 ms of CPU in a second): the figure is a console started against a running
 *   service, not one still doing its start-up work (its first scans, its warm-up reads: seconds at 100,000).
 * - idle.bytesPerS: bytes written per second while idle (no key, data unchanged) over VIGIL_BENCH_IDLE_S
 *   (10) s, placed between two turns of the minute of the rows' relative times (those of the checks an
 *   earlier build's status-poll figure re-ran: once over a minute old); budget 0.
 * - keyToFrame.p95.ms: `j` written to the pty → arrival of the bytes after which the selected row changed
 *   on the emulated screen (console/moves.ts); MOVES (120) moves ~80 ms apart, the later ones scrolling;
 *   budget p95 ≤ 8 ms at 10k, ≤ 16 ms at 100k; p50 and max beside it, the console's main-thread CPU
 *   per move (cpuMsP50/P95) and its time waiting for a core (waitMsP95: Pty.sched, the run-queue wait) —
 *   a key's time that is neither is time the console slept (a timer, I/O) or the pty's hops.
 * - keyToFrame.busy.p95.ms: the same with one child process spinning on a core beside the console;
 *   budget 2× the quiet one.
 * - bytesPerMove: bytes per move inside the visible window (the first 25; median); budget ≤ 400.
 *   bytesPerScrollingMove: the scrolling ones (no budget).
 * - statusPoll.worstFrame.ms: 20 passing checks (VIGIL_BENCH_RERUN: an incident's hundreds) are re-run
 *   through the API (their URL refuses, so they fail); keys go on (j/k) until the next status poll has moved them to the top, and 1 s more: the worst
 *   key → frame in that time (the poll's re-join and re-sort delay the key); budget ≤ 16 at 100k. worstCpuMs:
 *   the console's main-thread CPU in that worst move (Pty.cpuMs; a garbage collection's pause counts, a
 *   wait for the core does not).
 * - filterKey.ms: `/` then "9", "9", "9" — each keystroke → the frame whose summary changed (the new count,
 *   or on a long list the top of the answer, "counting…"); the worst of the three (each one listed), and
 *   each key → the frame with the whole answer's count (wholeMs); budget ≤ 16. cpuMs: the console's
 *   main-thread CPU time from each key to that frame (Pty.cpuMs) — on a shared machine the figure to
 *   compare builds by; waitMs: its time waiting for a core in that span, threadsCpuMs: the CPU of its other
 *   threads then (V8's compilers and GC helpers: on 2 cores, a core the main thread lacks). VIGIL_BENCH_FILTER_ROUNDS (1) rounds of it (Esc between; round r types 9 - r, so
 *   888, 777, …: rows no earlier round drew): with more, `rounds` lists every round and keysP50 /
 *   cpuMsP50 are each key's median over them (the figure stays the first round's worst).
 * - filterKey.first.ms: the first of those keys, its own figure — the first filter key of a console, which
 *   runs cold (code not yet compiled, rows React and Ink have not drawn yet); budget a key's: ≤ 8 ms at
 *   10k, ≤ 16 at 100k. `fresh` says whether it was the console's first keystroke (no moves or poll phase typed
 *   before it: VIGIL_BENCH_PHASES=filter); cpuMs as above; laterP50 / laterCpuMsP50: the median of every
 *   later key of the filter phase, what the first key should come down to.
 * - rss.mb: the console's RSS after VIGIL_BENCH_SOAK_S (60) s live, a key every 5 s; `npm run bench
 *   console-scale -- --live-minutes=10` for the 10 minutes. Budget ≤ 100 MB at 10k, ≤ 200 at 100k,
 *   with the first and highest samples to judge "flat".
 *
 * The machine's load (1-minute load average) is given with each figure: on a shared machine the figures
 * move with it, so compare builds within one run.
 *
 * VIGIL_BENCH_PHASES picks what is measured after the list (a comma list of idle, moves, poll, filter,
 * rss; default all), e.g. "filter" to measure only the filter keys. VIGIL_BENCH_CONSOLE_FLAGS: Node
 * flags for the console (space-separated), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (written when
 * the console ends). VIGIL_BENCH_FULL_READ_S=S: the console reads the whole checks list and every status
 * again every S s (VIGIL_FULL_READ_SECONDS; 10–300, default its 5 minutes), to watch RSS through several of
 * those reads in a short run (with e.g. "--import memlog.mjs" in the flags above). VIGIL_BENCH_KEY_WINDOWS=FILE appends each filter key's [written, its frame
 * arrived, key] on the monotonic clock in µs (a CPU profile's clock), to cut such a profile to the keys.
 * A bundle with readable names for the profile: VIGIL_BUILD_NAMES=1 node scripts/build.ts.
 */
import { appendFileSync } from "node:fs";
import { loadavg } from "node:os";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { benchBundles, busyCore, percentile, round, startConsole } from "./console/launch.ts";
import { measureMoves } from "./console/moves.ts";
import { type OverviewData, serveOverviewData } from "./console/overview-10k.ts";
import { cpuMsOf, type Pty } from "./console/pty.ts";
import type { Figure } from "./run.ts";

const SIZES = (process.env.VIGIL_BENCH_CHECKS ?? "10000,100000").split(",").map(Number);
const MOVES = Number(process.env.VIGIL_BENCH_MOVES ?? 120);
const IN_VIEW_MOVES = 25;
const IDLE_S = Number(process.env.VIGIL_BENCH_IDLE_S ?? 10);
const SOAK_S = Number(process.env.VIGIL_BENCH_SOAK_S ?? 60);
const RERUN = Number(process.env.VIGIL_BENCH_RERUN ?? 20);
const PHASES = new Set(
  (process.env.VIGIL_BENCH_PHASES ?? "idle,moves,poll,filter,rss").split(",").map((p) => p.trim()),
);
const FILTER_ROUNDS = Number(process.env.VIGIL_BENCH_FILTER_ROUNDS ?? 1);
const LISTED_ROUNDS = Number(process.env.VIGIL_BENCH_LISTED_ROUNDS ?? 0);

/** performance.now() → the monotonic clock in µs (the clock of a V8 CPU profile's timestamps). */
const MONO_US = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const summaryOf = (lines: string[]) => lines.find((l) => / checks · ✖ /.test(l)) ?? "";
const failingOf = (lines: string[]) =>
  Number(/✖ ([\d,]+) failing/.exec(summaryOf(lines))?.[1]?.replace(/,/g, ""));
const load = () => round(loadavg()[0] ?? Number.NaN);

/** The checks pane redraws its relative times ("10 min ago") every 15 s (its useClock): a turn shows up to 15 s late. */
const REDRAW_MS = 15_000;

/**
 * Resolves once a window of `seconds` from now holds no turn of a minute — as the pane shows it, up to
 * REDRAW_MS late — of the runs dated within any of `runs` ([from, to], 2 s clear either side), and every
 * one of them is over a minute old (under a minute, "failing for 5 s" steps every few seconds).
 */
async function clearOfMinuteTurn(runs: readonly [number, number][], seconds: number): Promise<boolean> {
  if (seconds * 1000 > 56_000 - REDRAW_MS - 2000) return false; // no minute has such a window
  const clear = () =>
    runs.every(([from, to]) => {
      const age = Date.now() - from;
      const phase = age % 60_000;
      return (
        age >= 62_000 + (to - from) &&
        phase >= to - from + REDRAW_MS + 2000 &&
        phase + seconds * 1000 <= 58_000
      );
    });
  // many builds' re-runs can leave no such window: after two minutes the window is taken as it comes
  const giveUpAt = Date.now() + 120_000;
  while (!clear()) {
    if (Date.now() > giveUpAt) return false;
    await sleep(250);
  }
  return true;
}

/** When each build's status-poll figure re-ran its checks: from the trigger to their failing on screen. */
const rerunsAt: [number, number][] = [];

export default async function (report: (f: Figure) => void): Promise<void> {
  await ensureBundle();
  for (const n of SIZES) {
    process.stderr.write(`  writing ${n} checks…\n`);
    const data = await serveOverviewData(n, 10);
    process.stderr.write(`  ${n} checks written and served in ${Math.round(data.setupMs)} ms\n`);
    try {
      if (LISTED_ROUNDS > 0)
        for (let round = 1; round <= LISTED_ROUNDS; round++)
          for (const bundle of benchBundles()) await listedOnly(n, data, bundle, round, report);
      else for (const bundle of benchBundles()) await measure(n, data, bundle, report);
    } finally {
      await data.stop();
    }
  }
}

/** Resolves once the service used under 60 ms of CPU in a second (at most 60 s): it is at rest. */
async function serviceAtRest(pid: number | undefined): Promise<void> {
  const giveUpAt = performance.now() + 60_000;
  let last = cpuMsOf(pid);
  while (last !== undefined && performance.now() < giveUpAt) {
    await sleep(1000);
    const now = cpuMsOf(pid);
    if (now === undefined || now - last < 60) return;
    last = now;
  }
}

/** Start → every check listed, and the CPU time the console and the service used in it. */
async function firstData(pty: Pty, n: number, data: OverviewData, serviceCpuFrom: number | undefined) {
  const all = new RegExp(`(?<!of )\\b${thousands(n)} checks · `);
  // and each with its status: the summary counts every failing check — those written failing, and the
  // RERUN each earlier build's status-poll figure made fail (pages of their own: rerunPage)
  const failing = data.failing + RERUN * rerunsAt.length;
  const withStatuses = pty
    .nextScreen(
      (l) => all.test(summaryOf(l)) && failingOf(l) === failing,
      `${n} checks listed with their statuses`,
      180_000,
    )
    .catch(() => undefined);
  const listed = await pty
    .nextScreen((l) => all.test(summaryOf(l)), `${n} checks listed`, 180_000)
    .catch(() => undefined);
  const serviceCpu = cpuMsOf(data.servicePid);
  const consoleCpu = cpuMsOf(pty.programPid());
  const statuses = await withStatuses;
  return {
    // a build that stops short of N (an older one held 20,000 at most) never lists them all: said so
    value: listed === undefined ? Number.NaN : round(listed.at - pty.startedAt),
    budget: n <= 10_000 ? 1000 : 3000,
    unit: "ms",
    consoleCpuMs: consoleCpu ?? Number.NaN,
    serviceCpuMs:
      serviceCpu === undefined || serviceCpuFrom === undefined ? Number.NaN : serviceCpu - serviceCpuFrom,
    withStatusesMs: statuses === undefined ? Number.NaN : round(statuses.at - pty.startedAt),
    ...(listed === undefined ? { never: summaryOf(pty.linesNow()) } : {}),
  };
}

/** VIGIL_BENCH_LISTED_ROUNDS: one start of one build, its first data only. */
async function listedOnly(
  n: number,
  data: OverviewData,
  bundle: { label: string; file: string },
  roundNo: number,
  report: (f: Figure) => void,
): Promise<void> {
  await serviceAtRest(data.servicePid);
  const serviceCpuFrom = cpuMsOf(data.servicePid);
  const pty = startConsole(data, 120, 40, ["--pane", "checks"], bundle.file);
  try {
    const f = await firstData(pty, n, data, serviceCpuFrom);
    report({
      figure: `console.${label(n)}.listed.ms`,
      ...f,
      round: roundNo,
      build: bundle.label,
      checks: n,
      load: load(),
    });
  } finally {
    await pty.kill();
  }
}

async function measure(
  n: number,
  data: OverviewData,
  bundle: { label: string; file: string },
  report: (f: Figure) => void,
): Promise<void> {
  const fig = (name: string, f: { value: number; [k: string]: unknown }) =>
    report({ figure: `console.${label(n)}.${name}`, ...f, build: bundle.label, checks: n, load: load() });
  const flags = (process.env.VIGIL_BENCH_CONSOLE_FLAGS ?? "").split(" ").filter(Boolean);
  await serviceAtRest(data.servicePid);
  const serviceCpuFrom = cpuMsOf(data.servicePid);
  const pty = startConsole(data, 120, 40, ["--pane", "checks"], bundle.file, flags);
  try {
    const header = pty.nextScreen((l) => l.some((x) => x.startsWith("vigil ›")), "the header", 30_000);
    const listed = firstData(pty, n, data, serviceCpuFrom);
    fig("firstFrame.ms", { value: round((await header).at - pty.startedAt), unit: "ms" });
    // a build that never lists them all is said so, and the rest is measured on what it holds
    fig("listed.ms", await listed);
    // the first round of loads has come to rest (a second with nothing written) before idle is measured,
    // between two turns of the minute of the rows' relative times ("10 min ago" → "11 min ago" rewrites
    // every row once a minute: a change on screen, not idle noise), the earlier builds' re-runs included
    const restedMs = await pty.quiet(20);
    if (PHASES.has("idle")) {
      const clearOfTurns = await clearOfMinuteTurn([[data.runsAt, data.runsAt], ...rerunsAt], IDLE_S);
      const idleFrom = performance.now();
      await sleep(IDLE_S * 1000); // the measuring window itself
      fig("idle.bytesPerS", {
        value: round(pty.bytesBetween(idleFrom) / IDLE_S),
        budget: 0,
        unit: "B/s",
        seconds: IDLE_S,
        restedAfterMs: restedMs === undefined ? "never" : round(restedMs),
        clearOfTurns,
      });
    }
    if (PHASES.has("moves")) await measureMovesFigures(n, pty, fig);
    if (PHASES.has("poll")) {
      // a step that cannot finish (a build that never shows the re-run checks failing) is reported, and the
      // rest still measured
      const poll = await statusPoll(pty, data).catch((e: Error) => e);
      if (poll instanceof Error)
        fig("statusPoll.worstFrame.ms", { value: Number.NaN, error: poll.message.split("\n")[0] });
      else
        fig("statusPoll.worstFrame.ms", {
          value: round(poll.worst),
          budget: 16,
          unit: "ms",
          p50: round(poll.p50),
          worstCpuMs: round(poll.worstCpuMs),
          moves: poll.moves,
          pollToScreenMs: round(poll.seenAfterMs),
          rerun: RERUN,
        });
    }
    if (PHASES.has("filter")) await measureFilterFigure(n, pty, fig);
    if (PHASES.has("rss")) await measureRss(n, pty, fig);
  } finally {
    await pty.kill();
  }
}

type Fig = (name: string, f: { value: number; [k: string]: unknown }) => void;

/** keyToFrame (quiet and beside a busy core), bytesPerMove and bytesPerScrollingMove. */
async function measureMovesFigures(n: number, pty: Pty, fig: Fig): Promise<void> {
  const quietBudget = n <= 10_000 ? 8 : 16;
  const moves = await measureMoves(pty, MOVES, () => "j");
  const inView = moves.slice(0, IN_VIEW_MOVES);
  const scrolling = moves.slice(IN_VIEW_MOVES);
  const latency = moves.map((m) => m.ms);
  fig("keyToFrame.p95.ms", {
    value: round(percentile(latency, 95)),
    budget: quietBudget,
    unit: "ms",
    p50: round(percentile(latency, 50)),
    // the console's main-thread CPU per move (Pty.cpuMs): comparable between builds on a busy machine
    cpuMsP50: round(
      percentile(
        moves.map((m) => m.cpuMs),
        50,
      ),
    ),
    cpuMsP95: round(
      percentile(
        moves.map((m) => m.cpuMs),
        95,
      ),
    ),
    // of a move's time, the console's time waiting for a core (Pty.sched): the machine's other work
    waitMsP95: round(
      percentile(
        moves.map((m) => m.waitMs),
        95,
      ),
    ),
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
  const busy = await busyCore();
  try {
    const loaded = (await measureMoves(pty, MOVES, () => "j")).map((m) => m.ms);
    fig("keyToFrame.busy.p95.ms", {
      value: round(percentile(loaded, 95)),
      budget: 2 * quietBudget,
      unit: "ms",
      p50: round(percentile(loaded, 50)),
      max: round(Math.max(...loaded)),
      quietP95: round(percentile(latency, 95)),
      moves: loaded.length,
      beside: "one busy child process",
    });
  } finally {
    busy.kill("SIGKILL");
  }
  fig("bytesPerMove", {
    value: percentile(
      inView.map((m) => m.bytes),
      50,
    ),
    budget: 400,
    unit: "B",
    max: Math.max(...inView.map((m) => m.bytes)),
    moves: inView.length,
  });
  fig("bytesPerScrollingMove", {
    value: percentile(
      scrolling.map((m) => m.bytes),
      50,
    ),
    unit: "B",
    max: Math.max(...scrolling.map((m) => m.bytes)),
    moves: scrolling.length,
  });
}

/** filterKey.ms: FILTER_ROUNDS rounds of `/` then 999 (see the top of this file). */
async function measureFilterFigure(n: number, pty: Pty, fig: Fig): Promise<void> {
  const quietBudget = n <= 10_000 ? 8 : 16;
  const rounds: Awaited<ReturnType<typeof filterKeys>>[] = [];
  for (let r = 0; r < FILTER_ROUNDS; r++) {
    // round r types its own digit thrice (999, 888, …): rows not drawn in an earlier round, as a person's
    // next filter would show
    const one = await filterKeys(pty, String((9 - r + 10) % 10)).catch((e: Error) => e);
    if (one instanceof Error) {
      fig("filterKey.ms", { value: Number.NaN, error: one.message.split("\n")[0] });
      return;
    }
    rounds.push(one);
  }
  const [first] = rounds;
  if (!first) return;
  const median = (pick: (r: (typeof rounds)[number]) => number[]) =>
    first.keys.map((_, k) =>
      round(
        percentile(
          rounds.map((r) => pick(r)[k] ?? Number.NaN),
          50,
        ),
      ),
    );
  // the first key of them all, and the keys after it (the first round's others, every later round's)
  const later = rounds.flatMap((r, i) => r.keys.slice(i === 0 ? 1 : 0));
  const laterCpu = rounds.flatMap((r, i) => r.cpu.slice(i === 0 ? 1 : 0));
  fig("filterKey.first.ms", {
    value: round(first.keys[0] ?? Number.NaN),
    budget: quietBudget,
    unit: "ms",
    cpuMs: round(first.cpu[0] ?? Number.NaN),
    waitMs: round(first.wait[0] ?? Number.NaN),
    threadsCpuMs: round(first.threads[0] ?? Number.NaN),
    wholeMs: round(first.whole[0] ?? Number.NaN),
    fresh: !PHASES.has("moves") && !PHASES.has("poll"),
    laterP50: round(percentile(later, 50)),
    laterCpuMsP50: round(percentile(laterCpu, 50)),
  });
  fig("filterKey.ms", {
    value: round(Math.max(...first.keys)),
    budget: 16,
    unit: "ms",
    keys: first.keys.map((x) => round(x)),
    // each key → the frame with the whole answer's count (the same frame on a short list)
    wholeMs: first.whole.map((x) => round(x)),
    cpuMs: first.cpu.map((x) => round(x)),
    waitMs: first.wait.map((x) => round(x)),
    threadsCpuMs: first.threads.map((x) => round(x)),
    ...(rounds.length > 1
      ? {
          keysP50: median((r) => r.keys),
          cpuMsP50: median((r) => r.cpu),
          rounds: rounds.map((r) => ({
            keys: r.keys.map((x) => round(x)),
            cpuMs: r.cpu.map((x) => round(x)),
          })),
        }
      : {}),
  });
}

/** rss.mb after SOAK_S s live, a key every 5 s. */
async function measureRss(n: number, pty: Pty, fig: Fig): Promise<void> {
  const samples: number[] = [];
  const soakEnd = performance.now() + SOAK_S * 1000;
  let k = 0;
  while (performance.now() < soakEnd) {
    await sleep(Math.min(5000, Math.max(0, soakEnd - performance.now()))); // the soak's pace: a key every 5 s
    pty.write(k++ % 2 === 0 ? "j" : "k");
    samples.push(pty.rssMb() ?? Number.NaN);
  }
  fig("rss.mb", {
    value: round(samples.at(-1) ?? pty.rssMb() ?? Number.NaN),
    budget: n <= 10_000 ? 100 : 200,
    unit: "MB",
    liveS: SOAK_S,
    budgetLiveS: 600,
    firstSampleMb: round(samples[0] ?? Number.NaN),
    maxMb: round(Math.max(...samples)),
  });
}

/** The next page of checks to re-run: each build's turn takes checks none has made fail yet. */
let rerunPage = 2;

/**
 * Re-run RERUN passing checks (their URL refuses: they fail) and keep pressing j/k until a status poll
 * has shown them failing, and 1 s more; the key → frame of every move in that time.
 */
async function statusPoll(pty: Pty, data: OverviewData) {
  const failing = new Set(data.failingNames);
  const ids: string[] = [];
  // passing checks from pages no earlier build's figure took (rerunPage)
  while (ids.length < RERUN) {
    const page = (await (
      await fetch(`${data.url}/v1/checks?limit=100&page=${rerunPage++}`, {
        headers: { authorization: `Bearer ${data.apiKey}` },
      })
    ).json()) as { id: string; name: string }[];
    if (page.length === 0) throw new Error(`fewer than ${RERUN} passing checks to re-run`);
    for (const c of page) if (!failing.has(c.name) && ids.length < RERUN) ids.push(c.id);
  }
  const before = failingOf(await pty.lines());
  const res = await fetch(`${data.url}/v1/check-sessions/trigger`, {
    method: "POST",
    headers: { authorization: `Bearer ${data.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ target: { checkId: ids } }),
  });
  if (!res.ok) throw new Error(`trigger: HTTP ${res.status} ${await res.text()}`);
  const triggeredAt = Date.now();
  const from = performance.now();
  const ms: number[] = [];
  let worstCpuMs = Number.NaN;
  let seenAt: number | undefined;
  const deadline = from + 180_000;
  for (let i = 0; performance.now() < deadline; i++) {
    const [m] = await measureMoves(pty, 1, () => (i % 2 === 0 ? "j" : "k"));
    if (m) {
      if (ms.length === 0 || m.ms > Math.max(...ms)) worstCpuMs = m.cpuMs;
      ms.push(m.ms);
    }
    if (seenAt === undefined && failingOf(pty.linesNow()) >= before + RERUN) seenAt = performance.now();
    if (seenAt !== undefined && performance.now() - seenAt > 1000) break;
  }
  if (seenAt === undefined) throw new Error("the re-run checks never showed as failing");
  rerunsAt.push([triggeredAt, triggeredAt + (seenAt - from)]);
  return {
    worst: Math.max(...ms),
    worstCpuMs,
    p50: percentile(ms, 50),
    moves: ms.length,
    seenAfterMs: seenAt - from,
  };
}

/** `/` then "999" (or another digit thrice) one key at a time: each key → the frame whose summary changed, and the one counted; Esc clears. */
async function filterKeys(
  pty: Pty,
  digit = "9",
): Promise<{ keys: number[]; whole: number[]; cpu: number[]; wait: number[]; threads: number[] }> {
  await pty.quiet(2);
  pty.sampleCpu = true;
  const prompt = pty.nextScreen((l) => l.some((x) => /^\/\S*█/.test(x)), "the filter prompt", 30_000);
  pty.write("/");
  await prompt;
  const out: number[] = [];
  const whole: number[] = [];
  const cpu: number[] = [];
  const wait: number[] = [];
  const threads: number[] = [];
  for (const key of [digit, digit, digit]) {
    const before = summaryOf(await pty.lines());
    const changed = pty.nextScreen((l) => summaryOf(l) !== before, `filter key ${key}`, 30_000);
    // a long list shows the top of the answer first, "counting…" until the count is there
    const counted = pty.nextScreen(
      (l) => summaryOf(l) !== before && !summaryOf(l).includes("counting"),
      `filter key ${key} counted`,
      30_000,
    );
    const {
      cpuMs: cpuAt = Number.NaN,
      waitMs: waitAt = Number.NaN,
      threadsCpuMs: threadsAt = Number.NaN,
    } = pty.sched();
    const at = pty.write(key);
    const frame = await changed;
    out.push(frame.at - at);
    if (process.env.VIGIL_BENCH_KEY_WINDOWS)
      appendFileSync(
        process.env.VIGIL_BENCH_KEY_WINDOWS,
        `${JSON.stringify([MONO_US + at * 1000, MONO_US + frame.at * 1000, key])}\n`,
      );
    cpu.push((frame.cpuMs ?? Number.NaN) - cpuAt);
    wait.push((frame.waitMs ?? Number.NaN) - waitAt);
    threads.push((frame.threadsCpuMs ?? Number.NaN) - threadsAt);
    whole.push((await counted).at - at);
    await pty.quiet(2); // the key's frames are all drawn before the next key
  }
  pty.sampleCpu = false;
  pty.write("\x1b");
  await pty.waitFor((l) => !/ of [\d,]+ checks/.test(summaryOf(l)), "the filter cleared", 30_000);
  return { keys: out, whole, cpu, wait, threads };
}
