/**
 * A pane's job kit for asking a pane spec which jobs it plans, without loaders or the network: every job is
 * its key alone (`results:<id>`, `checks`, a list's name), what a test compares.
 */
import { DEFAULT_INTERVALS, type JobKit } from "../../../src/store/sync/plan.ts";

export const keysOnlyJobKit = {
  loaders: {},
  intervals: DEFAULT_INTERVALS,
  maxResultRows: 40,
  checks: { key: "checks" },
  statuses: { key: "statuses" },
  list: (k: string) => ({ key: k }),
  results: (id: string) => ({ key: `results:${id}` }),
} as unknown as JobKit;
