/**
 * Check results (api-notes §3.3, beyond the seed): v1 page/limit bare array, v2 cursor page, one result.
 * Window: `from`/`to` in UNIX seconds, at most 6 h; a lone end becomes the other end ± 6 h; with neither,
 * the newest results whatever their age. `resultType` defaults to FINAL.
 *
 * A vigil extension: `GET /v1/check-results/{checkId}/{resultId}/screenshot` — the PNG a failed browser
 * run left (`browserCheckResult.screenshot`, `assets/<resultId>-screenshot.png` in the data dir), read
 * through the engine (engine.ts `readAsset`, which keeps to the data dir's assets); 404 when none is kept.
 */
import {
  checkResultsQuerySchema,
  checkResultsV2QuerySchema,
  MAX_RESULT_WINDOW_S,
  type ResultField,
} from "../../contract/schemas/check-results.ts";
import { objectIn } from "../../shared/json.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { resultJson } from "../engine/shape.ts";
import { badRequest, notFound } from "../errors.ts";
import type { ResultFilter } from "../repo/run-queries.ts";
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

/** The screenshot a result names (`browserCheckResult.screenshot`, `multiStepCheckResult.screenshot`). */
function screenshotRef(detail: Record<string, unknown> | null | undefined): string | undefined {
  for (const key of ["browserCheckResult", "multiStepCheckResult"]) {
    const shot = detail ? objectIn(detail, key)?.screenshot : undefined;
    if (typeof shot === "string" && shot) return shot;
  }
  return undefined;
}

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const requireCheck = (id: string) => {
    if (!ctx.repo.checkExists(id)) throw notFound("Check not found");
  };

  app.get("/v1/check-results/:checkId", (c) => {
    const q = parseQuery(c, checkResultsQuerySchema);
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const limit = q.limit ?? 10;
    const page = q.page ?? 1;
    const filter = filterOf(q);
    const rows = ctx.repo.listResults(checkId, filter, limit, page);
    return pagedJson(c, rows.map(resultJson), (page - 1) * limit, ctx.repo.countResults(checkId, filter));
  });

  app.get("/v2/check-results/:checkId", (c) => {
    const q = parseQuery(c, checkResultsV2QuerySchema);
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const page = ctx.repo.pageResults(checkId, filterOf(q), q.limit ?? 10, q.nextId);
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
  app.get("/v1/check-results/:checkId/:resultId/screenshot", (c) => {
    const checkId = c.req.param("checkId");
    requireCheck(checkId);
    const r = ctx.engine.store.getResult(checkId, c.req.param("resultId"));
    if (!r) throw notFound("Check result not found");
    const ref = screenshotRef(r.detail);
    const type = IMAGE_TYPES[/\.([a-z]+)$/i.exec(ref ?? "")?.[1]?.toLowerCase() ?? ""];
    if (!ref || !type) throw notFound("This result has no screenshot");
    const bytes = ctx.engine.readAsset(ref, r.id);
    if (!bytes) throw notFound("This result's screenshot is no longer kept (removed or past retention)");
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": type,
      "content-length": String(bytes.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
  });
}
