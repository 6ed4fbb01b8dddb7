/**
 * Launch the bundled console (`node dist/vigil.js`: what `npx vigil` runs, without its launcher's memory
 * settings — test/e2e/launcher.test.ts starts it through them) in a tmux terminal, pointed at
 * a served API through VIGIL_BASE_URL / VIGIL_API_KEY, with a clean environment: HOME and the XDG dirs in
 * the terminal's temp dir (no real config, no service.json), TERM=xterm-256color; on the checks pane
 * unless `pane` says otherwise.
 */
import { join } from "node:path";
import { BUNDLE, CACHE_HOME, NODE, ROOT } from "./paths.ts";
import type { Served } from "./service.ts";
import { TmuxTerminal } from "./tmux.ts";

export type LaunchOptions = {
  cols?: number;
  rows?: number;
  args?: string[];
  env?: Record<string, string>;
  /**
   * The pane to start on (`--pane`): these tests walk the panes from the checks list, so "checks" by
   * default; null starts on the landing screen (the overview).
   */
  pane?: string | null;
};

/** The header every console frame starts with. */
export const HEADER = /^vigil › /m;

export function launchConsole(served: Served, opts: LaunchOptions = {}): TmuxTerminal {
  const home = join(served.dataDir, "..", `home-${Math.random().toString(36).slice(2)}`);
  return TmuxTerminal.start({
    cols: opts.cols ?? 120,
    rows: opts.rows ?? 40,
    argv: [
      NODE,
      BUNDLE,
      ...(opts.pane === null ? [] : ["--pane", opts.pane ?? "checks"]),
      ...(opts.args ?? []),
    ],
    cwd: ROOT,
    env: {
      PATH: "/usr/bin:/bin",
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_DATA_HOME: join(home, "data"),
      XDG_CACHE_HOME: CACHE_HOME,
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      VIGIL_BASE_URL: served.url,
      VIGIL_API_KEY: served.apiKey,
      ...opts.env,
    },
  });
}
