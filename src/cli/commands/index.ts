/** The one registry of scriptable commands, in the order `vigil --help` lists them. */
import type { ResourceSpec } from "../command.ts";
import { alertChannelsCommand } from "./alert-channels.ts";
import { alertNotificationsCommand } from "./alert-notifications.ts";
import { analyticsCommand } from "./analytics.ts";
import { checkAlertsCommand } from "./check-alerts.ts";
import { checkStatusesCommand } from "./check-statuses.ts";
import { checksCommand } from "./checks.ts";
import { heartbeatsCommand } from "./heartbeats.ts";
import { incidentUpdatesCommand } from "./incident-updates.ts";
import { incidentsCommand } from "./incidents.ts";
import { locationsCommand } from "./locations.ts";
import { privateLocationsCommand } from "./private-locations.ts";
import { resultsCommand } from "./results.ts";
import { servicesCommand } from "./services.ts";
import { sessionsCommand } from "./sessions.ts";
import { statusCommand } from "./status.ts";
import { statusPagesCommand } from "./status-pages.ts";
import { triggerCommand } from "./trigger.ts";
import { webhookCommand } from "./webhook.ts";

export const COMMANDS: readonly ResourceSpec[] = [
  statusCommand,
  checksCommand,
  checkStatusesCommand,
  resultsCommand,
  triggerCommand,
  sessionsCommand,
  analyticsCommand,
  heartbeatsCommand,
  alertChannelsCommand,
  checkAlertsCommand,
  alertNotificationsCommand,
  webhookCommand,
  privateLocationsCommand,
  statusPagesCommand,
  servicesCommand,
  incidentsCommand,
  incidentUpdatesCommand,
  locationsCommand,
];

export function findCommand(name: string): ResourceSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
