/**
 * The current state of a check, from the run engine's stored results (table `check_results`, owned by
 * service-runs): the latest FINAL result decides — failing when it has failures or errors, else degraded
 * when degraded, else passing. A check that never ran has no state (NULL). Used by the `status` filter of
 * GET /v1/checks (api-notes §3.1). One indexed lookup per check (index on check_id, result_type, started_at).
 */

/**
 * SQL expression over a `checks` row aliased `c`: 'passing' | 'failing' | 'degraded' | 'cannot_run' (the
 * latest run could not be made here, e.g. no usable browser) | NULL.
 */
export const STATE_SQL = `(SELECT CASE WHEN r.is_cancelled = 1 THEN 'cannot_run'
    WHEN r.has_failures = 1 OR r.has_errors = 1 THEN 'failing'
    WHEN r.is_degraded = 1 THEN 'degraded' ELSE 'passing' END
  FROM check_results r WHERE r.check_id = c.id AND r.result_type = 'FINAL'
  ORDER BY r.started_at DESC LIMIT 1)`;
