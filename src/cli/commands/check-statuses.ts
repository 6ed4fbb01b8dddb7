/** `vigil check-statuses list|get`: the latest state of each check (beyond the seed, api-notes §3.2). */
import type { CheckStatus } from "../../contract/schemas/check-statuses.ts";
import { checkHealth, formatMs, statusSymbol } from "../../shared/format.ts";
import type { ResourceSpec } from "../command.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

const health = (s: CheckStatus) => {
  const h = checkHealth(s);
  return `${statusSymbol(h).symbol} ${h}`;
};

export const checkStatusesCommand: ResourceSpec = {
  name: "check-statuses",
  summary: "the latest state of every check",
  verbs: [
    {
      name: "list",
      summary: "list the latest state of every check",
      async run(ctx) {
        const rows = await ctx.client.checkStatuses.list();
        if (ctx.out.json) return ctx.out.printJson(rows);
        const cols: Column<CheckStatus>[] = [
          { header: "CHECK ID", get: (s) => s.checkId, min: 8 },
          { header: "NAME", get: (s) => s.name, min: 10 },
          { header: "STATUS", get: health },
          { header: "LAST LOCATION", get: (s) => s.lastRunLocation },
          { header: "SHORTEST", get: (s) => formatMs(s.shortestRun), align: "right" },
          { header: "LONGEST", get: (s) => formatMs(s.longestRun), align: "right" },
          { header: "SSL DAYS", get: (s) => s.sslDaysRemaining, align: "right" },
          { header: "UPDATED", get: (s) => when(s.updated_at) },
        ];
        ctx.out.table(rows, cols);
      },
    },
    {
      name: "get",
      summary: "show the latest state of one check",
      positionals: [{ name: "CHECK_ID" }],
      async run(ctx) {
        const s = await ctx.client.checkStatuses.get(ctx.args.need("CHECK_ID"));
        if (ctx.out.json) return ctx.out.printJson(s);
        ctx.out.detail([
          ["Check ID", s.checkId],
          ["Name", s.name ?? undefined],
          ["Status", health(s)],
          ["Last location", s.lastRunLocation ?? undefined],
          ["Last run ID", s.lastCheckRunId ?? undefined],
          ["Shortest run", formatMs(s.shortestRun)],
          ["Longest run", formatMs(s.longestRun)],
          ["SSL days left", s.sslDaysRemaining ?? undefined],
          ["Updated", s.updated_at ? when(s.updated_at) : undefined],
        ]);
      },
    },
  ],
};
