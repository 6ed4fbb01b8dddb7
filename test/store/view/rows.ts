/** The row the checks list's view tests build: a check and its status joined, as the store joins them. */
import { checkHealth, type Health, toEpochMs } from "../../../src/shared/format.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";

export type Row = {
  id: string;
  check: CheckSummary;
  status: StatusSummary | undefined;
  health: Health;
  statusAt: number;
};

export const makeRow = (check: CheckSummary, status: StatusSummary | undefined): Row => ({
  id: check.id,
  check,
  status,
  health: checkHealth(status),
  statusAt: toEpochMs(status?.updated_at),
});
