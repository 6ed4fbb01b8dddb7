/**
 * Status-page services (seed §2.2, api-notes §2.3): the service as read (also nested in cards and
 * incidents), the cursor list, its query, and the create body.
 *
 * Tolerance: id, name, accountId and created_at are required (the hosted OpenAPI requires them in every
 * response); `checks` (seed) and `updated_at` are `nullish`. Unknown fields are kept.
 */
import { z } from "zod";
import { cursorPage, dateOrDateTime } from "./common.ts";
import { queryInt } from "./query-params.ts";
import { nameSchema } from "./rules.ts";

/** A check linked to a service (seed §2.2: `{id, name}`). */
export const serviceCheckSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const serviceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  accountId: z.string(),
  created_at: dateOrDateTime,
  updated_at: dateOrDateTime.nullish(),
  checks: z.array(serviceCheckSchema).nullish(),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicePageSchema = cursorPage(serviceSchema);
export type ServicePage = z.infer<typeof servicePageSchema>;

/** A boolean that also accepts its query-string form ("true"/"false", "1"/"0", ...). */
export const queryBoolean = z.union([z.boolean(), z.stringbool()]);

/**
 * Cursor-list query of status pages, services and incidents: `limit` 1–100 (server default 20) and the
 * opaque `nextId` cursor. Query-string forms are accepted so the embedded service can reuse it.
 */
export const cursorQuerySchema = z.strictObject({
  limit: queryInt(1, 100).optional(),
  nextId: z.string().min(1).optional(),
});
export type CursorQuery = z.input<typeof cursorQuerySchema>;

/** GET /v1/status-pages/services query: the cursor query plus `paginated` (false = everything at once). */
export const serviceListQuerySchema = cursorQuerySchema.extend({ paginated: queryBoolean.optional() });
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;

/**
 * POST /v1/status-pages/services (and PUT /v1/status-pages/services/{id}) body. The hosted body is
 * `{name}`; the length bound (1–255, as for incident names) is our choice. The rest of a service as read
 * is ignored (common.ts).
 */
export const serviceCreateBodySchema = z.object({ name: nameSchema() });
export type ServiceCreateBody = z.input<typeof serviceCreateBodySchema>;
