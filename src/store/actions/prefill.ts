/**
 * `i`: the new-incident form filled in from the failing check(s) — pure.
 *
 * - name: one check → `<check>: <reason>` (or `<check> failing` while its reason is unknown); several →
 *   `<n> checks failing: a, b, …`; cut to fit the incident name's limit;
 * - severity, from how many of its locations fail (the check's worst, over the checks):
 *   failing everywhere → CRITICAL, degraded everywhere → MAJOR, failing somewhere → MEDIUM, degraded
 *   somewhere → MINOR; when the locations are not known yet (results not read) failing → MAJOR (the
 *   form's default), degraded → MEDIUM. "Cannot run" counts as failing;
 * - services preselected: the status-page services that list the check; when none does, those named like
 *   one of its tags (case-insensitive); when none is, those that list a check sharing one of its
 *   distinctive tags — a tag most checks carry (`prod`) tells nothing and is not counted;
 * - first update: what is failing and where, without the reason (subscribers read it; the name already
 *   carries it for the team) — status INVESTIGATING, subscribers notified (the form's defaults);
 * - a check not in trouble (passing, pending, or its state not known): `i` is the engineer's call, not the
 *   check's — nothing it shows says it fails, so nothing is said for it: the name is the check's name alone,
 *   the first update is left empty for the author to write (subscribers read it; the console must not
 *   tell them a passing check is failing), and the severity is MINOR, the lowest, raised by the author.
 *   Among several checks only those in trouble are worded as failing or degraded.
 */
import type { IncidentSeverity } from "../../contract/schemas/incidents.ts";
import type { Service } from "../../contract/schemas/services.ts";

/** A check `i` opens an incident for, with what its triage says. */
export type PrefillCheck = {
  id: string;
  name: string;
  tags?: readonly string[] | null | undefined;
  /**
   * "failing", "degraded", "cannot run" (in trouble); anything else ("passing", "pending", "unknown") is not
   * worded as a failure (module comment).
   */
  state: string;
  reason?: string | undefined;
  /** Locations whose newest result is in the state, of how many (undefined: not known yet). */
  locationsIn?: number | undefined;
  locationsOf?: number | undefined;
};

export type IncidentPrefill = {
  name: string;
  severity: IncidentSeverity;
  services: string[];
  description: string;
};

/** What the incident name may hold (the form's limit is 255; a name is read in a list). */
export const PREFILL_NAME_MAX = 120;

const RANK: readonly IncidentSeverity[] = ["MINOR", "MEDIUM", "MAJOR", "CRITICAL"];

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** A check's severity by how many of its locations are in its state (module comment). */
export function severityOf(c: Pick<PrefillCheck, "state" | "locationsIn" | "locationsOf">): IncidentSeverity {
  if (!inTrouble(c)) return "MINOR";
  const degraded = c.state === "degraded";
  const { locationsIn: n, locationsOf: of } = c;
  if (n === undefined || of === undefined || of <= 0) return degraded ? "MEDIUM" : "MAJOR";
  if (n >= of) return degraded ? "MAJOR" : "CRITICAL";
  return degraded ? "MINOR" : "MEDIUM";
}

/** The worst of the checks' severities. */
export function worstSeverity(checks: readonly PrefillCheck[]): IncidentSeverity {
  let at = -1;
  for (const c of checks) at = Math.max(at, RANK.indexOf(severityOf(c)));
  return RANK[at] ?? "MAJOR";
}

/** Whether the check's state is one an incident is worded from (failing, degraded, cannot run). */
export const inTrouble = (c: Pick<PrefillCheck, "state">): boolean =>
  c.state === "failing" || c.state === "degraded" || c.state === "cannot run";

const stateWord = (state: string) => (state === "degraded" ? "degraded" : "failing");

/** A check as the account has it: its id and tags (to relate services to the checks' tags). */
export type TaggedCheck = { id: string; tags?: readonly string[] | null | undefined };

/** The ids of the services to preselect for the checks (module comment: listed, named like a tag, tag-related). */
export function servicesFor(
  checks: readonly PrefillCheck[],
  services: readonly Service[],
  all: readonly TaggedCheck[],
): string[] {
  const ids = new Set(checks.map((c) => c.id));
  const listing = services.filter((s) => (s.checks ?? []).some((c) => ids.has(c.id)));
  if (listing.length > 0) return listing.map((s) => s.id);
  const tags = new Set(checks.flatMap((c) => (c.tags ?? []).map((t) => t.toLowerCase())));
  if (tags.size === 0) return [];
  const named = services.filter((s) => tags.has(s.name.trim().toLowerCase()));
  if (named.length > 0) return named.map((s) => s.id);
  // distinctive tags: carried by at most half of the account's checks
  const count = new Map<string, number>();
  for (const c of all)
    for (const t of new Set((c.tags ?? []).map((x) => x.toLowerCase())))
      count.set(t, (count.get(t) ?? 0) + 1);
  const distinct = new Set([...tags].filter((t) => (count.get(t) ?? 0) <= Math.max(1, all.length / 2)));
  const tagsOf = new Map(all.map((c) => [c.id, c.tags ?? []]));
  return services
    .filter((s) =>
      (s.checks ?? []).some((c) => (tagsOf.get(c.id) ?? []).some((t) => distinct.has(t.toLowerCase()))),
    )
    .map((s) => s.id);
}

function where(c: PrefillCheck): string {
  const { locationsIn: n, locationsOf: of } = c;
  if (n === undefined || of === undefined || of <= 0) return "";
  return n >= of ? (of === 1 ? "" : " in every location") : ` in ${n} of ${of} locations`;
}

/** The form's values for the checks (the first is the one under the cursor). */
export function incidentPrefill(
  checks: readonly PrefillCheck[],
  services: readonly Service[],
  all: readonly TaggedCheck[],
): IncidentPrefill {
  const troubled = checks.filter(inTrouble);
  const first = troubled[0];
  let name: string;
  let description: string;
  if (!first) {
    // none in trouble: the names alone, no first update (module comment)
    name =
      checks.length <= 1
        ? oneLine(checks[0]?.name ?? "")
        : `${checks.length} checks: ${checks.map((c) => oneLine(c.name)).join(", ")}`;
    description = "";
  } else if (troubled.length === 1) {
    const reason = first.reason ? oneLine(first.reason) : "";
    name = reason ? `${oneLine(first.name)}: ${reason}` : `${oneLine(first.name)} ${stateWord(first.state)}`;
    description = `We are investigating: ${oneLine(first.name)} is ${stateWord(first.state)}${where(first)}.`;
  } else {
    const state = troubled.every((c) => c.state === "degraded") ? "degraded" : "failing";
    name = `${troubled.length} checks ${state}: ${troubled.map((c) => oneLine(c.name)).join(", ")}`;
    description = `We are investigating: ${troubled.length} checks are ${state} (${troubled
      .map((c) => oneLine(c.name))
      .join(", ")}).`;
  }
  return {
    name: clip(name, PREFILL_NAME_MAX),
    severity: worstSeverity(troubled.length > 0 ? troubled : checks),
    services: servicesFor(checks, services, all),
    description: clip(description, 1000),
  };
}
