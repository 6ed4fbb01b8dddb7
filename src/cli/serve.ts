/**
 * `vigil serve [--host 127.0.0.1] [--port N] [--data DIR] [--no-demo] [--init] [--max-body BYTES]
 * [--retention-days N]`: the embedded service alone.
 *
 * The first stdout line is `listening on http://HOST:PORT` (scripts wait for it). The port is `--port`
 * (else VIGIL_SERVICE_PORT) exactly, else the data dir's usual one (src/service/address.ts); a start that
 * could not have its usual port says so on stderr and in service.json (`usualUrl`). One service per data dir:
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
import { UsageError } from "../api/errors.ts";
import { dataDir as resolveDataDir } from "../config/paths.ts";
import { DataDirError } from "../service/db/data-dir.ts";
import { addressMovedText, removeServiceInfo, writeServiceInfo } from "../service/info-file.ts";
import { resolveApiKey, SERVE_STOP_GRACE_MS, startService } from "../service/main.ts";
import { errorMessage } from "../shared/errors.ts";
import { Args, bindPositionals, type ParsedValues, parseTokens } from "./args.ts";
import { SERVE_OPTIONS } from "./programs.ts";
import { watchIdle } from "./serve-control.ts";
import { openRotatingLog, redirectOutput } from "./service-log.ts";

export type ServeArgs = {
  host: string;
  /** --port, else $VIGIL_SERVICE_PORT; undefined: the port the data dir remembers (service/address.ts). */
  port: number | undefined;
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

/** A whole number within bounds, from a flag or an environment variable. */
function wholeNumber(what: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new UsageError(`${what} must be an integer ${min}-${max}, got ${JSON.stringify(v)}`);
  return n;
}

/** The serve flags as parsed by the one parser (args.ts) → what to start. */
export function serveArgsFrom(
  values: ParsedValues,
  env: Record<string, string | undefined> = process.env,
): ServeArgs {
  const a = new Args(values, {});
  const num = (flag: string, min: number, max: number) => {
    const v = a.string(flag);
    return v === undefined ? undefined : wholeNumber(`--${flag}`, v, min, max);
  };
  const host = a.string("host") ?? "127.0.0.1";
  if (!host) throw new UsageError("--host needs a value");
  const flagPort = a.string("port");
  const envPort = env.VIGIL_SERVICE_PORT === "" ? undefined : env.VIGIL_SERVICE_PORT;
  const port =
    flagPort !== undefined
      ? wholeNumber("--port", flagPort, 0, 65535)
      : envPort !== undefined
        ? wholeNumber("VIGIL_SERVICE_PORT", envPort, 0, 65535)
        : undefined;
  return {
    host,
    port,
    dataDir: resolveDataDir(env, a.string("data")),
    demo: a.flag("demo") ?? true,
    init: a.flag("init") === true,
    maxBodyBytes:
      num("max-body", 1024, 2 ** 31) ??
      (env.VIGIL_MAX_BODY_BYTES !== undefined
        ? wholeNumber("VIGIL_MAX_BODY_BYTES", env.VIGIL_MAX_BODY_BYTES, 1024, 2 ** 31)
        : undefined),
    retentionDays:
      num("retention-days", 1, 3650) ??
      (env.VIGIL_RETENTION_DAYS !== undefined
        ? wholeNumber("VIGIL_RETENTION_DAYS", env.VIGIL_RETENTION_DAYS, 1, 3650)
        : undefined),
    idleStopS: num("idle-stop", 1, 86_400),
    log: a.string("log"),
  };
}

/** Parses the serve flags (`--flag value` or `--flag=value`) with the one parser; no arguments. */
export function parseServeArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): ServeArgs {
  const { values, positionals } = parseTokens(argv, SERVE_OPTIONS);
  bindPositionals(positionals, []);
  return serveArgsFrom(values, env);
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };
const processIo: Io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };

/**
 * `vigil serve [run]` from the parsed command line: the connection flags mean what they mean everywhere —
 * `--api-key` (else $VIGIL_API_KEY) is this service's key, `--data` its data dir; `--base-url` names a
 * service to talk to, which a service does not do, so it is refused.
 */
export async function runServeCommand(a: Args): Promise<number> {
  if (a.has("base-url"))
    throw new UsageError(
      "--base-url names a service to talk to; vigil serve runs one (use --host and --port)",
    );
  const args = serveArgsFrom(a.values);
  const key = a.string("api-key");
  return await runServe(args, processIo, key ? { ...process.env, VIGIL_API_KEY: key } : process.env);
}

/** Runs the service until SIGINT/SIGTERM; resolves with the exit code. */
export async function runServe(
  args: ServeArgs,
  io: Io = processIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (args.log) {
    // in the background: everything this process prints goes to the log (io writes through stdout/stderr)
    redirectOutput(openRotatingLog(args.log));
    io.stderr(`vigil serve: starting (pid ${process.pid}, data dir ${args.dataDir})\n`);
  }
  let service: Awaited<ReturnType<typeof startService>>;
  try {
    const apiKey = resolveApiKey(args.dataDir, env);
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
    const msg = errorMessage(err).split("\n")[0];
    io.stderr(`vigil serve: ${err instanceof DataDirError ? msg : `cannot start: ${msg}`}\n`);
    return 1;
  }
  // service.json first, so whoever sees the `listening on` line also finds the file.
  writeServiceInfo(args.dataDir, service.url, {
    ...(args.idleStopS ? { idleStopS: args.idleStopS } : {}),
    ...(service.usualUrl ? { usualUrl: service.usualUrl } : {}),
    ...(service.usualUrl && service.usualWhy ? { usualWhy: service.usualWhy } : {}),
  });
  io.stdout(`listening on ${service.url}\n`);
  // its usual port was taken: ping URLs given out before (cron jobs) do not reach it — said here, in the
  // log, and by every client through service.json (local-service.ts)
  if (service.usualUrl)
    io.stderr(`vigil serve: warning: ${addressMovedText(service.url, service.usualUrl, service.usualWhy)}\n`);
  if (!env.VIGIL_API_KEY) io.stderr(`api key: stored in ${join(args.dataDir, "api-key")}\n`);
  // a console that started this service is still loading: its first reads' first answers are given now
  void service.warm();

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
        .catch((err) => io.stderr(`vigil serve: error while stopping: ${errorMessage(err)}\n`))
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
