/**
 * One check result as titled sections of lines — the result view of the console (src/tui/panes/results/)
 * and of `vigil results show` alike (one model of "a result"). Reads a full result of either service (vigil's
 * embedded one, the hosted one: api-notes §3.3) and, when given, its check (thresholds, a script's lines,
 * a TCP/DNS target) and a heartbeat result's event (ping source, user agent):
 *
 * - every result: status, FINAL or ATTEMPT, when, where, response time, attempts and retries, the reason;
 * - API/URL: the request (headers and URL credentials masked), the response (status, headers, a body
 *   excerpt — JSON pretty-printed — cut with "… N more lines" unless expanded), every assertion as
 *   `✔/✖ source property comparison target — received X`, the timing waterfall (socket wait · DNS · TCP ·
 *   first byte · download; the API has no TLS phase) and the response-time thresholds;
 * - TCP/DNS: target, what it resolved to or answered, the error and its code;
 * - browser / multi-step / Playwright: the error with the script line and the line itself, the failed
 *   expectation's expected and received values (Playwright's "Expected: …" / "Received: …" lines of the
 *   stored message), console log, steps, pages, error counts, the screenshot / trace / video paths;
 * - heartbeat: the event, its ping source and user agent.
 *
 * A field the service did not record reads "not recorded", never a blank. Lines are RAW text (the service's
 * strings as they came, secrets masked): the renderer sanitises every line before the terminal.
 */

import { canDegrade, isPassive } from "../../contract/check-types.ts";
import { maskSecrets, maskUrlCredentials } from "../../contract/secrets.ts";
import { formatAgo, formatMs, formatTimestamp } from "../../shared/format.ts";
import {
  assertionFailed,
  assertionText,
  type ReasonInput,
  receivedText,
  responseTimeReason,
  runReason,
} from "./reason.ts";
import { runState } from "./timeline.ts";

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
const LABEL = 13;

const line = (text: string, tone?: LineTone): ViewLine => (tone ? { text, tone } : { text });
const pair = (label: string, value: string, tone?: LineTone): ViewLine =>
  line(`${label.padEnd(LABEL - 1)} ${value}`, tone);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** `connect ECONNREFUSED 127.0.0.1:9` → `ECONNREFUSED` (Node's and the resolvers' error codes). */
export function errorCode(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /\b(E[A-Z][A-Z0-9_]{2,}|ERR_[A-Z0-9_]+|UND_ERR_[A-Z0-9_]+)\b/.exec(message)?.[1];
}

// ---- the common header ----------------------------------------------------------------------------

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

function header(r: ResultInput, o: ResultViewOptions, type: string | undefined): ViewSection {
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

// ---- text blocks: bodies, messages ------------------------------------------------------------------

/** The lines of a text, cut to `o.excerptLines` unless expanded, with "… N more lines (hint)". */
function excerpt(text: string, o: ResultViewOptions, indent = "  "): ViewLine[] {
  const all = text.replace(/\r\n?/g, "\n").split("\n");
  const keep = o.expanded ? MAX_EXPANDED_LINES : (o.excerptLines ?? 12);
  const shown = all.slice(0, keep).map((l) => line(`${indent}${l}`));
  const more = all.length - shown.length;
  if (more > 0) {
    const hint = !o.expanded && o.expandHint ? ` (${o.expandHint})` : "";
    shown.push(line(`${indent}… ${more} more line${more === 1 ? "" : "s"}${hint}`, "dim"));
  }
  return shown;
}

/** A body: JSON pretty-printed with secret-named fields masked, other text with URL credentials masked. */
export function bodyText(body: string): { text: string; json: boolean } {
  const trimmed = body.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return { text: JSON.stringify(maskSecrets(JSON.parse(trimmed)), null, 2), json: true };
    } catch {
      // not JSON after all: shown as text
    }
  }
  return { text: maskUrlCredentials(body), json: false };
}

function bodyLines(label: string, body: unknown, encoding: unknown, o: ResultViewOptions): ViewLine[] {
  if (body === undefined || body === null) return [pair(label, NOT_RECORDED, "dim")];
  if (typeof body !== "string") return [pair(label, JSON.stringify(maskSecrets(body)) ?? String(body))];
  if (body === "") return [pair(label, "empty")];
  if (encoding === "base64")
    return [pair(label, `binary, ${Math.floor((body.length * 3) / 4)} bytes (base64) — not shown`)];
  const { text, json } = bodyText(body);
  const count = text.split("\n").length;
  return [pair(label, `${json ? "JSON, " : ""}${count} line${count === 1 ? "" : "s"}`), ...excerpt(text, o)];
}

