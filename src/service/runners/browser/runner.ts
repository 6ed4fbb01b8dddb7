/**
 * BROWSER, PLAYWRIGHT and MULTI_STEP checks: the check's script, run for real (script-child.ts) against a
 * Chromium found by chromium.ts.
 *
 * One attempt: start the browser (Playwright's browser server, its own process, a scrubbed environment),
 * start the script process with Node's permission model (it reads only itself, Playwright's packages and a
 * fresh temporary directory; writes only that directory; starts no process) and an empty environment, a
 * heap limit and a kill timer, hand it the job, read its result, stop both, remove the directory.
 * - The script passing → passed; an assertion failing, an error thrown or a timeout → failed, with the
 *   message and the script line (`line 4: expect(locator).toHaveText(expected) failed`), a screenshot
 *   of the page when one could be taken (returned as bytes: the engine stores it with the result).
 * - The script process dying (memory limit, crash) → an error.
 * - No usable Chromium → `cannotRun`: reported as "cannot run here: <why>", neither a pass nor a check
 *   failure (no alert, no availability loss).
 * Metrics: TTFB, FCP, LCP, CLS, TBT of the first page the script opened (every page's in the detail), the
 * error counts, and for MULTI_STEP the requests as steps with their timings. Response time = the script's
 * duration. At most MAX_PARALLEL browser runs at once per process (a browser is ~150 MB).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isSea } from "node:sea";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { errorMessage } from "../../../shared/errors.ts";
import { isObject, parseJsonAs } from "../../../shared/json.ts";
import { createSemaphore } from "../../engine/semaphore.ts";
import {
  type CheckTypeService,
  errorOutcome,
  type RunContext,
  type Runner,
  type RunOutcome,
  r2,
  type SyntheticDraw,
  type SyntheticRun,
} from "../types.ts";
import { chromium } from "./chromium.ts";
import { type BrowserRuntime, browserRuntime } from "./runtime.ts";
import { RESULT_MARKER, type ScriptJob, type ScriptResult } from "./script-child.ts";

export const MAX_PARALLEL = 2;
/** The script process's heap (MB). */
export const SCRIPT_HEAP_MB = 256;

const slots = createSemaphore(MAX_PARALLEL);

/**
 * The script process's entry: the sibling source file, or dist/browser-child.js in the bundle; none in the
 * single executable, which runs its own browser-child bundle when started with VIGIL_SEA_ROLE=browser-child.
 */
function childEntry(): string | undefined {
  if (isSea()) return undefined;
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return join(dirname(here), "script-child.ts");
  // bundled: this code is in dist/ or dist/chunks/, the entry next to dist/vigil.js
  const beside = join(dirname(here), "browser-child.js");
  return existsSync(beside) ? beside : join(dirname(dirname(here)), "browser-child.js");
}

/** What the script process may read: its entry (and, from source, its sibling modules) and Playwright. */
function readable(entry: string | undefined, core: string, test: string, rt: BrowserRuntime): string[] {
  const pkgRoot = (file: string, name: string) => file.slice(0, file.lastIndexOf(name) + name.length);
  // the entry's directory: its sibling modules from source, the bundle's shared chunks (dist/) otherwise
  const own = entry
    ? [
        dirname(entry),
        join(dirname(dirname(entry)), "..", "package.json"),
        join(dirname(entry), "..", "package.json"),
      ]
    : [];
  return [
    ...own,
    pkgRoot(core, "playwright-core"),
    pkgRoot(test, join("@playwright", "test")),
    pkgRoot(rt.resolve("playwright"), "playwright"),
    // the package.json file Node reads to know an entry's module type
    join(dirname(pkgRoot(core, "playwright-core")), "..", "package.json"),
  ];
}

/** One NODE_OPTIONS argument, quoted (paths may hold spaces). */
const quoteOption = (a: string) => `"${a.replace(/["\\]/g, "\\$&")}"`;

