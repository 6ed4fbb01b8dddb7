/**
 * Response schemas of the console's big polls, keeping only the fields of summary.ts: zod's plain objects
 * drop every other key while parsing, so 10,000 checks never exist as full documents in the console (the
 * client's tolerant schemas keep every key, which the scriptable commands want).
 */
import { z } from "zod";
import type { HeartbeatTiming } from "../../shared/heartbeat-period.ts";
import type { CheckSummary, StatusSummary } from "./summary.ts";

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
