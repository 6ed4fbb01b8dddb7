/**
 * The console's side of an image (a result's screenshot, `s`): the console hands the terminal over
 * (mount.suspend, as for `e`'s editor), the image is drawn at the top of a cleared screen with its title,
 * and the console comes back when Enter is pressed — the wait is a child shell's `read` on the terminal,
 * so Ink's input never sees the key. Without an image protocol, or on a non-PNG for sixel, the image is
 * saved to a private (0600) file in a fresh temporary directory and the line names it with the reason.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sanitizeLine } from "../shared/sanitize.ts";
import { inlineImage, PROTOCOL_NAMES } from "./inline-image.ts";

type Env = Readonly<Record<string, string | undefined>>;

export type ImageTerminal = {
  env: Env;
  write: (data: string) => void;
  /** Hands the terminal over while `run` runs (the console's mount). */
  suspend: <T>(run: () => T) => Promise<T>;
  /** Waits for Enter on the terminal (default: `sh -c read`, the terminal inherited). */
  waitForEnter?: () => void;
};

const waitWithShell = () => {
  spawnSync("/bin/sh", ["-c", "read _"], { stdio: "inherit" });
};

/** Show `png` (see the module comment); resolves with the one line the status line shows after. */
export async function showImage(png: Uint8Array, title: string, t: ImageTerminal): Promise<string> {
  const shown = inlineImage(png, { env: t.env, isTTY: true });
  if (!shown.drawn) {
    const dir = mkdtempSync(join(tmpdir(), "vigil-screenshot-"));
    const path = join(dir, "screenshot.png");
    writeFileSync(path, png, { mode: 0o600 });
    return `screenshot saved to ${path} (not drawn: ${shown.reason})`;
  }
  const name = PROTOCOL_NAMES[shown.protocol];
  await t.suspend(() => {
    t.write(`\x1b[H\x1b[2J${sanitizeLine(title)} (${png.length} bytes, ${name}):\r\n`);
    t.write(shown.sequence);
    t.write("\r\npress Enter to return to the console");
    (t.waitForEnter ?? waitWithShell)();
  });
  return `screenshot drawn (${name}); back in the console`;
}
