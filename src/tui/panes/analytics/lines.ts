/**
 * The analytics pane's text lines at a narrow width (pure, tested without Ink): the settings line and the
 * cursor's line wrap between their " · " parts — never "· resul…" for the results filter, nor a p95 cut —
 * and the legend under them gives its place to the cursor's second line, so the charts above keep their
 * height as the cursor moves.
 */
import { displayWidth, partLines, truncate, wrapParts } from "../../../shared/format.ts";

/** A line fits whole (the title's key hint is dropped whole when it would not, before a name is cut). */
export const fitsWhole = (text: string, width: number) => displayWidth(text) <= width;

/**
 * The cursor's line (at most two lines, the second indented) and the legend under it, in the lines the
 * legend takes alone plus one: the cursor's second line takes the legend's last line when it needs it (the
 * legend then ends with "…" where it was cut).
 */
export function cursorAndLegend(
  cursorParts: readonly string[],
  legendParts: readonly string[],
  width: number,
): { cursor: string[]; legend: string[] } {
  const legend = wrapParts(legendParts, width);
  const ids = partLines(cursorParts, width, " · ", "  ");
  const text = (line: readonly number[]) => line.map((i) => cursorParts[i]).join(" · ");
  const cursor =
    ids.length <= 1
      ? [truncate(text(ids[0] ?? []), width)]
      : [truncate(text(ids[0] ?? []), width), truncate(`  ${text(ids.slice(1).flat())}`, width)];
  if (cursor.length === 1) return { cursor, legend };
  const kept = legend.slice(0, legend.length - 1);
  if (kept.length > 0) kept[kept.length - 1] = truncate(`${kept[kept.length - 1]} · …`, width);
  return { cursor, legend: kept };
}

/** The lines the legend and the cursor take together, whatever the cursor says (cursorAndLegend). */
export const cursorAndLegendLines = (legendParts: readonly string[], width: number) =>
  1 + wrapParts(legendParts, width).length;
