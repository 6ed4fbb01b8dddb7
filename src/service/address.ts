/**
 * The port the data dir's service listens on, kept across restarts: heartbeat ping URLs embed it, and a
 * cron job's `curl` given one cannot follow a service that moved (clients and agents can: service.json).
 *
 * The rule, by what the caller asked for (`vigil serve --port`, `VIGIL_SERVICE_PORT`, else nothing):
 * - **nothing**: the port the data dir remembers (meta `service_port`), else a free one (below the
 *   ephemeral range: `listenFirst`), which is then remembered. When the remembered port is taken by
 *   another program the service still starts, on a free port, and says so (`usualPort`): the caller
 *   prints it, service.json carries it to every client. The remembered port is kept, so the next start
 *   returns to it once it is free — the address cron jobs were given.
 * - **a port N > 0**: exactly N, or no start (a fixed port exists for what cannot follow a move); N is
 *   remembered, so later starts without a setting ask for it too.
 * - **0**: any free port, remembered nowhere (tests, throwaway services).
 *
 * Node's `listen` sets SO_REUSEADDR on Linux, so a port whose last service was killed (-9) and left
 * connections in TIME_WAIT is taken again at once (test/service/address.test.ts checks it); only a
 * socket someone else holds on it — a listener, or a connection bound to that local port — refuses it.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { listeningPort } from "../shared/net.ts";

const PORT_KEY = "service_port";

type Meta = { getMeta(key: string): string | undefined; setMeta(key: string, value: string): void };

export type Listened = {
  port: number;
  /** The remembered port this start could not have (taken), when it listens elsewhere. */
  usualPort?: number;
  /** Why it could not: `EADDRINUSE` (something holds it — which, the system does not say), or the error's code. */
  why?: string;
};

/** A port number the data dir remembers (undefined: none, or not a port). */
export function rememberedPort(meta: Meta): number | undefined {
  const v = Number(meta.getMeta(PORT_KEY));
  return Number.isInteger(v) && v > 0 && v < 65536 ? v : undefined;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

const code = (e: unknown) =>
  typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : undefined;

/** A fixed port in use (by whom, the system does not say): one line that says what to do. */
export class PortTakenError extends Error {
  override name = "PortTakenError";
}

/** Listens by the rule above; `port` is what the caller asked for (undefined: nothing). */
export async function listenKeepingPort(
  server: Server,
  host: string,
  port: number | undefined,
  meta: Meta,
): Promise<Listened> {
  if (port === 0) {
    await listen(server, 0, host);
    return { port: listeningPort(server) };
  }
  if (port !== undefined) {
    try {
      await listen(server, port, host);
    } catch (e) {
      if (code(e) === "EADDRINUSE")
        throw new PortTakenError(
          `port ${port} on ${host} is in use (asked for with --port or VIGIL_SERVICE_PORT): stop what holds it or choose another port`,
        );
      throw e;
    }
    if (rememberedPort(meta) !== port) meta.setMeta(PORT_KEY, String(port));
    return { port };
  }
  const usual = rememberedPort(meta);
  if (usual !== undefined) {
    try {
      await listen(server, usual, host);
      return { port: usual };
    } catch (e) {
      // taken (or no longer ours to use): a free port below, said loudly by the caller
      await listen(server, 0, host);
      return { port: listeningPort(server), usualPort: usual, why: code(e) ?? String(e) };
    }
  }
  const got = await listenFirst(server, host);
  meta.setMeta(PORT_KEY, String(got));
  return { port: got };
}

/**
 * The first start's port, to be kept: a free one below the kernel's ephemeral range (32768+ by default),
 * where the ports of outgoing connections come from — a port in that range could be held by some
 * program's connection at a later start, and the service would have to move. A few random tries, else any
 * free port.
 */
async function listenFirst(server: Server, host: string): Promise<number> {
  const low = ephemeralLow();
  if (low !== undefined && low > MIN_KEPT + 1000)
    for (let i = 0; i < 16; i++) {
      const port = MIN_KEPT + Math.floor(Math.random() * (low - MIN_KEPT));
      try {
        await listen(server, port, host);
        return port;
      } catch {
        // taken: another one
      }
    }
  await listen(server, 0, host);
  return listeningPort(server);
}

/** The lowest port a first start picks from (below it: well-known and commonly configured ports). */
const MIN_KEPT = 20_000;

/** The start of the ephemeral port range (Linux), undefined where it cannot be read. */
export function ephemeralLow(file = "/proc/sys/net/ipv4/ip_local_port_range"): number | undefined {
  try {
    const low = Number(readFileSync(file, "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 && low < 65536 ? low : undefined;
  } catch {
    return undefined;
  }
}
