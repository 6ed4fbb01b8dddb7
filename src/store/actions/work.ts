/**
 * The keys of panes 5–8 that open forms and panels: `n` (new incident; new private location on pane 8),
 * `u` (update the selected — or the latest open — incident), `e` (edit the selected update; edit the
 * status page), `s` (severity / name / services of the incident), the drafts offer after a restart
 * (drafts.ts), `v` (reveal a channel's secrets) and `a` (the webhook preview's alert type; both in
 * panel.ts).
 *
 * `u` never waits: when the incidents are not loaded yet (launch, then `5`, `u` typed at once) the form
 * opens at once and its target is filled in when the list arrives, so the text typed meanwhile lands in
 * the form and not on pane keys.
 */
import type { Client } from "../../api/client.ts";
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { Service } from "../../contract/schemas/services.ts";
import { latestOpenIncident, openIncidentsNewestFirst, stub } from "../data/incidents.ts";
import { errorLine } from "../data/loaders.ts";
import { listLoaded } from "../data/slices.ts";
import type { Draft, DraftStore, DraftValues } from "../forms/drafts.ts";
import { rebased } from "../forms/fresh.ts";
import { incidentValues } from "../forms/kinds/incident-edit.ts";
import { createSenders, FORM_KINDS, isDraftKind } from "../forms/kinds/index.ts";
import { pageOf, pageValues } from "../forms/kinds/page-edit.ts";
import { latestUpdate, serviceOptions } from "../forms/rules.ts";
import { type FormState, readsServices, withOptions } from "../forms/types.ts";
import { validateForm } from "../forms/validate.ts";
import { apply } from "../state.ts";
import { incidentRead, pageRead } from "../view/work.ts";
import type { Chooser } from "./choice.ts";
import { needsIncident, routedTo, routeUpdate } from "./draft-route.ts";
import { createDraftActions, restoreDraft } from "./drafts.ts";
import { createFormActions, type FormDeps } from "./form.ts";
import { createPanelActions } from "./panel.ts";
import { type PaneHooks, targetIncident } from "./targets.ts";

export type WorkDeps = Omit<FormDeps, "drafts"> & {
  client: Client;
  drafts: DraftStore;
  /** A small menu (store/actions/choice.ts): which incident an update typed with none goes to. */
  choose?: Chooser["choose"];
  /** What the shown pane selects, where to show an incident (targets.ts). */
  panes: PaneHooks;
};

/** The note of a form `i` filled in (act/prefill.ts). */
export const PREFILLED_NOTE = "filled in from the check — change anything, then Enter";

