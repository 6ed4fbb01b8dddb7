/**
 * The frame every result view shares: its types, the readers of a loosely typed result, the header (status,
 * FINAL or ATTEMPT, when, where, response time, attempts, the reason), the error lines, and the sections
 * several check types show (assertions, response-time limits). The check types' own parts are beside it.
 */
import { canDegrade, isPassive } from "../../../contract/check-types.ts";
import { formatAgo, formatMs, formatTimestamp } from "../../../shared/format.ts";
import {
  assertionFailed,
  assertionText,
  type ReasonInput,
  receivedText,
  responseTimeReason,
  runReason,
} from "../reason.ts";
import { runState } from "../timeline.ts";

export type LineTone = "ok" | "bad" | "warn" | "dim";
export type ViewLine = { text: string; tone?: LineTone };
export type ViewSection = { title: string; lines: ViewLine[] };

/** What the view reads of the check (the full check, or its list entry): thresholds, script, target. */
export type ResultCheck = {
  name?: string | null | undefined;
  checkType?: string | null | undefined;
  degradedResponseTime?: number | null | undefined;
  maxResponseTime?: number | null | undefined;
  script?: string | null | undefined;
  request?: Record<string, unknown> | null | undefined;
};

/** A heartbeat event as the events API returns it. */
export type ResultEvent = {
  state?: string | null | undefined;
  timestamp?: string | null | undefined;
  source?: string | null | undefined;
  userAgent?: string | null | undefined;
};

export type ResultViewOptions = {
  check?: ResultCheck | undefined;
  /** The heartbeat event the result records (GET …/heartbeats/{checkId}/events/{id}). */
  event?: ResultEvent | undefined;
  /** Show the whole response body and error message (else the first `excerptLines`). */
  expanded?: boolean;
  /** Lines of a body or message shown before "… N more lines" (default 12). */
  excerptLines?: number;
  /** What the "… N more lines" line says expands it ("e expands", "--full shows all"). */
  expandHint?: string;
  /** How the viewer draws a screenshot here (the console: "s draws it here"); else the CLI command is named. */
  screenshotHint?: string;
  /** Width of the timing bars in cells (default 32). */
  barWidth?: number;
  /** For "3 min ago"; without it only the timestamp. */
  now?: number;
};

/** A loosely read result (v1/v2, either service): members are checked before use. */
export type ResultInput = Record<string, unknown> & { id?: unknown };

export const NOT_RECORDED = "not recorded";
/** An expanded body or message never grows past this many lines (a 10 MB body is not a view). */
export const MAX_EXPANDED_LINES = 2000;
export const LABEL = 13;

export const line = (text: string, tone?: LineTone): ViewLine => (tone ? { text, tone } : { text });
export const pair = (label: string, value: string, tone?: LineTone): ViewLine =>
  line(`${label.padEnd(LABEL - 1)} ${value}`, tone);
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
export const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** `connect ECONNREFUSED 127.0.0.1:9` → `ECONNREFUSED` (Node's and the resolvers' error codes). */
export function errorCode(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /\b(E[A-Z][A-Z0-9_]{2,}|ERR_[A-Z0-9_]+|UND_ERR_[A-Z0-9_]+)\b/.exec(message)?.[1];
}

const STATE_WORDS = {
  failing: "failed",
  degraded: "degraded",
  passing: "passed",
  "cannot run": "cannot run",
};
const STATE_TONE: Record<string, LineTone> = { failing: "bad", degraded: "warn", passing: "ok" };
const STATE_SYMBOL: Record<string, string> = { failing: "✖", degraded: "▲", passing: "✔", "cannot run": "⊘" };

/** A run's outcome in words and symbol (`✖ failed`), from the same rule the timeline uses. */
export function runOutcome(r: ResultInput): { text: string; tone: LineTone | undefined } {
  const state = runState(r as Parameters<typeof runState>[0]);
  return { text: `${STATE_SYMBOL[state]} ${STATE_WORDS[state]}`, tone: STATE_TONE[state] ?? "dim" };
}

/** `2 (1 retry)`, `1`, or not recorded. */
export function attemptsText(r: ResultInput): string {
  const attempts = num(r.attempts);
  if (attempts === undefined) return NOT_RECORDED;
  const retries = num(r.retries) ?? Math.max(0, attempts - 1);
  return retries > 0 ? `${attempts} (${retries} ${retries === 1 ? "retry" : "retries"})` : String(attempts);
}

