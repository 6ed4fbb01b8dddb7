/**
 * The interactive console (`vigil` on a TTY). Connects to the configured service, else to the data dir's
 * local service — started in the background as its own process when none runs (src/cli/local-service.ts:
 * it stops by itself a minute after the last console left) and followed when it restarts — then wires the
 * store, poller and actions to the Ink app.
 *
 * Start-up order (design.md §4, start → first frame): without a configured service, the data dir's local
 * service is spawned first when none runs (it starts beside this process, not after its first frame); then
 * Ink and a small shell are mounted (the frame
 * with "vigil › Overview" and `◌ connecting`); only then are the client (undici, zod schemas), the store and
 * the panes imported and the connection made, and the shell hands over to the app. This module imports
 * nothing heavy statically.
 *
 * The Ink views are .tsx, which Node's type stripping cannot load: the published bundle (dist/vigil.js)
 * contains them already compiled; when run from source (`node src/cli/main.ts`) a module hook compiles
 * .tsx files with esbuild (a dev dependency, present in any source checkout) on the fly.
 */
import type { ResolvedConfig } from "../config/resolve.ts";
import { POP_TITLE } from "../store/watch/terminal.ts";
import type { Keymap } from "../tui/keymap.ts";
import type { Mounted } from "../tui/mount.tsx";
import { MOUSE_OFF } from "../tui/mouse/sgr.ts";
import { makeTheme, noColorRequested, type ThemeName } from "../tui/theme.ts";
import { prepareViews } from "./console-views.ts";
import { prestartLocalService } from "./local-service.ts";
import { baselineWasm, capNursery, createMemorySizing } from "./nursery.ts";

export type ConsoleOptions = {
  fullscreen?: boolean;
  theme?: ThemeName;
  /** Re-resolve the configuration for `:profile NAME`. */
  resolveProfile?: (name: string) => ResolvedConfig;
};

/** Host (and port) of a URL, without credentials, for the status line. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The pane's title inside tmux (which has no title stack), to write back at the end; undefined elsewhere
 * or when tmux does not answer within a second.
 */
function tmuxPaneTitle(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.TMUX || !env.TMUX_PANE) return undefined;
  try {
    // node:child_process when it is used, not when the console starts (see test/cli/console-start-graph.test.ts)
    const { execFileSync } = process.getBuiltinModule("node:child_process");
    return execFileSync("tmux", ["display-message", "-p", "-t", env.TMUX_PANE, "#{pane_title}"], {
      encoding: "utf8",
      timeout: 1000,
      stdio: ["ignore", "pipe", "ignore"],
    }).replace(/\n$/, "");
  } catch {
    return undefined;
  }
}

/** The watch (store/watch/) put the terminal's title on its stack: the last resort gives it back. */
let titleKept = false;

/**
 * Show the cursor, leave raw mode and the alternate screen, stop mouse reporting, give the title back:
 * last resort if the process exits abruptly.
 */
function restoreTerminal(fullscreen: boolean): void {
  try {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
  } catch {
    // stdin may already be closed
  }
  try {
    process.stdout.write(
      `${MOUSE_OFF}${titleKept ? POP_TITLE : ""}\x1b[?25h${fullscreen ? "\x1b[?1049l" : ""}`,
    );
  } catch {
    // stdout may already be closed
  }
}

type Live = { stop(): Promise<void> };

/**
 * Everything after the first frame: load the client, the store and the panes (in parallel), connect —
 * the configured service, else the data dir's local one (started in the background when none runs) —
 * wire the store, poller and actions, and hand the app to the shell.
 */
