/** `vigil alert-notifications list`: the alert delivery log (api-notes §3.5, beyond the seed). */
import { channelLabel, channelTarget } from "../../contract/channel-types.ts";
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import { deliveryLabel } from "../../store/triage/delivery-state.ts";
import { ONE_PAGE_OPTIONS, onePage, type ResourceSpec } from "../command.ts";
import { defined } from "../input.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/**
 * The channel a delivery went to, named as the console names it: `#5 PAGING Storefront` — its number, its
 * type and its target in the config as sent (masked), whatever the type.
 */
function channelText(n: AlertNotification): string | undefined {
  const target = channelTarget({ type: n.type, config: n.alertConfig ?? {} }) || undefined;
  return channelLabel(n.alertChannelId, n.type, target) || undefined;
}

const columns: Column<AlertNotification>[] = [
  { header: "ID", get: (n) => n.id, min: 8 },
  { header: "TIME", get: (n) => (n.timestamp ? when(n.timestamp) : undefined) },
  { header: "CHECK", get: (n) => n.checkName ?? n.checkId, min: 10 },
  { header: "TYPE", get: (n) => n.type },
  { header: "CHANNEL", get: channelText, min: 8 },
  { header: "ALERT", get: (n) => n.alertType },
  // the console's word and mark (store/triage/delivery-state.ts): `⊘ not sent`, not SKIPPED; --json and
  // --status keep the API's
  { header: "STATUS", get: deliveryLabel },
  { header: "TRIES", get: (n) => n.attemptCount ?? n.attempts?.length, align: "right" },
  { header: "RESULT", get: (n) => n.notificationResult, min: 10 },
];

export const alertNotificationsCommand: ResourceSpec = {
  name: "alert-notifications",
  summary: "the alert delivery log",
  verbs: [
    {
      name: "list",
      summary: "list alert deliveries of a 24 h window (default: the last 24 h), newest first",
      options: {
        channel: { type: "string", value: "ID", help: "only this alert channel" },
        failures: { type: "boolean", help: "only deliveries failed, rate limited or not sent" },
        status: {
          type: "string",
          value: "S",
          help: "IN_PROGRESS (sending, retrying), SUCCESS (sent), FAILURE (failed), RATE_LIMITED (rate limited) or SKIPPED (not sent)",
        },
        from: { type: "string", value: "WHEN", help: "window start: UNIX seconds or ISO date-time" },
        to: { type: "string", value: "WHEN", help: "window end: UNIX seconds or ISO date-time" },
        ...ONE_PAGE_OPTIONS,
      },
      async run(ctx) {
        const rows = await ctx.client.alertNotifications.list(
          defined({
            alertChannelId: ctx.args.int("channel", { min: 1 }),
            hasFailures: ctx.args.flag("failures") ? true : undefined,
            status: ctx.args.string("status") as "SUCCESS" | undefined,
            from: ctx.args.string("from"),
            to: ctx.args.string("to"),
            ...onePage(ctx.args),
          }),
        );
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows, columns);
      },
    },
  ],
};
