/**
 * What each form holds, how it is validated, and the request body it becomes. Validation uses the
 * client's own request schemas (src/api/schemas/*) field by field, so an error shown next to a field is
 * exactly what the client (and the embedded service) would refuse — and nothing is sent while any remains.
 */
import type { z } from "zod";
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentCreateBody,
  type IncidentPutBody,
  type IncidentUpdate,
  type IncidentUpdateBody,
  incidentNameSchema,
  incidentUpdateBodySchema,
} from "../../contract/schemas/incidents.ts";
import {
  type PrivateLocationCreateBody,
  privateLocationCreateBodySchema,
  proxyUrlSchema,
  slugNameSchema,
} from "../../contract/schemas/private-locations.ts";
import { currentUpdate, domainSchema, issuePredicate } from "../../contract/schemas/rules.ts";
import type { Service } from "../../contract/schemas/services.ts";
import {
  DEFAULT_THEMES,
  type StatusPage,
  type StatusPageUpdateBody,
  statusPageUpdateBodySchema,
  themeColorsBodySchema,
} from "../../contract/schemas/status-pages.ts";
import { cards, type FormState, flag, list, makeForm, type Option, text } from "./types.ts";

export const NAME_MAX = 255;

/** What the service would answer about the field, without its name (schemas/rules.ts: one wording). */
const firstIssue = (schema: z.ZodType, v: unknown): string | undefined => {
  const r = schema.safeParse(v);
  const issue = r.success ? undefined : r.error.issues[0];
  return r.success ? undefined : issue ? issuePredicate(issue, v) : "invalid";
};

export const serviceOptions = (services: readonly Service[]): Option[] =>
  services.map((s) => ({ id: s.id, label: s.name }));

// ---- builders ----

