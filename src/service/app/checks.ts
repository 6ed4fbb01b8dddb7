/**
 * Checks (beyond the seed; hosted shapes of api-notes §3.1): list with filters, read, create per type,
 * update (per type or generic), delete.
 *
 * Create validates with the type's one body schema (src/contract/schemas/check-bodies.ts, also the client's),
 * which fills the hosted defaults. Updates are partial: the body is merged onto the
 * stored check (`request` and `heartbeat` merged one level deep) and the result validated in full.
 * `autoAssignAlerts` (query, default true) subscribes a new check to every existing alert channel unless the
 * body lists `alertChannelSubscriptions` itself.
 */
import type { Context } from "hono";
import { z } from "zod";
import {
  CHECK_KIND_LIST,
  CHECK_KINDS,
  type CheckKind,
  kindOfType,
} from "../../contract/schemas/check-bodies.ts";
import {
  CHECK_FIELDS_PARAM,
  CHECKS_PAGE_MAX,
  CHECKS_PAGE_MAX_HEADER,
  checkListQuerySchema,
} from "../../contract/schemas/checks.ts";
import { csvPreprocess, queryInt } from "../../contract/schemas/query-params.ts";
import { objectIn } from "../../shared/json.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { type CheckDef, checkDoc, checkOf } from "../engine/checks.ts";
import { notFound, ServiceError } from "../errors.ts";
import { type CheckFilter, summaryAnswers } from "../repo/checks.ts";
import { isoMs, uuid } from "../repo/util.ts";
import { pagedJson } from "./paging.ts";
import { parseBody, parseQuery, q, validate } from "./validate.ts";

/**
 * The check as the API shows it: its document + subscriptions + the ping URL of this service; with
 * `fields` (the list's extension), only those members — the subscriptions read only when named.
 */
export function checkView(
  ctx: ServiceContext,
  check: CheckDef,
  fields?: ReadonlySet<string>,
): Record<string, unknown> {
  return viewOf(ctx, check.id, checkDoc(check), fields);
}

/** checkView of a check's document with the columns over it (checkDoc), `out`, which it completes. */
function viewOf(
  ctx: ServiceContext,
  id: string,
  out: Record<string, unknown>,
  fields?: ReadonlySet<string>,
): Record<string, unknown> {
  if (!fields || fields.has("alertChannelSubscriptions"))
    out.alertChannelSubscriptions = ctx.repo.subscriptionsOfCheck(id);
  const hb = objectIn(out, "heartbeat");
  if (hb && typeof hb.pingToken === "string")
    out.heartbeat = { ...hb, pingUrl: `${ctx.publicUrl()}/ping/${hb.pingToken}` };
  if (!fields) return out;
  const picked: Record<string, unknown> = {};
  for (const f of fields) if (out[f] !== undefined) picked[f] = out[f];
  return picked;
}

/**
 * A page of the list. With `fields` that the columns and each check's stored summary hold (the console's
 * wide pages), those are all that is read: no document is parsed (repo/checks.ts listCheckMembers); the
 * answer is the same as the whole checks' members.
 */
function listPage(
  ctx: ServiceContext,
  filter: CheckFilter,
  limit: number,
  offset: number,
  fields: ReadonlySet<string> | undefined,
): Record<string, unknown>[] {
  const named = fields ? [...fields].filter((f) => f !== "alertChannelSubscriptions") : [];
  if (fields && summaryAnswers(named))
    return ctx.repo.listCheckMembers(filter, limit, offset).map((c) => viewOf(ctx, c.id, c.doc, fields));
  return ctx.repo.listChecks(filter, limit, offset).map((ch) => checkView(ctx, ch, fields));
}

/** The hosted filters, and the wide pages of vigil's extension (CHECKS_PAGE_MAX_HEADER): `limit` to 1,000, `fields`. */
const listQuery = z.looseObject({
  ...checkListQuerySchema.shape,
  limit: queryInt(1, CHECKS_PAGE_MAX).optional(),
  [CHECK_FIELDS_PARAM]: z.preprocess(csvPreprocess, z.array(z.string().min(1)).max(64)).optional(),
});

/** A body as its kind's schema leaves it: validated, the hosted defaults filled. */
type CheckFields = z.output<(typeof CHECK_KINDS)[CheckKind]["schema"]>;

function normalise(kind: CheckKind, body: unknown): CheckFields {
  return validate(CHECK_KINDS[kind].schema, body, "payload");
}

function heartbeatToken(kind: CheckKind, fields: Record<string, unknown>): void {
  if (kind !== "heartbeat") return;
  const hb = objectIn(fields, "heartbeat");
  if (hb && (typeof hb.pingToken !== "string" || hb.pingToken === "")) hb.pingToken = uuid();
}

function assertPrivateLocations(ctx: ServiceContext, fields: Record<string, unknown>): void {
  const listed = fields.privateLocations;
  const slugs = Array.isArray(listed) ? listed.filter((s): s is string => typeof s === "string") : [];
  const known = ctx.repo.locationSlugs();
  slugs.forEach((s, i) => {
    if (!known.has(s))
      throw new ServiceError(
        400,
        `"privateLocations[${i}]" must be the slug of an existing private location`,
        {
          validation: { source: "payload", keys: [`privateLocations.${i}`] },
        },
      );
  });
}

