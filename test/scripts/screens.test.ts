/**
 * `npm run screens` (scripts/screens.ts): the SVG of a terminal screen is valid XML of the grid's size,
 * escapes what it must and keeps colours and attributes; the script drives the real console (the bundle,
 * on a pseudo-terminal read by a headless xterm) to its three screens, each valid SVG with the console's
 * frame in it — and the screens committed in assets/ are the ones it makes now (else: stale).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import xtermHeadless from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { FONT, gridOf, toSvg } from "../../scripts/screens/svg.ts";
import { HeadlessTerminal } from "../../scripts/screens/terminal.ts";
import { firstDifference, makeScreens, SCREENS, staleIn } from "../../scripts/screens.ts";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { ROOT } from "../e2e/support/paths.ts";

const { Terminal } = xtermHeadless;

/** Parse strictly: any XML error throws. */
function parse(svg: string) {
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`SVG does not parse (${level}): ${message}`);
    },
  }).parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (!root) throw new Error("no root element");
  expect(root.nodeName).toBe("svg");
  return root;
}

async function screenOf(bytes: string, cols: number, rows: number) {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((r) => term.write(bytes, r));
  const grid = gridOf(term);
  term.dispose();
  return grid;
}

const texts = (root: ReturnType<typeof parse>) => Array.from(root.getElementsByTagName("text"));

describe("the SVG of a screen", () => {
  it("is valid XML of the grid's size, text escaped, colours and attributes kept", async () => {
    const grid = await screenOf(
      "\x1b[1;36mvigil › <a & 'b'>\x1b[0m \x1b[31m✖ \"failing\"\x1b[0m\r\n\x1b[2mdim\x1b[0m \x1b[7msel\x1b[0m 界\r\n\x1b[38;2;1;2;3mrgb\x1b[0m ▁▄█",
      40,
      4,
    );
    const svg = toSvg(grid, "a <test> & more");
    const root = parse(svg);
    expect(root.getAttribute("width")).toBe(String(FONT.padding * 2 + 40 * FONT.cellWidth));
    expect(root.getAttribute("height")).toBe(String(FONT.padding * 2 + 4 * FONT.lineHeight));
    expect(root.getElementsByTagName("title")[0]?.textContent).toBe("a <test> & more");
    const t = texts(root);
    const first = t.find((e) => e.textContent === "vigil › <a & 'b'>");
    expect(first?.getAttribute("font-weight")).toBe("bold");
    expect(first?.getAttribute("fill")).toBe("#39c5cf");
    expect(t.find((e) => e.textContent === '✖ "failing"')?.getAttribute("fill")).toBe("#e5534b");
    expect(t.find((e) => e.textContent === "dim")?.getAttribute("fill-opacity")).toBe("0.55");
    expect(t.find((e) => e.textContent === "rgb")?.getAttribute("fill")).toBe("#010203");
    // a wide character takes two cells: its run is two cells wide
    expect(t.find((e) => e.textContent === "界")?.getAttribute("textLength")).toBe(
      String(2 * FONT.cellWidth),
    );
    // inverse: a background in the foreground colour behind it
    const rects = Array.from(root.getElementsByTagName("rect"));
    expect(rects.some((r) => r.getAttribute("fill") === "#d8dee9")).toBe(true);
    // block elements are rectangles, not text: ▁ is the lowest eighth of its cell, █ all of it
    expect(t.some((e) => /[▁▄█]/.test(e.textContent ?? ""))).toBe(false);
    expect(rects.some((r) => r.getAttribute("height") === String(FONT.lineHeight / 8))).toBe(true);
    // text stays on its rows
    const rows = new Set(t.map((e) => e.getAttribute("y")));
    expect(rows.size).toBe(3);
  });

  it("names a stale screen's first changed text", async () => {
    const a = toSvg(await screenOf("vigil › Overview\r\n✖ 2 failing", 30, 3), "t");
    const b = toSvg(await screenOf("vigil › Overview\r\n✖ 3 failing", 30, 3), "t");
    expect(firstDifference(a, b)).toBe('was "✖ 2 failing", now "✖ 3 failing"');
    expect(firstDifference(a, a)).toBe("the same text, other colours or positions");
  });

  it("drops what XML cannot hold and is the same for the same screen", async () => {
    const grid = await screenOf("ok", 10, 2);
    grid.cells[0]![1] = { ...grid.cells[0]![1]!, chars: "\u0001" };
    const svg = toSvg(grid, "t");
    parse(svg);
    expect(svg).toBe(toSvg(grid, "t"));
  });
});

describe("the pseudo-terminal", () => {
  it("is of the size asked, and node-pty and util-linux script show the same screen", async () => {
    const svgs: string[] = [];
    for (const via of ["node-pty", "script"] as const) {
      const before = process.env.VIGIL_SCREENS_PTY;
      process.env.VIGIL_SCREENS_PTY = via === "script" ? "script" : "";
      const t = new HeadlessTerminal({
        argv: ["/bin/sh", "-c", "stty size; printf '\\033[1;31mred\\033[0m ok\\n'; exec sleep 30"],
        env: { PATH: "/usr/bin:/bin", TERM: "xterm-256color" },
        cwd: ROOT,
        cols: 40,
        rows: 6,
      });
      if (before === undefined) delete process.env.VIGIL_SCREENS_PTY;
      else process.env.VIGIL_SCREENS_PTY = before;
      try {
        expect(t.via).toBe(via);
        const lines = await t.waitFor((l) => l.some((x) => x.includes("ok")), "the program's output", 10_000);
        expect(lines[0]).toBe("6 40");
        svgs.push(toSvg(await t.grid(), "t"));
      } finally {
        await t.close();
      }
    }
    expect(svgs[0]).toContain('font-weight="bold"');
    expect(svgs[1]).toBe(svgs[0]);
  });
});

describe("npm run screens", () => {
  it("drives the real console to valid SVG screens, and the committed ones are up to date", {
    timeout: 240_000,
  }, async () => {
    await ensureBundle();
    const shots = await makeScreens();
    expect(shots.map((s) => s.file)).toEqual(SCREENS.map((s) => s.file));
    for (const [i, shot] of shots.entries()) {
      const screen = SCREENS[i]!;
      const root = parse(shot.svg);
      expect(root.getAttribute("width")).toBe(String(FONT.padding * 2 + screen.cols * FONT.cellWidth));
      expect(root.getAttribute("height")).toBe(String(FONT.padding * 2 + screen.rows * FONT.lineHeight));
      const t = texts(root);
      const rows = new Set(t.map((e) => e.getAttribute("y")));
      expect(rows.size).toBeGreaterThan(5);
      expect(rows.size).toBeLessThanOrEqual(screen.rows);
      const all = t.map((e) => e.textContent).join(" ");
      expect(all).toContain("vigil ›");
      expect(all).toContain("online");
    }
    const stale = staleIn(join(ROOT, "assets"), shots);
    const why = stale.map((path) => {
      const made = shots.find((s) => path.endsWith(s.file))?.svg ?? "";
      return `${path}: ${existsSync(path) ? firstDifference(readFileSync(path, "utf8"), made) : "missing"}`;
    });
    expect(
      stale,
      `stale screens — the console draws them otherwise now: run \`npm run screens\` and commit them\n${why.join("\n")}`,
    ).toEqual([]);
    // the README shows every one of them
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const s of SCREENS) expect(readme).toContain(`assets/${s.file}`);
  });
});
