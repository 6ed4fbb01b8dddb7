/**
 * compactStreams under the real Ink, one terminal for both of its streams: a message Ink writes to stderr
 * while it draws (a console.error, a Node warning — Ink erases its frame on stdout, writes the message on
 * stderr, draws the frame again) lands on the screen exactly as without the gathering of frames.
 */
import { EventEmitter } from "node:events";
import { Box, render, Text, useStderr } from "ink";
import { describe, expect, it } from "vitest";
import { compactStreams } from "../../src/tui/compact-output.ts";
import { replay } from "../e2e/support/xterm.ts";
import { until } from "../support/until.ts";
import { KeyStdin } from "./support/render.tsx";

/** One terminal: stdout and stderr both land on it, in the order they are written. */
function terminal() {
  const tty: string[] = [];
  class Out extends EventEmitter {
    columns = 40;
    rows = 12;
    isTTY = true;
    write = (s: string, ...rest: unknown[]) => {
      tty.push(String(s).replace(/\r?\n/g, "\r\n")); // the tty turns LF into CRLF (onlcr)
      (rest.find((r) => typeof r === "function") as (() => void) | undefined)?.();
      return true;
    };
  }
  return { tty, stdout: new Out(), stderr: new Out() };
}

/** Where the app hands out Ink's stderr writer. */
type Warner = { warn?: (s: string) => void };

function App({ got }: { got: Warner }) {
  got.warn = useStderr().write;
  return (
    <Box flexDirection="column">
      <Text>line one of the frame</Text>
      <Text>line two of the frame</Text>
      <Text>line three of the frame</Text>
    </Box>
  );
}

async function screenAfterWarning(gathered: boolean): Promise<string[]> {
  const t = terminal();
  t.tty.push("$ earlier shell output\r\n$ vigil\r\n");
  const got: Warner = {};
  const streams = gathered
    ? compactStreams(t.stdout as never, t.stderr as never)
    : { stdout: t.stdout as never, stderr: t.stderr as never };
  const inst = render(<App got={got} />, {
    ...streams,
    stdin: new KeyStdin() as never,
    interactive: true,
    patchConsole: false,
    incrementalRendering: true,
    exitOnCtrlC: false,
  });
  await until("the first frame", 10_000, () => t.tty.join("").includes("line three of the frame"));
  got.warn?.("(node) Warning: something to read\n");
  inst.unmount();
  return (await replay(new TextEncoder().encode(t.tty.join("")), 40, 12)).lines;
}

describe("compactStreams with Ink", () => {
  it("a message written to stderr mid-frame shows as it does without gathering, and the frame once", async () => {
    const plain = await screenAfterWarning(false);
    expect(plain.join("\n")).toContain("(node) Warning: something to read");
    expect(plain.filter((l) => l === "line one of the frame")).toHaveLength(1);
    expect(await screenAfterWarning(true)).toEqual(plain);
  });
});
