/** A one-line text prompt (tag expression, analytics window, palette) with a hint or an error below. */
import { Box, Text } from "ink";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";

export function Prompt(props: {
  title: string;
  prefix: string;
  text: string;
  hint: string | undefined;
  error: string | undefined;
  width: number;
}) {
  const { theme } = useInfo();
  return (
    <Box flexDirection="column" width={props.width} borderStyle="round" borderColor={theme.accent}>
      <Text bold wrap="truncate">
        {props.title}
      </Text>
      <Text wrap="truncate">{`${props.prefix}${sanitizeLine(props.text)}█`}</Text>
      {props.error ? (
        <Text color={theme.error} wrap="truncate">{`✖ ${sanitizeLine(props.error)}`}</Text>
      ) : (
        <Text color={theme.dim} wrap="truncate">
          {props.hint ? sanitizeLine(props.hint) : " "}
        </Text>
      )}
      <Text color={theme.dim}>Enter: accept Esc: cancel</Text>
    </Box>
  );
}
