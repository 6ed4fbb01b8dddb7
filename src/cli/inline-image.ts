/**
 * An image drawn in the terminal (`vigil results show … --screenshot`, the console's `s` on a result): the
 * kitty graphics protocol (kitty, WezTerm, ghostty), iTerm2's inline images or sixel (foot, mlterm, contour,
 * Windows Terminal, xterm -ti vt340 with VIGIL_IMAGES=sixel), chosen from the environment — VIGIL_IMAGES
 * (kitty | iterm2 | sixel | none) overrides the guess — and wrapped for tmux passthrough
 * inside tmux (store/actions/osc52.ts `tmuxPassthrough`; tmux ≥ 3.3 forwards it with `set -g
 * allow-passthrough on`). Only for a terminal: with stdout not a TTY, or no protocol known, nothing is
 * drawn and the caller saves the file instead, saying why. Pure: the caller writes the bytes.
 *
 * kitty: `ESC _ G f=100,a=T,q=2,m=1 ; <base64 ≤ 4096> ESC \`, then `ESC _ G m=1 ; <chunk> ESC \` …, the
 * last with m=0 (q=2: the terminal sends no reply, which would land on the shell's prompt).
 * iTerm2: `ESC ] 1337 ; File=inline=1;size=N;preserveAspectRatio=1 : <base64> BEL`.
 * sixel: the PNG decoded (pngjs), scaled down to at most SIXEL_MAX_WIDTH pixels wide and encoded
 * (sixel.ts); only PNG can be drawn so.
 */

import { PNG } from "pngjs";
import { errorMessage } from "../shared/errors.ts";
import { insideTmux, tmuxPassthrough } from "../store/actions/osc52.ts";
import { encodeSixel } from "./sixel.ts";

const ESC = "\u001b";
const BEL = "\u0007";

/** The largest base64 payload of one kitty escape (the protocol's limit). */
export const KITTY_CHUNK = 4096;

/** A sixel image wider than this (pixels) is scaled down: ~100 columns of a 9-pixel-wide cell. */
export const SIXEL_MAX_WIDTH = 900;

export type ImageProtocol = "kitty" | "iterm2" | "sixel";
type Env = Readonly<Record<string, string | undefined>>;

/** What each protocol is called in a line to the user. */
export const PROTOCOL_NAMES: Record<ImageProtocol, string> = {
  kitty: "kitty graphics",
  iterm2: "iTerm2",
  sixel: "sixel",
};

/** Terminals that draw sixel and say who they are in TERM (prefixes). */
const SIXEL_TERMS = ["foot", "mlterm", "yaft", "contour", "mintty"];

/**
 * The protocol the terminal speaks, from its environment; undefined when none is known (or VIGIL_IMAGES=none).
 * VIGIL_IMAGES=kitty|iterm2|sixel names it where the guess cannot (xterm built with sixel, a terminal over SSH
 * whose TERM says little).
 */
export function imageProtocol(env: Env): ImageProtocol | undefined {
  const forced = (env.VIGIL_IMAGES ?? "").trim().toLowerCase();
  if (forced === "kitty" || forced === "iterm2" || forced === "sixel") return forced;
  if (forced === "none" || forced === "off") return undefined;
  const term = env.TERM ?? "";
  const program = env.TERM_PROGRAM ?? "";
  if (term === "xterm-kitty" || env.KITTY_WINDOW_ID) return "kitty";
  if (program === "WezTerm" || program === "ghostty" || term === "xterm-ghostty") return "kitty";
  if (program === "iTerm.app" || env.LC_TERMINAL === "iTerm2") return "iterm2";
  if (SIXEL_TERMS.some((t) => term.startsWith(t)) || env.WT_SESSION) return "sixel";
  return undefined;
}

/** The kitty graphics escapes that show `png` at the cursor, one per ≤ `chunk`-byte base64 piece. */
export function kittyImage(png: Uint8Array, chunk = KITTY_CHUNK): string[] {
  const b64 = Buffer.from(png).toString("base64");
  const size = Math.max(4, chunk - (chunk % 4));
  const pieces: string[] = [];
  for (let at = 0; at < b64.length || pieces.length === 0; at += size) pieces.push(b64.slice(at, at + size));
  return pieces.map((p, i) => {
    const more = i < pieces.length - 1 ? 1 : 0;
    const keys = i === 0 ? `f=100,a=T,q=2,m=${more}` : `m=${more}`;
    return `${ESC}_G${keys};${p}${ESC}\\`;
  });
}

/** iTerm2's inline image escape for `bytes`. */
export function iterm2Image(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString("base64");
  return `${ESC}]1337;File=inline=1;size=${bytes.length};preserveAspectRatio=1:${b64}${BEL}`;
}

/**
 * One sixel image of `png` (a DCS … ST string), scaled down to `maxWidth` pixels (nearest neighbour, the
 * aspect kept); throws when the bytes are not a PNG.
 */
export function sixelImage(png: Uint8Array, maxWidth = SIXEL_MAX_WIDTH): string {
  const img = PNG.sync.read(Buffer.from(png));
  const { data, width, height } = scaled(img.data, img.width, img.height, maxWidth);
  return encodeSixel(data, width, height);
}

/** RGBA pixels scaled down by nearest neighbour to at most `maxWidth` wide (unchanged when narrower). */
export function scaled(
  data: Uint8Array,
  width: number,
  height: number,
  maxWidth: number,
): { data: Uint8Array; width: number; height: number } {
  if (width <= maxWidth) return { data, width, height };
  const w = Math.max(1, Math.floor(maxWidth));
  const h = Math.max(1, Math.round((height * w) / width));
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.floor((y * height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.floor((x * width) / w));
      out.set(data.subarray((sy * width + sx) * 4, (sy * width + sx) * 4 + 4), (y * w + x) * 4);
    }
  }
  return { data: out, width: w, height: h };
}

export type InlineImage =
  | { drawn: true; protocol: ImageProtocol; sequence: string }
  | { drawn: false; reason: string };

/**
 * What to write to draw `png` on this terminal (ending with a newline), or why it cannot be drawn: not a
 * TTY, or a terminal with no known image protocol.
 */
export function inlineImage(png: Uint8Array, o: { env: Env; isTTY: boolean }): InlineImage {
  if (!o.isTTY) return { drawn: false, reason: "standard output is not a terminal" };
  const protocol = imageProtocol(o.env);
  if (!protocol)
    return {
      drawn: false,
      reason:
        "this terminal has no known image protocol (kitty, WezTerm, ghostty, iTerm2, sixel; VIGIL_IMAGES names one)",
    };
  const tmux = insideTmux(o.env);
  let parts: string[];
  if (protocol === "kitty") parts = kittyImage(png);
  else if (protocol === "iterm2") parts = [iterm2Image(png)];
  else {
    try {
      parts = [sixelImage(png)];
    } catch (e) {
      return {
        drawn: false,
        reason: `sixel draws PNG only, and this image is not one (${errorMessage(e)})`,
      };
    }
  }
  const sequence = parts.map((p) => (tmux ? tmuxPassthrough(p) : p)).join("");
  return { drawn: true, protocol, sequence: `${sequence}\n` };
}
