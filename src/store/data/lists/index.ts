/**
 * The lists registry: one line per list read whole at the lists' pace (spec.ts says what a list is).
 * `ListKey`, each list's slice in the shared data and its loader are derived from it.
 */
import { alertChannels } from "./alert-channels.ts";
import { alertNotifications } from "./alert-notifications.ts";
import { incidents } from "./incidents.ts";
import { privateLocations } from "./private-locations.ts";
import { services } from "./services.ts";
import type { ListSpec } from "./spec.ts";
import { statusPages } from "./status-pages.ts";

export const LISTS = {
  incidents,
  alertChannels,
  alertNotifications,
  statusPages,
  privateLocations,
  services,
} as const;

export type ListKey = keyof typeof LISTS;
export const LIST_KEYS = Object.keys(LISTS) as ListKey[];

/** The item type of a list. */
export type ListItem<K extends ListKey> = (typeof LISTS)[K] extends ListSpec<infer T> ? T : never;
