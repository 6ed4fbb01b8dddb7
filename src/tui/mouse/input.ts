/**
 * Where the reports are read: Ink 8 drops every complete control sequence it has no key for — mouse
 * reports among them — before `useInput` sees it, so the reports are taken from the terminal's input as
 * Ink reads it (each chunk its `stdin.read()` returns), beside Ink, not through it. A report cut between
 * two chunks is joined. Should a report still reach the key handler as text (a slow link that parts the
 * ESC from the rest, which Ink then flushes alone), the key handler drops it (src/tui/keys.ts).
 */
import { createMouseMode, type MouseControl } from "./mode.ts";
import { type MouseEvent, parseMouse } from "./sgr.ts";

const REPORT = /\u001b\[<\d{1,4};\d{1,5};\d{1,5}[Mm]/g;
const CUT = /\u001b(\[(<[\d;]{0,16})?)?$/;

/** The reports in a stream of chunks (pure): `push` gives those a chunk completes. */
export function createReportReader(): { push(chunk: string): MouseEvent[] } {
  let carry = "";
  return {
    push(chunk) {
      const text = carry + chunk;
      const cut = CUT.exec(text);
      carry = cut ? text.slice(cut.index) : "";
      const out: MouseEvent[] = [];
      for (const m of (cut ? text.slice(0, cut.index) : text).matchAll(REPORT)) {
        const e = parseMouse(m[0]);
        if (e) out.push(e);
      }
      return out;
    },
  };
}

type Readable = { read: (...args: never[]) => unknown };

/** Read the reports of what `stdin.read()` returns to Ink; returns the undo. */
export function tapReports(stdin: Readable, onReport: (e: MouseEvent) => void): () => void {
  const reader = createReportReader();
  const original = stdin.read;
  const read = (...args: never[]) => {
    const chunk = original.apply(stdin, args);
    if (typeof chunk === "string" || Buffer.isBuffer(chunk)) {
      for (const e of reader.push(typeof chunk === "string" ? chunk : chunk.toString("utf8"))) onReport(e);
    }
    return chunk;
  };
  stdin.read = read;
  return () => {
    if (stdin.read === read) stdin.read = original;
  };
}

/**
 * The mouse of a console on `stdin` / `write` (its terminal): reporting (on from the start with `on`) and
 * the reports read beside Ink; `stop` turns reporting off and stops reading.
 */
export function mouseControl(
  stdin: Readable,
  write: (bytes: string) => void,
  on: boolean,
): MouseControl & { stop(): void } {
  const listeners = new Set<(e: MouseEvent) => void>();
  const untap = tapReports(stdin, (e) => {
    for (const l of listeners) l(e);
  });
  const mode = createMouseMode(write, on);
  return {
    mode,
    listen(l) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    stop() {
      mode.end();
      untap();
    },
  };
}
