/**
 * The overview's words, shared by the console's overview pane and `vigil status` (text and `--json`): the
 * counts bar, the calm line, "failing for …", where, the reason, overdue heartbeats, deliveries that did not
 * go out, private locations without an agent. The model they put into words is overview.ts.
 */
import { channelLabel } from "../../contract/channel-types.ts";
import { formatAgo, thousands } from "../../shared/format.ts";
import {
  type CheckTriage,
  type DeadLocation,
  type DeliveryTrouble,
  type HeartbeatTriage,
  type Overview,
  type OverviewCounts,
  somethingFailing,
} from "./overview.ts";
import { clockTime, formatAgeWords, type Since, sinceText } from "./timeline.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

/**
 * The counts bar's parts: text and tone (the tone names the colour; the words carry the meaning). Failing,
 * degraded, passing, overdue heartbeats and open incidents always; the others when there are any.
 */
export function countsParts(
  c: OverviewCounts,
  overdue: number,
  openIncidents: number | undefined,
): { text: string; tone: "bad" | "warn" | "ok" | "muted" | undefined }[] {
  const parts: { text: string; tone: "bad" | "warn" | "ok" | "muted" | undefined }[] = [
    { text: `✖ ${thousands(c.failing)} failing`, tone: c.failing ? "bad" : undefined },
    { text: `▲ ${thousands(c.degraded)} degraded`, tone: c.degraded ? "warn" : undefined },
    { text: `✔ ${thousands(c.passing)} passing`, tone: c.passing ? "ok" : undefined },
  ];
  if (c.cannotRun) parts.push({ text: `⊘ ${thousands(c.cannotRun)} cannot run`, tone: "warn" });
  if (c.pending) parts.push({ text: `○ ${thousands(c.pending)} not run yet`, tone: "muted" });
  // none deactivated or muted is nothing to read: left out (a narrow terminal keeps the rest)
  if (c.deactivated) parts.push({ text: `⊘ ${thousands(c.deactivated)} deactivated`, tone: undefined });
  if (c.muted) parts.push({ text: `${thousands(c.muted)} muted`, tone: undefined });
  parts.push(
    { text: plural(overdue, "overdue heartbeat"), tone: overdue ? "bad" : undefined },
    {
      text: openIncidents === undefined ? "incidents: not read" : plural(openIncidents, "open incident"),
      tone: openIncidents ? "warn" : undefined,
    },
  );
  return parts;
}

export function countsLine(o: Overview): string {
  return countsParts(o.counts, o.heartbeats.length, o.incidents?.length)
    .map((p) => p.text)
    .join(" · ");
}

/**
 * The calm line when no check needs a look: "all 13 checks passing · last run 20 s ago" (deactivated and
 * not-yet-run checks said apart); undefined while something is failing, degraded or overdue.
 */
export function calmLine(c: OverviewCounts, overdue: number, now: number): string | undefined {
  if (c.failing || c.degraded || c.cannotRun || overdue) return undefined;
  if (c.checks === 0) return "no checks yet";
  const last = Number.isFinite(c.lastRunAt)
    ? ` · last run ${formatAgo(Math.min(c.lastRunAt, now), now)}`
    : "";
  const activeCount = c.checks - c.deactivated;
  const off = c.deactivated ? ` (${plural(c.deactivated, "deactivated", "deactivated")})` : "";
  if (activeCount === 0) return `no active checks${off}`;
  if (c.pending === activeCount) return `${plural(activeCount, "check")} not run yet${off}`;
  const scope = c.deactivated ? "active " : "";
  const head =
    c.pending > 0
      ? `${thousands(c.passing)} ${scope}checks passing, ${thousands(c.pending)} not run yet`
      : c.passing === 1
        ? `the ${scope}check is passing`
        : `all ${thousands(c.passing)} ${scope}checks passing`;
  return `✔ ${head}${off}${last}`;
}

/**
 * "failing for 12 min (since 09:41)" / "degraded for over 2 h (since before 07:10)" / with a pass found
 * before the streak "failing for over 2 h (since 06:52–07:10)": some time in that span; undefined: unknown.
 */
export function forText(
  state: string,
  since: Since | undefined,
  now: number,
  after?: number | undefined,
): string | undefined {
  if (!since) return undefined;
  if (since.exact || after === undefined) return `${state} for ${sinceText(since, now)}`;
  const at = Math.min(since.at, now);
  return `${state} for over ${formatAgeWords(now - at)} (since ${clockTime(after, now)}–${clockTime(at, now)})`;
}

/** "2 of 3 locations" / "1 of 1 location"; undefined when not known. */
export function locationsText(t: Pick<CheckTriage, "locationsIn" | "locationsOf">): string | undefined {
  if (t.locationsIn === undefined) return undefined;
  const of = t.locationsOf ?? t.locationsIn;
  return `${thousands(t.locationsIn)} of ${plural(of, "location")}`;
}

/** A check row's reason as shown: the reason, else why there is none (never a blank). */
export function reasonText(t: CheckTriage): string {
  if (t.reason) return t.reason;
  if (!t.resultsHeld) return "reading results…";
  return "not in the recent results";
}

