/**
 * A heartbeat check as a timeline of expectations (pure: no terminal, no clock — callers pass `now`).
 *
 * From the events held (pings and the service's FAILING events) and the check's period and grace:
 * - each ping classified against the previous real ping: early (before expected − 10 % of the period, the
 *   service's tolerance, runners/heartbeat.ts), on time, in grace, late, or a recovery — the first ping
 *   after a FAILING event, which ends an overdue period and is never "early" (whatever the service
 *   labelled it), with how far from the expected time it came;
 * - where the check stands now (`heartbeatNow`): the last real ping (never the FAILING event), when the
 *   next one is expected and until when the grace runs, or overdue and by how long;
 * - each column of a time grid (src/shared/time-grid.ts) as the worst thing that happened in its bucket:
 *   a miss, a late / grace / early / on-time ping, an overdue stretch, the grace or the expected window
 *   of a period with no ping yet, a stretch where nothing was due, or nothing known (before the oldest
 *   event read: the API serves 10 events a request).
 */

import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import { type Tone, toEpochMs } from "../../shared/format.ts";
import {
  EARLY_FRACTION,
  heartbeatGraceMs,
  heartbeatPeriodMs,
  ON_TIME_SLACK_MS,
  type HeartbeatTiming as PeriodConfig,
} from "../../shared/heartbeat-period.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import {
  bucketRange,
  type ClockOptions,
  formatClock,
  formatSpan,
  type TimeGrid,
} from "../../shared/time-grid.ts";
import { formatAgeWords } from "./timeline.ts";

export type PingKind = "early" | "on time" | "grace" | "late" | "recovery";

export type ClassifiedEvent = {
  id: string;
  at: number;
  /** A ping's kind, or "missed" for a FAILING event (the service noting that none came). */
  kind: PingKind | "missed";
  /** How many pings the event stands for (the local service folds pings within ~1 s into one). */
  pings: number;
  /** When this ping was expected (the previous real ping + period), when known. */
  expectedAt: number | undefined;
  /** The state the service gave (raw; sanitised when drawn). */
  serviceState: string;
};

export type HeartbeatTiming = { periodMs: number | undefined; graceMs: number | undefined };

const isFailing = (e: HeartbeatEvent) => String(e.state ?? "").toUpperCase() === "FAILING";
const pingCount = (e: HeartbeatEvent): number => {
  const n = (e as { pingCount?: unknown }).pingCount;
  return typeof n === "number" && Number.isFinite(n) && n >= 1 ? n : 1;
};
const SERVICE_KIND: Record<string, PingKind> = {
  EARLY: "early",
  RECEIVED: "on time",
  GRACE: "grace",
  LATE: "late",
};

/**
 * Where a ping at `at` falls against one expected at `expectedAt`: the service's rule for the state it
 * stores (src/service/runners/heartbeat.ts), with the same constants (src/shared/heartbeat-period.ts).
 */
export function pingKind(at: number, expectedAt: number, t: HeartbeatTiming): PingKind {
  const period = t.periodMs ?? 0;
  if (at < expectedAt - period * EARLY_FRACTION) return "early";
  if (at <= expectedAt + ON_TIME_SLACK_MS) return "on time";
  if (at <= expectedAt + (t.graceMs ?? 0)) return "grace";
  return "late";
}

/** The events with a time, oldest first, each classified (see the module comment). */
export function classifyEvents(events: readonly HeartbeatEvent[], t: HeartbeatTiming): ClassifiedEvent[] {
  const timed = events
    .map((e) => ({ e, at: toEpochMs(e.timestamp) }))
    .filter((x) => Number.isFinite(x.at))
    .sort((a, b) => a.at - b.at);
  const out: ClassifiedEvent[] = [];
  let lastPing: number | undefined;
  let missedSince = false;
  for (const { e, at } of timed) {
    const serviceState = String(e.state ?? "");
    if (isFailing(e)) {
      out.push({ id: e.id, at, kind: "missed", pings: 0, expectedAt: undefined, serviceState });
      missedSince = true;
      continue;
    }
    const expectedAt = lastPing !== undefined && t.periodMs !== undefined ? lastPing + t.periodMs : undefined;
    const kind: PingKind = missedSince
      ? "recovery"
      : expectedAt !== undefined
        ? pingKind(at, expectedAt, t)
        : (SERVICE_KIND[serviceState.toUpperCase()] ?? "on time");
    out.push({ id: e.id, at, kind, pings: pingCount(e), expectedAt, serviceState });
    lastPing = at;
    missedSince = false;
  }
  return out;
}

