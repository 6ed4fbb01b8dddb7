/**
 * `vigil check-statuses list|get`: the latest state of each check (beyond the seed, api-notes §3.2). A
 * passive check's (a heartbeat's) runs are pings, which have no response time: its shortest and longest
 * run are "—", not the "0 ms" the status carries (the check's type is read with it: the status has none).
 */
import { isPassive } from "../../contract/check-types.ts";
import type { CheckStatus } from "../../contract/schemas/check-statuses.ts";
import { checkHealth, formatMs, statusSymbol } from "../../shared/format.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/** The ids of the passive checks among all (undefined when the checks could not be read: shown as stored). */
async function passiveIds(ctx: CommandContext): Promise<Set<string> | undefined> {
  try {
    const checks = await ctx.client.checks.listAll();
    return new Set(checks.filter((c) => isPassive(String(c.checkType))).map((c) => c.id));
  } catch {
    return undefined;
  }
}

const NO_RESPONSE = "— (its runs are pings: no response time)";
const runMs = (ms: number | null | undefined, passive: boolean) => (passive ? undefined : formatMs(ms));

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
        if (ctx.out.json) return ctx.out.printJson(await ctx.client.checkStatuses.list());
        const [rows, passive] = await Promise.all([ctx.client.checkStatuses.list(), passiveIds(ctx)]);
        const isHb = (s: CheckStatus) => passive?.has(String(s.checkId)) ?? false;
        const cols: Column<CheckStatus>[] = [
          { header: "CHECK ID", get: (s) => s.checkId, min: 8 },
          { header: "NAME", get: (s) => s.name, min: 10 },
          { header: "STATUS", get: health },
          { header: "LAST LOCATION", get: (s) => s.lastRunLocation },
          { header: "SHORTEST", get: (s) => runMs(s.shortestRun, isHb(s)), align: "right" },
          { header: "LONGEST", get: (s) => runMs(s.longestRun, isHb(s)), align: "right" },
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
        const id = ctx.args.need("CHECK_ID");
        const s = await ctx.client.checkStatuses.get(id);
        if (ctx.out.json) return ctx.out.printJson(s);
        const type = await ctx.client.checks.get(id).then(
          (c) => String(c.checkType),
          () => "",
        );
        const passive = isPassive(type);
        ctx.out.detail([
          ["Check ID", s.checkId],
          ["Name", s.name ?? undefined],
          ["Status", health(s)],
          ["Last location", s.lastRunLocation ?? undefined],
          ["Last run ID", s.lastCheckRunId ?? undefined],
          ["Shortest run", passive ? NO_RESPONSE : formatMs(s.shortestRun)],
          ["Longest run", passive ? NO_RESPONSE : formatMs(s.longestRun)],
          ["SSL days left", s.sslDaysRemaining ?? undefined],
          ["Updated", s.updated_at ? when(s.updated_at) : undefined],
        ]);
      },
    },
  ],
};
