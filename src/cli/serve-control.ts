/**
 * `vigil serve status` and `vigil serve stop` — the local service of a data dir seen from outside — and
 * the watch a background service keeps on its clients' leases (src/service/info-file.ts) to stop by
 * itself once the last one left.
 *
 * `vigil serve status [--data DIR] [--json]`: whether the data dir's service runs, its URL and pid (and
 * its usual URL when it is not on it: `usualUrl`), how it stops (with its last client, or when stopped), the clients attached and the log. Exit codes: 0 running,
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
  addressMovedText,
  findLocalService,
  type LeaseInfo,
  liveLeases,
  markStopRequested,
  pidAlive,
} from "../service/info-file.ts";
import { errorCode, errorMessage } from "../shared/errors.ts";
import type { Args } from "./args.ts";

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** Exit code of `status` / `stop` when no service runs for the data dir (as LSB init scripts do). */
export const NOT_RUNNING = 3;

/** One client in words: "console pid 4242". */
const clientWord = (l: LeaseInfo) => `${l.kind} pid ${l.pid}`;

/** "2 clients: console pid 1, share pid 2" / "no client attached". */
export function clientsLine(leases: readonly LeaseInfo[]): string {
  if (leases.length === 0) return "no client attached";
  return `${leases.length} client${leases.length === 1 ? "" : "s"}: ${leases.map(clientWord).join(", ")}`;
}

/** `vigil serve status|stop` from the parsed command line (args.ts). */
export async function runServeControlCommand(verb: "status" | "stop", a: Args): Promise<number> {
  return await runServeControl(
    verb,
    {
      data: a.string("data"),
      json: a.flag("json") === true,
      timeoutS: verb === "stop" ? (a.int("timeout", { min: 1, max: 3600 }) ?? 30) : 30,
    },
    { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) },
  );
}

export async function runServeControl(
  verb: "status" | "stop",
  o: { data: string | undefined; json: boolean; timeoutS: number },
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const opts = { json: o.json };
  const timeoutS = o.timeoutS;
  const dir = resolveDataDir(env, o.data);
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
                ...(service.usualUrl ? { usualUrl: service.usualUrl } : {}),
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
        // not on the data dir's usual address (its port was taken): said where one looks for the address
        ...(service.usualUrl
          ? [`warning: ${addressMovedText(service.url, service.usualUrl, service.usualWhy)}`]
          : []),
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
    if (errorCode(err) === "ESRCH") {
      io.stdout(`not running (data dir ${dir})\n`);
      return NOT_RUNNING;
    }
    io.stderr(`vigil serve stop: cannot signal pid ${service.pid}: ${errorMessage(err)}\n`);
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
