/**
 * Acting from where you look — the keys the overview, the checks pane (list and detail) and the result
 * view share (src/tui/panes/act-keys.ts binds them); what they act on is `actTarget` (targets.ts):
 *
 * - `m` mute / unmute: confirmed, then a partial check update (`{muted}` only: the service merges it) per
 *   check; the checks list is read again at once so the row's marker follows;
 * - `i` a new incident for the check(s), the form filled in (prefill.ts) — a kept incident draft wins:
 *   what was typed is never replaced;
 * - `y` copy: a menu of the check id, the result id, the request URL, a heartbeat's ping URL, the reason,
 *   a curl of the request (curl.ts, secrets masked) and the link, sent to the terminal's clipboard
 *   through OSC 52 (osc52.ts) on the console's own output — over `vigil share`, the viewer's;
 * - `o` open the link (links.ts) in a browser where there is one, else show it;
 * - `s` on an open result: its screenshot, read from the service and drawn in this terminal by the
 *   console (ActEnv.showImage: kitty, iTerm2 or sixel while the console hands the terminal over), else saved
 *   to a private file that is named — over `vigil share` the command that draws it is shown instead.
 *
 * `t` (re-run and watch) and `u` (post an incident update) are actions.ts's and work.ts's.
 */
import { screenshotSource } from "../../api/check-results.ts";
import type { Client } from "../../api/client.ts";
import type { Service } from "../../contract/schemas/services.ts";
import { maskUrlCredentials } from "../../contract/secrets.ts";
import { errorLine } from "../data/loaders.ts";
import type { CheckSummary } from "../data/summary.ts";
import { apply, type ConsoleStore } from "../state.ts";
import type { Poller } from "../sync/poller.ts";
import { pingUrlOf } from "../triage/heartbeat-timeline.ts";
import { actionErrorLine } from "../view/messages.ts";
import type { Choice } from "../view/types.ts";
import { setActivity } from "../view/ui.ts";
import { createCheckEditActions } from "./check-edit.ts";
import type { Chooser } from "./choice.ts";
import { type CurlCheck, curlHidesSecrets, curlOf } from "./curl.ts";
import { browserOpener, linkOf, type Opener } from "./links.ts";
import { osc52 } from "./osc52.ts";
import { incidentPrefill } from "./prefill.ts";
import { actTarget, type PaneHooks, prefillCheckOf } from "./targets.ts";

/** Where the console runs: its terminal, its service, whether it is a viewer of `vigil share`. */
export type ActEnv = {
  /** The console's own output stream (OSC 52 goes there), and whether it is inside tmux. */
  terminal?: { write(data: string): void; tmux: boolean } | undefined;
  /** The web app's link template (`{checkId}`), from the profile's `webUrl` / VIGIL_WEB_URL. */
  webUrl?: string | undefined;
  /** The embedded or local service (no web app). */
  local?: boolean | undefined;
  /** A viewer of `vigil share`: never start a browser (it would open on the server). */
  shared?: boolean | undefined;
  platform?: string | undefined;
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Starts the browser (default: the command, detached); rejects when it cannot. */
  open?: ((o: Opener) => Promise<void>) | undefined;
  /** Hands the terminal to another program (`e`'s editor) while `run` runs (the console's mount). */
  suspend?: (<T>(run: () => T) => Promise<T>) | undefined;
  /**
   * Shows an image (PNG bytes) in this terminal, the console handing the terminal over until a key, or saves
   * it; resolves with the line that says which (src/cli/console-image.ts). Absent over `vigil share`.
   */
  showImage?: ((png: Uint8Array, title: string) => Promise<string>) | undefined;
};

export type ActDeps = {
  client: Client;
  /** What the shown pane selects (targets.ts). */
  panes: PaneHooks;
  store: ConsoleStore;
  poller: Poller | undefined;
  readOnly: boolean;
  confirm: (title: string, lines: string[], action: string, run: () => Promise<void>) => void;
  notice: (text: string | undefined) => void;
  choose: Chooser["choose"];
  /** Open the new-incident form with these values (work.ts); `services` picks from the list. */
  openNewIncidentWith: (
    values: { name: string; severity: string; description: string },
    services: (all: readonly Service[]) => string[],
  ) => void;
  env: ActEnv;
};

