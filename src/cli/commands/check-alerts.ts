/**
 * `vigil check-alerts list [CHECK_ID]`: the state changes that raised alerts (api-notes §3.5, beyond the
 * seed), newest first — what happened; `vigil alert-notifications list` shows who was told.
 */
import { shownResponseTime } from "../../contract/check-types.ts";
import type { CheckAlert } from "../../contract/schemas/check-alerts.ts";
import { formatMs } from "../../shared/format.ts";
import { ONE_PAGE_OPTIONS, onePage, type ResourceSpec } from "../command.ts";
import { defined, parseTime } from "../input.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

const columns = (oneCheck: boolean): Column<CheckAlert>[] => [
  { header: "TIME", get: (a) => (a.created_at ? when(a.created_at) : undefined) },
  ...(oneCheck ? [] : [{ header: "CHECK", get: (a: CheckAlert) => a.name ?? a.checkId, min: 10 }]),
  { header: "ALERT", get: (a) => a.alertType },
  { header: "LOCATION", get: (a) => a.runLocation },
  { header: "CODE", get: (a) => a.statusCode, align: "right" },
  {
    header: "RESP",
    // a heartbeat's alert is about a ping that did not come: no response time (never "0 ms")
    get: (a) =>
      a.responseTime == null ? undefined : formatMs(shownResponseTime(a.checkType, a.responseTime)),
    align: "right",
  },
  { header: "ERROR", get: (a) => a.error, min: 10 },
];

/** A `--from`/`--to` value as UNIX seconds (what the API takes). */
const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000));

export const checkAlertsCommand: ResourceSpec = {
  name: "check-alerts",
  summary: "the alerts checks raised (failures, recoveries, degradations, SSL)",
  verbs: [
    {
      name: "list",
      summary: "list the alerts raised, of every check or of one, newest first",
      positionals: [{ name: "CHECK_ID", optional: true, help: "only this check's alerts" }],
      options: {
        from: {
          type: "string",
          value: "TIME",
          help: "window start: ISO date/time, UNIX seconds or a span ago like 2h (window at most 6 h)",
        },
        to: { type: "string", value: "TIME", help: "window end (default: 6 h after --from)" },
        ...ONE_PAGE_OPTIONS,
      },
      notes: [
        "Every state change that raised an alert is listed, whether or not an alert channel was subscribed; " +
          "the deliveries to channels are in `vigil alert-notifications list` (their checkAlertId is this " +
          "list's id). Without --from/--to: the newest alerts, whatever their age.",
      ],
      examples: ["vigil check-alerts list", "vigil check-alerts list CHECK_ID --from 6h --json"],
      async run(ctx) {
        const a = ctx.args;
        const checkId = a.arg("CHECK_ID");
        const now = Date.now();
        const from = a.string("from");
        const to = a.string("to");
        const query = defined({
          from: seconds(from === undefined ? undefined : parseTime(from, "from", now)),
          to: seconds(to === undefined ? undefined : parseTime(to, "to", now)),
          ...onePage(a),
        });
        const rows =
          checkId === undefined
            ? await ctx.client.checkAlerts.list(query)
            : await ctx.client.checkAlerts.forCheck(checkId, query);
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows, columns(checkId !== undefined));
        if (rows.length === 0) ctx.out.note("no check alerts in this window");
      },
    },
  ],
};
