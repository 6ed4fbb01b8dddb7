/** The `:` palette: a command line with the list of commands. */
import { Box } from "ink";
import { Prompt } from "./Prompt.tsx";

export const PALETTE_HELP =
  ":checks :sessions :analytics :heartbeats :incidents :alerts :pages :locations :profile NAME :q";

export function Palette(props: { text: string; error: string | undefined; width: number }) {
  return (
    <Box flexDirection="column">
      <Prompt
        title="Command"
        prefix=":"
        text={props.text}
        hint={PALETTE_HELP}
        error={props.error}
        width={props.width}
      />
    </Box>
  );
}
