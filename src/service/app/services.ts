/**
 * Status-page services: cursor list (seed §4.5; `paginated=false` returns everything in one page with a null
 * `nextId`), hosted-style create (201: the hosted description and api-notes §1.2 say 200, but the hosted
 * SDK expects 201 Created as for every create; README "Compatibility"), read, update and delete (204).
 * Beyond the hosted `{name}` body, create/update also take `checks: [{id}]` (the seed's service→checks link).
 */
import type { Context } from "hono";
import { z } from "zod";
import { opt } from "../../contract/schemas/common.ts";
import { serviceCreateBodySchema, serviceListQuerySchema } from "../../contract/schemas/services.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import { cursorSlice, isoMs } from "../repo/util.ts";
import { parseBody, parseQuery } from "./validate.ts";

const NOT_FOUND = "Service not found";

/** The client's `{name}` body plus an optional list of linked checks (as read: `{id, name}`, name ignored). */
const serviceBody = z.object({
  ...serviceCreateBodySchema.shape,
  checks: opt(z.array(z.object({ id: z.string().min(1) }))),
});

export function cursorOrThrow<T extends { id: string }>(all: T[], limit: number, nextId: string | undefined) {
  const page = cursorSlice(all, limit, nextId);
  if (!page)
    throw new ServiceError(400, '"nextId" must reference an existing entry', {
      validation: { source: "query", keys: ["nextId"] },
    });
  return { length: page.entries.length, entries: page.entries, nextId: page.nextId };
}

function assertChecks(ctx: ServiceContext, checks: { id: string }[] | undefined): string[] {
  return (checks ?? []).map((ch, i) => {
    if (!ctx.repo.checkExists(ch.id))
      throw new ServiceError(400, `"checks[${i}].id" must be an existing check`, {
        validation: { source: "payload", keys: [`checks.${i}.id`] },
      });
    return ch.id;
  });
}

const param = (c: Context) => c.req.param("id") ?? "";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/status-pages/services", (c) => {
    const query = parseQuery(c, z.looseObject(serviceListQuerySchema.shape));
    const all = ctx.repo.listServices(c.get("accountId"));
    if (query.paginated === false) return c.json({ length: all.length, entries: all, nextId: null });
    return c.json(cursorOrThrow(all, query.limit ?? 20, query.nextId));
  });

  app.post("/v1/status-pages/services", async (c) => {
    const body = await parseBody(c, serviceBody);
    const checkIds = assertChecks(ctx, body.checks);
    const id = ctx.repo.transaction(() => ctx.repo.insertService(body.name, checkIds, isoMs(ctx.now())));
    return c.json(ctx.repo.getService(id, c.get("accountId")), 201);
  });

  app.get("/v1/status-pages/services/:id", (c) => {
    const s = ctx.repo.getService(param(c), c.get("accountId"));
    if (!s) throw notFound(NOT_FOUND);
    return c.json(s);
  });

  app.put("/v1/status-pages/services/:id", async (c) => {
    const id = param(c);
    if (!ctx.repo.getService(id, c.get("accountId"))) throw notFound(NOT_FOUND);
    const body = await parseBody(c, serviceBody);
    const checkIds = body.checks ? assertChecks(ctx, body.checks) : undefined;
    ctx.repo.transaction(() => ctx.repo.updateService(id, body.name, checkIds, isoMs(ctx.now())));
    return c.json(ctx.repo.getService(id, c.get("accountId")));
  });

  app.delete("/v1/status-pages/services/:id", (c) => {
    if (!ctx.repo.deleteService(param(c))) throw notFound(NOT_FOUND);
    return c.body(null, 204);
  });
}
