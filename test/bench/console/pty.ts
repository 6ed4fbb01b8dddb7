/**
 * A pseudo-terminal for the console benchmarks, with timing down to the byte: util-linux `script` runs the
 * program on a fresh pty and relays our pipe to its input and its output to our pipe, so a key is "written
 * to the pty" when we write it to script's stdin and a frame "arrives" when its bytes come out of script's
 * stdout (two sub-millisecond hops; tmux's capture path would add its own redraw timing). The output is
 * also fed to @xterm/headless so a benchmark can wait on what the screen shows.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import xtermHeadless from "@xterm/headless";

const { Terminal } = xtermHeadless;

/**
 * One read of the program's output. `cpuMs`: the program's main-thread CPU time when it arrived (only while
 * `sampleCpu` is on; Linux /proc/PID/schedstat, ns): what a key cost the console, whatever else the machine runs.
 */
export type Chunk = {
  at: number;
  bytes: number;
  data: Buffer;
  cpuMs?: number | undefined;
  /** The main thread's time so far ready to run but waiting for a core (schedstat's second field), in ms. */
  waitMs?: number | undefined;
  /** The CPU time so far of the program's other threads (V8's compilers and GC helpers, libuv's pool), ms. */
  threadsCpuMs?: number | undefined;
};

export type PtyOptions = {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  cols: number;
  rows: number;
};

/** One frame at the console's 20 fps cap. */
export const FRAME_MS = 50;

