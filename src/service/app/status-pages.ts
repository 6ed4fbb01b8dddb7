/**
 * Status pages: cursor list (seed §4.5, entries with accountId, dates, cards with services, incidents),
 * read, PUT (page, cards and services together), plus hosted-style create (201) and delete (204).
 *
 * PUT semantics (seed: "updates the page together with its related services and cards"): the body is the
 * whole page. Cards given with the id of one of this page's cards are updated in place; cards without id
 * (or with an id this page does not have) are created; the page's cards missing from the body are removed.
 * Every referenced service must exist (400 otherwise). A `url` or `customDomain` another page uses is 409.
 */
import type { Context } from "hono";
import { z } from "zod";
import { cursorQuerySchema } from "../../contract/schemas/services.ts";
import {
  statusPageCreateBodySchema,
  statusPageUpdateBodySchema,
} from "../../contract/schemas/status-pages.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import type { CardInput, PageFields } from "../repo/status-pages.ts";
import { isoMs } from "../repo/util.ts";
import { cursorOrThrow } from "./services.ts";
import { parseBody, parseQuery } from "./validate.ts";

const NOT_FOUND = "Status page not found";

type PageBody = ReturnType<typeof statusPageUpdateBodySchema.parse>;

function split(
  ctx: ServiceContext,
  body: PageBody,
  exceptId?: string,
): { fields: PageFields; cards: CardInput[] } {
  const { cards, ...fields } = body;
  const inputs = cards.map((card, i) => ({
    id: card.id,
    name: card.name,
    services: (card.services ?? []).map((s, j) => {
      if (!ctx.repo.serviceExists(s.id))
        throw new ServiceError(400, `"cards[${i}].services[${j}].id" must be an existing service`, {
          validation: { source: "payload", keys: [`cards.${i}.services.${j}.id`] },
        });
      return { id: s.id };
    }),
  }));
  const taken = ctx.repo.clash(fields, exceptId);
  if (taken)
    throw new ServiceError(
      409,
      `The ${taken} "${taken === "url" ? fields.url : fields.customDomain}" is already in use`,
    );
  return { fields, cards: inputs };
}

const param = (c: Context) => c.req.param("id") ?? "";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/status-pages", (c) => {
    const query = parseQuery(c, z.looseObject(cursorQuerySchema.shape));
    return c.json(cursorOrThrow(ctx.repo.listPages(c.get("accountId")), query.limit ?? 20, query.nextId));
  });

  app.post("/v1/status-pages", async (c) => {
    const body = await parseBody(c, statusPageCreateBodySchema);
    const { fields, cards } = split(ctx, body);
    const id = ctx.repo.transaction(() => ctx.repo.insertPage(fields, cards, isoMs(ctx.now())));
    return c.json(ctx.repo.getPage(id, c.get("accountId")), 201);
  });

  app.get("/v1/status-pages/:id", (c) => {
    const page = ctx.repo.getPage(param(c), c.get("accountId"));
    if (!page) throw notFound(NOT_FOUND);
    return c.json(page);
  });

  app.put("/v1/status-pages/:id", async (c) => {
    const id = param(c);
    if (!ctx.repo.getPage(id, c.get("accountId"))) throw notFound(NOT_FOUND);
    const body = await parseBody(c, statusPageUpdateBodySchema);
    const { fields, cards } = split(ctx, body, id);
    ctx.repo.transaction(() => ctx.repo.updatePage(id, fields, cards, isoMs(ctx.now())));
    return c.json(ctx.repo.getPage(id, c.get("accountId")));
  });

  app.delete("/v1/status-pages/:id", (c) => {
    if (!ctx.repo.deletePage(param(c))) throw notFound(NOT_FOUND);
    return c.body(null, 204);
  });
}
