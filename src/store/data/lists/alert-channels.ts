/** Alert channels, 100 per request up to 1,000, with the server's total (the alerts pane, who was told). */

import { collectPages } from "../../../api/pagination.ts";
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import { defineList } from "./spec.ts";

export const alertChannels = defineList<AlertChannel>({
  async read(client) {
    let total: number | undefined;
    const items = await collectPages(
      async (page, limit) => {
        const p = await client.alertChannels.listPage({ page, limit });
        total = p.total;
        return p;
      },
      { limit: 100, maxItems: 1000 },
    );
    return { items, total };
  },
});
