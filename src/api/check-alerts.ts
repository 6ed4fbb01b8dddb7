/**
 * Check alerts, `GET /v1/check-alerts[/{checkId}]` (api-notes §3.5, beyond the seed): the state changes
 * that raised alerts, newest first, page/limit bare array; `from`/`to` bound a window of at most 6 h.
 */

import type { CheckAlert, CheckAlertsQuery } from "../contract/schemas/check-alerts.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

type Opts = { signal?: AbortSignal };

const schemas = onFirstUse(() => import("../contract/schemas/check-alerts.ts"));

export function checkAlertsApi(http: HttpClient) {
  async function get(path: string, query: CheckAlertsQuery, opts: Opts): Promise<CheckAlert[]> {
    const s = await schemas();
    const q = validateInput(s.checkAlertsQuerySchema, query, "check alerts query");
    const res = await http.request({
      method: "GET",
      path,
      query: { limit: q.limit, page: q.page, from: q.from, to: q.to },
      schema: s.checkAlertListSchema,
      signal: opts.signal,
    });
    return res.data;
  }

  return {
    /** Every check's alerts. */
    list(query: CheckAlertsQuery = {}, opts: Opts = {}): Promise<CheckAlert[]> {
      return get("/v1/check-alerts", query, opts);
    },
    /** One check's alerts (404 for an unknown check). */
    forCheck(checkId: string, query: CheckAlertsQuery = {}, opts: Opts = {}): Promise<CheckAlert[]> {
      return get(`/v1/check-alerts/${pathId(checkId, "check id")}`, query, opts);
    },
  };
}

export type CheckAlertsApi = ReturnType<typeof checkAlertsApi>;
