/**
 * A small menu (store/act/choice.ts): title, what it is about (wrapped: a link is shown whole), the options
 * with their keys and values (cut to the width).
 */
import { Box, Text } from "ink";
import { displayWidth, truncate } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import type { Choice } from "../../store/types.ts";
import { useInfo } from "../context.tsx";

export function Choose(props: {
  title: string;
  lines: readonly string[];
  options: readonly Choice[];
  cursor: number;
  width: number;
  height: number;
}) {
  const { theme } = useInfo();
  const inner = Math.max(10, props.width - 4);
  const labelWidth = Math.min(
    38,
    Math.max(...props.options.map((o) => displayWidth(sanitizeLine(o.label))), 0),
  );
  const room = Math.max(1, props.height - 4 - props.lines.length);
  const first = Math.max(0, Math.min(props.cursor - room + 1, props.options.length - room));
  const shown = props.options.slice(first, first + room);
  return (
    <Box flexDirection="column" width={props.width} borderStyle="round" borderColor={theme.accent}>
      <Text bold wrap="truncate">{`${sanitizeLine(props.title)}`}</Text>
      {props.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines
        <Text key={i} color={theme.dim} wrap="wrap">{`  ${sanitizeLine(l)}`}</Text>
      ))}
      {shown.map((o, i) => {
        const at = first + i === props.cursor;
        const key = o.key === undefined ? "   " : ` ${sanitizeLine(o.key).slice(0, 1)} `;
        const label = sanitizeLine(o.label);
        const pad = " ".repeat(Math.max(0, labelWidth - displayWidth(label)));
        const detail = o.detail === undefined ? "" : `  ${sanitizeLine(o.detail)}`;
        return (
          <Text
            // biome-ignore lint/suspicious/noArrayIndexKey: options are a fixed list (labels may repeat)
            key={first + i}
            inverse={at && theme.selection === undefined}
            backgroundColor={at ? theme.selection : undefined}
            wrap="truncate"
          >
            {truncate(`${at ? "›" : " "}${key} ${label}${pad}${detail}`, inner)}
          </Text>
        );
      })}
      <Text color={theme.dim} wrap="truncate">
        {"  a key, or j/k and Enter: pick   Esc: close"}
      </Text>
    </Box>
  );
}
