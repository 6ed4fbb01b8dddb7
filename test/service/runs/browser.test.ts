/**
 * Browser, Playwright and multi-step checks run for real: the check's script in its own restricted process
 * against a real Chromium (found by chromium.ts: system, else the packaged one), on pages this test serves
 * on loopback. Passing and failing scripts (with their line), a thrown error, a timeout, error counts, a
 * slow LCP, a page that paints only after the script ended, a script reaching for the environment or the
 * file system (refused), multi-step steps, and the screenshot of a failure kept with the result.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CheckDef, checkOf } from "../../../src/service/engine/checks.ts";
import type { Engine } from "../../../src/service/engine/engine.ts";
import { browserRunner } from "../../../src/service/runners/browser/runner.ts";
import type { RunOutcome } from "../../../src/service/runners/types.ts";
import { insertCheck, runOne, type TempDb, tempDb, testEngine } from "./support.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`);
    };
    switch (req.url) {
      case "/login":
        if (req.method === "POST") {
          res.writeHead(303, { location: "/account" });
          res.end();
          return;
        }
        return html(
          '<h1>Sign in</h1><form method="post" action="/login"><input name="email"><button type="submit">Go</button></form>',
        );
      case "/account":
        return html("<h1>Welcome back</h1>");
      case "/noisy":
        return html(
          '<h1>Noisy</h1><img src="/missing.png"><script>console.error("one"); console.error("two"); setTimeout(() => { throw new Error("late") }, 0)</script>',
        );
      // the largest paint: a big block of text, at once or after 900 ms
      case "/fast-lcp":
        return html(`<p>x</p><div style="font-size:48px">${"Large content ".repeat(40)}</div>`);
      case "/slow-lcp":
        return html(
          `<p>x</p><script>setTimeout(() => { const d = document.createElement("div"); d.style.fontSize = "48px"; d.textContent = "${"Large content ".repeat(40)}"; document.body.append(d); }, 900)</script>`,
        );
      // nothing to paint until 400 ms after load: a script that only opens it ends before the first paint
      case "/late-paint":
        return html(`<script>setTimeout(() => document.body.append("late"), 400)</script>`);
      case "/api/items":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('[{"id":1}]');
        return;
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

function check(script: string, checkType = "BROWSER"): CheckDef {
  const at = "2026-01-01T00:00:00.000Z";
  return checkOf(
    {
      name: "browser",
      activated: true,
      muted: false,
      frequency: 10,
      tags: [],
      locations: [],
      script,
      maxResponseTime: 30_000,
      degradedResponseTime: 10_000,
    },
    { id: "00000000-0000-4000-8000-000000000001", checkType, createdAt: at, updatedAt: at },
  );
}

const run = (script: string, opts: { type?: string; timeoutMs?: number } = {}): Promise<RunOutcome> =>
  browserRunner.run({
    check: check(script, opts.type),
    location: "local",
    signal: new AbortController().signal,
    timeoutMs: opts.timeoutMs ?? 20_000,
  });

describe("browser checks run the user's script", () => {
  it("a passing script: logs in and checks a heading; vitals measured", async () => {
    const out = await run(`await page.goto('${base}/login');
await page.fill('input[name=email]', 'a@example.com');
await page.click('button[type=submit]');
await expect(page.locator('h1')).toHaveText('Welcome back');`);
    expect(out.errorMessage).toBeNull();
    expect(out).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(out.metrics.FCP).toBeGreaterThan(0);
    expect(out.metrics.LCP).toBeGreaterThan(0);
    expect(out.metrics.TTFB).toBeGreaterThanOrEqual(0);
    expect(out.metrics.userScriptErrors).toBe(0);
    expect(out.assets).toBeUndefined();
  });

  it("a failing assertion fails the run with its line and a screenshot", async () => {
    const out = await run(`await page.goto('${base}/account');

await expect(page.locator('h1')).toHaveText('Goodbye', { timeout: 500 });`);
    expect(out).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(out.errorMessage).toMatch(/^line 3: expect\(locator\)\.toHaveText\(expected\) failed/);
    expect(out.metrics.userScriptErrors).toBe(1);
    expect(
      Buffer.from(out.assets?.["screenshot.png"] ?? [])
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("a thrown error names its line; test files with test() and require work too", async () => {
    const thrown = await run(`await page.goto('${base}/account');
const x = 1;
throw new Error('checkout button missing');`);
    expect(thrown.errorMessage).toBe("line 3: checkout button missing");
    const file = await run(`const { test, expect } = require('@playwright/test');
test('home', async ({ page }) => {
  await page.goto('${base}/account');
  await expect(page).toHaveTitle('t');
});`);
    expect(file.errorMessage).toBeNull();
  });

  it("a script that hangs is stopped at the time limit", async () => {
    const t0 = Date.now();
    const out = await run(`await page.goto('${base}/account');\nawait new Promise(() => {});`, {
      timeoutMs: 3000,
    });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(out.hasFailures).toBe(true);
    expect(out.errorMessage).toBe("script timed out after 3 s");
  });

  it("counts console errors, failed network requests and page errors", async () => {
    const out = await run(`await page.goto('${base}/noisy');\nawait page.waitForTimeout(300);`);
    expect(out.hasFailures).toBe(false);
    expect(out.metrics).toMatchObject({ consoleErrors: 3, networkErrors: 1, documentErrors: 1 });
  });

  it("a page that paints after the script ended: its first paint is waited for and recorded", async () => {
    const out = await run(`await page.goto('${base}/late-paint');`);
    expect(out.errorMessage).toBeNull();
    expect(out.metrics.FCP).toBeGreaterThanOrEqual(400);
    expect(out.metrics.LCP).toBeGreaterThanOrEqual(400);
  });

  it("a slow largest paint moves LCP", async () => {
    const fast = await run(`await page.goto('${base}/fast-lcp');\nawait page.waitForTimeout(1200);`);
    const slow = await run(`await page.goto('${base}/slow-lcp');\nawait page.waitForTimeout(1200);`);
    expect(slow.metrics.LCP).toBeGreaterThanOrEqual(850);
    expect(slow.metrics.LCP! - (fast.metrics.LCP ?? 0)).toBeGreaterThan(500);
  });

  it("a script cannot read the service's environment or files", async () => {
    process.env.VIGIL_TEST_SECRET = "must-not-leak";
    try {
      const env =
        await run(`if (process.env.VIGIL_TEST_SECRET || process.env.VIGIL_API_KEY || Object.keys(process.env).length)
  throw new Error('env visible: ' + Object.keys(process.env).join(','));`);
      expect(env.errorMessage).toBeNull();
      // a file like the service's api-key, outside what the script process may read
      const secret = join(mkdtempSync(join(tmpdir(), "vigil-secret-")), "api-key");
      writeFileSync(secret, "vgl_secret", { mode: 0o600 });
      const fs = await run(
        `process.getBuiltinModule('node:fs').readFileSync(${JSON.stringify(secret)}, 'utf8');`,
      );
      expect(fs.errorMessage).toMatch(/^line 1: Access to this API has been restricted/);
      const spawn = await run(`process.getBuiltinModule('node:child_process').execSync('id');`);
      expect(spawn.errorMessage).toMatch(/^line 1: Access to this API has been restricted/);
      const imp = await run("await import('node:fs');");
      expect(imp.hasFailures).toBe(true);
      const req = await run("require('fs');");
      expect(req.errorMessage).toBe("line 1: require('fs') is not available in check scripts");
    } finally {
      delete process.env.VIGIL_TEST_SECRET;
    }
  }, 60_000); // five runs, a browser started for each: 9 s alone, 14-16 s on a loaded machine

  it("multi-step: each request is a step with its timing", async () => {
    const out = await run(
      `const r = await request.get('${base}/api/items');
expect(r.status()).toBe(200);
const missing = await request.get('${base}/api/none');
expect(missing.status()).toBe(404);`,
      { type: "MULTI_STEP" },
    );
    expect(out.errorMessage).toBeNull();
    const steps = (
      out.detail.multiStepCheckResult as {
        steps: { method: string; url: string; status: number; ms: number }[];
      }
    ).steps;
    expect(steps.map((s) => [s.method, s.url, s.status])).toEqual([
      ["GET", `${base}/api/items`, 200],
      ["GET", `${base}/api/none`, 404],
    ]);
    expect(steps.every((s) => s.ms >= 0)).toBe(true);
  });
});

describe("through the engine", () => {
  let t: TempDb;
  let engine: Engine;
  afterEach(async () => {
    await engine.stop();
    t.cleanup();
  });

  it("a failed browser run keeps its screenshot with the result; the session says which line", async () => {
    t = tempDb();
    const id = insertCheck(t.db, {
      checkType: "BROWSER",
      doc: {
        script: `await page.goto('${base}/account');\nawait expect(page.locator('h1')).toHaveText('Nope', { timeout: 300 });`,
      },
    });
    engine = testEngine(t.db, { assetsDir: join(t.dir, "assets") });
    const r = await runOne(engine, id);
    expect(r.session.status).toBe("FAILED");
    const final = r.results.find((x: { resultType: string }) => x.resultType === "FINAL")!;
    expect(final.errorMessage).toMatch(/^line 2: /);
    const shot = (final.detail!.browserCheckResult as { screenshot?: string }).screenshot!;
    expect(shot).toMatch(/^assets\/.+-screenshot\.png$/);
    const file = join(t.dir, shot);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
  });
});
