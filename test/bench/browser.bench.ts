/**
 * Browser checks (issue 13), against `vigil serve` as a child process and a page this bench serves:
 * - browser.run.wall.ms: trigger one browser check (sign in, check a heading) → its session complete
 *   (median of 5, after one warm-up run that may unpack the packaged Chromium).
 * - browser.run4.serviceRss.mb: the service process's RSS (peak of samples every 100 ms) while 4 browser
 *   checks run at once (2 at a time: MAX_PARALLEL), with the browsers' and script processes' own RSS
 *   beside it (they are separate processes).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServe } from "../e2e/support/service.ts";
import type { Figure } from "./run.ts";

const rssMb = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** Every descendant of `pid` (from /proc/<pid>/task/<pid>/children). */
function descendants(pid: number): number[] {
  let kids: number[] = [];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

export default async function (report: (f: Figure) => void): Promise<void> {
  const page = createServer((req, res) => {
    if (req.method === "POST") {
      res.writeHead(303, { location: "/account" });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      req.url === "/account"
        ? "<!doctype html><title>a</title><h1>Welcome back</h1>"
        : '<!doctype html><title>l</title><h1>Sign in</h1><form method="post"><input name="email"><button type="submit">Go</button></form>',
    );
  });
  await new Promise<void>((r) => page.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  const root = mkdtempSync(join(tmpdir(), "vigil-bench-browser-"));
  const dataDir = join(root, "data");
  const { child, url } = await spawnServe({ dataDir, port: 0, demo: false, home: root });
  const key = readFileSync(join(dataDir, "api-key"), "utf8").trim();
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { id: string; sessions: { checkSessionId: string }[]; status: string };
  };
  const script = `await page.goto('${base}/login');
await page.fill('input[name=email]', 'a@example.com');
await page.click('button[type=submit]');
await expect(page.locator('h1')).toHaveText('Welcome back');`;
  try {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await api("POST", "/v1/checks/browser", { name: `bench ${i}`, activated: false, script })).id,
      );
    const once = async (checkIds: string[]) => {
      const t0 = performance.now();
      const t = await api("POST", "/v1/check-sessions/trigger", { target: { checkId: checkIds } });
      const done = await Promise.all(
        t.sessions.map(async (s) => {
          for (;;) {
            const r = await fetch(
              `${url}/v1/check-sessions/${s.checkSessionId}/completion?maxWaitSeconds=30`,
              {
                headers: { authorization: `Bearer ${key}` },
              },
            );
            if (r.status === 200) return ((await r.json()) as { status: string }).status;
            await r.body?.cancel();
          }
        }),
      );
      if (done.some((s) => s !== "PASSED")) throw new Error(`browser runs did not pass: ${done.join(",")}`);
      return performance.now() - t0;
    };
    await once([ids[0]!]); // warm-up (may unpack the packaged Chromium)
    const walls: number[] = [];
    for (let i = 0; i < 5; i++) walls.push(await once([ids[0]!]));
    walls.sort((a, b) => a - b);
    report({
      figure: "browser.run.wall.ms",
      value: Math.round(walls[2]!),
      min: Math.round(walls[0]!),
      max: Math.round(walls[4]!),
    });

    let peak = 0;
    let peakOthers = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid!));
      peakOthers = Math.max(
        peakOthers,
        descendants(child.pid!).reduce((a, p) => a + rssMb(p), 0),
      );
    }, 100);
    const wall4 = await once(ids);
    clearInterval(sampler);
    report({
      figure: "browser.run4.serviceRss.mb",
      value: Math.round(peak),
      browsersAndScriptsRssMb: Math.round(peakOthers),
      wallMs: Math.round(wall4),
      parallel: 2,
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    page.close();
    rmSync(root, { recursive: true, force: true });
  }
}
