/**
 * The current state of a check in SQL, for the `status` filter of GET /v1/checks (api-notes §3.1), by the
 * rule of its status (run-queries.ts checkStatus, decidingResult): over the latest FINAL result of each
 * location the check runs in now (its `locations` and `privateLocations` — the summary's, migration 008 —
 * or `local` when it lists none; a heartbeat's first), those within a day of its newest result, the worst:
 * failing (failures or errors) over degraded over passing, cannot run only when no location has a verdict.
 * With none of those (a check just moved), its newest result. A check that never ran has no state (NULL).
 * Indexed reads per check (check_id, result_type, started_at); the window is read only by this filter.
 */
import { PASSIVE_TYPES } from "../../contract/check-types.ts";
import { LOCATION_WINDOW_MS } from "./run-queries.ts";

const PASSIVE = `(${PASSIVE_TYPES.map((t) => `'${t}'`).join(", ")})`;

/** A result row `x`'s state, and its rank (the worst is the highest; cannot run the lowest). */
const STATE_OF = (x: string) => `CASE WHEN ${x}.is_cancelled = 1 THEN 'cannot_run'
    WHEN ${x}.has_failures = 1 OR ${x}.has_errors = 1 THEN 'failing'
    WHEN ${x}.is_degraded = 1 THEN 'degraded' ELSE 'passing' END`;
const RANK_OF = (x: string) => `CASE WHEN ${x}.is_cancelled = 1 THEN 0
    WHEN ${x}.has_failures = 1 OR ${x}.has_errors = 1 THEN 3 WHEN ${x}.is_degraded = 1 THEN 2 ELSE 1 END`;

/** The locations a `checks` row `c` runs in now (engine/checks.ts statusLocationsOf, in SQL). */
const LOCATIONS = `(
    SELECT value FROM json_each(c.locations) WHERE c.check_type NOT IN ${PASSIVE}
    UNION ALL SELECT value FROM json_each(c.summary, '$.privateLocations') WHERE c.check_type NOT IN ${PASSIVE}
    UNION ALL SELECT 'local' WHERE c.check_type NOT IN ${PASSIVE} AND json_array_length(c.locations) = 0
      AND coalesce(json_array_length(c.summary, '$.privateLocations'), 0) = 0
    UNION ALL SELECT coalesce(c.locations ->> '$[0]', c.summary ->> '$.privateLocations[0]', 'local')
      WHERE c.check_type IN ${PASSIVE})`;

const NEWEST = `(SELECT MAX(n.started_at) FROM check_results n WHERE n.check_id = c.id AND n.result_type = 'FINAL')`;

/** A rank and a time in one integer: the greatest is the worst state's newest result (times < 10^13 ms). */
const SCALE = 10_000_000_000_000;

/**
 * SQL expression over a `checks` row aliased `c`: 'passing' | 'failing' | 'degraded' | 'cannot_run' (no
 * location could run it, e.g. no usable browser, no agent) | NULL. Each location's latest result is one
 * indexed walk back from the newest that stops at its first row of that location (a row or two when the
 * locations take turns or run together) — not a read of the day's results.
 */
export const STATE_SQL = `coalesce(
  (SELECT CASE MAX(k) / ${SCALE} WHEN 3 THEN 'failing' WHEN 2 THEN 'degraded' WHEN 1 THEN 'passing'
      WHEN 0 THEN 'cannot_run' END
    FROM (SELECT (SELECT ${RANK_OF("r")} * ${SCALE} + r.started_at FROM check_results r
        WHERE r.check_id = c.id AND r.result_type = 'FINAL' AND r.run_location = l.value
          AND r.started_at >= ${NEWEST} - ${LOCATION_WINDOW_MS}
        ORDER BY r.started_at DESC LIMIT 1) AS k
      FROM ${LOCATIONS} l)),
  (SELECT ${STATE_OF("r")} FROM check_results r WHERE r.check_id = c.id AND r.result_type = 'FINAL'
    ORDER BY r.started_at DESC LIMIT 1))`;
