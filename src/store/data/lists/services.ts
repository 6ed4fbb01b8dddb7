/** The account's services, up to 1,000 (an incident form's services picker, the incidents pane). */
import { defineList } from "./spec.ts";

export const services = defineList({
  read: async (client) => ({ items: await client.services.listAll({ maxItems: 1000 }) }),
});
