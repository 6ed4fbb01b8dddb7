/**
 * Pure formatting helpers shared by the console and the CLI tables: relative times, durations, sizes,
 * display width (from `string-width`, the measure Ink itself lays frames out with, so columns line up with
 * what Ink draws: wide CJK characters and emoji two cells, combining marks none), truncation and padding by
 * display width, and status symbols. No I/O, no colours.
 */
import stringWidth from "string-width";
import { type CheckState, checkState } from "./check-state.ts";

let segmenterCache: Intl.Segmenter | undefined;
/** Built on first use: constructing it costs ~20 ms, which start-up should not pay for ASCII text. */
function graphemes(s: string): Intl.Segments {
  segmenterCache ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenterCache.segment(s);
}
/**
 * Text whose every character is one UTF-16 code unit, its own grapheme and one cell wide — the set the Ink
 * patch's line diff takes as narrow (docs/ink-patch.md): printable ASCII, Latin-1 and Latin Extended (no
 * soft hyphen), general punctuation (no separators or bidi controls), currency, arrows, mathematical
 * operators, enclosed alphanumerics, box drawing, blocks and geometric shapes (less ◽ ◾), ⚠ and the
 * dingbats' text marks (✔ ✖ …, not the emoji ✅ ✊ ✋ ✨). Its width is its length and it is cut by slicing:
 * the table's cells (✔, ▲, ⊘, —, …) are measured without `string-width`'s segmentation (~10 µs a cell).
 */
export const ONE_CELL_TEXT =
  /^[ -~\u00A0-\u00AC\u00AE-\u024F\u2010-\u2027\u202F-\u205E\u20A0-\u20C0\u2190-\u22FF\u2460-\u24FF\u2500-\u25FC\u25FF\u26A0\u2700-\u2704\u2706-\u2709\u270C-\u2727]*$/;

/** Cells one grapheme occupies in a terminal (as Ink measures it). */
function graphemeWidth(g: string): number {
  if (g.length === 1) {
    const c = g.charCodeAt(0);
    if (c >= 0x20 && c < 0x7f) return 1;
  }
  return stringWidth(g);
}

/** Display width of a (sanitised) string in terminal cells, as Ink measures it. */
export function displayWidth(s: string): number {
  if (ONE_CELL_TEXT.test(s)) return s.length;
  return stringWidth(s);
}

/** Cut `s` to at most `width` cells, ending with `ellipsis` when something was cut. Never splits a grapheme. */
export function truncate(s: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  const oneCell = ONE_CELL_TEXT.test(s);
  if (oneCell && s.length <= width) return s;
  if (!oneCell && displayWidth(s) <= width) return s;
  const ellW = displayWidth(ellipsis);
  const room = ellW <= width ? width - ellW : width;
  // one cell and one grapheme a code unit: the loop below would take the first `room` of them
  if (oneCell) return ellW <= width ? s.slice(0, room) + ellipsis : s.slice(0, room);
  let out = "";
  let w = 0;
  for (const { segment } of graphemes(s)) {
    const gw = graphemeWidth(segment);
    if (w + gw > room) break;
    out += segment;
    w += gw;
  }
  return ellW <= width ? out + ellipsis : out;
}

/**
 * `text` in lines of at most `width` cells, broken at spaces; a word wider than a line is cut across lines
 * (at graphemes, never inside one). The one wrapping of the console's prose: help, a form's message, an
 * incident update's text.
 */
export function wrapWords(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (displayWidth(next) <= w) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = "";
    let cells = 0;
    for (const { segment } of graphemes(word)) {
      const gw = graphemeWidth(segment);
      if (cells + gw > w && line) {
        out.push(line);
        line = "";
        cells = 0;
      }
      line += segment;
      cells += gw;
    }
  }
  out.push(line);
  return out;
}

/**
 * Which of `parts` go on which line when joined by `sep` in lines of at most `width` cells (a line after
 * the first starting with `indent`), broken only between parts: a count, a state or a time inside a part is
 * never cut across lines, nor cut short while a line has room for it whole. Each line's part indices.
 */