/** Headers as `name: value` lines, credentials masked (object or `{key, value}` list). */
export function headerLines(headers: unknown): ViewLine[] {
  let pairs: { key: string; value: string }[] = [];
  if (Array.isArray(headers))
    pairs = headers
      .map(obj)
      .filter((h): h is Record<string, unknown> => typeof h?.key === "string")
      .map((h) => ({ key: String(h.key), value: h.value === undefined ? "" : String(h.value) }));
  else if (obj(headers))
    pairs = Object.entries(obj(headers) ?? {}).map(([key, v]) => ({
      key,
      value: Array.isArray(v) ? v.join(", ") : String(v),
    }));
  if (pairs.length === 0) return [line("  none", "dim")];
  return maskSecrets(pairs).map((h) => line(`  ${h.key}: ${maskUrlCredentials(h.value)}`));
}

// ---- API / URL ----------------------------------------------------------------------------------------

const PHASES = [
  ["wait", "socket wait"],
  ["dns", "DNS"],
  ["tcp", "TCP connect"],
  ["firstByte", "first byte"],
  ["download", "download"],
] as const;

/** The phases of a response: `timingPhases`, else derived from the cumulative `timings` (hosted). */
export function timingPhases(
  response: Record<string, unknown> | undefined,
): Record<string, number> | undefined {
  const phases = obj(response?.timingPhases);
  if (phases && PHASES.some(([k]) => num(phases[k]) !== undefined)) {
    const out: Record<string, number> = {};
    for (const [k] of PHASES) {
      const v = num(phases[k]);
      if (v !== undefined) out[k] = v;
    }
    const total = num(phases.total);
    if (total !== undefined) out.total = total;
    return out;
  }
  const t = obj(response?.timings);
  const at = (k: string) => num(t?.[k]);
  if (!t || at("end") === undefined) return undefined;
  const socket = at("socket") ?? 0;
  const lookup = at("lookup") ?? socket;
  const connect = at("connect") ?? lookup;
  const resp = at("response") ?? connect;
  const end = at("end") ?? resp;
  return {
    wait: socket,
    dns: Math.max(0, lookup - socket),
    tcp: Math.max(0, connect - lookup),
    firstByte: Math.max(0, resp - connect),
    download: Math.max(0, end - resp),
    total: end,
  };
}

/**
 * The waterfall: one line per phase, its bar starting where the previous phases end, lengths in
 * proportion to the total (a phase that took any time gets at least one cell).
 */
export function waterfall(phases: Record<string, number> | undefined, width = 32): ViewLine[] {
  if (!phases) return [line(NOT_RECORDED, "dim")];
  const sum = PHASES.reduce((a, [k]) => a + (phases[k] ?? 0), 0);
  const total = phases.total ?? sum;
  const scale = Math.max(sum, total, 0.000001);
  const out: ViewLine[] = [];
  let offset = 0;
  for (const [k, label] of PHASES) {
    const ms = phases[k];
    if (ms === undefined) {
      out.push(line(`${label.padEnd(LABEL - 1)} ${" ".repeat(width)} ${NOT_RECORDED}`, "dim"));
      continue;
    }
    const start = Math.min(width - 1, Math.round((offset / scale) * width));
    const len = ms > 0 ? Math.max(1, Math.min(width - start, Math.round((ms / scale) * width))) : 0;
    const bar = `${" ".repeat(start)}${"█".repeat(len)}`.padEnd(width);
    out.push(line(`${label.padEnd(LABEL - 1)} ${bar} ${formatMs(ms).padStart(8)}`));
    offset += ms;
  }
  out.push(line(`${"total".padEnd(LABEL - 1)} ${"─".repeat(width)} ${formatMs(total).padStart(8)}`));
  return out;
}

/** One assertion: `✔ status code equals 200 — received 200`. */
export function assertionLine(a: Record<string, unknown>): ViewLine {
  const failed = assertionFailed(a);
  return line(
    `${failed ? "✖" : "✔"} ${assertionText(a)} — received ${receivedText(a.actual)}`,
    failed ? "bad" : "ok",
  );
}

