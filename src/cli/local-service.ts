/**
 * The local service of a data dir, for the clients that need one running — the console, `vigil share`,
 * `vigil agent` without a base URL. It runs in its own process: when none runs, `vigil serve` is started
 * for the data dir in the background (detached, `--idle-stop`, its log in `<data dir>/service.log`); the
 * data dir's lock makes it one per dir, so two clients starting at the same moment end up on the same
 * service. While attached, a client holds a lease (src/service/info-file.ts) and the service stays up; it
 * stops by itself `VIGIL_SERVICE_IDLE_SECONDS` (default 60) after the last lease ended — a client killed
 * with -9 ends its lease too (its pid is gone). A service started by hand (`vigil serve`) has no idle
 * stop: it runs until stopped.
 *
 * A client follows its service: service.json is read every second (a small file, and a signal 0 to the pid
 * it names), so a service that restarted — new port, new pid — is found again within a second and the
 * client says so (`moved`). A background service that went away without `vigil serve stop` (killed,
 * crashed, or stopped while this client was suspended) is started again (`moved`, backing off while it
 * fails); one stopped with `vigil serve stop`, or one started by hand, is waited for (`gone`).
 */
import type { ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync, watch } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isSea } from "node:sea";
import { fileURLToPath } from "node:url";
import { UsageError } from "../api/errors.ts";
import { VigilError } from "../contract/errors.ts";
import {
  addressMovedText,
  type ClientKind,
  findLocalService,
  LEASE_RENEW_MS,
  type LocalService,
  stopRequested,
  takeLease,
} from "../service/info-file.ts";
import { errorMessage } from "../shared/errors.ts";

/** A local service that cannot be started (one line: what the service's log says). */
export class LocalServiceError extends VigilError {
  override name = "LocalServiceError";
}

/** How long a background service outlives its last client (s): VIGIL_SERVICE_IDLE_SECONDS, default 60. */
export function idleStopSeconds(env: Record<string, string | undefined> = process.env): number {
  const v = env.VIGIL_SERVICE_IDLE_SECONDS;
  if (v === undefined || v === "") return 60;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > 86_400)
    throw new UsageError(`VIGIL_SERVICE_IDLE_SECONDS must be an integer 1-86400, got ${JSON.stringify(v)}`);
  return n;
}

export type LocalTarget = {
  url: string;
  pid: number;
  apiKey: string | undefined;
  idleStopS: number | undefined;
  /** The data dir's usual address, when the service is not on it (its port was taken). */
  usualUrl: string | undefined;
  /** Why, as the system said (service.json `usualWhy`), when known. */
  usualWhy: string | undefined;
};

const target = (s: LocalService): LocalTarget => ({
  url: s.url,
  pid: s.pid,
  apiKey: s.apiKey,
  idleStopS: s.idleStopS,
  usualUrl: s.usualUrl,
  usualWhy: s.usualWhy,
});

/**
 * What a client says when its service is not on the data dir's usual address (` — ⚠ …`, appended to a
 * notice), else nothing: ping URLs given out with the usual port do not reach it (src/service/address.ts).
 */
export function addressWarning(t: Pick<LocalTarget, "url" | "usualUrl" | "usualWhy">): string {
  return t.usualUrl ? ` — ⚠ ${addressMovedText(t.url, t.usualUrl, t.usualWhy)}` : "";
}

/** What the status line says about a local service. */
export function serviceLabel(t: Pick<LocalTarget, "pid" | "idleStopS">): string {
  return t.idleStopS ? "local service (stops with the last console)" : `local service pid ${t.pid}`;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The arguments that start `vigil` again: src/cli/main.ts from source, dist/vigil.js in the bundle, none in
 * the single executable (`npm run package`: the executable is the program).
 */
function vigilEntry(): string[] {
  if (isSea()) return [];
  return [entryFile()];
}

function entryFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return join(dirname(here), "main.ts");
  const beside = join(dirname(here), "vigil.js");
  return existsSync(beside) ? beside : join(dirname(dirname(here)), "vigil.js");
}

