/**
 * The alert delivery log, `GET /v1/alert-notifications` (api-notes §3.5, beyond the seed): page/limit bare
 * array, a window of at most 24 h. Its own rate-limit family (5 / 10 s) is handled by the HttpClient.
 */

import type { AlertNotification, AlertNotificationsQuery } from "../contract/schemas/alert-notifications.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { validateInput } from "./input.ts";

const schemas = onFirstUse(() => import("../contract/schemas/alert-notifications.ts"));

export function alertNotificationsApi(http: HttpClient) {
  return {
    async list(
      query: AlertNotificationsQuery = {},
      opts: { signal?: AbortSignal } = {},
    ): Promise<AlertNotification[]> {
      const s = await schemas();
      const q = validateInput(s.alertNotificationsQuerySchema, query, "alert notifications query");
      const res = await http.request({
        method: "GET",
        path: "/v1/alert-notifications",
        query: {
          limit: q.limit,
          page: q.page,
          from: q.from,
          to: q.to,
          alertChannelId: q.alertChannelId,
          hasFailures: q.hasFailures,
          status: q.status,
        },
        schema: s.alertNotificationListSchema,
        signal: opts.signal,
      });
      return res.data;
    },
  };
}

export type AlertNotificationsApi = ReturnType<typeof alertNotificationsApi>;
