import { displayWidth, formatAgo, statusSymbol, type Tone } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { deliveryMark } from "../../../store/triage/delivery-state.ts";
import type {
  CheckTriage,
  DeadLocation,
  DeliveryTrouble,
  HeartbeatTriage,
  OpenIncident,
} from "../../../store/triage/overview.ts";
import {
  assignedText,
  channelText,
  deliveryCheckText,
  deliveryText,
  forText,
  heartbeatTexts,
  locationsText,
  reasonText,
} from "../../../store/triage/overview-text.ts";
import type { Column } from "../../widgets/table-layout.ts";
import { type CheckRowForm, REASON_FLOOR, TYPE_WIDTH } from "./layout.ts";

const STATE_SYMBOL: Record<string, { symbol: string; tone: Tone }> = {
  failing: { symbol: "✖", tone: "bad" },
  degraded: { symbol: "▲", tone: "warn" },
  "cannot run": { symbol: "⊘", tone: "muted" },
};

/**
 * The name's column, at most 18 cells at 80 columns (what gives way on the row: checkRowForm); a cell
 * wider than its longest name, so a name never runs into the type beside it ("Checkout API  API", not
 * "Checkout API API").
 */
export function nameWidth(width: number, names: readonly string[]): number {
  const cap = width >= 140 ? 32 : width >= 100 ? 24 : 18;
  return Math.max(12, Math.min(cap, Math.max(0, ...names.map((n) => displayWidth(n) + 1))));
}

/**
 * The reason's least width before the locations count gives way: "connect ECONNREFUSED 10.0.0.7:443",
 * "status code equals 200, received 503" whole.
 */
export const reasonMin = (width: number) => (width >= 100 ? 36 : 30);

/** The "failing for …" cell, or what is not known yet. */
export const forCell = (t: CheckTriage, now: number) =>
  forText(t.state, t.since, now, t.sinceAfter) ?? (t.resultsHeld ? `${t.state}, since not known` : "…");

/** The same without the state word, which the row's symbol says: "12 min (since 09:41)" (checkRowForm). */
export const shortForCell = (t: CheckTriage, now: number) => {
  const text = forCell(t, now);
  const lead = `${t.state} for `;
  return text.startsWith(lead) ? text.slice(lead.length) : text;
};

export function checkColumns(now: number, nameW: number, form: CheckRowForm): Column<CheckTriage>[] {
  const columns: Column<CheckTriage>[] = [
    {
      id: "state",
      header: "",
      width: 2,
      priority: 100,
      get: (t) => `${STATE_SYMBOL[t.state]?.symbol ?? "?"}${t.muted ? "m" : " "}`,
      tone: (t) => STATE_SYMBOL[t.state]?.tone,
    },
    { id: "name", header: "", width: nameW, priority: 99, get: (t) => sanitizeLine(t.name) },
  ];
  if (form.type)
    columns.push({
      id: "type",
      header: "",
      width: TYPE_WIDTH,
      priority: 30,
      get: (t) => sanitizeLine(t.checkType),
    });
  columns.push({
    id: "for",
    header: "",
    width: form.forW,
    priority: 90,
    get: (t) => (form.short ? shortForCell(t, now) : forCell(t, now)),
  });
  if (form.where)
    columns.push({
      id: "where",
      header: "",
      width: form.whereW,
      priority: 60,
      get: (t) => locationsText(t) ?? "",
    });
  columns.push({
    id: "reason",
    header: "",
    width: "flex",
    minWidth: REASON_FLOOR,
    priority: 95,
    get: (t) => sanitizeLine(reasonText(t)),
    tone: (t) => (t.reason ? undefined : "muted"),
  });
  return columns;
}

export const expectedCell = (h: HeartbeatTriage, now: number) =>
  `expected ${heartbeatTexts(h, now).expected}`;
export const lateCell = (h: HeartbeatTriage, now: number) => {
  const t = heartbeatTexts(h, now);
  return h.expectedAt === undefined ? t.late : `${t.late} late`;
};

/** The width of the longest text on screen, within bounds. */
export const fitTo = (texts: readonly string[], min: number, max: number) =>
  Math.max(min, Math.min(max, Math.max(0, ...texts.map((t) => t.length))));

