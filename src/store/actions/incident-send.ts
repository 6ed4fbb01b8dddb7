/**
 * Sending incident forms, never twice. Creating an update or an incident is a POST, which the client
 * never retries on its own; before the request leaves, the draft on disk records what goes out — the
 * client-generated `publicIncidentUpdateDate` and the description (and the incident name) — durably.
 *
 * When the answer is lost (timeout, connection cut, the service killed, a 5xx), the outcome is unknown.
 * The next attempt first RE-READS the incident (for a new incident: the incident list) and looks for an
 * update carrying both the recorded date (same instant) and description: found → it was posted, the
 * draft is acknowledged (and if the text was edited since, the found update is PUT to the new values,
 * which is idempotent); not found → it is posted, with the same date. A refusal by the server (4xx) means
 * nothing was created: the record is cleared and the error shown.
 *
 * Limitation (no idempotency key in the API): a request still queued inside a frozen server that wakes up
 * after the re-read would land as well.
 */
import type { Client } from "../../api/client.ts";
import type { Incident, IncidentUpdate } from "../../contract/schemas/incidents.ts";
import { errorLine } from "../data/loaders.ts";
import type { Draft, DraftStore } from "../forms/drafts.ts";
import { incidentCreateBody, incidentPutBody, updateBody } from "../forms/rules.ts";
import { type FormState, flag, list, text } from "../forms/types.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { incidentRead } from "../view/work.ts";
import { certainlyNotApplied, fieldErrorsOf, type Sender, type SendResult } from "./form.ts";

export type SendDeps = {
  client: Client;
  store: ConsoleStore;
  drafts: DraftStore;
  now: () => number;
  /** Show an incident just created or updated (the console's incidents pane: targets.ts PaneHooks). */
  showIncident: (store: ConsoleStore, id: string) => void;
};

const sameInstant = (a: unknown, b: string) => {
  const x = Date.parse(String(a ?? ""));
  return Number.isFinite(x) && x === Date.parse(b);
};

/** The update a lost request created, if any: same client-generated date and same description. */
export function findSent(
  updates: readonly IncidentUpdate[] | null | undefined,
  sent: NonNullable<Draft["sent"]>,
): IncidentUpdate | undefined {
  return (updates ?? []).find(
    (u) =>
      sameInstant(u.publicIncidentUpdateDate, sent.publicIncidentUpdateDate) &&
      (u.description ?? "").trim() === sent.description.trim(),
  );
}

function fail(e: unknown, f: FormState, unknownOutcome: boolean): SendResult {
  const head = unknownOutcome ? "outcome unknown (the retry re-reads the incident first): " : "";
  return { ok: false, error: `${head}${errorLine(e)}`, fieldErrors: fieldErrorsOf(e, f) };
}

const names = (f: FormState, store: ConsoleStore) => {
  const all = new Map(store.getState().services.items.map((s) => [s.id, s.name]));
  return list(f, "services")
    .map((id) => all.get(id) ?? id)
    .join(", ");
};

