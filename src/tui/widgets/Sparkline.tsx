/**
 * Charts drawn from cells (src/shared/chart-scale.ts) on a time grid (src/shared/time-grid.ts): a one-line
 * sparkline `label ▁▂▅█·▃ stats`, and a column chart several rows high with a y-axis. Every chart of a pane
 * starts at the same cell and has one cell per drawn bucket, so columns line up across metrics and groups.
 * Gaps are a dim `·`; failure and band tones come with the cells; the cursor's column is drawn inverse.
 */
import { Text } from "ink";
import type { Cell, CellTone } from "../../shared/chart-scale.ts";
import { fitWidth } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";
import type { Theme } from "../theme.ts";

function toneColor(theme: Theme, tone: CellTone): string | undefined {
  switch (tone) {
    case "ok":
      return theme.tone.ok;
    case "warn":
      return theme.tone.warn;
    case "bad":
      return theme.tone.bad;
    case "gap":
      return theme.dim;
    default:
      return theme.chart;
  }
}

/** Runs of cells of one tone as coloured text; the cursor's cell inverse. */
export function Cells(props: { cells: readonly Cell[]; cursor?: number | undefined }) {
  const { theme } = useInfo();
  const runs: { text: string; tone: CellTone; inverse: boolean }[] = [];
  props.cells.forEach((c, i) => {
    const inverse = i === props.cursor;
    const last = runs[runs.length - 1];
    if (last && last.tone === c.tone && !last.inverse && !inverse) last.text += c.ch;
    else runs.push({ text: c.ch, tone: c.tone, inverse });
  });
  return (
    <>
      {runs.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
        <Text key={i} color={toneColor(theme, r.tone)} inverse={r.inverse}>
          {r.inverse && r.text === " " ? "▏" : r.text}
        </Text>
      ))}
    </>
  );
}

/** One line: the label in `labelWidth` cells, the chart's cells, then `after` (min / max / last). */
export function Sparkline(props: {
  label: string;
  labelWidth: number;
  cells: readonly Cell[];
  cursor?: number | undefined;
  after?: string;
}) {
  const { theme } = useInfo();
  return (
    <Text wrap="truncate">
      <Text color={theme.dim}>{`${fitWidth(sanitizeLine(props.label), props.labelWidth)} `}</Text>
      <Cells cells={props.cells} cursor={props.cursor} />
      {props.after ? <Text>{` ${props.after}`}</Text> : null}
    </Text>
  );
}

/**
 * A column chart: a title line (`label` and `after`: the scale, the max), then its rows top first, each
 * behind its y-axis label (right-aligned in `labelWidth` cells).
 */
export function ColumnChart(props: {
  label: string;
  labelWidth: number;
  rows: readonly (readonly Cell[])[];
  yLabels: readonly string[];
  cursor?: number | undefined;
  after?: string;
}) {
  const { theme } = useInfo();
  return (
    <>
      <Text wrap="truncate">
        <Text>{sanitizeLine(props.label)}</Text>
        {props.after ? <Text color={theme.dim}>{`  ${props.after}`}</Text> : null}
      </Text>
      {props.rows.map((cells, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart's rows are its places
        <Text key={r} wrap="truncate">
          <Text
            color={theme.dim}
          >{`${fitWidth(props.yLabels[r] ?? "", Math.max(0, props.labelWidth - 2), "right")} ┤ `}</Text>
          <Cells cells={cells} cursor={props.cursor} />
        </Text>
      ))}
    </>
  );
}
