/**
 * Status-page email subscriptions (hosted `/v1/status-pages/{id}/subscriptions`, beyond the seed):
 * list (bare array), bulk create (`{subscriptions: [{type: "EMAIL", config: address}] (1–100), autoVerify}`
 * → 201 `{created, skipped, status}`), delete (204).
 */
import { z } from "zod";
import { openEnum, optOr } from "./common.ts";

export const statusPageSubscriptionSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  address: z.string(),
  status: openEnum(["PENDING", "VERIFIED"]),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type StatusPageSubscription = z.infer<typeof statusPageSubscriptionSchema>;
export const statusPageSubscriptionListSchema = z.array(statusPageSubscriptionSchema);

export const statusPageSubscriptionsBulkBodySchema = z.object({
  subscriptions: z
    .array(z.object({ type: z.literal("EMAIL"), config: z.email() }))
    .min(1)
    .max(100),
  autoVerify: optOr(z.boolean(), false),
});
export type StatusPageSubscriptionsBulkBody = z.input<typeof statusPageSubscriptionsBulkBodySchema>;

export const statusPageSubscriptionsBulkResultSchema = z.looseObject({
  created: z.number(),
  skipped: z.number(),
  status: openEnum(["PENDING", "VERIFIED"]),
});
export type StatusPageSubscriptionsBulkResult = z.infer<typeof statusPageSubscriptionsBulkResultSchema>;
