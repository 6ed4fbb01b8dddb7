/**
 * Composition of the embedded service: data dir, SQLite file, run engine, alerting (rules, outbox worker,
 * SSL scan; src/service/alerts/), Hono app with every route module,
 * the optional demo workspace, and the loopback HTTP server. `startService` resolves once the server
 * listens; `close()` stops everything and leaves the data dir consistent: the demo's agents first (while the
 * server still answers their goodbye), then no new connections or
 * sessions, running sessions finish within `stopGraceMs` or end CANCELLED, then the demo, retention and
 * alerting (deliveries not sent stay in the outbox), and the database (its lock goes with it).
 *
 * Choices: `demo` defaults to true (as `vigil serve` does without `--no-demo`); tests pass `demo: false`.
 * The API key is `opts.apiKey`, else $VIGIL_API_KEY, else the key stored in `<dataDir>/api-key` (generated
 * once, mode 0600). Long-polls still open at close are cut after a short grace.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { type Listened, listenKeepingPort } from "./address.ts";
import { type Alerting, type AlertingModuleOptions, createAlerting } from "./alerts/alerting.ts";
import { createApp } from "./app/app.ts";
import { ROUTE_MODULES } from "./app/routes.ts";
import type { ServiceContext } from "./context.ts";
import { assertPrivate, closeDataDir, openDataDir } from "./db/data-dir.ts";
import { createEngine, type EngineOptions } from "./engine/engine.ts";
import { createRetention, type Retention } from "./repo/retention.ts";
import { openRepo, type Repo } from "./repo/store.ts";
import { uuid } from "./repo/util.ts";

export type StartOptions = {
  host?: string;
  /**
   * The port: undefined = the one the data dir remembers, else a free one (remembered); N = exactly N;
   * 0 = any free port, not remembered (src/service/address.ts).
   */
  port?: number;
  dataDir: string;
  demo?: boolean;
  apiKey?: string;
  schedulerTickMs?: number;
  scheduler?: boolean;
  /** Clock for the service (tests). */
  now?: () => number;
  /** Where unexpected errors go (default stderr). */
  logError?: (err: unknown) => void;
  /** Alerting: retry spacing, attempt timeout, SMTP / gateway URLs (env VIGIL_* otherwise; alerts/config.ts). */
  alerting?: AlertingModuleOptions;
  /** Create the database even where the data dir says one existed and is now missing (db/data-dir.ts). */
  init?: boolean;
  /** Largest request body in bytes (default 1 MiB; app.ts). */
  maxBodyBytes?: number;
  /** How long runs, heartbeat events and deliveries are kept, in days (default 30; repo/retention.ts). */
  retentionDays?: number;
  /** The private-location agent queue's timing (agents/queue.ts; tests shorten waits and leases). */
  agents?: EngineOptions["agents"];
  /**
   * How long close() lets running check sessions finish before aborting them (recorded CANCELLED);
   * default 0. `vigil serve` gives SERVE_STOP_GRACE_MS.
   */
  stopGraceMs?: number;
};

/** What `vigil serve` waits on SIGTERM for runs in progress before cancelling them. */
export const SERVE_STOP_GRACE_MS = 5000;

