/**
 * `vigil checks list|get|results` and the verbs that change checks (check-manage.ts): the account's checks
 * and their results (beyond the seed, api-notes §3.1, §3.3).
 */
import { CHECK_TYPES } from "../../contract/check-types.ts";
import { CHECK_LIST_STATUSES, type Check } from "../../contract/schemas/checks.ts";
import { checkHealth, checkStateText } from "../../shared/format.ts";
import { type CommandContext, PAGE_OPTIONS, type ResourceSpec } from "../command.ts";
import { defined } from "../input.ts";
import type { Column } from "../output.ts";
import { CHECK_MANAGE_VERBS } from "./check-manage.ts";
import { printCheck } from "./check-view.ts";
import { frequencyCell } from "./heartbeat-view.ts";
import { checkResultsVerb } from "./results.ts";

type Health = ReturnType<typeof checkHealth>;

/** The latest state of each check, for the STATUS column; a failure here only blanks the column. */
async function healthById(ctx: CommandContext): Promise<Map<string, Health> | undefined> {
  try {
    const statuses = await ctx.client.checkStatuses.list();
    return new Map(statuses.map((s) => [s.checkId, checkHealth(s)]));
  } catch {
    return undefined;
  }
}

export const checksCommand: ResourceSpec = {
  name: "checks",
  summary: "list, inspect, create and change checks",
  verbs: [
    {
      name: "list",
      summary: "list checks",
      options: {
        tag: {
          type: "string",
          multiple: true,
          value: "TAG",
          help: "only checks with this tag (repeat: any of them)",
        },
        type: { type: "string", value: "TYPE", help: "only this check type (API, URL, TCP, BROWSER, ...)" },
        search: { type: "string", value: "TEXT", help: "name contains TEXT (case-insensitive)" },
        status: { type: "string", value: "STATUS", help: "passing, failing or degraded" },
        ...PAGE_OPTIONS,
      },
      examples: [
        "vigil checks list --tag prod --status failing",
        "vigil checks list --json | jq -r '.[].id'",
      ],
      async run(ctx) {
        const a = ctx.args;
        const filter = defined({
          tag: a.strings("tag").length ? a.strings("tag") : undefined,
          // an unknown type is refused as --status is (the service would answer an empty list)
          checkType: a.choice("type", CHECK_TYPES),
          search: a.string("search"),
          status: a.choice("status", CHECK_LIST_STATUSES),
        });
        const page = a.int("page", { min: 1 });
        const limit = a.int("limit", { min: 1, max: 100 });
        const checks =
          page !== undefined || limit !== undefined
            ? await ctx.client.checks.list({ ...filter, ...defined({ page, limit }) })
            : await ctx.client.checks.listAll(filter);
        if (ctx.out.json) return ctx.out.printJson(checks);
        const health = await healthById(ctx);
        const cols: Column<Check>[] = [
          { header: "ID", get: (c) => c.id, min: 8 },
          { header: "NAME", get: (c) => c.name, min: 10 },
          { header: "TYPE", get: (c) => c.checkType },
          // a deactivated check is "⊘ deactivated", never the passing its last run left
          {
            header: "STATUS",
            get: (c) => (health ? checkStateText(health.get(c.id) ?? "pending", c) : undefined),
          },
          { header: "ACTIVE", get: (c) => (c.activated === false ? "no" : c.muted ? "muted" : "yes") },
          // a heartbeat's period: how often a ping is expected
          { header: "FREQ", get: frequencyCell, align: "right" },
          { header: "TAGS", get: (c) => c.tags },
        ];
        ctx.out.table(checks, cols);
      },
    },
    {
      name: "get",
      summary: "show one check",
      positionals: [{ name: "CHECK_ID" }],
      async run(ctx) {
        const c = await ctx.client.checks.get(ctx.args.need("CHECK_ID"));
        if (ctx.out.json) return ctx.out.printJson(c);
        printCheck(ctx.out, c);
      },
    },
    checkResultsVerb,
    ...CHECK_MANAGE_VERBS,
  ],
};
