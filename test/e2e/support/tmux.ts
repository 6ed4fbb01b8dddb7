/**
 * A real pseudo-terminal for end-to-end tests: one private tmux server per terminal (its own socket, no
 * config file), one window of COLS×ROWS running a launcher script. The screen is read with capture-pane
 * (what a user sees), every byte the program writes is captured raw with pipe-pane (what a terminal
 * receives), keys go in with send-keys.
 *
 * The launcher waits for a "go" file before starting the program, so pipe-pane is attached before the
 * first byte is written; after the program exits it prints `[exited N]` and starts an interactive shell
 * with the prompt `e2e$ `, so a test can check that the terminal is usable again.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { until } from "../../support/until.ts";

const TMUX = "/usr/bin/tmux";

export type TerminalOptions = {
  cols: number;
  rows: number;
  /** argv of the program (absolute paths). */
  argv: string[];
  /** The program's whole environment (nothing is inherited). */
  env: Record<string, string>;
  cwd: string;
};

/** Quote for /bin/sh. */
function sh(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

let counter = 0;

export class TmuxTerminal {
  readonly dir: string;
  readonly socket: string;
  readonly rawFile: string;
  private killed = false;

  private constructor(dir: string, socket: string) {
    this.dir = dir;
    this.socket = socket;
    this.rawFile = join(dir, "raw.bin");
  }

  /** Start the program in a fresh tmux server; resolves once the raw capture is attached. */
  static start(opts: TerminalOptions): TmuxTerminal {
    const dir = mkdtempSync(join(tmpdir(), "vigil-e2e-tty-"));
    const socket = `vigil-e2e-${process.pid}-${Date.now()}-${counter++}`;
    const t = new TmuxTerminal(dir, socket);
    const go = join(dir, "go");
    const envArgs = Object.entries(opts.env)
      .map(([k, v]) => sh(`${k}=${v}`))
      .join(" ");
    const launcher = join(dir, "launch.sh");
    writeFileSync(
      launcher,
      [
        "#!/bin/sh",
        `until [ -e ${sh(go)} ]; do sleep 0.01; done`,
        `cd ${sh(opts.cwd)}`,
        `env -i ${envArgs} ${opts.argv.map(sh).join(" ")}`,
        `echo "[exited $?]"`,
        `exec env -i PATH=/usr/bin:/bin HOME=${sh(dir)} TERM=xterm-256color PS1='e2e$ ' /bin/sh -i`,
        "",
      ].join("\n"),
      { mode: 0o700 },
    );
    writeFileSync(t.rawFile, "");
    t.tmux(
      "new-session",
      "-d",
      "-x",
      String(opts.cols),
      "-y",
      String(opts.rows),
      `/bin/sh ${sh(launcher)}`,
      ";",
      "set-option",
      "-g",
      "status",
      "off",
      ";",
      "set-option",
      "-g",
      "window-size",
      "manual",
      ";",
      "pipe-pane",
      "-o",
      `cat >> ${sh(t.rawFile)}`,
    );
    writeFileSync(go, "");
    return t;
  }

  /** Run a tmux command on this terminal's private server. */
  tmux(...args: string[]): string {
    return execFileSync(TMUX, ["-L", this.socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      // the tmux server inherits this environment: keep it minimal
      env: { PATH: "/usr/bin:/bin", HOME: this.dir, TMUX_TMPDIR: this.dir, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  }

  /** The visible screen, one string per row, trailing blanks trimmed. */
  lines(): string[] {
    return this.tmux("capture-pane", "-p").replace(/\n$/, "").split("\n");
  }

  screen(): string {
    return this.lines().join("\n");
  }

  /** The visible screen with its SGR attributes (capture-pane -e). */
  screenWithColours(): string {
    return this.tmux("capture-pane", "-p", "-e");
  }

  /** Poll the screen until `want` matches it; throws with the last screen after the deadline. */
  async waitFor(
    want: string | RegExp | ((screen: string) => boolean),
    what = String(want),
    timeoutMs = 10_000,
  ): Promise<string> {
    const test =
      typeof want === "string"
        ? (s: string) => s.includes(want)
        : want instanceof RegExp
          ? (s: string) => want.test(s)
          : want;
    let last = "";
    const screen = () => {
      last = this.screen();
      return test(last) ? last : undefined;
    };
    return until(what, timeoutMs, screen, 40).catch(() => {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the screen was:\n${last}`);
    });
  }

  /** Keys by tmux name (`Enter`, `Escape`, `C-c`, `j`...), one send-keys call. */
  keys(...keys: string[]): void {
    this.tmux("send-keys", ...keys);
  }

  /** Literal text in one write (a burst, as a fast typist or a paste would send it). */
  type(text: string): void {
    this.tmux("send-keys", "-l", text);
  }

  resize(cols: number, rows: number): void {
    this.tmux("resize-window", "-x", String(cols), "-y", String(rows));
  }

  /** Cursor visibility, alternate screen and position as tmux tracks them. */
  cursor(): { visible: boolean; alternate: boolean; x: number; y: number } {
    const [flag, alt, x, y] = this.tmux(
      "display-message",
      "-p",
      "#{cursor_flag} #{alternate_on} #{cursor_x} #{cursor_y}",
    )
      .trim()
      .split(" ");
    return { visible: flag === "1", alternate: alt === "1", x: Number(x), y: Number(y) };
  }

  /** Every byte the program (and the shell after it) wrote so far. */
  raw(): Buffer {
    return existsSync(this.rawFile) ? readFileSync(this.rawFile) : Buffer.alloc(0);
  }

  /** Wait until the raw capture holds `marker` (pipe-pane's cat may lag the screen by a moment). */
  async waitForRaw(marker: string, timeoutMs = 3000): Promise<Buffer> {
    return until(`raw output with ${JSON.stringify(marker)}`, timeoutMs, () => {
      const raw = this.raw();
      return raw.includes(marker) ? raw : undefined;
    }).catch(() => {
      throw new Error(`raw output never contained ${JSON.stringify(marker)}`);
    });
  }

  /** Kill the tmux server (and with it the program) and remove the temp dir. Idempotent. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    try {
      this.tmux("kill-server");
    } catch {
      // already gone
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
