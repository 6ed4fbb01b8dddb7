/**
 * A browser, multi-step or Playwright check's result: the error with the script line and the line itself,
 * the failed expectation's expected and received values (Playwright's "Expected: …" / "Received: …" lines of
 * the stored message), the console log, the steps (multi-step), the pages, the error counts, and the
 * screenshot / trace / video paths.
 */
import { maskUrlCredentials } from "../../../contract/secrets.ts";
import { formatMs } from "../../../shared/format.ts";
import {
  line,
  MAX_EXPANDED_LINES,
  NOT_RECORDED,
  num,
  obj,
  pair,
  type ResultInput,
  type ResultViewOptions,
  str,
  type ViewLine,
  type ViewSection,
} from "./frame.ts";
import { excerpt } from "./text.ts";

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

export function browserSections(
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
