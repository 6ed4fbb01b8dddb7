/**
 * The event variables of a check alert (api-notes §6.1), built from plain values so the service (from its
 * tables) and the CLI (from API reads) produce the same map. Pure.
 */

/** Alert types (seed §3 plus the hosted extensions of api-notes §6.3). */
export const ALERT_TYPES = [
  "ALERT_FAILURE",
  "ALERT_RECOVERY",
  "ALERT_DEGRADED",
  "ALERT_FAILURE_REMAIN",
  "ALERT_DEGRADED_REMAIN",
  "ALERT_DEGRADED_FAILURE",
  "ALERT_FAILURE_DEGRADED",
  "ALERT_DEGRADED_RECOVERY",
  "ALERT_SSL",
  // vigil's own: a private location whose checks have had no live agent for the grace period (agents/monitor.ts)
  "ALERT_NO_AGENT",
  "ALERT_NO_AGENT_RECOVERY",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export type AlertInput = {
  alertType: AlertType | string;
  check: {
    id: string;
    name: string;
    checkType: string;
    description?: string | null | undefined;
    tags?: string[] | undefined;
    groupName?: string | null | undefined;
  };
  result?:
    | {
        id?: string | null | undefined;
        errorMessage?: string | null | undefined;
        responseTime?: number | null | undefined;
        statusCode?: number | null | undefined;
        statusText?: string | null | undefined;
        startedAt?: string | null | undefined;
        link?: string | null | undefined;
        /** Region code or private-location slug. */
        runLocation?: string | null | undefined;
      }
    | undefined;
  /** Friendly name of the run location ("N. California"); defaults to the code. */
  locationName?: string | undefined;
  reminder?: { sequence: number } | undefined;
  ssl?: { daysRemaining: number; domain: string } | undefined;
  /** ALERT_NO_AGENT(_RECOVERY): the private location's slug. */
  location?: string | undefined;
};

export function alertTitle(a: Pick<AlertInput, "alertType" | "check" | "ssl" | "location">): string {
  const n = `Check "${a.check.name}"`;
  switch (a.alertType) {
    case "ALERT_FAILURE":
      return `${n} has failed`;
    case "ALERT_FAILURE_REMAIN":
      return `${n} is still failing`;
    case "ALERT_DEGRADED":
      return `${n} is degraded`;
    case "ALERT_DEGRADED_REMAIN":
      return `${n} is still degraded`;
    case "ALERT_DEGRADED_FAILURE":
      return `${n} went from degraded to failing`;
    case "ALERT_FAILURE_DEGRADED":
      return `${n} went from failing to degraded`;
    case "ALERT_RECOVERY":
      return `${n} has recovered`;
    case "ALERT_NO_AGENT":
      // only its runs there stop: the check may run in other locations too
      return `${n} does not run in private location ${a.location ?? "?"}: it has no live agent`;
    case "ALERT_NO_AGENT_RECOVERY":
      return `${n} runs again in private location ${a.location ?? "?"}: it has a live agent`;
    case "ALERT_DEGRADED_RECOVERY":
      return `${n} has recovered from being degraded`;
    case "ALERT_SSL": {
      const days = a.ssl?.daysRemaining ?? 0;
      const when = days < 0 ? `expired ${-days} day(s) ago` : `expires in ${days} day(s)`;
      return `The SSL certificate of ${a.ssl?.domain ?? "the domain"} ${when} (check "${a.check.name}")`;
    }
    default:
      return `${n}: ${a.alertType}`;
  }
}

/** The §6.1 variable map. Absent values are null (numbers stay numbers, TAGS an array). */
export function alertVariables(a: AlertInput): Record<string, unknown> {
  const r = a.result ?? {};
  const region = r.runLocation ?? null;
  return {
    CHECK_NAME: a.check.name,
    CHECK_ID: a.check.id,
    CHECK_TYPE: a.check.checkType,
    CHECK_DESCRIPTION: a.check.description ?? null,
    ALERT_TITLE: alertTitle(a),
    ALERT_TYPE: a.alertType,
    IS_REMINDER: a.reminder !== undefined,
    REMINDER_SEQUENCE: a.reminder?.sequence ?? 0,
    CHECK_RESULT_ID: r.id ?? null,
    CHECK_ERROR_MESSAGE: r.errorMessage ?? null,
    RESPONSE_TIME: typeof r.responseTime === "number" ? Math.round(r.responseTime) : null,
    API_CHECK_RESPONSE_STATUS_CODE: r.statusCode ?? null,
    API_CHECK_RESPONSE_STATUS_TEXT: r.statusText ?? null,
    STARTED_AT: r.startedAt ?? null,
    RESULT_LINK: r.link ?? null,
    RUN_LOCATION: a.locationName ?? region,
    REGION: region,
    TAGS: a.check.tags ?? [],
    GROUP_NAME: a.check.groupName ?? null,
    SSL_DAYS_REMAINING: a.ssl?.daysRemaining ?? null,
    SSL_CHECK_DOMAIN: a.ssl?.domain ?? null,
  };
}

/** A sample alert (for `vigil webhook render` without a check, and for previews). */
export function sampleAlert(alertType: string, now: number): AlertInput {
  return {
    alertType,
    check: {
      id: "00000000-0000-4000-8000-000000000000",
      name: "Sample check",
      checkType: "API",
      description: "A sample check used to preview a template",
      tags: ["sample", "team:platform"],
    },
    result: {
      id: "00000000-0000-4000-8000-000000000001",
      errorMessage: alertType.includes("RECOVERY") ? null : "expected status 200, got 500",
      responseTime: 1234,
      statusCode: alertType.includes("RECOVERY") ? 200 : 500,
      statusText: alertType.includes("RECOVERY") ? "OK" : "Internal Server Error",
      startedAt: new Date(now).toISOString(),
      link: "http://127.0.0.1/v1/check-results/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001",
      runLocation: "us-west-1",
    },
    locationName: "N. California",
    ...(alertType === "ALERT_SSL" ? { ssl: { daysRemaining: 7, domain: "example.com" } } : {}),
  };
}