/** Clock ticks a second of /proc/PID/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/PID/stat (10 ms steps); undefined
 * once it is gone. Less noisy than wall time on a shared machine.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command's "(name)", which may hold spaces: state is field 3, utime 14, stime 15
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_S;
  } catch {
    return undefined;
  }
}

const sh = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export class Pty {
  readonly startedAt: number;
  readonly chunks: Chunk[] = [];
  private readonly child: ChildProcess;
  private readonly term: InstanceType<typeof Terminal>;
  private parsed: Promise<void> = Promise.resolve();
  private readonly watchers = new Set<(c: Chunk) => void>();
  private exited = false;
  private pid: number | undefined;
  /** Sample the program's CPU time with every chunk (Chunk.cpuMs). */
  sampleCpu = false;

  constructor(opts: PtyOptions) {
    this.term = new Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true });
    // stty sizes the pty (script copies no size from a pipe); exec keeps one pid for the program. The
    // environment goes through script and its shell (not the command line, where `ps` would show a key).
    const cmd = `stty cols ${opts.cols} rows ${opts.rows}; exec ${opts.argv.map(sh).join(" ")}`;
    this.startedAt = performance.now();
    this.child = spawn("/usr/bin/script", ["-q", "-f", "-E", "never", "-c", cmd, "/dev/null"], {
      cwd: opts.cwd,
      env: { ...opts.env, SHELL: "/bin/sh" },
      stdio: ["pipe", "pipe", "ignore"],
    });
    this.child.stdout?.on("data", (d: Buffer) => {
      const chunk: Chunk = { at: performance.now(), bytes: d.length, data: d };
      if (this.sampleCpu) Object.assign(chunk, this.sched());
      this.chunks.push(chunk);
      this.parsed = this.parsed.then(
        () =>
          new Promise<void>((r) =>
            this.term.write(d, () => {
              for (const w of [...this.watchers]) w(chunk);
              r();
            }),
          ),
      );
    });
    this.child.once("exit", () => {
      this.exited = true;
    });
  }

  /** The time the first output byte arrived (ms after spawn), once it did. */
  firstOutputMs(): number | undefined {
    const first = this.chunks[0];
    return first ? first.at - this.startedAt : undefined;
  }

  write(s: string): number {
    const at = performance.now();
    this.child.stdin?.write(s);
    return at;
  }

  /** The screen as text rows (after every byte received so far is parsed). */
  async lines(): Promise<string[]> {
    await this.parsed;
    return this.linesNow();
  }

  /** The screen as parsed so far. */
  linesNow(): string[] {
    const buf = this.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.term.rows; y++)
      out.push(
        buf
          .getLine(buf.viewportY + y)
          ?.translateToString(true)
          .trimEnd() ?? "",
      );
    return out;
  }

  async waitFor(test: (lines: string[]) => boolean, what: string, timeoutMs = 30_000): Promise<string[]> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const lines = await this.lines();
      if (test(lines)) return lines;
      if (this.exited) throw new Error(`the program exited while waiting for ${what}:\n${lines.join("\n")}`);
      if (performance.now() > deadline)
        throw new Error(`timed out waiting for ${what}; the screen was:\n${lines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /**
   * Resolve with the chunk after whose bytes `test` first holds on the screen (checked after every
   * chunk is parsed, so the time is that chunk's arrival, not a polling tick).
   */
  nextScreen(test: (lines: string[]) => boolean, what: string, timeoutMs = 5000): Promise<Chunk> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.watchers.delete(watch);
        reject(new Error(`timed out waiting for ${what}:\n${this.linesNow().join("\n")}`));
      }, timeoutMs);
      const watch = (c: Chunk) => {
        if (!test(this.linesNow())) return;
        clearTimeout(timer);
        this.watchers.delete(watch);
        resolve(c);
      };
      this.watchers.add(watch);
    });
  }

  /**
   * Resolves once the program has written nothing for `frames` consecutive frame intervals (50 ms: the
   * console's 20 fps cap) — its loads and redraws have come to rest — with the time that took; undefined
   * if it was still writing at `timeoutMs` (a build that redraws on its own never rests: the caller goes
   * on, and the idle figure shows it).
   */
  async quiet(frames: number, timeoutMs = 15_000): Promise<number | undefined> {
    const from = performance.now();
    const span = frames * FRAME_MS;
    for (;;) {
      const now = performance.now();
      const last = Math.max(this.chunks.at(-1)?.at ?? this.startedAt, from);
      if (now - last >= span) return now - from;
      if (this.exited || now - from > timeoutMs) return undefined;
      await new Promise((r) => setTimeout(r, Math.max(1, last + span - now)));
    }
  }

  /** Bytes received in [from, to). */
  bytesBetween(from: number, to = Number.POSITIVE_INFINITY): number {
    return this.chunks.filter((c) => c.at >= from && c.at < to).reduce((n, c) => n + c.bytes, 0);
  }

  /**
   * The program's main thread's CPU time so far in ms (/proc/PID/schedstat: ns on a CPU), at ns precision —
   * unlike the 10 ms ticks of /proc/PID/stat. V8's helper threads (GC, compilers) are not in it.
   */
  cpuMs(): number | undefined {
    return this.sched().cpuMs;
  }

  /**
   * cpuMs as above, and waitMs: the main thread's time so far runnable but waiting for a core (schedstat's
   * run-queue wait, ns) — between two readings, what of a key's time the machine's other work took, as
   * against the console's own CPU and the time it slept (waiting for a timer, I/O or the next input).
   */
  sched(): { cpuMs: number | undefined; waitMs: number | undefined; threadsCpuMs: number | undefined } {
    const none = { cpuMs: undefined, waitMs: undefined, threadsCpuMs: undefined };
    const pid = this.programPid();
    if (pid === undefined) return none;
    try {
      const [cpu, wait] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ");
      // the other threads: on 2 cores, a compiler or GC thread at work is a core the main thread lacks
      let threads = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        if (tid === String(pid)) continue;
        try {
          threads += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        } catch {
          // the thread ended meanwhile
        }
      }
      return { cpuMs: Number(cpu) / 1e6, waitMs: Number(wait) / 1e6, threadsCpuMs: threads / 1e6 };
    } catch {
      return none;
    }
  }

  /** pid of the program: script's child (sh exec'd into it). */
  programPid(): number | undefined {
    if (this.pid !== undefined) return this.pid;
    const pid = this.child.pid;
    if (pid === undefined) return undefined;
    try {
      const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
      const n = Number(kids[0]);
      // kept once found: the program is exec'd into that pid and keeps it
      if (Number.isFinite(n) && n > 0) this.pid = n;
      return this.pid;
    } catch {
      return undefined;
    }
  }

  /** Resident set size of the program in MB (from /proc). */
  rssMb(): number | undefined {
    const pid = this.programPid();
    if (pid === undefined) return undefined;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return m?.[1] ? Number(m[1]) / 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  async kill(): Promise<void> {
    if (!this.exited) {
      const done = new Promise((r) => this.child.once("exit", r));
      const pid = this.programPid();
      if (pid !== undefined) {
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      // script exits on its own once the program is gone (signalling script too makes it linger ~2 s)
      else this.child.kill("SIGTERM");
      const t = setTimeout(() => {
        if (pid !== undefined) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // already gone
          }
        }
        this.child.kill("SIGKILL");
      }, 3000);
      await done;
      clearTimeout(t);
    }
    this.term.dispose();
  }
}
