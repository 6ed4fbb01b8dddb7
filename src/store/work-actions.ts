/**
 * The keys of panes 5–8 that open forms and panels: `n` (new incident; new private location on pane 8),
 * `u` (update the selected — or the latest open — incident), `e` (edit the selected update; edit the
 * status page), `s` (severity / name / services of the incident), the drafts offer after a restart,
 * `v` (reveal a channel's secrets) and `a` (the webhook preview's alert type).
 *
 * `u` never waits: when the incidents are not loaded yet (launch, then `5`, `u` typed at once) the form
 * opens at once and its target is filled in when the list arrives, so the text typed meanwhile lands in
 * the form and not on pane keys.
 */
import type { Client } from "../api/client.ts";
import type { Incident } from "../api/schemas/incidents.ts";
import { ALERT_TYPES } from "../service/alerts/webhook/variables.ts";
import { createConfigSenders, pageOf } from "./config-send.ts";
import type { Draft, DraftStore } from "./drafts.ts";
import { createFormActions, type FormDeps } from "./form-actions.ts";
import {
  editIncidentForm,
  editUpdateForm,
  latestUpdate,
  locationForm,
  newIncidentForm,
  pageEditForm,
  serviceOptions,
  updateForm,
} from "./form-rules.ts";
import { type FormState, withOptions } from "./forms.ts";
import { createIncidentSenders } from "./incident-send.ts";
import { latestOpenIncident, selectedUpdate, stub, targetIncident } from "./incident-targets.ts";
import { cursorId } from "./lists.ts";
import { errorLine } from "./loaders.ts";
import { listLoaded } from "./slices/data.ts";
import { setAlertType, setOnce, setRevealed } from "./slices/work.ts";
import { apply } from "./store.ts";

export type WorkDeps = Omit<FormDeps, "drafts"> & { client: Client; drafts: DraftStore };

