/**
 * An image drawn in the terminal (`vigil results show … --screenshot`): the kitty graphics protocol (kitty,
 * WezTerm, ghostty) or iTerm2's inline images, chosen from the environment, wrapped for tmux passthrough
 * inside tmux (store/actions/osc52.ts `tmuxPassthrough`; tmux ≥ 3.3 forwards it with `set -g
 * allow-passthrough on`). Only for a terminal: with stdout not a TTY, or no protocol known, nothing is
 * drawn and the caller saves the file instead, saying why. Pure: the caller writes the bytes.
 *
 * kitty: `ESC _ G f=100,a=T,q=2,m=1 ; <base64 ≤ 4096> ESC \`, then `ESC _ G m=1 ; <chunk> ESC \` …, the
 * last with m=0 (q=2: the terminal sends no reply, which would land on the shell's prompt).
 * iTerm2: `ESC ] 1337 ; File=inline=1;size=N;preserveAspectRatio=1 : <base64> BEL`.
 */
import { insideTmux, tmuxPassthrough } from "../store/actions/osc52.ts";

const ESC = "\u001b";
const BEL = "\u0007";

/** The largest base64 payload of one kitty escape (the protocol's limit). */
export const KITTY_CHUNK = 4096;

export type ImageProtocol = "kitty" | "iterm2";
type Env = Readonly<Record<string, string | undefined>>;

/** The protocol the terminal speaks, from its environment; undefined when none is known. */
export function imageProtocol(env: Env): ImageProtocol | undefined {
  const term = env.TERM ?? "";
  const program = env.TERM_PROGRAM ?? "";
  if (term === "xterm-kitty" || env.KITTY_WINDOW_ID) return "kitty";
  if (program === "WezTerm" || program === "ghostty" || term === "xterm-ghostty") return "kitty";
  if (program === "iTerm.app" || env.LC_TERMINAL === "iTerm2") return "iterm2";
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
      reason: "this terminal has no known image protocol (kitty, WezTerm, ghostty, iTerm2)",
    };
  const tmux = insideTmux(o.env);
  const parts = protocol === "kitty" ? kittyImage(png) : [iterm2Image(png)];
  const sequence = parts.map((p) => (tmux ? tmuxPassthrough(p) : p)).join("");
  return { drawn: true, protocol, sequence: `${sequence}\n` };
}
