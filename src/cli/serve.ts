/**
 * `vigil serve [--host 127.0.0.1] [--port N] [--data DIR] [--no-demo] [--init] [--max-body BYTES]
 * [--retention-days N]`: the embedded service alone.
 *
 * The first stdout line is `listening on http://HOST:PORT` (scripts wait for it). One service per data dir:
 * the database's OS lock decides (src/service/db/data-dir.ts); `<dataDir>/service.json` (0600) only tells
 * others the URL and pid, and is removed on a clean stop (SIGINT/SIGTERM). The key is $VIGIL_API_KEY, else
 * the one stored 0600 in `<dataDir>/api-key` (generated on first start); the key itself is never printed.
 * `--max-body` (or VIGIL_MAX_BODY_BYTES, default 1 MiB) bounds request bodies; `--retention-days` (or
 * VIGIL_RETENTION_DAYS, default 30) how long runs, events and deliveries are kept. Exit codes: 0 clean
 * stop, 1 start failure (one line: data dir in use, a loose key file, lost or corrupt database, ...),
 * 2 usage error, 130 when a second signal arrives before the clean stop finished.
 *
 * `--idle-stop SECONDS` (how a console, `vigil share` or `vigil agent` starts it in the background): stop
 * by itself once no client has held a lease for that long (src/cli/serve-control.ts); `--log FILE`: write
 * stdout and stderr to FILE, rotated (src/cli/service-log.ts). `vigil serve status|stop`: serve-control.ts.
 */
import { join } from "node:path";
import { dataDir as resolveDataDir } from "../config/paths.ts";
import { DataDirError } from "../service/db/data-dir.ts";
import { removeServiceInfo, writeServiceInfo } from "../service/info-file.ts";
import { resolveApiKey, SERVE_STOP_GRACE_MS, startService } from "../service/main.ts";
import { runServeControl, watchIdle } from "./serve-control.ts";
import { openRotatingLog, redirectOutput } from "./service-log.ts";

export type ServeArgs = {
  host: string;
  port: number;
  dataDir: string;
  demo: boolean;
  init: boolean;
  maxBodyBytes: number | undefined;
  retentionDays: number | undefined;
  /** Stop this many seconds after the last client's lease lapsed (undefined: run until stopped). */
  idleStopS: number | undefined;
  /** Write stdout and stderr to this file, rotated. */
  log: string | undefined;
};

export const SERVE_USAGE =
  "usage: vigil serve [--host 127.0.0.1] [--port N] [--data DIR] [--no-demo] [--init] [--max-body BYTES] [--retention-days N] [--idle-stop SECONDS] [--log FILE]\n       vigil serve status [--data DIR] [--json]\n       vigil serve stop [--data DIR] [--timeout SECONDS]";

/** A whole number within bounds, from a flag or an environment variable. */
function wholeNumber(what: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new ServeUsageError(`${what} must be an integer ${min}-${max}, got ${JSON.stringify(v)}`);
  return n;
}

export class ServeUsageError extends Error {}

/** Parses the serve flags (`--flag value` or `--flag=value`). */
export function parseServeArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): ServeArgs {
  let host = "127.0.0.1";
  let port = 0;
  let data: string | undefined;
  let demo = true;
  let init = false;
  let idleStopS: number | undefined;
  let log: string | undefined;
  let maxBodyBytes =
    env.VIGIL_MAX_BODY_BYTES !== undefined
      ? wholeNumber("VIGIL_MAX_BODY_BYTES", env.VIGIL_MAX_BODY_BYTES, 1024, 2 ** 31)
      : undefined;
  let retentionDays =
    env.VIGIL_RETENTION_DAYS !== undefined
      ? wholeNumber("VIGIL_RETENTION_DAYS", env.VIGIL_RETENTION_DAYS, 1, 3650)
      : undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      if (eq > 0 && arg.startsWith("--")) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new ServeUsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--host":
        host = value();
        if (!host) throw new ServeUsageError("--host needs a value");
        break;
      case "--port": {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535)
          throw new ServeUsageError(`--port must be an integer 0-65535, got ${JSON.stringify(v)}`);
        port = n;
        break;
      }
      case "--data":
        data = value();
        break;
      case "--no-demo":
        demo = false;
        break;
      case "--init":
        init = true;
        break;
      case "--max-body":
        maxBodyBytes = wholeNumber("--max-body", value(), 1024, 2 ** 31);
        break;
      case "--retention-days":
        retentionDays = wholeNumber("--retention-days", value(), 1, 3650);
        break;
      case "--idle-stop":
        idleStopS = wholeNumber("--idle-stop", value(), 1, 86_400);
        break;
      case "--log":
        log = value();
        break;
      default:
        throw new ServeUsageError(`unknown option ${JSON.stringify(arg)}`);
    }
  }
  return {
    host,
    port,
    dataDir: resolveDataDir(env, data),
    demo,
    init,
    maxBodyBytes,
    retentionDays,
    idleStopS,
    log,
  };
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };
const processIo: Io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };

