/**
 * Alert channels: list (page/limit, bare array) and read (seed §4.3), plus hosted-style create (201),
 * update, delete (204) and `PUT /v1/alert-channels/{id}/subscriptions` (api-notes §4). Bodies are validated
 * with the client's schemas (src/contract/schemas/alert-channels.ts). The list answers conditional GETs
 * (ETag, If-None-Match → 304; conditional.ts): the console asks it again every 30 s, and at 10,000 checks
 * its channels' subscriptions make it ~4.7 MB.
 */
import type { Context } from "hono";
import { z } from "zod";
import {
  alertChannelCreateBodySchema,
  alertChannelIdSchema,
  alertChannelListQuerySchema,
  alertChannelSubscriptionBodySchema,
  alertChannelUpdateBodySchema,
} from "../../contract/schemas/alert-channels.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { badRequest, notFound, ServiceError } from "../errors.ts";
import type { ChannelInput } from "../repo/alert-channels.ts";
import { isoMs } from "../repo/util.ts";
import { notModified } from "./conditional.ts";
import { pagedJson } from "./paging.ts";
import { parseBody, parseQuery, validate } from "./validate.ts";

type ChannelBody = ReturnType<typeof alertChannelCreateBodySchema.parse>;

const NOT_FOUND = "Alert channel not found";

function channelId(c: Context): number {
  return validate(z.object({ id: alertChannelIdSchema }), { id: c.req.param("id") }, "params").id;
}

function toInput(b: ChannelBody): ChannelInput {
  return {
    type: b.type,
    config: b.config,
    sendRecovery: b.sendRecovery,
    sendFailure: b.sendFailure,
    sendDegraded: b.sendDegraded,
    sslExpiry: b.sslExpiry,
    sslExpiryThreshold: b.sslExpiryThreshold,
    autoSubscribe: b.autoSubscribe,
  };
}

function assertChecksExist(ctx: ServiceContext, subs: { checkId?: string | null }[] | undefined): void {
  subs?.forEach((s, i) => {
    if (s.checkId && !ctx.repo.checkExists(s.checkId))
      throw new ServiceError(400, `"subscriptions[${i}].checkId" must be an existing check`, {
        validation: { source: "payload", keys: [`subscriptions.${i}.checkId`] },
      });
  });
}

export function register(app: ServiceApp, ctx: ServiceContext): void {
  /**
   * The list's ETag: this service's start (a copy of the file, or one restored from a backup, may hold
   * the same version with other channels) and the version the database keeps (migration 010). It is read
   * before the channels: a write landing between the two makes the tag older than the answer — asked
   * again, a full answer — never newer. Without the version's row (a file edited by hand) no tag at all:
   * every read in full, never a 304 that could hide a write.
   *
   * The epoch is drawn from Web Crypto, apart from `randomUUID`: a seeded run (`npm run screens`,
   * scripts/screens/fixed-clock.ts) makes the demo's ids from randomUUID's sequence, which a draw here
   * would shift.
   */
  const epoch = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(4))).toString("hex");
  app.get("/v1/alert-channels", (c) => {
    const query = parseQuery(c, z.looseObject(alertChannelListQuerySchema.shape));
    const version = ctx.repo.channelsVersion();
    const etag = version === undefined ? undefined : `"ac-${epoch}-${version}"`;
    if (etag) {
      const same = notModified(c, etag);
      if (same) return same;
    }
    const limit = query.limit ?? 10;
    const offset = ((query.page ?? 1) - 1) * limit;
    const items = ctx.repo.listChannels(limit, offset);
    return pagedJson(c, items, offset, ctx.repo.countChannels(), etag ? { ETag: etag } : {});
  });

  app.get("/v1/alert-channels/:id", (c) => {
    const ch = ctx.repo.getChannel(channelId(c));
    if (!ch) throw notFound(NOT_FOUND);
    return c.json(ch);
  });

  app.post("/v1/alert-channels", async (c) => {
    const body = await parseBody(c, alertChannelCreateBodySchema);
    assertChecksExist(ctx, body.subscriptions);
    const id = ctx.repo.transaction(() => {
      const newId = ctx.repo.insertChannel(toInput(body), isoMs(ctx.now()));
      if (body.subscriptions) ctx.repo.replaceSubscriptions(newId, body.subscriptions);
      return newId;
    });
    return c.json(ctx.repo.getChannel(id), 201);
  });

  app.put("/v1/alert-channels/:id", async (c) => {
    const id = channelId(c);
    if (!ctx.repo.getChannelRow(id)) throw notFound(NOT_FOUND);
    const body = await parseBody(c, alertChannelUpdateBodySchema);
    assertChecksExist(ctx, body.subscriptions);
    ctx.repo.transaction(() => {
      ctx.repo.updateChannel(id, toInput(body), isoMs(ctx.now()));
      if (body.subscriptions) ctx.repo.replaceSubscriptions(id, body.subscriptions);
    });
    return c.json(ctx.repo.getChannel(id));
  });

  app.delete("/v1/alert-channels/:id", (c) => {
    if (!ctx.repo.deleteChannel(channelId(c))) throw notFound(NOT_FOUND);
    return c.body(null, 204);
  });

  app.put("/v1/alert-channels/:id/subscriptions", async (c) => {
    const id = channelId(c);
    if (!ctx.repo.getChannelRow(id)) throw notFound(NOT_FOUND);
    const body = await parseBody(c, alertChannelSubscriptionBodySchema);
    assertChecksExist(ctx, [body]);
    const target = body.checkId
      ? { checkId: body.checkId }
      : body.groupId
        ? { groupId: body.groupId }
        : undefined;
    // the schema already refuses a body with neither
    if (!target)
      throw badRequest("give exactly one of checkId or groupId", "payload", ["checkId", "groupId"]);
    const sub = ctx.repo.upsertSubscription(id, target, body.activated);
    ctx.repo.touchChannel(id, isoMs(ctx.now()));
    return c.json(sub);
  });
}
