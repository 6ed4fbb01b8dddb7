/**
 * Turn a resolved configuration into a client. With a base URL (flag, env or profile) the client talks to
 * that service. Without one, the CLI uses the data dir's local service: its URL and pid from
 * `<dataDir>/service.json` and its key from `<dataDir>/api-key` (or VIGIL_API_KEY, already resolved). A
 * stale service.json (the pid is gone) counts as no service; then the command starts the local service in
 * the background, as a console does (src/cli/local-service.ts; it says so on stderr, so `--json` output
 * stays clean), and it stops by itself once its last client is gone. While connected to the local service, the
 * command holds a lease on it (src/service/info-file.ts), so a service started in the background by a
 * console does not stop under a long command (`trigger --wait`) once the console is gone.
 */
import { join } from "node:path";
import { createClient } from "../api/client.ts";
import { UsageError } from "../api/errors.ts";
import type { ResolvedConfig } from "../config/resolve.ts";
import {
  addressMovedText,
  findLocalService,
  LEASE_RENEW_MS,
  type Lease,
  type LocalService,
  takeLease,
} from "../service/info-file.ts";
import { errorMessage } from "../shared/errors.ts";
import { idleStopSeconds, LocalServiceError, startInBackground } from "./local-service.ts";

export type Client = ReturnType<typeof createClient>;
export type Connection = { client: Client; baseUrl: string; apiKey: string; close(): Promise<void> };

/** Nothing to connect to (a usage problem: exit 2, no `--help` hint). */
export class ConnectError extends UsageError {
  override name = "ConnectError";
}

export const NO_SERVICE =
  "no service configured: set VIGIL_BASE_URL and VIGIL_API_KEY (or --profile), or start one with `vigil serve`";

/** Start the data dir's service in the background for a command, saying so on stderr. */
async function startLocal(dataDir: string): Promise<LocalService> {
  try {
    const started = await startInBackground(dataDir);
    process.stderr.write(
      `vigil: started the local service (pid ${started.pid}; it stops ${idleStopSeconds()} s after its last client)\n`,
    );
    return started;
  } catch (e) {
    // cannot start it here (an unwritable data dir, a service that fails at start): say why, in one line
    const why = e instanceof LocalServiceError || errorMessage(e);
    throw new ConnectError(`${NO_SERVICE} (the local service could not be started: ${why})`);
  }
}

/**
 * Where the configured service is without starting one: the base URL and key, else the data dir's local
 * service when it already runs; undefined when neither (shell completion asks only then).
 */
export function findRunning(resolved: ResolvedConfig): { baseUrl: string; apiKey: string } | undefined {
  if (resolved.baseUrl)
    return resolved.apiKey ? { baseUrl: resolved.baseUrl, apiKey: resolved.apiKey } : undefined;
  const local = findLocalService(resolved.dataDir);
  const apiKey = resolved.apiKey ?? local?.apiKey;
  return local && apiKey ? { baseUrl: local.url, apiKey } : undefined;
}

export async function connect(resolved: ResolvedConfig): Promise<Connection> {
  let baseUrl = resolved.baseUrl;
  let apiKey = resolved.apiKey;
  let lease: Lease | undefined;
  if (!baseUrl) {
    const local = findLocalService(resolved.dataDir) ?? (await startLocal(resolved.dataDir));
    // not on the data dir's usual address (its port was taken): ping URLs given out before do not reach it
    if (local.usualUrl)
      process.stderr.write(
        `vigil: warning: ${addressMovedText(local.url, local.usualUrl, local.usualWhy)}\n`,
      );
    baseUrl = local.url;
    apiKey = apiKey ?? local.apiKey;
    if (!apiKey)
      throw new ConnectError(
        `the local service at ${local.url} needs a key: set VIGIL_API_KEY (no ${join(resolved.dataDir, "api-key")})`,
      );
    try {
      lease = takeLease(resolved.dataDir, "command");
    } catch {
      lease = undefined; // a data dir this user cannot write: the command works without a lease
    }
  }
  if (!apiKey) throw new ConnectError("an API key is needed: set VIGIL_API_KEY or a profile's apiKey");
  const client = createClient({
    baseUrl,
    apiKey,
    accountId: resolved.accountId,
    readOnly: resolved.readOnly,
  });
  const renew = lease ? setInterval(() => lease.renew(), LEASE_RENEW_MS) : undefined;
  renew?.unref();
  return {
    client,
    baseUrl,
    apiKey,
    close: () => {
      clearInterval(renew);
      lease?.release();
      return client.http.close();
    },
  };
}
