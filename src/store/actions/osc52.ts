/**
 * Copy to the clipboard of the terminal the console is drawn on, through OSC 52: the text goes out as
 * `ESC ] 52 ; c ; <base64> BEL` on the console's own output stream (over `vigil share` the viewer's SSH
 * channel, so it lands on the viewer's clipboard, not the server's). The terminal decides: many allow it
 * (kitty, WezTerm, iTerm2 with the option on, foot, Windows Terminal, xterm with `allowWindowOps`), some
 * ask, some ignore it silently — so the console says where the text went, never that it arrived.
 *
 * Inside tmux the sequence is wrapped for passthrough (`ESC Ptmux; … ESC \` with every inner ESC doubled;
 * tmux ≥ 3.3 forwards it with `set -g allow-passthrough on`) and also sent plain, which tmux itself takes
 * when `set -g set-clipboard on` (into its paste buffer, and on to the terminal): either setting works,
 * and with both the clipboard is set twice to the same text.
 *
 * Size cap: 74,994 bytes of base64 (about 56 KB of text) — the largest payload common terminals and
 * terminal libraries accept (hterm's limit; xterm and others cut or drop longer ones). A larger text is
 * refused, not cut: a half-copied curl is worse than none.
 */

/** The largest base64 payload sent (bytes). */
export const OSC52_MAX_BASE64 = 74_994;

const ESC = "\u001b";
const BEL = "\u0007";

export type Osc52 =
  | { ok: true; sequence: string; bytes: number; base64Bytes: number }
  | { ok: false; bytes: number; base64Bytes: number; reason: string };

/** `ESC ] 52 ; c ; <base64> BEL` for `base64`. */
export const osc52Plain = (base64: string): string => `${ESC}]52;c;${base64}${BEL}`;

/** `seq` wrapped for tmux passthrough: `ESC Ptmux;` + seq with each ESC doubled + `ESC \`. */
export const tmuxPassthrough = (seq: string): string =>
  `${ESC}Ptmux;${seq.replaceAll(ESC, ESC + ESC)}${ESC}\\`;

/**
 * The bytes that copy `text` (UTF-8) to the clipboard: plain, or inside tmux the passthrough-wrapped
 * sequence followed by the plain one. Refused (with why) over the cap.
 */
export function osc52(text: string, o: { tmux?: boolean; cap?: number } = {}): Osc52 {
  const raw = Buffer.from(text, "utf8");
  const base64 = raw.toString("base64");
  const cap = o.cap ?? OSC52_MAX_BASE64;
  const sizes = { bytes: raw.length, base64Bytes: base64.length };
  if (base64.length > cap)
    return {
      ok: false,
      ...sizes,
      reason: `too large to copy: ${raw.length} bytes (${base64.length} in base64; the limit is ${cap})`,
    };
  const plain = osc52Plain(base64);
  return { ok: true, ...sizes, sequence: o.tmux ? tmuxPassthrough(plain) + plain : plain };
}

/** Whether the terminal is inside tmux: TMUX set, or (over SSH, where TMUX is not sent) a tmux TERM. */
export function insideTmux(env: Readonly<Record<string, string | undefined>>, term?: string): boolean {
  return Boolean(env.TMUX) || /^tmux/.test(term ?? env.TERM ?? "");
}