const nullableNumber = z.number().nullable();
const resultSchema = z.object({
  ok: z.boolean(),
  error: z.object({ message: z.string(), line: nullableNumber }).optional(),
  durationMs: z.number(),
  pages: z.array(
    z.object({
      url: z.string(),
      TTFB: nullableNumber,
      FCP: nullableNumber,
      LCP: nullableNumber,
      CLS: z.number(),
      TBT: z.number(),
    }),
  ),
  counts: z.object({
    consoleErrors: z.number(),
    networkErrors: z.number(),
    userScriptErrors: z.number(),
    documentErrors: z.number(),
  }),
  steps: z.array(
    z.object({
      method: z.string(),
      url: z.string(),
      status: nullableNumber,
      ms: z.number(),
      error: z.string().optional(),
    }),
  ),
  logs: z.array(z.string()),
  screenshot: z.boolean(),
  crashed: z.boolean().optional(),
}) satisfies z.ZodType<ScriptResult>;

/**
 * The script process's result line: undefined when it wrote none (it died first); a line that is not a
 * result is a JsonShapeError naming the field (the run is then an error saying so).
 */
export function parseResult(stdout: string): z.output<typeof resultSchema> | undefined {
  const i = stdout.lastIndexOf(RESULT_MARKER);
  if (i < 0) return undefined;
  const line = stdout.slice(i + RESULT_MARKER.length).split("\n")[0] ?? "";
  return parseJsonAs(line, resultSchema, "the script process's result");
}

function outcome(r: ScriptResult, kind: string, screenshot: Buffer | undefined): RunOutcome {
  const first = r.pages[0];
  const where = r.error?.line ? `line ${r.error.line}: ` : "";
  const firstLine = (r.error?.message ?? "").split("\n")[0] ?? "";
  const detailKey = kind === "MULTI_STEP" ? "multiStepCheckResult" : "browserCheckResult";
  return {
    hasFailures: !r.ok,
    hasErrors: false,
    responseTime: r.durationMs,
    errorMessage: r.ok ? null : `${where}${firstLine}`,
    metrics: {
      ...(first?.TTFB != null ? { TTFB: first.TTFB } : {}),
      ...(first?.FCP != null ? { FCP: first.FCP } : {}),
      ...(first?.LCP != null ? { LCP: first.LCP } : {}),
      ...(first ? { CLS: first.CLS, TBT: first.TBT } : {}),
      ...r.counts,
    },
    detail: {
      [detailKey]: {
        pages: r.pages,
        errors: r.counts,
        ...(kind === "MULTI_STEP" ? { steps: r.steps } : {}),
        ...(r.error ? { error: r.error } : {}),
        logs: r.logs,
      },
    },
    ...(screenshot ? { assets: { "screenshot.png": screenshot } } : {}),
  };
}

