/** Shared rendering of incidents and incident updates. */
import { UsageError } from "../../api/errors.ts";
import {
  type Incident,
  type IncidentUpdate,
  incidentUpdateBodySchema,
} from "../../contract/schemas/incidents.ts";
import { issuePredicate } from "../../contract/schemas/rules.ts";
import { formatDuration } from "../../shared/format.ts";
import { incidentStartedAt } from "../../store/data/incidents.ts";
import type { Column, Output } from "../output.ts";
import { when } from "../when.ts";
import { statusText } from "./sessions-view.ts";

/**
 * When an incident opened, as the console says it: its first update's time (the seed's `created_at` is a
 * bare date, which would make an incident opened before midnight "1 d ago" an hour later), else
 * `created_at`.
 */
function openedWhen(i: Incident): string {
  const at = incidentStartedAt(i);
  return Number.isFinite(at) ? when(at) : when(i.created_at);
}

export const incidentColumns: Column<Incident>[] = [
  { header: "ID", get: (i) => i.id, min: 8 },
  { header: "NAME", get: (i) => i.name, min: 10 },
  { header: "SEVERITY", get: (i) => i.severity },
  { header: "STATUS", get: (i) => statusText(i.lastUpdateStatus) },
  { header: "SERVICES", get: (i) => i.services.map((s) => s.name) },
  { header: "OPENED", get: openedWhen },
];

export const updateColumns: Column<IncidentUpdate>[] = [
  { header: "UPDATE ID", get: (u) => u.id },
  { header: "STATUS", get: (u) => statusText(u.status) },
  { header: "PUBLISHED", get: (u) => when(u.publicIncidentUpdateDate ?? u.created_at) },
  { header: "NOTIFY", get: (u) => u.notifySubscribers ?? false },
  { header: "MESSAGE", get: (u) => u.description, min: 10 },
];

export function printIncident(out: Output, i: Incident): void {
  out.detail([
    ["ID", i.id],
    ["Name", i.name],
    ["Severity", i.severity],
    ["Status", statusText(i.lastUpdateStatus)],
    ["Services", i.services.map((s) => `${s.name} (${s.id})`)],
    ["Duration", i.duration == null ? undefined : formatDuration(i.duration * 1000)],
    ["Opened", openedWhen(i)],
    ["Created", when(i.created_at)],
    ["Updated", i.updated_at ? when(i.updated_at) : undefined],
  ]);
  const updates = i.incidentUpdates ?? [];
  if (updates.length) {
    out.section("Updates");
    out.table(updates, updateColumns);
  }
}

export function printUpdate(out: Output, u: IncidentUpdate): void {
  out.detail([
    ["ID", u.id ?? undefined],
    ["Status", statusText(u.status)],
    ["Published", u.publicIncidentUpdateDate ? when(u.publicIncidentUpdateDate) : undefined],
    ["Notify subscribers", u.notifySubscribers ?? undefined],
    ["Created", u.created_at ? when(u.created_at) : undefined],
    ["Message", u.description ?? undefined],
  ]);
}

/**
 * `--message`, checked by the update's rule before anything is sent: a refusal names the flag typed, not
 * the body field it fills ("description", "incidentUpdates[0].description").
 */
export function messageFlag(text: string): string {
  const r = incidentUpdateBodySchema.shape.description.safeParse(text);
  const issue = r.success ? undefined : r.error.issues[0];
  if (issue) throw new UsageError(`--message ${issuePredicate(issue, text)} (got ${text.length})`);
  return text;
}
