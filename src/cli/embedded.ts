/**
 * The embedded service of a data dir, started in this process when nothing else is configured or running
 * (the console, the overview and `vigil share` do this): the demo workspace, loopback, the data dir's usual
 * port (src/service/address.ts: ping URLs stay the same), the data dir's key, and `service.json` written so other commands find it — removed again by `stop`.
 */
import type { ResolvedConfig } from "../config/resolve.ts";
import { removeServiceInfo, writeServiceInfo } from "../service/info-file.ts";

export type Embedded = { url: string; apiKey: string; stop(): Promise<void> };

export async function startEmbedded(
  resolved: Pick<ResolvedConfig, "dataDir">,
  logError?: (err: unknown) => void,
): Promise<Embedded> {
  const { resolveApiKey, startService } = await import("../service/main.ts");
  const service = await startService({
    dataDir: resolved.dataDir,
    host: "127.0.0.1",
    demo: true,
    apiKey: resolveApiKey(resolved.dataDir),
    ...(logError ? { logError } : {}),
  });
  writeServiceInfo(resolved.dataDir, service.url, service.usualUrl ? { usualUrl: service.usualUrl } : {});
  return {
    url: service.url,
    apiKey: service.apiKey,
    async stop() {
      removeServiceInfo(resolved.dataDir);
      await service.close();
    },
  };
}
