/**
 * The Ink patch (patches/ink+<version>.patch, docs/ink-patch.md): the installed Ink carries it, and what it
 * draws is what the published Ink draws — frame for frame, and on a terminal (test/tui/support/screen.ts)
 * screen for screen, byte for byte where no rows scrolled — over the console's checks list moved through
 * many rows, random scrolled frames, and a tree of the tricky cases (wide characters cut by clips and
 * overwritten in their middle, borders, backgrounds, transforms, wrapping, truncation); and its caches kept
 * across frames stay at their caps.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Box, render, Text, Transform } from "ink";
import { Activity, memo, useEffect, useState } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check, manyChecks, status, storeWith } from "../store/fixtures.ts";
import { renderConsole } from "./support/console.tsx";
import { copyOfInk, gitApply, INK_DIR, inkPatch, installedInkVersion } from "./support/ink-unpatched.ts";
import { drawn, SizedStdout } from "./support/render.tsx";
import { Screen } from "./support/screen.ts";

type RenderResult = { output: string; outputHeight: number; staticOutput: string };
type Renderer = (node: unknown, screenReader: boolean) => RenderResult;
type LogUpdate = {
  create: (stream: unknown, o: { showCursor?: boolean; incremental?: boolean }) => (text: string) => boolean;
};
type Caches = Record<
  "widths" | "blockWidths" | "lines" | "clippedLines" | "rows" | "sanitizedTexts",
  { size: number; limit: number }
>;
type OutputModule = {
  default: new (o: {
    width: number;
    height: number;
  }) => {
    write(x: number, y: number, text: string, o: { transformers: unknown[] }): void;
    clip(c: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
    unclip(): void;
    get(): { output: string; height: number };
  };
  outputCaches: Caches;
};

const load = async <T,>(build: string, file: string) =>
  (await import(pathToFileURL(join(build, file)).href)) as T;

let published: ReturnType<typeof copyOfInk>;
let before: { renderer: Renderer; logUpdate: LogUpdate };
let after: { renderer: Renderer; logUpdate: LogUpdate; output: OutputModule };
let instances: Map<unknown, { rootNode: unknown }>;

beforeAll(async () => {
  published = copyOfInk(false);
  const installed = join(INK_DIR, "build");
  before = {
    renderer: (await load<{ default: Renderer }>(published.build, "renderer.js")).default,
    logUpdate: (await load<{ default: LogUpdate }>(published.build, "log-update.js")).default,
  };
  after = {
    renderer: (await load<{ default: Renderer }>(installed, "renderer.js")).default,
    logUpdate: (await load<{ default: LogUpdate }>(installed, "log-update.js")).default,
    output: await load<OutputModule>(installed, "output.js"),
  };
  instances = (await load<{ default: Map<unknown, { rootNode: unknown }> }>(installed, "instances.js"))
    .default;
});
afterAll(() => published?.remove());

/** A terminal stream for log-update that keeps every byte written. */
class Tape {
  columns: number;
  rows: number;
  isTTY = true;
  bytes = "";
  /** Where each frame's bytes end. */
  frameEnds: number[] = [];
  constructor(columns: number, rows = 40) {
    this.columns = columns;
    this.rows = rows;
  }
  write = (s: string) => {
    this.bytes += s;
    return true;
  };
  on() {}
  off() {}
}

/**
 * Renders each recorded root node through the published and the patched renderer, then writes the frames
 * through both log-updates (incremental, as the console runs, and standard); returns what each produced.
 */
function replay(frames: RenderResult[][], columns: number) {
  const tapes = {
    beforeIncremental: new Tape(columns),
    afterIncremental: new Tape(columns),
    beforeStandard: new Tape(columns),
    afterStandard: new Tape(columns),
  };
  const logs = {
    beforeIncremental: before.logUpdate.create(tapes.beforeIncremental, { incremental: true }),
    afterIncremental: after.logUpdate.create(tapes.afterIncremental, { incremental: true }),
    beforeStandard: before.logUpdate.create(tapes.beforeStandard, {}),
    afterStandard: after.logUpdate.create(tapes.afterStandard, {}),
  };
  for (const [b, a] of frames) {
    logs.beforeIncremental(b!.output);
    logs.afterIncremental(a!.output);
    logs.beforeStandard(b!.output);
    logs.afterStandard(a!.output);
    for (const tape of Object.values(tapes)) tape.frameEnds.push(tape.bytes.length);
  }
  return tapes;
}

