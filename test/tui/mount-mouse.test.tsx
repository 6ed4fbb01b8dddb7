/**
 * The mount and the mouse: reporting on from the start with `mouse`, off while another program has the
 * terminal (`e`'s editor, through suspend) and back after, off when the console ends; a click before the
 * app is there is no key.
 */
import { describe, expect, it } from "vitest";
import { mountConsole } from "../../src/tui/mount.tsx";
import { MOUSE_OFF, MOUSE_ON } from "../../src/tui/mouse/sgr.ts";
import { makeTheme } from "../../src/tui/theme.ts";
import { until } from "../support/until.ts";
import { KeyStdin, SizedStdout } from "./support/render.tsx";

/** The mouse's on/off bytes written so far, in order. */
const modes = (out: SizedStdout) =>
  out.frames
    .join("")
    .match(/\u001b\[\?1000h\u001b\[\?1002h\u001b\[\?1006h|\u001b\[\?1006l\u001b\[\?1002l\u001b\[\?1000l/g) ??
  [];

describe("mount and mouse", () => {
  it("on from the start, off while suspended and back after, off at the end", async () => {
    const stdout = new SizedStdout(100, 30);
    const stdin = new KeyStdin();
    const m = mountConsole({
      shell: { theme: makeTheme("dark", false), profile: "ops", host: "example:1", readOnly: true },
      fullscreen: false,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      mouse: true,
    });
    expect(modes(stdout)).toEqual([MOUSE_ON]);
    let during: string[] = [];
    await m.suspend(() => {
      during = modes(stdout);
    });
    expect(during).toEqual([MOUSE_ON, MOUSE_OFF]);
    expect(modes(stdout)).toEqual([MOUSE_ON, MOUSE_OFF, MOUSE_ON]);
    await until("the console to read its keys", 5000, () => stdin.listenerCount("readable") > 0);
    // a click while the shell is up: not a key (a queued key would keep q from quitting at once)
    stdin.write("\u001b[<0;5;5M\u001b[<0;5;5m");
    stdin.write("q");
    await m.done;
    expect(modes(stdout)).toEqual([MOUSE_ON, MOUSE_OFF, MOUSE_ON, MOUSE_OFF]);
  });

  it("off from the start: nothing written about the mouse", async () => {
    const stdout = new SizedStdout(100, 30);
    const stdin = new KeyStdin();
    const m = mountConsole({
      shell: { theme: makeTheme("dark", false), profile: "ops", host: "example:1", readOnly: true },
      fullscreen: false,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
    });
    await m.suspend(() => undefined);
    m.quit();
    await m.done;
    expect(modes(stdout)).toEqual([]);
  });
});
