/**
 * The inline image escapes of `vigil results show … --screenshot` and the console's `s`
 * (src/cli/inline-image.ts): pure. Sixel output is decoded back with the sixel package's own decoder.
 */
import { PNG } from "pngjs";
import { decode } from "sixel";
import { describe, expect, it } from "vitest";
import {
  imageProtocol,
  inlineImage,
  iterm2Image,
  KITTY_CHUNK,
  kittyImage,
  SIXEL_MAX_WIDTH,
  scaled,
  sixelImage,
} from "../../src/cli/inline-image.ts";

const ESC = "\u001b";
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 256);
/** The base64 payload of each kitty escape, and its keys. */
const kittyParts = (seqs: string[]) =>
  seqs.map((s) => {
    const m = new RegExp(`^${ESC}_G([^;]*);([A-Za-z0-9+/=]*)${ESC}\\\\$`).exec(s);
    if (!m) throw new Error(`not a kitty escape: ${JSON.stringify(s.slice(0, 40))}`);
    return { keys: m[1]!, payload: m[2]! };
  });

describe("imageProtocol", () => {
  it.each([
    [{ TERM: "xterm-kitty" }, "kitty"],
    [{ TERM: "xterm-256color", KITTY_WINDOW_ID: "3" }, "kitty"],
    [{ TERM: "xterm-256color", TERM_PROGRAM: "WezTerm" }, "kitty"],
    [{ TERM: "xterm-ghostty", TERM_PROGRAM: "ghostty" }, "kitty"],
    [{ TERM: "xterm-256color", TERM_PROGRAM: "iTerm.app" }, "iterm2"],
    [{ TERM: "tmux-256color", TERM_PROGRAM: "tmux", LC_TERMINAL: "iTerm2" }, "iterm2"],
    [{ TERM: "xterm-256color", TERM_PROGRAM: "Apple_Terminal" }, undefined],
    [{ TERM: "tmux-256color", TERM_PROGRAM: "tmux" }, undefined],
    [{ TERM: "foot" }, "sixel"],
    [{ TERM: "mlterm" }, "sixel"],
    [{ TERM: "xterm-256color", WT_SESSION: "abc" }, "sixel"],
    [{ TERM: "xterm-256color", VIGIL_IMAGES: "sixel" }, "sixel"],
    [{ TERM: "xterm-kitty", VIGIL_IMAGES: "none" }, undefined],
    [{ TERM: "foot", VIGIL_IMAGES: "iterm2" }, "iterm2"],
    [{ TERM: "xterm", VIGIL_IMAGES: " Kitty " }, "kitty"],
    [{}, undefined],
  ])("%j → %s", (env, want) => {
    expect(imageProtocol(env)).toBe(want);
  });
});

describe("kittyImage", () => {
  it("chunks the base64 at 4096: the first carries the format and action, the last m=0, all join back", () => {
    const png = bytes(10_000); // 13,336 base64 bytes → 4 chunks
    const parts = kittyParts(kittyImage(png));
    expect(parts.map((p) => p.keys)).toEqual(["f=100,a=T,q=2,m=1", "m=1", "m=1", "m=0"]);
    expect(parts.slice(0, -1).every((p) => p.payload.length === KITTY_CHUNK)).toBe(true);
    expect(parts.at(-1)!.payload.length).toBe(13_336 - 3 * KITTY_CHUNK);
    expect(Buffer.from(parts.map((p) => p.payload).join(""), "base64")).toEqual(Buffer.from(png));
  });

  it("one small image is one escape with m=0; a chunk size off a multiple of 4 is rounded down", () => {
    const one = kittyParts(kittyImage(bytes(30)));
    expect(one).toEqual([{ keys: "f=100,a=T,q=2,m=0", payload: Buffer.from(bytes(30)).toString("base64") }]);
    const odd = kittyParts(kittyImage(bytes(30), 10));
    expect(odd.every((p) => p.payload.length <= 8 && p.payload.length % 4 === 0)).toBe(true);
    expect(Buffer.from(odd.map((p) => p.payload).join(""), "base64")).toEqual(Buffer.from(bytes(30)));
  });
});

describe("iterm2Image", () => {
  it("one OSC 1337 File= escape with the byte size, ended by BEL", () => {
    const b = bytes(100);
    expect(iterm2Image(b)).toBe(
      `${ESC}]1337;File=inline=1;size=100;preserveAspectRatio=1:${Buffer.from(b).toString("base64")}\u0007`,
    );
  });
});

