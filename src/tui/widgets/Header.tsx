/** The top line: breadcrumbs (pane › detail) on the left, the pane numbers on the right (current in [ ]). */
import { Box, Text } from "ink";
import { displayWidth, truncate } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";
import { paneSpec, paneTabs } from "../panes/lookup.ts";
import type { PaneId } from "../panes/registry.ts";

export function Header({ pane, crumbs, width }: { pane: PaneId; crumbs: readonly string[]; width: number }) {
  const { theme } = useInfo();
  const tabs = paneTabs(pane);
  const left = ["vigil", paneSpec(pane).title, ...crumbs.map((c) => sanitizeLine(c))].join(" › ");
  const room = Math.max(10, width - displayWidth(tabs) - 1);
  const shown = truncate(left, room);
  return (
    <Box width={width} height={1} justifyContent="space-between">
      <Text bold color={theme.accent} wrap="truncate">
        {shown}
      </Text>
      <Text color={theme.dim}>{tabs}</Text>
    </Box>
  );
}
