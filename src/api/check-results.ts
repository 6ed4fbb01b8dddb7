/**
 * Check results (api-notes §3.3, BEYOND THE SEED): v1 page/limit (bare array), v2 cursor (`nextId`),
 * and one result. `from`/`to` are UNIX seconds; the window is at most 6 h (checked client-side).
 */

import type {
  CheckResult,
  CheckResultPage,
  CheckResultsQuery,
  CheckResultsV2Query,
} from "../contract/schemas/check-results.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectCursor } from "./pagination.ts";

type Opts = { signal?: AbortSignal };

const schemas = onFirstUse(() => import("../contract/schemas/check-results.ts"));

/** The largest screenshot read (the service keeps smaller ones; an agent's result is bounded at 8 MiB). */
export const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;

/**
 * Where a result's screenshot is: an absolute https link the result carries (the hosted service's asset
 * links), else the service's screenshot route (a vigil extension: a relative `assets/…` path is in the
 * embedded service's data dir). Undefined when the result names none.
 */
export function screenshotSource(result: CheckResult): { url: string } | { route: true } | undefined {
  const r = result as Record<string, unknown>;
  for (const key of ["browserCheckResult", "multiStepCheckResult"]) {
    const part = r[key] as { screenshot?: unknown; jobAssets?: unknown } | null | undefined;
    const shot = part?.screenshot;
    if (typeof shot === "string" && shot) return /^https:\/\//i.test(shot) ? { url: shot } : { route: true };
    const linked = Array.isArray(part?.jobAssets)
      ? part.jobAssets.find(
          (a): a is string => typeof a === "string" && /^https:\/\/[^?#]+\.(png|jpe?g|webp)([?#]|$)/i.test(a),
        )
      : undefined;
    if (linked) return { url: linked };
  }
  return undefined;
}

export function checkResultsApi(http: HttpClient) {
  async function listV2(
    checkId: string,
    q: CheckResultsV2Query = {},
    opts: Opts = {},
  ): Promise<CheckResultPage> {
    const seg = pathId(checkId, "check id");
    const s = await schemas();
    const v = validateInput(s.checkResultsV2QuerySchema, q, "check results query");
    // `fields` narrows each entry; `id` is always asked for, as every entry is read by its id.
    const fields = v.fields && !v.fields.includes("id") ? ["id", ...v.fields] : v.fields;
    const res = await http.request({
      method: "GET",
      path: `/v2/check-results/${seg}`,
      query: { ...v, ...(fields ? { fields: fields.join(",") } : {}) },
      schema: s.checkResultPageSchema,
      signal: opts.signal,
    });
    return res.data;
  }

  async function get(checkId: string, resultId: string, opts: Opts = {}): Promise<CheckResult> {
    const path = `/v1/check-results/${pathId(checkId, "check id")}/${pathId(resultId, "result id")}`;
    const s = await schemas();
    const res = await http.request({
      method: "GET",
      path,
      schema: s.checkResultSchema,
      signal: opts.signal,
    });
    return res.data;
  }

  return {
    async list(checkId: string, q: CheckResultsQuery = {}, opts: Opts = {}): Promise<CheckResult[]> {
      const seg = pathId(checkId, "check id");
      const s = await schemas();
      const v = validateInput(s.checkResultsQuerySchema, q, "check results query");
      const res = await http.request({
        method: "GET",
        path: `/v1/check-results/${seg}`,
        query: { ...v },
        schema: s.checkResultListSchema,
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

    /**
     * A result's screenshot as bytes (PNG from the embedded service): from the absolute https link the
     * result carries (the API key only goes along to the service's own origin), else from
     * `/v1/check-results/{checkId}/{resultId}/screenshot`. `result`, when the caller has it, saves a read.
     */
    async screenshot(
      checkId: string,
      resultId: string,
      opts: Opts & { result?: CheckResult } = {},
    ): Promise<Uint8Array> {
      const path = `/v1/check-results/${pathId(checkId, "check id")}/${pathId(resultId, "result id")}`;
      const result = opts.result ?? (await get(checkId, resultId, opts));
      const source = screenshotSource(result);
      const res = await http.request({
        method: "GET",
        path: `${path}/screenshot`,
        ...(source && "url" in source ? { url: source.url } : {}),
        raw: { maxBytes: MAX_SCREENSHOT_BYTES, accept: "image/png, image/*" },
        signal: opts.signal,
      });
      return res.data as Uint8Array;
    },

    get,
  };
}