export function createWorkActions(deps: WorkDeps) {
  const { client, store, drafts } = deps;
  const get = store.getState;
  const senders = createSenders({
    client,
    store,
    drafts,
    now: deps.now,
    showIncident: deps.panes.showIncident,
  });
  const forms = createFormActions(deps, senders);
  const { incident, update, "update-edit": updateEdit, "incident-edit": incidentEdit } = FORM_KINDS;

  // The services list arrives (or changes) while a picker is open: refresh its options, keeping the
  // incident's own services that the list may not hold.
  store.subscribe((s, prev) => {
    const f = s.work.form;
    if (s.services === prev.services || !f || !readsServices(f)) return;
    const fresh = serviceOptions(s.services.items);
    const ids = new Set(fresh.map((o) => o.id));
    let next = f;
    for (const field of f.fields)
      if (field.type === "multi" && field.fromServices)
        next = withOptions(next, field.key, [...fresh, ...field.options.filter((o) => !ids.has(o.id))]);
    forms.show(next);
  });

  const refused = (what: string) => {
    if (!deps.readOnly) return false;
    deps.notice(`read-only: ${what} is disabled`);
    return true;
  };

  /** Load the services for a form's picker when they are not there yet. */
  async function ensureServices(): Promise<void> {
    if (get().services.loadedAt !== undefined) return;
    try {
      const items = await client.services.listAll({ maxItems: 1000 });
      // the subscription above refreshes an open picker
      apply(store, listLoaded("services", items, deps.now()));
    } catch (e) {
      deps.notice(`services: ${errorLine(e)}`);
    }
  }

  const { keptDraft, openDraft, offerDrafts } = createDraftActions(deps, forms, ensureServices);

  /**
   * The fresh read of what the form `opened` edits arrived: if it is still that form, being edited, the
   * fields not changed yet take it (fresh.ts `rebased`); `fields` brings new options (a page's services).
   */
  function rebase(opened: FormState, now: DraftValues, fields?: FormState["fields"]): void {
    const f = get().work.form;
    // the draft is made at the first change: a form typed into meanwhile is still that form
    const same = opened.draftId === undefined || f?.draftId === opened.draftId;
    if (!f || f.kind !== opened.kind || !same || f.phase !== "edit") return;
    if (JSON.stringify(f.target) !== JSON.stringify(opened.target)) return;
    forms.show(rebased(fields ? { ...f, fields } : f, now));
  }

  /** The form of `kind`, with its kept draft put back when there is one (the same key reopens it). */
  function withKept(form: FormState): FormState {
    return isDraftKind(form.kind) ? restoreDraft(form, keptDraft(form.kind, form.target)) : form;
  }

  function openUpdateFor(inc: Incident): void {
    forms.show(withKept(update.open(inc)));
  }

  /** `u` with no incident known yet: open now, fill the target when the list arrives. */
  async function resolveLatestOpen(): Promise<void> {
    try {
      const page = await client.incidents.list({ limit: 100 });
      apply(store, listLoaded("incidents", page.entries, deps.now()));
    } catch (e) {
      const f = get().work.form;
      if (f?.kind === "update" && !f.target.incidentId)
        forms.show({ ...f, note: `cannot read the incidents: ${errorLine(e)}` });
      return;
    }
    const f = get().work.form;
    if (f?.kind !== "update" || f.target.incidentId) return;
    const inc = latestOpenIncident(get());
    if (!inc) {
      forms.show({
        ...f,
        note: "no open incident yet — type the update: Enter sends it to the one you open (n, or i on a check) or pick",
      });
      return;
    }
    const base = withKept(update.open(inc));
    // what was typed meanwhile wins over the defaults (and over a kept draft)
    const typed = Object.fromEntries(f.touched.map((k) => [k, f.values[k]!]));
    // one draft: the kept one of that incident if any (the one started meanwhile merges into it)
    if (base.draftId && f.draftId && base.draftId !== f.draftId) drafts.remove(f.draftId);
    forms.formChange({
      ...base,
      draftId: base.draftId ?? f.draftId,
      values: { ...base.values, ...typed },
      touched: f.touched,
      focus: f.focus,
    });
    if (f.submitWhenReady) forms.formSubmit();
  }

  /**
   * Enter on an update typed with no incident (act/draft-route.ts): read which incidents are open now,
   * then send it to the only one, ask which one, or keep it (none open). The target goes into the draft
   * before anything is sent, so its never-send-twice record belongs to that incident.
   */
  async function routeAndSubmit(f: FormState): Promise<void> {
    try {
      const page = await client.incidents.list({ limit: 100 });
      apply(store, listLoaded("incidents", page.entries, deps.now()));
    } catch {
      // the incidents held decide
    }
    const cur = get().work.form;
    if (cur?.kind !== "update" || cur.draftId !== f.draftId || !needsIncident(cur)) return;
    const route = routeUpdate(cur, openIncidentsNewestFirst(get()));
    const sendTo = (inc: Incident) => {
      const now = get().work.form;
      if (!now || now.draftId !== cur.draftId || !needsIncident(now)) return;
      forms.formChange(routedTo(now, inc));
      forms.formSubmit();
    };
    switch (route.kind) {
      case "as-is":
        return forms.formSubmit();
      case "to":
        return sendTo(route.incident);
      case "none":
        forms.show({ ...cur, showErrors: true, phase: "failed", message: route.message });
        return;
      case "ask": {
        if (!deps.choose) return forms.show({ ...cur, phase: "failed", message: "pick the incident first" });
        const text = String(cur.values.description ?? "").trim();
        deps.choose(
          "Post this update to which open incident?",
          [text.length > 70 ? `${text.slice(0, 69)}…` : text],
          route.incidents.map((i, n) => ({
            key: n < 9 ? String(n + 1) : undefined,
            label: i.name,
            detail: `${i.severity} · ${i.lastUpdateStatus ?? "open"}`,
          })),
          (n) => {
            const inc = route.incidents[n];
            if (inc) sendTo(inc);
          },
        );
      }
    }
  }

  return {
    ...forms,
    ...createPanelActions(deps),

    /** Enter on a form (keys-form.ts): an update with no incident is routed first (routeAndSubmit). */
    formSubmit() {
      const f = get().work.form;
      const route =
        f !== undefined &&
        !deps.readOnly &&
        needsIncident(f) &&
        !f.note?.startsWith("looking") &&
        f.phase !== "sending" &&
        Object.keys(validateForm(f)).length === 0;
      if (!route) return forms.formSubmit();
      void routeAndSubmit(f);
    },

    /**
     * `i`: the new-incident form with these values and the services `pick` chooses (again when the
     * services list arrives, unless changed meanwhile). A kept incident draft is reopened instead: what
     * was typed is never replaced.
     */
    openNewIncidentWith(
      values: { name: string; severity: string; description: string },
      pick: (all: readonly Service[]) => string[],
    ): void {
      if (refused("opening incidents")) return;
      const base = incident.open(get().services.items);
      const kept = keptDraft("incident", base.target);
      void ensureServices().then(() => {
        const f = get().work.form;
        if (kept || f?.kind !== "incident" || f.note !== PREFILLED_NOTE || f.touched.includes("services"))
          return;
        forms.show({ ...f, values: { ...f.values, services: pick(get().services.items) } });
      });
      if (kept) {
        forms.show(restoreDraft(base, kept));
        deps.notice(
          "a kept draft of a new incident was reopened (Ctrl-D discards it, then i fills the form in)",
        );
        return;
      }
      forms.show({
        ...base,
        values: { ...base.values, ...values, services: pick(get().services.items) },
        note: PREFILLED_NOTE,
      });
    },

    openDraft,
    offerDrafts,

    openNewIncident(): void {
      if (refused("creating incidents")) return;
      forms.show(withKept(incident.open(get().services.items)));
      void ensureServices();
    },

    /**
     * `u`: the incident the pane selects, else the latest open one. A RESOLVED incident left under a
     * list's cursor is not where the fast path (`5 u text Enter y`) posts while another is open: the
     * latest open one is, and the form says so (an incident's detail — Enter on it — posts to that one,
     * resolved or not; its confirmation says it is resolved).
     */
    openUpdate() {
      if (refused("posting incident updates")) return;
      const s = get();
      const inc = targetIncident(deps.panes, s);
      const inDetail = deps.panes.selects(s).incidentOpened?.(s) === true;
      const open = latestOpenIncident(s);
      if (inc && inc.lastUpdateStatus === "RESOLVED" && !inDetail && open && open.id !== inc.id) {
        const f = withKept(update.open(open));
        return forms.show({
          ...f,
          note:
            f.note ??
            `"${inc.name}" (selected) is resolved: this goes to the open incident — to post to the resolved one, open it (Enter) and press u`,
        });
      }
      if (inc) return openUpdateFor(inc);
      forms.show({
        ...update.open(stub({ target: { label: "the latest open incident" } } as Draft)),
        target: {},
        title: "Update the latest open incident",
        note: "looking for the latest open incident…",
      });
      void resolveLatestOpen();
    },

    openEditUpdate() {
      if (refused("editing incident updates")) return;
      const s = get();
      const selects = deps.panes.selects(s);
      const inc = selects.incident?.(s);
      if (!inc) return deps.notice("no incident selected");
      const u = selects.update?.(s, inc) ?? latestUpdate(inc);
      if (!u?.id) return deps.notice("this incident has no update to edit");
      forms.show(withKept(updateEdit.open(inc, u)));
    },

    openEditIncident() {
      if (refused("editing incidents")) return;
      const s = get();
      const inc = deps.panes.selects(s).incident?.(s);
      if (!inc) return deps.notice("no incident selected");
      const form = withKept(incidentEdit.open(inc, s.services.items));
      forms.show(form);
      void ensureServices();
      // opened from the copy held: read afresh, the fields not changed yet show what is (Enter reads again)
      void client.incidents
        .get(inc.id)
        .then((fresh) => {
          apply(store, incidentRead(get(), fresh));
          rebase(form, incidentValues(fresh));
        })
        .catch(() => undefined); // Enter reads it again and says why when it cannot
    },

    openPageEdit() {
      if (refused("editing status pages")) return;
      const s = get();
      const page = pageOf(store, deps.panes.selects(s).page?.(s));
      if (!page) return deps.notice("no status page selected");
      const form = withKept(FORM_KINDS["page-edit"].open(page));
      forms.show(form);
      void client.statusPages
        .get(page.id)
        .then((fresh) => {
          apply(store, pageRead(get(), fresh));
          const opened = FORM_KINDS["page-edit"].open(fresh);
          rebase(form, pageValues(fresh), opened.fields);
        })
        .catch(() => undefined);
    },

    openNewLocation(): void {
      if (refused("creating private locations")) return;
      forms.show(FORM_KINDS.location.open());
    },
  };
}

export type WorkActions = ReturnType<typeof createWorkActions>;