/** The last line of the service's log, without its time stamp (why a start failed). */
function lastLogLine(file: string): string {
  try {
    const size = statSync(file).size;
    const fd = openSync(file, "r");
    try {
      const len = Math.min(size, 4096);
      const buf = Buffer.alloc(len);
      readSync(fd, buf, 0, len, size - len);
      const lines = buf.toString("utf8").trim().split("\n");
      return (lines.at(-1) ?? "").replace(/^\S+Z /, "").trim();
    } finally {
      closeSync(fd);
    }
  } catch {
    return "";
  }
}

export type StartOptions = {
  /** The program to run as `vigil serve` (default: this vigil's entry). */
  entry?: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for service.json (ms, default 30 s: a first start seeds the demo workspace). */
  timeoutMs?: number;
};

/**
 * Start `vigil serve --data DIR --idle-stop S --log DIR/service.log` detached (its own session: a closed
 * terminal does not stop it) and wait until service.json names a live service — its own, or the one of
 * another client that started one at the same moment (then this one exits, "in use").
 */
export async function startInBackground(dataDir: string, o: StartOptions = {}): Promise<LocalService> {
  const env = o.env ?? process.env;
  const dir = resolve(dataDir);
  const log = join(dir, "service.log");
  const timeoutMs = o.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // service.json is read again as soon as the data dir changes — the moment the service wrote it — and
  // at least every 15 ms where the file system sends no events
  const changes = watchDir(dir);
  try {
    for (;;) {
      // a start begun before the console's first frame (prestartLocalService) is the first try
      const child = early.get(dir) ?? spawnService(dir, env, o.entry);
      early.delete(dir);
      for (;;) {
        const found = findLocalService(dir);
        if (found) return found;
        const { exitedAt, spawnError } = child;
        if (spawnError) throw new LocalServiceError(`cannot start vigil serve: ${spawnError.message}`);
        if (Date.now() > deadline) {
          if (exitedAt === undefined) child.process.kill("SIGTERM");
          throw new LocalServiceError(
            `the local service did not start within ${Math.round(timeoutMs / 1000)} s (log: ${log})`,
          );
        }
        // it exited: failed, or lost the data dir to a service another client started at the same moment
        // (whose service.json comes within moments), or to one still stopping (then it is tried again)
        if (exitedAt !== undefined && Date.now() - exitedAt > 1000) break;
        await changes.next(15);
      }
      const why = lastLogLine(log);
      if (!/ is in use by /.test(why))
        throw new LocalServiceError(
          `the local service did not start: ${why || "no reason logged"} (log: ${log})`,
        );
    }
  } finally {
    changes.close();
  }
}

/**
 * Changes in a directory (fs.watch): `next(ms)` resolves at the next one, or after `ms` at the latest —
 * where watching is not possible (some network file systems), it is a plain wait.
 */
function watchDir(dir: string): { next(ms: number): Promise<void>; close(): void } {
  let wake: (() => void) | undefined;
  let watcher: ReturnType<typeof watch> | undefined;
  try {
    watcher = watch(dir, { persistent: false }, () => wake?.());
    watcher.on("error", () => watcher?.close());
  } catch {
    watcher = undefined;
  }
  return {
    next: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      }),
    close: () => watcher?.close(),
  };
}

/** A `vigil serve` this client spawned, and whether (and when) it ended. */
type Spawned = { process: ChildProcess; exitedAt: number | undefined; spawnError: Error | undefined };

/** Spawns begun early, by data dir (see prestartLocalService); startInBackground takes them. */
const early = new Map<string, Spawned>();

/** `vigil serve --data DIR --idle-stop S --log DIR/service.log`, detached (its own session). */
function spawnService(dir: string, env: NodeJS.ProcessEnv, entry: string | undefined): Spawned {
  const log = join(dir, "service.log");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const args = [...(entry ? [entry] : vigilEntry()), "serve", "--data", dir];
  args.push("--idle-stop", String(idleStopSeconds(env)), "--log", log);
  // node:child_process when it is used, not when the console starts (see test/cli/console-start-graph.test.ts)
  const { spawn } = process.getBuiltinModule("node:child_process");
  const child = spawn(process.execPath, args, { detached: true, stdio: "ignore", cwd: dir, env });
  const s: Spawned = { process: child, exitedAt: undefined, spawnError: undefined };
  child.once("exit", () => {
    s.exitedAt = Date.now();
  });
  child.once("error", (e) => {
    s.spawnError = e;
    s.exitedAt = Date.now();
  });
  child.unref();
  return s;
}

