/**
 * What the check types are, in one place (seed §2, api-notes §3.1, §6.3): per type its default
 * degraded / max response times, whether a run can be degraded (browser types cannot), and whether it
 * runs (a runner starts it) or only listens (heartbeats are pinged). Typed `satisfies Record<CheckType, …>`,
 * so a new type that lacks an entry does not compile. The engine's thresholds and verdicts, the alert
 * rules and the one body schema per type (src/contract/schemas/check-bodies.ts: defaults and bounds of the
 * response times) read it; the analytics reports keep their own registry by report kind
 * (src/contract/analytics-metrics.ts, each listing its check types, with a test that every type is named).
 */
export const CHECK_TYPES = [
  "API",
  "URL",
  "TCP",
  "DNS",
  "BROWSER",
  "MULTI_STEP",
  "PLAYWRIGHT",
  "HEARTBEAT",
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

export type CheckTypeSpec = {
  /** Hosted defaults, ms: [degradedResponseTime, maxResponseTime]. */
  thresholds: readonly [degraded: number, max: number];
  /** The largest degradedResponseTime / maxResponseTime a check of this type may have, ms. */
  maxMs: number;
  /** Whether a passing run slower than degradedResponseTime counts as degraded. */
  canDegrade: boolean;
  /** "active": a runner makes its runs; "passive": its runs are pings it receives. */
  runs: "active" | "passive";
};

export const CHECK_TYPE_SPECS = {
  API: { thresholds: [5000, 20000], maxMs: 45000, canDegrade: true, runs: "active" },
  URL: { thresholds: [3000, 5000], maxMs: 45000, canDegrade: true, runs: "active" },
  TCP: { thresholds: [3000, 5000], maxMs: 45000, canDegrade: true, runs: "active" },
  DNS: { thresholds: [500, 1000], maxMs: 5000, canDegrade: true, runs: "active" },
  BROWSER: { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" },
  MULTI_STEP: { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" },
  PLAYWRIGHT: { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" },
  HEARTBEAT: { thresholds: [10000, 20000], maxMs: 300000, canDegrade: false, runs: "passive" },
} as const satisfies Record<CheckType, CheckTypeSpec>;

/** The spec of a type as stored (a string from the database or the API); undefined for an unknown one. */
export function specOf(checkType: string): CheckTypeSpec | undefined {
  return (CHECK_TYPE_SPECS as Record<string, CheckTypeSpec>)[checkType];
}

/**
 * Whether checks of this type are passive: pinged, never run (a heartbeat). Such a check is not scheduled,
 * not triggered, has no runner, thresholds or response times of its own; its runs are the pings it gets.
 */
export const isPassive = (checkType: string): boolean => specOf(checkType)?.runs === "passive";

/** The passive types, for a query that selects or leaves out their checks. */
export const PASSIVE_TYPES: readonly CheckType[] = CHECK_TYPES.filter(isPassive);

/** Whether a run of this type can be degraded (unknown types: as the hosted default, yes). */
export const canDegrade = (checkType: string): boolean => specOf(checkType)?.canDegrade ?? true;

/** The frequencies a check may have, in minutes (0 = API high-frequency checks' sub-minute mode). */
export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
