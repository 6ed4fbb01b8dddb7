/**
 * The data dir's local service in its own process (src/cli/local-service.ts, serve-control.ts): real
 * clients (test/cli/support/attach-child.ts, attaching as the console does) start `vigil serve` in the
 * background from source, hold leases, and follow it; `vigil serve status|stop` and their exit codes; a
 * client killed with -9 lets the service stop; a service killed with -9 is started again. Plus the pieces
 * alone: leases, the idle watch, the rotating log. VIGIL_SERVICE_IDLE_SECONDS=1 throughout. Every process
 * started is stopped in afterEach, which also checks that nothing of the test's data dirs is left.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startInBackground } from "../../src/cli/local-service.ts";
import { watchIdle } from "../../src/cli/serve-control.ts";
import { openRotatingLog } from "../../src/cli/service-log.ts";
import { LEASE_TTL_MS, liveLeases, takeLease } from "../../src/service/info-file.ts";
import { alive, reapProcessesOf, servicePid, until } from "../e2e/support/background.ts";
import { CACHE_HOME } from "../e2e/support/paths.ts";
import { pastTime } from "../support/until.ts";
import { runCli } from "./run-cli.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const NODE = join(ROOT, "node_modules/.bin/node");

let roots: string[] = [];
let children: ChildProcess[] = [];

function newRoot(): { root: string; dataDir: string } {
  const root = mkdtempSync(join(tmpdir(), "vigil-local-"));
  roots.push(root);
  return { root, dataDir: join(root, "data") };
}

const env = (root: string): Record<string, string> => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: root,
  XDG_CONFIG_HOME: join(root, "config"),
  XDG_CACHE_HOME: CACHE_HOME,
  NODE_COMPILE_CACHE: join(tmpdir(), "vigil-test-compile-cache"),
  VIGIL_SERVICE_IDLE_SECONDS: "1",
});

// biome-ignore lint/suspicious/noExplicitAny: the child's JSON lines are inspected field by field
type Line = any;

/** A client process attached to the data dir's service; its JSON lines as they come. */
function client(root: string, dataDir: string) {
  const child = spawn(NODE, [join(ROOT, "test/cli/support/attach-child.ts"), dataDir], {
    cwd: ROOT,
    env: env(root),
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const lines: Line[] = [];
  let buf = "";
  child.stdout?.on("data", (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
      lines.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
    }
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  return {
    child,
    lines,
    line: (what: string, test: (l: Line) => boolean, timeoutMs = 30_000) =>
      until(`${what} (stderr: ${stderr})`, timeoutMs, () => lines.find(test)),
    close: async () => {
      child.stdin?.write("close\n");
      await until("the client to exit", 10_000, () => child.exitCode !== null);
    },
  };
}

afterEach(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const root of roots) {
    // the background services stop by themselves once their clients are gone (1 s here)
    const left = await reapProcessesOf(root);
    rmSync(root, { recursive: true, force: true });
    expect(left).toEqual([]);
  }
  children = [];
  roots = [];
});

describe("the local service started by its clients", () => {
  it("vigil serve status and stop: what runs, its clients, and the exit codes", async () => {
    const { root, dataDir } = newRoot();
    const cli = (args: string[]) =>
      runCli(["serve", ...args, "--data", dataDir], { home: root, env: env(root) });
    const before = await cli(["status"]);
    expect(before.code).toBe(3);
    expect(before.stdout).toMatch(/^not running/);

    const c = client(root, dataDir);
    const { attached } = await c.line("attached", (l) => l.attached);
    expect(attached.idleStopS).toBe(1);
    const status = await cli(["status"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`running: ${attached.url} pid ${attached.pid}`);
    expect(status.stdout).toContain("stops by itself 1 s after its last client leaves");
    expect(status.stdout).toContain(`1 client: console pid ${c.child.pid}`);
    const json = JSON.parse((await cli(["status", "--json"])).stdout);
    expect(json).toMatchObject({ running: true, pid: attached.pid, stops: "idle", idleStopSeconds: 1 });
    expect(json.clients).toEqual([expect.objectContaining({ kind: "console", pid: c.child.pid })]);

    const stop = await cli(["stop"]);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain(
      `stopped the local service (pid ${attached.pid}); still open, shown offline: console pid ${c.child.pid}`,
    );
    expect(alive(attached.pid)).toBe(false);
    // asked to stop: the client says so and does not start it again
    const gone = await c.line("gone", (l) => l.kind === "gone");
    expect(gone.text).toContain("vigil serve stop");
    expect((await cli(["status"])).code).toBe(3);
    expect((await cli(["stop"])).code).toBe(3);
    expect(servicePid(dataDir)).toBeUndefined();
    const usage = await cli(["status", "--bogus"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe("vigil: unknown option --bogus (see vigil serve --help)\n");
    // serve status takes the global flags in any place, the same parser as every command
    expect(
      (await runCli(["--data", dataDir, "serve", "status", "--json"], { home: root, env: env(root) })).code,
    ).toBe(3);
    await c.close();
  }, 60_000);

  it("a scriptable command with nothing configured starts the local service, says so on stderr, and it stops after", async () => {
    const { root, dataDir } = newRoot();
    const r = await runCli(["checks", "list", "--json", "--data", dataDir], { home: root, env: env(root) });
    expect(r.code).toBe(0);
    // stdout stays the JSON a script reads; the notice goes to stderr
    expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
    expect(r.stderr).toMatch(
      /^vigil: started the local service \(pid (\d+); it stops 1 s after its last client\)$/m,
    );
    const pid = Number(/pid (\d+)/.exec(r.stderr)?.[1]);
    // no client left: it stops by itself
    await until("the service to stop", 20_000, () => !alive(pid));
    expect(servicePid(dataDir)).toBeUndefined();
  }, 60_000);

  it("stopped with `vigil serve stop` and started again by a command, the service is on the same port", async () => {
    const { root, dataDir } = newRoot();
    const cli = (args: string[]) => runCli([...args, "--data", dataDir], { home: root, env: env(root) });
    const c = client(root, dataDir);
    const { attached } = await c.line("attached", (l) => l.attached);
    expect((await cli(["serve", "stop"])).code).toBe(0);
    await c.line("gone", (l) => l.kind === "gone");
    const r = await cli(["checks", "list", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^vigil: started the local service/m);
    expect(r.stderr).not.toContain("warning");
    // the client attached all along finds the new one, at the same address
    const moved = await c.line("moved", (l) => l.kind === "moved");
    expect(moved.target.url).toBe(attached.url);
    expect(moved.target.usualUrl).toBeUndefined();
    expect(moved.text).toBe(
      `local service restarted: ${new URL(attached.url).host}, pid ${moved.target.pid}`,
    );
    await c.close();
    await until("the service to stop", 20_000, () => servicePid(dataDir) === undefined);
  }, 60_000);

  it("its usual port in use (another program holds it): started elsewhere, and every client says only that", async () => {
    const { root, dataDir } = newRoot();
    const first = client(root, dataDir);
    const { attached } = await first.line("attached", (l) => l.attached);
    await first.close();
    await until("the service to stop", 20_000, () => !alive(attached.pid));
    const usual = Number(new URL(attached.url).port);
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(usual, "127.0.0.1", r));
    try {
      const r = await runCli(["checks", "list", "--json", "--data", dataDir], { home: root, env: env(root) });
      expect(r.code).toBe(0);
      expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
      const warning =
        /^vigil: warning: the local service is on 127\.0\.0\.1:(\d+), not its usual 127\.0\.0\.1:(\d+) \(port (\d+) was in use when the service started\): ping URLs with port (\d+) \(cron jobs\) do not reach it until that port is free and the service restarts$/m.exec(
          r.stderr,
        );
      // what the system said (EADDRINUSE), carried by service.json; never who holds the port
      expect(warning?.slice(2)).toEqual([String(usual), String(usual), String(usual)]);
      expect(Number(warning?.[1])).not.toBe(usual);
      const c = client(root, dataDir);
      const again = (await c.line("attached", (l) => l.attached)).attached;
      expect(again.url).toBe(`http://127.0.0.1:${warning?.[1]}`);
      expect(again.usualUrl).toBe(attached.url);
      // vigil serve status: where one looks for the address
      const status = await runCli(["serve", "status", "--data", dataDir], { home: root, env: env(root) });
      expect(status.stdout).toContain(
        `warning: the local service is on ${new URL(again.url).host}, not its usual 127.0.0.1:${usual} (port ${usual} was in use when the service started)`,
      );
      const json = await runCli(["serve", "status", "--json", "--data", dataDir], {
        home: root,
        env: env(root),
      });
      expect(JSON.parse(json.stdout)).toMatchObject({ url: again.url, usualUrl: attached.url });
      await c.close();
    } finally {
      blocker.close();
    }
  }, 60_000);

  it("two clients starting at the same moment share one service, which stops once both left", async () => {
    const { root, dataDir } = newRoot();
    const [a, b] = [client(root, dataDir), client(root, dataDir)];
    const [la, lb] = await Promise.all([
      a.line("A attached", (l) => l.attached),
      b.line("B attached", (l) => l.attached),
    ]);
    expect(la.attached.pid).toBe(lb.attached.pid);
    expect(la.attached.url).toBe(lb.attached.url);
    const pid = la.attached.pid as number;
    await a.close();
    // B still holds its lease: the service stays (well past its 1 s)
    await until("A's lease to go", 5000, () => liveLeases(dataDir).length === 1);
    // past the moment the service would stop if it counted only A (its 1 s idle stop, checked each second)
    await pastTime(Date.now() + 2500);
    expect(alive(pid)).toBe(true);
    await b.close();
    await until("the service to stop after the last client", 10_000, () => !alive(pid));
    expect(existsSync(join(dataDir, "service.json"))).toBe(false);
    expect(readFileSync(join(dataDir, "service.log"), "utf8")).toMatch(/no client for 1 s, stopping/);
  }, 60_000);

  it("a client killed with -9 ends its lease: the service stops by itself", async () => {
    const { root, dataDir } = newRoot();
    const c = client(root, dataDir);
    const { attached } = await c.line("attached", (l) => l.attached);
    c.child.kill("SIGKILL");
    await until("the service to stop", 10_000, () => !alive(attached.pid));
    expect(servicePid(dataDir)).toBeUndefined();
  }, 60_000);

  it("a background service killed with -9 is started again by the client still attached", async () => {
    const { root, dataDir } = newRoot();
    const c = client(root, dataDir);
    const { attached } = await c.line("attached", (l) => l.attached);
    process.kill(attached.pid, "SIGKILL");
    const moved = await c.line("moved", (l) => l.kind === "moved");
    expect(moved.text).toMatch(/^local service had stopped: started again \(127\.0\.0\.1:\d+, pid \d+\)$/);
    expect(moved.target.pid).not.toBe(attached.pid);
    // on the same port: the ping URLs given out before still reach it (src/service/address.ts)
    expect(moved.target.url).toBe(attached.url);
    expect(alive(moved.target.pid)).toBe(true);
    await c.close();
    await until("the new service to stop", 10_000, () => !alive(moved.target.pid));
  }, 60_000);

  it("a start is taken as soon as the service has written service.json, whole (no temporary file left)", async () => {
    const { root, dataDir } = newRoot();
    // a stand-in for vigil serve: writes service.json with the service's own writer a moment after its
    // start, then stays until stopped (the real one's listen, answers and idle stop are tested above)
    const standIn = join(root, "stand-in.ts");
    writeFileSync(
      standIn,
      [
        `import { removeServiceInfo, writeServiceInfo } from ${JSON.stringify(join(ROOT, "src/service/info-file.ts"))};`,
        `const dir = process.argv[process.argv.indexOf("--data") + 1];`,
        `setTimeout(() => writeServiceInfo(dir, "http://127.0.0.1:9", { idleStopS: 1 }), 300);`,
        // it stays until the test is done with it (no lifetime of its own to race a slow start)
        `const keep = setInterval(() => {}, 1000);`,
        `process.on("SIGTERM", () => { clearInterval(keep); removeServiceInfo(dir); process.exit(0); });`,
      ].join("\n"),
    );
    const s = await startInBackground(dataDir, { env: env(root), entry: standIn, timeoutMs: 20_000 });
    expect(s).toMatchObject({ url: "http://127.0.0.1:9", idleStopS: 1 });
    expect(alive(s.pid)).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    process.kill(s.pid, "SIGTERM");
    await until("the stand-in to leave", 10_000, () => !alive(s.pid));
  }, 30_000);

  it("a start that finds the data dir still held (a service on its way out) tries again until it is free", async () => {
    const { root, dataDir } = newRoot();
    const holder = spawn(NODE, [join(ROOT, "src/cli/main.ts"), "serve", "--data", dataDir, "--no-demo"], {
      cwd: ROOT,
      env: env(root),
      stdio: ["ignore", "pipe", "ignore"],
    });
    children.push(holder);
    let out = "";
    holder.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    await until("the holder to listen", 30_000, () => out.includes("listening on"));
    // as if it were stopping: the lock still held, service.json already gone
    rmSync(join(dataDir, "service.json"));
    const started = startInBackground(dataDir, { env: env(root), timeoutMs: 40_000 });
    const log = join(dataDir, "service.log");
    await until(
      "the first attempt to be refused",
      20_000,
      () => existsSync(log) && / is in use by /.test(readFileSync(log, "utf8")),
    );
    const gone = new Promise((r) => holder.once("exit", r));
    holder.kill("SIGTERM");
    await gone;
    const s = await started;
    expect(s.pid).not.toBe(holder.pid);
    expect(alive(s.pid)).toBe(true);
    expect(s.idleStopS).toBe(1);
    // no client ever attached: it stops by itself
    await until("the service to stop", 10_000, () => !alive(s.pid));
  }, 90_000);
});

describe("leases, the idle watch and the log", () => {
  it("a lease counts while its pid lives and it is renewed; a dead client's file is removed", () => {
    const { dataDir } = newRoot();
    const mine = takeLease(dataDir, "share");
    expect(liveLeases(dataDir)).toEqual([expect.objectContaining({ pid: process.pid, kind: "share" })]);
    // untouched for longer than the TTL: no longer counted (a recycled pid cannot keep it alive)
    const old = new Date(Date.now() - LEASE_TTL_MS - 1000);
    utimesSync(mine.file, old, old);
    expect(liveLeases(dataDir)).toEqual([]);
    mine.renew();
    expect(liveLeases(dataDir)).toHaveLength(1);
    // a client that died without leaving (pid gone): not counted, and its file is cleaned up
    const dead = join(dataDir, "clients", "999999999-dead.json");
    writeFileSync(dead, JSON.stringify({ pid: 999_999_999, kind: "console", since: "x" }));
    expect(liveLeases(dataDir)).toHaveLength(1);
    expect(existsSync(dead)).toBe(false);
    mine.release();
    expect(liveLeases(dataDir)).toEqual([]);
    expect(existsSync(mine.file)).toBe(false);
  });

  it("a lease's temporary file left by a crash between write and rename is removed; a live writer's is kept", () => {
    const { dataDir } = newRoot();
    const mine = takeLease(dataDir, "console");
    const clients = join(dataDir, "clients");
    const at = (name: string, ageMs = 0) => {
      const file = join(clients, name);
      writeFileSync(file, JSON.stringify({ pid: 1, kind: "console", since: "x" }));
      const t = new Date(Date.now() - ageMs);
      utimesSync(file, t, t);
      return file;
    };
    const deadWriter = at("999999999-0a1b2c3d.json.tmp"); // its writer is gone
    const writing = at(`${process.pid}-0a1b2c3d.json.tmp`); // a live writer, between write and rename
    const old = at(`${process.pid}-deadbeef.json.tmp`, 10 * LEASE_TTL_MS + 1000); // a recycled pid's
    const unnamed = at("odd.json.tmp"); // no writer named: only its age says
    const unnamedOld = at("odder.json.tmp", 10 * LEASE_TTL_MS + 1000);
    expect(liveLeases(dataDir)).toEqual([expect.objectContaining({ pid: process.pid, kind: "console" })]);
    expect([deadWriter, writing, old, unnamed, unnamedOld].map(existsSync)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(existsSync(mine.file)).toBe(true);
    rmSync(writing);
    rmSync(unnamed);
    mine.release();
    expect(readdirSync(clients)).toEqual([]);
  });

  it("the idle watch fires once no lease was held for its time, never while one is", async () => {
    const IDLE_MS = 1000;
    const { dataDir } = newRoot();
    mkdirSync(dataDir, { recursive: true });
    const lease = takeLease(dataDir, "console");
    const logged: string[] = [];
    let idleAt: number | undefined;
    const stop = watchIdle(
      dataDir,
      IDLE_MS,
      () => (idleAt = Date.now()),
      (l) => logged.push(l),
      50,
    );
    // generous bounds: they only cap a wait that ends when its condition holds (a loaded machine is slow)
    await until("the watch to see the client", 15_000, () =>
      logged.some((l) => l.startsWith("attached: 1 client")),
    );
    await pastTime(Date.now() + 2 * IDLE_MS); // two idle spans with a client: nothing happens
    expect(idleAt).toBeUndefined();
    const leftAt = Date.now();
    lease.release();
    await until("the idle stop", 15_000, () => idleAt);
    // the watch counts from its last look that saw the lease (every 50 ms, later on a loaded machine): not
    // early — a watch that stopped as soon as it saw no client would stop within a look or two
    expect(idleAt! - leftAt).toBeGreaterThanOrEqual(IDLE_MS - 300);
    expect(logged).toContain("no client attached: stopping in 1 s unless one attaches");
    stop();
  }, 40_000);

  it("the log stamps each line and rotates at its size: never more than two files of the bound", () => {
    const { root } = newRoot();
    const file = join(root, "service.log");
    const log = openRotatingLog(file, 1000);
    log.write("vigil serve: starting\nlistening on http://127.0.0.1:1\n");
    log.write("a line in ");
    log.write("two writes\n");
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z vigil serve: starting\n\S+Z listening on http:\/\/127\.0\.0\.1:1\n\S+Z a line in two writes\n$/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 100; i++) log.write(`line ${i} ${"x".repeat(40)}\n`);
    expect(statSync(file).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(1000);
    expect(readFileSync(file, "utf8")).toMatch(/line 99 x+\n$/);
    expect(existsSync(`${file}.2`)).toBe(false);
  });
});