export function newIncidentForm(services: readonly Service[]): FormState {
  return makeForm({
    kind: "incident",
    title: "New incident",
    target: {},
    fields: [
      { key: "name", label: "name", type: "text", max: NAME_MAX, counter: true },
      { key: "severity", label: "severity", type: "choice", options: INCIDENT_SEVERITIES },
      { key: "services", label: "services", type: "multi", options: serviceOptions(services) },
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
 * The update that says an incident's status (by public date, then list order), if any: the latest not in
 * the future (schemas/rules.ts `currentUpdate`, the service's rule); else the latest of all.
 */
export function latestUpdate(inc: Incident, now: number = Date.now()): IncidentUpdate | undefined {
  const ups = inc.incidentUpdates ?? [];
  return currentUpdate(ups, now) ?? currentUpdate(ups, Number.POSITIVE_INFINITY);
}

/**
 * `u`: the description is focused first (the fast path is u, text, Enter); the status defaults to the
 * incident's current status and "notify subscribers" to what its latest update did.
 */
export function updateForm(inc: Incident): FormState {
  const last = latestUpdate(inc);
  return makeForm({
    kind: "update",
    title: `Update: ${inc.name}`,
    target: { incidentId: inc.id, label: inc.name },
    fields: [
      { key: "description", label: "update", type: "text", lines: 3 },
      { key: "status", label: "status", type: "choice", options: INCIDENT_STATUSES },
      { key: "notify", label: "notify subscribers", type: "toggle" },
    ],
    values: {
      description: "",
      status: String(inc.lastUpdateStatus ?? last?.status ?? "INVESTIGATING"),
      notify: last?.notifySubscribers ?? false,
    },
  });
}

/** `e`: edit an existing update (same fields, filled with its values). */
export function editUpdateForm(inc: Incident, u: IncidentUpdate): FormState {
  return makeForm({
    kind: "update-edit",
    title: `Edit update of ${inc.name}`,
    target: { incidentId: inc.id, updateId: String(u.id ?? ""), label: inc.name },
    fields: [
      { key: "description", label: "update", type: "text", lines: 3 },
      { key: "status", label: "status", type: "choice", options: INCIDENT_STATUSES },
      { key: "notify", label: "notify subscribers", type: "toggle" },
    ],
    values: {
      description: u.description ?? "",
      status: String(u.status ?? inc.lastUpdateStatus ?? "INVESTIGATING"),
      notify: u.notifySubscribers ?? false,
      // kept so the PUT does not move the update in time
      date: String(u.publicIncidentUpdateDate ?? ""),
    },
  });
}

/** `s`: severity, name and services of an incident. */
export function editIncidentForm(inc: Incident, services: readonly Service[]): FormState {
  const known = new Map(serviceOptions(services).map((o) => [o.id, o]));
  for (const s of inc.services) if (!known.has(s.id)) known.set(s.id, { id: s.id, label: s.name });
  return makeForm({
    kind: "incident-edit",
    title: `Edit incident: ${inc.name}`,
    target: { incidentId: inc.id, label: inc.name },
    fields: [
      { key: "severity", label: "severity", type: "choice", options: INCIDENT_SEVERITIES },
      { key: "name", label: "name", type: "text", max: NAME_MAX, counter: true },
      { key: "services", label: "services", type: "multi", options: [...known.values()] },
    ],
    values: { severity: String(inc.severity), name: inc.name, services: inc.services.map((s) => s.id) },
  });
}

export function pageEditForm(page: StatusPage): FormState {
  const opts = new Map<string, Option>();
  for (const c of page.cards ?? [])
    for (const s of c.services ?? []) opts.set(s.id, { id: s.id, label: s.name });
  return makeForm({
    kind: "page-edit",
    title: `Edit status page: ${page.name}`,
    target: { pageId: page.id, label: page.name },
    fields: [
      { key: "name", label: "name", type: "text" },
      { key: "url", label: "URL", type: "text" },
      { key: "customDomain", label: "custom domain", type: "text" },
      { key: "defaultTheme", label: "default theme", type: "choice", options: DEFAULT_THEMES },
      { key: "cards", label: "cards", type: "cards", options: [...opts.values()] },
    ],
    values: {
      name: page.name,
      url: page.url,
      customDomain: page.customDomain ?? "",
      defaultTheme: String(page.defaultTheme ?? "AUTO"),
      cards: (page.cards ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        services: (c.services ?? []).map((s) => s.id),
      })),
    },
  });
}

export function locationForm(): FormState {
  return makeForm({
    kind: "location",
    title: "New private location",
    target: {},
    fields: [
      { key: "name", label: "name", type: "text" },
      { key: "slugName", label: "slug", type: "text" },
      { key: "icon", label: "icon", type: "text" },
      { key: "proxyUrl", label: "proxy URL", type: "text", maskUrl: true },
    ],
    values: { name: "", slugName: "", icon: "location", proxyUrl: "" },
  });
}

// ---- validation ----

/** Field key → error, for every field whose value the request would be refused for. */
export function validateForm(f: FormState): Record<string, string> {
  const e: Record<string, string> = {};
  const put = (k: string, msg: string | undefined) => {
    if (msg) e[k] = msg;
  };
  switch (f.kind) {
    case "incident":
    case "incident-edit":
      put("name", firstIssue(incidentNameSchema, text(f, "name")));
      if (!(INCIDENT_SEVERITIES as readonly string[]).includes(text(f, "severity")))
        e.severity = "pick a severity";
      if (list(f, "services").length === 0) e.services = "pick at least 1 service (space)";
      if (f.kind === "incident") {
        put("description", firstIssue(incidentUpdateBodySchema.shape.description, text(f, "description")));
      }
      break;
    case "update":
    case "update-edit":
      put("description", firstIssue(incidentUpdateBodySchema.shape.description, text(f, "description")));
      break;
    case "page-edit": {
      const s = statusPageUpdateBodySchema.shape;
      put("name", firstIssue(s.name, text(f, "name")));
      put("url", firstIssue(s.url, text(f, "url")));
      const d = text(f, "customDomain").trim();
      if (d !== "") put("customDomain", firstIssue(domainSchema, d));
      if (cards(f, "cards").some((c) => c.name.trim() === "")) e.cards = "every card needs a name";
      break;
    }
    case "location": {
      put("name", firstIssue(privateLocationCreateBodySchema.shape.name, text(f, "name")));
      put("slugName", firstIssue(slugNameSchema, text(f, "slugName")));
      if (text(f, "icon").trim() === "") e.icon = "must not be empty";
      const p = text(f, "proxyUrl").trim();
      if (p !== "") put("proxyUrl", firstIssue(proxyUrlSchema, p));
      break;
    }
  }
  if (f.kind === "update" || f.kind === "incident" || f.kind === "update-edit") {
    if (!(INCIDENT_STATUSES as readonly string[]).includes(text(f, "status"))) e.status = "pick a status";
  }
  return e;
}

/** The errors to show now: every one after a submit attempt, else only those of typed-in fields. */
export function visibleErrors(f: FormState): Record<string, string> {
  const all = { ...validateForm(f), ...(f.serverErrors ?? {}) };
  if (f.showErrors) return all;
  return Object.fromEntries(Object.entries(all).filter(([k]) => f.touched.includes(k)));
}

// ---- bodies ----

export function updateBody(f: FormState, publicIncidentUpdateDate: string | undefined): IncidentUpdateBody {
  return {
    description: text(f, "description").trim(),
    status: text(f, "status") as IncidentUpdateBody["status"],
    notifySubscribers: flag(f, "notify"),
    ...(publicIncidentUpdateDate ? { publicIncidentUpdateDate } : {}),
  };
}

export function incidentCreateBody(f: FormState, publicIncidentUpdateDate: string): IncidentCreateBody {
  return {
    name: text(f, "name").trim(),
    severity: text(f, "severity") as IncidentCreateBody["severity"],
    services: list(f, "services").map((id) => ({ id })),
    incidentUpdates: [updateBody(f, publicIncidentUpdateDate)],
  };
}

export function incidentPutBody(f: FormState): IncidentPutBody {
  return {
    name: text(f, "name").trim(),
    severity: text(f, "severity") as IncidentPutBody["severity"],
    services: list(f, "services").map((id) => ({ id })),
  };
}

/** The whole page for the PUT: the edited fields over the page as read (invalid optional extras dropped). */
export function pageBody(page: StatusPage, f: FormState): StatusPageUpdateBody {
  const keepUrl = (v: string | null | undefined) => (v && /^https?:\/\/\S+$/.test(v) ? v : undefined);
  const colours = themeColorsBodySchema.safeParse(page.themeColors);
  const domain = text(f, "customDomain").trim();
  return {
    name: text(f, "name").trim(),
    url: text(f, "url").trim(),
    customDomain: domain === "" ? null : domain,
    defaultTheme: text(f, "defaultTheme") as StatusPageUpdateBody["defaultTheme"],
    cards: cards(f, "cards").map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name,
      statusPageId: page.id,
      services: c.services.map((id) => ({ id })),
    })),
    ...(page.description ? { description: page.description.slice(0, 500) } : {}),
    ...(colours.success ? { themeColors: page.themeColors as StatusPageUpdateBody["themeColors"] } : {}),
    ...(keepUrl(page.logo) ? { logo: keepUrl(page.logo) } : {}),
    ...(keepUrl(page.logoDark) ? { logoDark: keepUrl(page.logoDark) } : {}),
    ...(keepUrl(page.redirectTo) ? { redirectTo: keepUrl(page.redirectTo) } : {}),
    ...(keepUrl(page.favicon) ? { favicon: keepUrl(page.favicon) } : {}),
  };
}

export function locationBody(f: FormState): PrivateLocationCreateBody {
  const proxy = text(f, "proxyUrl").trim();
  return {
    name: text(f, "name").trim(),
    slugName: text(f, "slugName").trim(),
    icon: text(f, "icon").trim(),
    ...(proxy ? { proxyUrl: proxy } : {}),
  };
}
