/**
 * Changing a check from where you look (bound in src/tui/panes/act-keys.ts, refused in read-only):
 *
 * - `a` activate / deactivate: confirmed, then a partial update (`{activated}` only) per check — a
 *   deactivated check does not run at all (no results, no alerts) until activated again;
 * - `e` edit the check as JSON in `$VISUAL` / `$EDITOR` (else vi): the check as read, secrets masked, in a
 *   private temporary file; the console gives the terminal to the editor (ActEnv.suspend) and takes it back
 *   when it exits. What was saved is checked like `vigil checks update -f` (src/api/check-edit.ts: masked
 *   secrets keep their stored values, merged onto the check, the type's one schema, the service's words)
 *   and sent only after a confirmation that lists every field it changes. A file that does not parse or
 *   is refused is kept and named, so the edit is not lost.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Body, editedBody, fieldChanges, mergeOnto, writableKind } from "../../api/check-edit.ts";
import type { Client } from "../../api/client.ts";
import type { Check } from "../../contract/schemas/checks.ts";
import { maskSecrets } from "../../contract/secrets.ts";
import { errorLine } from "../data/loaders.ts";
import type { CheckSummary } from "../data/summary.ts";
import { apply, type ConsoleStore } from "../state.ts";
import type { Poller } from "../sync/poller.ts";
import { actionErrorLine } from "../view/messages.ts";
import { setActivity } from "../view/ui.ts";
import { actTarget, type PaneHooks } from "./targets.ts";

export type EditDeps = {
  client: Client;
  /** What the shown pane selects (targets.ts). */
  panes: PaneHooks;
  store: ConsoleStore;
  poller: Poller | undefined;
  confirm: (title: string, lines: string[], action: string, run: () => Promise<void>) => void;
  notice: (text: string | undefined) => void;
  refused: (what: string) => boolean;
  /** Runs `run` with the terminal handed over (the console's frame put away); absent: no terminal here. */
  suspend: (<T>(run: () => T) => Promise<T>) | undefined;
  /** A viewer of `vigil share`: an editor would open on the server. */
  shared: boolean;
  env: Readonly<Record<string, string | undefined>>;
};

const quoted = (name: string) => `"${name.length > 40 ? `${name.slice(0, 39)}…` : name}"`;
const MAX_LINES = 14;

/** The editor command: $VISUAL, else $EDITOR, else vi. */
export function editorOf(env: Readonly<Record<string, string | undefined>>): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || "vi";
}

/** Run the editor on `file` in this terminal and wait for it (the event loop with it: nothing else reads the keys). */
export function runEditor(
  file: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const editor = editorOf(env);
  // through the shell, so `EDITOR="code --wait"` works; the file is an argument, never part of the command
  // node:child_process when it is used, not when the console starts (see test/cli/console-start-graph.test.ts)
  const { spawnSync } = process.getBuiltinModule("node:child_process");
  const r = spawnSync("/bin/sh", ["-c", `${editor} "$1"`, "vigil-editor", file], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (r.error) return `cannot start ${editor}: ${r.error.message}`;
  if (r.status !== 0) return `${editor} exited with ${r.status ?? r.signal}`;
  return undefined;
}

/** The confirmation's lines: every field the edit changes (the first MAX_LINES). */
export function changeLines(lines: readonly string[]): string[] {
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES - 1), `… and ${lines.length - MAX_LINES + 1} more`]
    : [...lines];
}