describe("inlineImage", () => {
  const png = bytes(5000);
  it("not a TTY, or a terminal without a protocol: not drawn, with why", () => {
    expect(inlineImage(png, { env: { TERM: "xterm-kitty" }, isTTY: false })).toEqual({
      drawn: false,
      reason: "standard output is not a terminal",
    });
    const plain = inlineImage(png, { env: { TERM: "xterm-256color" }, isTTY: true });
    expect(plain.drawn).toBe(false);
    expect(!plain.drawn && plain.reason).toMatch(
      /no known image protocol \(kitty, WezTerm, ghostty, iTerm2, sixel; VIGIL_IMAGES names one\)/,
    );
  });

  it("kitty: the chunks in a row then a newline; inside tmux each chunk wrapped with ESC doubled", () => {
    const direct = inlineImage(png, { env: { TERM: "xterm-kitty" }, isTTY: true });
    expect(direct).toEqual({ drawn: true, protocol: "kitty", sequence: `${kittyImage(png).join("")}\n` });
    const inTmux = inlineImage(png, {
      env: { TERM: "tmux-256color", KITTY_WINDOW_ID: "1", TMUX: "/tmp/tmux-1/default,1,0" },
      isTTY: true,
    });
    expect(inTmux.drawn).toBe(true);
    const seq = inTmux.drawn ? inTmux.sequence : "";
    const wrapped = kittyImage(png).map((k) => `${ESC}Ptmux;${k.replaceAll(ESC, ESC + ESC)}${ESC}\\`);
    expect(seq).toBe(`${wrapped.join("")}\n`);
    expect(wrapped).toHaveLength(2);
  });

  it("iTerm2: one escape, wrapped whole inside tmux", () => {
    const r = inlineImage(png, { env: { TERM_PROGRAM: "iTerm.app" }, isTTY: true });
    expect(r).toEqual({ drawn: true, protocol: "iterm2", sequence: `${iterm2Image(png)}\n` });
    const t = inlineImage(png, { env: { LC_TERMINAL: "iTerm2", TMUX: "x" }, isTTY: true });
    expect(t.drawn && t.sequence).toBe(
      `${ESC}Ptmux;${iterm2Image(png).replaceAll(ESC, ESC + ESC)}${ESC}\\\n`,
    );
  });
});

/** A w×h PNG: red left half, blue right half. */
function halves(w: number, h: number): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) p.data.set(x < w / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * w + x) * 4);
  return PNG.sync.write(p);
}

describe("sixel", () => {
  it("a PNG becomes one DCS sixel image of its size whose pixels decode back to its colours", () => {
    const seq = sixelImage(halves(20, 12));
    expect(seq.startsWith(`${ESC}P`)).toBe(true);
    expect(seq.endsWith(`${ESC}\\`)).toBe(true);
    const img = decode(seq.slice(seq.indexOf("q") + 1, -2));
    expect([img.width, img.height]).toEqual([20, 12]);
    const px = (x: number, y: number) => img.data32[y * img.width + x]! >>> 0;
    // RGBA8888 little-endian: 0xAABBGGRR
    expect(px(0, 0) & 0xffffff).toBe(0x0000ff);
    expect(px(19, 11) & 0xffffff).toBe(0xff0000);
  });

  it("wider than the cap: scaled down, aspect kept; narrower: the same pixels", () => {
    const seq = sixelImage(halves(1800, 100));
    const img = decode(seq.slice(seq.indexOf("q") + 1, -2));
    expect([img.width, img.height]).toEqual([SIXEL_MAX_WIDTH, 50]);
    const data = new Uint8Array(4 * 3 * 2).map((_, i) => i);
    expect(scaled(data, 3, 2, 10)).toEqual({ data, width: 3, height: 2 });
    const half = scaled(data, 3, 2, 1);
    expect([half.width, half.height]).toEqual([1, 1]);
    expect([...half.data]).toEqual([0, 1, 2, 3]);
  });

  it("inlineImage draws sixel for a PNG, and says why not for bytes that are not one", () => {
    const png = halves(8, 6);
    const r = inlineImage(png, { env: { TERM: "foot" }, isTTY: true });
    expect(r).toEqual({ drawn: true, protocol: "sixel", sequence: `${sixelImage(png)}\n` });
    const bad = inlineImage(bytes(100), { env: { TERM: "foot" }, isTTY: true });
    expect(bad.drawn).toBe(false);
    expect(!bad.drawn && bad.reason).toMatch(/^sixel draws PNG only, and this image is not one \(/);
  });
});
