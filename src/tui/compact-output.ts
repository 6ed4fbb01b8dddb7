/**
 * The terminal stream handed to Ink, with its frames made shorter without changing what they do. Ink's
 * incremental renderer walks down over every unchanged line below a change with one "cursor next line"
 * (ESC [ E, 3 bytes) per line; a run of k of them is the same as ONE ESC [ k E (CNL with a count: down k
 * lines to column 1, stopping at the bottom margin exactly as k single steps do). On a 40-line frame that
 * is ~100 of the ~420 bytes a selection move writes (design.md §4: ≤ 400 B per move).
 */

const CNL_RUN = /(?:\x1b\[E){2,}/g;

/** Collapse runs of single-line CNL into one counted CNL. */
export function compactFrame(s: string): string {
  if (!s.includes("\x1b[E\x1b[E")) return s;
  return s.replace(CNL_RUN, (m) => `\x1b[${m.length / 3}E`);
}

/** `stream` with `write` passing strings through compactFrame; everything else is the stream itself. */
export function compactStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]) =>
    (stream.write as (...a: unknown[]) => boolean)(
      typeof chunk === "string" ? compactFrame(chunk) : chunk,
      ...rest,
    );
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === "write") return write;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