export function partLines(parts: readonly string[], width: number, sep = " · ", indent = ""): number[][] {
  const w = Math.max(1, width);
  const sepW = displayWidth(sep);
  const indentW = displayWidth(indent);
  const out: number[][] = [];
  let line: number[] = [];
  let used = 0;
  parts.forEach((part, i) => {
    const pw = displayWidth(part);
    if (line.length > 0 && used + sepW + pw > w) {
      out.push(line);
      line = [];
    }
    used = line.length === 0 ? (out.length > 0 ? indentW : 0) + pw : used + sepW + pw;
    line.push(i);
  });
  if (line.length > 0 || out.length === 0) out.push(line);
  return out;
}

/**
 * `parts` joined by `sep` in lines of at most `width` cells, broken only between parts (partLines); only
 * a part wider than a line on its own is cut, with "…". The one rule for a line of " · " parts at a narrow
 * width (the overview's counts, a heartbeat's state, the analytics' settings and cursor).
 */
export function wrapParts(parts: readonly string[], width: number, sep = " · ", indent = ""): string[] {
  return partLines(parts, width, sep, indent).map((ids, n) =>
    truncate((n > 0 ? indent : "") + ids.map((i) => parts[i]).join(sep), Math.max(1, width)),
  );
}

/**
 * `hints` (parts joined by " · ", the footer's key hints) in `width` cells: all of them where they fit;
 * else whole parts from the first, then "…" where the rest were left out and `keep` (the footer's help,
 * which lists every key) — never a hint cut in
 * the middle ("a (de)activate…") with the help gone.
 */
export function fitHints(hints: string, width: number, keep: string | undefined): string {
  if (displayWidth(hints) <= width) return hints;
  const parts = hints.split(" · ");
  const tail = [" · …", ...(keep ? [` · ${keep}`] : [])].join("");
  let out = "";
  for (const p of parts) {
    if (p === keep) continue;
    const next = out ? `${out} · ${p}` : p;
    if (displayWidth(next) + displayWidth(tail) > width) break;
    out = next;
  }
  return out ? `${out}${tail}` : truncate(hints, width);
}

export type Align = "left" | "right";

/** Truncate then pad with spaces to exactly `width` cells. */
export function fitWidth(s: string, width: number, align: Align = "left"): string {
  const t = truncate(s, width);
  const gap = " ".repeat(Math.max(0, width - displayWidth(t)));
  return align === "right" ? gap + t : t + gap;
}

/** Pad on the right to at least `width` cells (never truncates). */
export function padEnd(s: string, width: number): string {
  return s + " ".repeat(Math.max(0, width - displayWidth(s)));
}

/** Pad on the left to at least `width` cells (never truncates). */
export function padStart(s: string, width: number): string {
  return " ".repeat(Math.max(0, width - displayWidth(s))) + s;
}

/** Accepts a Date, epoch milliseconds or a date/date-time string; NaN for anything unusable. */
export function toEpochMs(t: Date | number | string | null | undefined): number {
  if (t === null || t === undefined || t === "") return Number.NaN;
  if (t instanceof Date) return t.getTime();
  if (typeof t === "number") return t;
  return Date.parse(t);
}

/** "850 ms", "1.5 s", "12 s", "4 min 12 s", "2 h 5 min", "3 d 4 h"; "—" when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  const neg = ms < 0 ? "-" : "";
  const a = Math.abs(ms);
  if (a < 1000) return `${neg}${Math.round(a)} ms`;
  if (a < 10_000) return `${neg}${(Math.floor(a / 100) / 10).toFixed(1)} s`;
  const s = Math.floor(a / 1000);
  if (s < 60) return `${neg}${s} s`;
  const two = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    `${neg}${big} ${bigUnit}${small ? ` ${small} ${smallUnit}` : ""}`;
  if (s < 3600) return two(Math.floor(s / 60), "min", s % 60, "s");
  if (s < 86_400) return two(Math.floor(s / 3600), "h", Math.floor((s % 3600) / 60), "min");
  return two(Math.floor(s / 86_400), "d", Math.floor((s % 86_400) / 3600), "h");
}

/** Response-time style: "87 ms", "1.24 s"; "—" when unknown. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  if (Math.abs(ms) < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Relative time: "12 s ago", "5 min ago", "3 h ago", "2 d ago", "in 30 s", "just now"; "—" if unknown. */
export function formatAgo(t: Date | number | string | null | undefined, now: number = Date.now()): string {
  const at = toEpochMs(t);
  if (!Number.isFinite(at)) return "—";
  const diff = Math.round((now - at) / 1000);
  const a = Math.abs(diff);
  if (a < 1) return "just now";
  const text =
    a < 60
      ? `${a} s`
      : a < 3600
        ? `${Math.floor(a / 60)} min`
        : a < 86_400
          ? `${Math.floor(a / 3600)} h`
          : `${Math.floor(a / 86_400)} d`;
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/** "512 B", "1.5 KiB", "12 MiB" (binary units). */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = Math.abs(n);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const num = i === 0 ? String(Math.round(v)) : v < 10 ? v.toFixed(1) : String(Math.round(v));
  return `${n < 0 ? "-" : ""}${num} ${units[i]}`;
}

