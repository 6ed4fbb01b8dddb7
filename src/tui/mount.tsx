/**
 * Mount the console with Ink. Start-up is in two steps (design.md §4: start → first frame ≤ 1.3 × a bare
 * Ink hello): this module — Ink, React and a small shell, nothing else — draws the console's frame at once
 * (header "vigil › Overview", "connecting…", the status line `◌ connecting`); the caller then loads the
 * client, the store and the panes, connects, and hands the real app over with `showApp`. Keys typed in
 * between are kept and handled by the app first (Ctrl-C, and q before any other key, quit at once).
 *
 * Resolves `done` when it ends: `{kind: "quit"}` or `{kind: "profile", name}` for `:profile NAME`. Ink
 * restores the terminal (raw mode off, cursor shown, alternate screen left) on unmount; the caller also
 * installs a last-resort restore on process exit.
 */
import { Box, type Key, render, Text, useInput } from "ink";
import type { ReactElement } from "react";
import { displayWidth, truncate } from "../shared/format.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { compactStreams } from "./compact-output.ts";
import { mouseControl } from "./mouse/input.ts";
import type { MouseControl } from "./mouse/mode.ts";
import { isMouseReport } from "./mouse/sgr.ts";
import type { PANE_SPECS } from "./panes/registry.ts";
import { followSize, sizeOf, TerminalSizeContext, useTerminalSize } from "./terminal-size.ts";
import type { Theme } from "./theme.ts";
import { TooSmall, tooSmall } from "./too-small.tsx";

export type ExitReason = { kind: "quit" } | { kind: "profile"; name: string };

/**
 * The header the shell draws before the panes are loaded: the start pane's title and tab among the
 * numbered panes (id and title, in the registry's order; number keys from 0). The shell must not import
 * the panes (the first frame comes before them), so they are written here: the ids are checked against
 * the pane registry by the compiler (a type-only import, gone at run time: one entry per numbered pane, in
 * its order), the titles by test/tui/mount.test.tsx.
 */
export const SHELL_PANES: ShellPanes<typeof PANE_SPECS> = [
  ["overview", "Overview"],
  ["checks", "Checks"],
  ["sessions", "Sessions"],
  ["analytics", "Analytics"],
  ["heartbeats", "Heartbeats"],
  ["incidents", "Incidents"],
  ["alerts", "Alert channels"],
  ["pages", "Status pages"],
  ["locations", "Private locations"],
];
type ShellPanes<T extends readonly { id: string }[]> = {
  readonly [K in keyof T]: T[K] extends { id: infer Id } ? readonly [id: Id, title: string] : never;
};
export const SHELL_HEADER = { title: SHELL_PANES[0]![1], panes: SHELL_PANES.length } as const;

/** What the shell shows before the app is there. */
export type ShellInfo = {
  theme: Theme;
  profile: string;
  host: string;
  readOnly: boolean;
  /** The pane the console starts on (`--pane`, a profile's `startPane`); default the first. */
  startPane?: string | undefined;
};

export type MountOptions = {
  shell: ShellInfo;
  fullscreen: boolean;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  /** Route console.* through Ink (default true; tests running under a patched console turn it off). */
  patchConsole?: boolean;
  /** Mouse reporting on from the start (`--mouse`); `M` toggles it either way. */
  mouse?: boolean;
};

/** Given to the app's factory: how it ends the console, and the keys typed before it was shown. */
export type AppControl = {
  quit: () => void;
  end: (r: ExitReason) => void;
  initialKeys: readonly (readonly [string, Key])[];
  /** Mouse reporting (off whenever the terminal is handed over and when the console ends) and the reports. */
  mouse: MouseControl;
  /**
   * Draw the frame of what a key (or click) just changed now, not when Ink's frame-rate throttle next
   * allows: a frame drawn in the 50 ms before (a result arriving, the filter prompt) made the key's wait
   * up to 50 ms more (seen as 90 ms for a filter key whose own work took 38).
   */
  frameNow: () => void;
};

export type Mounted = {
  done: Promise<ExitReason>;
  quit: () => void;
  /** Replace the shell by the app (built by `make` with the controls above). */
  showApp: (make: (ctl: AppControl) => ReactElement) => void;
  /**
   * Hand the terminal to another program (`e`'s $EDITOR) while `run` runs — run it synchronously
   * (spawnSync), so nothing here reads the keys meanwhile: the frame is put away, raw mode and the
   * alternate screen left, the cursor shown; then the console takes the terminal back and draws itself whole.
   */
  suspend: <T>(run: () => T) => Promise<T>;
};

