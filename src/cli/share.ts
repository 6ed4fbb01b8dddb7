/**
 * `vigil share [--listen 127.0.0.1:2222] [--authorized-keys FILE] [--host-key FILE] [--max-sessions 20]
 * [--idle-minutes 30]` plus the connection flags every command takes: the read-only console served over
 * SSH (src/share/). This process holds the API key; viewers log in with their own SSH keys and never see
 * it. The service is the configured one (flags, environment, profile), else the data dir's local service —
 * started in the background when none runs (src/cli/local-service.ts), as the console does, and followed
 * when it restarts. `--idle-minutes 0`: an idle viewer is never closed (a wall display).
 *
 * The host key is generated on first start (ed25519, 0600, `<data dir>/share_host_ed25519_key`) and its
 * fingerprint printed with the address. Exit codes: 0 on SIGINT/SIGTERM, 1 when it cannot start, 2 usage.
 * A stop ends every viewer's console, then every SSH connection (src/share/server.ts `close`).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import ssh2 from "ssh2";
import { UsageError } from "../api/errors.ts";
import { ConfigError, resolveConfig } from "../config/resolve.ts";
import { assertPrivate } from "../service/db/data-dir.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { Args, bindPositionals, parseTokens } from "./args.ts";
import { prepareViews } from "./console-views.ts";
import { configFlags, secrets } from "./io.ts";
import { addressWarning, attachLocalService, type LocalAttachment, serviceLabel } from "./local-service.ts";
import { SHARE_OPTIONS } from "./programs.ts";

export type ShareArgs = {
  host: string;
  port: number;
  authorizedKeys: string;
  hostKey: string | undefined;
  profile: string | undefined;
  maxSessions: number;
  /** Close a viewer after this many minutes without a key; 0: never. */
  idleMinutes: number;
};

function whole(what: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new UsageError(`${what} must be an integer ${min}-${max}, got ${JSON.stringify(v)}`);
  return n;
}

/** The share flags as parsed by the one parser (args.ts). */
export function shareArgsFrom(a: Args): ShareArgs {
  const out: ShareArgs = {
    host: "127.0.0.1",
    port: 2222,
    authorizedKeys: a.string("authorized-keys") ?? join(homedir(), ".ssh", "authorized_keys"),
    hostKey: a.string("host-key"),
    profile: a.string("profile"),
    maxSessions: 20,
    idleMinutes: 30,
  };
  const listen = a.string("listen");
  if (listen !== undefined) {
    const m = /^(.*):(\d+)$/.exec(listen);
    if (!m?.[1]) throw new UsageError("--listen must be HOST:PORT");
    out.host = m[1].replace(/^\[|\]$/g, "");
    out.port = whole("the --listen port", m[2]!, 0, 65535);
  }
  const max = a.string("max-sessions");
  if (max !== undefined) out.maxSessions = whole("--max-sessions", max, 1, 200);
  const idle = a.string("idle-minutes");
  if (idle !== undefined) out.idleMinutes = whole("--idle-minutes", idle, 0, 24 * 60);
  return out;
}

/** Parses `vigil share` flags (the global ones too) with the one parser; no arguments. */
export function parseShareArgs(argv: string[]): ShareArgs {
  const p = parseTokens(argv, SHARE_OPTIONS);
  return shareArgsFrom(new Args(p.values, bindPositionals(p.positionals, [])));
}

/** The host key: read (it must be private), else made once (ed25519, 0600) with `make`. */
function hostKey(
  file: string,
  make: (comment: string) => { private: string },
): { key: string; made: boolean } {
  if (existsSync(file)) {
    assertPrivate(file, "the share host key");
    return { key: readFileSync(file, "utf8"), made: false };
  }
  const pair = make("vigil share host key");
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, pair.private, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { key: pair.private, made: true };
}

const log = (line: string) =>
  process.stderr.write(`${new Date().toISOString()} vigil share: ${sanitizeLine(line, " ")}\n`);

/**
 * `vigil share` from the parsed command line. The connection is resolved as for every command (flag >
 * environment > profile: --base-url, --api-key, --account, --profile, --config, --data), always read-only.
 */
