/**
 * The check types' part of the service, one line per type (src/contract/check-types/registry.ts lists the
 * types): its runner and its demo generator (src/service/runners/types.ts, `CheckTypeService`), each in its
 * runner's file. Typed over the contract's types: an active type without an entry, or a passive one with a
 * runner, does not compile. A passive type (HEARTBEAT) has none: its runs are the pings it gets
 * (heartbeat.ts, src/service/engine/heartbeats.ts), never started by the scheduler or a trigger.
 */
import type { CHECK_TYPE_SPECS, CheckType } from "../../contract/check-types.ts";
import { errorMessage } from "../../shared/errors.ts";
import { api } from "./api.ts";
import { browser } from "./browser/runner.ts";
import { dns } from "./dns.ts";
import { tcp } from "./tcp.ts";
import {
  type CheckTypeService,
  errorOutcome,
  type RunContext,
  type Runner,
  type RunOutcome,
} from "./types.ts";
import { url } from "./url.ts";

type Entry<T extends CheckType> = (typeof CHECK_TYPE_SPECS)[T]["runs"] extends "passive"
  ? null
  : CheckTypeService;

const CHECK_TYPE_SERVICES = {
  API: api,
  URL: url,
  TCP: tcp,
  DNS: dns,
  HEARTBEAT: null,
  BROWSER: browser,
  MULTI_STEP: browser,
  PLAYWRIGHT: browser,
} as const satisfies { [T in CheckType]: Entry<T> };

const BY_TYPE = new Map<string, CheckTypeService | null>(Object.entries(CHECK_TYPE_SERVICES));

export function runnerFor(checkType: string): Runner | undefined {
  return BY_TYPE.get(checkType)?.runner;
}

/** The demo's generator of a type's runs (src/service/demo/synthetic.ts); none for a passive or unknown type. */
export function demoFor(checkType: string): CheckTypeService["demo"] | undefined {
  return BY_TYPE.get(checkType)?.demo;
}

/**
 * One attempt of a check: its type's runner, a thrown error turned into an errored outcome. The engine
 * (engine/execute.ts) and private-location agents (src/agent/) both run checks through this.
 */
export async function runAttempt(ctx: RunContext): Promise<RunOutcome> {
  const runner = runnerFor(ctx.check.checkType);
  if (!runner) return errorOutcome(`check type ${ctx.check.checkType} cannot be run`);
  if (ctx.signal.aborted) return errorOutcome("run aborted");
  try {
    return await runner.run(ctx);
  } catch (err) {
    return errorOutcome(`run failed: ${errorMessage(err)}`);
  }
}
