/**
 * Check results (api-notes §3.3, BEYOND THE SEED): v1 page/limit (bare array), v2 cursor (`nextId`),
 * and one result. `from`/`to` are UNIX seconds; the window is at most 6 h (checked client-side).
 */
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectCursor } from "./pagination.ts";
import {
  type CheckResult,
  type CheckResultPage,
  type CheckResultsQuery,
  type CheckResultsV2Query,
  checkResultListSchema,
  checkResultPageSchema,
  checkResultSchema,
  checkResultsQuerySchema,
  checkResultsV2QuerySchema,
} from "./schemas/check-results.ts";

type Opts = { signal?: AbortSignal };

export function checkResultsApi(http: HttpClient) {
  async function listV2(
    checkId: string,
    q: CheckResultsV2Query = {},
    opts: Opts = {},
  ): Promise<CheckResultPage> {
    const seg = pathId(checkId, "check id");
    const v = validateInput(checkResultsV2QuerySchema, q, "check results query");
    // `fields` narrows each entry; `id` is always asked for, as every entry is read by its id.
    const fields = v.fields && !v.fields.includes("id") ? ["id", ...v.fields] : v.fields;
    const res = await http.request({
      method: "GET",
      path: `/v2/check-results/${seg}`,
      query: { ...v, ...(fields ? { fields: fields.join(",") } : {}) },
      schema: checkResultPageSchema,
      signal: opts.signal,
    });
    return res.data;
  }

  return {
    async list(checkId: string, q: CheckResultsQuery = {}, opts: Opts = {}): Promise<CheckResult[]> {
      const seg = pathId(checkId, "check id");
      const v = validateInput(checkResultsQuerySchema, q, "check results query");
      const res = await http.request({
        method: "GET",
        path: `/v1/check-results/${seg}`,
        query: { ...v },
        schema: checkResultListSchema,
        signal: opts.signal,
      });
      return res.data;
    },

    listV2,

    /** Follow `nextId` to the end (or `maxItems`). */
    listAllV2(
      checkId: string,
      q: Omit<CheckResultsV2Query, "nextId"> = {},
      opts: { maxItems?: number } = {},
    ): Promise<CheckResult[]> {
      return collectCursor((nextId) => listV2(checkId, { ...q, ...(nextId ? { nextId } : {}) }), opts);
    },

    async get(checkId: string, resultId: string, opts: Opts = {}): Promise<CheckResult> {
      const res = await http.request({
        method: "GET",
        path: `/v1/check-results/${pathId(checkId, "check id")}/${pathId(resultId, "result id")}`,
        schema: checkResultSchema,
        signal: opts.signal,
      });
      return res.data;
    },
  };
}
