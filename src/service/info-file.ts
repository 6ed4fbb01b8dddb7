/**
 * `<dataDir>/service.json` = `{"url", "pid", "idleStopS"?, "usualUrl"?, "usualWhy"?}` (0600): how CLI commands and the console find
 * the local service that `vigil serve` (or a console, `vigil share`, `vigil agent`) runs for a data dir.
 * Written before `listening on` is printed, removed on a clean stop; a file whose pid is gone counts as no
 * service. It is written through `service.json.<pid>.tmp` and a rename; such a file a service left when it
 * died in between is removed at the next start. `idleStopS` is there when the service stops by itself that many seconds after its last client
 * left (started by a client, not by hand). `usualUrl` is there when the data dir's usual port was taken and
 * the service listens elsewhere (src/service/address.ts): every client says so, since ping URLs given out
 * with the usual port do not reach it; `usualWhy` with it, what the system said (`EADDRINUSE`, …), so a
 * client says only that (addressMovedText) — never who held the port, which nobody asked.
 *
 * Clients of the local service hold a **lease**: one file per client, `<dataDir>/clients/<pid>-<id>.json`
 * (0600), touched every `LEASE_RENEW_MS` and removed when the client leaves. A lease counts while its pid
 * is alive and it was touched within `LEASE_TTL_MS` — so a client killed with -9 stops counting at once
 * (its pid is gone), and a recycled pid cannot keep a dead client's lease alive (it is not touched). Files
 * rather than a route of the service: the lease outlives a restart of the service (a service started
 * again sees its clients at once), needs no key and no answer from a busy service, and `vigil serve
 * status` can list the clients without asking it.
 *
 * `<dataDir>/service.stopped` says that the last stop was asked for (`vigil serve stop`): clients then
 * leave the service stopped instead of starting it again. Any start of a service removes it.
 */
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { errorCode } from "../shared/errors.ts";
import { isObject, parseJsonAs } from "../shared/json.ts";

export type LocalService = {
  url: string;
  pid: number;
  apiKey?: string;
  idleStopS?: number;
  /** The data dir's usual address, when the service is not on it (its port was taken). */
  usualUrl?: string;
  /** Why it could not have it, as the system said (`EADDRINUSE`, …), when service.json says. */
  usualWhy?: string;
};

const infoPath = (dataDir: string) => join(dataDir, "service.json");

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(e) === "EPERM";
  }
}

/** The running local service of `dataDir` (with its stored key when readable), or undefined. */
export function findLocalService(dataDir: string): LocalService | undefined {
  let info: unknown;
  try {
    info = JSON.parse(readFileSync(infoPath(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(info)) return undefined;
  const { url, pid, idleStopS, usualUrl, usualWhy } = info;
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) return undefined;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return undefined;
  let apiKey: string | undefined;
  try {
    apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim() || undefined;
  } catch {
    apiKey = undefined;
  }
  return {
    url,
    pid,
    ...(apiKey ? { apiKey } : {}),
    ...(typeof idleStopS === "number" && idleStopS > 0 ? { idleStopS } : {}),
    ...(typeof usualUrl === "string" && /^https?:\/\//.test(usualUrl) && usualUrl !== url
      ? { usualUrl, ...(typeof usualWhy === "string" && ERROR_CODE.test(usualWhy) ? { usualWhy } : {}) }
      : {}),
  };
}

const hostPort = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
const portOf = (url: string) => {
  try {
    return new URL(url).port;
  } catch {
    return url;
  }
};

/** A system error code as service.json may carry it (printed: nothing else is). */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,31}$/;

/**
 * Why the service is not on its usual port, in words true whoever held it: the system said the port was
 * in use (`EADDRINUSE` — by another program, another data dir's vigil service, a connection bound to that
 * port: the service does not know which), or another code, or (an older service.json) nothing.
 */
export function usualPortWhyText(port: string, why: string | undefined): string {
  if (why === "EADDRINUSE") return `port ${port} was in use when the service started`;
  if (why !== undefined && ERROR_CODE.test(why))
    return `port ${port} could not be listened on when the service started: ${why}`;
  return `port ${port} was not available when the service started`;
}

/**
 * What every place that names a moved service says (service log, a command's stderr, the console's
 * notice, `vigil serve status`): where it is, where it usually is, why as far as known, and what that breaks.
 */
export function addressMovedText(url: string, usualUrl: string, why?: string): string {
  const reason = usualPortWhyText(portOf(usualUrl), why);
  return (
    `the local service is on ${hostPort(url)}, not its usual ${hostPort(usualUrl)} (${reason}): ` +
    `ping URLs with port ${portOf(usualUrl)} (cron jobs) do not reach it until that port is free and the service restarts`
  );
}

/**
 * Written by the service once it listens — whole, through a rename, so a client that reads it the moment
 * it appears (local-service.ts watches the data dir) never reads half of it; clears a `vigil serve stop`
 * note (this is a new start). The temporary files a service left when it died between writing and
 * renaming (`service.json.<pid>.tmp`) are removed first (`removeStaleInfoTmp`).
 */
export function writeServiceInfo(
  dataDir: string,
  url: string,
  extra: { idleStopS?: number; usualUrl?: string; usualWhy?: string } = {},
): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  removeStaleInfoTmp(dataDir);
  const file = infoPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ url, pid: process.pid, ...extra })}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  rmSync(stoppedPath(dataDir), { force: true });
  return file;
}

/**
 * Removes the `service.json.<pid>.tmp` files of `dataDir` that no service will rename any more: their
 * writer (the pid in the name) is gone, or they are older than a write and a rename could take
 * (`staleTmp`). This process's own is left (it is about to be written again). Returns the names removed.
 */