/** A timestamp as "YYYY-MM-DD HH:MM:SSZ" (UTC); date-only strings stay as they are; "—" when absent. */
export function formatTimestamp(t: Date | number | string | null | undefined): string {
  if (typeof t === "string" && /^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const ms = toEpochMs(t);
  if (!Number.isFinite(ms)) return t === null || t === undefined || t === "" ? "—" : String(t);
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")}Z`;
}

/** A ratio or percentage as "99.5%"; values ≤ 1 are read as ratios unless `isPercent`. */
export function formatPercent(v: number | null | undefined, isPercent = false): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const p = isPercent || Math.abs(v) > 1 ? v : v * 100;
  return `${Number.isInteger(p) ? p : p.toFixed(1)}%`;
}

export type Tone = "ok" | "bad" | "warn" | "busy" | "muted";
export type StatusSymbol = { symbol: string; tone: Tone };

/**
 * The marks of states, one per meaning (a delivery's: store/triage/delivery-state.ts, with these marks):
 *
 * | mark | meaning                                   | e.g.                                               |
 * |------|-------------------------------------------|----------------------------------------------------|
 * | ✔    | well / done                               | passing, resolved (incident), received (ping)      |
 * | ✖    | failed                                    | failing, failed, timed out, CRITICAL (severity)    |
 * | ▲    | a warning level                           | degraded, late, MAJOR / MEDIUM / MINOR (severity)  |
 * | ◌    | under way                                 | running, investigating, identified (incident)      |
 * | ◉    | under way, being watched                  | monitoring (incident)                              |
 * | ○    | not yet                                   | pending, queued, unknown                           |
 * | ⊘    | did not happen / off                      | deactivated, cancelled, cannot run, muted          |
 *
 * An incident has a severity and a status: where both are shown its mark is its status's, beside the
 * status (`MAJOR  ◉ MONITORING`: the overview, the incidents pane, `vigil incidents list`, `vigil status`).
 */
const STATUS: Record<string, StatusSymbol> = {};
const put = (symbol: string, tone: Tone, names: string[]) => {
  for (const n of names) STATUS[n] = { symbol, tone };
};
put("✔", "ok", ["passing", "passed", "success", "received", "resolved", "ok"]);
put("✖", "bad", ["failing", "failed", "failure", "timed_out", "error", "critical"]);
put("▲", "warn", ["degraded", "late", "grace", "early", "progress_degraded", "major", "medium", "minor"]);
put("◌", "busy", ["started", "progress", "progress_failed", "running", "investigating", "identified"]);
put("◉", "busy", ["monitoring"]);
put("○", "muted", ["pending", "queued", "unknown"]);
put("⊘", "muted", ["cancelled", "canceled", "muted", "deactivated", "paused", "cannot run"]);

/**
 * Symbol and tone for a status-like value (check health, session status, heartbeat state, incident
 * status or severity). Case-insensitive; unknown values get "?" so they are visible, never an error.
 */
export function statusSymbol(status: string | null | undefined): StatusSymbol {
  if (!status) return { symbol: "○", tone: "muted" };
  return STATUS[status.toLowerCase()] ?? { symbol: "?", tone: "muted" };
}

export type Health = CheckState;

