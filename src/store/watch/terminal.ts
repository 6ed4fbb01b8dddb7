/**
 * The bytes that tell the terminal (pure): its title (OSC 0, which tmux shows as `#{pane_title}`), kept
 * and given back on the xterm title stack (CSI 22 t / 23 t), the bell, and a desktop notification — OSC 9
 * (iTerm2, kitty, WezTerm, Windows Terminal, ghostty) or OSC 777 (urxvt, foot, VTE terminals). Inside tmux
 * a notification goes through tmux's passthrough (`set -g allow-passthrough on`); the bell needs none
 * (tmux flags the window, `monitor-bell`, and rings on per `bell-action`). Untrusted text (check names) is
 * cleaned: no control character can end the sequence early or start another.
 */
import { sanitizeLine } from "../../shared/sanitize.ts";
import { tmuxPassthrough } from "../actions/osc52.ts";

const ESC = "\u001b";
const BEL = "\u0007";

export type DesktopFlavour = "osc9" | "osc777";

/** Text safe inside an OSC string (one line, no controls), at most `max` characters. */
export function oscText(text: string, max = 200): string {
  const clean = sanitizeLine(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Set the window (and icon) title. */
export const titleSequence = (title: string): string => `${ESC}]0;${oscText(title, 120)}${BEL}`;
/** Keep the terminal's title on its stack / give it back (xterm, VTE, kitty, iTerm2, WezTerm, foot). */
export const PUSH_TITLE = `${ESC}[22;0t`;
export const POP_TITLE = `${ESC}[23;0t`;

export const BELL = BEL;

/** Which desktop notification the terminal takes, from its environment (default OSC 9). */
export function desktopFlavour(
  env: Readonly<Record<string, string | undefined>>,
  term?: string,
): DesktopFlavour {
  const program = env.TERM_PROGRAM ?? "";
  if (/^(iTerm\.app|WezTerm|ghostty|vscode)$/.test(program) || env.KITTY_WINDOW_ID || env.WT_SESSION)
    return "osc9";
  if (/^(rxvt|foot)/.test(term ?? env.TERM ?? "") || env.VTE_VERSION) return "osc777";
  return "osc9";
}

/** A desktop notification: `title` and `body` (OSC 9 has one text: "title: body"). */
export function desktopSequence(
  n: { title: string; body: string },
  o: { flavour: DesktopFlavour; tmux?: boolean },
): string {
  const seq =
    o.flavour === "osc777"
      ? // the title is a field: no ';' in it
        `${ESC}]777;notify;${oscText(n.title, 80).replaceAll(";", ",")};${oscText(n.body)}${BEL}`
      : `${ESC}]9;${oscText(`${n.title} — ${n.body}`)}${BEL}`;
  return o.tmux ? tmuxPassthrough(seq) : seq;
}