function assertionsSection(list: unknown): ViewSection {
  if (!Array.isArray(list)) return { title: "Assertions", lines: [line(NOT_RECORDED, "dim")] };
  const items = list.map(obj).filter((a): a is Record<string, unknown> => a !== undefined);
  if (items.length === 0) return { title: "Assertions", lines: [line("none", "dim")] };
  const failed = items.filter(assertionFailed).length;
  return {
    title: `Assertions (${items.length}, ${failed} failed)`,
    lines: items.map(assertionLine),
  };
}

function thresholdsSection(r: ResultInput, type: string | undefined, o: ResultViewOptions): ViewSection {
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

function apiSections(api: Record<string, unknown>, o: ResultViewOptions): ViewSection[] {
  const req = obj(api.request);
  const res = obj(api.response);
  const request: ViewLine[] = req
    ? [
        line(`${str(req.method) ?? "GET"} ${maskUrlCredentials(str(req.url) ?? NOT_RECORDED)}`),
        line("headers"),
        ...headerLines(req.headers),
        ...(req.data === undefined || req.data === null || req.data === ""
          ? [pair("body", "none", "dim")]
          : bodyLines("body", req.data, undefined, { ...o, expanded: false, excerptLines: 6 })),
      ]
    : [line(NOT_RECORDED, "dim")];
  const requestError = str(api.requestError);
  const response: ViewLine[] = [];
  if (requestError) {
    response.push(pair("no response", requestError, "bad"));
    response.push(pair("error code", errorCode(requestError) ?? NOT_RECORDED));
  }
  if (res) {
    const status = num(res.status);
    response.push(
      pair(
        "status",
        status === undefined ? NOT_RECORDED : `${status}${str(res.statusText) ? ` ${res.statusText}` : ""}`,
        status === undefined ? "dim" : status >= 400 ? "bad" : "ok",
      ),
      line("headers"),
      ...headerLines(res.headers),
      ...bodyLines("body", res.body, res.bodyEncoding, o),
    );
  } else if (!requestError) response.push(line(NOT_RECORDED, "dim"));
  return [
    { title: "Request", lines: request },
    { title: "Response", lines: response },
    assertionsSection(api.assertions),
    { title: "Timing", lines: waterfall(timingPhases(res), o.barWidth) },
  ];
}

// ---- TCP / DNS ----------------------------------------------------------------------------------------

function errorLines(r: ResultInput, detail: Record<string, unknown> | undefined): ViewLine[] {
  const message = str(r.errorMessage) ?? str(detail?.error);
  if (!message || !(r.hasFailures || r.hasErrors || r.isCancelled)) return [];
  return [pair("error", message, "bad"), pair("error code", errorCode(message) ?? NOT_RECORDED)];
}

/** The TCP connect time the runner recorded (`tcpCheckResult.timings.connection`), else "not recorded". */
function connectTime(d: Record<string, unknown> | undefined) {
  const ms = num(obj(d?.timings)?.connection);
  return ms === undefined ? pair("connect time", NOT_RECORDED, "dim") : pair("connect time", formatMs(ms));
}

function tcpSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const d = obj(r.tcpCheckResult);
  const req = o.check?.request;
  const host = str(req?.hostname);
  const port = d?.port ?? req?.port;
  const target = host ? `${host}${port === undefined ? "" : `:${String(port)}`}` : undefined;
  const address = str(d?.address);
  const lines = [
    pair("target", target ?? (address ? `${address}:${String(port ?? "?")}` : NOT_RECORDED)),
    pair("resolved to", address ?? NOT_RECORDED),
    connectTime(d),
    pair("total", num(r.responseTime) === undefined ? NOT_RECORDED : formatMs(num(r.responseTime))),
    ...errorLines(r, d),
  ];
  const sections: ViewSection[] = [{ title: "Connection", lines }];
  if (d && "response" in d) {
    const received = typeof d.response === "string" ? d.response : "";
    sections.push({
      title: "Data received",
      lines: received === "" ? [line("nothing", "dim")] : excerpt(maskUrlCredentials(received), o),
    });
  }
  if (d) sections.push(assertionsSection(d.assertions));
  return sections;
}

function answerText(a: unknown): string {
  if (typeof a === "string") return a;
  if (Array.isArray(a)) return a.join("");
  return JSON.stringify(a) ?? String(a);
}

function dnsSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const d = obj(r.dnsCheckResult);
  const req = o.check?.request;
  const query = str(d?.query) ?? str(req?.query);
  const type = str(d?.recordType) ?? str(req?.recordType) ?? (query ? "A" : undefined);
  const server = str(d?.nameServer) ?? str(req?.nameServer);
  const port = req?.port;
  const lines = [
    pair("query", query ? `${query} ${type ?? ""}`.trim() : NOT_RECORDED),
    pair(
      "name server",
      server
        ? `${server}${port === undefined || port === null ? "" : `:${String(port)}`}`
        : "the system resolver",
    ),
    pair("answer code", str(d?.rcode) ?? NOT_RECORDED),
    pair("time", num(r.responseTime) === undefined ? NOT_RECORDED : formatMs(num(r.responseTime))),
    ...errorLines(r, d),
  ];
  const sections: ViewSection[] = [{ title: "Query", lines }];
  if (d) {
    const answers = Array.isArray(d.answers) ? d.answers : undefined;
    sections.push({
      title: `Answers${answers ? ` (${answers.length})` : ""}`,
      lines: !answers
        ? [line(NOT_RECORDED, "dim")]
        : answers.length === 0
          ? [line("none", "dim")]
          : answers.map((a) => line(`  ${answerText(a)}`)),
    });
    sections.push(assertionsSection(d.assertions));
  }
  return sections;
}

// ---- browser, multi-step, Playwright ----------------------------------------------------------------

/** Playwright's `Expected: …` / `Received: …` lines (also `Expected string:`, `Received value:` …). */
export function expectation(message: string): { expected?: string; received?: string } {
  const out: { expected?: string; received?: string } = {};
  for (const raw of message.split("\n")) {
    const m = /^\s*(Expected|Received)(?: [a-z ]+)?:\s?(.*)$/.exec(raw);
    if (!m) continue;
    const key = m[1] === "Expected" ? "expected" : "received";
    out[key] ??= (m[2] ?? "").trim();
  }
  return out;
}

/** The script's line `n` (1-based), or undefined. */
export function scriptLine(script: string | null | undefined, n: number | undefined): string | undefined {
  if (!script || n === undefined || n < 1) return undefined;
  return script.split(/\r?\n/)[n - 1];
}

/** A hosted `errors[]` entry or vigil's `error`: its message and line. */
function scriptErrorOf(detail: Record<string, unknown>): { message: string; line?: number } | undefined {
  const e = obj(detail.error);
  if (e && str(e.message))
    return { message: String(e.message), ...(num(e.line) ? { line: num(e.line) } : {}) };
  if (Array.isArray(detail.errors)) {
    for (const x of detail.errors) {
      if (typeof x === "string" && x !== "") return { message: x };
      const o = obj(x);
      const message = str(o?.message) ?? str(o?.msg) ?? str(o?.error);
      if (message) return { message, ...(num(o?.line) ? { line: num(o?.line) } : {}) };
    }
  }
  return undefined;
}

function logText(entry: unknown): string {
  if (typeof entry === "string") return entry;
  const o = obj(entry);
  const msg = str(o?.msg) ?? str(o?.message) ?? str(o?.text);
  if (msg) return `${str(o?.level) ? `[${String(o?.level)}] ` : ""}${msg}`;
  return JSON.stringify(entry) ?? String(entry);
}

