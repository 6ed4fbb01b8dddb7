/**
 * Demo history: a few days of synthetic FINAL results for the existing checks (and heartbeat events for
 * heartbeat checks), so sparklines and analytics have data on first launch. Every row is marked
 * `is_demo = 1`; real runs keep appending. Checks that already have results are left alone, so calling
 * it on every start is harmless. History is spaced at the check's frequency but at least 5 minutes apart
 * (bounded size: ≤ 288 rows per check and day).
 */

import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import { type CheckDef, readAllChecks } from "../engine/checks.ts";
import { classify } from "../engine/classify.ts";
import { uuidv7 } from "../engine/ids.ts";
import { hasEvents, insertDemoEvent } from "../repo/heartbeat-events.ts";
import { hasResults, prepareResultInsert, type ResultRow, resultParams } from "../repo/runs.ts";
import { heartbeatConfig } from "../runners/heartbeat.ts";
import type { MetricValues } from "../runners/types.ts";

const DAY = 86_400_000;

/** Deterministic per-check base latency so each demo check has its own profile. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** Synthetic measurements of one run at `at` (ms): a daily wave, noise, a 3 % failure rate. */
export function syntheticRun(
  check: Pick<CheckDef, "id" | "checkType" | "degradedResponseTime" | "maxResponseTime">,
  at: number,
  rnd: () => number = Math.random,
): { responseTime: number; statusCode: number | null; failed: boolean; metrics: MetricValues } {
  const base = 40 + (hash(check.id) % 360);
  const wave = 1 + 0.35 * Math.sin(((at % DAY) / DAY) * 2 * Math.PI);
  const noise = Math.exp((rnd() - 0.5) * 0.8);
  const spike = rnd() < 0.02 ? 3 + rnd() * 4 : 1;
  const failed = rnd() < 0.03;
  const r2 = (n: number) => Math.round(n * 100) / 100;
  switch (check.checkType) {
    case "TCP": {
      const total = r2((base / 20) * wave * noise * spike);
      return {
        responseTime: total,
        statusCode: null,
        failed,
        metrics: { total, dns: r2(total * 0.1), connection: r2(total * 0.6), data: r2(total * 0.3) },
      };
    }
    case "DNS": {
      const total = r2((base / 8) * wave * noise * spike);
      return { responseTime: total, statusCode: null, failed, metrics: { total } };
    }
    case "BROWSER":
    case "MULTI_STEP":
    case "PLAYWRIGHT": {
      const rt = r2((800 + base * 4) * wave * noise * spike);
      return {
        responseTime: rt,
        statusCode: failed ? 500 : 200,
        failed,
        metrics: {
          TTFB: r2(rt * 0.15),
          FCP: r2(rt * 0.45),
          LCP: r2(rt * 0.7),
          CLS: Math.round(rnd() * rnd() * 0.3 * 1000) / 1000,
          TBT: r2(rt * 0.05 * rnd()),
          consoleErrors: rnd() < 0.1 ? 1 : 0,
          networkErrors: failed ? 1 : 0,
          userScriptErrors: 0,
          documentErrors: 0,
        },
      };
    }
    default: {
      const rt = r2(base * wave * noise * spike);
      return {
        responseTime: rt,
        statusCode: failed ? 500 : 200,
        failed,
        metrics: {
          wait: r2(rt * 0.01),
          dns: r2(rt * 0.03),
          tcp: r2(rt * 0.06),
          firstByte: r2(rt * 0.8),
          download: r2(rt * 0.1),
        },
      };
    }
  }
}

export function backfillHistory(
  db: DatabaseSync,
  opts: { days: number; now: number },
): { results: number; events: number } {
  const insert = prepareResultInsert(db);
  const from = opts.now - opts.days * DAY;
  let results = 0;
  let events = 0;
  transaction(db, () => {
    for (const check of readAllChecks(db)) {
      if (check.checkType === "HEARTBEAT") {
        if (hasEvents(db, check.id)) continue;
        const { periodMs, graceMs } = heartbeatConfig(check.doc);
        const step = Math.max(periodMs, 5 * 60_000);
        for (let t = from; t < opts.now - step; t += step) {
          const late = Math.random() < 0.05;
          const at = Math.round(t + (late ? Math.min(graceMs, step / 2) : 0));
          insertDemoEvent(db, uuidv7(), check.id, late ? "GRACE" : "RECEIVED", at);
          events++;
        }
        continue;
      }
      if (hasResults(db, check.id)) continue;
      const step = Math.max(check.frequency, 5) * 60_000;
      let i = 0;
      for (let t = from; t < opts.now - step; t += step, i++) {
        const s = syntheticRun(check, t);
        const location = check.locations[i % check.locations.length] ?? "local";
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
        insert.run(...resultParams(row));
        results++;
      }
    }
  });
  return { results, events };
}
