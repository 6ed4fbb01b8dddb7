/** Check statuses (api-notes §3.2, BEYOND THE SEED): one bare array for all checks, or one check's row. */

import {
  type CheckStatus,
  checkStatusListSchema,
  checkStatusSchema,
} from "../contract/schemas/check-statuses.ts";
import type { HttpClient } from "./http.ts";
import { pathId } from "./input.ts";

export function checkStatusesApi(http: HttpClient) {
  return {
    async list(opts: { signal?: AbortSignal } = {}): Promise<CheckStatus[]> {
      const res = await http.request({
        method: "GET",
        path: "/v1/check-statuses",
        schema: checkStatusListSchema,
        signal: opts.signal,
      });
      return res.data;
    },

    async get(checkId: string, opts: { signal?: AbortSignal } = {}): Promise<CheckStatus> {
      const res = await http.request({
        method: "GET",
        path: `/v1/check-statuses/${pathId(checkId, "check id")}`,
        schema: checkStatusSchema,
        signal: opts.signal,
      });
      return res.data;
    },
  };
}
