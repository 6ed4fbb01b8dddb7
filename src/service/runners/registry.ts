/**
 * The runner registry: check type → runner. HEARTBEAT is absent on purpose: heartbeat checks are passive
 * (see heartbeat.ts) and never started by the scheduler or the trigger.
 */
import { apiRunner } from "./api.ts";
import { browserRunner } from "./browser/runner.ts";
import { dnsRunner } from "./dns.ts";
import { tcpRunner } from "./tcp.ts";
import { errorOutcome, type RunContext, type Runner, type RunOutcome } from "./types.ts";
import { urlRunner } from "./url.ts";

const RUNNERS: Runner[] = [urlRunner, apiRunner, tcpRunner, dnsRunner, browserRunner];

const BY_TYPE = new Map<string, Runner>(RUNNERS.flatMap((r) => r.types.map((t) => [t, r] as const)));

export function runnerFor(checkType: string): Runner | undefined {
  return BY_TYPE.get(checkType);
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
    return errorOutcome(`run failed: ${(err as Error).message}`);
  }
}

export function runnableTypes(): string[] {
  return [...BY_TYPE.keys()];
}
