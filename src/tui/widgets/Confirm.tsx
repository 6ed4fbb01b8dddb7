/** A confirmation before a mutating action: the question, what it touches, and y / n. */
import { Box, Text } from "ink";
import { wrapWords } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";

/**
 * The confirmation's lines as drawn in `room` rows of `width` cells (the box's inside): each line wrapped
 * between words, its continuation indented under it — a warning's last words ("… its status stays
 * RESOLVED", "→ will become LIGHT") are what the engineer answers, so none is cut at the box's edge — and,
 * when they do not all fit, as many as fit and a last row saying how many are left out, never dropped
 * without a word.
 */
export function confirmRows(lines: readonly string[], width: number, room: number): string[] {
  const inner = Math.max(10, width);
  const rows = lines.flatMap((l) =>
    wrapWords(sanitizeLine(l), inner - 4).map((part, i) => `${i === 0 ? "  " : "    "}${part}`),
  );
  if (rows.length <= room) return rows;
  const shown = Math.max(0, room - 1);
  return [...rows.slice(0, shown), `  … ${rows.length - shown} more lines (a taller terminal shows them)`];
}

export function Confirm(props: { title: string; lines: readonly string[]; width: number; height: number }) {
  const { theme } = useInfo();
  const room = Math.max(0, props.height - 4);
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      borderStyle="round"
      borderColor={theme.warn}
    >
      <Text bold wrap="truncate">{`? ${sanitizeLine(props.title)}`}</Text>
      {confirmRows(props.lines, props.width - 2, room).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines (names may repeat)
        <Text key={i} wrap="truncate">
          {l}
        </Text>
      ))}
      <Text color={theme.warn}>{"  y / Enter: yes   n / Esc: no"}</Text>
    </Box>
  );
}
