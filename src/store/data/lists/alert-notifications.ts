/**
 * The newest alert deliveries of the last 24 h (one page of 100, newest first): the newest delivery of each
 * channel says whether its alerts go out (the overview's delivery trouble).
 */
import { defineList } from "./spec.ts";

export const alertNotifications = defineList({
  read: async (client) => ({ items: await client.alertNotifications.list({ limit: 100 }) }),
});