/**
 * Replays two tapes of the same frames into two terminals, frame by frame; returns the first frame after
 * which they show something different (a character, a colour or a style), with both screens, or undefined.
 */
async function firstDifference(published: Tape, patched: Tape, columns: number, rows: number) {
  const was = new Screen(columns, rows);
  const now = new Screen(columns, rows);
  try {
    expect(patched.frameEnds.length).toBe(published.frameEnds.length);
    for (let f = 0; f < published.frameEnds.length; f++) {
      await was.write(published.bytes.slice(published.frameEnds[f - 1] ?? 0, published.frameEnds[f]));
      await now.write(patched.bytes.slice(patched.frameEnds[f - 1] ?? 0, patched.frameEnds[f]));
      if (was.shown() !== now.shown()) return { frame: f, published: was.shown(), patched: now.shown() };
    }
    return undefined;
  } finally {
    was.dispose();
    now.dispose();
  }
}

function record(root: unknown, frames: RenderResult[][]) {
  frames.push([before.renderer(root, false), after.renderer(root, false)]);
}

const words = ["決済", "🚀", "a›b", "…", "—", "café", "ｱｲｳ", "x\u0301", "○●"];
/** The tricky cases, changing with `n`. */
const Tree = ({ n }: { n: number }) => (
  <Box flexDirection="column" width={60}>
    <Box borderStyle="round" paddingX={1}>
      <Text color="cyan">
        {n} {words.slice(0, (n % words.length) + 1).join(" ")}
      </Text>
    </Box>
    <Box width={17} overflow="hidden">
      <Box marginLeft={-(n % 5)} flexShrink={0} width={40}>
        <Text backgroundColor="blue">{`${"決".repeat(n % 4)}x${"漢字".repeat(6)}`}</Text>
      </Box>
    </Box>
    <Box width={20} height={2} overflowY="hidden" flexDirection="column">
      <Text wrap="wrap">{words.join(" ").repeat(1 + (n % 3))}</Text>
    </Box>
    <Box width={14}>
      <Text wrap="truncate-middle">{`${words[n % words.length]} ${"〇".repeat(n % 9)} end`}</Text>
    </Box>
    <Transform transform={(line: string, i: number) => `${i}:${line.toUpperCase()}`}>
      <Text>
        {`row ${n}\nsecond ${words[(n + 3) % words.length]}`}
        <Text bold>{" bold › "}</Text>
      </Text>
    </Transform>
    <Box width={20} height={1}>
      <Text>{"漢字漢字漢字漢字"}</Text>
      <Box position="absolute" marginLeft={1 + (n % 4)}>
        <Text color="green">{n % 3 ? "ab" : "漢"}</Text>
      </Box>
    </Box>
    <Box>
      <Text backgroundColor="red">{" ".repeat(n % 7)}</Text>
      <Text inverse>{n % 2 ? "› selected" : "  other"}</Text>
    </Box>
  </Box>
);

/**
 * Text inside text changed as `n` changes: nested texts edited, coloured and styled, reordered, added and
 * removed, hidden and shown again (an Activity), and texts left as they were beside them (a memoised one) —
 * what a text node's squashed text, kept on the node (change 11), must follow.
 */
