/**
 * The field rules the form kinds (kinds/) share. Validation uses the contract's own request schemas field
 * by field, so an error shown next to a field is exactly what the client (and the service) would refuse —
 * and nothing is sent while any remains. Each kind's own fields, rules and body are in its file.
 */
import type { z } from "zod";
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentUpdate,
  type IncidentUpdateBody,
  incidentNameSchema,
  incidentUpdateBodySchema,
} from "../../contract/schemas/incidents.ts";
import { currentUpdate, issuePredicate } from "../../contract/schemas/rules.ts";
import type { Service } from "../../contract/schemas/services.ts";
import type { ConsoleStore } from "../state.ts";
import { type Field, type FormState, flag, list, type Option, text } from "./types.ts";

export const NAME_MAX = 255;

/** What the service would answer about the field, without its name (schemas/rules.ts: one wording). */
export const firstIssue = (schema: z.ZodType, v: unknown): string | undefined => {
  const r = schema.safeParse(v);
  const issue = r.success ? undefined : r.error.issues[0];
  return r.success ? undefined : issue ? issuePredicate(issue, v) : "invalid";
};

/** Field key → error, leaving out the fields without one. */
export function errors(entries: readonly (readonly [key: string, error: string | undefined])[]) {
  const out: Record<string, string> = {};
  for (const [k, e] of entries) if (e) out[k] = e;
  return out;
}

export const serviceOptions = (services: readonly Service[]): Option[] =>
  services.map((s) => ({ id: s.id, label: s.name }));

/** An incident status field's error. */
export const statusError = (f: FormState): string | undefined =>
  (INCIDENT_STATUSES as readonly string[]).includes(text(f, "status")) ? undefined : "pick a status";

/** An incident's own fields' errors (name, severity, services): a new incident's and an incident's edit. */
export const incidentFieldErrors = (f: FormState) =>
  [
    ["name", firstIssue(incidentNameSchema, text(f, "name"))],
    [
      "severity",
      (INCIDENT_SEVERITIES as readonly string[]).includes(text(f, "severity"))
        ? undefined
        : "pick a severity",
    ],
    ["services", list(f, "services").length === 0 ? "pick at least 1 service (space)" : undefined],
  ] as const;

/** An update's fields' errors (description, status): a new incident's first update, an update, its edit. */
export const updateFieldErrors = (f: FormState) =>
  [
    ["description", firstIssue(incidentUpdateBodySchema.shape.description, text(f, "description"))],
    ["status", statusError(f)],
  ] as const;

/**
 * The update that says an incident's status (by public date, then list order), if any: the latest not in
 * the future (schemas/rules.ts `currentUpdate`, the service's rule); else the latest of all.
 */
export function latestUpdate(inc: Incident, now: number = Date.now()): IncidentUpdate | undefined {
  const ups = inc.incidentUpdates ?? [];
  return currentUpdate(ups, now) ?? currentUpdate(ups, Number.POSITIVE_INFINITY);
}

/** The fields of an incident update (a new one, `u`, and an edited one, `e`): the text first. */
export const UPDATE_FIELDS: readonly Field[] = [
  { key: "description", label: "update", type: "text", lines: 3 },
  { key: "status", label: "status", type: "choice", options: INCIDENT_STATUSES },
  { key: "notify", label: "notify subscribers", type: "toggle" },
];

/** An incident update's body from the form's fields. */
export function updateBody(f: FormState, publicIncidentUpdateDate: string | undefined): IncidentUpdateBody {
  return {
    description: text(f, "description").trim(),
    status: text(f, "status") as IncidentUpdateBody["status"],
    notifySubscribers: flag(f, "notify"),
    ...(publicIncidentUpdateDate ? { publicIncidentUpdateDate } : {}),
  };
}

/** The confirmation's line of an update's status and notify flag. */
export const statusLine = (f: FormState) =>
  `status: ${text(f, "status")}   notify subscribers: ${flag(f, "notify") ? "yes" : "no"}`;

/** The names of the services picked (their ids when not held). */
export function serviceNames(f: FormState, store: ConsoleStore): string {
  const all = new Map(store.getState().services.items.map((s) => [s.id, s.name]));
  return list(f, "services")
    .map((id) => all.get(id) ?? id)
    .join(", ");
}

export const clip = (s: string, n = 70) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
