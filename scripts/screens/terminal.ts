/**
 * A real terminal for `npm run screens`: the program runs on a pseudo-terminal (node-pty) of a fixed size
 * and everything it writes is parsed by a headless xterm (@xterm/headless), the emulator behind VS Code's
 * terminal — so a screen is what a user's terminal would show, colours and all. Waiting is on conditions
 * (the screen shows X), checked after every chunk of output is parsed, never on fixed sleeps.
 */
import xtermHeadless from "@xterm/headless";
import pty from "node-pty";
import { type Grid, gridOf, textOf } from "./svg.ts";

const { Terminal } = xtermHeadless;

export type TerminalOptions = {
  argv: [string, ...string[]];
  env: Record<string, string>;
  cwd: string;
  cols: number;
  rows: number;
};

export class HeadlessTerminal {
  private readonly term: InstanceType<typeof Terminal>;
  private readonly proc: pty.IPty;
  private parsed: Promise<void> = Promise.resolve();
  private readonly watchers = new Set<() => void>();
  private exit: string | undefined;

  constructor(opts: TerminalOptions) {
    this.term = new Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true, scrollback: 0 });
    const [file, ...args] = opts.argv;
    this.proc = pty.spawn(file, args, {
      name: opts.env.TERM ?? "xterm-256color",
      cols: opts.cols,
      rows: opts.rows,
      cwd: opts.cwd,
      env: opts.env,
    });
    this.proc.onData((d) => {
      this.parsed = this.parsed.then(
        () =>
          new Promise<void>((done) =>
            this.term.write(d, () => {
              for (const w of [...this.watchers]) w();
              done();
            }),
          ),
      );
    });
    this.proc.onExit(({ exitCode, signal }) => {
      this.exit = signal ? `signal ${signal}` : `exit code ${exitCode}`;
      for (const w of [...this.watchers]) w();
    });
  }

  /** The screen's text rows as parsed so far. */
  lines(): string[] {
    return textOf(gridOf(this.term));
  }

  /** The screen's cells, once every byte received so far is parsed. */
  async grid(): Promise<Grid> {
    await this.parsed;
    return gridOf(this.term);
  }

  /** Type `keys` (raw bytes: "\r" for Enter, "\x1b" for Esc). */
  type(keys: string): void {
    this.proc.write(keys);
  }

  /**
   * Resolve once `test` holds for the screen (checked now and after every chunk of output), with its rows;
   * reject with the screen when the program exits first or `timeoutMs` passes.
   */
  async waitFor(test: (lines: string[]) => boolean, what: string, timeoutMs = 30_000): Promise<string[]> {
    await this.parsed;
    if (test(this.lines())) return this.lines();
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        this.watchers.delete(watch);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`timed out waiting for ${what}; the screen was:\n${this.lines().join("\n")}`));
      }, timeoutMs);
      const watch = () => {
        const lines = this.lines();
        if (test(lines)) {
          stop();
          resolve(lines);
        } else if (this.exit) {
          stop();
          reject(
            new Error(`the program ended (${this.exit}) while waiting for ${what}:\n${lines.join("\n")}`),
          );
        }
      };
      this.watchers.add(watch);
    });
  }

  /** End the program (SIGTERM, SIGKILL after 3 s) and wait for it. */
  async close(): Promise<void> {
    if (this.exit === undefined) {
      const ended = new Promise<void>((r) => this.proc.onExit(() => r()));
      this.proc.kill("SIGTERM");
      const t = setTimeout(() => this.proc.kill("SIGKILL"), 3000);
      await ended;
      clearTimeout(t);
    }
    this.term.dispose();
  }
}
