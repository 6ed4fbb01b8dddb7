/**
 * Versioned schema migrations for the embedded service's SQLite file, applied in order at start-up.
 * Adding a table: a new file `NNN-name.ts` exporting a `Migration`, plus one line here. A migration that
 * rebuilds `alert_channels` or `alert_subscriptions` (create, copy, drop, rename) drops migration 010's
 * triggers with the old table: it must create them again, or the list's version stops moving and its
 * ETag hides every write (test/service/channels-version.test.ts checks they exist).
 */
import type { DatabaseSync } from "node:sqlite";
import { migration as core } from "./001-core.ts";
import { migration as runs } from "./002-runs.ts";
import { migration as alerts } from "./003-alerts.ts";
import { migration as retention } from "./004-retention.ts";
import { migration as agents } from "./005-agents.ts";
import { migration as checkAlerts } from "./006-check-alerts.ts";
import { migration as heartbeatPings } from "./007-heartbeat-pings.ts";
import { migration as checkSummaries } from "./008-check-summaries.ts";
import { migration as checksByType } from "./009-checks-by-type.ts";
import { migration as channelsVersion } from "./010-channels-version.ts";

export type Migration = { version: number; name: string; up(db: DatabaseSync): void };

export const MIGRATIONS: Migration[] = [
  core,
  runs,
  alerts,
  retention,
  agents,
  checkAlerts,
  heartbeatPings,
  checkSummaries,
  checksByType,
  channelsVersion,
];
