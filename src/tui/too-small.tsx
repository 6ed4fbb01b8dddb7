/**
 * What the console shows in a terminal smaller than it needs: the size needed, the current size and how to
 * quit, in lines short enough for narrow terminals (each wraps further if even that is too wide).
 */
import { Box, Text } from "ink";

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

export function tooSmall(columns: number, rows: number): boolean {
  return columns < MIN_COLUMNS || rows < MIN_ROWS;
}

export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box flexDirection="column" width={Math.max(1, columns)}>
      <Text wrap="wrap">{`vigil needs a terminal of at least ${MIN_COLUMNS}×${MIN_ROWS}`}</Text>
      <Text wrap="wrap">{`this one is ${columns}×${rows} · q quits`}</Text>
    </Box>
  );
}