export async function runShareCommand(a: Args): Promise<number> {
  const args = shareArgsFrom(a);
  const resolved = resolveConfig({ flags: { ...configFlags(a.values), readOnly: true }, env: process.env });
  if (resolved.apiKey) secrets.push(resolved.apiKey);
  // the consoles it serves use the stale age
  if (resolved.staleAfterRefusal) throw new ConfigError(resolved.staleAfterRefusal);
  const [{ connect }, { createClient }, { createSharedData }] = await Promise.all([
    import("./connect.ts"),
    import("../api/client.ts"),
    import("../store/runtime.ts"),
  ]);
  if (!existsSync(args.authorizedKeys))
    throw new UsageError(
      `no authorized keys: ${args.authorizedKeys} does not exist (--authorized-keys FILE)`,
    );
  await prepareViews();
  const [{ createHub }, { createShareServer, ed25519KeyPair, fingerprint, readAuthorizedKeys }] =
    await Promise.all([import("../share/hub.ts"), import("../share/server.ts")]);
  const { keys, skipped } = readAuthorizedKeys(args.authorizedKeys);
  if (keys.length === 0) throw new UsageError(`no usable public key in ${args.authorizedKeys}`);
  const hostKeyFile = args.hostKey ?? join(resolved.dataDir, "share_host_ed25519_key");
  const hk = hostKey(hostKeyFile, ed25519KeyPair);
  const parsedHost = ssh2.utils.parseKey(hk.key);
  if (parsedHost instanceof Error || Array.isArray(parsedHost))
    // one an earlier vigil share made may be unreadable (ssh2's fault, see ed25519KeyPair): made anew when gone
    throw new ConfigError(
      `the share host key ${hostKeyFile} cannot be read${parsedHost instanceof Error ? ` (${parsedHost.message})` : ""}; if vigil share made it, remove it and a new one is made`,
    );

  // the configured service, else the data dir's local one — started in the background when none runs
  // (with the demo), as the console does; it stops by itself once its last client left
  let found: { baseUrl: string; apiKey: string };
  let local: LocalAttachment | undefined;
  if (resolved.baseUrl) {
    const c = await connect(resolved);
    await c.close();
    found = c;
  } else {
    local = await attachLocalService(resolved.dataDir, { kind: "share" });
    const t = local.current();
    const apiKey = resolved.apiKey ?? t.apiKey;
    if (!apiKey) {
      local.close();
      throw new UsageError(`the local service at ${t.url} needs a key: set VIGIL_API_KEY`);
    }
    found = { baseUrl: t.url, apiKey };
    log(
      local.started
        ? `started the local service at ${t.url} (pid ${t.pid}, data dir ${resolved.dataDir}; it stops ${t.idleStopS} s after its last client, log ${join(resolved.dataDir, "service.log")})`
        : `using the local service at ${t.url} (pid ${t.pid})`,
    );
  }

  const data = createSharedData();
  // read-only by construction: every mutating request is refused in the client itself
  const client = createClient({
    baseUrl: found.baseUrl,
    apiKey: found.apiKey,
    accountId: resolved.accountId,
    readOnly: true,
    onActivity: data.meter.onActivity,
  });
  const hub = createHub(client, data);
  if (local) {
    // the viewers' status line names the local service; a restarted one is followed
    const cur = local.current();
    hub.setService(serviceLabel(cur), cur);
    const warning = addressWarning(cur);
    if (warning) log(`local service pid ${cur.pid}${warning}`);
    local.on((e) => {
      log(e.text);
      if (e.kind === "moved") hub.serviceMoved(e.target.url, serviceLabel(e.target), e.target.usualUrl);
    });
  }
  hub.start();
  const server = createShareServer({
    hub,
    hostKey: hk.key,
    authorizedKeys: keys,
    maxSessions: args.maxSessions,
    idleMs: args.idleMinutes * 60_000, // 0: never
    outputCapBytes: 1024 * 1024,
    theme: resolved.theme,
    skin: resolved.skin?.skin,
    // checked by the server before it listens: a clash is one line, exit 2
    keys: resolved.keys ? { overrides: resolved.keys, source: resolved.configPath } : undefined,
    profile: resolved.profile ?? "default",
    host: new URL(found.baseUrl).host,
    staleAfterMs: resolved.staleAfterMs,
    utc: resolved.utc,
    mouse: resolved.mouse,
    // o shows a viewer the web link (or the API URL), never opening a browser on this machine
    webUrl: resolved.webUrl,
    local: !resolved.baseUrl,
    log,
  });
  const { port } = await server.listen(args.port, args.host);
  const where = args.host.includes(":") ? `[${args.host}]` : args.host;
  process.stdout.write(`listening on ssh://${where}:${port}\n`);
  process.stdout.write(
    `host key ${fingerprint(parsedHost.getPublicSSH())}${hk.made ? " (new)" : ""}; ${keys.length} authorized key(s)${skipped ? `, ${skipped} line(s) skipped` : ""}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  log("stopping");
  await server.close();
  // the poller, the meter and the client
  await hub.stop();
  local?.close();
  return 0;
}
