/**
 * The runner registry: check type → runner. HEARTBEAT is absent on purpose: heartbeat checks are passive
 * (see heartbeat.ts) and never started by the scheduler or the trigger.
 */
import { apiRunner } from "./api.ts";
import { browserRunner } from "./browser/runner.ts";
import { dnsRunner } from "./dns.ts";
import { tcpRunner } from "./tcp.ts";
import type { Runner } from "./types.ts";
import { urlRunner } from "./url.ts";

const RUNNERS: Runner[] = [urlRunner, apiRunner, tcpRunner, dnsRunner, browserRunner];

const BY_TYPE = new Map<string, Runner>(RUNNERS.flatMap((r) => r.types.map((t) => [t, r] as const)));

export function runnerFor(checkType: string): Runner | undefined {
  return BY_TYPE.get(checkType);
}

export function runnableTypes(): string[] {
  return [...BY_TYPE.keys()];
}