async function startLive(
  resolved: ResolvedConfig,
  opts: ConsoleOptions,
  mounted: Mounted,
  theme: ReturnType<typeof makeTheme>,
  keymap: Keymap | undefined,
): Promise<Live> {
  // after the first frame, before the big allocations (modules, the checks list)
  const uncapNursery = capNursery();
  const sizing = createMemorySizing();
  // and before the client's first request compiles undici's HTTP parser (WebAssembly)
  baselineWasm();
  // the data dir's service, found or started first: it starts in its own process while this one loads
  const local = resolved.baseUrl
    ? undefined
    : import("./local-service.ts").then((m) =>
        m.attachLocalService(resolved.dataDir, { kind: "console" }).then((attached) => ({ m, attached })),
      );
  local?.catch(() => undefined); // awaited below; not unhandled if a module fails to load first
  const [
    { createClient },
    { ConfigError },
    { insideTmux },
    { createDraftStore },
    { errorLine },
    { createRuntime, createSharedData },
    { startPaneSpec },
    { runtimePanes },
    { setNotice },
    { apply },
    { connect },
    { liveTree },
    { startWatch },
    { desktopFlavour },
  ] = await Promise.all([
    import("../api/client.ts"),
    import("../config/resolve.ts"),
    import("../store/actions/osc52.ts"),
    import("../store/forms/drafts.ts"),
    import("../store/data/loaders.ts"),
    import("../store/runtime.ts"),
    import("../tui/panes/lookup.ts"),
    import("../tui/panes/selects.ts"),
    import("../store/view/ui.ts"),
    import("../store/state.ts"),
    import("./connect.ts"),
    import("../tui/live-root.tsx"),
    import("../store/watch/watcher.ts"),
    import("../store/watch/terminal.ts"),
  ]);
  // the name was checked before anything was drawn (main.ts runConsole): this is the registry's side
  const start = startPaneSpec(resolved.startPane);
  if (!start) throw new ConfigError(`${resolved.startPaneFrom ?? "--pane"}: no pane "${resolved.startPane}"`);
  const data = createSharedData();

  let baseUrl: string;
  let apiKey: string;
  const attached = local ? await local : undefined;
  if (!attached) {
    const conn = await connect(resolved);
    baseUrl = conn.baseUrl;
    apiKey = conn.apiKey;
    await conn.close();
  } else {
    const t = attached.attached.current();
    baseUrl = t.url;
    const key = resolved.apiKey ?? t.apiKey;
    if (!key) {
      attached.attached.close();
      throw new ConfigError(`the local service at ${baseUrl} needs a key: set VIGIL_API_KEY`);
    }
    apiKey = key;
  }
  const client = createClient({
    baseUrl,
    apiKey,
    accountId: resolved.accountId,
    readOnly: resolved.readOnly,
    onActivity: data.meter.onActivity,
  });
  // the data, the poller and the console's one view over them (src/store/runtime.ts, as vigil share's)
  const runtime = createRuntime({
    client,
    data,
    panes: runtimePanes(start),
    ...(resolved.fullReadMs !== undefined ? { fullReadMs: resolved.fullReadMs } : {}),
  });
  const { store, actions } = runtime.addView({
    actions: {
      readOnly: resolved.readOnly,
      // incident / update / page drafts, kept in the data dir until the service acknowledged them
      drafts: createDraftStore(resolved.dataDir),
      // a configured service by its URL; the data dir's own service (embedded or local) changes port
      // between runs, so by the data dir
      draftScope: resolved.baseUrl ? `${baseUrl}#${resolved.accountId ?? ""}` : `local:${resolved.dataDir}`,
      // y copies through OSC 52 on this terminal; o opens the profile's web link (the local service has none)
      act: {
        terminal: { write: (d) => process.stdout.write(d), tmux: insideTmux(process.env) },
        webUrl: resolved.webUrl,
        local: !resolved.baseUrl,
        // e runs $EDITOR in this terminal
        suspend: (run) => mounted.suspend(run),
        // s draws a result's screenshot in this terminal (kitty, iTerm2, sixel), else saves it; the
        // image code (a PNG decoder and zlib) is loaded on the first `s`, not with every console
        showImage: async (png, title) =>
          (await import("./console-image.ts")).showImage(png, title, {
            env: process.env,
            write: (d) => process.stdout.write(d),
            suspend: (run) => mounted.suspend(run),
          }),
      },
    },
  });
  if (attached) {
    // which local service, in the status line; a restarted one is followed and named in a notice
    const { m, attached: a } = attached;
    const cur = a.current();
    runtime.setService(m.serviceLabel(cur), cur);
    // not on the data dir's usual address (its port was taken): said at once, not only in the status line
    const warning = m.addressWarning(cur);
    if (warning) apply(store, setNotice(store.getState(), `local service pid ${cur.pid}${warning}`));
    a.on((e) => {
      if (e.kind === "moved") runtime.serviceMoved(e.target.url, m.serviceLabel(e.target), e.target.usualUrl);
      apply(store, setNotice(store.getState(), e.text));
    });
  }
  mounted.showApp((ctl) =>
    liveTree({
      info: {
        store,
        theme,
        readOnly: resolved.readOnly,
        profile: resolved.profile ?? "default",
        host: hostOf(baseUrl),
        staleAfterMs: resolved.staleAfterMs,
        utc: resolved.utc,
        keymap,
      },
      actions,
      fullscreen: opts.fullscreen === true,
      ctl,
      // a key or a click: V8 not sized for memory until the console is quiet again (nursery.ts)
      onInput: sizing.input,
      checkProfile: (name) => {
        try {
          opts.resolveProfile?.(name);
          return opts.resolveProfile ? undefined : "profiles cannot be switched here";
        } catch (e) {
          return e instanceof ConfigError ? e.message : errorLine(e);
        }
      },
    }),
  );
  runtime.start();
  // V8 sized for memory once the checks are held (not while the first read builds them) and while no one
  // types (nursery.ts)
  const heldChecks = store.subscribe((s) => {
    if (s.checks.loadedAt === undefined && s.checks.error === undefined) return;
    heldChecks();
    sizing.held();
  });
  // the title carries the failing count; --notify rings or notifies on a change
  const watch = startWatch(store, {
    write: (d) => process.stdout.write(d),
    notify: resolved.notify,
    desktop: desktopFlavour(process.env),
    tmux: insideTmux(process.env),
    restoreTitle: tmuxPaneTitle(process.env),
  });
  titleKept = true;
  // after a crash or a restart: offer what was typed and never acknowledged
  if (!resolved.readOnly) actions.offerDrafts();
  return {
    async stop() {
      heldChecks();
      sizing.stop();
      uncapNursery();
      watch.stop();
      titleKept = false;
      // the poller, the view's actions (its followed sessions), the meter and the client
      await runtime.stop();
      // the service keeps running for other clients; it stops by itself once the last one left
      attached?.attached.close();
    },
  };
}

