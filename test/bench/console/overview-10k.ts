/**
 * A data dir for the overview benchmark: N URL checks, every `failEvery`-th of them failing, written
 * straight into a fresh database through the service's own storage code (the check documents filled by
 * the one body schema, as POST /v1/checks/url stores them; sessions and results by the run store), then
 * `vigil serve --no-demo` on it.
 *
 * Each check runs at two locations. A passing check has one run (both locations passed) 10 min ago; a
 * failing one passed 30 min ago and failed 20 and 10 min ago at both locations — so its "failing for"
 * is exact — with the runner's own detail: three in four a failed assertion (`status code equals 200,
 * received 503`), one in four a request error (`connect ECONNREFUSED 127.0.0.1:9`). The checks run once a
 * day (frequency 1440) and their last session started 10 min ago, so the scheduler runs nothing while a
 * benchmark watches: the data stays unchanged.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHECK_KINDS } from "../../../src/contract/schemas/check-bodies.ts";
import { openDatabase } from "../../../src/service/db/open.ts";
import { checkOf } from "../../../src/service/engine/checks.ts";
import { uuidv7 } from "../../../src/service/engine/ids.ts";
import { insertCheck } from "../../../src/service/repo/checks.ts";
import { createRunStore, type ResultRow } from "../../../src/service/repo/runs.ts";
import { spawnServe } from "../../e2e/support/service.ts";

const TAGS = ["prod", "staging", "api", "web", "payments", "search", "auth", "jobs"];
const LOCATIONS = ["eu-west-1", "us-east-1"];
const MIN = 60_000;

export type OverviewData = {
  url: string;
  apiKey: string;
  checks: number;
  failing: number;
  /** Names of the failing checks, in the overview's order (by name). */
  failingNames: string[];
  setupMs: number;
  /** When the runs were dated from (each run a whole number of minutes before it): "10 min ago" turns every minute from here. */
  runsAt: number;
  /** The serving process (its CPU time is read from /proc: cpuMsOf in pty.ts). */
  servicePid: number | undefined;
  stop(): Promise<void>;
};

type Run = { at: number; failed: boolean; refused: boolean };

function result(checkId: string, name: string, sessionId: string, location: string, run: Run): ResultRow {
  const url = "http://127.0.0.1:9/health";
  const request = { method: "GET", url, data: "", headers: { "user-agent": "vigil-embedded-runner/1" } };
  const assertion = { source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: "" };
  const base = {
    id: uuidv7(),
    sessionId,
    checkId,
    checkType: "URL",
    name,
    runLocation: location,
    resultType: "FINAL" as const,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: false,
    attempts: 1,
    retries: 0,
    startedAt: run.at,
    pageIndex: null,
  };
  if (run.failed && run.refused)
    return {
      ...base,
      hasFailures: true,
      hasErrors: true,
      responseTime: null,
      statusCode: null,
      stoppedAt: run.at + 2,
      errorMessage: "request failed: connect ECONNREFUSED 127.0.0.1:9",
      metrics: {},
      detail: {
        apiCheckResult: {
          assertions: [],
          request,
          response: null,
          requestError: "connect ECONNREFUSED 127.0.0.1:9",
        },
      },
    };
  const status = run.failed ? 503 : 200;
  const phases = { wait: 0.4, dns: 0.1, tcp: 1.2, firstByte: 9.8, download: 0.6, total: 12.1 };
  return {
    ...base,
    hasFailures: run.failed,
    hasErrors: false,
    responseTime: phases.total,
    statusCode: status,
    stoppedAt: run.at + 12,
    errorMessage: run.failed ? "assertion failed: expected status code to equal 200, received 503" : null,
    metrics: { wait: 0.4, dns: 0.1, tcp: 1.2, firstByte: 9.8, download: 0.6 },
    detail: {
      apiCheckResult: {
        assertions: [
          {
            ...assertion,
            actual: status,
            passed: !run.failed,
            error: run.failed ? "expected status code to equal 200, received 503" : null,
          },
        ],
        request,
        response: {
          status,
          statusText: run.failed ? "Service Unavailable" : "OK",
          body: JSON.stringify({ ok: !run.failed }),
          headers: { "content-type": "application/json" },
          timingPhases: phases,
        },
        requestError: null,
      },
    },
  };
}

/** Write the data dir and start `vigil serve` on it. */
export async function serveOverviewData(n: number, failEvery: number): Promise<OverviewData> {
  const t0 = performance.now();
  const root = mkdtempSync(join(tmpdir(), "vigil-bench-overview-"));
  const dataDir = join(root, "data");
  mkdirSync(dataDir, { mode: 0o700 });
  const db = openDatabase(join(dataDir, "vigil.db"));
  const store = createRunStore(db);
  const now = Date.now();
  const created = new Date(now - 60 * MIN).toISOString();
  const failingNames: string[] = [];
  db.exec("BEGIN");
  try {
    for (let i = 0; i < n; i++) {
      const name = `service-${String(i).padStart(5, "0")} ${TAGS[i % TAGS.length]} endpoint`;
      const fields = CHECK_KINDS.url.schema.parse({
        name,
        frequency: 1440,
        locations: LOCATIONS,
        tags: [TAGS[i % TAGS.length] ?? "prod", TAGS[(i >> 3) % TAGS.length] ?? "api"],
        request: {
          url: "http://127.0.0.1:9/health",
          assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: 200 }],
        },
      });
      const id = crypto.randomUUID();
      insertCheck(db, checkOf(fields, { id, checkType: "URL", createdAt: created, updatedAt: created }));
      const failing = i % failEvery === 0;
      if (failing) failingNames.push(name);
      const refused = i % (failEvery * 4) === 0;
      const runs: Run[] = failing
        ? [
            { at: now - 30 * MIN, failed: false, refused },
            { at: now - 20 * MIN, failed: true, refused },
            { at: now - 10 * MIN, failed: true, refused },
          ]
        : [{ at: now - 10 * MIN, failed: false, refused: false }];
      for (const run of runs) {
        const sessionId = uuidv7();
        store.insertSession({
          id: sessionId,
          checkId: id,
          checkType: "URL",
          name,
          status: run.failed ? "FAILED" : "PASSED",
          runSource: "SCHEDULER",
          runLocations: LOCATIONS,
          startedAt: run.at,
          stoppedAt: run.at + 20,
        });
        for (const location of LOCATIONS) store.insertResult(result(id, name, sessionId, location, run));
      }
    }
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    db.close();
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  db.close();
  let served: Awaited<ReturnType<typeof spawnServe>>;
  try {
    served = await spawnServe({ dataDir, port: 0, demo: false, home: root });
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  const { child, url } = served;
  const apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim();
  return {
    url,
    apiKey,
    checks: n,
    failing: failingNames.length,
    failingNames,
    setupMs: performance.now() - t0,
    runsAt: now,
    servicePid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
