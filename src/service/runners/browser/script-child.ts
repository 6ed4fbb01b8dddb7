/**
 * The process a browser check's script runs in (BROWSER, PLAYWRIGHT and MULTI_STEP checks). A check's code
 * is untrusted input: the parent (run.ts) starts this file with Node's permission model — it may read only
 * itself, Playwright's packages and its own temporary directory, write only that directory, start no
 * process and load no native addon — with an empty environment (no API key, no data dir), a heap limit and
 * a kill timer. The browser itself runs outside, started by the parent; this process connects to it.
 *
 * Protocol: the job arrives as one JSON document on stdin; the result leaves as one line on stdout after
 * RESULT_MARKER (the script's own console output is captured into the result, not printed).
 *
 * The script sees what a Playwright test sees: `page`, `context`, `browser`, `request` (the context's API
 * request context; for MULTI_STEP each call is recorded as a step with its timing), `expect` (from
 * @playwright/test: web-first assertions with retries), and, for scripts written as test files, `test(...)`
 * (with `test.describe` and `test.step`) and `require('@playwright/test')`. Dynamic `import()` and any other
 * `require` are refused. A failure names the script line it came from.
 *
 * It imports nothing of vigil outside this folder: run from source, the permission model lets it read only
 * its siblings. A Playwright module it loads by path is the only value it casts (TS cannot type a path).
 */
import { isSea } from "node:sea";
import { text } from "node:stream/consumers";
import { pathToFileURL } from "node:url";
import { runInThisContext } from "node:vm";
import { PAINT_WAIT_MS, type PageVitals, readVitals, VITALS_INIT, vitalsRead } from "./vitals.ts";

export const RESULT_MARKER = "\u0000vigil-result ";
export const SCRIPT_FILE = "check-script.js";

export type ScriptJob = {
  kind: string;
  script: string;
  wsEndpoint: string;
  /** Playwright's default timeout for actions and assertions inside the script. */
  actionTimeoutMs: number;
  /** Where a failure's screenshot goes (inside the work dir). */
  screenshotPath: string;
  /** Absolute entry files of playwright-core and @playwright/test (no module resolution needed). */
  modules: { core: string; test: string };
};

