/**
 * The `?` overlay: every key of the current pane, then the global keys — as the keymap has them; scrolled
 * by the move keys when it does not fit, with a marker of what is above and below (help-lines.ts).
 */
import { Box, Text } from "ink";
import { useInfo } from "../context.tsx";
import type { PaneId } from "../panes/registry.ts";
import { helpLines, helpWindow } from "./help-lines.ts";

export function Help({
  pane,
  top,
  width,
  height,
}: {
  pane: PaneId;
  top: number;
  width: number;
  height: number;
}) {
  const { theme, readOnly, keymap } = useInfo();
  const shown = helpWindow(helpLines(pane, readOnly, keymap, width), top, height, keymap);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {shown.lines.map((l, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in the window is its identity
          key={i}
          bold={l.bold}
          color={l.bold ? theme.accent : undefined}
          wrap="truncate"
        >
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
