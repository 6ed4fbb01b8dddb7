/** Private locations with their agents' last contact (the locations pane, the overview's offline agents). */
import { defineList } from "./spec.ts";

export const privateLocations = defineList({
  read: async (client) => ({ items: await client.privateLocations.list() }),
});
