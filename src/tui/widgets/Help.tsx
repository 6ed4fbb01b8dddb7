/** The `?` overlay: every key of the current pane, then the global keys — as the keymap has them. */
import { Box, Text } from "ink";
import { displayWidth, fitWidth } from "../../shared/format.ts";
import { useInfo } from "../context.tsx";
import { helpFor } from "../keymap.ts";
import { paneSpec } from "../panes/lookup.ts";
import type { PaneId } from "../panes/registry.ts";

/** `text` in lines of at most `width` cells, broken at spaces (a longer word is cut by the line). */
export function wrapWords(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const word of text.split(" ")) {
    if (cur && displayWidth(cur) + 1 + displayWidth(word) > width) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  out.push(cur);
  return out;
}

export function Help({ pane, width, height }: { pane: PaneId; width: number; height: number }) {
  const { theme, readOnly, keymap } = useInfo();
  const h = helpFor(pane, readOnly, keymap);
  // a long line goes on under itself, cut at words
  const room = Math.max(20, width - 15);
  const line = (k: { keys: string; what: string }) =>
    wrapWords(k.what, room).map((part, i) => ({ text: `  ${fitWidth(i ? "" : k.keys, 12)} ${part}` }));
  const lines: { text: string; bold?: boolean }[] = [
    {
      text: `Keys — ${paneSpec(pane).title}${readOnly ? " (read-only: mutating keys are off)" : ""}`,
      bold: true,
    },
    ...h.pane.flatMap(line),
    { text: "Everywhere", bold: true },
    ...h.global.flatMap(line),
    { text: "Esc closes this help" },
  ];
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(0, height).map((l) => (
        <Text key={l.text} bold={l.bold} color={l.bold ? theme.accent : undefined} wrap="truncate">
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