/** The job as it arrived on stdin: a text that is not a job is an Error naming the field. */
export function readJob(input: string): ScriptJob {
  let v: unknown;
  try {
    v = JSON.parse(input);
  } catch (err) {
    throw new Error(`the job on stdin is not JSON (${messageOf(err)})`);
  }
  const str = (o: unknown, key: string): string => {
    const x = isRecord(o) ? o[key] : undefined;
    if (typeof x === "string") return x;
    throw new Error(`the job on stdin: "${key}" is not a string`);
  };
  const num = (o: unknown, key: string): number => {
    const x = isRecord(o) ? o[key] : undefined;
    if (typeof x === "number") return x;
    throw new Error(`the job on stdin: "${key}" is not a number`);
  };
  const modules = isRecord(v) ? v.modules : undefined;
  return {
    kind: str(v, "kind"),
    script: str(v, "script"),
    wsEndpoint: str(v, "wsEndpoint"),
    actionTimeoutMs: num(v, "actionTimeoutMs"),
    screenshotPath: str(v, "screenshotPath"),
    modules: { core: str(modules, "core"), test: str(modules, "test") },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export type Step = { method: string; url: string; status: number | null; ms: number; error?: string };

export type ScriptResult = {
  ok: boolean;
  error?: { message: string; line: number | null };
  durationMs: number;
  pages: PageVitals[];
  counts: { consoleErrors: number; networkErrors: number; userScriptErrors: number; documentErrors: number };
  steps: Step[];
  logs: string[];
  screenshot: boolean;
};

const ANSI = /\x1b\[[0-9;]*m/g;
const MAX_LOGS = 100;

/** The line of the user's script an error came from (its first frame in the script). */
export function scriptLine(err: unknown): number | null {
  const stack = err instanceof Error ? (err.stack ?? "") : "";
  const m = new RegExp(`${SCRIPT_FILE.replace(".", "\\.")}:(\\d+):\\d+`).exec(stack);
  return m ? Number(m[1]) : null;
}

function message(err: unknown): string {
  const m = messageOf(err);
  // a refusal of the permission model names what was refused
  const resource =
    isRecord(err) && err.code === "ERR_ACCESS_DENIED" && typeof err.resource === "string"
      ? err.resource
      : undefined;
  return `${m.replace(ANSI, "").trim()}${resource ? ` (${resource})` : ""}`;
}

type Page = import("playwright-core").Page;

async function main(): Promise<void> {
  const job = readJob(await text(process.stdin));
  const started = performance.now();
  const logs: string[] = [];
  const log = (...a: unknown[]) => {
    if (logs.length < MAX_LOGS) logs.push(a.map(String).join(" ").slice(0, 500));
  };
  for (const k of ["log", "info", "warn", "error", "debug"] as const) console[k] = log;

  const counts = { consoleErrors: 0, networkErrors: 0, userScriptErrors: 0, documentErrors: 0 };
  const steps: Step[] = [];
  const result: ScriptResult = { ok: true, durationMs: 0, pages: [], counts, steps, logs, screenshot: false };

  // CommonJS packages: their exports may only be on `default`
  const cjs = async (file: string): Promise<unknown> => {
    const m: unknown = await import(pathToFileURL(file).href);
    return isRecord(m) && m.default ? m.default : m;
  };
  // allowed cast: a module loaded by its path, whose type TS cannot see
  const core = (await cjs(job.modules.core)) as typeof import("playwright-core");
  // allowed cast: a module loaded by its path, whose type TS cannot see
  const { expect } = (await cjs(job.modules.test)) as typeof import("@playwright/test");
  const browser = await core.chromium.connect(job.wsEndpoint);
  const context = await browser.newContext();
  context.setDefaultTimeout(job.actionTimeoutMs);
  expect.configure?.({ timeout: job.actionTimeoutMs });
  await context.addInitScript(VITALS_INIT);
  const pages: Page[] = [];
  const watch = (p: Page) => {
    pages.push(p);
    p.on("console", (m) => {
      if (m.type() === "error") counts.consoleErrors++;
    });
    p.on("pageerror", () => counts.documentErrors++);
    p.on("requestfailed", () => counts.networkErrors++);
    p.on("response", (r) => {
      if (r.status() >= 400) counts.networkErrors++;
    });
  };
  context.on("page", watch);
  const page = await context.newPage();
  const request = recordSteps(context.request, steps, job.kind === "MULTI_STEP");

  // test files: `test(name, fn)` collects, the body runs first, then each test with the fixtures
  const tests: { name: string; fn: (f: object) => Promise<unknown> }[] = [];
  const test = Object.assign(
    (name: string, fn: (f: object) => Promise<unknown>) => tests.push({ name, fn }),
    {
      describe: (_name: string, fn: () => void) => fn(),
      step: async (_name: string, fn: () => Promise<unknown>) => fn(),
      setTimeout: () => {},
      use: () => {},
      beforeEach: (fn: (f: object) => Promise<unknown>) => tests.push({ name: "beforeEach", fn }),
    },
  );
  const require = (name: string) => {
    if (name === "@playwright/test" || name === "playwright/test") return { test, expect };
    if (name === "playwright" || name === "playwright-core") return { ...core, expect, test };
    throw new Error(`require('${name}') is not available in check scripts`);
  };
  const fixtures = { page, context, browser, request };

  // globals, not parameters: a test file declares its own `const { test, expect } = require(...)`
  Object.assign(globalThis, { page, context, browser, request, expect, test, require });
  try {
    const fn: unknown = runInThisContext(`(async () => {\n${job.script}\n})`, {
      filename: SCRIPT_FILE,
      lineOffset: -1,
    });
    if (typeof fn === "function") await fn();
    for (const t of tests) await t.fn(fixtures);
  } catch (err) {
    result.ok = false;
    counts.userScriptErrors = 1;
    result.error = { message: message(err), line: scriptLine(err) };
    const shot = pages.find((p) => !p.isClosed());
    if (shot) {
      try {
        await shot.screenshot({ path: job.screenshotPath, timeout: 5000 });
        result.screenshot = true;
      } catch {
        // a page that cannot be captured: the error says what happened
      }
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  // a page's paint may still be coming: the read waits for it, within the action timeout (80% of the run's
  // limit), so the run is never killed for it
  const paintBy = started + job.actionTimeoutMs;
  for (const p of pages) {
    if (p.isClosed()) continue;
    try {
      const wait = Math.min(PAINT_WAIT_MS, paintBy - performance.now());
      result.pages.push(readVitals(await p.evaluate(vitalsRead(wait))));
    } catch {
      // a page that navigated away or crashed has no entries to read
    }
  }
  await browser.close().catch(() => {});
  process.stdout.write(`\n${RESULT_MARKER}${JSON.stringify(result)}\n`, () => process.exit(0));
}

/** The API request context, each call timed and recorded as a step (MULTI_STEP checks). */
function recordSteps<T extends object>(request: T, steps: Step[], record: boolean): T {
  if (!record) return request;
  const methods = ["get", "post", "put", "patch", "delete", "head", "fetch"];
  return new Proxy(request, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop);
      if (typeof prop !== "string" || !methods.includes(prop) || typeof v !== "function") return v;
      return async (url: unknown, opts?: { method?: string }) => {
        const t0 = performance.now();
        const method = (prop === "fetch" ? (opts?.method ?? "GET") : prop).toUpperCase();
        const target_ =
          typeof url === "string"
            ? url
            : isRecord(url) && typeof url.url === "function"
              ? String(url.url())
              : String(url);
        try {
          const res: unknown = await v.call(target, url, opts);
          const status = isRecord(res) && typeof res.status === "function" ? Number(res.status()) : null;
          steps.push({ method, url: target_, status, ms: Math.round(performance.now() - t0) });
          return res;
        } catch (err) {
          steps.push({
            method,
            url: target_,
            status: null,
            ms: Math.round(performance.now() - t0),
            error: message(err),
          });
          throw err;
        }
      };
    },
  });
}

/** This file is the program: started as itself, as dist/browser-child.js, or as the single executable's child. */
const isProgram =
  (process.argv[1] && /script-child\.(ts|js)$|browser-child\.js$/.test(process.argv[1])) ||
  (isSea() && process.env.VIGIL_SEA_ROLE === "browser-child");

if (isProgram) {
  main().catch((err) => {
    process.stdout.write(
      `\n${RESULT_MARKER}${JSON.stringify({ ok: false, error: { message: `the script runner failed: ${message(err)}`, line: null }, durationMs: 0, pages: [], counts: { consoleErrors: 0, networkErrors: 0, userScriptErrors: 0, documentErrors: 0 }, steps: [], logs: [], screenshot: false, crashed: true })}\n`,
      () => process.exit(1),
    );
  });
}
