/**
 * `vigil status` (the real CLI, a child process) against a real started service on loopback: exit 0 and
 * the calm line while every check passes; after a URL check pointed at a closed port fails, exit 1 with
 * its reason and "failing for" in the table and in --json; exit 5 when the service cannot be reached; exit 2
 * for a bad flag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedUrl, createUrlCheck, runCheck, startTarget } from "../service/alerts/support.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { RAW_CONTROL, runCli } from "./run-cli.ts";

let svc: TestService;
let target: Awaited<ReturnType<typeof startTarget>>;
let downUrl: string;

const env = () => ({ VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey });

beforeAll(async () => {
  [svc, target] = await Promise.all([startTestService(), startTarget(200)]);
  downUrl = await closedUrl();
});
afterAll(async () => {
  await svc?.dispose();
  await target?.close();
});

describe("vigil status", () => {
  it("exits 0 with the calm line while every check passes", async () => {
    const ok = await createUrlCheck(svc, target.url, { name: "Storefront health" });
    expect((await runCheck(svc, ok.id)).status).toBe("PASSED");
    const r = await runCli(["status"], { env: env() });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = r.stdout.split("\n");
    expect(out[0]).toBe("✖ 0 failing · ▲ 0 degraded · ✔ 1 passing · 0 overdue heartbeats · 0 open incidents");
    expect(out[1]).toMatch(/^✔ the check is passing · last run (\d+ s ago|just now)$/);
  });

  it("exits 1 and names the failing check, its reason and since when, as a table and as JSON", async () => {
    const down = await createUrlCheck(svc, downUrl, { name: "Closed port" });
    expect((await runCheck(svc, down.id)).status).toBe("FAILED");
    const [table, json] = await Promise.all([
      runCli(["status"], { env: env() }),
      runCli(["status", "--json"], { env: env() }),
    ]);
    expect(table.code).toBe(1);
    expect(table.stdout).toContain("✖ 1 failing · ▲ 0 degraded · ✔ 1 passing");
    expect(table.stdout).toMatch(/^STATE\s+NAME\s+TYPE\s+FOR\s+LOCATIONS\s+REASON$/m);
    expect(table.stdout).toMatch(
      /^✖ failing\s+Closed port\s+URL\s+over \d+ s \(since before \d\d:\d\d\)\s+1 of 1\s+connect ECONNREFUSED 127\.0\.0\.1:\d+$/m,
    );
    expect(RAW_CONTROL.test(table.stdout)).toBe(false);

    expect(json.code).toBe(1);
    const o = JSON.parse(json.stdout);
    expect(o.failing).toBe(true);
    expect(o.counts).toMatchObject({
      checks: 2,
      failing: 1,
      passing: 1,
      overdueHeartbeats: 0,
      openIncidents: 0,
    });
    expect(o.checks).toHaveLength(1);
    expect(o.checks[0]).toMatchObject({
      id: down.id,
      name: "Closed port",
      checkType: "URL",
      state: "failing",
      sinceExact: false,
      locationsIn: 1,
      locationsOf: 1,
    });
    expect(o.checks[0].reason).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(o.checks[0].for).toMatch(/^failing for over \d+ s \(since before \d\d:\d\d\)$/);
    expect(o.alertDeliveries).toEqual([]);
    expect(o.privateLocations).toEqual([]);
  });

  it("knows the start of the streak once a pass is among the results held", async () => {
    const flaky = await startTarget(200);
    try {
      const c = await createUrlCheck(svc, flaky.url, { name: "Flaky" });
      expect((await runCheck(svc, c.id)).status).toBe("PASSED");
      flaky.status.value = 503;
      expect((await runCheck(svc, c.id)).status).toBe("FAILED");
      const o = JSON.parse((await runCli(["status", "--json"], { env: env() })).stdout);
      const row = o.checks.find((x: { id: string }) => x.id === c.id);
      expect(row.sinceExact).toBe(true);
      expect(row.for).toMatch(/^failing for \d+ s \(since \d\d:\d\d\)$/);
      expect(row.reason).toBe("HTTP 503 Service Unavailable");
    } finally {
      await flaky.close();
    }
  });

  it("bounds a streak older than the results it reads by the last pass before it (v2 results)", async () => {
    const target2 = await startTarget(200);
    try {
      const c = await createUrlCheck(svc, target2.url, { name: "Long streak" });
      expect((await runCheck(svc, c.id)).status).toBe("PASSED");
      target2.status.value = 503;
      // more failures than the 30 results status reads: the pass is not among them
      for (let i = 0; i < 31; i++) expect((await runCheck(svc, c.id)).status).toBe("FAILED");
      const r = await runCli(["status", "--json"], { env: env() });
      expect(r.stderr).toBe("");
      const row = JSON.parse(r.stdout).checks.find((x: { id: string }) => x.id === c.id);
      expect(row.sinceExact).toBe(false);
      expect(row.sinceAfter).not.toBe(null);
      expect(Date.parse(row.sinceAfter)).toBeLessThan(Date.parse(row.since));
      expect(row.for).toMatch(/^failing for over \d+ s \(since \d\d:\d\d–\d\d:\d\d\)$/);
    } finally {
      await target2.close();
    }
  }, 60_000);

  it("a check failing in one of its two locations stays failing while they take turns: exit 1 after every run", async () => {
    const own = await startTestService();
    const half = await startTarget(200);
    try {
      const envOwn = { VIGIL_BASE_URL: own.url, VIGIL_API_KEY: own.apiKey };
      const c = await createUrlCheck(own, half.url, {
        name: "Half down",
        locations: ["eu-west-1", "us-east-1"],
        retryStrategy: null,
      });
      // the locations take turns (no runParallel): answering 200, 503, 200, … fails one of them every time
      expect((await runCheck(own, c.id)).status).toBe("PASSED");
      for (let i = 0; i < 4; i++) {
        half.status.value = i % 2 === 0 ? 503 : 200;
        await runCheck(own, c.id);
        const r = await runCli(["status", "--json"], { env: envOwn });
        expect(r.code).toBe(1);
        const row = JSON.parse(r.stdout).checks.find((x: { id: string }) => x.id === c.id);
        expect(row).toMatchObject({ state: "failing", locationsIn: 1, locationsOf: 2 });
      }
      half.status.value = 200;
      await runCheck(own, c.id); // the failing location passes again
      const back = await runCli(["status"], { env: envOwn });
      expect(back.code).toBe(0);
    } finally {
      await half.close();
      await own.dispose();
    }
  }, 60_000);

  it("exits 5 when the service cannot be reached, 4 when it refuses the key, and 2 for a bad flag", async () => {
    const gone = await closedUrl("");
    const r = await runCli(["status"], { env: { VIGIL_BASE_URL: gone, VIGIL_API_KEY: "k-0123456789" } });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/status unknown: /);
    const refused = await runCli(["status"], { env: { ...env(), VIGIL_API_KEY: "k-wrong-0123456789" } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/status unknown: .*401/);
    const bad = await runCli(["status", "--details", "x"], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--details/);
  });
});
