/**
 * BROWSER, MULTI_STEP and PLAYWRIGHT checks through playwright-core on a system Chromium (CHROMIUM_PATH,
 * else /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome). No browser is ever
 * downloaded; without one the result is an error: "no Chromium found: install chromium to run browser
 * checks" — never a fake pass.
 *
 * Choice: user scripts are not executed (that would need the Playwright test runner). The runner opens the
 * page the check points at — `request.url`, else `environmentVariables`/`script` first `page.goto('…')`
 * URL — and measures it: TTFB (navigation timing), FCP, LCP, CLS, TBT (long tasks over 50 ms after FCP),
 * console errors, failed network requests, page errors (documentErrors) and userScriptErrors (0, as no
 * script runs). An HTTP status ≥ 400 or a failed navigation fails the run.
 */
import { existsSync } from "node:fs";
import { errorOutcome, type RunContext, type Runner, type RunOutcome } from "./types.ts";

export const NO_CHROMIUM = "no Chromium found: install chromium to run browser checks";

export const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [
    env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

export function targetUrl(doc: Record<string, unknown>): string | null {
  const request = doc.request as { url?: unknown } | undefined;
  if (request && typeof request.url === "string" && request.url) return request.url;
  const script = typeof doc.script === "string" ? doc.script : "";
  const m = /\.goto\(\s*['"`]([^'"`]+)['"`]/.exec(script);
  return m?.[1] ?? null;
}

const VITALS_SCRIPT = `(() => {
  const out = { fcp: null, lcp: null, cls: 0, tbt: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') out.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) out.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) out.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) if (out.fcp !== null && e.startTime >= out.fcp) out.tbt += Math.max(0, e.duration - 50); }).observe({ type: 'longtask', buffered: true }); } catch {}
  globalThis.__vigilVitals = out;
})()`;

async function run(ctx: RunContext): Promise<RunOutcome> {
  const executablePath = findChromium();
  if (!executablePath) return errorOutcome(NO_CHROMIUM);
  const url = targetUrl(ctx.check.doc);
  if (!url) return errorOutcome("browser check has no URL to open (request.url or page.goto in the script)");
  const { chromium } = await import("playwright-core");
  const t0 = performance.now();
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS, timeout: ctx.timeoutMs });
  const onAbort = () => void browser.close();
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  try {
    const page = await browser.newPage();
    let consoleErrors = 0;
    let networkErrors = 0;
    let documentErrors = 0;
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors++;
    });
    page.on("requestfailed", () => networkErrors++);
    page.on("response", (r) => {
      if (r.status() >= 400) networkErrors++;
    });
    page.on("pageerror", () => documentErrors++);
    await page.addInitScript(VITALS_SCRIPT);
    const response = await page.goto(url, { waitUntil: "load", timeout: ctx.timeoutMs });
    await page.waitForTimeout(200);
    const vitals = (await page.evaluate(`(() => {
      const v = globalThis.__vigilVitals || {};
      const nav = performance.getEntriesByType("navigation")[0];
      return { ...v, ttfb: nav ? nav.responseStart - nav.requestStart : null };
    })()`)) as { fcp: number | null; lcp: number | null; cls: number; tbt: number; ttfb: number | null };
    const responseTime = Math.round((performance.now() - t0) * 100) / 100;
    const status = response?.status() ?? 0;
    const failed = !response || status >= 400;
    return {
      hasFailures: failed,
      hasErrors: false,
      responseTime,
      statusCode: status || null,
      errorMessage: failed ? `page answered HTTP ${status}` : null,
      metrics: {
        TTFB: vitals.ttfb ?? undefined,
        FCP: vitals.fcp ?? undefined,
        LCP: vitals.lcp ?? vitals.fcp ?? undefined,
        CLS: vitals.cls,
        TBT: vitals.tbt,
        consoleErrors,
        networkErrors,
        userScriptErrors: 0,
        documentErrors,
      },
      detail: {
        browserCheckResult: { url, status, vitals, errors: { consoleErrors, networkErrors, documentErrors } },
      },
    };
  } catch (err) {
    return errorOutcome(`browser run failed: ${(err as Error).message}`, Math.round(performance.now() - t0));
  } finally {
    ctx.signal.removeEventListener("abort", onAbort);
    await browser.close().catch(() => {});
  }
}

export const browserRunner: Runner = { types: ["BROWSER", "MULTI_STEP", "PLAYWRIGHT"], run };
