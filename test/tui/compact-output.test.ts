import { describe, expect, it } from "vitest";
import { compactFrame, compactStreams } from "../../src/tui/compact-output.ts";
import { replay } from "../e2e/support/xterm.ts";

const CNL = "\u001b[E";
const noErr = { write: () => true } as unknown as NodeJS.WriteStream;
const compactStream = (s: NodeJS.WriteStream) => compactStreams(s, noErr).stdout;

describe("compactFrame", () => {
  it("turns a run of single-line CNL into one counted CNL, and leaves everything else alone", () => {
    expect(compactFrame(`\u001b[39A${CNL}${CNL}${CNL}x\r\n${CNL.repeat(30)}`)).toBe(
      "\u001b[39A\u001b[3Ex\r\n\u001b[30E",
    );
    expect(compactFrame(`a${CNL}b`)).toBe(`a${CNL}b`);
    expect(compactFrame("plain\r\n")).toBe("plain\r\n");
  });

  it("draws the same screen as the frame it replaces", async () => {
    const first = `${"line\r\n".repeat(10)}`;
    const update = `\u001b[9A${CNL.repeat(4)}\u001b[1G\u001b[Kchanged\r\n${CNL.repeat(4)}`;
    const enc = (s: string) => new TextEncoder().encode(s);
    const a = await replay(enc(first + update), 40, 12);
    const b = await replay(enc(first + compactFrame(update)), 40, 12);
    expect(b.buffer).toBe(a.buffer);
    expect(b.lines).toEqual(a.lines);
    expect(a.lines.filter((l) => l === "changed")).toHaveLength(1);
  });

  it("compactStream rewrites string writes only and forwards everything else to the stream", () => {
    const out: unknown[] = [];
    const fake = {
      columns: 120,
      isTTY: true,
      write(chunk: unknown) {
        out.push(chunk);
        return true;
      },
    } as unknown as NodeJS.WriteStream;
    const s = compactStream(fake);
    s.write(`${CNL}${CNL}`);
    s.write(Buffer.from("x"));
    expect(out[0]).toBe("\u001b[2E");
    expect(Buffer.isBuffer(out[1])).toBe(true);
    expect(s.columns).toBe(120);
    expect("isTTY" in s && s.isTTY).toBe(true);
  });

  const fakeStream = () => {
    const out: unknown[] = [];
    const stream = {
      write(chunk: unknown, ...rest: unknown[]) {
        out.push(rest.length > 0 ? [chunk, ...rest] : chunk);
        return true;
      },
    } as unknown as NodeJS.WriteStream;
    return { out, stream };
  };
  const BEGIN = "\u001b[?2026h";
  const END = "\u001b[?2026l";

  it("compactStream writes a synchronized frame — begin, frame, end — as one write of the same bytes", () => {
    const { out, stream } = fakeStream();
    const s = compactStream(stream);
    s.write(BEGIN);
    s.write(`x${CNL}${CNL}y`);
    expect(out).toEqual([]);
    s.write(END);
    expect(out).toEqual([`${BEGIN}x\u001b[2Ey${END}`]);
    s.write("after");
    expect(out).toEqual([`${BEGIN}x\u001b[2Ey${END}`, "after"]);
  });

  it("compactStream writes a begun frame whose end never came in the next microtask, and keeps the order of other writes", async () => {
    const { out, stream } = fakeStream();
    const s = compactStream(stream);
    s.write(BEGIN);
    s.write("frame");
    await Promise.resolve();
    expect(out).toEqual([`${BEGIN}frame`]);
    s.write(BEGIN);
    s.write("a");
    s.write(Buffer.from("b"));
    expect(out.slice(1, 2)).toEqual([`${BEGIN}a`]);
    expect(Buffer.isBuffer(out[2])).toBe(true);
    s.write(BEGIN);
    s.write("c");
    const done = () => {};
    s.write("d", done);
    expect(out.slice(3)).toEqual([`${BEGIN}c`, ["d", done]]);
  });

  it("compactStreams writes what stdout gathered before anything written to stderr", () => {
    const { out, stream } = fakeStream();
    const s = compactStreams(stream, {
      write: (chunk: unknown) => out.push(`err:${String(chunk)}`),
    } as unknown as NodeJS.WriteStream);
    s.stdout.write(BEGIN);
    s.stdout.write("erase");
    s.stderr.write("warning");
    s.stdout.write("frame");
    s.stdout.write(END);
    expect(out).toEqual([`${BEGIN}erase`, "err:warning", `frame${END}`]);
  });
});
