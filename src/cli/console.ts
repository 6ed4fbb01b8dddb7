/**
 * The interactive console (`vigil` on a TTY). Connects like the overview does — the configured service,
 * else the local running service of the data dir, else the embedded service started in-process with the
 * demo workspace (stopped again on quit) — then wires the store, poller and actions to the Ink app.
 *
 * The Ink views are .tsx, which Node's type stripping cannot load: the published bundle (dist/vigil.js)
 * contains them already compiled; when run from source (`node src/cli/main.ts`) a module hook compiles
 * .tsx files with esbuild (a dev dependency, present in any source checkout) on the fly.
 */
import { createClient } from "../api/client.ts";
import { ConfigError, type ResolvedConfig } from "../config/resolve.ts";
import { findLocalService, removeServiceInfo, writeServiceInfo } from "../service/info-file.ts";
import { createActions } from "../store/actions.ts";
import { createActivityMeter } from "../store/activity.ts";
import { createDraftStore } from "../store/drafts.ts";
import { createLoaders, errorLine } from "../store/loaders.ts";
import { createPlanner } from "../store/plan.ts";
import { createPoller } from "../store/poller.ts";
import { setActivity } from "../store/slices/ui.ts";
import { apply, createConsoleStore } from "../store/store.ts";
import type { ThemeName } from "../tui/theme.ts";
import { makeTheme, noColorRequested } from "../tui/theme.ts";
import { connect } from "./connect.ts";

export type ConsoleOptions = {
  fullscreen?: boolean;
  theme?: ThemeName;
  /** Re-resolve the configuration for `:profile NAME`. */
  resolveProfile?: (name: string) => ResolvedConfig;
};

/** Register a load hook compiling .tsx with esbuild (source runs only; the bundle has no .tsx left). */
async function enableTsx(): Promise<void> {
  const esbuildName = "esbuild";
  const { transformSync } = (await import(esbuildName)) as typeof import("esbuild");
  const { registerHooks } = await import("node:module");
  const { readFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
      const path = fileURLToPath(url);
      const out = transformSync(readFileSync(path, "utf8"), {
        loader: "tsx",
        format: "esm",
        jsx: "automatic",
        sourcefile: path,
        target: "node24",
      });
      return { format: "module", source: out.code, shortCircuit: true };
    },
  });
}

async function loadViews() {
  if (import.meta.url.endsWith(".ts") && !process.env.VITEST) {
    try {
      await enableTsx();
    } catch (e) {
      throw new Error(
        `the console needs the built bundle when esbuild is unavailable: run \`npm run build\` then \`node dist/vigil.js\` (${errorLine(e)})`,
      );
    }
  }
  return await import("../tui/mount.tsx");
}

/** Host (and port) of a URL, without credentials, for the status line. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Show the cursor, leave raw mode and the alternate screen: last resort if the process exits abruptly. */
function restoreTerminal(fullscreen: boolean): void {
  try {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
  } catch {
    // stdin may already be closed
  }
  try {
    process.stdout.write(`\x1b[?25h${fullscreen ? "\x1b[?1049l" : ""}`);
  } catch {
    // stdout may already be closed
  }
}

async function runOnce(
  resolved: ResolvedConfig,
  opts: ConsoleOptions,
): Promise<{ kind: "quit" } | { kind: "profile"; name: string }> {
  const store = createConsoleStore();
  const meter = createActivityMeter(store);
  const onActivity = meter.onActivity;

  // Connect: configured service, else the local one, else the embedded one in-process.
  let baseUrl: string;
  let apiKey: string;
  let stopService: (() => Promise<void>) | undefined;
  if (resolved.baseUrl || findLocalService(resolved.dataDir)) {
    const conn = await connect(resolved);
    baseUrl = conn.baseUrl;
    apiKey = conn.apiKey;
    await conn.close();
  } else {
    const { resolveApiKey, startService } = await import("../service/main.ts");
    const service = await startService({
      dataDir: resolved.dataDir,
      host: "127.0.0.1",
      port: 0,
      demo: true,
      apiKey: resolveApiKey(resolved.dataDir),
      logError: (e) => apply(store, setActivity(store.getState(), { lastError: `service: ${errorLine(e)}` })),
    });
    writeServiceInfo(resolved.dataDir, service.url);
    baseUrl = service.url;
    apiKey = service.apiKey;
    stopService = async () => {
      removeServiceInfo(resolved.dataDir);
      await service.close();
    };
  }
  const client = createClient({
    baseUrl,
    apiKey,
    accountId: resolved.accountId,
    readOnly: resolved.readOnly,
    onActivity,
  });
  const loaders = createLoaders(client, store);
  const poller = createPoller(store, createPlanner(loaders));
  const actions = createActions(client, store, poller, {
    readOnly: resolved.readOnly,
    // incident / update / page drafts, kept in the data dir until the service acknowledged them
    drafts: createDraftStore(resolved.dataDir),
    // a configured service by its URL; the data dir's own service (embedded or local) changes port between
    // runs, so by the data dir
    draftScope: resolved.baseUrl ? `${baseUrl}#${resolved.accountId ?? ""}` : `local:${resolved.dataDir}`,
  });
  const fullscreen = opts.fullscreen === true;
  const views = await loadViews();
  const lastResort = () => restoreTerminal(fullscreen);
  process.once("exit", lastResort);
  const mounted = views.mountConsole({
    info: {
      store,
      theme: makeTheme(opts.theme ?? resolved.theme ?? "dark", noColorRequested()),
      readOnly: resolved.readOnly,
      profile: resolved.profile ?? "default",
      host: hostOf(baseUrl),
      staleAfterMs: 90_000,
    },
    actions,
    fullscreen,
    checkProfile: (name) => {
      try {
        opts.resolveProfile?.(name);
        return opts.resolveProfile ? undefined : "profiles cannot be switched here";
      } catch (e) {
        return e instanceof ConfigError ? e.message : errorLine(e);
      }
    },
  });
  const onSignal = () => mounted.quit();
  // Ctrl-C arrives as a key in raw mode; these cover `kill` and a closed terminal.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  poller.start();
  // after a crash or a restart: offer what was typed and never acknowledged
  if (!resolved.readOnly) actions.offerDrafts();
  try {
    return await mounted.done;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
    poller.stop();
    meter.stop();
    await actions.stop();
    await client.close().catch(() => undefined);
    if (stopService) await stopService().catch(() => undefined);
    process.off("exit", lastResort);
  }
}

/**
 * Run the console until the user quits; `:profile NAME` restarts it on that profile.
 * @returns the exit code (0)
 */
export async function runInteractiveConsole(
  resolved: ResolvedConfig,
  opts: ConsoleOptions = {},
): Promise<number> {
  let current = resolved;
  for (;;) {
    const r = await runOnce(current, opts);
    if (r.kind === "quit") return 0;
    current = opts.resolveProfile ? opts.resolveProfile(r.name) : current;
  }
}
