/**
 * End-to-end: keys and colours of your own, in a real pseudo-terminal against `vigil serve` (demo
 * workspace). A config file whose keys make two actions answer one key stops the console before its first
 * frame with one line naming the file and the two actions, exit 2; a rebound key does its action (a
 * mutating one still asks first), and `?` and the footer show the key the config gave it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { BUNDLE, NODE, ROOT } from "./support/paths.ts";
import { type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

let served: Served;
let term: TmuxTerminal | undefined;
let dir: string;

beforeAll(async () => {
  const [svc] = await Promise.all([serve({ demo: true }), ensureBundle()]);
  served = svc;
  dir = mkdtempSync(join(tmpdir(), "vigil-keys-e2e-"));
}, 60_000);

afterEach(() => {
  term?.kill();
  term = undefined;
});

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function config(name: string, body: unknown): string {
  mkdirSync(join(dir, name), { recursive: true });
  const path = join(dir, name, "config.json");
  writeFileSync(path, JSON.stringify(body));
  chmodSync(path, 0o600);
  return path;
}

describe("keys and colours from the config file", () => {
  it("a clash: one line with the file and the two actions, exit 2, no console drawn", async () => {
    const path = config("clash", { keys: { list: { mute: "q" } } });
    term = launchConsole(served, { cols: 220, env: { VIGIL_CONFIG: path } });
    const screen = await term.waitFor("[exited 2]", "the console to refuse its keys");
    expect(screen).toContain(
      `vigil: config file ${path}: keys: "q" is both list mute and global quit on the Overview pane — give one of them another key\n[exited 2]`,
    );
    expect(screen).not.toMatch(HEADER);
    expect(term.raw().includes("\u001b[?25l")).toBe(false);
  });

  it("a rebound key does its action (confirmed first), and ? and the footer show it", async () => {
    const path = config("own", {
      keys: { list: { trigger: "x" }, global: { help: ["?", "<ctrl+g>"] } },
      theme: { base: "dark", accent: "#87afff", selection: "#303a4a" },
    });
    term = launchConsole(served, { env: { VIGIL_CONFIG: path } });
    const t = term;
    await t.waitFor(/Storefront API health/, "the checks pane");
    await t.waitFor(/x trigger · T by tag/, "the footer's hint with the new key");
    // on the last row (an API check: a heartbeat is never triggered)
    t.keys("G");
    await t.waitFor(/^› .*Users API \(staging\)/m, "the cursor on the last check");
    // typed together, as a fast typist does: t (no longer trigger), then Ctrl-G
    t.keys("t", "C-g");
    const help = await t.waitFor(/Keys — Checks/, "the help");
    expect(help).toMatch(/^\s+x\s+trigger the selected/m);
    expect(help).toMatch(/\?\/Ctrl-G\s+this help/);
    // the theme's accent (#87afff; the built-in dark's is #5fd7ff) draws the titles: 147 in 256 colours
    // (TERM=xterm-256color)
    const raw = t.raw().toString("latin1");
    expect(raw).toMatch(/\u001b\[(?:[0-9;]*;)?38;5;147m/);
    t.keys("Escape");
    await t.waitFor((s) => !/Keys — Checks/.test(s), "the help to close");
    // t is no longer trigger; x is, and asks first
    expect(t.screen()).not.toMatch(/Trigger 1 check\?/);
    t.keys("x");
    await t.waitFor(/Trigger 1 check\?/, "the confirmation of the trigger");
    t.keys("n");
    await t.waitFor((s) => !/Trigger 1 check\?/.test(s), "the confirmation to close");
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to quit");
  }, 30_000);

  it("vigil share checks the same keys before it listens: one line, exit 2", () => {
    const path = config("share", { keys: { global: { refresh: "q" } } });
    execFileSync("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(dir, "viewer")]);
    const r = spawnSync(
      NODE,
      [BUNDLE, "share", "--listen", "127.0.0.1:0", "--authorized-keys", join(dir, "viewer.pub")],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 20_000,
        env: {
          PATH: "/usr/bin:/bin",
          HOME: dir,
          VIGIL_CONFIG: path,
          XDG_DATA_HOME: join(dir, "data"),
          VIGIL_BASE_URL: served.url,
          VIGIL_API_KEY: served.apiKey,
        },
      },
    );
    expect(r.status).toBe(2);
    expect(r.stdout).not.toContain("listening");
    expect(r.stderr.trim()).toBe(
      `vigil: config file ${path}: keys: "q" is both global refresh and global quit — give one of them another key`,
    );
  }, 30_000);
});
