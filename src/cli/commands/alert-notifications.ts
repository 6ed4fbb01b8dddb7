/** `vigil alert-notifications list`: the alert delivery log (api-notes §3.5, beyond the seed). */
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";

import { ONE_PAGE_OPTIONS, onePage, type ResourceSpec } from "../command.ts";
import { defined } from "../input.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/** The channel a delivery went to: its number and name (the config as sent), else its type: `3 Incident bot`. */
function channelText(n: AlertNotification): string | undefined {
  const cfg = (n.alertConfig ?? {}) as Record<string, unknown>;
  const name = typeof cfg.name === "string" && cfg.name !== "" ? cfg.name : undefined;
  const label = name ?? n.type ?? undefined;
  if (n.alertChannelId == null) return label;
  return label ? `${n.alertChannelId} ${label}` : String(n.alertChannelId);
}

const columns: Column<AlertNotification>[] = [
  { header: "ID", get: (n) => n.id, min: 8 },
  { header: "TIME", get: (n) => (n.timestamp ? when(n.timestamp) : undefined) },
  { header: "CHECK", get: (n) => n.checkName ?? n.checkId, min: 10 },
  { header: "TYPE", get: (n) => n.type },
  { header: "CHANNEL", get: channelText, min: 8 },
  { header: "ALERT", get: (n) => n.alertType },
  { header: "STATUS", get: (n) => n.status },
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
        failures: { type: "boolean", help: "only failed (or skipped) deliveries" },
        status: {
          type: "string",
          value: "S",
          help: "IN_PROGRESS, SUCCESS, FAILURE, RATE_LIMITED or SKIPPED",
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
