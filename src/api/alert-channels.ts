/**
 * Alert channels (seed §4.3, api-notes §4): list (page/limit, bare array), read, and — beyond the seed —
 * create, update and set one subscription. Channel secrets come back in `config`; mask them with
 * `maskAlertChannel` (secrets.ts) before display.
 */

import type {
  AlertChannel,
  AlertChannelCreateBody,
  AlertChannelListQuery,
  AlertChannelSubscription,
  AlertChannelSubscriptionBody,
} from "../contract/schemas/alert-channels.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectPages, type Page, totalOf } from "./pagination.ts";

/** What is kept of a subscription as it is read (`listPage`): it, or an equal one held. */
export type KeepSubscription = (
  sub: AlertChannelSubscription,
  channelAt: number,
  index: number,
) => AlertChannelSubscription;

/** Alert channel ids are positive integers. */
const schemas = onFirstUse(() => import("../contract/schemas/alert-channels.ts"));
type Schemas = Awaited<ReturnType<typeof schemas>>;

function channelId(s: Schemas, id: number): string {
  return pathId(validateInput(s.alertChannelIdSchema, id, "alert channel id"), "alert channel id");
}

export function alertChannelsApi(http: HttpClient) {
  /**
   * One page, with the list's total when the server gives it (Content-Range). Asked conditionally
   * (`revalidate`): a page asked again that the server says is unchanged (304, vigil's service: its ETag is
   * the list's version) is the page held, its `items` the same array — no body read, parsed or validated.
   * A page read in full (the first time, after any change, and every time from a server without ETags —
   * the hosted API) is read in slices as it arrives (HttpClient.requestArray), each channel's
   * `subscriptions` apart: at 10,000 checks a page of channels subscribed to every check is ~4.7 MB, a
   * channel ~1.5 MB, and parsed and validated at once it held the console's thread 20–25 ms — a key
   * pressed meanwhile waited that long. Each subscription is still checked by its schema, each channel by
   * the channel's (alertChannelListSchema's element): what does not fit is an error, as before. `keep`:
   * what is kept of each subscription as it is parsed (`channelAt`: its channel's place in the page) — the
   * store keeps the one it holds when equal (lists/alert-channels.ts).
   */
  async function listPage(
    query: AlertChannelListQuery = {},
    opts: { keep?: KeepSubscription | undefined } = {},
  ): Promise<Page<AlertChannel>> {
    const s = await schemas();
    const q = validateInput(s.alertChannelListQuerySchema, query, "alert channel list");
    const res = await http.requestArray(
      {
        method: "GET",
        path: "/v1/alert-channels",
        query: { limit: q.limit, page: q.page },
        revalidate: true,
        arrayApart: { member: "subscriptions", element: s.alertChannelSubscriptionSchema, each: opts.keep },
      },
      s.alertChannelSchema,
    );
    return { items: res.data, total: totalOf(res.headers["content-range"]) };
  }

  return {
    async list(query: AlertChannelListQuery = {}): Promise<AlertChannel[]> {
      return (await listPage(query)).items;
    },

    listPage,

    /** Every channel, 100 per page, up to the server's total (or a short page). */
    listAll(opts: { maxItems?: number } = {}): Promise<AlertChannel[]> {
      return collectPages((page, limit) => listPage({ page, limit }), { limit: 100, ...opts });
    },

    async get(id: number): Promise<AlertChannel> {
      const s = await schemas();
      const res = await http.request({
        method: "GET",
        path: `/v1/alert-channels/${channelId(s, id)}`,
        schema: s.alertChannelSchema,
      });
      return res.data;
    },

    /** Beyond the seed: POST /v1/alert-channels (201). Defaults of the body schema are applied. */
    async create(body: AlertChannelCreateBody): Promise<AlertChannel> {
      const s = await schemas();
      const b = validateInput(s.alertChannelCreateBodySchema, body, "alert channel");
      const res = await http.request({
        method: "POST",
        path: "/v1/alert-channels",
        body: b,
        schema: s.alertChannelSchema,
      });
      return res.data;
    },

    /** Beyond the seed: PUT /v1/alert-channels/{id} with a whole channel body. */
    async update(id: number, body: AlertChannelCreateBody): Promise<AlertChannel> {
      const s = await schemas();
      const seg = channelId(s, id);
      const b = validateInput(s.alertChannelUpdateBodySchema, body, "alert channel");
      const res = await http.request({
        method: "PUT",
        path: `/v1/alert-channels/${seg}`,
        body: b,
        schema: s.alertChannelSchema,
      });
      return res.data;
    },

    /** Beyond the seed: PUT /v1/alert-channels/{id}/subscriptions → the one subscription entry. */
    async setSubscription(id: number, body: AlertChannelSubscriptionBody): Promise<AlertChannelSubscription> {
      const s = await schemas();
      const seg = channelId(s, id);
      const b = validateInput(s.alertChannelSubscriptionBodySchema, body, "alert channel subscription");
      const res = await http.request({
        method: "PUT",
        path: `/v1/alert-channels/${seg}/subscriptions`,
        body: b,
        schema: s.alertChannelSubscriptionSchema,
      });
      return res.data;
    },
  };
}

export type AlertChannelsApi = ReturnType<typeof alertChannelsApi>;
