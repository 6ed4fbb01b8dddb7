/**
 * A viewer's terminal over an SSH channel (src/share/terminal.ts), with a real stream standing in for the
 * channel: lone LFs become CRLF (no pty on the server side does it); while more than the cap waits unsent,
 * frames are dropped, not queued; when the channel drains, the screen is cleared and a redraw asked for.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ViewerOutput, viewerInput } from "../../src/share/terminal.ts";

/** A channel that holds what is written until `flush()` (a stalled viewer), then drains. */
function stalledChannel() {
  const got: string[] = [];
  let release: (() => void)[] = [];
  const ch = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _enc, cb) {
      got.push(chunk.toString());
      release.push(cb);
    },
  });
  return {
    ch,
    got,
    flush() {
      const r = release;
      release = [];
      for (const cb of r) cb();
    },
  };
}

describe("viewer terminal", () => {
  it("writes CRLF line ends and keeps the session's size, resized on window-change", () => {
    const { ch, got, flush } = stalledChannel();
    const out = new ViewerOutput(ch, { cols: 100, rows: 30 }, 1 << 20);
    out.write("a\nb\r\nc");
    flush();
    expect(got.join("")).toBe("a\r\nb\r\nc");
    let resized = 0;
    out.on("resize", () => resized++);
    out.resize(90, 20);
    expect([out.columns, out.rows, resized]).toEqual([90, 20, 1]);
  });

  it("drops frames while the viewer is behind, then clears and asks for a whole redraw", async () => {
    const { ch, got, flush } = stalledChannel();
    const out = new ViewerOutput(ch, { cols: 80, rows: 24 }, 100);
    let redraws = 0;
    out.on("resize", () => redraws++);
    for (let i = 0; i < 50; i++) out.write(`frame ${i} ${"x".repeat(40)}`);
    // the channel took what fit under the cap; the rest was dropped, not buffered
    expect(out.dropped).toBeGreaterThan(40);
    expect(ch.writableLength).toBeLessThanOrEqual(100 + 60);
    const before = got.length;
    for (let i = 0; i < 10; i++) {
      flush(); // the viewer catches up
      await new Promise((r) => setImmediate(r));
    }
    expect(redraws).toBe(1);
    expect(got.slice(before).join("")).toContain("\x1b[H\x1b[2J");
  });

  it("the input is a raw-mode TTY stream for Ink", () => {
    const input = viewerInput();
    expect(input.isTTY).toBe(true);
    expect(input.setRawMode(false).isRaw).toBe(false);
  });
});