/** Start `o` detached; rejects when the command cannot be started (not installed). */
export function openDetached(o: Opener): Promise<void> {
  return new Promise((resolve, reject) => {
    // node:child_process when it is used, not when the console starts (see test/cli/console-start-graph.test.ts)
    const { spawn } = process.getBuiltinModule("node:child_process");
    const child = spawn(o.command, o.args, { detached: true, stdio: "ignore" });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}

const quoted = (name: string) => `"${name.length > 40 ? `${name.slice(0, 39)}…` : name}"`;
const listed = (names: string[]) =>
  names.length > 5 ? [...names.slice(0, 5), `… and ${names.length - 5} more`] : names;
const isHttp = (c: { checkType: string }) => c.checkType === "API" || c.checkType === "URL";

export function createActActions(deps: ActDeps) {
  const { client, store } = deps;
  const get = store.getState;
  const env = deps.env;
  const refused = (what: string) => {
    if (!deps.readOnly) return false;
    deps.notice(`read-only: ${what} is disabled`);
    return true;
  };

  /** The full check (request, headers): held by an open detail, else read now. */
  async function fullCheck(id: string): Promise<CurlCheck & { request?: { url?: unknown } | null }> {
    const held = get().details.checks.get(id);
    if (held) return held;
    return client.checks.get(id);
  }

  function copyText(what: string, text: string): void {
    const t = env.terminal;
    if (!t) {
      deps.notice("cannot copy: this console has no terminal to send the clipboard sequence to");
      return;
    }
    const r = osc52(text, { tmux: t.tmux });
    if (!r.ok) {
      deps.notice(`not copied: the ${what} is ${r.reason}`);
      return;
    }
    t.write(r.sequence);
    deps.notice(
      `copied ${what} (${r.bytes} bytes) to the clipboard via OSC 52 — your terminal must allow it`,
    );
  }

  /** Copy something of the full check (read first when not held). */
  function copyFromCheck(
    id: string,
    what: string,
    pick: (c: CurlCheck) => { text: string | undefined; what?: string },
  ) {
    const held = get().details.checks.get(id);
    const go = (c: CurlCheck) => {
      const r = pick(c);
      if (r.text === undefined || r.text === "") deps.notice(`nothing to copy: the check has no ${what}`);
      else copyText(r.what ?? what, r.text);
    };
    if (held) return go(held);
    deps.notice(`reading the check for its ${what}…`);
    fullCheck(id).then(go, (e) => deps.notice(`cannot read the check: ${errorLine(e)}`));
  }

  function linkFor(check: CheckSummary, resultId: string | undefined) {
    return linkOf({
      apiBase: client.http.baseUrl.replace(/\/+$/, ""),
      webUrl: env.webUrl,
      local: env.local === true,
      checkId: check.id,
      resultId,
    });
  }

  /** A link the console cannot open: shown, with `y` to copy it. */
  function showLink(url: string, why: string): void {
    deps.choose("Link", [why, url], [{ key: "y", label: "copy the link", detail: undefined }], () =>
      copyText("link", url),
    );
  }

  async function setMuted(checks: readonly CheckSummary[], muted: boolean): Promise<void> {
    const done: string[] = [];
    try {
      for (const c of checks) {
        await client.checks.update(c.id, c.checkType, { muted });
        done.push(c.name);
      }
    } catch (e) {
      const line = actionErrorLine(muted ? "mute" : "unmute", e);
      apply(store, setActivity(get(), { lastError: line, lastErrorAt: Date.now() }));
      deps.notice(done.length ? `${line} (${done.length} done before it)` : line);
    }
    if (done.length > 0) {
      if (done.length === checks.length)
        deps.notice(
          `${muted ? "muted" : "unmuted"} ${done.length === 1 ? quoted(done[0]!) : `${done.length} checks`}${muted ? " — it runs but sends no alerts until unmuted" : " — its alerts are sent again"}`,
        );
      // the row's marker follows the list: read it (and an open detail) again now
      deps.poller?.refreshJob("checks");
      for (const c of checks) deps.poller?.refreshJob(`check:${c.id}`);
      void deps.poller?.tick();
    }
  }

  return {
    // a activate / deactivate, e edit in $EDITOR (check-edit.ts)
    ...createCheckEditActions({
      client,
      store,
      panes: deps.panes,
      poller: deps.poller,
      confirm: deps.confirm,
      notice: deps.notice,
      refused,
      suspend: env.suspend,
      shared: env.shared === true,
      env: env.env ?? process.env,
    }),

    /** `m`: mute the check(s) — or unmute them when every one is muted — after a confirmation. */
    askMute() {
      if (refused("muting checks")) return;
      const t = actTarget(deps.panes, get());
      if (t.checks.length === 0) return deps.notice(t.none);
      const unmute = t.checks.every((c) => c.muted === true);
      const targets = unmute ? t.checks : t.checks.filter((c) => c.muted !== true);
      const one = targets.length === 1 ? quoted(targets[0]!.name) : `${targets.length} checks`;
      deps.confirm(
        `${unmute ? "Unmute" : "Mute"} ${one}?`,
        [
          ...(targets.length > 1 ? listed(targets.map((c) => c.name)) : []),
          unmute
            ? "Its alerts are sent again from the next run."
            : "It keeps running and showing its state, but sends no alerts until unmuted (m again).",
        ],
        unmute ? "unmute" : "mute",
        () => setMuted(targets, !unmute),
      );
    },

    /** `i`: the new-incident form for the check(s), filled in from what their results say. */
    openIncidentFor() {
      if (refused("opening incidents")) return;
      const s = get();
      const t = actTarget(deps.panes, s);
      if (t.checks.length === 0) return deps.notice(t.none);
      const checks = t.checks.map((c) => prefillCheckOf(s, c, t.result));
      const p = incidentPrefill(checks, s.services.items, s.checks.items);
      deps.openNewIncidentWith(
        { name: p.name, severity: p.severity, description: p.description },
        (all) => incidentPrefill(checks, all, get().checks.items).services,
      );
    },

    /**
     * `y` on the one-time panel (a new private location's raw key): copy the key, the panel stays — `y`
     * copies everywhere else, so it must not close the panel and drop the key unread.
     */
    copyOnce() {
      const secret = get().work.once?.secret;
      if (!secret) return deps.notice("nothing to copy: the service returned no key");
      copyText("key", secret);
    },

    /** `y`: what to copy of the selected check (and result). */
    askCopy() {
      const s = get();
      const t = actTarget(deps.panes, s, true);
      const c = t.checks[0];
      if (!c) return deps.notice(t.none);
      const result = t.result;
      const reason =
        (result ? prefillCheckOf(s, c, result).reason : undefined) ?? prefillCheckOf(s, c).reason;
      const held = s.details.checks.get(c.id);
      const url = held?.request?.url ? maskUrlCredentials(String(held.request.url)) : undefined;
      const curl = held ? curlOf(held) : undefined;
      const link = linkFor(c, result?.id);
      const options: (Choice & { run: () => void })[] = [
        { key: "i", label: "check id", detail: c.id, run: () => copyText("check id", c.id) },
      ];
      if (result)
        options.push({
          key: "I",
          label: "result id",
          detail: result.id,
          run: () => copyText("result id", result.id),
        });
      if (isHttp(c))
        options.push({
          key: "u",
          label: "request URL",
          detail: url ?? "(read from the service)",
          run: () =>
            copyFromCheck(c.id, "request URL", (x) => ({
              text: x.request?.url ? maskUrlCredentials(String(x.request.url)) : undefined,
            })),
        });
      // the ping URL at the local service's address now: one read before it moved is read again first
      const ping = pingUrlOf(held, s.activity);
      if (held?.heartbeat?.pingUrl)
        options.push({
          key: "p",
          label: "ping URL",
          detail: ping.url
            ? `${ping.url}${ping.note ? "  ⚠ not the service's usual address" : ""}`
            : "(read from the service)",
          run: () => {
            if (ping.url) return copyText("ping URL", ping.url);
            deps.notice("reading the check for its ping URL…");
            client.checks.get(c.id).then(
              (x) => {
                const now = pingUrlOf(x, get().activity).url;
                if (now) copyText("ping URL", now);
                else if (x.heartbeat?.pingUrl)
                  deps.notice("not copied: the service moved again while the check was read — try again");
                else deps.notice("nothing to copy: the check has no ping URL");
              },
              (e) => deps.notice(`cannot read the check: ${errorLine(e)}`),
            );
          },
        });
      if (reason)
        options.push({ key: "r", label: "reason", detail: reason, run: () => copyText("reason", reason) });
      if (isHttp(c))
        options.push({
          key: "c",
          label: "curl (secrets masked)",
          detail: curl ?? "(read from the service)",
          run: () =>
            // masked values read `...abcd` / `****`: the notice says so (put the real ones back to run it)
            copyFromCheck(c.id, "curl", (x) => ({
              text: curlOf(x),
              what: curlHidesSecrets(x) ? "curl with secrets masked" : "curl",
            })),
        });
      options.push({
        key: "l",
        label: link.kind === "web" ? "web link" : "API URL",
        detail: link.url,
        run: () => copyText(link.kind === "web" ? "web link" : "API URL", link.url),
      });
      deps.choose(
        `Copy (${c.name})`,
        ["to your terminal's clipboard, through OSC 52"],
        options.map(({ run: _run, ...o }) => o),
        (i) => options[i]?.run(),
      );
    },

    /** `o`: open the check's (or result's) link in a browser where there is one, else show it. */
    openLink() {
      const t = actTarget(deps.panes, get(), true);
      const c = t.checks[0];
      if (!c) return deps.notice(t.none);
      const link = linkFor(c, t.result?.id);
      if (link.kind === "api") return showLink(link.url, link.why);
      const how = browserOpener(link.url, {
        shared: env.shared === true,
        platform: env.platform ?? process.platform,
        env: env.env ?? process.env,
      });
      if ("why" in how) return showLink(link.url, `not opened (${how.why})`);
      deps.notice(`opening ${link.url} in your browser…`);
      (env.open ?? openDetached)(how).then(
        () => deps.notice(`opened ${link.url} in your browser`),
        (e) => showLink(link.url, `cannot start ${how.command}: ${errorLine(e)}`),
      );
    },

    /** `s` on an open result: its screenshot drawn here (env.showImage), else where it is and how to draw it. */
    screenshot() {
      const s = get();
      // the result the shown pane selects (the results pane: the open one), as read whole
      const t = actTarget(deps.panes, s, true);
      const checkId = t.checks[0]?.id;
      const result = t.result ? s.history.full.get(t.result.id)?.result : undefined;
      if (checkId === undefined || !result)
        return deps.notice("no result open: Enter on a result first, then s shows its screenshot");
      if (!screenshotSource(result))
        return deps.notice("this result has no screenshot (a failed browser or multi-step run keeps one)");
      const command = `vigil results show ${checkId} ${result.id} --screenshot`;
      const show = env.showImage;
      if (!show) return deps.notice(`the screenshot is drawn by a local console or \`${command}\``);
      deps.notice("reading the screenshot…");
      client.checkResults
        .screenshot(checkId, result.id, { result })
        .then((png) => show(png, `screenshot of result ${result.id}`))
        .then(
          (line) => deps.notice(line),
          (e) => deps.notice(`cannot show the screenshot: ${errorLine(e)}`),
        );
    },

    copyText,
  };
}

export type ActActions = ReturnType<typeof createActActions>;
