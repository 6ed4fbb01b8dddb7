/**
 * The two-step start (mount.tsx): the shell's frame comes first, keys typed before the app is there are
 * handed to it in order, Ctrl-C and a first q quit at once, and the app replaces the shell. A terminal that
 * gets narrower shows what a fresh start at its new width shows (a live xterm follows the bytes and the
 * resize, as a terminal would).
 */
import xtermHeadless from "@xterm/headless";
import { Text } from "ink";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import { apply } from "../../src/store/state.ts";
import { liveTree } from "../../src/tui/live-root.tsx";
import {
  type AppControl,
  type Mounted,
  mountConsole,
  SHELL_HEADER,
  SHELL_PANES,
  type ShellInfo,
} from "../../src/tui/mount.tsx";
import { paneTabs } from "../../src/tui/panes/lookup.ts";
import { PANE_SPECS } from "../../src/tui/panes/registry.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { makeTheme } from "../../src/tui/theme.ts";
import { replay } from "../e2e/support/xterm.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { until } from "../support/until.ts";
import { KeyStdin, SizedStdout } from "./support/render.tsx";

const { Terminal } = xtermHeadless;

const opened: Mounted[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const m of opened.splice(0)) {
    m.quit();
    await m.done;
  }
  for (const c of cleanups.splice(0)) await c();
});

/** Until the console reads its keys (Ink listens on stdin once its input hook is on). */
const reading = (stdin: KeyStdin) =>
  until("the console to read its keys", 5000, () => stdin.listenerCount("readable") > 0);

function mount(columns = 100, rows = 30, extra: Partial<ShellInfo> = {}, fullscreen = false) {
  const stdout = new SizedStdout(columns, rows);
  const stdin = new KeyStdin();
  const m = mountConsole({
    shell: { theme: makeTheme("dark", false), profile: "ops", host: "example:1", readOnly: true, ...extra },
    fullscreen,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
  });
  opened.push(m);
  const screen = async () =>
    // a terminal's line discipline turns \n into \r\n (onlcr); the replay gets what the terminal would
    (
      await replay(new TextEncoder().encode(stdout.frames.join("").replaceAll("\n", "\r\n")), columns, rows)
    ).lines.join("\n");
  return { m, stdout, stdin, screen };
}

/**
 * The console mounted on a live xterm: every byte is fed to it as written, and `resize` changes the
 * terminal first, then tells the program (as a pty's SIGWINCH does). `lines()` is the visible screen once
 * the terminal has taken every byte so far.
 */
function mountLive(columns: number, rows: number, fullscreen: boolean) {
  const term = new Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 1000 });
  const stdout = new SizedStdout(columns, rows);
  const write = stdout.write;
  stdout.write = (frame: string, ...rest: unknown[]) => {
    term.write(frame.replaceAll("\n", "\r\n"));
    return write(frame, ...rest);
  };
  const stdin = new KeyStdin();
  const m = mountConsole({
    shell: { theme: makeTheme("dark", true), profile: "ops", host: "example:1", readOnly: false },
    fullscreen,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
  });
  opened.push(m);
  // the checks pane: its key hints are far wider than 120 columns at 250
  const checks = [
    check({ name: "Checkout API", tags: ["prod", "api"], locations: ["us-east-1", "eu-west-1"] }),
    check({ name: "Login page", tags: ["prod", "web"], checkType: "URL" }),
  ];
  const store = storeWith(checks, [status(checks[0]!.id, "passing"), status(checks[1]!.id, "failing")]);
  apply(store, { ui: { ...store.getState().ui, pane: "checks" } });
  // Port 9 (discard) on loopback: nothing listens, and nothing here asks
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
  const actions = createActions(client, store, undefined, { panes: PANE_HOOKS, readOnly: false });
  cleanups.push(async () => {
    await actions.stop();
    await client.close();
    term.dispose();
  });
  m.showApp((ctl) =>
    liveTree({
      info: {
        store,
        theme: makeTheme("dark", true),
        readOnly: false,
        profile: "ops",
        host: "example:1",
        staleAfterMs: 90_000,
      },
      actions,
      fullscreen,
      ctl,
      checkProfile: () => undefined,
    }),
  );
  const lines = async () => {
    await new Promise<void>((done) => term.write("", done));
    const buf = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++)
      out.push(
        buf
          .getLine(buf.viewportY + y)
          ?.translateToString(true)
          .trimEnd() ?? "",
      );
    return out;
  };
  return {
    lines,
    resize(c: number, r: number) {
      term.resize(c, r);
      stdout.resize(c, r);
    },
  };
}

