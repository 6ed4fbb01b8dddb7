/**
 * The console's `s` on a result (src/cli/console-image.ts): the terminal handed over, the image drawn with
 * its title, the wait for Enter inside the hand-over; without a protocol, a private file named with why.
 */
import { readFileSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { showImage } from "../../src/cli/console-image.ts";
import { kittyImage } from "../../src/cli/inline-image.ts";

const png = Uint8Array.from({ length: 300 }, (_, i) => (i * 13) % 256);

function terminal(env: Record<string, string>) {
  const log: string[] = [];
  let inside = false;
  return {
    log,
    t: {
      env,
      write: (d: string) => log.push(inside ? d : `OUTSIDE:${d}`),
      suspend: async <T>(run: () => T) => {
        inside = true;
        try {
          return run();
        } finally {
          inside = false;
        }
      },
      waitForEnter: () => log.push("WAITED"),
    },
  };
}

describe("showImage", () => {
  it("kitty: title, the image and the prompt are written while the terminal is handed over, then it waits", async () => {
    const { log, t } = terminal({ TERM: "xterm-kitty" });
    const line = await showImage(png, "screenshot of result r1\u001b[31m", t);
    expect(line).toBe("screenshot drawn (kitty graphics); back in the console");
    expect(log.every((l) => !l.startsWith("OUTSIDE:"))).toBe(true);
    expect(log[0]).toBe("\u001b[H\u001b[2Jscreenshot of result r1␛[31m (300 bytes, kitty graphics):\r\n");
    expect(log[1]).toBe(`${kittyImage(png).join("")}\n`);
    expect(log.slice(2)).toEqual(["\r\npress Enter to return to the console", "WAITED"]);
  });

  it("no protocol: saved to a private file, named with the reason; the terminal is not taken", async () => {
    const { log, t } = terminal({ TERM: "xterm-256color" });
    const line = await showImage(png, "x", t);
    const m = /^screenshot saved to (\S+) \(not drawn: this terminal has no known image protocol/.exec(line);
    expect(m).not.toBeNull();
    const path = m![1]!;
    expect(readFileSync(path)).toEqual(Buffer.from(png));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(log).toEqual([]);
    rmSync(dirname(path), { recursive: true, force: true });
  });
});
