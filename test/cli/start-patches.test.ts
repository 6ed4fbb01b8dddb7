/**
 * The dependencies the bundle loads patched (scripts/start-patches.ts) compute what the published
 * packages do. string-width, its emoji expression built on first need: the same widths as the package, for every code point of planes 0 and 1 alone, every emoji
 * character with the emoji variation selector, a skin tone or a keycap behind it, every flag, ZWJ and tag
 * sequences, and the console's own symbols. yoga-layout, its module read without fetch: the same layout
 * of a small tree.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { lazyRgiEmoji, yogaWithoutFetch } from "../../scripts/start-patches.ts";

const MODULES = join(import.meta.dirname, "../../node_modules");
const DIR = join(MODULES, "string-width");

/** A module from `source`, bundled with its dependencies and imported. */
async function bundled<T>(source: string, resolveDir: string): Promise<T> {
  const out = await build({
    stdin: { contents: source, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  const code = out.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as T;
}

const load = async (source: string) =>
  (await bundled<{ default: (s: string) => number }>(source, DIR)).default;

describe("string-width with its emoji expression built on first need", () => {
  it("measures every text as the published package does", async () => {
    const source = readFileSync(join(DIR, "index.js"), "utf8");
    const [published, lazy] = await Promise.all([load(source), load(lazyRgiEmoji(source))]);
    const texts: string[] = [
      "vigil › Overview",
      "◌ connecting",
      "✔ passing · ✖ failing · ▲ degraded · ⊘ deactivated",
      "👨‍👩‍👧 🏳️‍🌈 ❤️‍🔥 👁️‍🗨️ 🧑‍💻 🏴‍☠️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿 👍🏽 1️⃣ #️⃣ ☺ ☺️ 한국어 日本語 ﾊﾟ e\u0301",
    ];
    // every emoji character is in planes 0 and 1; a text holding U+FE0F or a skin tone (Emoji_Presentation)
    // always gets the full test, so these are where the two could differ
    const emoji = /\p{Emoji}/u;
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      texts.push(c);
      if (emoji.test(c)) texts.push(`${c}\uFE0F`, `${c}\u{1F3FB}`, `${c}\uFE0F\u20E3`);
    }
    for (let a = 0x1f1e6; a <= 0x1f1ff; a++)
      for (let b = 0x1f1e6; b <= 0x1f1ff; b++) texts.push(String.fromCodePoint(a, b));
    const differ = texts.filter((t) => lazy(t) !== published(t));
    expect(differ).toEqual([]);
  }, 60_000);

  it("a string-width without the expected line fails the build", () => {
    expect(() => lazyRgiEmoji("export default () => 0;")).toThrow(/string-width changed/);
  });
});

type Yoga = {
  Node: { create(): YogaNode };
  FLEX_DIRECTION_ROW: number;
};
type YogaNode = {
  setWidth(w: number): void;
  setHeight(h: number): void;
  setFlexGrow(g: number): void;
  setFlexDirection(d: number): void;
  insertChild(n: YogaNode, i: number): void;
  calculateLayout(w: number, h: number): void;
  getComputedLayout(): { left: number; top: number; width: number; height: number };
};

/** A row of 120×40 with a fixed child and a growing one: their computed boxes. */
function layout(yoga: Yoga) {
  const root = yoga.Node.create();
  root.setWidth(120);
  root.setHeight(40);
  root.setFlexDirection(yoga.FLEX_DIRECTION_ROW);
  const fixed = yoga.Node.create();
  fixed.setWidth(30);
  const grows = yoga.Node.create();
  grows.setFlexGrow(1);
  root.insertChild(fixed, 0);
  root.insertChild(grows, 1);
  root.calculateLayout(120, 40);
  return [root, fixed, grows].map((n) => n.getComputedLayout());
}

describe("yoga-layout reading its module without fetch", () => {
  const binaries = join(MODULES, "yoga-layout/dist/binaries");
  const file = join(binaries, "yoga-wasm-base64-esm.js");
  /** The package's loader over `binary` (its wasm loader's source), wrapped as the package wraps it. */
  const loadYoga = async (binary: string) => {
    const impl = await bundled<{ default: () => Promise<unknown> }>(binary, binaries);
    const { default: wrap } = (await import(join(MODULES, "yoga-layout/dist/src/wrapAssembly.js"))) as {
      default: (lib: unknown) => Yoga;
    };
    return wrap(await impl.default());
  };

  it("lays out as the published package does", async () => {
    const source = readFileSync(file, "utf8");
    expect(yogaWithoutFetch(source)).not.toBe(source);
    const [published, patched] = await Promise.all([loadYoga(source), loadYoga(yogaWithoutFetch(source))]);
    expect(layout(patched)).toEqual(layout(published));
    expect(layout(patched)[2]).toMatchObject({ left: 30, width: 90, height: 40 });
  });

  it("a yoga-layout whose loader changed fails the build", () => {
    expect(() => yogaWithoutFetch("export default () => 0;")).toThrow(/yoga-layout changed/);
  });
});
