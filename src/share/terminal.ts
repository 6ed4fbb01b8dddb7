/**
 * A viewer's terminal as Ink wants one, over an SSH channel: an output stream with the session's size
 * (resized by the client's window-change) and an input stream in "raw mode" (the client's pty already is).
 *
 * The output is capped: while more than `capBytes` wait unsent in the channel (a slow viewer, a stalled
 * link), frames are dropped instead of queued, so one viewer cannot grow the server's memory or hold up
 * the others. When the channel drains, the screen is cleared and Ink redraws it whole (a resize event).
 */
import { EventEmitter } from "node:events";
import { PassThrough, type Writable } from "node:stream";

type Channel = Writable & { writableLength: number };

const LONE_LF = /(?<!\r)\n/g;

export class ViewerOutput extends EventEmitter {
  columns: number;
  rows: number;
  readonly isTTY = true;
  /** Frames dropped because the viewer was behind (for the log and the tests). */
  dropped = 0;
  private behind = false;
  private readonly channel: Channel;
  private readonly capBytes: number;

  constructor(channel: Channel, size: { cols: number; rows: number }, capBytes: number) {
    super();
    this.channel = channel;
    this.capBytes = capBytes;
    this.columns = Math.max(1, size.cols);
    this.rows = Math.max(1, size.rows);
  }

  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const cb = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    if (this.channel.destroyed || this.channel.writableEnded) {
      cb?.();
      return false;
    }
    if (this.channel.writableLength > this.capBytes) {
      this.dropped++;
      if (!this.behind) {
        this.behind = true;
        this.channel.once("drain", () => {
          this.behind = false;
          this.channel.write("\x1b[H\x1b[2J");
          this.emit("resize"); // Ink draws the whole frame again on a clean screen
        });
      }
      cb?.();
      return true;
    }
    // no pty on this side to turn "\n" into "\r\n" (a terminal's onlcr): done here
    const out = typeof chunk === "string" ? chunk.replace(LONE_LF, "\r\n") : chunk;
    return this.channel.write(out, cb);
  }

  resize(cols: number, rows: number): void {
    if (cols < 1 || rows < 1) return;
    this.columns = cols;
    this.rows = rows;
    this.emit("resize");
  }

  // what Ink and its helpers may call on a terminal stream
  getColorDepth(): number {
    return 8;
  }
  hasColors(): boolean {
    return true;
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
  cursorTo(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  clearScreenDown(): boolean {
    return true;
  }
  end(): void {}
}

export type ViewerInput = PassThrough & {
  isTTY: true;
  isRaw: boolean;
  setRawMode(mode: boolean): ViewerInput;
};

/** The keys of the viewer (the channel's data is written into it). */
export function viewerInput(): ViewerInput {
  const input = new PassThrough() as ViewerInput;
  input.isTTY = true;
  input.isRaw = true;
  input.setRawMode = (mode: boolean) => {
    input.isRaw = mode;
    return input;
  };
  return input;
}