describe("start-up shell", () => {
  it("draws the console's frame at once: header, connecting, status line", async () => {
    // written as it mounts: no wait
    const { screen } = mount();
    const s = await screen();
    expect(s).toMatch(/vigil › Overview/);
    expect(s).toContain("[0] 1  2  3");
    expect(s).toContain("connecting…");
    expect(s).toMatch(/ops@example:1 READ-ONLY\s+◌ connecting · no data yet/);
  });

  it("draws the header the app draws for the first pane (the shell's constants agree with the registry)", async () => {
    expect(SHELL_HEADER.title).toBe(PANE_SPECS[0]?.title);
    expect(SHELL_HEADER.panes).toBe(PANE_SPECS.length);
    expect(SHELL_PANES).toEqual(PANE_SPECS.map((p) => [p.id, p.title]));
    const { screen } = mount();
    expect((await screen()).split("\n")[0]).toContain(paneTabs(PANE_SPECS[0]?.id ?? "").trimEnd());
  });

  it("keeps the keys typed before the app is shown and hands them over in order", async () => {
    const { m, stdin, screen } = mount();
    await reading(stdin);
    stdin.write("j");
    stdin.write("/");
    let got: AppControl | undefined;
    m.showApp((ctl) => {
      got = ctl;
      return <Text>the app</Text>;
    });
    expect(got?.initialKeys.map(([input]) => input)).toEqual(["j", "/"]);
    // Ink draws at most 20 frames a second: the app's frame may come a throttle period later
    await until("the app's frame", 5000, async () => (await screen()).includes("the app"));
  });

  it("q as the first key quits before the app is there; Ctrl-C too", async () => {
    const a = mount();
    await reading(a.stdin);
    a.stdin.write("q");
    await expect(a.m.done).resolves.toEqual({ kind: "quit" });
    const b = mount();
    await reading(b.stdin);
    b.stdin.write("j");
    b.stdin.write("\u0003");
    await expect(b.m.done).resolves.toEqual({ kind: "quit" });
  });

  it("says the size needed in a small terminal, in lines that fit", async () => {
    const { screen } = mount(40, 10);
    const s = await screen();
    expect(s.replace(/\s+/g, " ")).toContain("vigil needs a terminal of at least 80×24");
    expect(s.replace(/\s+/g, " ")).toContain("this one is 40×10 · q quits");
  });

  it("draws the start pane's header when one is chosen (--pane / startPane)", async () => {
    const { screen } = mount(100, 30, { startPane: "incidents" });
    const first = (await screen()).split("\n")[0] ?? "";
    expect(first).toMatch(/^vigil › Incidents/);
    expect(first).toContain(paneTabs("incidents").trimEnd());
  });
});

describe("a terminal that gets narrower", () => {
  for (const fullscreen of [false, true])
    it(`250 → 120 columns${fullscreen ? " (alternate screen)" : ""}: the screen is a fresh start's at 120, line by line`, async () => {
      const wide = mountLive(250, 30, fullscreen);
      await until("the checks at 250 columns", 5000, async () =>
        (await wide.lines()).join("\n").includes("Login page"),
      );
      expect((await wide.lines()).some((l) => l.length > 120)).toBe(true);
      const fresh = mountLive(120, 30, fullscreen);
      await until("the checks at 120 columns", 5000, async () =>
        (await fresh.lines()).join("\n").includes("Login page"),
      );
      const want = await fresh.lines();
      wide.resize(120, 30);
      // Ink draws at most 20 frames a second: wait for the screen to be the fresh one, then say how not
      await until(
        "the narrower screen",
        5000,
        async () => (await wide.lines()).join("\n") === want.join("\n"),
        2000,
      ).catch(() => undefined);
      expect(await wide.lines()).toEqual(want);
    });
});
