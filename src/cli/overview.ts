/**
 * `vigil` with no command: the checks overview. It connects to the configured service, else to the local
 * service of the data dir, else starts the embedded service (demo workspace on first start) in-process,
 * prints the checks table once (failing and degraded first) and exits 0 — never waits for input, so it is
 * safe without a TTY. The interactive console (a later issue) takes over when a TTY is present.
 */
import { createClient } from "../api/client.ts";
import type { ResolvedConfig } from "../config/resolve.ts";
import type { CheckStatus } from "../contract/schemas/check-statuses.ts";
import type { Check } from "../contract/schemas/checks.ts";
import { findLocalService } from "../service/info-file.ts";
import { checkHealth, checkStateText, type Health } from "../shared/format.ts";
import { frequencyCell } from "./commands/heartbeat-view.ts";
import { type Client, connect } from "./connect.ts";
import { startEmbedded } from "./embedded.ts";
import { Output } from "./output.ts";

const RANK: Record<Health, number> = { failing: 0, degraded: 1, "cannot run": 2, pending: 3, passing: 4 };

const DEACTIVATED_RANK = 5;

/**
 * Failing first, then degraded, pending, passing, and deactivated checks after them all (as the console's
 * checks list); by name within a state.
 */
export function overviewRows(checks: readonly Check[], statuses: readonly CheckStatus[]) {
  const health = new Map<string, Health>(statuses.map((s) => [s.checkId, checkHealth(s)]));
  const byId = new Map(statuses.map((s) => [s.checkId, s]));
  const rank = (r: { check: Check; health: Health }) =>
    r.check.activated === false ? DEACTIVATED_RANK : RANK[r.health];
  return checks
    .map((c) => ({ check: c, health: health.get(c.id) ?? "pending", status: byId.get(c.id) }))
    .sort((a, b) => rank(a) - rank(b) || a.check.name.localeCompare(b.check.name));
}

export async function printOverview(client: Client, out: Output): Promise<void> {
  const [checks, statuses] = await Promise.all([client.checks.listAll({}), client.checkStatuses.list()]);
  const rows = overviewRows(checks, statuses);
  if (out.json) {
    out.printJson(rows.map((r) => ({ ...r.check, health: r.health })));
    return;
  }
  out.table(rows, [
    { header: "STATUS", get: (r) => checkStateText(r.health, r.check) },
    { header: "NAME", get: (r) => r.check.name, min: 10 },
    { header: "TYPE", get: (r) => r.check.checkType },
    // how often it runs, or a heartbeat's period: the one FREQ of every check table
    { header: "FREQ", get: (r) => frequencyCell(r.check), align: "right" },
    { header: "LOCATION", get: (r) => r.status?.lastRunLocation },
    { header: "TAGS", get: (r) => (r.check.tags ?? []).join(", ") },
  ]);
  const active = rows.filter((r) => r.check.activated !== false);
  const failing = active.filter((r) => r.health === "failing").length;
  const degraded = active.filter((r) => r.health === "degraded").length;
  out.note(`${rows.length} checks: ${failing} failing, ${degraded} degraded`);
}

export async function runOverview(resolved: ResolvedConfig, opts: { json: boolean }): Promise<number> {
  const out = new Output({ stdout: process.stdout, stderr: process.stderr, json: opts.json });
  if (resolved.baseUrl || findLocalService(resolved.dataDir)) {
    const conn = await connect(resolved);
    try {
      await printOverview(conn.client, out);
    } finally {
      await conn.close();
    }
    return 0;
  }
  // Nothing running: start the embedded service for this data dir just long enough to read it.
  const service = await startEmbedded(resolved);
  const client = createClient({ baseUrl: service.url, apiKey: service.apiKey, readOnly: resolved.readOnly });
  try {
    await printOverview(client, out);
  } finally {
    await client.close();
    await service.stop();
  }
  return 0;
}
