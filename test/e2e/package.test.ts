/**
 * The single executable (`npm run package`, scripts/package.ts): built — or kept, when its inputs did not
 * change — then run with no Node on PATH: `--version`, `vigil serve` with one check triggered against a
 * loopback HTTP server, the console's first frame in tmux against that service, and the console with no
 * service configured, which starts the data dir's background `vigil serve` from the executable itself.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { until } from "../support/until.ts";
import { HEADER } from "./support/console.ts";
import { NODE, ROOT } from "./support/paths.ts";
import { TmuxTerminal } from "./support/tmux.ts";

const EXE = join(ROOT, `dist/package/linux-${process.arch === "arm64" ? "arm64" : "x64"}/vigil`);

let root: string;
/** The executable's whole environment: an empty PATH (no node, no npm), a home of its own. */
let env: Record<string, string>;
let service: ChildProcess | undefined;
let target: Server | undefined;
let terminal: TmuxTerminal | undefined;

/** Runs the executable (asynchronously: the check's target is served by this process). */
async function vigil(args: string[], extra: Record<string, string> = {}): Promise<string> {
  const r = await promisify(execFile)(EXE, args, { env: { ...env, ...extra }, timeout: 60_000 });
  return r.stdout;
}

beforeAll(() => {
  // builds only when a source, the lock file or the script changed since the last build (~15-50 s here)
  execFileSync(NODE, [join(ROOT, "scripts/package.ts")], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  root = mkdtempSync(join(tmpdir(), "vigil-package-"));
  mkdirSync(join(root, "empty-bin"));
  env = {
    PATH: join(root, "empty-bin"),
    HOME: join(root, "home"),
    XDG_CONFIG_HOME: join(root, "home/config"),
    XDG_DATA_HOME: join(root, "home/data"),
    XDG_CACHE_HOME: join(root, "home/cache"),
    LANG: "C.UTF-8",
  };
}, 300_000);

afterAll(async () => {
  terminal?.kill();
  if (service && service.exitCode === null) {
    const exited = new Promise((r) => service?.once("exit", r));
    service.kill("SIGTERM");
    await exited;
  }
  target?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the single executable", () => {
  it("says its version with no Node on PATH", async () => {
    expect((await vigil(["--version"])).trim()).toBe(`vigil ${pkg.version}`);
  });

  it("serves, runs a triggered check, and draws the console in a terminal", async () => {
    target = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((r) => target?.listen(0, "127.0.0.1", r));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;

    const dataDir = join(root, "data");
    service = spawn(EXE, ["serve", "--port", "0", "--data", dataDir, "--no-demo"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    service.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    const url = await until("vigil serve to listen", 30_000, () => /listening on (\S+)/.exec(out)?.[1]);
    const client = {
      VIGIL_BASE_URL: url,
      VIGIL_API_KEY: readFileSync(join(dataDir, "api-key"), "utf8").trim(),
    };

    const created = await vigil(
      ["checks", "create", "--type", "url", "--name", "Packaged smoke", "--url", targetUrl, "--json"],
      client,
    );
    const id = (JSON.parse(created) as { id: string }).id;
    const triggered = await vigil(["trigger", "--check", id, "--wait", "--timeout", "60"], client);
    expect(triggered).toMatch(/Packaged smoke .*PASSED/);

    terminal = TmuxTerminal.start({
      cols: 120,
      rows: 30,
      argv: [EXE, "--pane", "checks"],
      cwd: root,
      env: { ...env, ...client, TERM: "xterm-256color" },
    });
    const screen = await terminal.waitFor(
      (s) => HEADER.test(s) && s.includes("Packaged smoke"),
      "the checks pane listing the check",
      30_000,
    );
    expect(screen).toMatch(/Packaged smoke/);
  }, 120_000);

  it("starts its own background service as itself when no service is configured", async () => {
    terminal?.kill();
    terminal = TmuxTerminal.start({
      cols: 120,
      rows: 30,
      argv: [EXE],
      cwd: root,
      env: { ...env, TERM: "xterm-256color", VIGIL_SERVICE_IDLE_SECONDS: "5" },
    });
    // the demo workspace's overview: served by `vigil serve` started from the executable
    await terminal.waitFor(
      (s) => HEADER.test(s) && /✔ [1-9]\d* passing/.test(s),
      "the overview of the demo workspace",
      60_000,
    );
    const info = JSON.parse(readFileSync(join(root, "home/data/vigil/service.json"), "utf8"));
    const cmdline = readFileSync(`/proc/${info.pid}/cmdline`, "utf8").split("\0");
    expect(cmdline.slice(0, 2)).toEqual([EXE, "serve"]);
    terminal.kill();
    // no console left: the service stops after its idle time
    await until("the background service to stop", 30_000, () => !existsSync(`/proc/${info.pid}`));
  }, 120_000);
});
