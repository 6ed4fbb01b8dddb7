/** The `?` overlay: every key of the current pane, then the global keys. */
import { Box, Text } from "ink";
import { fitWidth } from "../../shared/format.ts";
import { useInfo } from "../context.tsx";
import { helpFor } from "../keymap.ts";
import { paneSpec } from "../panes/lookup.ts";

export function Help({ pane, width, height }: { pane: string; width: number; height: number }) {
  const { theme, readOnly } = useInfo();
  const h = helpFor(pane, readOnly);
  const line = (k: { keys: string; what: string }) => `  ${fitWidth(k.keys, 12)} ${k.what}`;
  const lines: { text: string; bold?: boolean }[] = [
    {
      text: `Keys — ${paneSpec(pane).title}${readOnly ? " (read-only: mutating keys are off)" : ""}`,
      bold: true,
    },
    ...h.pane.map((k) => ({ text: line(k) })),
    { text: "Everywhere", bold: true },
    ...h.global.map((k) => ({ text: line(k) })),
    { text: "Esc, ? or q closes this help" },
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