export function removeStaleInfoTmp(dataDir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = /^service\.json\.(\d+)\.tmp$/.exec(name);
    if (!m || Number(m[1]) === process.pid) continue;
    const file = join(dataDir, name);
    try {
      if (!staleTmp(Number(m[1]), now - statSync(file).mtimeMs)) continue;
      rmSync(file, { force: true });
      removed.push(name);
    } catch {
      // renamed or removed right now
    }
  }
  return removed;
}

/** Remove the file if it is ours (another process may have taken the data dir over since). */
export function removeServiceInfo(dataDir: string): void {
  try {
    const info: unknown = JSON.parse(readFileSync(infoPath(dataDir), "utf8"));
    if (!isObject(info) || info.pid !== process.pid) return;
  } catch {
    return;
  }
  rmSync(infoPath(dataDir), { force: true });
}

const stoppedPath = (dataDir: string) => join(dataDir, "service.stopped");

/** `vigil serve stop` was asked for: clients leave the service stopped. */
export function markStopRequested(dataDir: string): void {
  writeFileSync(stoppedPath(dataDir), `${new Date().toISOString()}\n`, { mode: 0o600 });
}

export function stopRequested(dataDir: string): boolean {
  try {
    statSync(stoppedPath(dataDir));
    return true;
  } catch {
    return false;
  }
}

/** How often a client touches its lease, and how long an untouched one still counts. */
export const LEASE_RENEW_MS = 10_000;
export const LEASE_TTL_MS = 35_000;

const leaseSchema = z.object({
  pid: z.number().int().positive(),
  kind: z.enum(["console", "share", "agent", "command"]),
  since: z.string(),
});
export type LeaseInfo = z.output<typeof leaseSchema>;
export type ClientKind = LeaseInfo["kind"];
export type Lease = { readonly file: string; renew(): void; release(): void };

const leaseDir = (dataDir: string) => join(dataDir, "clients");

/** Take a lease on the local service of `dataDir` for this process (renewed by the caller). */
export function takeLease(dataDir: string, kind: ClientKind): Lease {
  const dir = leaseDir(dataDir);
  // node:crypto on first use, not at import: the console imports this module at start and would otherwise
  // load Node's crypto modules (and touch OpenSSL's tables, ~2 MB RSS) for one lease name
  const id = process.getBuiltinModule("node:crypto").randomBytes(4).toString("hex");
  const file = join(dir, `${process.pid}-${id}.json`);
  const info: LeaseInfo = { pid: process.pid, kind, since: new Date().toISOString() };
  const write = () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // whole, through a rename: a reader never sees half of it, so a lease it cannot read is damaged
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  };
  write();
  let released = false;
  return {
    file,
    renew() {
      if (released) return;
      try {
        const now = new Date();
        utimesSync(file, now, now);
      } catch {
        // removed under us (a cleaned-up data dir): write it again
        try {
          write();
        } catch {
          // the data dir is gone; nothing to renew
        }
      }
    },
    release() {
      released = true;
      rmSync(file, { force: true });
    },
  };
}

/**
 * The leases that count now (pid alive, touched within `ttlMs`). Files of clients that are gone (pid dead,
 * or untouched for 10 × the TTL) are removed on the way, and so is a file that is not a lease (not JSON,
 * or a field missing or wrong): it counts for no client, and a live client whose lease it was writes it
 * again at its next renewal (the touch fails on the missing file). So is a lease's temporary file
 * (`<pid>-<id>.json.tmp`) left by a client that crashed between writing and renaming it
 * (`staleLeaseTmp`).
 */
export function liveLeases(dataDir: string, now = Date.now(), ttlMs = LEASE_TTL_MS): LeaseInfo[] {
  const dir = leaseDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const live: LeaseInfo[] = [];
  for (const name of names) {
    if (name.endsWith(".json.tmp")) {
      const file = join(dir, name);
      try {
        if (staleLeaseTmp(name, now - statSync(file).mtimeMs, ttlMs)) rmSync(file, { force: true });
      } catch {
        // renamed or removed right now
      }
      continue;
    }
    if (!name.endsWith(".json")) continue;
    const file = join(dir, name);
    let text: string;
    let touched: number;
    try {
      touched = statSync(file).mtimeMs;
      text = readFileSync(file, "utf8");
    } catch {
      continue; // removed right now
    }
    let info: LeaseInfo;
    try {
      info = parseJsonAs(text, leaseSchema, file);
    } catch {
      rmSync(file, { force: true }); // not a lease (JsonShapeError): it counts for no client
      continue;
    }
    const alive = pidAlive(info.pid);
    const age = now - touched;
    if (alive && age <= ttlMs) live.push(info);
    else if (!alive || age > 10 * ttlMs) rmSync(file, { force: true });
  }
  return live;
}

/**
 * A lease's temporary file that no client will rename any more: its writer (the pid its name starts with)
 * is gone, or it is older than 10 × the TTL (a write and rename take milliseconds; this also covers a
 * writer's pid taken by another process since). A live writer's file of the moment is left alone.
 */
export function staleLeaseTmp(name: string, ageMs: number, ttlMs = LEASE_TTL_MS): boolean {
  const pid = /^(\d+)-/.exec(name)?.[1];
  return staleTmp(pid === undefined ? undefined : Number(pid), ageMs, 10 * ttlMs);
}

/**
 * A temporary file written to be renamed (a lease's, service.json's) that nobody will rename any more: its
 * writer `pid` is gone, or it is older than `maxAgeMs` — a write and rename take milliseconds, so an older
 * file's pid is another process's since. Without a pid only the age says.
 */
export function staleTmp(pid: number | undefined, ageMs: number, maxAgeMs = 10 * LEASE_TTL_MS): boolean {
  if (ageMs > maxAgeMs) return true;
  return pid !== undefined && !pidAlive(pid);
}
