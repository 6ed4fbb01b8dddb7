/**
 * Synthetic runs for the demo history (backfill.ts): per check type, measurements shaped like that type's
 * real results, so every analytics view has data on first launch.
 */
import type { CheckType } from "../../contract/check-types.ts";
import type { CheckDef } from "../engine/checks.ts";
import type { MetricValues } from "../runners/types.ts";

const DAY = 86_400_000;

/** Deterministic per-check base latency so each demo check has its own profile. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

export type SyntheticRun = {
  responseTime: number;
  statusCode: number | null;
  failed: boolean;
  metrics: MetricValues;
};

/** What one synthetic run draws from: the check's base latency, the time of day's wave, noise, a spike. */
type Draw = { base: number; scale: number; failed: boolean; rnd: () => number };
const r2 = (n: number) => Math.round(n * 100) / 100;

function tcp({ base, scale, failed }: Draw): SyntheticRun {
  const total = r2((base / 20) * scale);
  return {
    responseTime: total,
    statusCode: null,
    failed,
    metrics: { total, dns: r2(total * 0.1), connection: r2(total * 0.6), data: r2(total * 0.3) },
  };
}

function dns({ base, scale, failed }: Draw): SyntheticRun {
  const total = r2((base / 8) * scale);
  return { responseTime: total, statusCode: null, failed, metrics: { total } };
}

function browser({ base, scale, failed, rnd }: Draw): SyntheticRun {
  const rt = r2((800 + base * 4) * scale);
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

function http({ base, scale, failed }: Draw): SyntheticRun {
  const rt = r2(base * scale);
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

/**
 * The demo's generator per check type, typed `satisfies Record<CheckType, …>` so a new type without one
 * does not compile (a heartbeat check's history is events, made apart; its entry is never used for runs).
 */
const GENERATORS = {
  API: http,
  URL: http,
  TCP: tcp,
  DNS: dns,
  BROWSER: browser,
  MULTI_STEP: browser,
  PLAYWRIGHT: browser,
  HEARTBEAT: http,
} as const satisfies Record<CheckType, (d: Draw) => SyntheticRun>;

/** Synthetic measurements of one run at `at` (ms): a daily wave, noise, a 3 % failure rate. */
export function syntheticRun(
  check: Pick<CheckDef, "id" | "checkType">,
  at: number,
  rnd: () => number = Math.random,
): SyntheticRun {
  const base = 40 + (hash(check.id) % 360);
  const wave = 1 + 0.35 * Math.sin(((at % DAY) / DAY) * 2 * Math.PI);
  const noise = Math.exp((rnd() - 0.5) * 0.8);
  const spike = rnd() < 0.02 ? 3 + rnd() * 4 : 1;
  const failed = rnd() < 0.03;
  const generate = (GENERATORS as Record<string, (d: Draw) => SyntheticRun>)[check.checkType] ?? http;
  return generate({ base, scale: wave * noise * spike, failed, rnd });
}