async function runOnce(
  resolved: ResolvedConfig,
  opts: ConsoleOptions,
): Promise<{ kind: "quit" } | { kind: "profile"; name: string }> {
  const fullscreen = opts.fullscreen === true;
  // --theme > a profile's theme > the config's theme section (its base and roles) > dark
  const theme = makeTheme(opts.theme ?? resolved.theme, noColorRequested(), resolved.skin?.skin);
  await prepareViews();
  // the config's keys section, checked before anything is drawn: a clash is one line naming the file and
  // the two actions (exit 2), never a console with an ambiguous key
  const keymap = resolved.keys
    ? (await import("../tui/keymap.ts")).buildKeymap(resolved.keys, resolved.configPath)
    : undefined;
  // no configured service: the data dir's, when none runs, starts now in its own process — beside this
  // one's start (Ink, the first frame) rather than after it; attachLocalService (startLive) takes it over
  if (!resolved.baseUrl) prestartLocalService(resolved.dataDir);
  const { mountConsole } = await import("../tui/mount.tsx");
  const lastResort = () => restoreTerminal(fullscreen);
  process.once("exit", lastResort);
  const mounted = mountConsole({
    shell: {
      theme,
      readOnly: resolved.readOnly,
      profile: resolved.profile ?? "default",
      // the host is known once connected (a local or embedded service picks its port)
      host: resolved.baseUrl ? hostOf(resolved.baseUrl) : "local",
      startPane: resolved.startPane,
    },
    fullscreen,
    mouse: resolved.mouse,
  });
  const onSignal = () => mounted.quit();
  // Ctrl-C arrives as a key in raw mode; these cover `kill` and a closed terminal.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  let failure: { error: unknown } | undefined;
  const live = startLive(resolved, opts, mounted, theme, keymap).catch((error: unknown) => {
    // cannot connect (no service, bad key…): leave the terminal as it was, then report the error
    failure = { error };
    mounted.quit();
    return undefined;
  });
  try {
    const r = await mounted.done;
    if (failure) throw failure.error;
    return r;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
    // quitting while connecting: the start-up finishes first, then everything stops
    await (await live)?.stop();
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
