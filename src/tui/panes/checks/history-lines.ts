/**
 * A check's history for its detail, pure (tests call it without Ink): since when it is in its state, its
 * state changes over the results held (store/triage/timeline.ts), and the alerts those changes raised with
 * what each channel was told (GET /v1/check-alerts joined with the delivery log). Raw text: the view
 * sanitises.
 */
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../../contract/schemas/alert-notifications.ts";
import type { CheckAlert } from "../../../contract/schemas/check-alerts.ts";
import type { CheckState } from "../../../shared/check-state.ts";
import { displayWidth, type Tone, toEpochMs, truncate, wrapWords } from "../../../shared/format.ts";
import type { ResultSummary } from "../../../store/data/summary.ts";
import type { CheckAlerts } from "../../../store/results/types.ts";
import { deliveryLabel } from "../../../store/triage/delivery-state.ts";
import { runReason, type Thresholds } from "../../../store/triage/reason.ts";
import {
  beforeText,
  clockTime,
  type RunState,
  runState,
  sinceText,
  stateSince,
  stateTimeline,
  type TimelineInput,
} from "../../../store/triage/timeline.ts";

export type HistoryLine = { text: string; tone?: Tone | "dim" };

/**
 * "for 12 min (since 09:41) · 1 of 2 locations" for the state the status says, from the FINAL results
 * held; undefined when they do not show it (pending, or results older than the status). `fromFirstRun`:
 * the results held begin at the check's first run (timeline.ts heldFromFirstRun).
 */
export function sinceLine(
  results: readonly TimelineInput[],
  health: CheckState,
  now: number,
  fromFirstRun = false,
): string | undefined {
  if (health === "pending") return undefined;
  const since = stateSince(results, health as RunState, fromFirstRun);
  if (!since) return undefined;
  const where = since.locationsSeen > 1 ? ` · ${since.locationsIn} of ${since.locationsSeen} locations` : "";
  return `for ${sinceText(since, now)}${where}`;
}

/**
 * The state changes as one chain, newest kept when it must be cut to `width`:
 * `passing since before 09:13 → failing at 09:41 in eu-west-1 → passing at 10:02 in us-east-1`. The first
 * state held began at the oldest result held or before it ("since before", the minute after it); only when
 * the results held are shown to begin at the check's first run (`fromFirstRun`, timeline.ts
 * heldFromFirstRun) is it `passing since its first run at 09:12`.
 */
export function timelineText(
  results: readonly TimelineInput[],
  now: number,
  width: number,
  fromFirstRun = false,
): string {
  const changes = stateTimeline(results);
  if (changes.length === 0) return "no results held yet";
  const parts = changes.map((t, i) =>
    i === 0
      ? `${t.to} since ${fromFirstRun ? `its first run at ${clockTime(t.at, now)}` : beforeText(t.at, now)}`
      : `${t.to} at ${clockTime(t.at, now)}${t.location ? ` in ${t.location}` : ""}`,
  );
  if (changes.length === 1) return `${parts[0]} (no change in the ${results.length} results held)`;
  let shown = parts;
  let text = shown.join(" → ");
  while (displayWidth(text) > width && shown.length > 1) {
    shown = shown.slice(1);
    text = `… → ${shown.join(" → ")}`;
  }
  return text;
}

/** `ALERT_FAILURE_REMAIN` → "failure remain"; `ALERT_DEGRADED_RECOVERY` → "degraded recovery". */
export const alertWords = (t: unknown): string =>
  typeof t === "string"
    ? t
        .replace(/^ALERT_/, "")
        .toLowerCase()
        .replaceAll("_", " ")
    : "alert";

function alertTone(t: unknown): Tone {
  const s = String(t ?? "");
  if (s.endsWith("RECOVERY")) return "ok";
  if (s.includes("FAILURE")) return "bad";
  if (s.includes("DEGRADED")) return "warn";
  return "muted";
}

/** Who a delivery went to: `email ops@example.com`, `webhook #3`. */
function deliveryWho(
  d: AlertNotification,
  channels: readonly AlertChannel[],
  target: (c: AlertChannel) => string,
): string {
  const ch = channels.find((c) => c.id === d.alertChannelId);
  return `${(d.type ?? ch?.type ?? "channel").toLowerCase()} ${ch ? target(ch) || `#${ch.id}` : `#${d.alertChannelId ?? "?"}`}`;
}

/** A delivery: `email ops@example.com ✔ sent (1 try)`, `webhook #3 ✖ failed (3 tries: timeout)`. */
export function deliveryText(
  d: AlertNotification,
  channels: readonly AlertChannel[],
  target: (c: AlertChannel) => string,
): string {
  return `${deliveryWho(d, channels, target)} ${deliveryOutcome(d)}`;
}

/**
 * How a delivery went, in the words and marks of store/triage/delivery-state.ts: `✔ sent (1 try)`,
 * `✖ failed (3 tries: HTTP 502)`, `⊘ not sent: no SMS provider` (a not-sent one's reason, when the log
 * gives one, not its 0 tries).
 */