export function createCheckEditActions(deps: EditDeps) {
  const { client, store } = deps;
  const get = store.getState;

  function refresh(ids: readonly string[]): void {
    deps.poller?.refreshJob("checks");
    for (const id of ids) deps.poller?.refreshJob(`check:${id}`);
    void deps.poller?.tick();
  }

  async function setActivated(checks: readonly CheckSummary[], activated: boolean): Promise<void> {
    const done: string[] = [];
    try {
      for (const c of checks) {
        await client.checks.update(c.id, c.checkType, { activated });
        done.push(c.name);
      }
    } catch (e) {
      const line = actionErrorLine(activated ? "activate" : "deactivate", e);
      apply(store, setActivity(get(), { lastError: line, lastErrorAt: Date.now() }));
      deps.notice(done.length ? `${line} (${done.length} done before it)` : line);
    }
    if (done.length === 0) return;
    if (done.length === checks.length)
      deps.notice(
        `${activated ? "activated" : "deactivated"} ${done.length === 1 ? quoted(done[0]!) : `${done.length} checks`}${activated ? " — it runs on its schedule again" : " — it does not run until activated (a)"}`,
      );
    refresh(checks.map((c) => c.id));
  }

  /** Keep the edited file and say where, with why nothing was sent. */
  function keep(file: string, why: string): void {
    deps.notice(`not sent: ${why} — your edit is kept in ${file}`);
  }

  async function edit(c: CheckSummary): Promise<void> {
    let cur: Check;
    try {
      cur = await client.checks.get(c.id);
      writableKind(cur);
    } catch (e) {
      deps.notice(`cannot edit ${quoted(c.name)}: ${errorLine(e)}`);
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "vigil-edit-"));
    const file = join(dir, `check-${cur.id}.json`);
    writeFileSync(file, `${JSON.stringify(maskSecrets(cur), null, 2)}\n`, { mode: 0o600 });
    const failed = await deps.suspend!(() => runEditor(file, deps.env));
    if (failed) return keep(file, failed);
    let given: unknown;
    try {
      given = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      return keep(file, `the edited check is not valid JSON (${errorLine(e)})`);
    }
    if (typeof given !== "object" || given === null || Array.isArray(given))
      return keep(file, "the edited file must hold one check (a JSON object)");
    let body: Body;
    let changed: boolean;
    try {
      ({ body, changed } = editedBody(cur, given as Body, "the edited check"));
    } catch (e) {
      return keep(file, errorLine(e));
    }
    if (!changed) {
      rmSync(dir, { recursive: true, force: true });
      deps.notice(`no change to ${quoted(cur.name)} — nothing sent`);
      return;
    }
    const lines = fieldChanges(writableKind(cur), mergeOnto(cur, {}), body);
    deps.confirm(`Save the changes to ${quoted(cur.name)}?`, changeLines(lines), "edit-check", async () => {
      try {
        const saved = await client.checks.save(cur.id, cur.checkType, body);
        rmSync(dir, { recursive: true, force: true });
        deps.notice(`saved ${quoted(saved.name)} (${lines.length} change${lines.length === 1 ? "" : "s"})`);
        refresh([cur.id]);
      } catch (e) {
        const line = actionErrorLine("edit", e);
        apply(store, setActivity(get(), { lastError: line, lastErrorAt: Date.now() }));
        keep(file, line);
      }
    });
  }

  return {
    /** `a`: deactivate the check(s) — or activate them when every one is deactivated — after a confirmation. */
    askActivate() {
      if (deps.refused("activating and deactivating checks")) return;
      const t = actTarget(deps.panes, get());
      if (t.checks.length === 0) return deps.notice(t.none);
      const activate = t.checks.every((c) => c.activated === false);
      const targets = activate ? t.checks : t.checks.filter((c) => c.activated !== false);
      const one = targets.length === 1 ? quoted(targets[0]!.name) : `${targets.length} checks`;
      deps.confirm(
        `${activate ? "Activate" : "Deactivate"} ${one}?`,
        [
          ...(targets.length > 1 ? targets.slice(0, 5).map((c) => c.name) : []),
          ...(targets.length > 5 ? [`… and ${targets.length - 5} more`] : []),
          activate
            ? "It runs on its schedule again."
            : "It stops running: no results and no alerts until activated (a again).",
        ],
        activate ? "activate" : "deactivate",
        () => setActivated(targets, activate),
      );
    },

    /** `e`: the check's JSON in $EDITOR, sent on save after a confirmation listing what changed. */
    editCheck() {
      if (deps.refused("editing checks")) return;
      if (deps.shared)
        return deps.notice("e opens an editor on the console's own machine: not over vigil share");
      if (!deps.suspend) return deps.notice("e needs the console's terminal to run an editor in");
      const t = actTarget(deps.panes, get(), true);
      if (t.checks.length === 0) return deps.notice(t.none);
      const c = t.checks[0]!;
      deps.notice(`opening ${quoted(c.name)} in ${editorOf(deps.env)}…`);
      edit(c).catch((e: unknown) => deps.notice(`e: ${errorLine(e)}`));
    },
  };
}
