/**
 * End-to-end: the data dir's local service in its own process, with consoles (the bundle, in tmux) that
 * have nothing configured. Two consoles share one background service; the first quits, the second stays
 * online and a trigger still runs; once the last one quits the service stops by itself
 * (VIGIL_SERVICE_IDLE_SECONDS=2 here). A console on a service started by hand follows it when it is
 * restarted on a new port. Every process started here is stopped in afterEach, and the test checks that
 * no service of its data dirs is left.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { alive, reapProcessesOf, servicePid, until } from "./support/background.ts";
import { ensureBundle } from "./support/bundle.ts";
import { BUNDLE, CACHE_HOME, NODE, ROOT } from "./support/paths.ts";
import { spawnServe } from "./support/service.ts";
import { TmuxTerminal } from "./support/tmux.ts";

const canRun = (() => {
  try {
    execFileSync("/usr/bin/tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let roots: string[] = [];
let terms: TmuxTerminal[] = [];
let children: ChildProcess[] = [];

beforeAll(async () => {
  await ensureBundle();
}, 120_000);

function newRoot(): { root: string; dataDir: string } {
  const root = mkdtempSync(join(tmpdir(), "vigil-e2e-local-"));
  roots.push(root);
  return { root, dataDir: join(root, "data") };
}

/** The bundled console with nothing configured but the data dir (no base URL, no key). */
function localConsole(root: string, dataDir: string, env: Record<string, string> = {}): TmuxTerminal {
  const home = mkdtempSync(join(root, "home-"));
  const t = TmuxTerminal.start({
    cols: 120,
    rows: 36,
    argv: [NODE, BUNDLE],
    cwd: ROOT,
    env: {
      PATH: "/usr/bin:/bin",
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_CACHE_HOME: CACHE_HOME,
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SERVICE_IDLE_SECONDS: "2",
      ...env,
    },
  });
  terms.push(t);
  return t;
}

afterEach(async () => {
  for (const t of terms) t.kill();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  // the background services stop by themselves once their consoles are gone; wait for that, then make sure
  for (const root of roots) {
    await reapProcessesOf(root);
    rmSync(root, { recursive: true, force: true });
  }
  terms = [];
  children = [];
  roots = [];
});

