/** A confirmation before a mutating action: the question, what it touches, and y / n. */
import { Box, Text } from "ink";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";

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
      {props.lines.slice(0, room).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines (names may repeat)
        <Text key={i} wrap="truncate">{`  ${sanitizeLine(l)}`}</Text>
      ))}
      <Text color={theme.warn}>{"  y / Enter: yes   n / Esc: no"}</Text>
    </Box>
  );
}
