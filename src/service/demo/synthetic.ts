/**
 * Synthetic runs for the demo history (backfill.ts): per check type, measurements shaped like that type's
 * real results (its generator, beside its runner: src/service/runners/registry.ts), so every analytics
 * view has data on first launch.
 */

import { mulberry32 } from "../../shared/seeded-random.ts";
import type { CheckDef } from "../engine/checks.ts";
import { httpDemo } from "../runners/http-check.ts";
import { demoFor } from "../runners/registry.ts";
import type { SyntheticRun } from "../runners/types.ts";

const DAY = 86_400_000;

/** Deterministic per-check base latency so each demo check has its own profile. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * Synthetic measurements of one run at `at` (ms): the check's own daily wave (its depth and its peak hour
 * from the check's id, so no two checks' charts have one shape), noise, a rare spike, a 3 % failure rate;
 * the parts of a run (phases, vitals) each with noise of their own (the type's generator).
 */
export function syntheticRun(
  check: Pick<CheckDef, "id" | "checkType">,
  at: number,
  rnd: () => number = Math.random,
): SyntheticRun {
  const h = hash(check.id);
  const base = 40 + (h % 360);
  const depth = 0.1 + ((h >>> 9) % 40) / 100;
  const peak = ((h >>> 17) % 24) / 24;
  const wave = 1 + depth * Math.sin(((at % DAY) / DAY + peak) * 2 * Math.PI);
  const noise = Math.exp((rnd() - 0.5) * 0.8);
  const spike = rnd() < 0.02 ? 3 + rnd() * 4 : 1;
  const failed = rnd() < 0.03;
  // the parts' own source, seeded by the check and the run's time: the same draws for the same run, none
  // taken from `rnd` (whose sequence decides the demo's failures; the README's pictures seed it)
  const own = mulberry32(h ^ Math.floor(at / 1000));
  const jitter = (spread: number) => Math.exp((own() - 0.5) * spread);
  const chance = (p: number) => own() < p;
  // a type without one (a heartbeat's history is events, made apart) is drawn as an HTTP check
  const generate = demoFor(check.checkType) ?? httpDemo;
  return generate({ base, scale: wave * noise * spike, jitter, chance, failed, rnd });
}