async function attempt(ctx: RunContext): Promise<RunOutcome> {
  const found = await chromium();
  if ("unavailable" in found)
    return { ...errorOutcome(`cannot run here: ${found.unavailable}`), cannotRun: true };
  const script = typeof ctx.check.doc.script === "string" ? ctx.check.doc.script : "";
  if (!script.trim()) return errorOutcome("the check has no script to run");
  const work = mkdtempSync(join(tmpdir(), "vigil-script-"));
  const rt = await browserRuntime();
  const core = rt.resolve("playwright-core");
  const pwModule = await rt.load("playwright-core");
  // allowed cast: a module loaded by its path, whose type TS cannot see
  const pw = ((isObject(pwModule) && pwModule.default) || pwModule) as typeof import("playwright-core");
  const server = await pw.chromium.launchServer({
    executablePath: found.executablePath,
    args: found.args,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, TMPDIR: work, ...found.env },
    timeout: Math.min(ctx.timeoutMs, 20_000),
  });
  const test = rt.resolve("@playwright/test");
  const entry = childEntry();
  const job: ScriptJob = {
    kind: ctx.check.checkType,
    script,
    wsEndpoint: server.wsEndpoint(),
    actionTimeoutMs: Math.max(1000, Math.floor(ctx.timeoutMs * 0.8)),
    screenshotPath: join(work, "screenshot.png"),
    modules: { core, test },
  };
  const flags = [
    "--permission",
    ...readable(entry, core, test, rt).map((p) => `--allow-fs-read=${p}`),
    `--allow-fs-read=${work}`,
    // Playwright's WSL detection looks at these two; nothing else of /proc (other processes' environment!)
    "--allow-fs-read=/proc/sys/fs/binfmt_misc/WSLInterop",
    "--allow-fs-read=/run/WSL",
    `--allow-fs-write=${work}`,
    `--max-old-space-size=${SCRIPT_HEAP_MB}`,
    "--disable-warning=ExperimentalWarning",
  ];
  // the single executable takes Node's flags from NODE_OPTIONS (its command line is vigil's)
  const child = entry
    ? spawn(process.execPath, [...flags, entry], { cwd: work, env: {}, stdio: ["pipe", "pipe", "pipe"] })
    : spawn(process.execPath, [], {
        cwd: work,
        env: { VIGIL_SEA_ROLE: "browser-child", NODE_OPTIONS: flags.map(quoteOption).join(" ") },
        stdio: ["pipe", "pipe", "pipe"],
      });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    if (stdout.length < 4_000_000) stdout += d.toString("utf8");
  });
  child.stderr.on("data", (d: Buffer) => {
    if (stderr.length < 20_000) stderr += d.toString("utf8");
  });
  child.stdin.end(JSON.stringify(job));
  let timedOut = false;
  const kill = () => {
    timedOut = true;
    child.kill("SIGKILL");
  };
  const timer = setTimeout(kill, ctx.timeoutMs);
  const onAbort = () => child.kill("SIGKILL");
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  const t0 = performance.now();
  try {
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    if (timedOut)
      return {
        ...errorOutcome(
          `script timed out after ${Math.round(ctx.timeoutMs / 1000)} s`,
          Math.round(performance.now() - t0),
        ),
        hasErrors: false,
        metrics: { userScriptErrors: 1 },
      };
    if (ctx.signal.aborted) return errorOutcome("run aborted");
    let r: z.output<typeof resultSchema> | undefined;
    try {
      r = parseResult(stdout);
    } catch (err) {
      return errorOutcome(errorMessage(err), Math.round(performance.now() - t0));
    }
    if (!r || r.crashed) {
      const why = /heap out of memory|allocation failed/i.test(stderr)
        ? `the script exceeded its memory limit (${SCRIPT_HEAP_MB} MB)`
        : (r?.error?.message ?? (stderr.trim().split("\n").at(-1) || `the script process exited ${code}`));
      return errorOutcome(why, Math.round(performance.now() - t0));
    }
    let shot: Buffer | undefined;
    if (r.screenshot) {
      try {
        shot = readFileSync(job.screenshotPath);
      } catch {
        shot = undefined;
      }
    }
    return outcome(r, ctx.check.checkType, shot);
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener("abort", onAbort);
    child.kill("SIGKILL");
    await server.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

export const browserRunner: Runner = {
  run: (ctx) => slots.run(() => attempt(ctx)),
};

/**
 * The demo's browser run: the first page's web vitals, each built on the one before it with its own
 * noise — TTFB the server's time (the check's wave), first paint after the document's parse, the largest
 * paint after the page's images — and the script's duration past the largest paint; now and then an error.
 */
function demo({ base, scale, jitter, failed, rnd }: SyntheticDraw): SyntheticRun {
  const TTFB = r2((120 + base * 0.6) * scale);
  const FCP = r2(TTFB + (250 + base * 0.5) * jitter(0.4));
  const LCP = r2(FCP + (150 + base * 0.8) * jitter(0.9));
  const rt = r2(LCP + (300 + base * 1.5) * jitter(0.3));
  return {
    responseTime: rt,
    statusCode: failed ? 500 : 200,
    failed,
    metrics: {
      TTFB,
      FCP,
      LCP,
      CLS: Math.round(rnd() * rnd() * 0.3 * 1000) / 1000,
      TBT: r2(90 * jitter(1.2) * rnd()),
      consoleErrors: rnd() < 0.1 ? 1 : 0,
      networkErrors: failed ? 1 : 0,
      userScriptErrors: 0,
      documentErrors: 0,
    },
  };
}

/** BROWSER, MULTI_STEP and PLAYWRIGHT checks in the service: this runner, this demo. */
export const browser: CheckTypeService = { runner: browserRunner, demo };
