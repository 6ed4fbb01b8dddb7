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

export const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));

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
      await settle();
    },
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