function listOf(v: unknown): unknown[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

function pathsOf(v: unknown): string[] {
  return (listOf(v) ?? [])
    .map((x) =>
      typeof x === "string" ? x : (str(obj(x)?.url) ?? str(obj(x)?.filename) ?? str(obj(x)?.name)),
    )
    .filter((x): x is string => x !== undefined);
}

/** Where the screenshot is, and how to draw it: the viewer's own way (the console's `s`), else the command. */
function screenshotText(shot: string, r: ResultInput, hint: string | undefined): string {
  const where = `${shot}${shot.startsWith("assets/") ? " (in the service's data dir)" : ""}`;
  const command = `vigil results show ${str(r.checkId) ?? "CHECK"} ${str(r.id) ?? "RESULT"} --screenshot`;
  return `${where} · ${hint ?? `\`${command}\` draws it`} (kitty, iTerm2, sixel)`;
}

function browserSections(
  r: ResultInput,
  detail: Record<string, unknown>,
  type: string,
  o: ResultViewOptions,
): ViewSection[] {
  const sections: ViewSection[] = [];
  const err = scriptErrorOf(detail);
  const failed = r.hasFailures === true || r.hasErrors === true;
  const script: ViewLine[] = [];
  if (err) {
    const first = err.message.split("\n").find((l) => l.trim() !== "") ?? err.message;
    script.push(pair("error", `${err.line ? `line ${err.line}: ` : ""}${first.trim()}`, "bad"));
    if (err.line) {
      const text = scriptLine(o.check?.script, err.line);
      script.push(
        text === undefined
          ? pair(
              `line ${err.line}`,
              o.check?.script ? "beyond the script's end" : "the script is not loaded",
              "dim",
            )
          : pair(`line ${err.line}`, text.trim()),
      );
    } else script.push(pair("line", NOT_RECORDED, "dim"));
    const { expected, received } = expectation(err.message);
    if (expected !== undefined) script.push(pair("expected", expected));
    if (received !== undefined) script.push(pair("received", received, "bad"));
    script.push(line("message"), ...excerpt(err.message, o));
  } else if (failed) {
    script.push(pair("error", str(r.errorMessage) ?? NOT_RECORDED, "bad"));
  } else
    script.push(
      line(
        r.isCancelled ? (str(r.errorMessage) ?? "the run could not be made") : "no error",
        r.isCancelled ? "dim" : "ok",
      ),
    );
  sections.push({ title: "Script", lines: script });

  const logs = listOf(detail.logs) ?? listOf(detail.jobLog);
  sections.push({
    title: `Console log${logs ? ` (${logs.length})` : ""}`,
    lines: !logs
      ? [line(NOT_RECORDED, "dim")]
      : logs.length === 0
        ? [line("nothing logged", "dim")]
        : logs.slice(0, o.expanded ? MAX_EXPANDED_LINES : 20).map((l) => line(`  ${logText(l)}`)),
  });

  const steps = listOf(detail.steps);
  if (type === "MULTI_STEP" || steps) {
    sections.push({
      title: `Steps${steps ? ` (${steps.length})` : ""}`,
      lines: !steps
        ? [line(NOT_RECORDED, "dim")]
        : steps.length === 0
          ? [line("none", "dim")]
          : steps.map((s) => {
              const st = obj(s) ?? {};
              const bad = !!str(st.error) || (num(st.status) ?? 0) >= 400;
              return line(
                `${bad ? "✖" : "✔"} ${str(st.method) ?? "?"} ${maskUrlCredentials(str(st.url) ?? "?")} ${num(st.status) ?? "—"} ${formatMs(num(st.ms))}${str(st.error) ? ` — ${st.error}` : ""}`,
                bad ? "bad" : undefined,
              );
            }),
    });
  }

  const pages = listOf(detail.pages);
  if (pages && pages.length > 0) {
    sections.push({
      title: `Pages (${pages.length})`,
      lines: pages.map((p) => {
        const pg = obj(p) ?? {};
        const vitals = ["TTFB", "FCP", "LCP"]
          .map((k) => (num(pg[k]) === undefined ? undefined : `${k} ${formatMs(num(pg[k]))}`))
          .concat(num(pg.CLS) === undefined ? [] : [`CLS ${num(pg.CLS)}`])
          .concat(num(pg.TBT) === undefined ? [] : [`TBT ${formatMs(num(pg.TBT))}`])
          .filter(Boolean)
          .join(" · ");
        return line(`  ${maskUrlCredentials(str(pg.url) ?? "?")}${vitals ? `  ${vitals}` : ""}`);
      }),
    });
  }

  const counts = obj(detail.errors);
  if (counts) {
    const words: [string, string][] = [
      ["consoleErrors", "console"],
      ["networkErrors", "network"],
      ["userScriptErrors", "script"],
      ["documentErrors", "document"],
    ];
    sections.push({
      title: "Errors",
      lines: [line(words.map(([k, w]) => `${w} ${num(counts[k]) ?? "—"}`).join(" · "))],
    });
  }

  const shot =
    str(detail.screenshot) ?? pathsOf(detail.jobAssets).find((p) => /\.(png|jpe?g|webp)$/i.test(p));
  const traces = [...pathsOf(detail.playwrightTestTraces), ...pathsOf(detail.playwrightTraceFiles)];
  const videos = pathsOf(detail.playwrightTestVideos);
  sections.push({
    title: "Files",
    lines: [
      pair(
        "screenshot",
        shot ? screenshotText(shot, r, o.screenshotHint) : NOT_RECORDED,
        shot ? undefined : "dim",
      ),
      pair("trace", traces.length ? traces.join(", ") : NOT_RECORDED, traces.length ? undefined : "dim"),
      pair("video", videos.length ? videos.join(", ") : NOT_RECORDED, videos.length ? undefined : "dim"),
    ],
  });
  return sections;
}

// ---- heartbeat ----------------------------------------------------------------------------------------

function heartbeatSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const ev = obj(r.heartbeatEvent);
  const e = o.event;
  const state = str(e?.state) ?? str(ev?.state);
  const failing = state === "FAILING";
  const source = e ? (str(e.source) ?? "none (no Origin or Referer header)") : NOT_RECORDED;
  const agent = e ? (str(e.userAgent) ?? "none sent") : NOT_RECORDED;
  const lines = [
    pair("event", state ?? NOT_RECORDED, failing ? "bad" : state ? "ok" : "dim"),
    pair("event id", str(ev?.id) ?? NOT_RECORDED, "dim"),
  ];
  if (failing) lines.push(pair("why", str(r.errorMessage) ?? "no ping within period + grace", "bad"));
  else lines.push(pair("ping source", source), pair("user agent", agent));
  return [{ title: failing ? "Missed ping" : "Ping", lines }];
}

// ---- the view ---------------------------------------------------------------------------------------

const DETAIL_KEYS = [
  "apiCheckResult",
  "tcpCheckResult",
  "dnsCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "playwrightCheckResult",
  "heartbeatEvent",
] as const;

/** The check type of a result: its own field, its check's, else what its detail member says. */
export function resultType(r: ResultInput, check?: ResultCheck): string | undefined {
  const own = str(r.checkType) ?? str(check?.checkType);
  if (own) return own.toUpperCase();
  if (r.apiCheckResult) return "API";
  if (r.tcpCheckResult) return "TCP";
  if (r.dnsCheckResult) return "DNS";
  if (r.multiStepCheckResult) return "MULTI_STEP";
  if (r.playwrightCheckResult) return "PLAYWRIGHT";
  if (r.browserCheckResult) return "BROWSER";
  if (r.heartbeatEvent) return "HEARTBEAT";
  return undefined;
}

/** The sections of one result (see the module comment). */
export function resultView(r: ResultInput, o: ResultViewOptions = {}): ViewSection[] {
  const type = resultType(r, o.check);
  const sections: ViewSection[] = [header(r, o, type)];
  const api = obj(r.apiCheckResult);
  const browser = obj(r.browserCheckResult) ?? obj(r.multiStepCheckResult) ?? obj(r.playwrightCheckResult);
  if (type === "API" || type === "URL" || (type === undefined && api)) {
    if (api) sections.push(...apiSections(api, o));
    else
      sections.push({
        title: "Request",
        lines: [line(NOT_RECORDED, "dim"), ...errorLines(r, undefined)],
      });
    sections.push(thresholdsSection(r, type, o));
  } else if (type === "TCP") {
    sections.push(...tcpSections(r, o), thresholdsSection(r, type, o));
  } else if (type === "DNS") {
    sections.push(...dnsSections(r, o), thresholdsSection(r, type, o));
  } else if (type === "BROWSER" || type === "MULTI_STEP" || type === "PLAYWRIGHT" || browser) {
    sections.push(...browserSections(r, browser ?? {}, type ?? "BROWSER", o), thresholdsSection(r, type, o));
  } else if (type !== undefined && isPassive(type)) {
    sections.push(...heartbeatSections(r, o));
  } else {
    const keys = DETAIL_KEYS.filter((k) => r[k] !== undefined && r[k] !== null);
    sections.push({
      title: "Detail",
      lines: [
        pair("type", type ?? NOT_RECORDED),
        ...errorLines(r, undefined),
        ...(keys.length ? keys.map((k) => line(`  ${k}`)) : [line(`detail ${NOT_RECORDED}`, "dim")]),
      ],
    });
  }
  return sections;
}

/** The sections as plain text lines (the CLI): a title, its lines indented, a blank line between. */
export function resultViewText(sections: readonly ViewSection[]): string[] {
  return viewLines(sections).map((l) => l.text);
}

/** A line of the flattened view: section titles marked, a blank line between sections. */
export type FlatLine = ViewLine & { title?: true };

/** The sections as one list of lines (the console's scrollable view). */
export function viewLines(sections: readonly ViewSection[]): FlatLine[] {
  const out: FlatLine[] = [];
  sections.forEach((s, i) => {
    if (i > 0) out.push({ text: "" });
    out.push({ text: s.title, title: true }, ...s.lines.map((l) => ({ ...l, text: `  ${l.text}` })));
  });
  return out;
}
