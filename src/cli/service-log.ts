/**
 * The log of a `vigil serve` that runs in the background (started by a console, `vigil share` or
 * `vigil agent`: no terminal to write to): `--log FILE`, normally `<data dir>/service.log`. Every line
 * the process writes to stdout or stderr goes there, stamped with the time. Bounded: when the file would
 * pass `maxBytes` (1 MiB) it becomes `FILE.1` (replacing the previous one) and a new file starts, so the
 * log never holds more than about 2 MiB. Written synchronously: the service logs a few lines an hour, and
 * a line written just before a crash is the one that matters.
 */
import { appendFileSync, chmodSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";

export const LOG_MAX_BYTES = 1_048_576;

export type RotatingLog = { write(text: string): void; readonly file: string };

export function openRotatingLog(file: string, maxBytes = LOG_MAX_BYTES): RotatingLog {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    size = 0;
  }
  let partial = false; // the last write did not end its line: no stamp before the next piece
  return {
    file,
    write(text: string) {
      if (!text) return;
      const stamp = `${new Date().toISOString()} `;
      const lines = text.split("\n");
      const last = lines.pop() ?? "";
      let out = lines.map((l, i) => (i === 0 && partial ? `${l}\n` : `${stamp}${l}\n`)).join("");
      if (last) out += lines.length === 0 && partial ? last : `${stamp}${last}`;
      const bytes = Buffer.byteLength(out);
      if (size > 0 && size + bytes > maxBytes) {
        try {
          renameSync(file, `${file}.1`);
        } catch {
          // cannot rotate (the file vanished): start a new one anyway
        }
        size = 0;
      }
      try {
        appendFileSync(file, out, { mode: 0o600 });
        if (size === 0) chmodSync(file, 0o600);
        size += bytes;
      } catch {
        // nowhere to log to (the data dir was removed): the service keeps running
      }
      partial = !text.endsWith("\n");
    },
  };
}

type Write = typeof process.stdout.write;

/** Send everything written to stdout and stderr to `log` from now on (a background process has no tty). */
export function redirectOutput(log: RotatingLog): void {
  const to =
    (_stream: NodeJS.WriteStream): Write =>
    (chunk: unknown, encoding?: unknown, cb?: unknown) => {
      const text =
        typeof chunk === "string"
          ? chunk
          : Buffer.from(chunk as Uint8Array).toString(
              typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
            );
      log.write(text);
      const done = typeof encoding === "function" ? encoding : cb;
      if (typeof done === "function") queueMicrotask(() => (done as () => void)());
      return true;
    };
  process.stdout.write = to(process.stdout) as Write;
  process.stderr.write = to(process.stderr) as Write;
}
