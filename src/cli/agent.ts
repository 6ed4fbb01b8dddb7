/**
 * `vigil agent [--key KEY] [--concurrency N] [--proxy URL]` plus the connection flags every command takes
 * (--base-url, --profile, …): a private location's agent
 * (src/agent/agent.ts). The key is the location's raw key (`vigil private-locations keys create`), from
 * --key or, better (a command line is visible to other users in `ps`), $VIGIL_AGENT_KEY; never the account
 * API key, and never printed. The service is --base-url, else $VIGIL_BASE_URL, else the profile's, else
 * the local service of the data dir — then it holds a lease on it (the service stays up while the agent runs) and follows it
 * when it restarts on a new port (src/cli/local-service.ts). Logs one line per run on stdout. Started with an IPC channel (the demo's agent, spawned by
 * the service), it stops when its parent goes away. It reaches the service through HTTPS_PROXY /
 * HTTP_PROXY unless NO_PROXY names it or it is on loopback (agent/protocol.ts `serviceProxyFor`); `--proxy`
 * is for the checks' own requests only. An https service's certificate is checked against Node's CAs
 * plus NODE_EXTRA_CA_CERTS (a private CA's file).
 *
 * Exit codes (exit-codes.ts): 0 clean stop (SIGINT/SIGTERM: runs in progress are handed back), 4 the
 * service refused the key, 1 stopped by another error, 2 usage error (no key, bad flag, no service).
 */
import { hostname } from "node:os";
import { runAgent } from "../agent/agent.ts";
import {
  type AgentClient,
  AgentKeyError,
  createAgentClient,
  serviceProxyFor,
  shownProxy,
} from "../agent/protocol.ts";
import { UsageError } from "../api/errors.ts";
import { resolveConfig } from "../config/resolve.ts";
import { findLocalService } from "../service/info-file.ts";
import { errorMessage } from "../shared/errors.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { VERSION } from "../version.ts";
import { Args, bindPositionals, parseTokens } from "./args.ts";
import { EXIT } from "./exit-codes.ts";
import { configFlags, secrets } from "./io.ts";
import { attachLocalService, type LocalAttachment } from "./local-service.ts";
import { AGENT_OPTIONS } from "./programs.ts";

export type AgentArgs = {
  key: string;
  baseUrl: string;
  concurrency: number;
  proxy: string | undefined;
  /** The proxy to the service, from HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  serviceProxy: string | undefined;
  /** The service is the data dir's local one (found through service.json). */
  local?: boolean;
  /** The data dir (its local service, when no base URL is configured). */
  dataDir: string;
};

function httpUrl(what: string, v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`${what} must be an http(s) URL`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new UsageError(`${what} must be an http(s) URL`);
  return v;
}

/**
 * The agent's flags as parsed by the one parser (args.ts). The service: --base-url > $VIGIL_BASE_URL >
 * the profile's base URL (--profile / $VIGIL_PROFILE, the config file) > the data dir's local service.
 */
export function agentArgsFrom(a: Args, env: Record<string, string | undefined>): AgentArgs {
  let key = a.string("key") ?? (env.VIGIL_AGENT_KEY?.trim() || undefined);
  const c = a.string("concurrency");
  let concurrency = 2;
  if (c !== undefined) {
    concurrency = Number(c);
    if (!/^\d+$/.test(c) || concurrency < 1 || concurrency > 10)
      throw new UsageError(`--concurrency must be an integer 1-10, got ${JSON.stringify(c)}`);
  }
  const proxyFlag = a.string("proxy");
  const proxy = proxyFlag === undefined ? undefined : httpUrl("--proxy", proxyFlag);
  // the agent authenticates with the location's key: the account API key is not needed (a stand-in
  // satisfies the rule that a base URL comes with a key)
  const resolved = resolveConfig({
    flags: { ...configFlags(a.values), apiKey: "-" },
    env: { ...env, VIGIL_BASE_URL: env.VIGIL_BASE_URL?.trim() || undefined },
  });
  let baseUrl = resolved.baseUrl;
  if (baseUrl) baseUrl = httpUrl(a.has("base-url") ? "--base-url" : "the base URL", baseUrl);
  key = key?.trim();
  if (!key) throw new UsageError("no location key: pass --key or set VIGIL_AGENT_KEY");
  if (!/^pl_\w+$/.test(key)) throw new UsageError("the key is not a private-location key (pl_…)");
  if (!baseUrl) {
    const local = findLocalService(resolved.dataDir);
    if (!local) throw new UsageError("no service: pass --base-url or set VIGIL_BASE_URL");
    return {
      key,
      baseUrl: local.url,
      concurrency,
      proxy,
      serviceProxy: undefined,
      local: true,
      dataDir: resolved.dataDir,
    };
  }
  const serviceProxy = serviceProxyFor(baseUrl, env);
  if (serviceProxy) httpUrl(/^https:/.test(baseUrl) ? "HTTPS_PROXY" : "HTTP_PROXY", serviceProxy);
  return { key, baseUrl, concurrency, proxy, serviceProxy, dataDir: resolved.dataDir };
}

/** Parses `vigil agent` flags (the global ones too) with the one parser; no arguments. */
export function parseAgentArgs(argv: string[], env: Record<string, string | undefined>): AgentArgs {
  const p = parseTokens(argv, AGENT_OPTIONS);
  return agentArgsFrom(new Args(p.values, bindPositionals(p.positionals, [])), env);
}

const stamp = () => new Date().toISOString().slice(0, 19).replace("T", " ");

/** `vigil agent` from the parsed command line; a usage problem is thrown (exit 2). */
export async function runAgentFromArgs(a: Args): Promise<number> {
  const args = agentArgsFrom(a, process.env);
  secrets.push(args.key);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  // spawned with an IPC channel (the demo agent): the parent going away stops the agent
  if (process.send) process.on("disconnect", onSignal);
  const log = (line: string) => process.stdout.write(`${stamp()}  ${sanitizeLine(line, " ")}\n`);
  let client = createAgentClient(args.baseUrl, args.key, args.serviceProxy);
  // the data dir's local service: a lease keeps it up while the agent runs; a restart is followed
  let local: LocalAttachment | undefined;
  if (args.local) {
    local = await attachLocalService(args.dataDir, { kind: "agent" }).catch(() => undefined);
    local?.on((e) => {
      log(e.text);
      if (e.kind === "moved") client = createAgentClient(e.target.url, args.key);
    });
  }
  const following: AgentClient = {
    lease: (...a) => client.lease(...a),
    result: (...a) => client.result(...a),
    release: (...a) => client.release(...a),
    heartbeat: (...a) => client.heartbeat(...a),
    bye: (...a) => client.bye(...a),
  };
  try {
    await runAgent({
      client: following,
      concurrency: args.concurrency,
      proxy: args.proxy,
      serviceProxy: args.serviceProxy && shownProxy(args.serviceProxy),
      version: VERSION,
      hostname: hostname(),
      signal: stop.signal,
      log,
    });
    return 0;
  } catch (err) {
    const msg = err instanceof AgentKeyError ? err.message : `stopped: ${errorMessage(err)}`;
    process.stderr.write(`vigil agent: ${sanitizeLine(msg.replaceAll(args.key, "pl_…"), " ")}\n`);
    // the one table of exit codes (exit-codes.ts): a refused key is auth (4); anything else ended the run (1)
    return err instanceof AgentKeyError ? EXIT.AUTH : EXIT.FAILING;
  } finally {
    local?.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("disconnect", onSignal);
  }
}