/** "3 min early", "45 s late", "on the dot"; "" when the expected time is unknown. */
export function offsetText(c: Pick<ClassifiedEvent, "at" | "expectedAt">): string {
  if (c.expectedAt === undefined) return "";
  const d = c.at - c.expectedAt;
  if (Math.abs(d) < 1000) return "on the dot";
  return `${formatAgeWords(Math.abs(d))} ${d < 0 ? "early" : "late"}`;
}

export type HeartbeatNow = {
  state: "no ping" | "on time" | "in grace" | "overdue";
  lastPingAt: number | undefined;
  expectedAt: number | undefined;
  graceEndsAt: number | undefined;
  /** How late the next ping is (now − expected), when it is. */
  lateByMs: number | undefined;
  /** The first FAILING event since the last ping, when held. */
  failingSince: number | undefined;
};

/** Where the check stands at `now` (events in any order). */
export function heartbeatNow(
  events: readonly HeartbeatEvent[],
  t: HeartbeatTiming,
  now: number,
): HeartbeatNow {
  const c = classifyEvents(events, t);
  let lastPingAt: number | undefined;
  let failingSince: number | undefined;
  for (const e of c) {
    if (e.kind === "missed") failingSince ??= e.at;
    else {
      lastPingAt = e.at;
      failingSince = undefined;
    }
  }
  const newestMissed = c.length > 0 && c[c.length - 1]!.kind === "missed";
  const expectedAt =
    lastPingAt !== undefined && t.periodMs !== undefined ? lastPingAt + t.periodMs : undefined;
  const graceEndsAt = expectedAt === undefined ? undefined : expectedAt + (t.graceMs ?? 0);
  const lateByMs = expectedAt !== undefined && now > expectedAt ? now - expectedAt : undefined;
  const state: HeartbeatNow["state"] =
    newestMissed || (graceEndsAt !== undefined && now > graceEndsAt)
      ? "overdue"
      : lastPingAt === undefined
        ? "no ping"
        : lateByMs !== undefined
          ? "in grace"
          : "on time";
  return { state, lastPingAt, expectedAt, graceEndsAt, lateByMs, failingSince };
}

/**
 * A clock time as the charts' axis reads it (local time, or UTC with `--utc`): "09:41" (`seconds`:
 * "09:41:07") today, "Nov 24 09:41" another day.
 */
export function clockAt(at: number, now: number, o: ClockOptions & { seconds?: boolean } = {}): string {
  const sameDay =
    formatClock(at, { utc: o.utc, date: "only" }) === formatClock(now, { utc: o.utc, date: "only" });
  const d = new Date(at);
  const secs = o.seconds ? `:${String(o.utc ? d.getUTCSeconds() : d.getSeconds()).padStart(2, "0")}` : "";
  return `${formatClock(at, { utc: o.utc, date: !sameDay })}${secs}`;
}

/** "09:41 (in 12 min)" / "09:41 (3 min ago)"; with `o.seconds`, "09:41:07 (in 12 min)". */
function when(at: number, now: number, o: ClockOptions & { seconds?: boolean }): string {
  const d = at - now;
  const words = formatAgeWords(Math.abs(d));
  return `${clockAt(at, now, o)} (${Math.abs(d) < 1000 ? "now" : d > 0 ? `in ${words}` : `${words} ago`})`;
}

const FINE_BELOW_MS = 5 * 60_000;

/**
 * The state line of a heartbeat: what an engineer reads first. `heldSince`: the oldest time the events
 * read reach back to (for "no ping since …"); times in local time, or UTC with `o.utc`.
 */