/** A check's health from its status (one rule: contract/schemas/check-statuses.ts). */
export const checkHealth = checkState;

/** Ages for table cells that should not tick every second: "<1 min ago", "5 min ago", "3 h ago"; "—". */
export function formatAgoCoarse(
  t: Date | number | string | null | undefined,
  now: number = Date.now(),
): string {
  const at = toEpochMs(t);
  if (!Number.isFinite(at)) return "—";
  const diff = now - at;
  if (diff >= 0 && diff < 60_000) return "<1 min ago";
  return formatAgo(at, now);
}

/**
 * A time that can only be past (a run's end, a status's update) as shown against the local clock: never
 * after `now`, so a service clock ahead of this one never shows a run "in 30 s" (the status line says
 * how far ahead it is instead, see clockAheadText). Epoch ms; NaN when unusable.
 */
export function clampToNow(t: Date | number | string | null | undefined, now: number = Date.now()): number {
  const at = toEpochMs(t);
  return Number.isFinite(at) ? Math.min(at, now) : Number.NaN;
}

/**
 * "service clock 40 s ahead" for a measured lead (ms): seconds in steps of 5 under a minute, then whole
 * minutes — the lead is a lower bound that varies by a few seconds from poll to poll, so the line only
 * changes when the step does.
 */
export function clockAheadText(aheadMs: number): string {
  const s = Math.floor(aheadMs / 1000);
  const text = s < 60 ? `${Math.max(5, s - (s % 5))} s` : formatDuration(Math.floor(s / 60) * 60_000);
  return `service clock ${text} ahead`;
}

/** The marker of a deactivated check (it does not run): replaces its state symbol, the row is dimmed. */
export const DEACTIVATED_MARK = "⊘";
/** The marker of a muted check (it runs, its alerts are not sent). */
export const MUTED_MARK = "m";

/** The symbol a check shows: ⊘ when deactivated (it does not run, whatever its last state said), else its state's. */
export function checkSymbol(health: Health, c: { activated?: boolean | null }): StatusSymbol {
  return c.activated === false ? { symbol: DEACTIVATED_MARK, tone: "muted" } : statusSymbol(health);
}

/**
 * A check's state as a table cell of the command line, symbol and word: "⊘ deactivated" for a deactivated
 * check — it does not run, so whatever its last state said it is never shown as passing (or failing) —
 * else "✖ failing", "✔ passing", ….
 */
export function checkStateText(health: Health, c: { activated?: boolean | null }): string {
  return c.activated === false
    ? `${DEACTIVATED_MARK} deactivated`
    : `${statusSymbol(health).symbol} ${health}`;
}

/**
 * A check's markers, as text (so they survive NO_COLOR): "⊘" deactivated, "m" muted, both "⊘m", none "".
 */
export function checkMarks(c: { activated?: boolean | null; muted?: boolean | null }): string {
  return `${c.activated === false ? DEACTIVATED_MARK : ""}${c.muted === true ? MUTED_MARK : ""}`;
}

/** The markers with their words, for a heading: "⊘ deactivated · m muted"; "" when neither. */
export function checkMarkWords(c: { activated?: boolean | null; muted?: boolean | null }): string {
  const words = [];
  if (c.activated === false) words.push(`${DEACTIVATED_MARK} deactivated`);
  if (c.muted === true) words.push(`${MUTED_MARK} muted`);
  return words.join(" · ");
}

/**
 * 12345 → "12,345". Not toLocaleString: its number-format data costs the console ~5 MB of memory.
 */
export function thousands(x: number): string {
  const [int = "", frac] = String(x).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * The count of a list summary: filtered, "12 of 300" (shown of held); when the server counts more than
 * the console holds (a paged list read only in part, Content-Range), the total too — "300 of 12,000", or
 * "12 of 300 (12,000 in all)".
 */
export function listCount(shown: number, held: number, total: number | undefined, filtered: boolean): string {
  const n = thousands;
  const more = total !== undefined && total > held;
  if (filtered) return `${n(shown)} of ${n(held)}${more ? ` (${n(total)} in all)` : ""}`;
  return `${n(held)}${more ? ` of ${n(total)}` : ""}`;
}
