/**
 * Private locations (seed §2.4, api-notes §7): the location as read, its keys, and the create/update bodies.
 *
 * Tolerance: fields the hosted OpenAPI requires in every response are required (id, name, slugName,
 * created_at); the rest is `nullish`. `rawKey` is deliberately optional although the OpenAPI lists it:
 * the seed and api-notes say the raw value is shown once, on create, and reads carry `maskedKey` only.
 */
import { z } from "zod";
import { dateOrDateTime, opt, optOr } from "./common.ts";
import { locationSlugSchema, nameSchema } from "./rules.ts";

export { REGION_LIKE_SLUG } from "./rules.ts";

const str = z.string().nullish();

export const privateLocationKeySchema = z.looseObject({
  id: z.string(),
  /** The secret key value; present on create (and key creation) only. Mask it for display. */
  rawKey: str,
  /** `...` plus the last 4 characters. */
  maskedKey: str,
  created_at: dateOrDateTime.nullish(),
  updated_at: dateOrDateTime.nullish(),
});
export type PrivateLocationKey = z.infer<typeof privateLocationKeySchema>;

export const checkAssignmentSchema = z.looseObject({
  id: str,
  checkId: z.string(),
  privateLocationId: str,
});
export const groupAssignmentSchema = z.looseObject({
  id: str,
  groupId: z.number(),
  privateLocationId: str,
});

/** Hosted extra (api-notes §7): agents grouped by version. */
export const runningAgentSchema = z.looseObject({
  version: str,
  isOutdated: z.boolean().nullish(),
  count: z.number().nullish(),
  agents: z.array(z.looseObject({ id: z.string(), lastSeenAt: str })).nullish(),
});

export const privateLocationSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slugName: z.string(),
  icon: str,
  /** May embed credentials (`user:password@`); mask before display. */
  proxyUrl: str,
  created_at: dateOrDateTime,
  updated_at: dateOrDateTime.nullish(),
  checkAssignments: z.array(checkAssignmentSchema).nullish(),
  groupAssignments: z.array(groupAssignmentSchema).nullish(),
  keys: z.array(privateLocationKeySchema).nullish(),
  /** Single-location read only. */
  lastSeen: dateOrDateTime.nullish(),
  /** Single-location read only. */
  agentCount: z.number().nullish(),
  minAgentVersion: str,
  runningAgents: z.array(runningAgentSchema).nullish(),
});
export type PrivateLocation = z.infer<typeof privateLocationSchema>;
export const privateLocationListSchema = z.array(privateLocationSchema);

// ---- request side (tolerant of what reads return; strict on limits: see common.ts) ----

/** The slug rule (schemas/rules.ts): 1-30 of a-z, 0-9, '-', not like a cloud region. */
export const slugNameSchema = locationSlugSchema;

/** Proxy URL: http(s) only, may carry `user:password@`. */
export const proxyUrlSchema = z.url({ protocol: /^https?$/, error: "must be a valid http(s) URL" });

/** POST /v1/private-locations body (api-notes §2.5, §7); `id`, dates, keys as read are ignored. */
export const privateLocationCreateBodySchema = z.object({
  name: nameSchema(),
  slugName: slugNameSchema,
  icon: optOr(z.string().min(1), "location"),
  proxyUrl: proxyUrlSchema.nullish(),
});
export type PrivateLocationCreateBody = z.input<typeof privateLocationCreateBodySchema>;

/**
 * PUT /v1/private-locations/{id} body. `slugName` is immutable: the location's own slug (a read body sent
 * back) is accepted and ignored, another one is refused by the service (it would not be applied).
 */
export const privateLocationUpdateBodySchema = z.object({
  name: nameSchema(),
  slugName: opt(z.string()),
  icon: opt(z.string().min(1)),
  proxyUrl: proxyUrlSchema.nullish(),
});
export type PrivateLocationUpdateBody = z.input<typeof privateLocationUpdateBodySchema>;
