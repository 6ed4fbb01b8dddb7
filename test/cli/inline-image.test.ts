/** The inline image escapes of `vigil results show … --screenshot` (src/cli/inline-image.ts): pure. */
import { describe, expect, it } from "vitest";
import {
  imageProtocol,
  inlineImage,
  iterm2Image,
  KITTY_CHUNK,
  kittyImage,
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
      /no known image protocol \(kitty, WezTerm, ghostty, iTerm2\)/,
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
