/**
 * ONCALL channels: alerts-style create / close with an alias, against the configured alerts API base
 * (VIGIL_ONCALL_URL; the real service is unreachable offline): failure, degraded and SSL alerts create
 * (`POST {base}/v2/alerts`), recoveries close (`POST {base}/v2/alerts/{alias}/close?identifierType=alias`).
 * The alias is one per check (`vigil-<checkId>`, SSL `vigil-ssl-<checkId>`). The channel's `apiKey` is sent
 * as `Authorization: GenieKey <apiKey>` and kept in the delivery's secret column, never in the payload.
 */

import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { HTTP, urlSetting } from "../settings.ts";
import { postJson } from "./http.ts";
import { dedupKey } from "./paging.ts";
import { channelTransport, shortText, str } from "./types.ts";

const settings = {
  oncallUrl: urlSetting({
    env: "VIGIL_ONCALL_URL",
    schemes: HTTP,
    doc: "ONCALL alerts API base (create/close)",
  }),
};

export const oncallTransport = channelTransport(CHANNEL_TYPE_SPECS.ONCALL, {
  settings,
  prepare(config, ctx) {
    const base = ctx.config.oncallUrl;
    if (!base)
      return { kind: "skip", reason: `ONCALL transport not configured (set ${settings.oncallUrl.env})` };
    const apiKey = config.apiKey ?? "";
    if (!apiKey) return { kind: "skip", reason: "ONCALL channel has no apiKey" };
    const alias = dedupKey(ctx.alert.check.id, ctx.family === "ssl");
    const root = base.replace(/\/+$/, "");
    if (ctx.family === "recovery") {
      return {
        kind: "ready",
        secret: apiKey,
        payload: {
          url: `${root}/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`,
          body: JSON.stringify({ source: "vigil", note: String(ctx.variables.ALERT_TITLE ?? "") }),
        },
      };
    }
    const body = {
      message: String(ctx.variables.ALERT_TITLE ?? "").slice(0, 130),
      alias,
      description: shortText(ctx),
      priority: config.priority || "P3",
      source: "vigil",
      tags: ctx.alert.check.tags ?? [],
      details: { checkId: ctx.alert.check.id, alertType: String(ctx.variables.ALERT_TYPE ?? "") },
    };
    return {
      kind: "ready",
      secret: apiKey,
      payload: { url: `${root}/v2/alerts`, body: JSON.stringify(body) },
    };
  },
  send(payload, ctx) {
    return postJson(str(payload.url), str(payload.body), ctx, {
      authorization: `GenieKey ${ctx.secret ?? ""}`,
    });
  },
});
