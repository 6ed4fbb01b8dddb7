/**
 * Check statuses (api-notes §3.2, beyond the seed): of each check that has run, the worst of the latest
 * FINAL results of the locations it runs in now, the newest of those in that state (repo/run-queries.ts
 * checkStatus) — the hosted API's is its latest result, whatever its location.
 * A check that never ran has no entry in the list (the console shows it as pending) and answers 404 alone.
 * When the latest run could not be made here (e.g. no usable browser) the status says so — `cannotRun`
 * with the reason — and is neither failing nor passing (a vigil extension; hosted clients ignore it).
 * Another: a cursor on every list, and `?changedSince=` answered with the statuses changed since
 * (src/service/repo/status-changes.ts; the headers: src/contract/schemas/check-statuses.ts). And
 * `fields=`: each status with only those members (the console's ~18 of ~37 MB at 100,000 checks).
 */
import { z } from "zod";
import {
  CHANGED_SINCE_PARAM,
  STATUS_CURSOR_HEADER,
  STATUS_FIELDS_PARAM,
  STATUS_SINCE_HEADER,
} from "../../contract/schemas/check-statuses.ts";
import { csvPreprocess } from "../../contract/schemas/query-params.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import type { CheckHead } from "../repo/checks.ts";
import type { StatusRow } from "../repo/run-queries.ts";
import { parseQuery, q } from "./validate.ts";

/** The list's query: its extensions (the rest, as the hosted API's, ignored). */
const listQuery = z.looseObject({
  [CHANGED_SINCE_PARAM]: q.one(z.string()).optional(),
  [STATUS_FIELDS_PARAM]: z.preprocess(csvPreprocess, z.array(z.string().min(1)).max(64)).optional(),
});

/** `status` with only the members `fields` names, in that order (all of them without). */
function picked(status: Record<string, unknown>, fields: ReadonlySet<string> | undefined) {
  if (!fields) return status;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (status[f] !== undefined) out[f] = status[f];
  return out;
}

type CheckRef = CheckHead;

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const view = (check: CheckRef, s: StatusRow | undefined) => {
    if (!s) return undefined;
    const cannotRun = s.latest.isCancelled;
    return {
      name: check.name,
      checkId: check.id,
      hasFailures: s.latest.hasFailures,
      hasErrors: s.latest.hasErrors,
      isDegraded: s.latest.isDegraded,
      ...(cannotRun ? { cannotRun: true, cannotRunReason: s.latest.errorMessage } : {}),
      longestRun: s.longestRun,
      shortestRun: s.shortestRun,
      lastRunLocation: s.latest.runLocation,
      lastCheckRunId: s.latest.id,
      sslDaysRemaining: null,
      created_at: check.createdAt,
      updated_at: new Date(s.updatedAt).toISOString(),
    };
  };
  app.get("/v1/check-statuses", (c) => {
    // a vigil extension: the cursor of this answer, and only what changed since the one asked with
    const query = parseQuery(c, listQuery);
    const since = query[CHANGED_SINCE_PARAM];
    const listed = query[STATUS_FIELDS_PARAM];
    const fields = listed ? new Set(listed) : undefined;
    const changes = ctx.repo.statusChanges(since);
    c.header(STATUS_CURSOR_HEADER, changes.cursor);
    if (since !== undefined && changes.ids) {
      c.header(STATUS_SINCE_HEADER, since);
      const out = [];
      for (const id of changes.ids) {
        const head = ctx.repo.checkHead(id);
        const s = head && view(head, ctx.repo.checkStatus(head, ctx.now()));
        if (s) out.push(picked(s, fields));
      }
      return c.json(out);
    }
    const heads = ctx.repo.checkHeads();
    const statuses = ctx.repo.checkStatuses(heads, ctx.now());
    const out = [];
    for (const [i, check] of heads.entries()) {
      const s = view(check, statuses[i]);
      if (s) out.push(picked(s, fields));
    }
    return c.json(out);
  });

  app.get("/v1/check-statuses/:checkId", (c) => {
    const row = ctx.repo.checkHead(c.req.param("checkId") ?? "");
    if (!row) throw notFound("Check not found");
    const s = view(row, ctx.repo.checkStatus(row, ctx.now()));
    if (!s) throw notFound("No status for this check yet");
    return c.json(s);
  });
}
