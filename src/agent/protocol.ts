/**
 * The agent's side of the agent protocol (the service's side and the table of calls:
 * src/service/app/agent-api.ts). Every call carries the location's raw key as a Bearer token; the key is
 * never part of an error message. A 401 is an AgentKeyError (the agent stops: the key was revoked or is
 * unknown); other failures are AgentCallError with the status (0 = no answer) and the server's message.
 *
 * Behind a proxy (`serviceProxy`, see `serviceProxyFor`): every call goes through it, an `https://`
 * service through a CONNECT tunnel (TLS end to end; the service's certificate is checked against Node's
 * CAs plus NODE_EXTRA_CA_CERTS).
 */
import { type Dispatcher, ProxyAgent, request } from "undici";
import type { LeasedJob } from "../service/agents/queue.ts";
import type { RunOutcome } from "../service/runners/types.ts";
import { errorMessage } from "../shared/errors.ts";

export type AgentInfo = {
  agentId: string;
  version: string;
  hostname: string;
  concurrency: number;
  running: number;
};

/** A leased run: the check as the service stores it (the agent builds its CheckDef with toCheckDef). */
export type Job = LeasedJob;

export class AgentKeyError extends Error {
  override name = "AgentKeyError";
}

export class AgentCallError extends Error {
  override name = "AgentCallError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export type AgentClient = {
  lease(info: AgentInfo, max: number, waitSeconds: number, signal: AbortSignal): Promise<Job[]>;
  /** "stored", or "stale" when the lease lapsed and the run was given to another agent (409). */
  result(jobId: string, leaseId: string, outcome: RunOutcome): Promise<"stored" | "stale">;
  release(jobId: string, leaseId: string): Promise<void>;
  heartbeat(info: AgentInfo): Promise<{ location: { id: string; slug: string; name: string } }>;
  bye(agentId: string): Promise<void>;
};

/** Files become base64 for the JSON body; one over 4 MB is left out (the service takes 8 MB a result). */
function wireOutcome(o: RunOutcome): Record<string, unknown> {
  const { assets, ...rest } = o;
  if (!assets) return rest;
  const kept = Object.entries(assets).filter(([, v]) => v.byteLength <= 4_000_000);
  return {
    ...rest,
    assets: Object.fromEntries(kept.map(([k, v]) => [k, Buffer.from(v).toString("base64")])),
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The proxy to reach the service at `baseUrl` through, from the environment as curl and most tools read
 * it: `HTTPS_PROXY` for an https service (else `HTTP_PROXY`), `HTTP_PROXY` for an http one, upper or lower
 * case; none when `NO_PROXY` names the host (`*`, a host, or a domain suffix such as `.corp.example`,
 * optionally with `:port`) or when the service is on loopback (localhost, 127.x, [::1]).
 */
export function serviceProxyFor(
  baseUrl: string,
  env: Record<string, string | undefined>,
): string | undefined {
  const url = new URL(baseUrl);
  if (LOOPBACK.test(url.hostname)) return undefined;
  const get = (name: string) =>
    env[name.toUpperCase()]?.trim() || env[name.toLowerCase()]?.trim() || undefined;
  const proxy = url.protocol === "https:" ? (get("https_proxy") ?? get("http_proxy")) : get("http_proxy");
  if (!proxy) return undefined;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const host = url.hostname.toLowerCase();
  for (const raw of (get("no_proxy") ?? "").split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === "*") return undefined;
    const [name = "", entryPort] = entry.replace(/^\*?\./, ".").split(/:(?=\d+$)/);
    if (entryPort && entryPort !== port) continue;
    if (
      host === name.replace(/^\./, "") ||
      (name.startsWith(".") ? host.endsWith(name) : host.endsWith(`.${name}`))
    )
      return undefined;
  }
  return proxy;
}

/** A proxy URL as it may be shown: no credentials. */
export function shownProxy(proxy: string): string {
  try {
    const u = new URL(proxy);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "(a proxy)";
  }
}

export function createAgentClient(baseUrl: string, key: string, serviceProxy?: string): AgentClient {
  const base = baseUrl.replace(/\/+$/, "");
  const dispatcher: Dispatcher | undefined = serviceProxy ? new ProxyAgent(serviceProxy) : undefined;

  async function call(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(`${base}/agent/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
        ...(signal ? { signal } : {}),
        ...(dispatcher ? { dispatcher } : {}),
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const code = (err as { code?: string }).code;
      const via = serviceProxy ? ` through ${shownProxy(serviceProxy)}` : "";
      // undici's own codes say little ("UND_ERR_ABORTED" for a proxy's 407): its message says more
      const message = errorMessage(err).slice(0, 120);
      const why = (code && !code.startsWith("UND_ERR") ? code : message || code)?.replaceAll(
        serviceProxy ?? "\0",
        "the proxy",
      );
      throw new AgentCallError(`no answer from ${base}${via}${why ? ` (${why})` : ""}`, 0);
    }
    const text = await res.body.text();
    if (res.statusCode === 401)
      throw new AgentKeyError(`${base} refused the location key (revoked or unknown)`);
    if (res.statusCode >= 400) {
      let message = text.slice(0, 200);
      try {
        message = String((JSON.parse(text) as { message?: unknown }).message ?? message);
      } catch {
        // not JSON: the first 200 characters say what happened
      }
      throw new AgentCallError(
        `${res.statusCode} from ${base}: ${message.replaceAll(key, "pl_…")}`,
        res.statusCode,
      );
    }
    return text ? JSON.parse(text) : undefined;
  }

  return {
    async lease(info, max, waitSeconds, signal) {
      const r = (await call("/lease", { ...info, max, waitSeconds }, signal)) as { jobs?: Job[] };
      return r?.jobs ?? [];
    },
    async result(jobId, leaseId, outcome) {
      try {
        await call(`/jobs/${encodeURIComponent(jobId)}/result`, { leaseId, outcome: wireOutcome(outcome) });
        return "stored";
      } catch (err) {
        if (err instanceof AgentCallError && err.status === 409) return "stale";
        throw err;
      }
    },
    async release(jobId, leaseId) {
      await call(`/jobs/${encodeURIComponent(jobId)}/release`, { leaseId });
    },
    async heartbeat(info) {
      return (await call("/heartbeat", info)) as { location: { id: string; slug: string; name: string } };
    },
    async bye(agentId) {
      await call("/bye", { agentId });
    },
  };
}
