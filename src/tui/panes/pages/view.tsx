/**
 * Pane 7: status pages — the list (the client follows the `nextId` cursor, 100 per request) and the detail:
 * settings, theme colours as swatches (hex text under NO_COLOR or without colour), cards → services →
 * checks with their current status. `e` edits name, URL, custom domain, default theme and moves services
 * between cards; saving is one PUT of the whole page, confirmed first.
 */
import { Box, Text } from "ink";
import type { StatusPage } from "../../../contract/schemas/status-pages.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { ListPane } from "../../widgets/ListPane.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { type PageLine, statusPageLines } from "./lines.ts";
import { statusPageRows } from "./rows.ts";

const COLUMNS: Column<StatusPage>[] = [
  { id: "name", header: "NAME", width: "flex", minWidth: 16, priority: 99, get: (p) => sanitizeLine(p.name) },
  { id: "url", header: "URL", width: 18, priority: 90, get: (p) => sanitizeLine(p.url) },
  {
    id: "domain",
    header: "CUSTOM DOMAIN",
    width: 20,
    priority: 50,
    get: (p) => sanitizeLine(p.customDomain ?? "") || "—",
  },
  {
    id: "theme",
    header: "THEME",
    width: 6,
    priority: 40,
    get: (p) => sanitizeLine(String(p.defaultTheme ?? "—")),
  },
  {
    id: "cards",
    header: "CARDS",
    width: 5,
    priority: 60,
    align: "right",
    get: (p) => String(p.cards?.length ?? 0),
  },
];

/** Whether swatches can be drawn: colour allowed (NO_COLOR unset) and the terminal has colours. */
function colourTerminal(noColor: boolean): boolean {
  if (noColor) return false;
  const out = process.stdout;
  return Boolean(out.isTTY && typeof out.hasColors === "function" && out.hasColors());
}

function Line({ line }: { line: PageLine }) {
  const { theme } = useInfo();
  const color =
    line.tone === "head"
      ? theme.accent
      : line.tone === "dim"
        ? theme.dim
        : line.tone
          ? theme.tone[line.tone]
          : undefined;
  return (
    <Text wrap="truncate" color={color} bold={line.tone === "head"}>
      {line.text}
      {(line.swatches ?? []).map((s, i) =>
        s.hex ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of the 12 theme colours
          <Text key={i} color={s.hex}>
            {"██ "}
          </Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of the 12 theme colours
          <Text key={i}>{"?? "}</Text>
        ),
      )}
    </Text>
  );
}

function PageDetail({ id, width, height }: { id: string; width: number; height: number }) {
  const { theme, readOnly, keymap } = useInfo();
  const page = useConsole((s) => s.details.pages.get(id) ?? s.statusPages.items.find((p) => p.id === id));
  const checks = useConsole((s) => s.checks.byId);
  const statuses = useConsole((s) => s.statuses.byId);
  const scroll = useConsole((s) => s.work.detailRow.pages ?? 0);
  if (!page) return <Text color={theme.dim}>loading the status page…</Text>;
  const lines = statusPageLines(page, { colour: colourTerminal(theme.noColor), checks, statuses });
  const room = Math.max(1, height - 2);
  const start = Math.min(scroll, Math.max(0, lines.length - room));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {sanitizeLine(page.name)}
      </Text>
      <Text color={theme.dim} wrap="truncate">
        {[
          readOnly
            ? ""
            : keyHint(
                keymap,
                "pages",
                "edit-page",
                ": edit (name, URL, domain, theme, services between cards)",
              ),
          keyHint(keymap, "pages", "down up", " scroll"),
          keyHint(keymap, "pages", "back", " back"),
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      {lines.slice(start, start + room).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one detail
        <Line key={i} line={l} />
      ))}
    </Box>
  );
}

export function StatusPagesPane({ width, height }: { width: number; height: number }) {
  const { readOnly, keymap } = useInfo();
  const rows = useConsole(statusPageRows);
  const meta = useConsole((s) => s.statusPages);
  const detail = useConsole((s) => s.ui.detail.pages);
  if (detail !== undefined) return <PageDetail id={detail} width={width} height={height} />;
  return (
    <ListPane
      pane="pages"
      rows={rows}
      meta={meta}
      noun={["status page", "status pages"]}
      countSuffix={meta.nextId ? "+" : ""}
      summary={[
        meta.nextId ? "(more: move to the last row)" : "",
        keyHint(keymap, "pages", "open", ": cards, services, checks"),
        readOnly ? "" : keyHint(keymap, "pages", "edit-page", ": edit"),
      ]
        .filter(Boolean)
        .join(" · ")}
      columns={COLUMNS}
      rowKey={(p) => p.id}
      width={width}
      height={height}
    />
  );
}
