import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseServeArgs } from "../../src/cli/serve.ts";
import { call, tempDir } from "./support.ts";

const NODE = join(process.cwd(), "node_modules/.bin/node");
const MAIN = join(process.cwd(), "src/cli/main.ts");

type Started = { child: ChildProcessWithoutNullStreams; firstLine: string; stderr: () => string };

function serve(args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  if (!("VIGIL_API_KEY" in env)) delete childEnv.VIGIL_API_KEY;
  const child = spawn(NODE, [MAIN, "serve", ...args], { env: childEnv });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => {
    err += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no first line; stderr: ${err}`)), 8000);
    child.stdout.on("data", (d) => {
      out += String(d);
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve({ child, firstLine: out.slice(0, nl), stderr: () => err });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening; stderr: ${err}`));
    });
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", (code) => resolve(code));
  });

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
      expect(err).toContain(`already running at ${firstLine.slice("listening on ".length)}`);
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
      expect(err).toContain("EADDRINUSE");
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
  it("defaults: loopback, port 0, demo on, XDG data dir", () => {
    expect(parseServeArgs([], env)).toEqual({
      host: "127.0.0.1",
      port: 0,
      dataDir: join(homedir(), ".local/share/vigil"),
      demo: true,
    });
    expect(parseServeArgs([], { VIGIL_DATA_DIR: "/d" }).dataDir).toBe("/d");
    expect(parseServeArgs([], { XDG_DATA_HOME: "/x" }).dataDir).toBe("/x/vigil");
  });
  it("flags win", () => {
    expect(
      parseServeArgs(["--host", "0.0.0.0", "--port", "8080", "--data", "/tmp/v", "--no-demo"], {
        VIGIL_DATA_DIR: "/d",
      }),
    ).toEqual({
      host: "0.0.0.0",
      port: 8080,
      dataDir: "/tmp/v",
      demo: false,
    });
  });
  it.each([["--port", "70000"], ["--port", "-1"], ["--port"], ["--bogus"], ["--data"]])(
    "rejects %j",
    (...args) => {
      expect(() => parseServeArgs(args, env)).toThrow();
    },
  );
});
