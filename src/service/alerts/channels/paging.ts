/**
 * PAGING channels: events-style trigger / resolve, posted to the configured events endpoint
 * (VIGIL_PAGING_URL; the real service is unreachable offline). The routing key is the channel's
 * `serviceKey` (kept in the delivery's secret column, added at send time). One dedup key per check
 * (`vigil-<checkId>`, SSL alerts `vigil-ssl-<checkId>`), so a recovery resolves the incident its failure
 * opened: failure and degraded alerts trigger, recoveries resolve.
 */

import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { isObject } from "../../../shared/json.ts";
import { HTTP, urlSetting } from "../settings.ts";
import { postJson } from "./http.ts";
import { channelTransport, shortText, str } from "./types.ts";

export function dedupKey(checkId: string, ssl: boolean): string {
  return ssl ? `vigil-ssl-${checkId}` : `vigil-${checkId}`;
}

const settings = {
  pagingUrl: urlSetting({
    env: "VIGIL_PAGING_URL",
    schemes: HTTP,
    doc: "PAGING events endpoint (trigger/resolve)",
  }),
};

export const pagingTransport = channelTransport(CHANNEL_TYPE_SPECS.PAGING, {
  settings,
  prepare(config, ctx) {
    const url = ctx.config.pagingUrl;
    if (!url)
      return { kind: "skip", reason: `PAGING transport not configured (set ${settings.pagingUrl.env})` };
    const serviceKey = config.serviceKey ?? "";
    if (!serviceKey) return { kind: "skip", reason: "PAGING channel has no serviceKey" };
    const resolve = ctx.family === "recovery";
    const v = ctx.variables;
    const event = {
      event_action: resolve ? "resolve" : "trigger",
      dedup_key: dedupKey(ctx.alert.check.id, ctx.family === "ssl"),
      ...(resolve
        ? {}
        : {
            payload: {
              summary: shortText(ctx),
              source: String(v.RUN_LOCATION ?? "vigil"),
              severity: ctx.family === "failure" ? "critical" : "warning",
              timestamp: new Date(ctx.now).toISOString(),
              component: ctx.alert.check.name,
              custom_details: v,
            },
          }),
    };
    return { kind: "ready", payload: { url, event }, secret: serviceKey };
  },
  send(payload, ctx) {
    const body = { routing_key: ctx.secret ?? "", ...(isObject(payload.event) ? payload.event : {}) };
    return postJson(str(payload.url), JSON.stringify(body), ctx);
  },
});
