/**
 * End-to-end: the console started as a user starts it — the bundle as the program (npm's bin link, `npx
 * vigil`), Node 24 first on PATH — in tmux with nothing configured but the data dir. The running console
 * is Node started by the launcher (src/cli/launcher.ts) with `MALLOC_ARENA_MAX=2` in the environment it
 * started with and no Node flag; the `vigil serve` it starts in the background has glibc's default, as
 * when it is started any other way. Read from /proc.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { alive, reapProcessesOf, servicePid, until } from "./support/background.ts";
import { ensureBundle } from "./support/bundle.ts";
import { BUNDLE, CACHE_HOME, NODE, ROOT } from "./support/paths.ts";
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

beforeAll(async () => {
  await ensureBundle();
}, 120_000);

afterEach(async () => {
  for (const t of terms) t.kill();
  for (const root of roots) {
    await reapProcessesOf(root);
    rmSync(root, { recursive: true, force: true });
  }
  terms = [];
  roots = [];
});

/** A process's command line and the environment it started with (NUL-separated in /proc). */
function proc(pid: number): { argv: string[]; environ: string[] } {
  const list = (f: string) => readFileSync(`/proc/${pid}/${f}`, "utf8").split("\0").filter(Boolean);
  return { argv: list("cmdline"), environ: list("environ") };
}

/** The pid of the program the pane's shell started (the pane runs a launch script, which runs the program). */
function programPid(t: TmuxTerminal): number | undefined {
  const shell = t.tmux("display-message", "-p", "#{pane_pid}").trim();
  const kids = readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8").trim().split(/\s+/);
  const pid = Number(kids[0]);
  return pid > 0 ? pid : undefined;
}

describe.skipIf(!canRun)("the console through dist/vigil.js's launcher", () => {
  it("runs with MALLOC_ARENA_MAX=2; its background service without it", async () => {
    const root = mkdtempSync(join(tmpdir(), "vigil-e2e-launcher-"));
    roots.push(root);
    const dataDir = join(root, "data");
    const home = join(root, "home");
    const t = TmuxTerminal.start({
      cols: 120,
      rows: 36,
      argv: [BUNDLE],
      cwd: ROOT,
      env: {
        PATH: `${dirname(NODE)}:/usr/bin:/bin`,
        HOME: home,
        XDG_CONFIG_HOME: join(home, "config"),
        XDG_CACHE_HOME: CACHE_HOME,
        TERM: "xterm-256color",
        LANG: "C.UTF-8",
        VIGIL_DATA_DIR: dataDir,
        VIGIL_SERVICE_IDLE_SECONDS: "2",
      },
    });
    terms.push(t);
    await t.waitFor(/● online/, "the console online on its local service", 30_000);
    const consolePid = await until("the console's pid", 5000, () => programPid(t));
    const ui = proc(consolePid);
    expect(ui.argv[0]).toMatch(/node$/);
    expect(ui.argv.slice(1)).toEqual([BUNDLE]);
    expect(ui.environ).toContain("MALLOC_ARENA_MAX=2");

    const servicePidNow = await until("service.json", 5000, () => servicePid(dataDir));
    const service = proc(servicePidNow);
    expect(service.argv).toContain("serve");
    expect(service.environ.filter((e) => /^(MALLOC_ARENA_MAX|VIGIL_LAUNCHER_SET)=/.test(e))).toEqual([]);

    t.keys("q");
    await t.waitFor("[exited 0]", "the console to quit");
    await until("the service to stop", 20_000, () => !alive(servicePidNow));
  }, 90_000);
});