/** "expected 09:41, 12 min late" pieces of an overdue heartbeat. */
export function heartbeatTexts(
  h: HeartbeatTriage,
  now: number,
): { expected: string; late: string; lastPing: string } {
  const expected = h.expectedAt === undefined ? undefined : h.expectedAt;
  return {
    expected: expected === undefined ? (h.eventsHeld ? "not known" : "…") : clockTime(expected, now),
    late:
      expected !== undefined
        ? formatAgeWords(now - expected)
        : h.since
          ? `overdue for ${sinceText(h.since, now)}`
          : h.eventsHeld
            ? "not known"
            : "…",
    lastPing:
      h.lastPingAt !== undefined
        ? `${clockTime(h.lastPingAt, now)} (${formatAgo(Math.min(h.lastPingAt, now), now)})`
        : !h.eventsHeld
          ? "reading events…"
          : h.pingsFrom !== undefined && h.pingsFrom > 0
            ? `none since ${clockTime(h.pingsFrom, now)}`
            : "none recorded",
  };
}

/** A delivery problem in words: "failed (3 in 24 h)", "retrying (attempt 3, next 09:45)". */
export function deliveryText(d: DeliveryTrouble, now: number): string {
  if (d.problem === "retrying") {
    const next = d.nextAttemptAt === undefined ? "" : `, next ${clockTime(d.nextAttemptAt, now)}`;
    return `retrying${d.attempts ? ` (attempt ${d.attempts}${next})` : next ? ` (${next.slice(2)})` : ""}`;
  }
  return d.failedCount > 1 ? `${d.problem} (${d.failedCount} recently)` : d.problem;
}

/** The check a delivery was about: its name, else that the log does not say. */
export function deliveryCheckText(d: Pick<DeliveryTrouble, "checkName">): string {
  return d.checkName ?? "check not recorded";
}

/** "#3 EMAIL ops@example.com" (or "#3" before the channels are read). */
export function channelText(d: DeliveryTrouble): string {
  return channelLabel(d.channelId, d.channelType, d.channelTarget);
}

/** "3 checks", "1 check, 2 groups". */
export function assignedText(l: DeadLocation): string {
  const parts = [];
  if (l.checks) parts.push(plural(l.checks, "check"));
  if (l.groups) parts.push(plural(l.groups, "group"));
  return parts.join(", ");
}

/** The JSON of `vigil status --json`: the model with times as ISO strings and the texts shown. */
export function overviewJson(o: Overview, now: number) {
  const iso = (t: number | undefined) =>
    t === undefined || !Number.isFinite(t) ? null : new Date(Math.min(t, now)).toISOString();
  return {
    failing: somethingFailing(o),
    counts: {
      checks: o.counts.checks,
      failing: o.counts.failing,
      degraded: o.counts.degraded,
      passing: o.counts.passing,
      pending: o.counts.pending,
      cannotRun: o.counts.cannotRun,
      deactivated: o.counts.deactivated,
      muted: o.counts.muted,
      overdueHeartbeats: o.heartbeats.length,
      openIncidents: o.incidents?.length ?? null,
      lastRunAt: iso(o.counts.lastRunAt),
    },
    calm: calmLine(o.counts, o.heartbeats.length, now) ?? null,
    checks: o.checks.map((c) => ({
      id: c.id,
      name: c.name,
      checkType: c.checkType,
      state: c.state,
      muted: c.muted,
      since: c.since ? iso(c.since.at) : null,
      sinceExact: c.since ? c.since.exact : null,
      /** The streak began after this (a pass before it), when `since` is not exact and that is known. */
      sinceAfter: iso(c.sinceAfter),
      for: forText(c.state, c.since, now, c.sinceAfter) ?? null,
      locationsIn: c.locationsIn ?? null,
      locationsOf: c.locationsOf ?? null,
      reason: c.reason ?? null,
    })),
    heartbeats: o.heartbeats.map((h) => ({
      id: h.id,
      name: h.name,
      muted: h.muted,
      expectedAt: iso(h.expectedAt),
      lateByMs: h.expectedAt === undefined ? null : Math.max(0, now - h.expectedAt),
      lastPingAt: iso(h.lastPingAt),
      overdueSince: h.since ? iso(h.since.at) : null,
      overdueSinceExact: h.since ? h.since.exact : null,
    })),
    incidents:
      o.incidents?.map((i) => ({
        id: i.id,
        name: i.name,
        severity: i.severity,
        status: i.status,
        services: i.services,
        lastUpdateAt: iso(i.lastUpdateAt),
      })) ?? null,
    alertDeliveries:
      o.deliveries?.map((d) => ({
        channelId: d.channelId,
        channelType: d.channelType ?? null,
        channelTarget: d.channelTarget ?? null,
        problem: d.problem,
        error: d.error ?? null,
        at: iso(d.at),
        attempts: d.attempts ?? null,
        nextAttemptAt: d.nextAttemptAt === undefined ? null : new Date(d.nextAttemptAt).toISOString(),
        failedCount: d.failedCount,
        checkName: d.checkName ?? null,
      })) ?? null,
    privateLocations:
      o.locations?.map((l) => ({
        id: l.id,
        name: l.name,
        slugName: l.slug,
        checks: l.checks,
        groups: l.groups,
        lastSeenAt: iso(l.lastSeenAt),
      })) ?? null,
  };
}
