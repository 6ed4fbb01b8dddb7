/**
 * Synthetic runs for the demo history (backfill.ts): per check type, measurements shaped like that type's
 * real results (its generator, beside its runner: src/service/runners/registry.ts), so every analytics
 * view has data on first launch.
 */
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
  // a type without one (a heartbeat's history is events, made apart) is drawn as an HTTP check
  const generate = demoFor(check.checkType) ?? httpDemo;
  return generate({ base, scale: wave * noise * spike, failed, rnd });
}
