/**
 * Actions the keys call that do more than change the UI slice: refresh, trigger (selected/marked checks or
 * a tag expression, always after a confirmation), following the sessions they start, and the analytics
 * custom window. Mutations are refused in read-only mode before anything is asked or sent (the client
 * refuses them too).
 */
import type { Client } from "../../api/client.ts";
import { formatTagExpression, parseTagExpression } from "../../api/tag-expression.ts";
import { isPassive } from "../../contract/check-types.ts";
import { matchesTags } from "../../contract/tags.ts";
import { errorLine } from "../data/loaders.ts";
import { sessionsStarted } from "../data/sessions.ts";
import { type Caps, DEFAULT_CAPS } from "../data/types.ts";
import { type DraftStore, memoryDraftStore } from "../forms/drafts.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { type FollowOptions, followSession } from "../sync/follow.ts";
import type { Poller } from "../sync/poller.ts";
import { actionErrorLine } from "../view/messages.ts";
import { clearMarks, setActivity, setAnalytics, setNotice, setOverlay } from "../view/ui.ts";
import { type ActEnv, createActActions } from "./act.ts";
import { createChooser } from "./choice.ts";
import { actTarget, type PaneHooks } from "./targets.ts";
import { createWorkActions } from "./work.ts";

export type ActionsOptions = {
  readOnly: boolean;
  caps?: Caps;
  now?: () => number;
  follow?: FollowOptions;
  /** Where incident / update / page drafts are kept (default: in memory only). */
  drafts?: DraftStore;
  /** Which service the drafts belong to (default: the client's base URL). */
  draftScope?: string;
  /** The terminal, web link and display the act keys use (`y` copy, `o` open: store/actions/). */
  act?: ActEnv;
  /**
   * The panes as the actions see them: what the shown one selects (the act keys' checks, the incident
   * `u` updates), where to show the sessions a trigger started (targets.ts; the console's and share's
   * runtime pass the registry's, src/tui/panes/selects.ts; NO_PANES for none).
   */
  panes: PaneHooks;
};

/** Parse the analytics custom window: `FROM TO` (ISO dates or date-times) or a span back from now (`6h`, `3d`, `90m`). */
export function parseWindow(text: string, nowMs: number): { from: number; to: number } | string {
  const t = text.trim();
  const span = /^(\d+)\s*(m|min|h|d)$/i.exec(t);
  if (span) {
    const n = Number(span[1]);
    const unit = span[2]!.toLowerCase();
    const sec = n * (unit === "d" ? 86_400 : unit === "h" ? 3600 : 60);
    if (sec <= 0) return "the span must be positive";
    const to = Math.floor(nowMs / 1000);
    return { from: to - sec, to };
  }
  const parts = t.split(/\s+(?:to\s+|\.\.\s*)?|\s*\.\.\s*/).filter(Boolean);
  if (parts.length !== 2) return "write FROM TO (e.g. 2026-11-01 2026-11-08) or a span like 6h, 3d";
  const [a, b] = parts.map((p) => Date.parse(p));
  if (!Number.isFinite(a) || !Number.isFinite(b))
    return "FROM and TO must be dates (YYYY-MM-DD or ISO date-times)";
  if (a! >= b!) return "FROM must be before TO";
  return { from: Math.floor(a! / 1000), to: Math.floor(b! / 1000) };
}