function assertChannels(ctx: ServiceContext, subs: { alertChannelId: number }[] | undefined): void {
  const ids = new Set(ctx.repo.channelIds(false));
  subs?.forEach((s, i) => {
    if (!ids.has(s.alertChannelId))
      throw new ServiceError(
        400,
        `"alertChannelSubscriptions[${i}].alertChannelId" must be an existing alert channel`,
        {
          validation: { source: "payload", keys: [`alertChannelSubscriptions.${i}.alertChannelId`] },
        },
      );
  });
}

function toCheck(
  kind: CheckKind,
  id: string,
  fields: Record<string, unknown>,
  createdAt: string,
  updatedAt: string,
): CheckDef {
  return checkOf(fields, { id, checkType: CHECK_KINDS[kind].checkType, createdAt, updatedAt });
}

function idParam(c: Context): string {
  return c.req.param("id") ?? "";
}

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/checks", (c) => {
    const query = parseQuery(c, listQuery);
    const limit = query.limit ?? 10;
    const offset = ((query.page ?? 1) - 1) * limit;
    const filter = { tags: query.tag, checkType: query.checkType, search: query.search, state: query.status };
    const listed = query[CHECK_FIELDS_PARAM];
    const fields = listed ? new Set(listed) : undefined;
    return pagedJson(c, listPage(ctx, filter, limit, offset, fields), offset, ctx.repo.countChecks(filter), {
      [CHECKS_PAGE_MAX_HEADER]: String(CHECKS_PAGE_MAX),
    });
  });

  app.get("/v1/checks/:id", (c) => {
    const check = ctx.repo.getCheck(idParam(c));
    if (!check) throw notFound("Check not found");
    return c.json(checkView(ctx, check));
  });

  async function create(c: Context, kind: CheckKind) {
    const { autoAssignAlerts } = parseQuery(
      c,
      z.looseObject({ autoAssignAlerts: q.one(q.bool()).default(true) }),
    );
    const fields: CheckFields = await parseBody(c, CHECK_KINDS[kind].schema);
    heartbeatToken(kind, fields);
    assertPrivateLocations(ctx, fields);
    const subs = fields.alertChannelSubscriptions;
    assertChannels(ctx, subs);
    const now = isoMs(ctx.now());
    const check = toCheck(kind, uuid(), fields, now, now);
    ctx.repo.transaction(() => {
      ctx.repo.insertCheck(check);
      const wanted =
        subs ??
        (autoAssignAlerts ? ctx.repo.channelIds(false) : ctx.repo.channelIds(true)).map((id) => ({
          alertChannelId: id,
          activated: true,
        }));
      for (const s of wanted)
        ctx.repo.upsertSubscription(s.alertChannelId, { checkId: check.id }, s.activated);
    });
    return c.json(checkView(ctx, check), 201);
  }

  for (const kind of CHECK_KIND_LIST) {
    app.post(`/v1/checks/${kind}`, (c) => create(c, kind));
    app.put(`/v1/checks/${kind}/:id`, (c) => update(c, kind));
  }
  app.put("/v1/checks/:id", (c) => update(c, undefined));

  /** Hosted generic create: the type comes from the body's `checkType`. */
  app.post("/v1/checks", async (c) => {
    const { checkType } = await parseBody(c, z.looseObject({ checkType: z.string() }));
    const kind = kindOfType(checkType);
    if (!kind)
      throw new ServiceError(
        400,
        `"checkType" must be one of [${Object.values(CHECK_KINDS)
          .map((k) => k.checkType)
          .join(", ")}]`,
        {
          validation: { source: "payload", keys: ["checkType"] },
        },
      );
    return create(c, kind);
  });

  async function update(c: Context, kindFromPath: CheckKind | undefined) {
    const existing = ctx.repo.getCheck(idParam(c));
    if (!existing) throw notFound("Check not found");
    const kind = kindOfType(existing.checkType);
    if (!kind) throw new ServiceError(400, `Checks of type ${existing.checkType} cannot be updated here`);
    if (kindFromPath && kindFromPath !== kind)
      throw new ServiceError(400, `"checkType" must be [${existing.checkType}]`, {
        validation: { source: "payload", keys: ["checkType"] },
      });
    const body = await parseBody(c, z.record(z.string(), z.unknown()));
    const merged: Record<string, unknown> = { ...checkDoc(existing), ...body };
    for (const k of ["request", "heartbeat"]) {
      const before = objectIn(existing.doc, k);
      const given = objectIn(body, k);
      if (before && given) merged[k] = { ...before, ...given };
    }
    const fields = normalise(kind, merged);
    heartbeatToken(kind, fields);
    assertPrivateLocations(ctx, fields);
    const subs = fields.alertChannelSubscriptions;
    assertChannels(ctx, subs);
    // the demo's mark stays as it was (a body cannot set it: the schema leaves it out)
    const isDemo = existing.doc.isDemo;
    const check = toCheck(
      kind,
      existing.id,
      isDemo === undefined ? fields : { ...fields, isDemo },
      existing.createdAt,
      isoMs(ctx.now()),
    );
    ctx.repo.transaction(() => {
      ctx.repo.updateCheck(check);
      if ("alertChannelSubscriptions" in body && subs) {
        ctx.repo.deleteCheckSubscriptions(check.id);
        for (const s of subs)
          ctx.repo.upsertSubscription(s.alertChannelId, { checkId: check.id }, s.activated);
      }
    });
    return c.json(checkView(ctx, check));
  }

  app.delete("/v1/checks/:id", (c) => {
    if (!ctx.repo.deleteCheck(idParam(c))) throw notFound("Check not found");
    return c.body(null, 204);
  });
}
