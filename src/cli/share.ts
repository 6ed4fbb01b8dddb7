/**
 * `vigil share [--listen 127.0.0.1:2222] [--authorized-keys FILE] [--host-key FILE] [--profile NAME]
 * [--max-sessions 20] [--idle-minutes 30]`: the read-only console served over SSH (src/share/). This
 * process holds the API key; viewers log in with their own SSH keys and never see it. The service is the
 * configured one (flags, environment, profile), else the data dir's local service — started in the
 * background when none runs (src/cli/local-service.ts), as the console does, and followed when it restarts.
 *
 * The host key is generated on first start (ed25519, 0600, `<data dir>/share_host_ed25519_key`) and its
 * fingerprint printed with the address. Exit codes: 0 on SIGINT/SIGTERM, 1 when it cannot start, 2 usage.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import ssh2 from "ssh2";
import { UsageError } from "../api/errors.ts";
import { resolveConfig } from "../config/resolve.ts";
import { assertPrivate } from "../service/db/data-dir.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { prepareViews } from "./console-views.ts";
import { attachLocalService, type LocalAttachment, serviceLabel } from "./local-service.ts";

export const SHARE_USAGE =
  "usage: vigil share [--listen HOST:PORT] [--authorized-keys FILE] [--host-key FILE] [--profile NAME] [--max-sessions N] [--idle-minutes N]";

export type ShareArgs = {
  host: string;
  port: number;
  authorizedKeys: string;
  hostKey: string | undefined;
  profile: string | undefined;
  maxSessions: number;
  idleMinutes: number;
};

function whole(what: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new UsageError(`${what} must be an integer ${min}-${max}`);
  return n;
}

export function parseShareArgs(argv: string[]): ShareArgs {
  const a: ShareArgs = {
    host: "127.0.0.1",
    port: 2222,
    authorizedKeys: join(homedir(), ".ssh", "authorized_keys"),
    hostKey: undefined,
    profile: undefined,
    maxSessions: 20,
    idleMinutes: 30,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const v = eq > 0 && arg.startsWith("--") ? arg.slice(eq + 1) : argv[++i];
      if (!v || v.startsWith("--")) throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--listen": {
        const m = /^(.*):(\d+)$/.exec(value());
        if (!m?.[1]) throw new UsageError("--listen must be HOST:PORT");
        a.host = m[1].replace(/^\[|\]$/g, "");
        a.port = whole("the --listen port", m[2]!, 0, 65535);
        break;
      }
      case "--authorized-keys":
        a.authorizedKeys = value();
        break;
      case "--host-key":
        a.hostKey = value();
        break;
      case "--profile":
        a.profile = value();
        break;
      case "--max-sessions":
        a.maxSessions = whole("--max-sessions", value(), 1, 200);
        break;
      case "--idle-minutes":
        a.idleMinutes = whole("--idle-minutes", value(), 1, 24 * 60);
        break;
      default:
        throw new UsageError(`unknown option ${JSON.stringify(name.slice(0, 40))}`);
    }
  }
  return a;
}

/** The host key: read (it must be private), else made once (ed25519, 0600). */
function hostKey(file: string): { key: string; made: boolean } {
  if (existsSync(file)) {
    assertPrivate(file, "the share host key");
    return { key: readFileSync(file, "utf8"), made: false };
  }
  const pair = ssh2.utils.generateKeyPairSync("ed25519", { comment: "vigil share host key" });
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, pair.private, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { key: pair.private, made: true };
}

const log = (line: string) =>
  process.stderr.write(`${new Date().toISOString()} vigil share: ${sanitizeLine(line, " ")}\n`);

export async function runShare(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${SHARE_USAGE}\n`);
    return 0;
  }
  const args = parseShareArgs(argv);
  const resolved = resolveConfig({ flags: { profile: args.profile, readOnly: true }, env: process.env });
  const [
    { connect },
    { createClient },
    { createActivityMeter },
    { apply, createConsoleStore },
    { setActivity },
  ] = await Promise.all([
    import("./connect.ts"),
    import("../api/client.ts"),
    import("../store/activity.ts"),
    import("../store/store.ts"),
    import("../store/slices/ui.ts"),
  ]);
  if (!existsSync(args.authorizedKeys))
    throw new UsageError(
      `no authorized keys: ${args.authorizedKeys} does not exist (--authorized-keys FILE)`,
    );
  await prepareViews();
  const [{ createHub }, { createShareServer, fingerprint, readAuthorizedKeys }] = await Promise.all([
    import("../share/hub.ts"),
    import("../share/server.ts"),
  ]);
  const { keys, skipped } = readAuthorizedKeys(args.authorizedKeys);
  if (keys.length === 0) throw new UsageError(`no usable public key in ${args.authorizedKeys}`);
  const hk = hostKey(args.hostKey ?? join(resolved.dataDir, "share_host_ed25519_key"));
  const parsedHost = ssh2.utils.parseKey(hk.key);
  if (parsedHost instanceof Error || Array.isArray(parsedHost))
    throw new UsageError("the share host key cannot be read");

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

  const store = createConsoleStore();
  const meter = createActivityMeter(store);
  // read-only by construction: every mutating request is refused in the client itself
  const client = createClient({
    baseUrl: found.baseUrl,
    apiKey: found.apiKey,
    accountId: resolved.accountId,
    readOnly: true,
    onActivity: meter.onActivity,
  });
  const hub = createHub(client, store);
  if (local) {
    // the viewers' status line names the local service; a restarted one is followed
    apply(store, setActivity(store.getState(), { service: serviceLabel(local.current()) }));
    local.on((e) => {
      log(e.text);
      if (e.kind !== "moved") return;
      client.http.retarget(e.target.url);
      apply(store, setActivity(store.getState(), { service: serviceLabel(e.target) }));
      hub.poller.refreshNow();
    });
  }
  hub.poller.start();
  const server = createShareServer({
    hub,
    client,
    hostKey: hk.key,
    authorizedKeys: keys,
    maxSessions: args.maxSessions,
    idleMs: args.idleMinutes * 60_000,
    outputCapBytes: 1024 * 1024,
    theme: resolved.theme ?? "dark",
    profile: resolved.profile ?? "default",
    host: new URL(found.baseUrl).host,
    staleAfterMs: resolved.staleAfterMs,
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
  hub.stop();
  meter.stop();
  await client.close().catch(() => undefined);
  local?.close();
  return 0;
}