const clip = (s: string, n = 70) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function createIncidentSenders(
  deps: SendDeps,
): Record<"incident" | "update" | "update-edit" | "incident-edit", Sender> {
  const { client, store, drafts } = deps;

  function remember(inc: Incident, open: boolean): void {
    apply(store, incidentRead(store.getState(), inc));
    if (open) deps.showIncident(store, inc.id);
  }

  /** Record what goes out, durably, before it goes. */
  function markSent(draft: Draft | undefined, sent: NonNullable<Draft["sent"]>): Draft | undefined {
    if (!draft) return undefined;
    const d = { ...draft, sent, savedAt: deps.now() };
    drafts.save(d, true);
    return d;
  }
  function clearSent(draft: Draft | undefined): void {
    if (draft) drafts.save({ ...draft, sent: undefined, savedAt: deps.now() });
  }

  const update: Sender = {
    confirm: (f) => ({
      title: `Post this update to "${f.target.label ?? "the incident"}"?`,
      lines: [
        `status: ${text(f, "status")}   notify subscribers: ${flag(f, "notify") ? "yes" : "no"}`,
        clip(text(f, "description").trim()),
      ],
    }),
    async send(f, draft) {
      const incidentId = f.target.incidentId!;
      const body = updateBody(f, undefined);
      if (draft?.sent) {
        let inc: Incident;
        try {
          inc = await client.incidents.get(incidentId);
        } catch (e) {
          return fail(e, f, true);
        }
        const hit = findSent(inc.incidentUpdates, draft.sent);
        if (hit?.id) {
          const same =
            (hit.description ?? "").trim() === body.description &&
            hit.status === body.status &&
            (hit.notifySubscribers ?? false) === body.notifySubscribers;
          if (!same) {
            try {
              await client.incidentUpdates.update(incidentId, hit.id, {
                ...body,
                publicIncidentUpdateDate: draft.sent.publicIncidentUpdateDate,
              });
            } catch (e) {
              return fail(e, f, false);
            }
          }
          remember(await client.incidents.get(incidentId).catch(() => inc), false);
          return { ok: true, notice: "the update had been posted (found by re-reading the incident)" };
        }
      }
      const date = draft?.sent?.publicIncidentUpdateDate ?? new Date(deps.now()).toISOString();
      const marked = markSent(draft, {
        publicIncidentUpdateDate: date,
        description: body.description,
        at: deps.now(),
      });
      try {
        await client.incidentUpdates.create(incidentId, { ...body, publicIncidentUpdateDate: date });
      } catch (e) {
        if (certainlyNotApplied(e)) {
          clearSent(marked);
          return fail(e, f, false);
        }
        return fail(e, f, true);
      }
      const inc = await client.incidents.get(incidentId).catch(() => undefined);
      if (inc) remember(inc, false);
      return { ok: true, notice: `update posted to "${f.target.label ?? incidentId}"` };
    },
  };

  const incident: Sender = {
    confirm: (f) => ({
      title: `Create incident "${clip(text(f, "name").trim(), 50)}"?`,
      lines: [
        `severity: ${text(f, "severity")}   services: ${names(f, store)}`,
        `status: ${text(f, "status")}   notify subscribers: ${flag(f, "notify") ? "yes" : "no"}`,
        clip(text(f, "description").trim()),
      ],
    }),
    async send(f, draft) {
      if (draft?.sent) {
        try {
          const recent = await client.incidents.listAll({ maxItems: 100 });
          for (const c of recent.filter((i) => i.name.trim() === (draft.sent?.name ?? "").trim())) {
            const full = c.incidentUpdates ? c : await client.incidents.get(c.id);
            if (findSent(full.incidentUpdates, draft.sent)) {
              remember(full, true);
              return {
                ok: true,
                notice: "the incident had been created (found by re-reading the incidents)",
              };
            }
          }
        } catch (e) {
          return fail(e, f, true);
        }
      }
      const date = draft?.sent?.publicIncidentUpdateDate ?? new Date(deps.now()).toISOString();
      const body = incidentCreateBody(f, date);
      const marked = markSent(draft, {
        publicIncidentUpdateDate: date,
        description: text(f, "description").trim(),
        name: body.name,
        at: deps.now(),
      });
      try {
        const created = await client.incidents.create(body);
        remember(created, true);
        return { ok: true, notice: `incident "${body.name}" created` };
      } catch (e) {
        if (certainlyNotApplied(e)) {
          clearSent(marked);
          return fail(e, f, false);
        }
        return fail(e, f, true);
      }
    },
  };

  // PUTs are idempotent: a lost answer is resolved by sending the same body again.
  const updateEdit: Sender = {
    confirm: (f) => ({
      title: `Change this update of "${f.target.label ?? "the incident"}"?`,
      lines: [
        `status: ${text(f, "status")}   notify subscribers: ${flag(f, "notify") ? "yes" : "no"}`,
        clip(text(f, "description").trim()),
      ],
    }),
    async send(f) {
      const { incidentId, updateId } = f.target;
      const date = text(f, "date");
      const ok = Number.isFinite(Date.parse(date));
      try {
        await client.incidentUpdates.update(incidentId!, updateId!, {
          ...updateBody(f, undefined),
          ...(ok ? { publicIncidentUpdateDate: new Date(date).toISOString() } : {}),
        });
      } catch (e) {
        return fail(e, f, false);
      }
      const inc = await client.incidents.get(incidentId!).catch(() => undefined);
      if (inc) remember(inc, false);
      return { ok: true, notice: "update changed" };
    },
  };

  const incidentEdit: Sender = {
    confirm: (f) => ({
      title: `Change incident "${clip(f.target.label ?? "", 50)}"?`,
      lines: [
        `name: ${clip(text(f, "name").trim())}`,
        `severity: ${text(f, "severity")}   services: ${names(f, store)}`,
      ],
    }),
    async send(f) {
      try {
        const inc = await client.incidents.update(f.target.incidentId!, incidentPutBody(f));
        remember(inc, false);
      } catch (e) {
        return fail(e, f, false);
      }
      return { ok: true, notice: "incident changed" };
    },
  };

  return { incident, update, "update-edit": updateEdit, "incident-edit": incidentEdit };
}