/**
 * Begin starting the data dir's service now when none runs, without waiting: the console calls it before
 * it loads Ink, so the service's start (a Node start and its modules, ~150–200 ms) runs beside the
 * console's own instead of after its first frame; attachLocalService then takes this start as its own
 * (its lease comes within moments, long before the shortest idle stop of 1 s). A failure here is left to
 * attachLocalService to meet and report.
 */
export function prestartLocalService(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const dir = resolve(dataDir);
  try {
    if (early.has(dir) || findLocalService(dir)) return;
    early.set(dir, spawnService(dir, env, undefined));
  } catch {
    // a bad setting or an unwritable data dir: attachLocalService says so
  }
}

export type LocalEvent =
  /** Now at another address or pid (restarted, or started again by this client); `text` says so. */
  | { kind: "moved"; target: LocalTarget; text: string }
  /** No service now, and this client will not start one (`vigil serve stop`, or it was started by hand). */
  | { kind: "gone"; text: string };

export type LocalAttachment = {
  current(): LocalTarget;
  /** This client started the service. */
  readonly started: boolean;
  on(listener: (e: LocalEvent) => void): void;
  /** Leave: end the lease, stop watching. The service is left running (it stops by itself when idle). */
  close(): void;
};

export type AttachOptions = StartOptions & {
  kind: ClientKind;
  /** How often service.json is read (ms, default 1000). */
  watchMs?: number;
};

/** Find or start the data dir's service, hold a lease on it, and follow it (see the module comment). */
export async function attachLocalService(dataDir: string, o: AttachOptions): Promise<LocalAttachment> {
  const dir = resolve(dataDir);
  let found = findLocalService(dir);
  // the lease before the start: the new service sees its client from the first look
  const lease = takeLease(dir, o.kind);
  let started = false;
  try {
    if (!found) {
      found = await startInBackground(dir, o);
      started = true;
    }
  } catch (e) {
    lease.release();
    throw e;
  }
  let cur = target(found);
  const listeners: ((e: LocalEvent) => void)[] = [];
  const emit = (e: LocalEvent) => {
    for (const l of listeners) l(e);
  };
  let goneSaid = false;
  let restarting = false;
  let failures = 0;
  let retryAt = 0;
  let closed = false;

  const check = () => {
    if (closed || restarting) return;
    const now = findLocalService(dir);
    if (now) {
      goneSaid = false;
      if (now.url !== cur.url || now.pid !== cur.pid || now.usualUrl !== cur.usualUrl) {
        cur = target(now);
        emit({
          kind: "moved",
          target: cur,
          text: `local service restarted: ${hostOf(cur.url)}, pid ${cur.pid}${addressWarning(cur)}`,
        });
      }
      return;
    }
    const asked = stopRequested(dir);
    // a background service that went away unasked (killed, crashed, or stopped while this client was
    // suspended): start it again — this client is still here
    if (cur.idleStopS && !asked) {
      if (Date.now() < retryAt) return;
      restarting = true;
      startInBackground(dir, o).then(
        (s) => {
          failures = 0;
          restarting = false;
          if (closed) return;
          cur = target(s);
          emit({
            kind: "moved",
            target: cur,
            text: `local service had stopped: started again (${hostOf(cur.url)}, pid ${cur.pid})${addressWarning(cur)}`,
          });
        },
        (err: unknown) => {
          failures++;
          retryAt = Date.now() + Math.min(60_000, 1000 * 2 ** failures);
          restarting = false;
          if (!closed) emit({ kind: "gone", text: errorMessage(err) });
        },
      );
      return;
    }
    if (goneSaid) return;
    goneSaid = true;
    emit({
      kind: "gone",
      text: asked
        ? "local service stopped (vigil serve stop): `vigil serve` starts it again"
        : `local service pid ${cur.pid} stopped: waiting for a new one (vigil serve)`,
    });
  };
  const watch = setInterval(check, o.watchMs ?? 1000);
  watch.unref();
  const renew = setInterval(() => lease.renew(), LEASE_RENEW_MS);
  renew.unref();
  return {
    current: () => cur,
    started,
    on(listener) {
      listeners.push(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(watch);
      clearInterval(renew);
      lease.release();
    },
  };
}
