/**
 * Status-page email subscriptions (hosted `/v1/status-pages/{id}/subscriptions`, beyond the seed): list,
 * bulk create (201), delete (204).
 */

import type {
  StatusPageSubscription,
  StatusPageSubscriptionsBulkBody,
  StatusPageSubscriptionsBulkResult,
} from "../contract/schemas/status-page-subscriptions.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

const schemas = onFirstUse(() => import("../contract/schemas/status-page-subscriptions.ts"));

export function statusPageSubscriptionsApi(http: HttpClient) {
  const base = (pageId: string) => `/v1/status-pages/${pathId(pageId, "status page id")}/subscriptions`;
  return {
    async list(pageId: string): Promise<StatusPageSubscription[]> {
      const path = base(pageId);
      const s = await schemas();
      const res = await http.request({
        method: "GET",
        path,
        schema: s.statusPageSubscriptionListSchema,
      });
      return res.data;
    },
    async bulkCreate(
      pageId: string,
      body: StatusPageSubscriptionsBulkBody,
    ): Promise<StatusPageSubscriptionsBulkResult> {
      const s = await schemas();
      const b = validateInput(s.statusPageSubscriptionsBulkBodySchema, body, "status page subscriptions");
      const res = await http.request({
        method: "POST",
        path: `${base(pageId)}/bulk`,
        body: b,
        schema: s.statusPageSubscriptionsBulkResultSchema,
      });
      return res.data;
    },
    async remove(pageId: string, subscriptionId: string): Promise<void> {
      await http.request({
        method: "DELETE",
        path: `${base(pageId)}/${pathId(subscriptionId, "subscription id")}`,
      });
    },
  };
}
