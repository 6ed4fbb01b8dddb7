/**
 * What the check types are (seed §2, api-notes §3.1, §6.3), derived from their registry
 * (src/contract/check-types/registry.ts: one file per type, one line each): per type its default degraded
 * / max response times, whether a run can be degraded (browser types cannot), and whether it runs (a runner
 * starts it) or only listens (heartbeats are pinged). The engine's thresholds and verdicts, the alert rules,
 * the body schemas (schemas/check-bodies.ts) and the analytics reports (analytics-metrics.ts) read it.
 */
import type { CheckTypeSpec } from "./check-type-def.ts";
import { CHECK_TYPE_DEFS } from "./check-types/registry.ts";

export type { CheckTypeSpec };

type Def = (typeof CHECK_TYPE_DEFS)[number];
export type CheckType = Def["type"];

export const CHECK_TYPES = CHECK_TYPE_DEFS.map((d) => d.type) as readonly CheckType[] as readonly [
  CheckType,
  ...CheckType[],
];

/** Each type's spec, typed by type (`runs`, `canDegrade` as literals: tables over the types can key on them). */
export const CHECK_TYPE_SPECS = Object.fromEntries(CHECK_TYPE_DEFS.map((d) => [d.type, d.spec])) as {
  [D in Def as D["type"]]: D["spec"];
};

/** The spec of a type as stored (a string from the database or the API); undefined for an unknown one. */
export function specOf(checkType: string): CheckTypeSpec | undefined {
  return Object.hasOwn(CHECK_TYPE_SPECS, checkType)
    ? (CHECK_TYPE_SPECS as Record<string, CheckTypeSpec>)[checkType]
    : undefined;
}

/**
 * Whether checks of this type are passive: pinged, never run (a heartbeat). Such a check is not scheduled,
 * not triggered, has no runner, thresholds or response times of its own; its runs are the pings it gets.
 */
/**
 * The type of a result that does not name its own, by the detail member it carries: the first type, in the
 * registry's order, whose member it holds (API before URL, which share one).
 */
export function typeOfResult(r: Readonly<Record<string, unknown>>): CheckType | undefined {
  for (const d of CHECK_TYPE_DEFS) if (r[d.result] !== undefined && r[d.result] !== null) return d.type;
  return undefined;
}

/** The detail members of results, one per type (a type may share its member). */
export const RESULT_MEMBERS: readonly string[] = [...new Set(CHECK_TYPE_DEFS.map((d) => d.result))];

export const isPassive = (checkType: string): boolean => specOf(checkType)?.runs === "passive";

/**
 * A run's response time as every table shows it: none for a passive check's run — a ping has no response
 * time, whatever the service records (0 ms) — so results, sessions, statuses and alerts all say "—".
 */
export function shownResponseTime(
  checkType: string | null | undefined,
  ms: number | null | undefined,
): number | undefined {
  return isPassive(String(checkType ?? "")) || ms === null ? undefined : ms;
}

/** The passive types, for a query that selects or leaves out their checks. */
export const PASSIVE_TYPES: readonly CheckType[] = CHECK_TYPES.filter(isPassive);

/** Whether a run of this type can be degraded (unknown types: as the hosted default, yes). */
export const canDegrade = (checkType: string): boolean => specOf(checkType)?.canDegrade ?? true;
