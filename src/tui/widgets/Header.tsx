/** The top line: breadcrumbs (pane › detail) on the left, the pane numbers on the right (current in [ ]). */
import { Box, Text } from "ink";
import { displayWidth, truncate } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";
import { paneSpec, paneTabs } from "../panes/lookup.ts";
import type { PaneId } from "../panes/registry.ts";

/**
 * The breadcrumbs in `room` cells: whole where they fit; else the crumbs between the pane's title and the
 * last give way first (the longest first, down to 8 cells, with "…") — the last crumb says where you are
 * ("vigil › Results › DNS: example.c… › result", never "… › resul…") — and only then the line's end.
 */
export function crumbLine(parts: readonly string[], room: number): string {
  const out = [...parts];
  const width = () => displayWidth(out.join(" › "));
  const middle = out.map((_, i) => i).filter((i) => i >= 2 && i < out.length - 1);
  for (const i of middle.sort((a, b) => displayWidth(out[b] ?? "") - displayWidth(out[a] ?? ""))) {
    const excess = width() - room;
    if (excess <= 0) break;
    const w = displayWidth(out[i] ?? "");
    out[i] = truncate(out[i] ?? "", Math.max(8, w - excess));
  }
  return truncate(out.join(" › "), room);
}

export function Header({ pane, crumbs, width }: { pane: PaneId; crumbs: readonly string[]; width: number }) {
  const { theme } = useInfo();
  const tabs = paneTabs(pane);
  const room = Math.max(10, width - displayWidth(tabs) - 1);
  const shown = crumbLine(["vigil", paneSpec(pane).title, ...crumbs.map((c) => sanitizeLine(c))], room);
  return (
    <Box width={width} height={1} justifyContent="space-between">
      <Text bold color={theme.accent} wrap="truncate">
        {shown}
      </Text>
      <Text color={theme.dim}>{tabs}</Text>
    </Box>
  );
}
