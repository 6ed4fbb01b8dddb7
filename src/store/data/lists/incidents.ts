/** Incidents: the newest 100 (the incidents pane, the overview's open incidents). */
import { defineList } from "./spec.ts";

export const incidents = defineList({
  read: async (client) => ({ items: (await client.incidents.list({ limit: 100 })).entries }),
});
