/**
 * Run the real CLI (`node src/cli/main.ts ...`, Node 24 strips the types) as a child process with a clean
 * environment: no inherited VIGIL_* variables, HOME/XDG pointing at a fresh temp dir (so no real config or
 * service file is picked up), plus whatever the test adds.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CACHE_HOME } from "../e2e/support/paths.ts";
import type { Handler, RecordedRequest, Reply } from "../support/scripted-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const NODE = join(ROOT, "node_modules/.bin/node");
const MAIN = join(ROOT, "src/cli/main.ts");

export type CliResult = { code: number | null; stdout: string; stderr: string };

export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "vigil-cli-"));
}

export function runCli(
  args: string[],
  opts: { env?: Record<string, string>; input?: string; home?: string } = {},
): Promise<CliResult> {
  const home = opts.home ?? tempHome();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_CACHE_HOME: CACHE_HOME,
    NO_COLOR: "1",
    // V8 code cache across spawns: halves the start-up cost of the type-stripped sources.
    NODE_COMPILE_CACHE: join(tmpdir(), "vigil-test-compile-cache"),
    ...opts.env,
  };
  return new Promise((done) => {
    const child = execFile(
      NODE,
      [MAIN, ...args],
      { env, cwd: ROOT, timeout: 15_000 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: unknown }).code as number | null) : 0;
        done({ code: typeof code === "number" ? code : null, stdout, stderr });
      },
    );
    child.stdin?.end(opts.input ?? "");
  });
}

/** Characters that must never reach a terminal raw from server-controlled text. */
export const RAW_CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A handler answering by `METHOD /path` (exact), else 404 in the hosted error shape. */
export function routes(table: Record<string, Reply | ((req: RecordedRequest) => Reply)>): Handler {
  return (req) => {
    const hit = table[`${req.method} ${req.path}`];
    if (hit) return typeof hit === "function" ? hit(req) : hit;
    return {
      status: 404,
      json: { statusCode: 404, error: "Not Found", message: `no route ${req.method} ${req.path}` },
    };
  };
}
