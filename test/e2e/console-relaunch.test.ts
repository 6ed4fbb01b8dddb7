/**
 * End-to-end: the bundled console re-executes itself into the Node it is tuned for (src/cli/relaunch.ts) —
 * in a real pseudo-terminal, `node dist/vigil.js` as `npx vigil` runs it: the process drawing the console
 * runs with the console's V8 flags and MALLOC_ARENA_MAX=1, and it is the one process the terminal started
 * (re-executed in place: no parent left waiting). Where the user set one already, theirs is kept.
 */
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_NODE_FLAGS } from "../../src/cli/relaunch.ts";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

let served: Served;
let term: TmuxTerminal | undefined;

beforeAll(async () => {
  const [svc] = await Promise.all([serve({ demo: true }), ensureBundle()]);
  served = svc;
}, 60_000);

afterEach(() => {
  term?.kill();
  term = undefined;
});

afterAll(async () => {
  await served?.stop();
});

const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
/** The environment the process was started (last executed) with. */
const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);

/** The console's process: the one child of the terminal's launcher script, once it drew its first frame. */
async function consoleProcess(t: TmuxTerminal): Promise<number> {
  await t.waitFor(HEADER, "the first frame");
  const shell = Number(t.tmux("display-message", "-p", "#{pane_pid}").trim());
  const [only, ...more] = children(shell);
  expect(more).toEqual([]);
  expect(only).toBeDefined();
  // the launcher's process is the console itself, re-executed in place: no node process under it
  expect(children(only!).filter((c) => argvOf(c).some((a) => a.endsWith("vigil.js")))).toEqual([]);
  return only!;
}

describe("the console's Node", () => {
  it("runs with the console's V8 flags and MALLOC_ARENA_MAX=1, in the one process the terminal started", async () => {
    term = launchConsole(served);
    const pid = await consoleProcess(term);
    const argv = argvOf(pid);
    for (const flag of CONSOLE_NODE_FLAGS) expect(argv).toContain(flag);
    expect(argv.at(-3)).toMatch(/dist\/vigil\.js$/); // the launcher again, then --pane checks
    expect(environOf(pid)).toContain("MALLOC_ARENA_MAX=1");
    // and it is the console: keys work
    term.keys("q");
    await term.waitFor("[exited 0]", "the console to exit");
  });

  it("keeps a setting the user gave: their MALLOC_ARENA_MAX, their NODE_OPTIONS flag", async () => {
    term = launchConsole(served, { env: { MALLOC_ARENA_MAX: "2", NODE_OPTIONS: "--v8-pool-size=2" } });
    const pid = await consoleProcess(term);
    const argv = argvOf(pid);
    expect(argv).toContain("--liftoff-only");
    expect(argv.filter((a) => a.startsWith("--v8-pool-size"))).toEqual([]);
    const env = environOf(pid);
    expect(env).toContain("MALLOC_ARENA_MAX=2");
    expect(env).not.toContain("MALLOC_ARENA_MAX=1");
    await until("the console still drawn", 10_000, () => HEADER.test(term?.screen() ?? ""));
  });
});