export type RunningService = {
  url: string;
  /**
   * The data dir's usual address (`http://HOST:PORT`), when its port was taken and this start listens
   * elsewhere: ping URLs given out before do not reach this service (address.ts).
   */
  usualUrl?: string;
  /** Why the usual port could not be had (`EADDRINUSE`, ...), with `usualUrl`. */
  usualWhy?: string;
  apiKey: string;
  /** The alerting module (tests: SSL scan on demand, wait for in-flight deliveries). */
  alerting: Alerting;
  /** Retention (tests and benchmarks: sweep on demand). */
  retention: Retention;
  /**
   * Answer the reads a console starts with once, inside the process (no socket), and drop the answers: the
   * routes' first answers — the router's build, the handlers' and schemas' first runs, the database's pages
   * — are then paid while the service waits for its first client rather than by that client (`vigil serve`
   * calls it once it has said where it listens). A request that comes meanwhile is answered as always.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
};

/**
 * What a console reads first (its overview), in the order it asks: what warm() answers — the statuses
 * with one member: every check's status is found and remembered as for the console's read, without
 * writing out a list the console never gets (37 MB of JSON at 100,000 checks).
 */
const FIRST_READS = [
  "/v1/locations",
  "/v1/checks?page=1&limit=100",
  "/v1/check-statuses?fields=checkId",
  "/v1/status-pages/incidents?limit=100",
];

/**
 * The key the service accepts: $VIGIL_API_KEY, else the one stored in `<dataDir>/api-key` (made once, 0600;
 * a stored key others can read is refused with a DataDirError naming the chmod that fixes it).
 */
export function resolveApiKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.VIGIL_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  const file = join(dataDir, "api-key");
  if (existsSync(file)) {
    assertPrivate(file, "the service API key");
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return stored;
  }
  const key = `vgl_${randomBytes(24).toString("hex")}`;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** Account id echoed when a request has no `x-service-account`: generated once per data dir. */
function defaultAccountId(repo: Repo): string {
  const known = repo.getMeta("account_id");
  if (known) return known;
  const id = uuid();
  repo.setMeta("account_id", id);
  return id;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

const defaultLog = (err: unknown) =>
  console.error("vigil service:", err instanceof Error ? (err.stack ?? err.message) : err);

export async function startService(opts: StartOptions): Promise<RunningService> {
  const host = opts.host ?? "127.0.0.1";
  const logError = opts.logError ?? defaultLog;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const apiKey = opts.apiKey ?? resolveApiKey(opts.dataDir);
  const opened = await openDataDir(opts.dataDir, { init: opts.init === true });
  const { db, file: databaseFile } = opened;
  const now = opts.now ?? Date.now;
  let publicUrl = "";
  let phase: "starting" | "ready" | "stopping" = "starting";
  const repo = openRepo(db);
  const engine = createEngine({
    repo,
    publicUrl: () => publicUrl,
    now,
    ...(opts.schedulerTickMs !== undefined ? { schedulerTickMs: opts.schedulerTickMs } : {}),
    ...(opts.scheduler !== undefined ? { scheduler: opts.scheduler } : {}),
    onError: logError,
    assetsDir: join(opts.dataDir, "assets"),
    ...(opts.agents ? { agents: opts.agents } : {}),
  });
  const alerting = createAlerting({
    repo,
    engine,
    now,
    publicUrl: () => publicUrl,
    logError,
    ...(opts.alerting ? { options: opts.alerting } : {}),
  });
  const retention = createRetention(
    db,
    now,
    {
      assetsDir: join(opts.dataDir, "assets"),
      ...(opts.retentionDays !== undefined ? { days: opts.retentionDays } : {}),
    },
    logError,
  );
  const ctx: ServiceContext = {
    repo,
    engine,
    dataDir: opts.dataDir,
    publicUrl: () => publicUrl,
    now,
    lifecycle: () => phase,
  };
  const app = createApp(ctx, {
    apiKey,
    defaultAccountId: defaultAccountId(repo),
    modules: ROUTE_MODULES,
    logError,
    databaseFile,
    ...(opts.maxBodyBytes !== undefined ? { maxBodyBytes: opts.maxBodyBytes } : {}),
  });

  const server: Server = createServer(getRequestListener(app.fetch));
  let demo: { stopAgents(): Promise<void>; stop(): Promise<void> } | undefined;
  let listened: Listened;
  try {
    listened = await listenKeepingPort(server, host, opts.port, repo);
    publicUrl = `http://${urlHost(host)}:${listened.port}`;
    if (opts.demo !== false) {
      const { startDemo } = await import("./demo/run.ts");
      demo = await startDemo({ repo, now, publicUrl: () => publicUrl, logError });
    }
    alerting.start();
    engine.start();
    retention.start();
    phase = "ready";
  } catch (err) {
    await demo?.stop().catch(() => {});
    server.close();
    await engine.stop().catch(() => {});
    await alerting.stop().catch(() => {});
    db.close();
    throw err;
  }

  let closing: Promise<void> | undefined;
  return {
    url: publicUrl,
    ...(listened.usualPort !== undefined
      ? {
          usualUrl: `http://${urlHost(host)}:${listened.usualPort}`,
          ...(listened.why ? { usualWhy: listened.why } : {}),
        }
      : {}),
    apiKey,
    alerting,
    retention,
    async warm() {
      for (const path of FIRST_READS) {
        if (phase !== "ready") return;
        try {
          const res = await app.fetch(
            new Request(`${publicUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } }),
          );
          await res.arrayBuffer();
        } catch {
          // answers no one: a read that fails here fails the same way for the client, which is told
        }
      }
    },
    close() {
      closing ??= (async () => {
        phase = "stopping";
        // the demo's agents and heartbeat jobs stop while the server still answers, so an agent's goodbye
        // arrives (demo/run.ts)
        await demo?.stopAgents().catch(logError);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const cut = setTimeout(() => server.closeAllConnections(), 200);
        // runs in progress finish within the grace (the demo target still answering them), else end
        // CANCELLED; their alerts reach the outbox before alerting stops, and the worker keeps every
        // undelivered one for the next start
        await engine.stop(opts.stopGraceMs ?? 0).catch(logError);
        await demo?.stop().catch(logError);
        await retention.stop().catch(logError);
        await alerting.stop().catch(logError);
        await closed;
        clearTimeout(cut);
        // one I/O turn: clients in this process (tests, an in-process restart) read the end of the
        // connections just closed, so a service started next on the same port (address.ts) is not sent
        // requests on sockets their keep-alive pools still hold
        await new Promise<void>((resolve) => setImmediate(resolve));
        // checked and recorded as a clean stop: the next start skips quick_check on the file as left here
        const problem = closeDataDir(opened);
        if (problem !== undefined)
          logError(
            new Error(
              `${databaseFile} failed quick_check at stop (${problem}): the next start refuses it; restore a backup`,
            ),
          );
      })();
      return closing;
    },
  };
}