/** FINAL (the run's verdict) or ATTEMPT (a try a retry followed); results without a type are FINAL. */
export const resultKind = (r: ResultInput): string => (r.resultType === "ATTEMPT" ? "ATTEMPT" : "FINAL");

export function header(r: ResultInput, o: ResultViewOptions, type: string | undefined): ViewSection {
  const outcome = runOutcome(r);
  const started = str(r.startedAt) ?? str(r.created_at) ?? str(r.stoppedAt);
  const when = started
    ? `${formatTimestamp(started)}${o.now === undefined ? "" : ` (${formatAgo(started, o.now)})`}`
    : NOT_RECORDED;
  const kind = resultKind(r);
  const reason = runReason(r as ReasonInput, o.check);
  const lines = [
    pair("status", outcome.text, outcome.tone),
    pair(
      "kind",
      kind === "ATTEMPT"
        ? "ATTEMPT (a try that was retried; not the run's verdict)"
        : "FINAL (the run's verdict)",
    ),
    pair("started", when),
    pair("location", str(r.runLocation) ?? NOT_RECORDED),
    // a heartbeat's result is a ping: it has no response time (the service stores 0)
    ...(type !== undefined && isPassive(type)
      ? []
      : [pair("response", num(r.responseTime) === undefined ? NOT_RECORDED : formatMs(num(r.responseTime)))]),
    pair("attempts", attemptsText(r)),
  ];
  if (reason) lines.push(pair("reason", reason, outcome.tone));
  lines.push(pair("result id", str(r.id) ?? NOT_RECORDED, "dim"));
  return { title: "Result", lines };
}

/** One assertion: `✔ status code equals 200 — received 200`. */
export function assertionLine(a: Record<string, unknown>): ViewLine {
  const failed = assertionFailed(a);
  return line(
    `${failed ? "✖" : "✔"} ${assertionText(a)} — received ${receivedText(a.actual)}`,
    failed ? "bad" : "ok",
  );
}

export function assertionsSection(list: unknown): ViewSection {
  if (!Array.isArray(list)) return { title: "Assertions", lines: [line(NOT_RECORDED, "dim")] };
  const items = list.map(obj).filter((a): a is Record<string, unknown> => a !== undefined);
  if (items.length === 0) return { title: "Assertions", lines: [line("none", "dim")] };
  const failed = items.filter(assertionFailed).length;
  return {
    title: `Assertions (${items.length}, ${failed} failed)`,
    lines: items.map(assertionLine),
  };
}

export function thresholdsSection(
  r: ResultInput,
  type: string | undefined,
  o: ResultViewOptions,
): ViewSection {
  const title = "Response time limits";
  if (type && !canDegrade(type) && !isPassive(type)) {
    const max = num(o.check?.maxResponseTime);
    return {
      title,
      lines: [
        pair("limit", max === undefined ? NOT_RECORDED : `fails above ${formatMs(max)}`),
        line(`${type.toLowerCase().replace("_", "-")} checks have no degraded state`, "dim"),
      ],
    };
  }
  const degraded = num(o.check?.degradedResponseTime);
  const max = num(o.check?.maxResponseTime);
  if (degraded === undefined && max === undefined)
    return { title, lines: [line(`${NOT_RECORDED} (the check's thresholds are not loaded)`, "dim")] };
  const lines = [
    pair("degraded", degraded === undefined ? NOT_RECORDED : `above ${formatMs(degraded)}`),
    pair("fails", max === undefined ? NOT_RECORDED : `above ${formatMs(max)}`),
  ];
  const ms = num(r.responseTime);
  const why = responseTimeReason(r as ReasonInput, o.check);
  if (why) lines.push(line(why, r.overMaxResponseTime ? "bad" : "warn"));
  else if (ms !== undefined) lines.push(line(`response time ${formatMs(ms)}: within the limits`, "ok"));
  else lines.push(line(`response time ${NOT_RECORDED}`, "dim"));
  return { title, lines };
}

/** The run's error and its code (`ECONNREFUSED`), when the run failed, errored or was cancelled; else none. */
export function errorLines(r: ResultInput, detail: Record<string, unknown> | undefined): ViewLine[] {
  const message = str(r.errorMessage) ?? str(detail?.error);
  if (!message || !(r.hasFailures || r.hasErrors || r.isCancelled)) return [];
  return [pair("error", message, "bad"), pair("error code", errorCode(message) ?? NOT_RECORDED)];
}
