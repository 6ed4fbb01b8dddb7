/**
 * The terminal stream handed to Ink, with its frames made shorter and fewer without changing what they do.
 *
 * Shorter: Ink's incremental renderer walks down over every unchanged line below a change with one "cursor
 * next line" (ESC [ E, 3 bytes) per line; a run of k of them is the same as ONE ESC [ k E (CNL with a count:
 * down k lines to column 1, stopping at the bottom margin exactly as k single steps do). On a 40-line frame
 * that is ~100 of the ~420 bytes a selection move writes (design.md §4: ≤ 400 B per move).
 *
 * Fewer: Ink wraps each frame in a synchronized update and writes it as three writes — "begin" (ESC [?2026h),
 * the frame, "end" (ESC [?2026l). Each write to a terminal is a system call that wakes the terminal (or sshd,
 * which may send each as its own packet); the three are gathered into one write of the same bytes. What is
 * gathered is written at the "end" write; before any write to the other stream on the same terminal (Ink
 * writes a console.error between a "begin" and an "end": begin + erase the frame on stdout, the message on
 * stderr, the frame + end on stdout — the erase must reach the terminal before the message); and at the
 * latest in a microtask after the "begin" (Ink writes a synchronized update in one synchronous call, so
 * the fallback only matters if a write in it threw). So the terminal receives every byte in the order Ink
 * wrote it, across both streams.
 */

const CNL_RUN = /(?:\x1b\[E){2,}/g;
const BEGIN_SYNC = "\x1b[?2026h";
const END_SYNC = "\x1b[?2026l";

/** Collapse runs of single-line CNL into one counted CNL. */
export function compactFrame(s: string): string {
  if (!s.includes("\x1b[E\x1b[E")) return s;
  return s.replace(CNL_RUN, (m) => `\x1b[${m.length / 3}E`);
}

/**
 * Ink's two streams to one terminal: `stdout` with `write` passing strings through compactFrame and one
 * synchronized frame gathered into one write, `stderr` writing what stdout gathered before each of its own
 * writes; everything else is the streams themselves.
 */
export function compactStreams(
  stdout: NodeJS.WriteStream,
  stderr: NodeJS.WriteStream,
): { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream } {
  const raw = stdout.write as (...a: unknown[]) => boolean;
  /** A synchronized frame being gathered: "begin" and what followed it; undefined when none is. */
  let held: string | undefined;
  const flush = (): boolean => {
    if (held === undefined) return true;
    const s = held;
    held = undefined;
    return s === "" ? true : raw.call(stdout, s);
  };
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk !== "string" || rest.length > 0) {
      // a buffer, an encoding or a callback: written as it is, after anything gathered, so order is kept
      flush();
      return raw.call(stdout, typeof chunk === "string" ? compactFrame(chunk) : chunk, ...rest);
    }
    if (chunk === BEGIN_SYNC) {
      flush();
      held = BEGIN_SYNC;
      queueMicrotask(flush);
      return true;
    }
    if (held === undefined) return raw.call(stdout, compactFrame(chunk));
    held += compactFrame(chunk);
    return chunk === END_SYNC ? flush() : true;
  };
  const rawErr = stderr.write as (...a: unknown[]) => boolean;
  const writeErr = (...a: unknown[]): boolean => {
    // what stdout gathered goes first; the rest of the frame is still gathered, up to its "end"
    if (held !== undefined && held !== "") {
      raw.call(stdout, held);
      held = "";
    }
    return rawErr.apply(stderr, a);
  };
  return { stdout: withWrite(stdout, write), stderr: withWrite(stderr, writeErr) };
}

/** `stream` with its `write` replaced; every other member the stream's own (methods bound to it). */
function withWrite(stream: NodeJS.WriteStream, write: (...a: unknown[]) => boolean): NodeJS.WriteStream {
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === "write") return write;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
