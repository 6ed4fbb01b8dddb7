/** `vigil locations list`: the public run locations (beyond the seed, api-notes §3.6). */
import type { ResourceSpec } from "../command.ts";

export const locationsCommand: ResourceSpec = {
  name: "locations",
  summary: "public run locations",
  verbs: [
    {
      name: "list",
      summary: "list the public run locations",
      async run(ctx) {
        const rows = await ctx.client.locations.list();
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows, [
          { header: "REGION", get: (l) => l.region },
          { header: "NAME", get: (l) => l.name },
        ]);
      },
    },
  ],
};
