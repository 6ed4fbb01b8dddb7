/** The `:` palette: a command line with the list of commands. */
import { Box } from "ink";
import { PANE_SPECS } from "../panes/registry.ts";
import { Prompt } from "./Prompt.tsx";

export const PALETTE_HELP = [...PANE_SPECS.map((p) => `:${p.palette}`), ":drafts :profile NAME :q"].join(" ");

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