export function deliveryOutcome(d: AlertNotification): string {
  const tries = d.attemptCount ?? d.attempts?.length;
  const outcome = deliveryLabel(d);
  const reason = d.lastError ?? d.notificationResult;
  if (d.status === "SKIPPED") return reason ? `${outcome}: ${reason}` : outcome;
  const failed = d.status === "FAILURE" || d.status === "RATE_LIMITED";
  const why = failed && reason ? `: ${reason}` : "";
  const count =
    tries === undefined || tries === null ? "" : ` (${tries} ${tries === 1 ? "try" : "tries"}${why})`;
  return `${outcome}${count || why}`;
}

/**
 * Who was told first: the deliveries that reached a channel, then those that failed, then those still
 * being sent; the channels it was not sent to (no transport for them, …) last, in one part — on a line
 * cut at the screen's width, those had hidden the sent ones.
 */
const RANK: Record<string, number> = { SUCCESS: 0, FAILURE: 1, RATE_LIMITED: 1, IN_PROGRESS: 2, SKIPPED: 4 };
const rankOf = (d: AlertNotification) => RANK[String(d.status)] ?? 3;

function toldText(
  told: readonly AlertNotification[],
  channels: readonly AlertChannel[],
  target: (c: AlertChannel) => string,
): string {
  const sorted = [...told].sort((a, b) => rankOf(a) - rankOf(b));
  const notSent = sorted.filter((d) => d.status === "SKIPPED");
  const parts = sorted.filter((d) => d.status !== "SKIPPED").map((d) => deliveryText(d, channels, target));
  if (notSent.length)
    parts.push(
      `${deliveryLabel({ status: "SKIPPED" })}: ${notSent.map((d) => deliveryWho(d, channels, target)).join(", ")}`,
    );
  return parts.join(" · ");
}

/** The deliveries of one alert: by its id, else (older logs) by the run that raised it. */
function deliveriesOf(a: CheckAlert, all: readonly AlertNotification[]): AlertNotification[] {
  const id = a.id === undefined || a.id === null ? undefined : String(a.id);
  const byId = id === undefined ? [] : all.filter((d) => d.checkAlertId === id);
  if (byId.length > 0) return byId;
  return a.checkResultId ? all.filter((d) => !d.checkAlertId && d.checkResultId === a.checkResultId) : [];
}

/**
 * The alerts, newest first, at most `max`: `10:15  failure  eu-west-1  → email ops@… ✔ sent (1 try)`.
 * Loading, failing to load and "none raised" each say so.
 */
export function alertLines(
  entry: CheckAlerts | undefined,
  channels: readonly AlertChannel[],
  target: (c: AlertChannel) => string,
  now: number,
  max: number,
): HistoryLine[] {
  if (!entry || (entry.loadedAt === undefined && !entry.error)) return [{ text: "loading…", tone: "dim" }];
  if (entry.loadedAt === undefined) return [{ text: `✖ ${entry.error}`, tone: "bad" }];
  if (entry.alerts.length === 0) return [{ text: "none raised", tone: "dim" }];
  const out: HistoryLine[] = entry.alerts.slice(0, Math.max(0, max)).map((a) => {
    const at = toEpochMs(a.startedAt ?? a.created_at);
    const when = Number.isFinite(at) ? clockTime(at, now) : "not recorded";
    const told = deliveriesOf(a, entry.deliveries);
    const to = told.length
      ? toldText(told, channels, target)
      : entry.deliveriesError
        ? "deliveries not read"
        : "no channel told";
    return {
      text: `${when}  ${alertWords(a.alertType)}  ${a.runLocation ?? "—"}  → ${to}`,
      tone: alertTone(a.alertType),
    };
  });
  if (entry.deliveriesError) out.push({ text: `delivery log: ${entry.deliveriesError}`, tone: "dim" });
  return out;
}

const WHY_SYMBOL: Partial<Record<CheckState, string>> = { failing: "✖", degraded: "▲", "cannot run": "⊘" };

/**
 * Why the check is in its state, under its state line: the reason of the newest FINAL result in that state
 * (the list's REASON and the overview's words, store/triage/reason.ts) and where it ran — wrapped at the
 * detail's width in at most `max` lines, so a narrow terminal reads it whole where the list cuts it (the
 * last line ends with "…" only when even that is not enough). `results` newest first; none for a passing
 * check. `id` is the result's, so the latest run's line need not say it again.
 */
export function whyLines(
  results: readonly (ResultSummary & { reason?: string | undefined })[],
  health: CheckState,
  thresholds: Thresholds | undefined,
  width: number,
  max = 3,
): { lines: string[]; id: string | undefined } {
  const symbol = WHY_SYMBOL[health];
  if (!symbol) return { lines: [], id: undefined };
  const hit = results.find((r) => r.resultType !== "ATTEMPT" && runState(r) === health);
  const reason = hit ? runReason(hit, thresholds) : undefined;
  if (!hit || !reason) return { lines: [], id: undefined };
  const where = hit.runLocation ? `${hit.runLocation}: ` : "";
  const all = wrapWords(`${symbol} ${where}${reason}`, Math.max(10, width - 4));
  const lines = all.slice(0, max);
  if (all.length > max) lines[max - 1] = truncate(`${lines[max - 1]} ${all.slice(max).join(" ")}`, width - 4);
  return { lines: lines.map((l, i) => (i === 0 ? l : `  ${l}`)), id: hit.id };
}
