/** `vigil alert-channels list|get`: alert channels (seed §4.3), secrets masked in tables. */

import { maskAlertChannel, targetIn } from "../../contract/channel-types.ts";
import type { AlertChannel } from "../../contract/schemas/alert-channels.ts";

import { PAGE_OPTIONS, type ResourceSpec } from "../command.ts";
import { defined, intId } from "../input.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/** Where a channel delivers to, from its (already masked) config: its type's first target member set. */
const destination = (c: AlertChannel): string | undefined => targetIn(c) || undefined;

/** Which alert kinds are sent: F(ailure) D(egraded) R(ecovery) S(SL). */
function sends(c: AlertChannel): string {
  return (
    [
      c.sendFailure ? "failure" : "",
      c.sendDegraded ? "degraded" : "",
      c.sendRecovery ? "recovery" : "",
      c.sslExpiry ? "ssl" : "",
    ]
      .filter(Boolean)
      .join(",") || "none"
  );
}

const columns: Column<AlertChannel>[] = [
  { header: "ID", get: (c) => c.id, align: "right" },
  { header: "TYPE", get: (c) => c.type },
  { header: "DESTINATION", get: destination, min: 10 },
  { header: "SENDS", get: sends },
  { header: "SUBSCRIPTIONS", get: (c) => c.subscriptions?.length ?? 0, align: "right" },
  { header: "AUTO", get: (c) => c.autoSubscribe ?? false },
];

function configLines(config: unknown): [string, unknown][] {
  if (!config || typeof config !== "object") return [];
  return Object.entries(config as Record<string, unknown>).map(([k, v]) => {
    if (Array.isArray(v) && v.every((x) => x && typeof x === "object" && "key" in x))
      return [
        `  ${k}`,
        v.map(
          (x) => `${String((x as { key: unknown }).key)}: ${String((x as { value?: unknown }).value ?? "")}`,
        ),
      ];
    return [`  ${k}`, typeof v === "object" && v !== null ? JSON.stringify(v) : v];
  });
}

export const alertChannelsCommand: ResourceSpec = {
  name: "alert-channels",
  summary: "list and inspect alert channels",
  verbs: [
    {
      name: "list",
      summary: "list alert channels (secrets masked)",
      options: PAGE_OPTIONS,
      async run(ctx) {
        const page = ctx.args.int("page", { min: 1 });
        const limit = ctx.args.int("limit", { min: 1, max: 100 });
        const rows =
          page !== undefined || limit !== undefined
            ? await ctx.client.alertChannels.list(defined({ page, limit }))
            : await ctx.client.alertChannels.listAll();
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows.map(maskAlertChannel), columns);
      },
    },
    {
      name: "get",
      summary: "show one alert channel with its config (secrets masked) and subscriptions",
      positionals: [{ name: "CHANNEL_ID", help: "a whole number" }],
      async run(ctx) {
        const raw = await ctx.client.alertChannels.get(intId(ctx.args.need("CHANNEL_ID"), "CHANNEL_ID"));
        if (ctx.out.json) return ctx.out.printJson(raw);
        const c = maskAlertChannel(raw);
        ctx.out.detail([
          ["ID", c.id],
          ["Type", c.type],
          ["Sends", sends(c)],
          ["SSL threshold", c.sslExpiry ? `${c.sslExpiryThreshold ?? 30} days` : undefined],
          ["Auto-subscribe", c.autoSubscribe ?? undefined],
          ["Created", c.created_at ? when(c.created_at) : undefined],
          ["Updated", c.updated_at ? when(c.updated_at) : undefined],
          ["Config", ""],
          ...configLines(c.config),
        ]);
        const subs = c.subscriptions ?? [];
        if (subs.length) {
          ctx.out.section("Subscriptions");
          ctx.out.table(subs, [
            { header: "ID", get: (s) => s.id },
            { header: "CHECK ID", get: (s) => s.checkId },
            { header: "GROUP ID", get: (s) => s.groupId },
            { header: "ACTIVE", get: (s) => s.activated },
          ]);
        }
      },
    },
  ],
};
