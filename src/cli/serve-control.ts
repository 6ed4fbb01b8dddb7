/**
 * `vigil serve status` and `vigil serve stop` — the local service of a data dir seen from outside — and
 * the watch a background service keeps on its clients' leases (src/service/info-file.ts) to stop by
 * itself once the last one left.
 *
 * `vigil serve status [--data DIR] [--json]`: whether the data dir's service runs, its URL and pid, how it
 * stops (with its last client, or when stopped), the clients attached and the log. Exit codes: 0 running,
 * 3 not running, 2 usage error.
 *
 * `vigil serve stop [--data DIR] [--timeout SECONDS]`: asks the service to stop (SIGTERM: runs in
 * progress finish first) and waits until it has; consoles still attached show it offline and do not start
 * it again. Exit codes: 0 stopped, 3 was not running, 1 still running after the timeout (default 30 s),
 * 2 usage error.
 */
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { dataDir as resolveDataDir } from "../config/paths.ts";
import {
  findLocalService,
  type LeaseInfo,
  liveLeases,
  markStopRequested,
  pidAlive,
} from "../service/info-file.ts";

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

export const SERVE_STATUS_USAGE = "usage: vigil serve status [--data DIR] [--json]";
export const SERVE_STOP_USAGE = "usage: vigil serve stop [--data DIR] [--timeout SECONDS]";

/** Exit code of `status` / `stop` when no service runs for the data dir (as LSB init scripts do). */
export const NOT_RUNNING = 3;

class UsageProblem extends Error {}

function parse(argv: string[], flags: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if (!flags.includes(name)) throw new UsageProblem(`unknown option ${JSON.stringify(name.slice(0, 40))}`);
    if (name === "--json") {
      out.json = true;
      continue;
    }
    const v = eq > 0 && arg.startsWith("--") ? arg.slice(eq + 1) : argv[++i];
    if (!v || v.startsWith("--")) throw new UsageProblem(`${name} needs a value`);
    out[name.slice(2)] = v;
  }
  return out;
}

/** One client in words: "console pid 4242". */
const clientWord = (l: LeaseInfo) => `${l.kind} pid ${l.pid}`;

/** "2 clients: console pid 1, share pid 2" / "no client attached". */
export function clientsLine(leases: readonly LeaseInfo[]): string {
  if (leases.length === 0) return "no client attached";
  return `${leases.length} client${leases.length === 1 ? "" : "s"}: ${leases.map(clientWord).join(", ")}`;
}

export async function runServeControl(
  verb: "status" | "stop",
  argv: string[],
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const usage = verb === "status" ? SERVE_STATUS_USAGE : SERVE_STOP_USAGE;
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  let opts: Record<string, string | true>;
  let timeoutS = 30;
  try {
    opts = parse(argv, verb === "status" ? ["--data", "--json"] : ["--data", "--timeout"]);
    if (typeof opts.timeout === "string") {
      timeoutS = Number(opts.timeout);
      if (!/^\d+$/.test(opts.timeout) || timeoutS < 1 || timeoutS > 3600)
        throw new UsageProblem(`--timeout must be an integer 1-3600, got ${JSON.stringify(opts.timeout)}`);
    }
  } catch (err) {
    if (!(err instanceof UsageProblem)) throw err;
    io.stderr(`vigil serve ${verb}: ${err.message}\n${usage}\n`);
    return 2;
  }
  const dir = resolveDataDir(env, typeof opts.data === "string" ? opts.data : undefined);
  const service = findLocalService(dir);
  if (verb === "status") {
    const leases = liveLeases(dir);
    if (opts.json === true) {
      io.stdout(
        `${JSON.stringify({
          running: service !== undefined,
          dataDir: dir,
          ...(service
            ? {
                url: service.url,
                pid: service.pid,
                stops: service.idleStopS ? "idle" : "when-stopped",
                ...(service.idleStopS ? { idleStopSeconds: service.idleStopS } : {}),
              }
            : {}),
          clients: leases,
          log: join(dir, "service.log"),
        })}\n`,
      );
      return service ? 0 : NOT_RUNNING;
    }
    if (!service) {
      io.stdout(`not running (data dir ${dir})\n`);
      return NOT_RUNNING;
    }
    io.stdout(
      [
        `running: ${service.url} pid ${service.pid} (data dir ${dir})`,
        service.idleStopS
          ? `stops by itself ${service.idleStopS} s after its last client leaves; log ${join(dir, "service.log")}`
          : "started with vigil serve: runs until stopped",
        clientsLine(leases),
        "",
      ].join("\n"),
    );
    return 0;
  }

  if (!service) {
    io.stdout(`not running (data dir ${dir})\n`);
    return NOT_RUNNING;
  }
  // before the signal: clients that see it go leave it stopped
  markStopRequested(dir);
  try {
    process.kill(service.pid, "SIGTERM");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") {
      io.stdout(`not running (data dir ${dir})\n`);
      return NOT_RUNNING;
    }
    io.stderr(`vigil serve stop: cannot signal pid ${service.pid}: ${(err as Error).message}\n`);
    return 1;
  }
  const deadline = Date.now() + timeoutS * 1000;
  while (pidAlive(service.pid)) {
    if (Date.now() >= deadline) {
      io.stderr(`vigil serve stop: pid ${service.pid} still running after ${timeoutS} s\n`);
      return 1;
    }
    await sleep(50);
  }
  const left = liveLeases(dir);
  io.stdout(
    `stopped the local service (pid ${service.pid})${left.length ? `; still open, shown offline: ${left.map(clientWord).join(", ")}` : ""}\n`,
  );
  return 0;
}

/**
 * For a service started with `--idle-stop`: calls `onIdle` once no client has held a lease for `idleMs`
 * (counted from the start too, so a service whose starter died stops as well). `log` gets one line when
 * the last client left and when one attaches again.
 */
export function watchIdle(
  dataDir: string,
  idleMs: number,
  onIdle: () => void,
  log: (line: string) => void,
  checkMs = Math.min(2000, Math.max(100, idleMs / 4)),
): () => void {
  let lastClientAt = Date.now();
  let attached: boolean | undefined;
  const timer = setInterval(() => {
    const leases = liveLeases(dataDir);
    const now = Date.now();
    if (leases.length > 0) {
      lastClientAt = now;
      if (attached !== true) log(`attached: ${clientsLine(leases)}`);
      attached = true;
      return;
    }
    if (attached !== false)
      log(`no client attached: stopping in ${Math.round(idleMs / 1000)} s unless one attaches`);
    attached = false;
    if (now - lastClientAt >= idleMs) {
      clearInterval(timer);
      onIdle();
    }
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