export function heartbeatColumns(
  now: number,
  nameW: number,
  w: { expected: number; late: number },
): Column<HeartbeatTriage>[] {
  return [
    {
      id: "state",
      header: "",
      width: 2,
      priority: 100,
      get: (h) => `✖${h.muted ? "m" : " "}`,
      tone: () => "bad",
    },
    { id: "name", header: "", width: nameW, priority: 99, get: (h) => sanitizeLine(h.name) },
    {
      id: "expected",
      header: "",
      width: w.expected,
      priority: 80,
      get: (h) => expectedCell(h, now),
    },
    { id: "late", header: "", width: w.late, priority: 90, get: (h) => lateCell(h, now) },
    {
      id: "ping",
      header: "",
      width: "flex",
      minWidth: 16,
      priority: 95,
      get: (h) => `last ping ${heartbeatTexts(h, now).lastPing}`,
    },
  ];
}

export function incidentColumns(now: number): Column<OpenIncident>[] {
  return [
    // the severity a word in its colour; the mark is the status's, beside it — as in the incidents pane
    // and `vigil incidents list` (◌ investigating, identified · ◉ monitoring: shared/format.ts)
    {
      id: "sev",
      header: "",
      width: 8,
      priority: 100,
      get: (i) => sanitizeLine(i.severity),
      tone: (i) => (i.severity === "CRITICAL" ? "bad" : "warn"),
    },
    {
      id: "status",
      header: "",
      width: 15,
      priority: 90,
      get: (i) => `${statusSymbol(i.status).symbol} ${sanitizeLine(i.status)}`,
    },
    { id: "name", header: "", width: "flex", minWidth: 16, priority: 99, get: (i) => sanitizeLine(i.name) },
    {
      id: "services",
      header: "",
      width: 24,
      priority: 50,
      get: (i) => sanitizeLine(i.services.join(", ")) || "no services",
    },
    {
      id: "updated",
      header: "",
      width: 20,
      priority: 80,
      get: (i) => `updated ${formatAgo(Math.min(i.lastUpdateAt, now), now)}`,
    },
  ];
}

export function deliveryColumns(
  now: number,
  w: { channel: number; problem: number; check: number },
): Column<DeliveryTrouble>[] {
  return [
    {
      id: "sym",
      header: "",
      width: 1,
      priority: 100,
      get: (d) => deliveryMark(d.problem),
      // every row here is trouble: a delivery not sent is as bad as a failed one (its mark says which)
      tone: (d) => (d.problem === "retrying" ? "warn" : "bad"),
    },
    // which check's alert did not go out (not only the channel's number)
    { id: "check", header: "", width: w.check, priority: 92, get: (d) => sanitizeLine(deliveryCheckText(d)) },
    { id: "channel", header: "", width: w.channel, priority: 99, get: (d) => sanitizeLine(channelText(d)) },
    { id: "problem", header: "", width: w.problem, priority: 90, get: (d) => deliveryText(d, now) },
    {
      id: "when",
      header: "",
      width: 11,
      priority: 60,
      align: "right",
      get: (d) => formatAgo(Math.min(d.at, now), now),
    },
    {
      id: "error",
      header: "",
      width: "flex",
      minWidth: 16,
      priority: 95,
      get: (d) => sanitizeLine(d.error ?? "no error recorded"),
    },
  ];
}

export function locationColumns(now: number): Column<DeadLocation>[] {
  return [
    { id: "sym", header: "", width: 1, priority: 100, get: () => "⚠", tone: () => "warn" },
    {
      id: "name",
      header: "",
      width: "flex",
      minWidth: 16,
      maxWidth: 40,
      priority: 99,
      get: (l) => sanitizeLine(l.name),
    },
    { id: "slug", header: "", width: 20, priority: 50, get: (l) => sanitizeLine(l.slug) },
    {
      id: "assigned",
      header: "",
      width: 22,
      priority: 90,
      // only its runs here stop: a check may run in other locations too
      get: (l) => `${assignedText(l)} not run here`,
    },
    {
      id: "seen",
      header: "",
      width: 24,
      priority: 80,
      get: (l) =>
        l.lastSeenAt === undefined
          ? "no agent ever seen"
          : `agent last seen ${formatAgo(Math.min(l.lastSeenAt, now), now)}`,
    },
  ];
}