export function createWorkActions(deps: WorkDeps) {
  const { client, store, drafts } = deps;
  const get = store.getState;
  const senders = {
    ...createIncidentSenders({ client, store, drafts, now: deps.now }),
    ...createConfigSenders({ client, store, now: deps.now }),
  };
  const forms = createFormActions(deps, senders);

  // The services list arrives (or changes) while a picker is open: refresh its options, keeping the
  // incident's own services that the list may not hold.
  store.subscribe((s, prev) => {
    const f = s.work.form;
    if (s.services === prev.services || !f || (f.kind !== "incident" && f.kind !== "incident-edit")) return;
    const field = f.fields.find((x) => x.key === "services");
    const old = field?.type === "multi" ? field.options : [];
    const fresh = serviceOptions(s.services.items);
    const ids = new Set(fresh.map((o) => o.id));
    forms.show(withOptions(f, "services", [...fresh, ...old.filter((o) => !ids.has(o.id))]));
  });

  const refused = (what: string) => {
    if (!deps.readOnly) return false;
    deps.notice(`read-only: ${what} is disabled`);
    return true;
  };

  /** The kept draft for this form, if any (same kind and target). */
  function keptDraft(kind: Draft["kind"], match: (d: Draft) => boolean): Draft | undefined {
    try {
      return drafts.list(deps.scope).find((d) => d.kind === kind && match(d));
    } catch {
      return undefined;
    }
  }

  function restore(form: FormState, d: Draft | undefined): FormState {
    if (!d) return form;
    const when = new Date(d.savedAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    const note = d.sent
      ? `recovered draft (${when}): it was sent but no answer came — it is checked before any re-send`
      : `recovered draft from ${when}, not sent yet`;
    return { ...form, values: { ...form.values, ...d.values }, draftId: d.id, note };
  }

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

  function openUpdateFor(inc: Incident): void {
    forms.show(
      restore(
        updateForm(inc),
        keptDraft("update", (d) => d.target.incidentId === inc.id),
      ),
    );
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
      forms.show({ ...f, note: "no open incident — Esc, then n creates one" });
      return;
    }
    const base = restore(
      updateForm(inc),
      keptDraft("update", (d) => d.target.incidentId === inc.id),
    );
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

  function openDraft(id: string): void {
    const d = drafts.get(id);
    if (!d) return;
    const s = get();
    const inc = d.target.incidentId
      ? (s.details.incidents.get(d.target.incidentId) ??
        s.incidents.items.find((i) => i.id === d.target.incidentId) ??
        stub(d))
      : stub(d);
    let form: FormState;
    switch (d.kind) {
      case "incident":
        form = newIncidentForm(s.services.items);
        void ensureServices();
        break;
      case "update":
        form = updateForm(inc);
        break;
      case "update-edit":
        form = editUpdateForm(inc, { id: d.target.updateId });
        break;
      case "incident-edit":
        form = editIncidentForm(inc, s.services.items);
        void ensureServices();
        break;
      case "page-edit": {
        const page = pageOf(store, d.target.pageId) ?? {
          id: d.target.pageId ?? "",
          name: d.target.label ?? "",
          url: "",
          cards: [],
        };
        form = pageEditForm(page);
        break;
      }
    }
    forms.show(restore({ ...form, target: { ...form.target, ...d.target } }, d));
  }

  return {
    ...forms,
    openDraft,

    openNewIncident(): void {
      if (refused("creating incidents")) return;
      forms.show(
        restore(
          newIncidentForm(get().services.items),
          keptDraft("incident", () => true),
        ),
      );
      void ensureServices();
    },

    openUpdate() {
      if (refused("posting incident updates")) return;
      const inc = targetIncident(get());
      if (inc) return openUpdateFor(inc);
      forms.show({
        ...updateForm(stub({ target: { label: "the latest open incident" } } as Draft)),
        target: {},
        title: "Update the latest open incident",
        note: "looking for the latest open incident…",
      });
      void resolveLatestOpen();
    },

    openEditUpdate() {
      if (refused("editing incident updates")) return;
      const s = get();
      const id = s.ui.detail.incidents ?? cursorId(s, "incidents");
      const inc = id
        ? (s.details.incidents.get(id) ?? s.incidents.items.find((i) => i.id === id))
        : undefined;
      if (!inc) return deps.notice("no incident selected");
      const u = s.ui.detail.incidents ? selectedUpdate(s, inc) : latestUpdate(inc);
      if (!u?.id) return deps.notice("this incident has no update to edit");
      const form = editUpdateForm(inc, u);
      forms.show(
        restore(
          form,
          keptDraft("update-edit", (d) => d.target.updateId === u.id),
        ),
      );
    },

    openEditIncident() {
      if (refused("editing incidents")) return;
      const s = get();
      const id = s.ui.detail.incidents ?? cursorId(s, "incidents");
      const inc = id
        ? (s.details.incidents.get(id) ?? s.incidents.items.find((i) => i.id === id))
        : undefined;
      if (!inc) return deps.notice("no incident selected");
      const form = editIncidentForm(inc, s.services.items);
      forms.show(
        restore(
          form,
          keptDraft("incident-edit", (d) => d.target.incidentId === inc.id),
        ),
      );
      void ensureServices();
    },

    openPageEdit() {
      if (refused("editing status pages")) return;
      const s = get();
      const page = pageOf(store, s.ui.detail.pages ?? cursorId(s, "pages"));
      if (!page) return deps.notice("no status page selected");
      const form = pageEditForm(page);
      forms.show(
        restore(
          form,
          keptDraft("page-edit", (d) => d.target.pageId === page.id),
        ),
      );
    },

    openNewLocation(): void {
      if (refused("creating private locations")) return;
      forms.show(locationForm());
    },

    /** Drop the one-time panel (and the secret with it). */
    dismissOnce(): void {
      apply(store, setOnce(get(), undefined));
    },

    /** `v` on an alert channel detail: show / hide its secrets (never in read-only mode). */
    toggleReveal(id: string): void {
      if (deps.readOnly) {
        deps.notice("read-only: secrets stay masked");
        return;
      }
      apply(store, setRevealed(get(), get().work.revealed === id ? undefined : id));
    },

    /** `a` on a WEBHOOK channel detail: the next alert type of the body preview. */
    nextAlertType(): void {
      const i = (ALERT_TYPES as readonly string[]).indexOf(get().work.alertType);
      apply(store, setAlertType(get(), ALERT_TYPES[(i + 1) % ALERT_TYPES.length] ?? "ALERT_FAILURE"));
    },

    /** After a start: offer the newest pending draft of this service (the others: `:drafts`). */
    offerDrafts(): void {
      forms.countDrafts();
      let all: Draft[];
      try {
        all = drafts.list(deps.scope);
      } catch {
        return;
      }
      const d = all[0];
      if (!d || get().work.form) return;
      const what =
        d.kind === "incident"
          ? `new incident "${String(d.values.name ?? "")}"`
          : d.kind === "page-edit"
            ? `status page "${d.target.label ?? ""}"`
            : `${d.kind === "update" ? "update" : d.kind === "update-edit" ? "edit of an update" : "change"} to "${d.target.label ?? "an incident"}"`;
      const text = typeof d.values.description === "string" ? d.values.description : "";
      deps.confirm(
        `Resume the unsent draft${all.length > 1 ? ` (1 of ${all.length})` : ""}?`,
        [
          what,
          ...(text ? [text.length > 70 ? `${text.slice(0, 69)}…` : text] : []),
          d.sent
            ? "It was sent but no answer came: the incident is re-read before any re-send."
            : "Not sent yet.",
          "n / Esc keeps it for later (:drafts offers it again)",
        ],
        "resume-draft",
        async () => openDraft(d.id),
      );
    },
  };
}

export type WorkActions = ReturnType<typeof createWorkActions>;
