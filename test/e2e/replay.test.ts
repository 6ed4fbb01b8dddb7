/**
 * The e2e harness's terminal model catches what the e2e tests assert is absent: replaying hostile bytes
 * RAW (as an unsanitised console would write them) fires the title, OSC, erase and bell probes, and the
 * colour scan finds colour SGRs. Without this, "nothing fired" could mean "nothing was watched".
 */
import { describe, expect, it } from "vitest";
import { colourSgrs, replay } from "./support/xterm.ts";

const enc = (s: string) => new TextEncoder().encode(s);

describe("e2e terminal model", () => {
  it("sees title, link, clipboard, erase, reset, bell and mode changes", async () => {
    const r = await replay(
      enc(
        "a\x1b]0;t0\x07b\x1b]2;t2\x1b\\c\x1b]8;;https://x/\x1b\\l\x1b]8;;\x1b\\" +
          "\x1b]52;c;eA==\x07\x1b[2J\x1b[3J\x1bc\x07\x1b[?25l\x1b[?1049h\x1b[?1049l\x1b[?25h",
      ),
      40,
      5,
    );
    expect(r.oscs.map(([id]) => id)).toEqual([0, 2, 8, 8, 52]);
    expect(r.titles).toEqual(["t0", "t2"]);
    expect(r.clears).toEqual(["ED2", "ED3", "RIS"]);
    expect(r.bells).toBe(1);
    expect(r.modeChanges).toEqual(["?25l", "?1049h", "?1049l", "?25h"]);
    expect(r.cursorVisible).toBe(true);
    expect(r.alternateScreen).toBe(false);
  });

  it("treats 8-bit C1 introducers (UTF-8 encoded) as controls, as a terminal does", async () => {
    const r = await replay(enc("x\u009d2;c1title\u0007y\u009b2J"), 40, 5);
    expect(r.titles).toEqual(["c1title"]);
    expect(r.clears).toEqual(["ED2"]);
  });

  it("keeps the visible text and finds colour SGRs (and only those)", async () => {
    const r = await replay(enc("hello \x1b[1mbold\x1b[22m \x1b[31mred\x1b[39m"), 40, 3);
    expect(r.lines[0]).toBe("hello bold red");
    expect(colourSgrs(enc("\x1b[1m\x1b[22m\x1b[4m"))).toEqual([]);
    expect(colourSgrs(enc("\x1b[31m \x1b[38;5;10m \x1b[48;2;1;2;3m \x1b[1;94m"))).toHaveLength(4);
  });
});
