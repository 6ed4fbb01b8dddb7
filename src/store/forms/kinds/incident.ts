/**
 * A new incident (`n`; `i` fills it in from the failing checks: src/store/actions/prefill.ts): name,
 * severity, services, status, the first update, notify subscribers. ONE POST, never twice: the draft
 * records the name, date and text before it leaves (send.ts), and a retry after a lost answer first
 * re-reads the incidents for one with that name carrying that update.
 */

import type { Incident } from "../../../contract/schemas/incidents.ts";
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type IncidentCreateBody,
} from "../../../contract/schemas/incidents.ts";
import type { Service } from "../../../contract/schemas/services.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { apply } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
import {
  clip,
  errors,
  incidentFieldErrors,
  NAME_MAX,
  serviceNames,
  serviceOptions,
  statusLine,
  updateBody,
  updateFieldErrors,
} from "../rules.ts";
import { certainlyNotApplied, failed, findSent, sendMarker } from "../send.ts";
import { type FormState, list, makeForm, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

function open(services: readonly Service[]): FormState {
  return makeForm({
    kind: "incident",
    title: "New incident",
    target: {},
    fields: [
      { key: "name", label: "name", type: "text", max: NAME_MAX, counter: true },
      { key: "severity", label: "severity", type: "choice", options: INCIDENT_SEVERITIES },
      {
        key: "services",
        label: "services",
        type: "multi",
        options: serviceOptions(services),
        fromServices: true,
      },
      { key: "status", label: "status", type: "choice", options: INCIDENT_STATUSES },
      { key: "description", label: "first update", type: "text", lines: 3 },
      { key: "notify", label: "notify subscribers", type: "toggle" },
    ],
    values: {
      name: "",
      severity: "MAJOR",
      services: [],
      status: "INVESTIGATING",
      description: "",
      notify: true,
    },
  });
}

/**
 * The incidents already open (not resolved) on the services chosen, as the confirmation's last lines: `i`
 * on a failing check fills in a new incident, and a second public incident for the same outage is easy
 * to post without seeing the first — its page's subscribers would be told twice.
 */
export function openOnServices(f: FormState, incidents: readonly Incident[]): string[] {
  const chosen = new Set(list(f, "services"));
  if (chosen.size === 0) return [];
  const open = incidents.filter(
    (i) => i.lastUpdateStatus !== "RESOLVED" && (i.services ?? []).some((sv) => chosen.has(sv.id)),
  );
  if (open.length === 0) return [];
  const named = open
    .slice(0, 2)
    .map(
      (i) =>
        `"${clip(sanitizeLine(i.name), 40)}" (${i.severity}, ${String(i.lastUpdateStatus).toLowerCase()})`,
    );
  const more = open.length > 2 ? ` and ${open.length - 2} more` : "";
  return [
    `⚠ already open on these services: ${named.join(", ")}${more} — an update to it is posted from pane 5`,
  ];
}

function validate(f: FormState): Record<string, string> {
  return errors([...incidentFieldErrors(f), ...updateFieldErrors(f)]);
}

export function incidentCreateBody(f: FormState, publicIncidentUpdateDate: string): IncidentCreateBody {
  return {
    name: text(f, "name").trim(),
    severity: text(f, "severity") as IncidentCreateBody["severity"],
    services: list(f, "services").map((id) => ({ id })),
    incidentUpdates: [updateBody(f, publicIncidentUpdateDate)],
  };
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  const marker = sendMarker(deps);
  const remember = (inc: Parameters<typeof incidentRead>[1]) => {
    apply(store, incidentRead(store.getState(), inc));
    deps.showIncident(store, inc.id);
  };
  return {
    confirm: (f) => ({
      title: `Create incident "${clip(text(f, "name").trim(), 50)}"?`,
      lines: [
        `severity: ${text(f, "severity")}   services: ${serviceNames(f, store)}`,
        statusLine(f),
        clip(text(f, "description").trim()),
        ...openOnServices(f, store.getState().incidents.items),
      ],
    }),
    async send(f, draft) {
      if (draft?.sent) {
        try {
          const recent = await client.incidents.listAll({ maxItems: 100 });
          for (const c of recent.filter((i) => i.name.trim() === (draft.sent?.name ?? "").trim())) {
            const full = c.incidentUpdates ? c : await client.incidents.get(c.id);
            if (findSent(full.incidentUpdates, draft.sent)) {
              remember(full);
              return {
                ok: true,
                notice: "the incident had been created (found by re-reading the incidents)",
              };
            }
          }
        } catch (e) {
          return failed(e, f, true);
        }
      }
      const date = draft?.sent?.publicIncidentUpdateDate ?? new Date(deps.now()).toISOString();
      const body = incidentCreateBody(f, date);
      const marked = marker.mark(draft, {
        publicIncidentUpdateDate: date,
        description: text(f, "description").trim(),
        name: body.name,
        at: deps.now(),
      });
      try {
        const created = await client.incidents.create(body);
        remember(created);
        return { ok: true, notice: `incident "${body.name}" created` };
      } catch (e) {
        if (certainlyNotApplied(e)) {
          marker.clear(marked);
          return failed(e, f);
        }
        return failed(e, f, true);
      }
    },
  };
}

export const incident = {
  open,
  validate,
  draft: {
    label: (d) => `new incident "${String(d.values.name ?? "")}"`,
    reopen: (_d, ctx) => {
      const form = open(ctx.state.services.items);
      ctx.ensureServices();
      return form;
    },
    // one new incident at a time: `n` and `i` reopen the kept one
    sameTarget: () => true,
  },
  sender,
} satisfies FormKindSpec;
