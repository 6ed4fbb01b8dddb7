/**
 * `vigil serve --port 0 --data DIR` as a child process (the real CLI from source, Node strips the types),
 * for the console to talk to. Resolves once it printed `listening on URL`; the key comes from
 * `DIR/api-key`, where the service stored it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DB_FILE } from "../../../src/service/db/data-dir.ts";
import { CACHE_HOME, NODE, ROOT } from "./paths.ts";

// biome-ignore lint/suspicious/noExplicitAny: API replies are inspected field by field in tests
export type Json = any;

export type Served = {
  url: string;
  apiKey: string;
  dataDir: string;
  /** Authenticated JSON call; throws on a non-2xx status so setup mistakes surface at once. */
  api(method: string, path: string, body?: unknown): Promise<Json>;
  stop(): Promise<void>;
};

/**
 * `vigil serve --port PORT --data DIR` as a child (HOME and XDG dirs under `home`); resolves with its URL
 * once it printed `listening on`.
 */
export async function spawnServe(opts: {
  dataDir: string;
  port: number;
  demo: boolean;
  home: string;
}): Promise<{ child: ChildProcess; url: string }> {
  const args = [join(ROOT, "src/cli/main.ts"), "serve", "--port", String(opts.port), "--data", opts.dataDir];
  if (!opts.demo) args.push("--no-demo");
  const child: ChildProcess = spawn(NODE, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: opts.home,
      XDG_CONFIG_HOME: join(opts.home, "config"),
      XDG_DATA_HOME: join(opts.home, "xdg-data"),
      XDG_CACHE_HOME: CACHE_HOME,
      NODE_COMPILE_CACHE: join(tmpdir(), "vigil-test-compile-cache"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`vigil serve did not start: ${stderr}`)), 15_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`vigil serve exited ${code}: ${stderr}`));
    });
  });
  return { child, url };
}

/**
 * A `vigil serve` of its own data dir. With `seed`, the service is started once for `seed.api` (API calls
 * that create what the test needs), stopped, its database file handed to `seed.rows` (rows written as
 * another service or an older data dir could hold them, which this service's input rules would refuse),
 * and started again on that data dir.
 */
export async function serve(opts: {
  demo: boolean;
  seed?: { api: (s: Served) => Promise<void>; rows: (db: DatabaseSync) => void };
}): Promise<Served> {
  const root = mkdtempSync(join(tmpdir(), "vigil-e2e-svc-"));
  const dataDir = join(root, "data");
  let { child, url } = await spawnServe({ dataDir, port: 0, demo: opts.demo, home: root });
  const apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim();
  const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const end = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    await end();
    rmSync(root, { recursive: true, force: true });
  };
  if (opts.seed) {
    await opts.seed.api({ url, apiKey, dataDir, api, stop });
    await end();
    const db = new DatabaseSync(join(dataDir, DB_FILE));
    try {
      opts.seed.rows(db);
    } finally {
      db.close();
    }
    ({ child, url } = await spawnServe({ dataDir, port: 0, demo: opts.demo, home: root }));
  }
  return { url, apiKey, dataDir, api, stop };
}
