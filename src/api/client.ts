/**
 * THE shared client: one object per resource on one HttpClient. The console, the scriptable commands
 * and the tests all use it, against the embedded service or the hosted one alike.
 * Adding an endpoint family: a file src/api/<resource>.ts exporting `<resource>Api(http)`, plus one line here.
 */
import { alertChannelsApi } from "./alert-channels.ts";
import { alertNotificationsApi } from "./alert-notifications.ts";
import { analyticsApi } from "./analytics.ts";
import { checkAlertsApi } from "./check-alerts.ts";
import { checkResultsApi } from "./check-results.ts";
import { checkSessionsApi } from "./check-sessions.ts";
import { checkStatusesApi } from "./check-statuses.ts";
import { checksApi } from "./checks.ts";
import { heartbeatsApi } from "./heartbeats.ts";
import { HttpClient, type HttpOptions } from "./http.ts";
import { incidentUpdatesApi } from "./incident-updates.ts";
import { incidentsApi } from "./incidents.ts";
import { locationsApi } from "./locations.ts";
import { privateLocationsApi } from "./private-locations.ts";
import { servicesApi } from "./services.ts";
import { statusPageSubscriptionsApi } from "./status-page-subscriptions.ts";
import { statusPagesApi } from "./status-pages.ts";

export function createClient(opts: HttpOptions | HttpClient) {
  const http = opts instanceof HttpClient ? opts : new HttpClient(opts);
  return {
    http,
    // seed endpoints
    checkSessions: checkSessionsApi(http),
    analytics: analyticsApi(http),
    alertChannels: alertChannelsApi(http),
    privateLocations: privateLocationsApi(http),
    statusPages: statusPagesApi(http),
    services: servicesApi(http),
    incidents: incidentsApi(http),
    incidentUpdates: incidentUpdatesApi(http),
    heartbeats: heartbeatsApi(http),
    // beyond the seed (api-notes.md §3): what a console needs to show a workspace
    checks: checksApi(http),
    checkStatuses: checkStatusesApi(http),
    checkResults: checkResultsApi(http),
    locations: locationsApi(http),
    alertNotifications: alertNotificationsApi(http),
    checkAlerts: checkAlertsApi(http),
    statusPageSubscriptions: statusPageSubscriptionsApi(http),
    close: () => http.close(),
  };
}

export type Client = ReturnType<typeof createClient>;
