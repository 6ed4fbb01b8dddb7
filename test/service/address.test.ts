/**
 * The data dir's service keeps its address across restarts (src/service/address.ts), through `vigil serve`
 * as a child process on real loopback: a clean restart and a restart after kill -9 (with the old port's
 * connections in TIME_WAIT) get the same port, so a heartbeat's ping URL does not change; a usual port
 * in use (another program holds it) still starts the service, elsewhere, and says so (stderr, service.json) — and
 * the next start once it is free returns to it; a fixed port (VIGIL_SERVICE_PORT) is that port or no start.
 */
import { readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { type AddressInfo, createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ephemeralLow } from "../../src/service/address.ts";
import { until } from "../support/until.ts";
import { exited, refusedStart, serve } from "./serve-child.ts";
import { call, tempDir } from "./support.ts";

const dirs: string[] = [];
const blockers: Server[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const b of blockers.splice(0)) b.close();
});
function dataDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
const portOf = (firstLine: string) => Number(new URL(firstLine.slice("listening on ".length)).port);
const info = (data: string) => JSON.parse(readFileSync(join(data, "service.json"), "utf8"));

/** Something else listening on `port` (127.0.0.1). */
async function occupy(port: number): Promise<Server> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once("error", reject);
    s.listen(port, "127.0.0.1", () => resolve());
  });
  blockers.push(s);
  return s;
}

/** Loopback sockets on local `port` in TIME_WAIT (state 06 in /proc/net/tcp). */
function timeWaitOn(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hex}`) && f[3] === "06").length;
}

/** A heartbeat check made through the API: its ping URL. */
async function heartbeatPingUrl(url: string, data: string): Promise<{ id: number; pingUrl: string }> {
  const key = readFileSync(join(data, "api-key"), "utf8").trim();
  const made = await call(url, key, "POST", "/v1/checks/heartbeat", {
    name: "nightly backup",
    heartbeat: { period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" },
  });
  expect(made.status).toBe(201);
  return { id: made.body.id, pingUrl: made.body.heartbeat.pingUrl };
}

const base = (data: string) => ["--data", data, "--no-demo"];

describe("the service's address across restarts", () => {
  it("a clean restart listens on the same port: the ping URL a cron job was given still answers", async () => {
    const data = dataDir();
    const a = await serve(base(data));
    const port = portOf(a.firstLine);
    // the first start's port is below the range outgoing connections take theirs from (none may hold it later)
    const low = ephemeralLow();
    if (low !== undefined && low > 21_000) expect(port).toBeLessThan(low);
    const { id, pingUrl } = await heartbeatPingUrl(a.firstLine.slice(13), data);
    expect(pingUrl).toContain(`127.0.0.1:${port}/ping/`);
    a.child.kill("SIGTERM");
    expect(await exited(a.child)).toBe(0);

    const b = await serve(base(data));
    try {
      expect(portOf(b.firstLine)).toBe(port);
      expect(info(data).usualUrl).toBeUndefined();
      const key = readFileSync(join(data, "api-key"), "utf8").trim();
      const read = await call(b.firstLine.slice(13), key, "GET", `/v1/checks/${id}`);
      expect(read.body.heartbeat.pingUrl).toBe(pingUrl);
      const ping = await fetch(pingUrl);
      expect(ping.status).toBe(200);
    } finally {
      b.child.kill("SIGTERM");
    }
    expect(await exited(b.child)).toBe(0);
  });

  it("after kill -9, with the old connections in TIME_WAIT, the next start gets the same port", async () => {
    const data = dataDir();
    const a = await serve(base(data));
    const port = portOf(a.firstLine);
    // a kept-alive connection: the service's side closes first when it dies, so its end waits in TIME_WAIT
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      const req = request(`${a.firstLine.slice(13)}/healthz`, { agent });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end();
    });
    a.child.kill("SIGKILL");
    await exited(a.child);
    await until("a TIME_WAIT socket on the old port", 10_000, () => timeWaitOn(port) > 0);
    agent.destroy();

    const b = await serve(base(data));
    try {
      expect(portOf(b.firstLine)).toBe(port);
      expect(b.stderr()).not.toContain("warning");
    } finally {
      b.child.kill("SIGTERM");
    }
    expect(await exited(b.child)).toBe(0);
  });

  it("its usual port taken: it starts elsewhere and says so; once the port is free it returns to it", async () => {
    const data = dataDir();
    const a = await serve(base(data));
    const port = portOf(a.firstLine);
    a.child.kill("SIGTERM");
    expect(await exited(a.child)).toBe(0);

    const blocker = await occupy(port);
    const b = await serve(base(data));
    try {
      const moved = portOf(b.firstLine);
      expect(moved).not.toBe(port);
      await until("the warning on stderr", 10_000, () => b.stderr().includes("warning"));
      expect(b.stderr()).toContain(
        `vigil serve: warning: the local service is on 127.0.0.1:${moved}, not its usual 127.0.0.1:${port} (port ${port} was in use when the service started): ping URLs with port ${port} (cron jobs) do not reach it`,
      );
      // every client finds it in service.json (src/cli/local-service.ts)
      expect(info(data)).toEqual({
        url: `http://127.0.0.1:${moved}`,
        pid: b.child.pid,
        usualUrl: `http://127.0.0.1:${port}`,
        // what the system said, so a client says that and no more (info-file.ts usualPortWhyText)
        usualWhy: "EADDRINUSE",
      });
    } finally {
      b.child.kill("SIGTERM");
    }
    expect(await exited(b.child)).toBe(0);

    await new Promise<void>((r) => blocker.close(() => r()));
    const c = await serve(base(data));
    try {
      expect(portOf(c.firstLine)).toBe(port);
      expect(info(data).usualUrl).toBeUndefined();
    } finally {
      c.child.kill("SIGTERM");
    }
    expect(await exited(c.child)).toBe(0);
  });

  it("a fixed port (VIGIL_SERVICE_PORT) is that port or no start, and is remembered; --port 0 is any port", async () => {
    const data = dataDir();
    // a port free right now: taken and released by this test
    const probe = await occupy(0);
    const fixed = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    blockers.splice(blockers.indexOf(probe), 1);

    const a = await serve(base(data), { VIGIL_SERVICE_PORT: String(fixed) });
    expect(portOf(a.firstLine)).toBe(fixed);
    a.child.kill("SIGTERM");
    expect(await exited(a.child)).toBe(0);

    // remembered: a start without the setting asks for it too
    const b = await serve(base(data));
    expect(portOf(b.firstLine)).toBe(fixed);
    b.child.kill("SIGTERM");
    expect(await exited(b.child)).toBe(0);

    // --port 0: any free port, and the remembered one stays
    const any = await occupy(fixed);
    const c = await serve(["--port", "0", ...base(data)]);
    expect(portOf(c.firstLine)).not.toBe(fixed);
    expect(info(data).usualUrl).toBeUndefined();
    c.child.kill("SIGTERM");
    expect(await exited(c.child)).toBe(0);

    // the fixed port taken: no start elsewhere — one line that names it
    const refused = await refusedStart(base(data), { VIGIL_SERVICE_PORT: String(fixed) });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `vigil serve: cannot start: port ${fixed} on 127.0.0.1 is in use (asked for with --port or VIGIL_SERVICE_PORT): stop what holds it or choose another port`,
    );
    expect(any.listening).toBe(true);
  });
});
