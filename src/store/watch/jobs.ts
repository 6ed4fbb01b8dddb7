/**
 * The watch needs the checks and their statuses whatever pane is shown (a check that starts failing while
 * you read incidents must still change the title): a pane's jobs plus those two when it lacks them — the
 * statuses are one request every 10 s, the full list one every 5 minutes (plan.ts).
 */
import type { PaneJobs } from "../sync/plan.ts";

export function withWatchJobs(paneJobs: PaneJobs): PaneJobs {
  return (s, kit) => {
    const jobs = paneJobs(s, kit);
    const missing = [kit.statuses, kit.checks].filter((j) => !jobs.some((x) => x.key === j.key));
    return missing.length > 0 ? [...jobs, ...missing] : jobs;
  };
}