function Shell({
  info,
  fullscreen,
  onKey,
}: {
  info: ShellInfo;
  fullscreen: boolean;
  onKey: (i: string, k: Key) => void;
}) {
  const { columns, rows } = useTerminalSize();
  useInput(onKey);
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  const { theme } = info;
  const height = fullscreen ? rows : rows - 1;
  const start = Math.max(
    0,
    SHELL_PANES.findIndex(([id]) => id === info.startPane),
  );
  const tabs = SHELL_PANES.map((_, i) => (i === start ? `[${i}]` : ` ${i} `)).join("");
  const title = SHELL_PANES[start]?.[1] ?? SHELL_HEADER.title;
  const left = truncate(`vigil › ${title}`, Math.max(10, columns - displayWidth(tabs) - 1));
  const who = truncate(sanitizeLine(`${info.profile}@${info.host}`), 28);
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Box width={columns} height={1} justifyContent="space-between">
        <Text bold color={theme.accent} wrap="truncate">
          {left}
        </Text>
        <Text color={theme.dim}>{tabs}</Text>
      </Box>
      <Box height={height - 3} width={columns}>
        <Text color={theme.dim}>connecting…</Text>
      </Box>
      <Text color={theme.dim} wrap="truncate">
        q quit
      </Text>
      <Text wrap="truncate">
        <Text color={theme.dim}>{who}</Text>
        {info.readOnly ? (
          <Text inverse color={theme.warn}>
            {" READ-ONLY "}
          </Text>
        ) : null}
        <Text> </Text>
        <Text color={theme.tone.busy}>◌ connecting</Text>
        <Text> · no data yet · ⇅ 0</Text>
      </Text>
    </Box>
  );
}

export function mountConsole(opts: MountOptions): Mounted {
  let settle: (r: ExitReason) => void = () => undefined;
  const done = new Promise<ExitReason>((resolve) => {
    settle = resolve;
  });
  let ended = false;
  const end = (r: ExitReason) => {
    if (ended) return;
    ended = true;
    mouse.stop();
    stopFollowing();
    instance.unmount();
    instance
      .waitUntilExit()
      .catch(() => undefined)
      .then(() => settle(r));
  };
  const quit = () => end({ kind: "quit" });
  const queued: [string, Key][] = [];
  const onKey = (input: string, key: Key) => {
    // a click before the app is there does nothing (and is no key)
    if (isMouseReport(input)) return;
    if ((key.ctrl && input === "c") || (queued.length === 0 && input === "q")) quit();
    else queued.push([input, key]);
  };
  const stdout = opts.stdout ?? process.stdout;
  // The tree gets the terminal's size from here (terminal-size.ts explains why not from Ink).
  let tree = <Shell info={opts.shell} fullscreen={opts.fullscreen} onKey={onKey} />;
  let size = sizeOf(stdout);
  const sized = () => <TerminalSizeContext value={size}>{tree}</TerminalSizeContext>;
  // Added before render(), so it runs before Ink's own resize handler (which re-lays out and draws the
  // tree as it is): the tree is re-rendered at the new size first — rerender is synchronous (legacy root).
  // When the terminal got narrower, the lines of the old, wider frame are cut or re-wrapped by the terminal
  // (each does it its own way), so erasing "the frame's lines" — what Ink does — misses some and the new
  // frame would land on leftovers: the visible screen is wiped and the cursor sent home first, and Ink
  // (which draws the whole frame after a narrowing) draws it on a clean screen, as at a fresh start. The
  // frame fills the screen anyway, so nothing the user had there is lost that was still visible.
  const stopFollowing = followSize(stdout, (next, previous) => {
    if (next.columns < previous.columns) stdout.write("\x1b[H\x1b[2J");
    size = next;
    if (!ended) instance.rerender(sized());
  });
  const instance = render(sized(), {
    // one terminal: what stdout holds of a frame is written before anything Ink writes to stderr
    ...compactStreams(stdout, process.stderr),
    stdin: opts.stdin ?? process.stdin,
    exitOnCtrlC: false,
    // The console is started only on a TTY (main.ts checks stdin and stdout), so it is interactive even
    // where CI=true is set — Ink's CI detection would otherwise draw nothing but the last frame at exit.
    interactive: true,
    patchConsole: opts.patchConsole ?? true,
    incrementalRendering: true,
    maxFps: 20,
    alternateScreen: opts.fullscreen,
  });
  // after React has committed what the input changed (and run its effects): the throttled frame drawn now
  const frameNow = () => {
    if (!ended) void instance.waitUntilRenderFlush().catch(() => undefined);
  };
  // reporting, and the reports read beside Ink (mouse/input.ts) for the app
  const mouse = mouseControl(opts.stdin ?? process.stdin, (b) => stdout.write(b), opts.mouse === true);
  return {
    done,
    quit,
    showApp(make) {
      if (ended) return;
      tree = make({ quit, end, initialKeys: queued.splice(0), mouse, frameNow });
      instance.rerender(sized());
    },
    async suspend(run) {
      const stdin = opts.stdin ?? process.stdin;
      const raw = stdin.isTTY === true && stdin.isRaw === true;
      instance.clear();
      mouse.mode.pause();
      stdout.write(`\x1b[?25h${opts.fullscreen ? "\x1b[?1049l" : ""}`);
      if (raw) stdin.setRawMode(false);
      try {
        return run();
      } finally {
        if (raw) stdin.setRawMode(true);
        // back on a clean screen (the alternate one when fullscreen), cursor hidden; the next frame is whole
        stdout.write(`${opts.fullscreen ? "\x1b[?1049h" : ""}\x1b[H\x1b[2J\x1b[?25l`);
        mouse.mode.resume();
        instance.clear();
        if (!ended) instance.rerender(sized());
      }
    },
  };
}