export function createActions(
  client: Client,
  store: ConsoleStore,
  poller: Poller | undefined,
  opts: ActionsOptions,
) {
  const caps = opts.caps ?? DEFAULT_CAPS;
  const now = opts.now ?? Date.now;
  const abort = new AbortController();
  const followers = new Set<Promise<void>>();
  let pending: (() => Promise<void>) | undefined;
  const get = store.getState;
  const panes = opts.panes;

  const notice = (text: string | undefined) => apply(store, setNotice(get(), text));
  const readOnlyRefusal = (what: string): boolean => {
    if (!opts.readOnly) return false;
    notice(`read-only: ${what} is disabled`);
    return true;
  };

  function confirm(
    title: string,
    lines: string[],
    action: string,
    run: () => Promise<void>,
    careful = false,
  ): void {
    pending = run;
    apply(
      store,
      setOverlay(get(), { kind: "confirm", title, lines, action, ...(careful ? { careful } : {}) }),
    );
  }

  const chooser = createChooser(store);
  const work = createWorkActions({
    client,
    store,
    drafts: opts.drafts ?? memoryDraftStore(),
    scope: opts.draftScope ?? client.http.baseUrl,
    readOnly: opts.readOnly,
    now,
    confirm,
    notice,
    choose: chooser.choose,
    panes,
  });
  const act = createActActions({
    client,
    store,
    poller,
    panes,
    readOnly: opts.readOnly,
    confirm,
    notice,
    choose: chooser.choose,
    openNewIncidentWith: work.openNewIncidentWith,
    env: opts.act ?? {},
  });
  const writes = new Set<Promise<void>>();

  async function trigger(
    input: { checkId?: string[]; matchTags?: string[][] },
    label: string,
  ): Promise<void> {
    try {
      const { sessions } = await client.checkSessions.trigger(input);
      apply(store, sessionsStarted(get(), sessions, now(), caps));
      apply(store, clearMarks(get()));
      // the new sessions are at the top: they are shown with the cursor there
      panes.showSessions(store);
      notice(`${sessions.length} session${sessions.length === 1 ? "" : "s"} started (${label})`);
      for (const s of sessions) follow(s.checkSessionId);
    } catch (e) {
      apply(store, setActivity(get(), { lastError: actionErrorLine("trigger", e), lastErrorAt: now() }));
    }
  }

  function follow(id: string): void {
    const p = followSession(client, store, id, abort.signal, opts.follow).finally(() => followers.delete(p));
    followers.add(p);
  }

  function tagHint(text: string): { hint: string | undefined; error: string | undefined; count: number } {
    if (text.trim() === "") return { hint: "e.g. prod,api !flaky | staging", error: undefined, count: 0 };
    try {
      const mt = parseTagExpression(text);
      const matching = get().checks.items.filter((c) => matchesTags(c.tags ?? [], mt));
      const count = matching.filter((c) => !isPassive(c.checkType) && c.activated !== false).length;
      // the ones the tags name that do not run on demand are said, not left out of a count that reads "0"
      const idle = matching.length - count;
      const checks = count === 1 ? "1 check" : `${count} checks`;
      const match = count === 1 ? "matches" : "match";
      return {
        hint:
          idle === 0
            ? `${checks} ${match} ${formatTagExpression(mt)}`
            : `${checks} to run ${match} ${formatTagExpression(mt)} (${idle} more ${idle === 1 ? "does" : "do"} not run on demand: heartbeat or deactivated)`,
        error: undefined,
        count,
      };
    } catch (e) {
      return { hint: undefined, error: errorLine(e), count: 0 };
    }
  }

  return {
    ...work,
    ...act,
    chooseKey: chooser.chooseKey,

    refresh(): void {
      poller?.refreshNow();
      notice("refreshing…");
    },

    /**
     * `t`: confirm, then trigger the marked checks, else the one under the checks cursor — or the checks
     * `ids` names (the overview's selected check).
     */
    askTrigger(ids?: readonly string[]): void {
      if (readOnlyRefusal("triggering")) return;
      const s = get();
      const chosen = ids
        ? ids.map((id) => s.checks.byId.get(id)).filter((c) => c !== undefined)
        : actTarget(panes, s).checks;
      const targets = chosen.filter((c) => !isPassive(c.checkType));
      if (targets.length === 0) {
        notice("nothing to trigger (heartbeat checks are passive)");
        return;
      }
      const names = targets.map((c) => c.name);
      confirm(
        `Trigger ${targets.length} check${targets.length === 1 ? "" : "s"}?`,
        names.length > 5 ? [...names.slice(0, 5), `… and ${names.length - 5} more`] : names,
        "trigger",
        () =>
          trigger(
            { checkId: targets.map((c) => c.id) },
            targets.length === 1 ? names[0]! : `${targets.length} checks`,
          ),
      );
    },

    /** `T`: ask for a tag expression. */
    askTagTrigger(): void {
      if (readOnlyRefusal("triggering")) return;
      const h = tagHint("");
      apply(
        store,
        setOverlay(get(), {
          kind: "prompt",
          purpose: "tags",
          title: "Trigger by tags",
          text: "",
          hint: h.hint,
          error: undefined,
        }),
      );
    },

    /** `c` in analytics: ask for a custom window. */
    askRange(): void {
      apply(
        store,
        setOverlay(get(), {
          kind: "prompt",
          purpose: "range",
          title: "Analytics window",
          text: "",
          hint: "FROM TO (2026-11-01 2026-11-08, ISO date-times) or a span back from now: 6h, 3d, 90m",
          error: undefined,
        }),
      );
    },

    promptChange(text: string): void {
      const o = get().ui.overlay;
      if (o.kind !== "prompt") return;
      const h = o.purpose === "tags" ? tagHint(text) : { hint: o.hint, error: undefined };
      apply(store, setOverlay(get(), { ...o, text, hint: h.hint, error: h.error }));
    },

    promptSubmit(): void {
      const o = get().ui.overlay;
      if (o.kind !== "prompt") return;
      if (o.purpose === "range") {
        const w = parseWindow(o.text, now());
        if (typeof w === "string") {
          apply(store, setOverlay(get(), { ...o, error: w }));
          return;
        }
        apply(store, setOverlay(get(), { kind: "none" }));
        apply(store, setAnalytics(get(), { range: "custom", from: w.from, to: w.to }));
        return;
      }
      const h = tagHint(o.text);
      if (h.error || o.text.trim() === "") {
        apply(store, setOverlay(get(), { ...o, error: h.error ?? "type a tag expression" }));
        return;
      }
      if (readOnlyRefusal("triggering")) return;
      const mt = parseTagExpression(o.text);
      const expr = formatTagExpression(mt);
      // nothing to confirm when the whole list is held and no check it holds matches
      const list = get().checks;
      const whole =
        list.loadedAt !== undefined &&
        !list.loading &&
        (list.total === undefined || list.items.length >= list.total);
      if (h.count === 0 && whole) {
        const error = `no check matches ${expr} — nothing to trigger (heartbeat and deactivated checks do not run on demand)`;
        apply(store, setOverlay(get(), { ...o, error }));
        return;
      }
      confirm(`Trigger checks matching ${expr}?`, [h.hint ?? ""], "trigger-tags", () =>
        trigger({ matchTags: mt }, expr),
      );
    },

    /** `y` / Enter on a confirmation. */
    confirmYes(): void {
      const run = pending;
      pending = undefined;
      apply(store, setOverlay(get(), { kind: "none" }));
      if (run && !opts.readOnly) {
        const p = run().finally(() => writes.delete(p));
        writes.add(p);
      }
    },

    cancelOverlay(): void {
      pending = undefined;
      apply(store, setOverlay(get(), { kind: "none" }));
    },

    /** Stop following sessions (quit). */
    async stop(): Promise<void> {
      abort.abort();
      // writes in flight are not awaited: their drafts are on disk already
      await Promise.allSettled([...followers]);
    },

    /** For tests: settle when every followed session is done. */
    async idle(): Promise<void> {
      while (followers.size > 0 || writes.size > 0 || work.checking().length > 0)
        await Promise.allSettled([...followers, ...writes, ...work.checking()]);
    },
  };
}

export type Actions = ReturnType<typeof createActions>;
