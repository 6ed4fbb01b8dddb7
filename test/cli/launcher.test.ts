/**
 * dist/vigil.js's launcher (src/cli/launcher.ts): the built file run as a program goes through /bin/sh,
 * which starts Node on it with `MALLOC_ARENA_MAX=2` in the environment glibc reads at start, and no Node
 * flag; the program takes the setting out of process.env once running, so the processes the console
 * starts get the user's environment. A command keeps Node's
 * defaults; `node dist/vigil.js` and `sh dist/vigil.js` still run. What a process got is read inside it by
 * a module loaded before the program (NODE_OPTIONS=--import: it only looks): its Node options, the
 * environment it started with (/proc/self/environ) and process.env when it exits.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LAUNCHER } from "../../src/cli/launcher.ts";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { BUNDLE, NODE, ROOT } from "../e2e/support/paths.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-launcher-"));
const probe = join(dir, "probe.mjs");
writeFileSync(
  probe,
  [
    'import { readFileSync, writeFileSync } from "node:fs";',
    "const out = process.env.PROBE_OUT;",
    'const environ = readFileSync("/proc/self/environ", "utf8").split("\\0").filter(Boolean);',
    'process.on("exit", () => writeFileSync(out, JSON.stringify({',
    "  execArgv: process.execArgv,",
    "  startedWith: environ.filter((e) => /^(MALLOC_ARENA_MAX|VIGIL_LAUNCHER_SET)=/.test(e)),",
    "  atExit: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX, VIGIL_LAUNCHER_SET: process.env.VIGIL_LAUNCHER_SET },",
    "})));",
    "",
  ].join("\n"),
);

type Seen = {
  code: number;
  stdout: string;
  stderr: string;
  execArgv: string[];
  startedWith: string[];
  atExit: { MALLOC_ARENA_MAX?: string; VIGIL_LAUNCHER_SET?: string };
};

let runs = 0;
/** Run `argv` (the bundle as the program, or a Node/sh on it) as `npx vigil` would: Node 24 first on PATH. */
function run(argv: string[], env: Record<string, string> = {}): Promise<Seen> {
  const out = join(dir, `seen-${runs++}.json`);
  const home = mkdtempSync(join(dir, "home-"));
  return new Promise((done) => {
    execFile(
      argv[0] as string,
      argv.slice(1),
      {
        cwd: ROOT,
        timeout: 30_000,
        env: {
          PATH: `${dirname(NODE)}:/usr/bin:/bin`,
          HOME: home,
          XDG_CONFIG_HOME: join(home, "config"),
          XDG_DATA_HOME: join(home, "data"),
          NODE_OPTIONS: `--import=${probe}`,
          PROBE_OUT: out,
          ...env,
        },
      },
      (err, stdout, stderr) => {
        const code = err ? Number((err as { code?: unknown }).code) : 0;
        const seen = JSON.parse(readFileSync(out, "utf8")) as Pick<
          Seen,
          "execArgv" | "startedWith" | "atExit"
        >;
        done({ code, stdout, stderr, ...seen });
      },
    );
  });
}

/** The system's Node (/usr/bin/node) when it is older than 24: the launcher then starts it. */
const oldNode = (() => {
  if (!existsSync("/usr/bin/node")) return false;
  const v = execFileSync("/usr/bin/node", ["-p", "process.versions.node"], { encoding: "utf8" });
  return Number(v.split(".")[0]) < 24;
})();

beforeAll(async () => {
  await ensureBundle();
}, 120_000);

describe("dist/vigil.js's launcher", () => {
  it("is the file's first lines, before the Node version guard", () => {
    expect(readFileSync(BUNDLE, "utf8").startsWith(`${LAUNCHER}\nif (Number(process.versions.node`)).toBe(
      true,
    );
  });

  it("the console's way (no command): MALLOC_ARENA_MAX=2 at start, gone from process.env once running", async () => {
    const r = await run([BUNDLE, "--version"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("vigil 0.1.0\n");
    expect(r.code).toBe(0);
    expect(r.execArgv).toEqual([]);
    expect(r.startedWith.sort()).toEqual(["MALLOC_ARENA_MAX=2", "VIGIL_LAUNCHER_SET=MALLOC_ARENA_MAX"]);
    // what the console's children (the background service, the editor, a link's browser) would inherit
    expect(r.atExit).toEqual({});
  });

  it("through npm's bin link (a symlink named vigil) and through sh, the same", async () => {
    const bin = join(dir, "bin");
    mkdirSync(bin, { recursive: true });
    symlinkSync(BUNDLE, join(bin, "vigil"));
    for (const argv of [
      [join(bin, "vigil"), "--version"],
      ["/bin/sh", BUNDLE, "--version"],
    ]) {
      const r = await run(argv);
      expect(r.stdout).toBe("vigil 0.1.0\n");
      expect(r.execArgv).toEqual([]);
      expect(r.startedWith).toContain("MALLOC_ARENA_MAX=2");
    }
  });

  it("keeps a MALLOC_ARENA_MAX the user set, in the process and for its children", async () => {
    const r = await run([BUNDLE, "--version"], { MALLOC_ARENA_MAX: "4" });
    expect(r.stdout).toBe("vigil 0.1.0\n");
    expect(r.execArgv).toEqual([]);
    expect(r.startedWith).toEqual(["MALLOC_ARENA_MAX=4"]);
    expect(r.atExit).toEqual({ MALLOC_ARENA_MAX: "4" });
  });

  it("a command (`vigil serve --help`) runs with Node's defaults, as the console's background service does", async () => {
    const r = await run([BUNDLE, "serve", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/serve/);
    expect(r.execArgv).toEqual([]);
    expect(r.startedWith).toEqual([]);
  });

  it("`node dist/vigil.js` still runs: the launcher's lines are JavaScript statements, no settings", async () => {
    const r = await run([NODE, BUNDLE, "--version"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("vigil 0.1.0\n");
    expect(r.code).toBe(0);
    expect(r.execArgv).toEqual([]);
    expect(r.startedWith).toEqual([]);
  });

  it.skipIf(!oldNode)("with an older Node first on PATH, the version guard's one line, exit 2", async () => {
    const r = await run([BUNDLE, "--version"], { PATH: "/usr/bin:/bin" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^vigil: needs Node\.js 24 or newer, this is Node \d+\.\d+\.\d+ \(install Node 24/,
    );
    expect(r.execArgv).toEqual([]);
  });
});