/** Runs the service until SIGINT/SIGTERM; resolves with the exit code. */
export async function runServe(argv: string[], io: Io = processIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(`${SERVE_USAGE}\n`);
    return 0;
  }
  if (argv[0] === "status" || argv[0] === "stop") return await runServeControl(argv[0], argv.slice(1), io);
  let args: ServeArgs;
  try {
    args = parseServeArgs(argv);
  } catch (err) {
    if (err instanceof ServeUsageError) {
      io.stderr(`vigil serve: ${err.message}\n${SERVE_USAGE}\n`);
      return 2;
    }
    throw err;
  }
  if (args.log) {
    // in the background: everything this process prints goes to the log (io writes through stdout/stderr)
    redirectOutput(openRotatingLog(args.log));
    io.stderr(`vigil serve: starting (pid ${process.pid}, data dir ${args.dataDir})\n`);
  }
  let service: Awaited<ReturnType<typeof startService>>;
  try {
    const apiKey = resolveApiKey(args.dataDir);
    service = await startService({
      host: args.host,
      port: args.port,
      dataDir: args.dataDir,
      demo: args.demo,
      apiKey,
      init: args.init,
      ...(args.maxBodyBytes !== undefined ? { maxBodyBytes: args.maxBodyBytes } : {}),
      ...(args.retentionDays !== undefined ? { retentionDays: args.retentionDays } : {}),
      // SIGTERM/SIGINT: runs in progress get this long to finish, then end CANCELLED (README "Always on")
      stopGraceMs: SERVE_STOP_GRACE_MS,
    });
  } catch (err) {
    // a data dir in use, a loose key file, a lost or corrupt database: the message says what to do
    const msg = (err as Error).message.split("\n")[0];
    io.stderr(`vigil serve: ${err instanceof DataDirError ? msg : `cannot start: ${msg}`}\n`);
    return 1;
  }
  // service.json first, so whoever sees the `listening on` line also finds the file.
  writeServiceInfo(args.dataDir, service.url, args.idleStopS ? { idleStopS: args.idleStopS } : {});
  io.stdout(`listening on ${service.url}\n`);
  if (!process.env.VIGIL_API_KEY) io.stderr(`api key: stored in ${join(args.dataDir, "api-key")}\n`);

  return await new Promise<number>((resolve) => {
    let stopping = false;
    let stopWatching: (() => void) | undefined;
    const stop = (signal: string) => {
      stopWatching?.();
      if (stopping) {
        // a second signal while stopping: give up waiting for running checks
        removeServiceInfo(args.dataDir);
        resolve(130);
        return;
      }
      stopping = true;
      io.stderr(`vigil serve: ${signal}, stopping\n`);
      service
        .close()
        .catch((err) => io.stderr(`vigil serve: error while stopping: ${(err as Error).message}\n`))
        .finally(() => {
          process.off("SIGINT", onInt);
          process.off("SIGTERM", onTerm);
          removeServiceInfo(args.dataDir);
          resolve(0);
        });
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    // started in the background by a client: stop once the last client left (service.json goes first, so
    // a client arriving now starts a new service instead of attaching to this one on its way out)
    if (args.idleStopS)
      stopWatching = watchIdle(
        args.dataDir,
        args.idleStopS * 1000,
        () => {
          removeServiceInfo(args.dataDir);
          stop(`no client for ${args.idleStopS} s`);
        },
        (line) => io.stderr(`vigil serve: ${line}\n`),
      );
  });
}
