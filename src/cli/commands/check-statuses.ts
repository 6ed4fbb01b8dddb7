/**
 * `vigil check-statuses list|get`: the latest state of each check (beyond the seed, api-notes §3.2). A
 * passive check's (a heartbeat's) runs are pings, which have no response time: its shortest and longest
 * run are "—", not the "0 ms" the status carries (the check's type is read with it: the status has none).
 * A deactivated check keeps the status of its last run — the service lists it, with no word that it is
 * off (the hosted status has no `activated`) — so the table says `⊘ deactivated (last run ✖ failing)`,
 * read from the checks list as the type is; a check with no status (not run yet, or one a service leaves
 * out) is counted on stderr with where to see it. `--json` is the service's answer as it is.
 */
import { isPassive } from "../../contract/check-types.ts";
import type { CheckStatus } from "../../contract/schemas/check-statuses.ts";
import { checkHealth, checkStateText, formatMs, statusSymbol, thousands } from "../../shared/format.ts";
import { errorLine } from "../../store/data/loaders.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/**
 * What the statuses do not say, from the checks list: which checks are passive (their runs are pings) and
 * which are deactivated (the service keeps a deactivated check's last status: it is not failing or passing
 * now, it does not run); undefined when the checks could not be read — then said, never guessed.
 */
type CheckFacts = { passive: Set<string>; deactivated: Set<string>; ids: readonly string[] };
async function checkFacts(ctx: CommandContext): Promise<CheckFacts | { error: string }> {
  try {
    const checks = await ctx.client.checks.listAll();
    return {
      passive: new Set(checks.filter((c) => isPassive(String(c.checkType))).map((c) => c.id)),
      deactivated: new Set(checks.filter((c) => c.activated === false).map((c) => c.id)),
      ids: checks.map((c) => c.id),
    };
  } catch (e) {
    return { error: errorLine(e) };
  }
}

const NO_RESPONSE = "— (its runs are pings: no response time)";
const runMs = (ms: number | null | undefined, passive: boolean) => (passive ? undefined : formatMs(ms));

/** `✖ failing`; a deactivated check's `⊘ deactivated (last run ✖ failing)`: it does not run now. */
export function statusCell(s: CheckStatus, deactivated: boolean): string {
  const h = checkHealth(s);
  const last = `${statusSymbol(h).symbol} ${h}`;
  return deactivated ? `${checkStateText(h, { activated: false })} (last run ${last})` : last;
}

/**
 * What the list leaves out, one line each on stderr: the checks without a status (never run — or not
 * listed by the service), how many of them are deactivated, and where to see them; or that deactivated
 * checks are not marked, when the checks could not be read.
 */
export function statusListNotes(
  rows: readonly CheckStatus[],
  facts: CheckFacts | { error: string },
): string[] {
  if ("error" in facts)
    return [`the checks could not be read (${facts.error}): a deactivated check is not marked as such here`];
  const listed = new Set(rows.map((s) => String(s.checkId)));
  const missing = facts.ids.filter((id) => !listed.has(id));
  if (missing.length === 0) return [];
  const off = missing.filter((id) => facts.deactivated.has(id)).length;
  const of = off > 0 ? `, ${thousands(off)} of them deactivated` : "";
  return [
    `${thousands(missing.length)} ${missing.length === 1 ? "check has" : "checks have"} no status (not run yet, or not listed by the service${of}): vigil checks list shows every check`,
  ];
}

export const checkStatusesCommand: ResourceSpec = {
  name: "check-statuses",
  summary: "the latest state of every check",
  verbs: [
    {
      name: "list",
      summary: "list the latest state of every check",
      async run(ctx) {
        if (ctx.out.json) return ctx.out.printJson(await ctx.client.checkStatuses.list());
        const [rows, facts] = await Promise.all([ctx.client.checkStatuses.list(), checkFacts(ctx)]);
        const known = "error" in facts ? undefined : facts;
        const isHb = (s: CheckStatus) => known?.passive.has(String(s.checkId)) ?? false;
        const cols: Column<CheckStatus>[] = [
          { header: "CHECK ID", get: (s) => s.checkId, min: 8 },
          { header: "NAME", get: (s) => s.name, min: 10 },
          { header: "STATUS", get: (s) => statusCell(s, known?.deactivated.has(String(s.checkId)) ?? false) },
          { header: "LAST LOCATION", get: (s) => s.lastRunLocation },
          { header: "SHORTEST", get: (s) => runMs(s.shortestRun, isHb(s)), align: "right" },
          { header: "LONGEST", get: (s) => runMs(s.longestRun, isHb(s)), align: "right" },
          { header: "SSL DAYS", get: (s) => s.sslDaysRemaining, align: "right" },
          { header: "UPDATED", get: (s) => when(s.updated_at) },
        ];
        ctx.out.table(rows, cols);
        for (const line of statusListNotes(rows, facts)) ctx.out.note(line);
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
        const check = await ctx.client.checks.get(id).catch(() => undefined);
        const passive = isPassive(String(check?.checkType ?? ""));
        ctx.out.detail([
          ["Check ID", s.checkId],
          ["Name", s.name ?? undefined],
          ["Status", statusCell(s, check?.activated === false)],
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
