/** `vigil services list`: status-page services (seed §4.5). */
import type { Service } from "../../contract/schemas/services.ts";

import { CURSOR_OPTIONS, type ResourceSpec } from "../command.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";
import { fetchCursorList, printList } from "./lists.ts";

const columns: Column<Service>[] = [
  { header: "ID", get: (s) => s.id, min: 8 },
  { header: "NAME", get: (s) => s.name, min: 8 },
  { header: "CHECKS", get: (s) => (s.checks ?? []).map((c) => c.name ?? c.id) },
  { header: "CREATED", get: (s) => when(s.created_at) },
];

export const servicesCommand: ResourceSpec = {
  name: "services",
  summary: "status-page services",
  verbs: [
    {
      name: "list",
      summary: "list status-page services",
      options: CURSOR_OPTIONS,
      async run(ctx) {
        printList(ctx, await fetchCursorList(ctx, ctx.client.services), (rows) =>
          ctx.out.table(rows, columns),
        );
      },
    },
  ],
};
