import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseServeArgs } from "../../src/cli/serve.ts";
import { exited, MAIN, NODE, serve } from "./serve-child.ts";
import { call, tempDir } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("vigil serve (child process)", () => {
  it("prints `listening on` first, answers, keeps its files 0600 and cleans up on SIGTERM", async () => {
    const data = tempDir();
    dirs.push(data);
    const { child, firstLine, stderr } = await serve(["--port", "0", "--data", data, "--no-demo"]);
    try {
      expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = firstLine.slice("listening on ".length);
      const keyFile = join(data, "api-key");
      const infoFile = join(data, "service.json");
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(statSync(infoFile).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(infoFile, "utf8"))).toEqual({ url, pid: child.pid });
      const key = readFileSync(keyFile, "utf8").trim();
      expect(stderr()).not.toContain(key);
      const ok = await call(url, key, "GET", "/v1/locations");
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(22);
      const denied = await call(url, "wrong", "GET", "/v1/locations");
      expect(denied.status).toBe(401);
      const checks = await call(url, key, "GET", "/v1/checks");
      expect(checks.body).toEqual([]);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited(child)).toBe(0);
    expect(existsSync(join(data, "service.json"))).toBe(false);
    expect(existsSync(join(data, "vigil.db"))).toBe(true);
  });

  it("removes the service.json temporary files a crashed start left, not a live writer's of the moment", async () => {
    const data = tempDir();
    dirs.push(data);
    const plant = (name: string, ageMs = 0) => {
      const file = join(data, name);
      writeFileSync(file, '{"url":"http://127.0.0.1:9","pid":', { mode: 0o600 }); // cut mid-write
      const t = new Date(Date.now() - ageMs);
      utimesSync(file, t, t);
      return name;
    };
    // 999999999 is above any pid_max: that writer is gone
    const dead = plant("service.json.999999999.tmp");
    const writing = plant(`service.json.${process.pid}.tmp`); // alive, between its write and its rename
    const recycled = plant(`service.json.${process.ppid}.tmp`, 3_600_000); // alive, but an hour old
    const other = plant("service.json.bak");
    const { child } = await serve(["--port", "0", "--data", data, "--no-demo"]);
    try {
      const left = readdirSync(data).filter((f) => f.startsWith("service.json"));
      expect(left.sort()).toEqual(["service.json", other, writing].sort());
      expect(left).not.toContain(dead);
      expect(left).not.toContain(recycled);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited(child)).toBe(0);
  });

  it("uses VIGIL_API_KEY when set and stops on SIGINT", async () => {
    const data = tempDir();
    dirs.push(data);
    const { child, firstLine } = await serve(["--data", data, "--no-demo", "--port=0"], {
      VIGIL_API_KEY: "env-key-1",
    });
    const url = firstLine.slice("listening on ".length);
    try {
      expect((await call(url, "env-key-1", "GET", "/v1/locations")).status).toBe(200);
      expect(existsSync(join(data, "api-key"))).toBe(false);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited(child)).toBe(0);
  });

  it("refuses a second service on the same data dir (it would double every scheduled run)", async () => {
    const data = tempDir();
    dirs.push(data);
    const { child, firstLine } = await serve(["--port", "0", "--data", data, "--no-demo"]);
    try {
      const second = spawn(NODE, [MAIN, "serve", "--port", "0", "--data", data, "--no-demo"]);
      let err = "";
      second.stderr.on("data", (d) => {
        err += String(d);
      });
      expect(await exited(second as ChildProcessWithoutNullStreams)).toBe(1);
      expect(err.trim()).toBe(
        `vigil serve: the data dir ${data} is in use by another vigil service (pid ${child.pid}, ${firstLine.slice("listening on ".length)})`,
      );
      // the first one's service.json is untouched
      expect(JSON.parse(readFileSync(join(data, "service.json"), "utf8")).pid).toBe(child.pid);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited(child)).toBe(0);
  });

  it("a port already in use exits 1 with a message", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as AddressInfo).port;
    const data = tempDir();
    dirs.push(data);
    try {
      const child = spawn(NODE, [MAIN, "serve", "--port", String(port), "--data", data, "--no-demo"]);
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
      });
      expect(await exited(child as ChildProcessWithoutNullStreams)).toBe(1);
      expect(err).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(existsSync(join(data, "service.json"))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it("a usage error exits 2 with a message on stderr", async () => {
    const child = spawn(NODE, [MAIN, "serve", "--port", "nope"]);
    let err = "";
    child.stderr.on("data", (d) => {
      err += String(d);
    });
    expect(await exited(child as ChildProcessWithoutNullStreams)).toBe(2);
    expect(err).toContain("--port");
  });
});

describe("parseServeArgs", () => {
  const env = {};
  it("defaults: loopback, the data dir's usual port, demo on, XDG data dir", () => {
    expect(parseServeArgs([], env)).toEqual({
      host: "127.0.0.1",
      port: undefined,
      dataDir: join(homedir(), ".local/share/vigil"),
      demo: true,
      init: false,
      maxBodyBytes: undefined,
      retentionDays: undefined,
    });
    expect(parseServeArgs([], { VIGIL_DATA_DIR: "/d" }).dataDir).toBe("/d");
    expect(parseServeArgs([], { XDG_DATA_HOME: "/x" }).dataDir).toBe("/x/vigil");
  });
  it("flags win", () => {
    expect(
      parseServeArgs(
        [
          "--host",
          "0.0.0.0",
          "--port",
          "8080",
          "--data",
          "/tmp/v",
          "--no-demo",
          "--init",
          "--max-body=2048",
          "--retention-days",
          "7",
        ],
        { VIGIL_DATA_DIR: "/d", VIGIL_MAX_BODY_BYTES: "4096", VIGIL_RETENTION_DAYS: "9" },
      ),
    ).toEqual({
      host: "0.0.0.0",
      port: 8080,
      dataDir: "/tmp/v",
      demo: false,
      init: true,
      maxBodyBytes: 2048,
      retentionDays: 7,
    });
    expect(parseServeArgs([], { VIGIL_MAX_BODY_BYTES: "4096", VIGIL_RETENTION_DAYS: "9" })).toMatchObject({
      maxBodyBytes: 4096,
      retentionDays: 9,
    });
  });
  it("the port: --port, else VIGIL_SERVICE_PORT (0 = any free port), else none asked for", () => {
    expect(parseServeArgs(["--port", "7711"], { VIGIL_SERVICE_PORT: "7722" }).port).toBe(7711);
    expect(parseServeArgs([], { VIGIL_SERVICE_PORT: "7722" }).port).toBe(7722);
    expect(parseServeArgs([], { VIGIL_SERVICE_PORT: "0" }).port).toBe(0);
    expect(parseServeArgs([], { VIGIL_SERVICE_PORT: "" }).port).toBeUndefined();
    expect(() => parseServeArgs([], { VIGIL_SERVICE_PORT: "77e1" })).toThrow(/VIGIL_SERVICE_PORT must be/);
    expect(() => parseServeArgs([], { VIGIL_SERVICE_PORT: "65536" })).toThrow(/VIGIL_SERVICE_PORT must be/);
  });
  it.each([
    ["--port", "70000"],
    ["--port", "-1"],
    ["--port"],
    ["--bogus"],
    ["--data"],
    ["--max-body", "0x10"],
    ["--max-body", "10"],
    ["--retention-days", "0"],
  ])("rejects %j", (...args) => {
    expect(() => parseServeArgs(args, env)).toThrow();
  });
});
