/**
 * The `?` help as lines, and the window of them a body of `rows` shows: pure, so the view (Help.tsx) and
 * the keys that scroll it (keys.ts) count the same lines. When they do not all fit, the last row says what
 * is above and below and which keys scroll (the global move keys, as the keymap has them: j/k, PgDn/PgUp,
 * g/G by default); the help then starts at its top and stops at its last line.
 */
import { displayKey } from "../../config/keys.ts";
import { fitWidth, wrapWords } from "../../shared/format.ts";
import type { Keymap } from "../keymap.ts";
import { helpFor } from "../keymap.ts";
import { paneSpec } from "../panes/lookup.ts";
import type { PaneId } from "../panes/registry.ts";
import { actionsOf } from "../panes/spec.ts";

export type HelpLine = { text: string; bold?: boolean };

/** Every line of the help of `pane` at `width`: its keys, then the global ones, then how to close it. */
export function helpLines(
  pane: PaneId,
  readOnly: boolean,
  keymap: Keymap | undefined,
  width: number,
): HelpLine[] {
  const h = helpFor(pane, readOnly, keymap);
  // a long line goes on under itself, cut at words
  const room = Math.max(20, width - 15);
  const line = (k: { keys: string; what: string }) =>
    wrapWords(k.what, room).map((part, i) => ({ text: `  ${fitWidth(i ? "" : k.keys, 12)} ${part}` }));
  return [
    {
      text: `Keys — ${paneSpec(pane).title}${readOnly ? " (read-only: mutating keys are off)" : ""}`,
      bold: true,
    },
    ...h.pane.flatMap(line),
    { text: "Everywhere", bold: true },
    ...h.global.flatMap(line),
    { text: "Esc closes this help" },
  ];
}

/** How many lines a body of `rows` shows of `count`: all, or all but the marker row. */
const shownRows = (count: number, rows: number) => (count <= rows ? count : Math.max(1, rows - 1));

/** The top line after `action` (down, up, page-down, page-up, first, last) from `top`, kept in range. */
export function scrollHelp(top: number, action: string, count: number, rows: number): number {
  const shown = shownRows(count, rows);
  const max = Math.max(0, count - shown);
  const page = Math.max(1, shown - 1);
  const to =
    action === "down"
      ? top + 1
      : action === "up"
        ? top - 1
        : action === "page-down"
          ? top + page
          : action === "page-up"
            ? top - page
            : action === "first"
              ? 0
              : action === "last"
                ? max
                : top;
  return Math.max(0, Math.min(max, to));
}

/** The first key of a global action, as the help writes it. */
function keyOf(keymap: Keymap | undefined, action: string, fallback: string): string {
  for (const b of keymap?.global ?? [])
    for (const [a, keys] of actionsOf(b))
      if (a === action && keys[0] !== undefined) return displayKey(keys[0]);
  return fallback;
}

/**
 * The lines a body of `rows` shows from `top` (kept in range): when not all fit, the last row is the
 * marker — `▲ 3 more above · ▼ 12 more below · j/k PgDn/PgUp g/G scroll`.
 */
export function helpWindow(
  lines: readonly HelpLine[],
  top: number,
  rows: number,
  keymap?: Keymap,
): { lines: HelpLine[]; top: number } {
  if (lines.length <= rows) return { lines: [...lines], top: 0 };
  const shown = shownRows(lines.length, rows);
  const from = Math.max(0, Math.min(lines.length - shown, top));
  const above = from;
  const below = lines.length - shown - from;
  const k = (a: string, f: string) => keyOf(keymap, a, f);
  const keys = `${k("down", "j")}/${k("up", "k")} ${k("page-down", "PgDn")}/${k("page-up", "PgUp")} ${k("first", "g")}/${k("last", "G")} scroll`;
  const marker = [
    above > 0 ? `▲ ${above} more above` : "",
    below > 0 ? `▼ ${below} more below` : "▼ end",
    keys,
  ]
    .filter((x) => x !== "")
    .join(" · ");
  return { lines: [...lines.slice(from, from + shown), { text: marker, bold: true }], top: from };
}
