/**
 * Render the console at a chosen terminal size (ink-testing-library is fixed at 100 columns): a fake TTY
 * stdout with `columns`/`rows` that records frames and can be resized, a stdin that accepts key chunks.
 * Frames are returned with colour codes stripped.
 */
import { EventEmitter } from "node:events";
import { render } from "ink";
import type { ReactElement } from "react";

export class SizedStdout extends EventEmitter {
  columns: number;
  rows: number;
  isTTY = true;
  frames: string[] = [];
  bytes = 0;
  constructor(columns: number, rows: number) {
    super();
    this.columns = columns;
    this.rows = rows;
  }
  write = (frame: string, ...rest: unknown[]) => {
    this.frames.push(frame);
    this.bytes += Buffer.byteLength(frame);
    // a write callback (Ink waits for one before it reports the exit)
    const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    done?.();
    return true;
  };
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit("resize");
  }
}

export class KeyStdin extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit("readable");
    this.emit("data", data);
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
}

const SGR = /\u001b\[[0-9;]*m/g;

export function stripColour(s: string): string {
  return s.replace(SGR, "");
}

const turn = () => new Promise((r) => setImmediate(r));

/**
 * Resolves once the app has drawn what it does in answer to what just happened: no new frame over `turns`
 * consecutive turns of the event loop (React schedules its commit a turn or so after the state changed, and
 * Ink writes the frame as it commits: debug mode, no throttle).
 */
export async function drawn(stdout: SizedStdout, turns = 4): Promise<void> {
  let seen = stdout.frames.length;
  for (let still = 0; still < turns; ) {
    await turn();
    if (stdout.frames.length === seen) still++;
    else {
      seen = stdout.frames.length;
      still = 0;
    }
  }
}

export function renderSized(tree: ReactElement, columns: number, rows: number, stdin = new KeyStdin()) {
  const stdout = new SizedStdout(columns, rows);
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new SizedStdout(columns, rows) as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    stdout,
    /** The last frame, colour stripped, without trailing blank lines. */
    frame: () => stripColour(stdout.frames.at(-1) ?? "").replace(/\n+$/, ""),
    raw: () => stdout.frames.at(-1) ?? "",
    async press(keys: string) {
      stdin.write(keys);
      await drawn(stdout);
    },
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
