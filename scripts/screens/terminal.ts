/**
 * A real terminal for `npm run screens`: the program runs on a pseudo-terminal of a fixed size and
 * everything it writes is parsed by a headless xterm (@xterm/headless), the emulator behind VS Code's
 * terminal — so a screen is what a user's terminal would show, colours and all. The pseudo-terminal is
 * node-pty's (an optional dependency: `npm install` compiles it), or where it did not build util-linux
 * `script` running the program on a fresh pty of that size. Waiting is on conditions (the screen shows X),
 * checked after every chunk of output is parsed, never on fixed sleeps.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import xtermHeadless from "@xterm/headless";
import { type Grid, gridOf, textOf } from "./svg.ts";

const { Terminal } = xtermHeadless;

/** What the screens need of a pseudo-terminal. */
type Pty = {
  onData(cb: (data: string | Buffer) => void): void;
  onExit(cb: (how: string) => void): void;
  write(data: string): void;
  kill(signal: NodeJS.Signals): void;
};

type NodePty = typeof import("node-pty");

/** node-pty when it is installed and built (and VIGIL_SCREENS_PTY is not "script"), else undefined. */
function loadNodePty(): NodePty | undefined {
  if (process.env.VIGIL_SCREENS_PTY === "script") return undefined;
  try {
    return createRequire(import.meta.url)("node-pty") as NodePty;
  } catch {
    return undefined;
  }
}

function nodePty(lib: NodePty, opts: TerminalOptions): Pty {
  const [file, ...args] = opts.argv;
  const p = lib.spawn(file, args, {
    name: opts.env.TERM ?? "xterm-256color",
    cols: opts.cols,
    rows: opts.rows,
    cwd: opts.cwd,
    env: opts.env,
  });
  return {
    onData: (cb) => p.onData(cb),
    onExit: (cb) =>
      p.onExit(({ exitCode, signal }) => cb(signal ? `signal ${signal}` : `exit code ${exitCode}`)),
    write: (d) => p.write(d),
    kill: (signal) => p.kill(signal),
  };
}

const sh = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** util-linux `script`: the program on a fresh pty (sized by stty), its output on our pipe. */
function scriptPty(opts: TerminalOptions): Pty {
  const cmd = `stty cols ${opts.cols} rows ${opts.rows}; exec ${opts.argv.map(sh).join(" ")}`;
  const child = spawn("script", ["-q", "-f", "-E", "never", "-c", cmd, "/dev/null"], {
    cwd: opts.cwd,
    env: { ...opts.env, SHELL: "/bin/sh" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  /** The program: script's child (the shell exec'd into it); signalling script itself makes it linger. */
  const program = (): number | undefined => {
    try {
      const pid = child.pid;
      const first = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0];
      return Number(first) > 0 ? Number(first) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    onData: (cb) => child.stdout?.on("data", cb),
    onExit: (cb) =>
      child.once("exit", (code, signal) => cb(signal ? `signal ${signal}` : `exit code ${code}`)),
    write: (d) => child.stdin?.write(d),
    kill: (signal) => {
      const pid = program();
      try {
        if (pid !== undefined) process.kill(pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    },
  };
}

export type TerminalOptions = {
  argv: [string, ...string[]];
  env: Record<string, string>;
  cwd: string;
  cols: number;
  rows: number;
};

export class HeadlessTerminal {
  private readonly term: InstanceType<typeof Terminal>;
  private readonly proc: Pty;
  /** Which pseudo-terminal runs the program. */
  readonly via: "node-pty" | "script";
  private parsed: Promise<void> = Promise.resolve();
  private readonly watchers = new Set<() => void>();
  private exit: string | undefined;

  constructor(opts: TerminalOptions) {
    this.term = new Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true, scrollback: 0 });
    const lib = loadNodePty();
    this.via = lib ? "node-pty" : "script";
    this.proc = lib ? nodePty(lib, opts) : scriptPty(opts);
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
    this.proc.onExit((how) => {
      this.exit = how;
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
