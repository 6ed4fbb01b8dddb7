/**
 * The service's CPU per full check-statuses read at N checks (default 100,000), in process, over a real
 * SQLite file written as console/overview-10k.ts writes one: each check at two locations, four FINAL
 * results (the two locations taking turns, every 10th check failing in one of them). Reads:
 * cold (nothing remembered), warm (all remembered), and after one in six checks stored a new result (what
 * a 10 s poll meets with every check running each minute); and the checks list's status filter counting
 * every failing check. VIGIL_SRC: the source tree to measure (another
 * build's `src`, to compare in one run). Run: node test/bench/status-read.ts [N]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SRC = resolve(process.env.VIGIL_SRC ?? join(import.meta.dirname, "../../src"));
const N = Number(process.argv[2] ?? 100_000);
const { openDatabase } = await import(join(SRC, "service/db/open.ts"));
const { checkOf } = await import(join(SRC, "service/engine/checks.ts"));
const { insertCheck, checkHeads, countChecks } = await import(join(SRC, "service/repo/checks.ts"));
const { checkStatuses } = await import(join(SRC, "service/repo/run-queries.ts"));
const { createRunStore } = await import(join(SRC, "service/repo/runs.ts"));

const root = mkdtempSync(join(tmpdir(), "vigil-status-read-"));
const db = openDatabase(join(root, "vigil.db"));
const store = createRunStore(db);
const now = Date.now();
const LOC = ["eu-west-1", "us-east-1"];
let seq = 0;
const result = (checkId: string, location: string, at: number, failed: boolean) => ({
  id: `r${++seq}`,
  sessionId: null,
  checkId,
  checkType: "URL",
  name: checkId,
  runLocation: location,
  resultType: "FINAL",
  hasFailures: failed,
  hasErrors: false,
  isDegraded: false,
  overMaxResponseTime: false,
  aborted: false,
  isCancelled: false,
  responseTime: 12 + (seq % 7),
  statusCode: failed ? 503 : 200,
  attempts: 1,
  retries: 0,
  startedAt: at,
  stoppedAt: at + 12,
  errorMessage: failed ? "expected status code to equal 200, received 503" : null,
  metrics: {},
  detail: null,
  pageIndex: null,
});
const t0 = performance.now();
const created = new Date(now - 3_600_000).toISOString();
const ids: string[] = [];
db.exec("BEGIN");
for (let i = 0; i < N; i++) {
  const id = crypto.randomUUID();
  ids.push(id);
  insertCheck(
    db,
    checkOf(
      {
        name: `service-${String(i).padStart(6, "0")}`,
        activated: true,
        muted: false,
        frequency: 1,
        tags: [],
        locations: LOC,
        request: { method: "GET", url: "http://127.0.0.1:9/" },
      },
      { id, checkType: "URL", createdAt: created, updatedAt: created },
    ),
  );
  for (let k = 0; k < 4; k++) {
    const loc = LOC[k % 2] as string;
    store.insertResult(result(id, loc, now - (5 - k) * 60_000, i % 10 === 0 && loc === "us-east-1"));
  }
}
db.exec("COMMIT");
const setupS = (performance.now() - t0) / 1000;

const heads = checkHeads(db);
const arg = (h: { id: string }) => h; // this branch takes the heads
const before = (h: { id: string }) => h.id; // main takes the ids
const probe = (() => {
  try {
    checkStatuses(db, heads.slice(0, 1).map(arg), now);
    return arg;
  } catch {
    return before;
  }
})();
const input = heads.map(probe as (h: { id: string }) => unknown);

function cpuMs(f: () => void): number {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}
const fresh = () => {
  // nothing remembered: a new connection
  const other = openDatabase(join(root, "vigil.db"));
  const ms = cpuMs(() => checkStatuses(other, input, now));
  other.close();
  return ms;
};
const cold = [fresh(), fresh(), fresh()];
checkStatuses(db, input, now);
const warm = [0, 1, 2].map(() => cpuMs(() => checkStatuses(db, input, now)));
const sixth: number[] = [];
for (let round = 0; round < 3; round++) {
  db.exec("BEGIN");
  for (let i = round; i < N; i += 6) {
    const id = ids[i] as string;
    const loc = LOC[round % 2] as string;
    store.insertResult(result(id, loc, now - 30_000 + round, i % 10 === 0 && loc === "us-east-1"));
  }
  db.exec("COMMIT");
  sixth.push(cpuMs(() => checkStatuses(db, input, now)));
}
// the checks list's status filter (GET /v1/checks?status=failing counts its matches: every check's state)
let filtered = 0;
const filterMs = [0, 1].map(() => cpuMs(() => (filtered = countChecks(db, { state: "failing" }))));
const failing = checkStatuses(db, input, now).filter(
  (s: { latest: { hasFailures: boolean } } | undefined) => s?.latest.hasFailures,
).length;
db.close();
rmSync(root, { recursive: true, force: true });
const f = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(" / ");
process.stdout.write(
  `${SRC}: ${N} checks (setup ${setupS.toFixed(0)} s), CPU ms per full statuses read — cold ${f(cold)}, warm ${f(warm)}, a sixth of the checks ran ${f(sixth)}; failing ${failing}; the status filter's count ${f(filterMs)} (${filtered})\n`,
);
