/**
 * `vigil private-locations list|get|create` (seed §4.4, api-notes §7).
 *
 * `create` is the one place a raw key is shown: without --json the new key goes to stdout alone (so
 * `KEY=$(vigil private-locations create ...)` works) and the summary plus a "shown once" note go to stderr.
 * With --json the API's answer is printed as is, raw key included. Everywhere else keys and proxy
 * credentials are masked.
 */
import type { PrivateLocation } from "../../contract/schemas/private-locations.ts";
import { maskPrivateLocation } from "../../contract/secrets.ts";
import type { ResourceSpec } from "../command.ts";
import { defined } from "../input.ts";
import type { Output } from "../output.ts";
import { when } from "../when.ts";

function printDetail(out: Output, raw: PrivateLocation): void {
  const p = maskPrivateLocation(raw);
  out.detail([
    ["ID", p.id],
    ["Name", p.name],
    ["Slug", p.slugName],
    ["Icon", p.icon ?? undefined],
    ["Proxy URL", p.proxyUrl ?? undefined],
    ["Agents", p.agentCount ?? undefined],
    ["Last seen", p.lastSeen ? when(p.lastSeen) : undefined],
    ["Checks assigned", p.checkAssignments?.length ?? undefined],
    ["Groups assigned", p.groupAssignments?.length ?? undefined],
    ["Created", when(p.created_at)],
    ["Updated", p.updated_at ? when(p.updated_at) : undefined],
  ]);
  const keys = p.keys ?? [];
  if (keys.length) {
    out.section("Keys");
    out.table(keys, [
      { header: "ID", get: (k) => k.id },
      { header: "KEY", get: (k) => k.maskedKey ?? k.rawKey },
      { header: "CREATED", get: (k) => when(k.created_at) },
    ]);
  }
}

export const privateLocationsCommand: ResourceSpec = {
  name: "private-locations",
  summary: "customer-hosted run locations and their keys",
  verbs: [
    {
      name: "list",
      summary: "list private locations",
      async run(ctx) {
        const rows = await ctx.client.privateLocations.list();
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows.map(maskPrivateLocation), [
          { header: "ID", get: (p) => p.id, min: 8 },
          { header: "NAME", get: (p) => p.name, min: 8 },
          { header: "SLUG", get: (p) => p.slugName },
          { header: "AGENTS", get: (p) => p.agentCount, align: "right" },
          { header: "KEYS", get: (p) => p.keys?.length ?? 0, align: "right" },
          { header: "PROXY", get: (p) => p.proxyUrl },
          { header: "CREATED", get: (p) => when(p.created_at) },
        ]);
      },
    },
    {
      name: "get",
      summary: "show one private location (keys masked)",
      positionals: [{ name: "LOCATION_ID" }],
      async run(ctx) {
        const p = await ctx.client.privateLocations.get(ctx.args.need("LOCATION_ID"));
        if (ctx.out.json) return ctx.out.printJson(p);
        printDetail(ctx.out, p);
      },
    },
    {
      name: "create",
      summary: "create a private location and print its key (shown only once)",
      options: {
        name: { type: "string", value: "NAME", help: "display name (required)" },
        slug: {
          type: "string",
          value: "SLUG",
          help: "slug name: 1-30 of a-z, 0-9, '-' (required, immutable)",
        },
        icon: { type: "string", value: "ICON", help: 'icon name (default "location")' },
        "proxy-url": {
          type: "string",
          value: "URL",
          help: "proxy for the checks' HTTP traffic (may hold user:password@)",
        },
      },
      notes: [
        "Without --json, the new key is the only thing printed on stdout; store it now, it is not shown again.",
      ],
      examples: ['KEY=$(vigil private-locations create --name "Office" --slug office)'],
      async run(ctx) {
        const a = ctx.args;
        const p = await ctx.client.privateLocations.create({
          name: a.requiredString("name"),
          slugName: a.requiredString("slug"),
          ...defined({ icon: a.string("icon"), proxyUrl: a.string("proxy-url") }),
        });
        if (ctx.out.json) return ctx.out.printJson(p, { keepSecrets: true });
        const rawKeys = (p.keys ?? []).map((k) => k.rawKey).filter((k): k is string => !!k);
        ctx.out.note(`created private location "${p.name}" (id ${p.id}, slug ${p.slugName})`);
        if (rawKeys.length === 0) {
          ctx.out.note("the service returned no key for it; create one in the service and store it safely");
          printDetail(ctx.out, p);
          return;
        }
        ctx.out.note("note: this key is shown only once — store it now, it will not be shown again:");
        for (const k of rawKeys) ctx.out.secret(k);
      },
    },
  ],
};
