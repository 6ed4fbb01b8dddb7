/**
 * Check results (api-notes §3.3, beyond the seed): v1 page/limit bare array, v2 cursor page, one result.
 * Window: `from`/`to` in UNIX seconds, at most 6 h; a lone end becomes the other end ± 6 h; with neither,
 * the newest results whatever their age. `resultType` defaults to FINAL.
 */
import {
  checkResultsQuerySchema,
  checkResultsV2QuerySchema,
  MAX_RESULT_WINDOW_S,
  type ResultField,
} from "../../api/schemas/check-results.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { resultJson } from "../engine/shape.ts";
import { badRequest, notFound } from "../errors.ts";
import { checkExists } from "../repo/checks.ts";
import { countResults, listResults, pageResults, type ResultFilter } from "../repo/run-queries.ts";
import { pagedJson } from "./paging.ts";
import { parseQuery } from "./validate.ts";

/** Only the named members of a result (`createdAt` is the hosted alias of `created_at`). */
function project(fields: readonly ResultField[]) {
  return (r: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = f === "createdAt" ? r.created_at : r[f];
      if (v !== undefined) out[f] = v;
    }
    return out;
  };
}

type WindowQuery = {
  from?: number | undefined;
  to?: number | undefined;
  location?: string | undefined;
  checkType?: string | undefined;
  hasFailures?: boolean | undefined;
  resultType?: "FINAL" | "ATTEMPT" | "ALL" | undefined;
};

function filterOf(q: WindowQuery): ResultFilter {
  const span = MAX_RESULT_WINDOW_S;
  let from = q.from;
  let to = q.to;
  if (from !== undefined && to === undefined) to = from + span;
  if (to !== undefined && from === undefined) from = to - span;
  return {
    from: from === undefined ? undefined : from * 1000,
    to: to === undefined ? undefined : to * 1000,
    location: q.location,
    checkType: q.checkType,
    hasFailures: q.hasFailures,
    resultType: q.resultType,
  };
}

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const requireCheck = (id: string) => {
    if (!checkExists(ctx.db, id)) throw notFound("Check not found");
  };

  app.get("/v1/check-results/:checkId", (c) => {
    const q = parseQuery(c, checkResultsQuerySchema);
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const limit = q.limit ?? 10;
    const page = q.page ?? 1;
    const filter = filterOf(q);
    const rows = listResults(ctx.db, checkId, filter, limit, page);
    return pagedJson(c, rows.map(resultJson), (page - 1) * limit, countResults(ctx.db, checkId, filter));
  });

  app.get("/v2/check-results/:checkId", (c) => {
    const q = parseQuery(c, checkResultsV2QuerySchema);
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const page = pageResults(ctx.db, checkId, filterOf(q), q.limit ?? 10, q.nextId);
    if (!page) throw badRequest('"nextId" is not a valid cursor', "query", ["nextId"]);
    const shape = q.fields?.length ? project(q.fields) : (r: Record<string, unknown>) => r;
    return c.json({
      length: page.entries.length,
      entries: page.entries.map((r) => shape(resultJson(r))),
      nextId: page.nextId,
    });
  });

  app.get("/v1/check-results/:checkId/:resultId", (c) => {
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const r = ctx.engine.store.getResult(checkId, c.req.param("resultId"));
    if (!r) throw notFound("Check result not found");
    return c.json(resultJson(r));
  });
}
