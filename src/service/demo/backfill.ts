/**
 * Demo history: a few days of synthetic FINAL results for the existing checks (and heartbeat events, each
 * with its result as a live ping has, for heartbeat checks), so sparklines and analytics have data on first
 * launch. Every row is marked
 * `is_demo = 1`; real runs keep appending. Checks that already have results are left alone, so calling
 * it on every start is harmless. History is spaced at the check's frequency but at least 5 minutes apart
 * (bounded size: ≤ 288 rows per check and day).
 */

import { isPassive } from "../../contract/check-types.ts";
import { classify } from "../engine/classify.ts";
import { heartbeatResult } from "../engine/heartbeats.ts";
import { uuidv7 } from "../engine/ids.ts";
import type { ResultRow } from "../repo/runs.ts";
import type { Repo } from "../repo/store.ts";
import { heartbeatConfig, pingState } from "../runners/heartbeat.ts";
import { syntheticRun } from "./synthetic.ts";

const DAY = 86_400_000;

export function backfillHistory(
  repo: Repo,
  opts: { days: number; now: number },
): { results: number; events: number } {
  const from = opts.now - opts.days * DAY;
  let results = 0;
  let events = 0;
  repo.transaction(() => {
    for (const check of repo.readAllChecks()) {
      if (isPassive(check.checkType)) {
        if (repo.hasEvents(check.id)) continue;
        const cfg = heartbeatConfig(check.doc);
        const { periodMs, graceMs } = cfg;
        // pings at the check's period, the last one a period ago (the console reads each against the one
        // before: wider spacing would be "late", and the demo job's first live ping is on time); at most
        // 2,000 a check — a short period's history starts later
        const step = periodMs;
        const count = Math.min(2000, Math.floor((opts.now - from) / step) - 1);
        // each stored with the state the service gives a live ping (pingState against the one before), so
        // `vigil heartbeats events` and the console read the history alike
        let previous: number | null = null;
        for (let k = count; k >= 1; k--) {
          const t = opts.now - k * step;
          const late = Math.random() < 0.05;
          const at = Math.round(t + (late ? Math.min(graceMs, step / 2) : 0));
          const state = pingState(cfg, previous, at);
          const id = uuidv7();
          repo.insertDemoEvent(id, check.id, state, at);
          // and its result, as a live ping stores one (engine/heartbeats.ts): the check's status, last run
          // and "since" come from results — events alone left it "not run yet" beside 70 pings
          repo.runs.insertResult({
            ...heartbeatResult(check, { eventId: id, state, at, sessionId: null }),
            isDemo: true,
          });
          previous = at;
          events++;
          results++;
        }
        continue;
      }
      if (repo.hasResults(check.id)) continue;
      const step = Math.max(check.frequency, 5) * 60_000;
      let i = 0;
      for (let t = from; t < opts.now - step; t += step, i++) {
        const s = syntheticRun(check, t);
        const location = check.runLocations[i % check.runLocations.length] ?? "local";
        // the engine's own verdict (thresholds, no degraded state for browser types): history as runs make it
        const verdict = classify(check, {
          hasFailures: s.failed,
          hasErrors: false,
          responseTime: s.responseTime,
          metrics: s.metrics,
          detail: {},
        });
        const failed = verdict.hasFailures;
        const row: ResultRow = {
          id: uuidv7(),
          sessionId: null,
          checkId: check.id,
          checkType: check.checkType,
          name: check.name,
          runLocation: location,
          resultType: "FINAL",
          ...verdict,
          aborted: false,
          isCancelled: false,
          responseTime: s.responseTime,
          statusCode: s.statusCode,
          attempts: 1,
          retries: 0,
          startedAt: t,
          stoppedAt: Math.round(t + s.responseTime),
          errorMessage: failed ? "demo history: simulated failure" : null,
          metrics: s.metrics,
          pageIndex: null,
          detail: null,
          isDemo: true,
        };
        repo.runs.insertResult(row);
        results++;
      }
    }
  });
  return { results, events };
}
