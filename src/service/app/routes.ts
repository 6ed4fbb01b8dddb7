/**
 * Registry of the embedded service's route modules (one file per resource, each exporting `register`).
 * Order matters where paths overlap: the fixed `/v1/status-pages/services|incidents` routes are registered
 * before `/v1/status-pages/{id}`.
 */
import type { RouteModule } from "../context.ts";
import * as agentApi from "./agent-api.ts";
import * as alertChannels from "./alert-channels.ts";
import * as alertNotifications from "./alert-notifications.ts";
import * as analytics from "./analytics.ts";
import * as checkAlerts from "./check-alerts.ts";
import * as checkResults from "./check-results.ts";
import * as checkSessions from "./check-sessions.ts";
import * as checkStatuses from "./check-statuses.ts";
import * as checks from "./checks.ts";
import * as demoReceiver from "./demo-receiver.ts";
import * as health from "./health.ts";
import * as heartbeats from "./heartbeats.ts";
import * as incidentUpdates from "./incident-updates.ts";
import * as incidents from "./incidents.ts";
import * as locations from "./locations.ts";
import * as ping from "./ping.ts";
import * as privateLocations from "./private-locations.ts";
import * as services from "./services.ts";
import * as statusPageSubscriptions from "./status-page-subscriptions.ts";
import * as statusPages from "./status-pages.ts";
import * as variables from "./variables.ts";

export const ROUTE_MODULES: RouteModule[] = [
  health,
  checkSessions,
  analytics,
  checkStatuses,
  checkResults,
  heartbeats,
  ping,
  checks,
  locations,
  alertChannels,
  alertNotifications,
  checkAlerts,
  privateLocations,
  services,
  incidentUpdates,
  incidents,
  statusPages,
  statusPageSubscriptions,
  variables,
  demoReceiver,
  agentApi,
];
