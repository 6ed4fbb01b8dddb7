/** One check as key/value lines: `vigil checks get`, and what `checks create|update` answer. */
import type { Check } from "../../contract/schemas/checks.ts";
import { formatInterval, frequencyMs } from "../../shared/check-interval.ts";
import { formatTimestamp } from "../../shared/format.ts";
import type { Output } from "../output.ts";
import { heartbeatDetail, isHeartbeat } from "./heartbeat-view.ts";

export function target(c: Check): string | undefined {
  const r = c.request as
    | { url?: unknown; hostname?: unknown; port?: unknown; query?: unknown }
    | null
    | undefined;
  if (!r) return c.heartbeat?.pingUrl ?? undefined;
  if (typeof r.url === "string") return r.url;
  if (typeof r.hostname === "string") return r.port ? `${r.hostname}:${String(r.port)}` : r.hostname;
  if (typeof r.query === "string") return r.query;
  return undefined;
}

/** One check as key/value lines (`checks get`, and what create/update answer). */
export function printCheck(out: Output, c: Check): void {
  // a heartbeat: its period, grace and ping URL — not the frequency and response-time limits it is stored with
  const heartbeat = isHeartbeat(c);
  out.detail([
    ["ID", c.id],
    ["Name", c.name],
    ["Type", c.checkType],
    ["Activated", c.activated ?? undefined],
    ["Muted", c.muted ?? undefined],
    ...(heartbeat
      ? heartbeatDetail(c)
      : ([
          ["Frequency", formatInterval(frequencyMs(c.frequency))],
          ["Target", target(c)],
          ["Locations", c.locations ?? undefined],
        ] as [string, unknown][])),
    ["Private locations", c.privateLocations?.length ? c.privateLocations : undefined],
    ["Tags", c.tags ?? undefined],
    ["Group", c.groupId ?? undefined],
    ["Degraded after", !heartbeat && c.degradedResponseTime ? `${c.degradedResponseTime} ms` : undefined],
    ["Max response", !heartbeat && c.maxResponseTime ? `${c.maxResponseTime} ms` : undefined],
    ["Description", c.description ?? undefined],
    ["Created", c.created_at ? formatTimestamp(c.created_at) : undefined],
    ["Updated", c.updated_at ? formatTimestamp(c.updated_at) : undefined],
  ]);
}
