/**
 * What a real terminal would do with the bytes a program wrote: replay them into @xterm/headless with
 * handlers on every sequence that can change something outside the drawn frame — window/icon title
 * (OSC 0/1/2), hyperlinks (OSC 8), the clipboard (OSC 52), any other OSC, whole-screen erase (ED 2/3),
 * full reset (RIS), the bell — and on the private modes a console must leave as it found them (cursor
 * visibility ?25, alternate screen ?47/?1047/?1049).
 */
import xtermHeadless from "@xterm/headless";

const { Terminal } = xtermHeadless;

export type Replay = {
  /** Every OSC that reached the parser: [identifier, payload]. */
  oscs: [number, string][];
  /** Title changes the terminal applied. */
  titles: string[];
  /** Whole-screen erases: "ED2", "ED3", "RIS". */
  clears: string[];
  bells: number;
  /** Last state set for the cursor (?25) and the alternate screen (?1049 etc.); undefined if never set. */
  cursorVisible: boolean | undefined;
  alternateScreen: boolean | undefined;
  /** Which private modes were set and reset, in order, e.g. "?25l", "?1049h". */
  modeChanges: string[];
  /** The screen the terminal shows at the end (viewport rows, trailing blanks trimmed). */
  lines: string[];
  /** Which buffer is active at the end. */
  buffer: "normal" | "alternate";
};

export async function replay(raw: Uint8Array, cols: number, rows: number): Promise<Replay> {
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  const r: Replay = {
    oscs: [],
    titles: [],
    clears: [],
    bells: 0,
    cursorVisible: undefined,
    alternateScreen: undefined,
    modeChanges: [],
    lines: [],
    buffer: "normal",
  };
  for (let ident = 0; ident <= 1337; ident++) {
    if (ident > 120 && ident !== 1337) continue;
    term.parser.registerOscHandler(ident, (data) => {
      r.oscs.push([ident, data]);
      return false;
    });
  }
  term.onTitleChange((t) => r.titles.push(t));
  term.onBell(() => {
    r.bells++;
  });
  term.parser.registerCsiHandler({ final: "J" }, (params) => {
    const p = params[0];
    if (p === 2 || p === 3) r.clears.push(`ED${p}`);
    return false;
  });
  term.parser.registerEscHandler({ final: "c" }, () => {
    r.clears.push("RIS");
    return false;
  });
  const mode = (set: boolean) => (params: (number | number[])[]) => {
    for (const p of params) {
      const n = typeof p === "number" ? p : p[0];
      r.modeChanges.push(`?${n}${set ? "h" : "l"}`);
      if (n === 25) r.cursorVisible = set;
      if (n === 47 || n === 1047 || n === 1049) r.alternateScreen = set;
    }
    return false;
  };
  term.parser.registerCsiHandler({ prefix: "?", final: "h" }, mode(true));
  term.parser.registerCsiHandler({ prefix: "?", final: "l" }, mode(false));
  await new Promise<void>((done) => term.write(raw, done));
  const buf = term.buffer.active;
  for (let y = 0; y < rows; y++) {
    r.lines.push(
      buf
        .getLine(buf.viewportY + y)
        ?.translateToString(true)
        .trimEnd() ?? "",
    );
  }
  r.buffer = buf.type;
  term.dispose();
  return r;
}

/** SGR sequences that set a colour (foreground/background, 16, 256 or true colour). */
export function colourSgrs(raw: Uint8Array): string[] {
  const text = Buffer.from(raw).toString("latin1");
  const out: string[] = [];
  for (const m of text.matchAll(/\x1b\[([0-9;:]*)m/g)) {
    const params = (m[1] ?? "").split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)));
    for (let i = 0; i < params.length; i++) {
      const p = params[i] ?? 0;
      if (p === 38 || p === 48 || p === 58) {
        out.push(m[0]);
        break;
      }
      if ((p >= 30 && p <= 37) || (p >= 40 && p <= 47) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107)) {
        out.push(m[0]);
        break;
      }
    }
  }
  return out;
}