const NestedTree = ({ n, ink }: { n: number; ink: typeof import("ink") }) => {
  const { Box, Text } = ink;
  const order = ["a", "b", "c", "d"].map((_, i, all) => all[(i + n) % all.length] as string);
  // each text below changes in one way only, so that each way must be followed on its own
  return (
    <Box flexDirection="column" width={40}>
      <Text>
        {order.slice(0, 2 + (n % 3)).map((p, i) => (
          <Text key={p} color={(n + i) % 3 ? "red" : undefined}>{`${p}${n % 2 ? "!" : ""}`}</Text>
        ))}
      </Text>
      <Text>
        {order.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Text>
      <Text>
        {n % 4 < 2 ? <Text>{"head "}</Text> : null}
        {"body"}
      </Text>
      <Text>
        {"body"}
        {n % 6 < 3 ? <Text italic>{" tail"}</Text> : null}
      </Text>
      <Text>
        {"shown? "}
        <Activity mode={n % 3 === 1 ? "hidden" : "visible"}>
          <Text bold>{"yes"}</Text>
        </Activity>
      </Text>
      <Text>
        {"dim? "}
        <Text dimColor={n % 2 === 0}>{"x"}</Text>
      </Text>
      <Text wrap="truncate">
        {"count "}
        <Text>
          {"deep "}
          <Text underline={n % 5 === 0} backgroundColor={n % 4 ? undefined : "#5fd75f"}>{`${n % 2}`}</Text>
        </Text>
        <Text>{`${n % 3}`}</Text>
      </Text>
      <Same ink={ink} />
      <Text>{n % 7 ? "plain" : "plain\tthen a tab"}</Text>
    </Box>
  );
};
/** NestedTree over a state of its own (a root's rerender would render every Text again: Ink's contexts). */
const Driven = ({ ink, onSet }: { ink: typeof import("ink"); onSet: (set: (n: number) => void) => void }) => {
  const [n, setN] = useState(0);
  useEffect(() => onSet(setN), [onSet]);
  return <NestedTree n={n} ink={ink} />;
};
const Same = memo(({ ink }: { ink: typeof import("ink") }) => (
  <ink.Text>
    {"never "}
    <ink.Text color="#5fd75f">{"re-rendered"}</ink.Text>
  </ink.Text>
));

/** Props and styles added, changed and removed as `n` changes (each Ink's own components). */
const PropsTree = ({ n, ink }: { n: number; ink: typeof import("ink") }) => {
  const { Box, Text, Transform } = ink;
  return (
    <Box
      flexDirection={n % 2 ? "row" : "column"}
      width={40}
      {...(n % 3 ? { paddingLeft: 1 } : {})}
      {...(n % 4 === 1 ? { borderStyle: "round" as const } : {})}
    >
      <Text
        color={n % 3 === 0 ? undefined : n % 3 === 1 ? "red" : "#5fd75f"}
        wrap={n % 2 ? "truncate" : "wrap"}
        {...(n % 5 ? { bold: true } : {})}
      >
        {`line ${n} `}
        {n % 2 ? <Text inverse>{" sel "}</Text> : null}
        {n % 3 ? "tail" : "a b"}
      </Text>
      {n % 4 ? (
        <Transform transform={(line: string) => `${n}:${line}`}>
          <Text>{`t ${n}`}</Text>
        </Transform>
      ) : null}
      <Box height={1 + (n % 2)} {...(n % 3 ? { overflow: "hidden" as const, marginTop: 1 } : {})}>
        <Text backgroundColor={n % 2 ? "blue" : undefined}>{"x".repeat(n % 50)}</Text>
      </Box>
    </Box>
  );
};

describe("the Ink patch", () => {
  it("is applied: the installed Ink is the patch's version and carries it (it reverse-applies, and does not apply again)", () => {
    const { version } = inkPatch();
    expect(installedInkVersion()).toBe(version);
    const copy = copyOfInk(true);
    try {
      expect(gitApply(copy.ink, ["--check", "-R"]).ok).toBe(true);
      expect(gitApply(copy.ink, ["--check"]).ok).toBe(false);
    } finally {
      copy.remove();
    }
    expect(readFileSync(join(INK_DIR, "build/output.js"), "utf8")).toContain("export const outputCaches");
    expect(readFileSync(join(published.build, "output.js"), "utf8")).not.toContain("outputCaches");
    expect(after.output.outputCaches.rows.limit).toBeGreaterThan(0);
  });

  it("the checks list through 150 moves, a filter and back: every frame and every screen are the published Ink's, in fewer bytes (scrolled rows moved, not written again)", async () => {
    const { checks, statuses } = manyChecks(400);
    // names with what the fast paths must get right: one-cell punctuation, wide CJK, emoji, combining marks
    const odd = [
      check({ name: "Checkout › pay … — “quoted” ○ ● ± §", tags: ["prod"] }),
      check({ name: "決済 API（東京）", tags: ["jp"] }),
      check({ name: "deploy 🚀 and 👍🏽 status", tags: ["emoji"] }),
      check({ name: "cafe\u0301 nai\u0308ve", tags: ["marks"] }),
    ];
    const store = storeWith(
      [...odd, ...checks],
      [...statuses, ...odd.map((c, i) => status(c.id, i % 2 ? "failing" : "degraded"))],
    );
    const c = renderConsole(store, { columns: 120, rows: 40 });
    try {
      const ink = instances.get(c.stdout);
      expect(ink).toBeDefined();
      const frames: RenderResult[][] = [];
      record(ink!.rootNode, frames);
      for (let i = 0; i < 150; i++) {
        await c.press(i % 10 === 9 ? "k" : "j");
        record(ink!.rootNode, frames);
      }
      for (const keys of ["/", "決", "\r", "j", "\u001b", "G", "g"]) {
        await c.press(keys);
        record(ink!.rootNode, frames);
      }
      expect(frames.length).toBe(158);
      // the frames moved: the selection went down the list
      expect(new Set(frames.map(([, a]) => a!.output)).size).toBeGreaterThan(100);
      for (const [b, a] of frames) expect(a).toEqual(b);
      const tapes = replay(frames, 120);
      expect(tapes.afterIncremental.bytes.length).toBeGreaterThan(10_000);
      // the rows a scroll moved are moved on the terminal (DL/IL), not written again: the same screens
      expect(await firstDifference(tapes.beforeIncremental, tapes.afterIncremental, 120, 40)).toBeUndefined();
      expect(tapes.afterIncremental.bytes).toMatch(/\x1b\[1M/);
      expect(tapes.afterIncremental.bytes.length).toBeLessThan(tapes.beforeIncremental.bytes.length * 0.6);
      expect(tapes.afterStandard.bytes).toBe(tapes.beforeStandard.bytes);
    } finally {
      await c.close();
    }
  });

  it("wide characters cut by clips and overwritten in their middle, borders, backgrounds, transforms, wrapping and truncation: the published Ink's frames and bytes", async () => {
    const stdout = new SizedStdout(60, 30);
    const app = render(<Tree n={0} />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      debug: true,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    try {
      const ink = instances.get(stdout)!;
      const frames: RenderResult[][] = [];
      for (let n = 0; n < 60; n++) {
        app.rerender(<Tree n={n} />);
        await drawn(stdout);
        record(ink.rootNode, frames);
      }
      expect(new Set(frames.map(([, a]) => a!.output)).size).toBeGreaterThan(30);
      for (const [b, a] of frames) expect(a).toEqual(b);
      const tapes = replay(frames, 60);
      expect(tapes.afterIncremental.bytes).toBe(tapes.beforeIncremental.bytes);
      expect(tapes.afterStandard.bytes).toBe(tapes.beforeStandard.bytes);
    } finally {
      app.unmount();
      app.cleanup();
    }
  });

  it("scrolled rows moved on the terminal: the published Ink's screen after every one of 1,800 random frames (lists scrolled by a row and by a page, rows edited, the selection moved, blank, repeated and coloured rows, full-screen and not)", async () => {
    let seed = 27;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const columns = 40;
    const rows = 12;
    const item = (i: number) =>
      [
        "",
        `row ${i} ${"x".repeat(random(24))}`,
        `\x1b[32m● ok\x1b[39m ${i}`,
        `\x1b[41m failing ${i} \x1b[49m`,
        "repeated",
        `決済 ${i} ›`,
      ][random(6)] as string;
    let moved = 0;
    let bytes = { published: 0, patched: 0 };
    for (let run = 0; run < 60; run++) {
      const published = new Tape(columns, rows);
      const patched = new Tape(columns, rows);
      const logs = [
        before.logUpdate.create(published, { incremental: true }),
        after.logUpdate.create(patched, { incremental: true }),
      ];
      // full-screen frames fill the rows and end without a line feed; others leave the cursor below them
      const fullScreen = run % 2 === 0;
      const height = fullScreen ? rows : rows - 1 - random(5);
      // output above the frame, already on the screen
      const above = fullScreen ? "" : "earlier output\n".repeat(random(8));
      published.bytes = patched.bytes = above;
      const list = Array.from({ length: 300 }, (_, i) => item(i));
      let top = random(100);
      let selected = 0;
      for (let f = 0; f < 30; f++) {
        const op = random(8);
        if (op < 3) top += random(3) - 1;
        else if (op === 3) top += random(2) ? height - 2 : 2 - height;
        else if (op === 4) selected = random(height - 2);
        else if (op === 5) list[top + random(height)] = item(f);
        else if (op === 6) top += random(5) - 2;
        top = Math.max(0, Math.min(top, 250));
        const lines = [`header ${f % 3}`];
        for (let i = 0; i < height - 2; i++)
          lines.push(i === selected ? `\x1b[7m› ${list[top + i]}\x1b[27m` : `  ${list[top + i]}`);
        lines.push(`footer ${top % 4}`);
        const text = lines.join("\n") + (fullScreen ? "" : "\n");
        for (const log of logs) log(text);
        published.frameEnds.push(published.bytes.length);
        patched.frameEnds.push(patched.bytes.length);
      }
      expect(await firstDifference(published, patched, columns, rows)).toBeUndefined();
      moved += patched.bytes.match(/\x1b\[\d+[LM]/g)?.length ?? 0;
      bytes = {
        published: bytes.published + published.bytes.length,
        patched: bytes.patched + patched.bytes.length,
      };
    }
    // rows were moved, and moving them wrote fewer bytes than writing them again
    expect(moved).toBeGreaterThan(150);
    expect(bytes.patched).toBeLessThan(bytes.published * 0.9);
  });

  it("the line diff's fast path for one-cell characters: the published Ink's bytes for 20,000 random pairs of lines", async () => {
    type LineUpdate = { default: (previous: string, next: string, columns: number) => string };
    const was = (await load<LineUpdate>(published.build, "line-update.js")).default;
    const is = (await load<LineUpdate>(join(INK_DIR, "build"), "line-update.js")).default;
    // one-cell characters of the fast path, and ones it must leave to the slow path (wide, emoji, combining,
    // zero-width, an emoji shape in the geometric block, a bidi mark), and styles
    const pool = [
      ..."abc xyz-09",
      ..."›‹○●…—–·§×≤⊘▲▸←→█─ⓘé✔✖⚠✉",
      "決",
      "🚀",
      "e\u0301",
      "\u00AD",
      "\u200B",
      "\u25FD",
      "\u200F",
      "✅",
      "✔\uFE0F",
      "⚠\uFE0F",
      "\u001b[31m",
      "\u001b[39m",
      "\u001b[1;4m",
      "\u001b[0m",
      "\u001b[38;5;208m",
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const text = (n: number) => Array.from({ length: n }, () => pool[rand(pool.length)]).join("");
    let partial = 0;
    for (let i = 0; i < 20_000; i++) {
      const prefix = text(rand(30));
      const previous = prefix + text(rand(12));
      const next = prefix + text(rand(12));
      const columns = 10 + rand(60);
      const out = is(previous, next, columns);
      expect(out, JSON.stringify({ previous, next, columns })).toBe(was(previous, next, columns));
      if (!out.startsWith("\u001b[1G")) partial++;
    }
    // many took the partial (cursor-moving) path, not only the full rewrite
    expect(partial).toBeGreaterThan(1000);
  });

  it("every character the narrow fast paths accept is one cell wide, its own grapheme and not default-ignorable (string-width, Intl.Segmenter)", async () => {
    const { default: stringWidth } = await import("string-width");
    const source = readFileSync(join(INK_DIR, "build/narrow-text.js"), "utf8");
    const literal = /export const narrowChars = (\/\^\[[^\n]*\]\*\$\/u);/.exec(source)?.[1];
    expect(literal).toBeDefined();
    const narrow = new Function(`return ${literal}`)() as RegExp;
    // the line diff takes the same set
    expect(readFileSync(join(INK_DIR, "build/line-update.js"), "utf8")).toContain(
      "import { narrowChars as narrowText } from './narrow-text.js';",
    );
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const wrong: string[] = [];
    let accepted = 0;
    for (let code = 0; code < 0x1_00_00; code++) {
      const c = String.fromCharCode(code);
      if (!narrow.test(c)) continue;
      accepted++;
      const alone = [...segmenter.segment(`a${c}${c}a`)].length === 4;
      if (stringWidth(c) !== 1 || !alone || /\p{Default_Ignorable_Code_Point}/u.test(c))
        wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(accepted).toBeGreaterThan(1000);
    for (const c of "›○…—✔✖▲⚠") expect(narrow.test(c), c).toBe(true);
    for (const c of ["決", "🚀", "✅", "e\u0301", "\u00AD", "\u25FD", "✔\uFE0F"])
      expect(narrow.test(c), c).toBe(false);
  });

  it("the narrow fast paths (lines re-serialised by runs, a row of one write, widths, a text node's sanitised text): the published Ink's for 20,000 random styled lines", async () => {
    type Narrow = {
      narrowStyledString: (text: string) => string | undefined;
      narrowWidth: (text: string) => number | undefined;
    };
    type Measure = { default: (text: string) => { width: number; height: number } };
    const installed = join(INK_DIR, "build");
    const { narrowStyledString, narrowWidth } = await load<Narrow>(installed, "narrow-text.js");
    const wasOutput = (await load<OutputModule>(published.build, "output.js")).default;
    const isOutput = after.output.default;
    const wasMeasure = (await load<Measure>(published.build, "measure-text.js")).default;
    const isMeasure = (await load<Measure>(installed, "measure-text.js")).default;
    type Squash = { default: (node: unknown) => string };
    const wasSquash = (await load<Squash>(published.build, "squash-text-nodes.js")).default;
    const isSquash = (await load<Squash>(installed, "squash-text-nodes.js")).default;
    const textNode = (text: string) => ({
      nodeName: "ink-text",
      childNodes: [{ nodeName: "#text", nodeValue: text }],
    });
    const { default: stringWidth } = await import("string-width");
    const tokenizer = await import("@alcalzone/ansi-tokenize");
    const slow = (text: string) =>
      tokenizer.styledCharsToString(tokenizer.styledCharsFromTokens(tokenizer.tokenize(text)));
    // narrow characters, SGR as chalk writes it (nested, intensity, 256 and true colour, resets, compound),
    // and what must take the slow path: wide, emoji, combining, soft hyphen, newline, tab, links, other CSI
    const styled = [
      ..."abc xyz-09",
      ..."›‹○●…—–·§×≤⊘▲◌◉←→█─é✔✖⚠",
      "  ",
      "\u001b[31m",
      "\u001b[39m",
      "\u001b[1m",
      "\u001b[2m",
      "\u001b[22m",
      "\u001b[7m",
      "\u001b[27m",
      "\u001b[44m",
      "\u001b[49m",
      "\u001b[0m",
      "\u001b[m",
      "\u001b[1;31m",
      "\u001b[38;5;208m",
      "\u001b[48;2;10;20;30m",
    ];
    const others = [
      "\u001b[4:3m",
      "\u001b[2J",
      "\u001b]8;;https://x.test\u0007",
      "\u001b]8;;\u0007",
      "\u009b31m",
      "決",
      "🚀",
      "e\u0301",
      "\u00AD",
      "\n",
      "\t",
    ];
    const pool = [...styled, ...others];
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let fast = 0;
    for (let i = 0; i < 20_000; i++) {
      // mostly narrow with styles (the fast paths), every fourth line anything
      const narrowOnly = i % 4 !== 3;
      const from = narrowOnly ? styled : pool;
      const text = Array.from({ length: rand(40) }, () => from[rand(from.length)]).join("");
      const what = JSON.stringify(text);
      const narrow = narrowStyledString(text);
      if (narrow !== undefined) {
        fast++;
        expect(narrow, what).toBe(slow(text));
        expect(narrowWidth(text), what).toBe(stringWidth(text));
      }
      expect(isMeasure(text), what).toEqual(wasMeasure(text));
      // a text node's sanitised text (narrow text with SGR only is its own)
      expect(isSquash(textNode(text)), what).toBe(wasSquash(textNode(text)));
      // one write at x (past the width too), then two overlapping writes: the rows the published Ink makes
      const width = 10 + rand(40);
      const x = rand(width + 3);
      const over = rand(width);
      const was = new wasOutput({ width, height: 2 });
      const is = new isOutput({ width, height: 2 });
      for (const out of [was, is]) {
        out.write(x, 0, text, { transformers: [] });
        out.write(0, 1, text, { transformers: [] });
        out.write(over, 1, text, { transformers: [] });
      }
      expect(is.get(), `${what} at ${x} of ${width}`).toEqual(was.get());
    }
    expect(fast).toBeGreaterThan(10_000);
    // more distinct styles than the memo of styles holds (256 foregrounds, each plain, bold and on a
    // background): the same lines once it has been emptied and refilled, and again
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 768; i++) {
        const text = `a\u001b[38;5;${i % 256}m${i >= 256 ? (i >= 512 ? "\u001b[44m" : "\u001b[1m") : ""}b›\u001b[39mc\u001b[0m`;
        expect(narrowStyledString(text), JSON.stringify(text)).toBe(slow(text));
      }
  });

  it("props and styles added, changed and removed through 80 renders: the published Ink's frames (its reconciler's comparison of props)", async () => {
    type InkModule = typeof import("ink");
    const was = await load<InkModule>(published.build, "index.js");
    const is = await import("ink");
    const outs = [new SizedStdout(60, 20), new SizedStdout(60, 20)] as const;
    const apps = ([was, is] as const).map((ink, k) =>
      ink.render(<PropsTree n={0} ink={ink} />, {
        stdout: outs[k] as unknown as NodeJS.WriteStream,
        debug: true,
        patchConsole: false,
        exitOnCtrlC: false,
      }),
    );
    try {
      for (let n = 0; n < 80; n++) {
        for (const [k, app] of apps.entries()) app.rerender(<PropsTree n={n} ink={k === 0 ? was : is} />);
        await Promise.all(outs.map((o) => drawn(o)));
        expect(outs[1].frames.at(-1), `render ${n}`).toBe(outs[0].frames.at(-1));
      }
      expect(new Set(outs[1].frames).size).toBeGreaterThan(40);
    } finally {
      for (const app of apps) {
        app.unmount();
        app.cleanup();
      }
    }
  });

  it("text inside text edited, styled, reordered, added, removed, hidden and shown through 120 renders, chalk's level changed midway: the published Ink's frames (a text node's squashed text kept on it)", async () => {
    type InkModule = typeof import("ink");
    const was = await load<InkModule>(published.build, "index.js");
    const is = await import("ink");
    const { default: chalk } = await import("chalk");
    const level = chalk.level;
    const outs = [new SizedStdout(60, 20), new SizedStdout(60, 20)] as const;
    chalk.level = 3;
    const setters: ((n: number) => void)[] = [];
    const apps = ([was, is] as const).map((ink, k) =>
      ink.render(<Driven ink={ink} onSet={(set) => setters.push(set)} />, {
        stdout: outs[k] as unknown as NodeJS.WriteStream,
        debug: true,
        patchConsole: false,
        exitOnCtrlC: false,
      }),
    );
    try {
      for (let n = 0; n < 120; n++) {
        // the level changes under texts that stay as they were (the memoised one)
        if (n === 60) chalk.level = 1;
        await Promise.all(outs.map((o) => drawn(o)));
        for (const set of setters) set(n);
        await Promise.all(outs.map((o) => drawn(o)));
        expect(outs[1].frames.at(-1), `render ${n}`).toBe(outs[0].frames.at(-1));
      }
      expect(setters).toHaveLength(2);
      expect(new Set(outs[1].frames).size).toBeGreaterThan(40);
      expect(outs[1].frames.at(-1)).toContain("never \u001b[32mre-rendered");
    } finally {
      chalk.level = level;
      for (const app of apps) {
        app.unmount();
        app.cleanup();
      }
    }
  });

  it("a colour by hex: the published Ink's styled text at every colour level, fore- and background, the level changed between calls", async () => {
    type Colorize = { default: (text: string, color: string | undefined, type: string) => string };
    const was = (await load<Colorize>(published.build, "colorize.js")).default;
    const is = (await load<Colorize>(join(INK_DIR, "build"), "colorize.js")).default;
    const { default: chalk } = await import("chalk");
    const level = chalk.level;
    try {
      const colors = ["#5fd75f", "#ABC", "#ff6b6b", "#1c1c1c", "red", "ansi256(208)", "rgb(1, 2, 3)", "#zz"];
      const texts = ["x", "a\u001b[39mb\u001b[49m", "", "one\ntwo", "› ✔ …"];
      for (const l of [3, 2, 1, 0, 3, 1] as const) {
        chalk.level = l;
        for (let twice = 0; twice < 2; twice++)
          for (const color of colors)
            for (const type of ["foreground", "background"])
              for (const text of texts)
                expect(is(text, color, type), `${l} ${color} ${type} ${JSON.stringify(text)}`).toBe(
                  was(text, color, type),
                );
      }
    } finally {
      chalk.level = level;
    }
  });

  it("its caches kept across frames stay at their caps however many different lines are drawn", async () => {
    const { default: Output, outputCaches } = after.output;
    const names = ["widths", "blockWidths", "lines", "clippedLines", "rows"] as const;
    const limits = Object.fromEntries(names.map((k) => [k, outputCaches[k].limit]));
    for (const k of names) expect(limits[k]).toBeGreaterThan(0);
    const most = Math.max(...names.map((k) => outputCaches[k].limit));
    const seen = Object.fromEntries(names.map((k) => [k, 0]));
    // 3× the largest cap of distinct lines, 40 rows a frame, clipped and not
    for (let frame = 0; frame < (3 * most) / 40; frame++) {
      const out = new Output({ width: 80, height: 40 });
      if (frame % 2) out.clip({ x1: 2, x2: 30, y1: 0, y2: 40 });
      for (let row = 0; row < 40; row++) {
        const id = frame * 40 + row;
        out.write(0, row, `\u001b[3${id % 8}m› line ${id} — ${"○".repeat(id % 13)}…\u001b[39m`, {
          transformers: [],
        });
      }
      if (frame % 2) out.unclip();
      out.get();
      for (const k of names) seen[k] = Math.max(seen[k]!, outputCaches[k].size);
    }
    for (const k of names) {
      expect(outputCaches[k].size, k).toBeLessThanOrEqual(limits[k]!);
      expect(seen[k], k).toBeLessThanOrEqual(limits[k]!);
    }
    // they were driven to their caps, not left near empty
    expect(seen.rows).toBeGreaterThanOrEqual(limits.rows! / 2);
    expect(seen.widths).toBeGreaterThanOrEqual(limits.widths! / 2);
    // the squashed texts' sanitised forms, from text nodes: 3× the cap of distinct texts
    type Node = { nodeName: string; childNodes: { nodeName: string; nodeValue: string }[] };
    const squash = (
      await load<{ default: (node: Node) => string }>(join(INK_DIR, "build"), "squash-text-nodes.js")
    ).default;
    const sanitized = outputCaches.sanitizedTexts;
    let highest = 0;
    for (let i = 0; i < 3 * sanitized.limit; i++) {
      const text = `\u001b[3${i % 8}m› text ${i}\u001b[2J\u001b[39m`;
      expect(squash({ nodeName: "ink-text", childNodes: [{ nodeName: "#text", nodeValue: text }] })).toBe(
        `\u001b[3${i % 8}m› text ${i}\u001b[39m`,
      );
      highest = Math.max(highest, sanitized.size);
    }
    expect(highest).toBeLessThanOrEqual(sanitized.limit);
    expect(highest).toBeGreaterThanOrEqual(sanitized.limit / 2);
  });
});
