/**
 * Running the deployment files' commands on this host: a child process whose output is collected line by
 * line (waiting for a line, stopping with a signal), a free loopback port, and the service's key read from
 * its data dir for the few API calls the tests make.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

export type Proc = {
  child: ChildProcess;
  lines: string[];
  /** The first line (stdout or stderr) matching `re`; rejects after `ms` or when the process exits first. */
  line(re: RegExp, ms?: number): Promise<string>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function run(cmd: string, args: string[], env: Record<string, string>, cwd?: string): Proc {
  const child = spawn(cmd, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters = new Set<{ re: RegExp; resolve(l: string): void }>();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (const stream of [child.stdout, child.stderr]) {
    let buf = "";
    stream?.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      const parts = buf.split("\n");
      buf = parts.pop() ?? "";
      for (const l of parts) {
        lines.push(l);
        for (const w of [...waiters])
          if (w.re.test(l)) {
            waiters.delete(w);
            w.resolve(l);
          }
      }
    });
  }
  return {
    child,
    lines,
    exited,
    line(re, ms = 20_000) {
      const seen = lines.find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const fail = (why: string) => () => {
          waiters.delete(w);
          reject(new Error(`${why} before a line ${re}; output:\n${lines.join("\n")}`));
        };
        const t = setTimeout(fail(`no line within ${ms} ms`), ms);
        const w = {
          re,
          resolve: (l: string) => {
            clearTimeout(t);
            resolve(l);
          },
        };
        waiters.add(w);
        void exited.then(() => {
          if (waiters.has(w)) {
            clearTimeout(t);
            fail(`${cmd} exited (${child.exitCode ?? child.signalCode})`)();
          }
        });
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A JSON call to the service with its key. */
export async function api(base: string, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}
