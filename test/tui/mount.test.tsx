/**
 * The two-step start (mount.tsx): the shell's frame comes first, keys typed before the app is there are
 * handed to it in order, Ctrl-C and a first q quit at once, and the app replaces the shell.
 */
import { Text } from "ink";
import { afterEach, describe, expect, it } from "vitest";
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
import { makeTheme } from "../../src/tui/theme.ts";
import { replay } from "../e2e/support/xterm.ts";
import { KeyStdin, SizedStdout, settle } from "./support/render.tsx";

let open: Mounted | undefined;
afterEach(async () => {
  open?.quit();
  await open?.done;
  open = undefined;
});

function mount(columns = 100, rows = 30, extra: Partial<ShellInfo> = {}) {
  const stdout = new SizedStdout(columns, rows);
  const stdin = new KeyStdin();
  const m = mountConsole({
    shell: { theme: makeTheme("dark", false), profile: "ops", host: "example:1", readOnly: true, ...extra },
    fullscreen: false,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
  });
  open = m;
  const screen = async () =>
    // a terminal's line discipline turns \n into \r\n (onlcr); the replay gets what the terminal would
    (
      await replay(new TextEncoder().encode(stdout.frames.join("").replaceAll("\n", "\r\n")), columns, rows)
    ).lines.join("\n");
  return { m, stdout, stdin, screen };
}

describe("start-up shell", () => {
  it("draws the console's frame at once: header, connecting, status line", async () => {
    const { screen } = mount();
    await settle();
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
    await settle();
    expect((await screen()).split("\n")[0]).toContain(paneTabs(PANE_SPECS[0]?.id ?? "").trimEnd());
  });

  it("keeps the keys typed before the app is shown and hands them over in order", async () => {
    const { m, stdin, screen } = mount();
    await settle();
    stdin.write("j");
    await settle(10);
    stdin.write("/");
    await settle(10);
    let got: AppControl | undefined;
    m.showApp((ctl) => {
      got = ctl;
      return <Text>the app</Text>;
    });
    await settle();
    expect(got?.initialKeys.map(([input]) => input)).toEqual(["j", "/"]);
    expect(await screen()).toContain("the app");
  });

  it("q as the first key quits before the app is there; Ctrl-C too", async () => {
    const a = mount();
    await settle();
    a.stdin.write("q");
    await expect(a.m.done).resolves.toEqual({ kind: "quit" });
    const b = mount();
    await settle();
    b.stdin.write("j");
    await settle(10);
    b.stdin.write("\u0003");
    await expect(b.m.done).resolves.toEqual({ kind: "quit" });
  });

  it("says the size needed in a small terminal, in lines that fit", async () => {
    const { screen } = mount(40, 10);
    await settle();
    const s = await screen();
    expect(s.replace(/\s+/g, " ")).toContain("vigil needs a terminal of at least 80×24");
    expect(s.replace(/\s+/g, " ")).toContain("this one is 40×10 · q quits");
  });

  it("draws the start pane's header when one is chosen (--pane / startPane)", async () => {
    const { screen } = mount(100, 30, { startPane: "incidents" });
    await settle();
    const first = (await screen()).split("\n")[0] ?? "";
    expect(first).toMatch(/^vigil › Incidents/);
    expect(first).toContain(paneTabs("incidents").trimEnd());
  });
});