export function heartbeatStateLine(
  n: HeartbeatNow,
  t: HeartbeatTiming,
  now: number,
  heldSince?: number,
  o: ClockOptions = {},
): { text: string; tone: Tone | undefined; parts: string[] } {
  // the expected and grace times to the second when the period or the grace is under 5 minutes: "grace until
  // 21:30" beside "next expected at 21:30" says nothing when both fall in the same minute
  const fine = [t.periodMs, t.graceMs].some((ms) => ms !== undefined && ms > 0 && ms < FINE_BELOW_MS);
  const clockTime = (at: number, _now: number, seconds = fine) => clockAt(at, now, { utc: o.utc, seconds });
  const ow = { ...o, seconds: fine };
  const last =
    n.lastPingAt === undefined
      ? undefined
      : `last ping ${clockTime(n.lastPingAt, now, true)} (${formatAgeWords(Math.max(0, now - n.lastPingAt))} ago)`;
  // the line in parts, each one fact with its time whole, joined by spaces (`text`): a narrow pane wraps
  // it between parts (wrapParts), never inside a time
  const line = (parts: string[], tone: Tone | undefined) => ({ text: parts.join(" "), tone, parts });
  switch (n.state) {
    case "overdue": {
      const by = n.lateByMs !== undefined ? ` by ${formatAgeWords(n.lateByMs)}` : "";
      const exp =
        n.expectedAt !== undefined
          ? [
              `— expected at ${clockTime(n.expectedAt, now)}${t.graceMs ? `, grace ended ${clockTime(n.graceEndsAt ?? 0, now)}` : ""}`,
            ]
          : [];
      const noPing =
        n.lastPingAt === undefined
          ? `no ping ${heldSince !== undefined ? `since ${clockTime(heldSince, now)} (the oldest event read)` : "held"}`
          : last;
      return line([`✖ OVERDUE${by}`, ...exp, `· ${noPing}`], "bad");
    }
    case "in grace":
      return line(
        [
          `▲ late by ${formatAgeWords(n.lateByMs ?? 0)}, in grace until ${when(n.graceEndsAt ?? now, now, ow)}`,
          `— expected at ${clockTime(n.expectedAt ?? now, now)}`,
          `· ${last}`,
        ],
        "warn",
      );
    case "on time":
      return line(
        n.expectedAt === undefined
          ? [`● ${last}`, "· next ping expected: period not recorded"]
          : t.graceMs
            ? [
                `● ${last}`,
                `· next expected at ${when(n.expectedAt, now, ow)},`,
                `grace until ${clockTime(n.graceEndsAt ?? 0, now)}`,
              ]
            : [`● ${last}`, `· next expected at ${when(n.expectedAt, now, ow)}`],
        "ok",
      );
    default:
      return line(
        heldSince !== undefined
          ? [`○ no ping since ${clockTime(heldSince, now)}`, "— monitoring starts at the first ping"]
          : ["○ no ping yet", "— monitoring starts at the first ping"],
        "muted",
      );
  }
}

/**
 * A check's period and grace: the list entry's (summary.ts), else read from its `heartbeat` configuration
 * (the full check), never guessed (src/shared/heartbeat-period.ts).
 */
export function timingOf(c: {
  heartbeatPeriodMs?: number | undefined;
  heartbeatGraceMs?: number | undefined;
  heartbeat?: PeriodConfig | null | undefined;
}): HeartbeatTiming {
  return {
    periodMs: c.heartbeatPeriodMs ?? heartbeatPeriodMs(c.heartbeat),
    graceMs: c.heartbeatGraceMs ?? heartbeatGraceMs(c.heartbeat),
  };
}

/** "every 1 h · grace 10 min"; "not recorded" for what the check does not say. */
export function periodText(t: HeartbeatTiming): string {
  const period = t.periodMs === undefined ? "period not recorded" : `every ${formatSpan(t.periodMs)}`;
  const grace =
    t.graceMs === undefined
      ? "grace not recorded"
      : t.graceMs === 0
        ? "no grace"
        : `grace ${formatSpan(t.graceMs)}`;
  return `${period} · ${grace}`;
}

/**
 * Where the data dir's local service is now, and its usual address when it is not there (its port was
 * taken: src/service/address.ts) — the activity slice's; both unset for a configured service.
 */
export type ServiceAt = { serviceUrl?: string | undefined; serviceUsualUrl?: string | undefined };

const portOf = (url: string) => {
  try {
    return new URL(url).port;
  } catch {
    return url;
  }
};

/**
 * The ping URL of the full check; what to say while it is not read or when it has none. A URL read from a
 * local service that has since restarted at another address is not shown or copied (it would not reach
 * the service) until the check is read again; one at an address that is not the data dir's usual one
 * carries a `note` saying that URLs given out before (cron jobs) do not reach the service.
 */
export function pingUrlOf(
  full: { heartbeat?: { pingUrl?: string | null | undefined } | null | undefined } | undefined,
  at: ServiceAt = {},
): { url: string | undefined; text: string; note?: string } {
  if (!full) return { url: undefined, text: "reading…" };
  const url = full.heartbeat?.pingUrl;
  if (!url) return { url: undefined, text: "not recorded" };
  if (at.serviceUrl && !url.startsWith(`${at.serviceUrl}/`))
    return { url: undefined, text: "reading… (the service moved)" };
  if (at.serviceUrl && at.serviceUsualUrl) {
    const usual = portOf(at.serviceUsualUrl);
    return {
      url,
      text: sanitizeLine(url),
      note: sanitizeLine(
        `⚠ address changed: the service is not on its usual port ${usual} — ping URLs with port ${usual} (cron jobs) do not reach it until it is back there`,
      ),
    };
  }
  return { url, text: sanitizeLine(url) };
}

