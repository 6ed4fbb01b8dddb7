/**
 * `vigil agent [--key KEY] [--base-url URL] [--concurrency N] [--proxy URL]`: a private location's agent
 * (src/agent/agent.ts). The key is the location's raw key (`vigil private-locations keys create`), from
 * --key or, better (a command line is visible to other users in `ps`), $VIGIL_AGENT_KEY; never the account
 * API key, and never printed. The service is --base-url, else $VIGIL_BASE_URL, else the local service of
 * the data dir — then it holds a lease on it (the service stays up while the agent runs) and follows it
 * when it restarts on a new port (src/cli/local-service.ts). Logs one line per run on stdout. Started with an IPC channel (the demo's agent, spawned by
 * the service), it stops when its parent goes away. It reaches the service through HTTPS_PROXY /
 * HTTP_PROXY unless NO_PROXY names it or it is on loopback (agent/protocol.ts `serviceProxyFor`); `--proxy`
 * is for the checks' own requests only. An https service's certificate is checked against Node's CAs
 * plus NODE_EXTRA_CA_CERTS (a private CA's file).
 *
 * Exit codes: 0 clean stop (SIGINT/SIGTERM: runs in progress are handed back), 1 the service refused the
 * key, 2 usage error (no key, bad flag, no service to talk to).
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
import { dataDir } from "../config/paths.ts";
import { findLocalService } from "../service/info-file.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { VERSION } from "../version.ts";
import { attachLocalService, type LocalAttachment } from "./local-service.ts";

export const AGENT_USAGE =
  "usage: vigil agent [--key KEY | $VIGIL_AGENT_KEY] [--base-url URL] [--concurrency 1-10] [--proxy URL]";

export type AgentArgs = {
  key: string;
  baseUrl: string;
  concurrency: number;
  proxy: string | undefined;
  /** The proxy to the service, from HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  serviceProxy: string | undefined;
  /** The service is the data dir's local one (found through service.json). */
  local?: boolean;
};

export class AgentUsageError extends Error {}

function httpUrl(what: string, v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new AgentUsageError(`${what} must be an http(s) URL`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new AgentUsageError(`${what} must be an http(s) URL`);
  return v;
}

export function parseAgentArgs(argv: string[], env: Record<string, string | undefined>): AgentArgs {
  let key = env.VIGIL_AGENT_KEY?.trim() || undefined;
  let baseUrl = env.VIGIL_BASE_URL?.trim() || undefined;
  let concurrency = 2;
  let proxy: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const v = eq > 0 && arg.startsWith("--") ? arg.slice(eq + 1) : argv[++i];
      if (!v || v.startsWith("--")) throw new AgentUsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--key":
        key = value();
        break;
      case "--base-url":
        baseUrl = httpUrl("--base-url", value());
        break;
      case "--concurrency": {
        const v = value();
        concurrency = Number(v);
        if (!/^\d+$/.test(v) || concurrency < 1 || concurrency > 10)
          throw new AgentUsageError(`--concurrency must be an integer 1-10, got ${JSON.stringify(v)}`);
        break;
      }
      case "--proxy":
        proxy = httpUrl("--proxy", value());
        break;
      default:
        // the value of an unknown option could be a key: name the option only
        throw new AgentUsageError(`unknown option ${JSON.stringify(name.slice(0, 40))}`);
    }
  }
  if (!key) throw new AgentUsageError("no location key: pass --key or set VIGIL_AGENT_KEY");
  if (!/^pl_\w+$/.test(key)) throw new AgentUsageError("the key is not a private-location key (pl_…)");
  if (!baseUrl) {
    const local = findLocalService(dataDir(env));
    if (!local) throw new AgentUsageError("no service: pass --base-url or set VIGIL_BASE_URL");
    return { key, baseUrl: local.url, concurrency, proxy, serviceProxy: undefined, local: true };
  }
  const serviceProxy = serviceProxyFor(baseUrl, env);
  if (serviceProxy) httpUrl(/^https:/.test(baseUrl) ? "HTTPS_PROXY" : "HTTP_PROXY", serviceProxy);
  return { key, baseUrl, concurrency, proxy, serviceProxy };
}

const stamp = () => new Date().toISOString().slice(0, 19).replace("T", " ");

export async function runAgentCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${AGENT_USAGE}\n`);
    return 0;
  }
  let args: AgentArgs;
  try {
    args = parseAgentArgs(argv, process.env);
  } catch (err) {
    if (!(err instanceof AgentUsageError)) throw err;
    process.stderr.write(`vigil agent: ${err.message}\n${AGENT_USAGE}\n`);
    return 2;
  }
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
    local = await attachLocalService(dataDir(process.env), { kind: "agent" }).catch(() => undefined);
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
    const msg = err instanceof AgentKeyError ? err.message : `stopped: ${(err as Error).message}`;
    process.stderr.write(`vigil agent: ${sanitizeLine(msg.replaceAll(args.key, "pl_…"), " ")}\n`);
    return 1;
  } finally {
    local?.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("disconnect", onSignal);
  }
}
