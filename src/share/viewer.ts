/**
 * One viewer of `vigil share`: the console drawn on one SSH session's channel, with that session's size,
 * resizes and colour choice, its own view (hub.addView: src/store/runtime.ts) over the shared data, and actions made
 * read-only by construction: the client refuses every mutating request (ReadOnlyError), drafts live in
 * memory only, `:profile` cannot switch, secrets are never revealed (read-only mode). It ends when the
 * viewer quits (q, Ctrl-C), the connection closes, or no key arrives for `idleMs`.
 *
 * The viewer's terminal title carries the failing count (store/watch/); a bell or a desktop notification
 * only when the viewer asks for one (`ssh -o SetEnv=VIGIL_NOTIFY=bell|desktop`), never by the server's
 * choice. The mouse is the server's `--mouse` unless the viewer says (SetEnv=VIGIL_MOUSE=1 or 0); `M`
 * toggles it either way.
 */
import type { Writable } from "node:stream";
import type { Skin } from "../config/theme.ts";
import { insideTmux } from "../store/actions/osc52.ts";
import { memoryDraftStore } from "../store/forms/drafts.ts";
import { desktopFlavour } from "../store/watch/terminal.ts";
import { startWatch } from "../store/watch/watcher.ts";
import type { Keymap } from "../tui/keymap.ts";
import { liveTree } from "../tui/live-root.tsx";
import { mountConsole } from "../tui/mount.tsx";
import { makeTheme, type ThemeName } from "../tui/theme.ts";
import type { Hub } from "./hub.ts";
import { ViewerOutput, viewerInput } from "./terminal.ts";

export type ViewerOptions = {
  hub: Hub;
  channel: Writable & { writableLength: number; on(e: "data", l: (d: Buffer) => void): unknown };
  pty: { cols: number; rows: number; term: string };
  env: Record<string, string>;
  /** The built-in theme (`--theme`, the profile's); unset: the skin's base, else dark. */
  theme?: ThemeName | undefined;
  /** The config file's theme section: its roles over the built-in. */
  skin?: Skin | undefined;
  /** The keys with the config file's keys section applied (checked when `vigil share` started). */
  keymap?: Keymap | undefined;
  profile: string;
  host: string;
  staleAfterMs: number;
  /** Chart times in UTC (`--utc` of `vigil share`, its profile's `utc`). */
  utc?: boolean | undefined;
  /** Close the viewer after this long without a key; 0: never. */
  idleMs: number;
  outputCapBytes: number;
  /** The profile's web link template (`o` shows it to a viewer; never opens a browser here). */
  webUrl?: string | undefined;
  /** The data dir's local service (no web app). */
  local?: boolean | undefined;
  /** Mouse reporting on for a viewer who does not say (`vigil share --mouse`, its profile's `mouse`). */
  mouse?: boolean | undefined;
};

/** What a viewer asked for in its environment: the mouse (1/0) and notifications (bell, desktop). */
export function viewerAsks(
  env: Record<string, string>,
  mouseDefault: boolean,
): { mouse: boolean; notify: "bell" | "desktop" | undefined } {
  const m = (env.VIGIL_MOUSE ?? "").trim();
  const n = (env.VIGIL_NOTIFY ?? "").trim();
  return {
    mouse: /^(1|true|yes)$/i.test(m) ? true : /^(0|false|no)$/i.test(m) ? false : mouseDefault,
    notify: n === "bell" || n === "desktop" ? n : undefined,
  };
}

export type Viewer = {
  resize(cols: number, rows: number): void;
  /** Ends the viewer's console (its terminal restored); resolves when it has. */
  close(): Promise<void>;
  /** Resolves when the console ended, with why. */
  ended: Promise<"quit" | "idle" | "closed">;
  readonly output: ViewerOutput;
};

/**
 * The idle rule of a viewer: `onIdle` once no key arrived for `idleMs` since the last `arm()`; with 0 never
 * (`vigil share --idle-minutes 0`: a dashboard on a wall display stays open).
 */
export function idleWatch(idleMs: number, onIdle: () => void): { arm(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    arm() {
      stop();
      if (idleMs <= 0) return;
      timer = setTimeout(onIdle, idleMs);
      timer.unref?.();
    },
    stop,
  };
}

export function startViewer(o: ViewerOptions): Viewer {
  const output = new ViewerOutput(o.channel, o.pty, o.outputCapBytes);
  const input = viewerInput();
  let why: "quit" | "idle" | "closed" = "quit";
  const idle = idleWatch(o.idleMs, () => {
    why = "idle";
    mounted.quit();
  });
  const armIdle = idle.arm;
  o.channel.on("data", (d: Buffer) => {
    armIdle();
    input.write(d);
  });
  const noColor = (o.env.NO_COLOR !== undefined && o.env.NO_COLOR !== "") || o.pty.term === "dumb";
  const theme = makeTheme(o.theme, noColor, o.skin);
  const view = o.hub.addView({
    actions: {
      readOnly: true,
      drafts: memoryDraftStore(),
      // y copies to the viewer's clipboard (OSC 52 on its own channel); o never starts a browser here
      act: {
        terminal: { write: (d) => output.write(d), tmux: insideTmux(o.env, o.pty.term) },
        shared: true,
        webUrl: o.webUrl,
        local: o.local,
      },
    },
  });
  const actions = view.actions;
  const asks = viewerAsks(o.env, o.mouse === true);
  const mounted = mountConsole({
    shell: { theme, profile: o.profile, host: o.host, readOnly: true },
    fullscreen: true,
    stdout: output as unknown as NodeJS.WriteStream,
    stdin: input as unknown as NodeJS.ReadStream,
    patchConsole: false,
    mouse: asks.mouse,
  });
  mounted.showApp((ctl) =>
    liveTree({
      info: {
        store: view.store,
        theme,
        readOnly: true,
        profile: o.profile,
        host: o.host,
        staleAfterMs: o.staleAfterMs,
        utc: o.utc === true,
        keymap: o.keymap,
      },
      actions,
      fullscreen: true,
      ctl,
      checkProfile: () => "profiles cannot be switched over vigil share",
    }),
  );
  const watch = startWatch(view.store, {
    write: (d) => output.write(d),
    notify: asks.notify,
    desktop: desktopFlavour(o.env, o.pty.term),
    tmux: insideTmux(o.env, o.pty.term),
  });
  armIdle();
  const ended = mounted.done.then(async () => {
    watch.stop();
    idle.stop();
    await view.remove().catch(() => undefined);
    input.end();
    return why;
  });
  return {
    output,
    ended,
    resize: (cols, rows) => output.resize(cols, rows),
    async close() {
      why = "closed";
      mounted.quit();
      await ended;
    },
  };
}
