/**
 * Response schemas of the console's big polls, keeping only the fields of summary.ts: zod's plain objects
 * drop every other key while parsing, so 10,000 checks never exist as full documents in the console (the
 * client's tolerant schemas keep every key, which the scriptable commands want).
 */
import { z } from "zod";
import type { HeartbeatTiming } from "../../shared/heartbeat-period.ts";
import { type Interner, internCheck } from "./intern.ts";
import { type CheckSummary, heldOr, type StatusSummary, toCheckSummary } from "./summary.ts";

const strings = z.array(z.string()).nullish();

export const checkSummaryListSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    checkType: z.string(),
    activated: z.boolean().nullish(),
    muted: z.boolean().nullish(),
    frequency: z.number().nullish(),
    locations: strings,
    privateLocations: strings,
    tags: strings,
    degradedResponseTime: z.number().nullish(),
    maxResponseTime: z.number().nullish(),
    heartbeat: z
      .object({
        period: z.number().nullish(),
        periodUnit: z.string().nullish(),
        grace: z.number().nullish(),
        graceUnit: z.string().nullish(),
      })
      .nullish(),
  }),
) satisfies z.ZodType<(CheckSummary & { heartbeat?: HeartbeatTiming | null })[]>;

/** The members a check summary is read from: what the console asks vigil's wide pages for (`fields`). */
export const SUMMARY_FIELDS = Object.keys(checkSummaryListSchema.element.shape).join(",");

/**
 * A page of the checks list, validated (checkSummaryListSchema's output), as the summaries the console
 * holds: interned (intern.ts) and slimmed (toCheckSummary) as the page arrives, so only the summary
 * outlives the page — 100,000 checks are not held a second time as validated pages until the last one is
 * in (promoted to the old generation, then copied again at the end: ~1 s of the first read's collection).
 */
export function checkSummariesOf(
  page: readonly z.output<typeof checkSummaryListSchema.element>[],
  table: Interner,
  ids?: Interner,
): CheckSummary[] {
  const out: CheckSummary[] = new Array(page.length);
  for (let i = 0; i < page.length; i++)
    out[i] = toCheckSummary(
      internCheck(page[i] as z.output<typeof checkSummaryListSchema.element>, table, ids),
    );
  return out;
}

const idOf = (c: CheckSummary) => c.id;

/**
 * A refresh's check (the list held), as it is parsed: its summary (interned, slimmed), or the held one
 * (`held()`, read at each check) when equal to it — so the parsed copy of an unchanged check dies young,
 * and shareList finds the held object. What a first read of the same page holds, by value.
 */
export const refreshedSummary =
  (table: Interner, held: () => ReadonlyMap<string, CheckSummary>) =>
  (c: z.output<typeof checkSummaryListSchema.element>): CheckSummary =>
    heldOr(toCheckSummary(internCheck(c, table)), held(), idOf);

export const statusSummaryListSchema = z.array(
  z.object({
    checkId: z.string(),
    hasFailures: z.boolean().nullish(),
    hasErrors: z.boolean().nullish(),
    isDegraded: z.boolean().nullish(),
    lastRunLocation: z.string().nullish(),
    updated_at: z.string().nullish(),
    cannotRun: z.boolean().nullish(),
  }),
) satisfies z.ZodType<StatusSummary[]>;

/** The members a status summary is read from: what the console asks vigil's statuses for (`fields`). */
export const STATUS_SUMMARY_FIELDS = Object.keys(statusSummaryListSchema.element.shape).join(",");
