/**
 * The first lines of dist/vigil.js (scripts/build.ts writes them there): a launcher in sh that starts Node
 * on the same file with `MALLOC_ARENA_MAX=2` in its environment — glibc's limit on its malloc arenas, which
 * glibc reads from the environment once, when a process starts, so the program cannot set it for itself
 * (issue 27: the console's RSS with 10,000 checks sat at its 100 MB budget; docs/performance.md). Without
 * it glibc gives each thread that mallocs while another holds the lock an arena of its own (up to 8 per
 * core), and V8's worker threads' arenas keep the pages their compilers and collectors freed (5 of them,
 * ~7 MB, in a console with 10,000 checks). With 2, those threads share one. A value the user set is kept.
 * (`--v8-pool-size=1`, one V8 worker thread instead of four, a Node option also read only at start, was
 * measured with it and alone: it held more, not less; docs/performance.md, "A launcher in sh".)
 *
 * The file is both: to sh, line 1 is its `#!/bin/sh` and every `':' //;` line is `:` (a no-op) then
 * commands; to JavaScript, line 1 is the hashbang comment and each such line a string statement and a
 * comment. So the `vigil` command (npm's bin link to this file, `npx vigil`, `npm start`) goes through
 * /bin/sh and `exec`s Node — the same pid, no time measurable beside `#!/usr/bin/env node`, not a second
 * Node start (re-executing Node from JavaScript cost ~45 ms a start); `node dist/vigil.js` skips the lines
 * and runs without the setting.
 * `#!/usr/bin/env -S …` would do it in one line, but BusyBox's env has no -S. The Node that runs is the
 * first `node` on PATH, as `#!/usr/bin/env node` found it. No Node or V8 flag is added: a V8 flag on the
 * command line makes V8 refuse the built-ins' code cache (~20 ms more before the first frame).
 *
 * Only for the console: the first argument a word — a command (`serve`, `agent`, `checks list`, …) — starts
 * Node with glibc's default, as the console's background `vigil serve` and the demo's agent are started
 * (process.execPath on this file: no launcher). `vigil`, and `vigil --pane checks` and other options
 * first, get the setting (a command after global options gets it too: harmless, memory only).
 */
export const LAUNCHER = [
  "#!/bin/sh",
  `':' //; case "$1" in [!-]*) ;; *) [ -n "\${MALLOC_ARENA_MAX+set}" ] || export MALLOC_ARENA_MAX=2 VIGIL_LAUNCHER_SET=MALLOC_ARENA_MAX;; esac`,
  `':' //; exec node "$0" "$@"`,
].join("\n");

/**
 * The launcher's environment is for this process only: what it set (VIGIL_LAUNCHER_SET names it) leaves
 * process.env before anything starts a child — the background `vigil serve` keeps glibc's default like the
 * service started any other way, and the programs the console starts for the user (the editor, the
 * browser a link opens) get the user's environment, not ours. glibc read it already; unsetting it changes
 * nothing in this process (/proc/self/environ, the environment the process started with, still holds it).
 * Plain JavaScript of the oldest syntax: it runs after the Node version guard, but stays parseable there.
 */
export const FORGET_LAUNCHER_ENV = [
  "if (process.env.VIGIL_LAUNCHER_SET !== undefined) {",
  '  var launcherSet = process.env.VIGIL_LAUNCHER_SET.split(" ");',
  "  for (var i = 0; i < launcherSet.length; i++) delete process.env[launcherSet[i]];",
  "  delete process.env.VIGIL_LAUNCHER_SET;",
  "}",
].join("\n");