describe.skipIf(!canRun)("the local service in its own process", () => {
  it("two consoles share it; the first quits, the second stays online and a trigger runs; it stops after the last", async () => {
    const { root, dataDir } = newRoot();
    const a = localConsole(root, dataDir);
    await a.waitFor(
      /local service \(stops with the last console\)/,
      "A's status line names the local service",
      30_000,
    );
    await a.waitFor(/● online/, "A online", 30_000);
    const pid = await until("service.json", 5000, () => servicePid(dataDir));
    const b = localConsole(root, dataDir);
    await b.waitFor(
      /local service \(stops with the last console\)[\s\S]*● online|● online[\s\S]*local service/,
      "B online on the local service",
      30_000,
    );
    // one service for both
    expect(servicePid(dataDir)).toBe(pid);

    a.keys("q");
    await a.waitFor("[exited 0]", "A to quit");
    // the service outlives A: B's probes (every 4 s) keep finding it, and a trigger from B runs
    expect(alive(pid)).toBe(true);
    b.type(":checks");
    b.keys("Enter");
    await b.waitFor(/vigil › Checks/, "B on the checks pane");
    await b.waitFor(/Storefront home page/, "the demo's checks");
    // a URL check (the first row may be a heartbeat, which cannot be triggered)
    b.keys("/");
    b.type("Storefront home page");
    b.keys("Enter");
    await b.waitFor((s) => !s.includes("Checkout API") && s.includes("Storefront home page"), "the filter");
    b.keys("t");
    await b.waitFor(/\(y\/n\)|\by\b.*\bn\b/i, "the trigger confirmation");
    b.keys("y");
    await b.waitFor(/1 session started/, "the session started", 15_000);
    // the sessions pane follows the session this console started to its end
    await b.waitFor(
      /Storefront home page\s+(PASSED|FAILED|DEGRADED)\s+1\/1/,
      "the run's result in B",
      30_000,
    );
    expect(b.screen()).toMatch(/● online/);
    expect(servicePid(dataDir)).toBe(pid);

    b.keys("q");
    await b.waitFor("[exited 0]", "B to quit");
    // the last console left: the service stops by itself (2 s here) and removes service.json
    await until("the service to stop", 20_000, () => !alive(pid));
    expect(servicePid(dataDir)).toBeUndefined();
    expect(readFileSync(join(dataDir, "service.log"), "utf8")).toMatch(/no client for 2 s, stopping/);
  }, 150_000);

  it("its usual port taken: the console says so in the status line, a notice and under the ping URL", async () => {
    const { root, dataDir } = newRoot();
    // the first start (by a console) takes a free port, which the data dir remembers
    const first = localConsole(root, dataDir);
    await first.waitFor(/● online/, "the first console online", 30_000);
    const url = await until("service.json", 5000, () => {
      try {
        return JSON.parse(readFileSync(join(dataDir, "service.json"), "utf8")).url as string;
      } catch {
        return undefined;
      }
    });
    const pid = servicePid(dataDir);
    first.keys("q");
    await first.waitFor("[exited 0]", "the first console to quit");
    await until("the service to stop", 20_000, () => pid === undefined || !alive(pid));
    const usual = Number(new URL(url).port);
    // another program on it: the next start listens elsewhere, and the console says so
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(usual, "127.0.0.1", r));
    try {
      const t = localConsole(root, dataDir);
      await t.waitFor(/● online/, "online on another port", 30_000);
      await t.waitFor(`⚠ not on usual port ${usual}`, "the status line's warning", 10_000);
      await t.waitFor(`not its usual 127.0.0.1:${usual}`, "the notice", 10_000);
      t.keys("4");
      await t.waitFor(
        `⚠ address changed: the service is not on its usual port ${usual}`,
        "the warning under the demo heartbeat's ping URL",
        30_000,
      );
      expect(t.screen()).not.toContain(`127.0.0.1:${usual}/ping/`);
      t.keys("q");
      await t.waitFor("[exited 0]", "the console to quit");
    } finally {
      blocker.close();
    }
  }, 150_000);

  it("restarted by hand on a new port, the service is found again by an open console within 15 s", async () => {
    const { root, dataDir } = newRoot();
    const first = await spawnServe({ dataDir, port: 0, demo: true, home: root });
    children.push(first.child);
    const t = localConsole(root, dataDir);
    await t.waitFor(
      new RegExp(`local service pid ${first.child.pid}`),
      "the hand-started service's pid",
      30_000,
    );
    await t.waitFor(/● online/, "online", 30_000);

    const exited = new Promise((r) => first.child.once("exit", r));
    first.child.kill("SIGTERM");
    await exited;
    await t.waitFor(/✖ offline/, "offline once it is gone", 15_000);
    const second = await spawnServe({ dataDir, port: 0, demo: true, home: root });
    children.push(second.child);
    expect(second.url).not.toBe(first.url);
    const restartedAt = Date.now();
    // the new pid on the status line, or in the notice when the status line is taken by the last error
    // (a request to the old port refused while it was gone)
    const onNew = new RegExp(
      `local service pid ${second.child.pid}|local service restarted: 127\\.0\\.0\\.1:\\d+, pid ${second.child.pid}`,
    );
    await t.waitFor(
      (s) => onNew.test(s) && s.includes("● online"),
      "the console online on the new service",
      15_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(15_000);
    expect(t.screen()).toMatch(/local service restarted: 127\.0\.0\.1:\d+, pid \d+/);

    t.keys("q");
    await t.waitFor("[exited 0]", "the console to quit");
    // started by hand: it keeps running after its last console (until it is stopped)
    expect(alive(second.child.pid ?? 0)).toBe(true);
    const gone = new Promise((r) => second.child.once("exit", r));
    second.child.kill("SIGTERM");
    await gone;
  }, 120_000);
});