// ---- the strip -----------------------------------------------------------------------------------------

export type CellKind =
  | "missed"
  | "late"
  | "recovery"
  | "overdue"
  | "grace"
  | "early"
  | "on time"
  | "grace window"
  | "due"
  | "waiting"
  | "unknown";

export type TimelineCell = { kind: CellKind; symbol: string; tone: Tone | "dim" };

/** Worst first: what a cell shows when several things happened in its bucket. */
const CELLS: Record<CellKind, { symbol: string; tone: Tone | "dim"; rank: number }> = {
  missed: { symbol: "✖", tone: "bad", rank: 10 },
  recovery: { symbol: "▲", tone: "bad", rank: 9 },
  late: { symbol: "▲", tone: "bad", rank: 9 },
  overdue: { symbol: "━", tone: "bad", rank: 8 },
  grace: { symbol: "△", tone: "warn", rank: 7 },
  early: { symbol: "○", tone: "warn", rank: 6 },
  "on time": { symbol: "●", tone: "ok", rank: 5 },
  "grace window": { symbol: "▒", tone: "warn", rank: 4 },
  due: { symbol: "░", tone: "dim", rank: 3 },
  waiting: { symbol: "─", tone: "dim", rank: 2 },
  unknown: { symbol: "·", tone: "dim", rank: 1 },
};

/** The strip's legend, one entry a symbol (a narrow pane wraps it between entries). */
export const HEARTBEAT_LEGEND_PARTS = [
  "● received",
  "○ early",
  "△ grace",
  "▲ late",
  "✖ failing",
  "━ overdue",
  "░ due",
  "▒ grace window",
  "─ not due",
  "· unknown",
] as const;
export const HEARTBEAT_LEGEND = HEARTBEAT_LEGEND_PARTS.join("  ");

export const cellOf = (kind: CellKind): TimelineCell => ({
  kind,
  symbol: CELLS[kind].symbol,
  tone: CELLS[kind].tone,
});

type Span = { start: number; end: number; kind: CellKind };

/** The stretches between events: nothing due, the expected window, the grace, overdue. */
function spans(c: readonly ClassifiedEvent[], t: HeartbeatTiming, now: number): Span[] {
  const out: Span[] = [];
  const push = (start: number, end: number, kind: CellKind) => {
    if (end > start) out.push({ start, end, kind });
  };
  c.forEach((e, i) => {
    const end = Math.min(now, c[i + 1]?.at ?? now);
    if (e.kind === "missed" || t.periodMs === undefined) {
      push(e.at, end, e.kind === "missed" ? "overdue" : "waiting");
      return;
    }
    const expected = e.at + t.periodMs;
    const opens = expected - t.periodMs * EARLY_FRACTION;
    const graceEnd = expected + (t.graceMs ?? 0);
    push(e.at, Math.min(opens, end), "waiting");
    push(Math.max(e.at, opens), Math.min(expected, end), "due");
    push(Math.max(e.at, expected), Math.min(graceEnd, end), "grace window");
    push(Math.max(e.at, graceEnd), end, "overdue");
  });
  return out;
}

/**
 * The cells of columns [first, first + count) of `grid`: the worst thing in each bucket; "unknown" before
 * the oldest event held (`readFrom` or the first event, whichever is later: nothing is known before it).
 */
export function heartbeatCells(input: {
  events: readonly HeartbeatEvent[];
  timing: HeartbeatTiming;
  grid: TimeGrid;
  now: number;
  first?: number;
  count?: number;
}): TimelineCell[] {
  const { grid, now, timing } = input;
  const first = input.first ?? 0;
  const count = input.count ?? grid.columns - first;
  const c = classifyEvents(input.events, timing);
  const sp = spans(c, timing, now);
  const cells: TimelineCell[] = [];
  let si = 0;
  let ei = 0;
  for (let col = first; col < first + count; col++) {
    const { start, end } = bucketRange(grid, col);
    let best: CellKind = "unknown";
    const take = (k: CellKind) => {
      if (CELLS[k].rank > CELLS[best].rank) best = k;
    };
    while (si < sp.length && sp[si]!.end <= start) si++;
    for (let k = si; k < sp.length && sp[k]!.start < end; k++) if (sp[k]!.end > start) take(sp[k]!.kind);
    while (ei < c.length && c[ei]!.at < start) ei++;
    // the last column holds its end instant (the window's `to`, now)
    const last = col === grid.columns - 1;
    for (let k = ei; k < c.length && (c[k]!.at < end || (last && c[k]!.at === end)); k++) take(c[k]!.kind);
    cells.push(cellOf(best));
  }
  return cells;
}
