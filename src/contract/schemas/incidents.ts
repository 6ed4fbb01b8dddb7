/**
 * Incidents and incident updates (seed §2.3, §4.6, api-notes §2.3, §2.5).
 *
 * Tolerance: required where the hosted OpenAPI requires a field in every response variant (incident: id,
 * name, severity, services, lastUpdateStatus, created_at); everything else is `nullish`. Notably
 * `incidentUpdates` is optional because incidents nested in status-page list entries omit it, and every
 * member of an incident update is optional because the hosted update read schema requires none.
 *
 * Request bodies ignore what they do not use (read-only and unknown members, common.ts) and carry the
 * seed's limits: name 1–255, services ≥ 1, severity and status from the closed sets. Note
 * `publicIncidentUpdateDate` must be an ISO date-time (offset allowed).
 */
import { z } from "zod";
import { cursorPage, dateOrDateTime, openEnum, opt, optOr } from "./common.ts";
import { nameSchema, pastDateTimeSchema } from "./rules.ts";
import { serviceSchema } from "./services.ts";

export const INCIDENT_SEVERITIES = ["CRITICAL", "MAJOR", "MEDIUM", "MINOR"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_STATUSES = ["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const incidentSeveritySchema = openEnum(INCIDENT_SEVERITIES);
export const incidentStatusSchema = openEnum(INCIDENT_STATUSES);

export const incidentUpdateSchema = z.looseObject({
  id: z.string().nullish(),
  description: z.string().nullish(),
  status: incidentStatusSchema.nullish(),
  /** ISO date-time with ms, UTC. */
  publicIncidentUpdateDate: dateOrDateTime.nullish(),
  created_at: dateOrDateTime.nullish(),
  updated_at: dateOrDateTime.nullish(),
  notifySubscribers: z.boolean().nullish(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;
export const incidentUpdateListSchema = z.array(incidentUpdateSchema);

export const incidentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  severity: incidentSeveritySchema,
  services: z.array(serviceSchema),
  incidentUpdates: z.array(incidentUpdateSchema).nullish(),
  lastUpdateStatus: incidentStatusSchema,
  /** api-notes §8.9: seconds from the first update to RESOLVED, null while open (unit unstated by hosted). */
  duration: z.number().nullish(),
  created_at: dateOrDateTime,
  updated_at: dateOrDateTime.nullish(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const incidentPageSchema = cursorPage(incidentSchema);
export type IncidentPage = z.infer<typeof incidentPageSchema>;

// ---- request side (tolerant of what reads return; strict on limits: see common.ts) ----

export const incidentNameSchema = nameSchema();

/**
 * A service reference in an incident body: `{id, name, accountId}` as the hosted body has it (api-notes
 * §2.5); the rest of a service as read (`checks`, dates) is ignored.
 */
export const incidentServiceRefSchema = z.object({
  id: z.string().min(1),
  name: opt(z.string()),
  accountId: opt(z.string()),
});

const incidentServicesSchema = z.array(incidentServiceRefSchema).min(1, "at least 1 service is required");

/**
 * Incident update as written (create, PUT, and inside an incident create body). `id`, `created_at` and
 * `updated_at` of an update sent back as read are ignored: the path names the update.
 */
/** Our cap (the hosted description sets none): an update is a status message, not a document. */
export const INCIDENT_UPDATE_MAX = 10_000;

export const incidentUpdateBodySchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(INCIDENT_UPDATE_MAX, `at most ${INCIDENT_UPDATE_MAX} characters`),
  status: opt(z.enum(INCIDENT_STATUSES)),
  publicIncidentUpdateDate: opt(pastDateTimeSchema),
  notifySubscribers: optOr(z.boolean(), false),
});
export type IncidentUpdateBody = z.input<typeof incidentUpdateBodySchema>;
/** POST /v1/status-pages/incidents/{id}/incident-updates body. */
export const incidentUpdateCreateBodySchema = incidentUpdateBodySchema;
/** PUT /v1/status-pages/incidents/{id}/incident-updates/{updateId} body. */
export const incidentUpdateUpdateBodySchema = incidentUpdateBodySchema;

/** `id`, dates and `duration` of an incident sent back as read are ignored (the service owns them). */
const incidentCommon = {
  lastUpdateStatus: opt(z.enum(INCIDENT_STATUSES)),
  name: incidentNameSchema,
  severity: z.enum(INCIDENT_SEVERITIES),
  services: incidentServicesSchema,
};

/** POST /v1/status-pages/incidents body. */
export const incidentCreateBodySchema = z.object({
  ...incidentCommon,
  incidentUpdates: z.array(incidentUpdateBodySchema),
});
export type IncidentCreateBody = z.input<typeof incidentCreateBodySchema>;

/** PUT /v1/status-pages/incidents/{id} body: like create; `incidentUpdates` as read is ignored. */
export const incidentPutBodySchema = z.object(incidentCommon);
export type IncidentPutBody = z.input<typeof incidentPutBodySchema>;
