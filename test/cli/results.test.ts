/**
 * `vigil checks results ID` and `vigil results show CHECK RESULT`: the real CLI against a real started
 * embedded service with runs that failed for real (503 with failing assertions, a closed port with a
 * retry, a heartbeat ping, a body full of terminal escapes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FailingChecks, failingChecks } from "../support/failing-checks.ts";
import { RAW_CONTROL, runCli } from "./run-cli.ts";

let fx: FailingChecks;
let env: Record<string, string>;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  fx = await failingChecks();
  await fx.run(fx.apiId, 2);
  await fx.run(fx.urlId, 1);
  await fx.run(fx.hostileId, 1);
  env = { VIGIL_BASE_URL: fx.svc.url, VIGIL_API_KEY: fx.svc.apiKey };
}, 30_000);
afterAll(async () => {
  await fx?.close();
});

async function resultIds(checkId: string): Promise<string[]> {
  const r = await runCli(["checks", "results", checkId, "--json"], { env });
  return (JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id);
}

describe("vigil checks results", () => {
  it.concurrent("a table, newest first: status, time, location, response, attempts, kind, id, reason", async () => {
    const r = await runCli(["checks", "results", fx.apiId], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^STATUS\s+STARTED\s+LOCATION\s+RESPONSE\s+ATTEMPTS\s+KIND\s+RESULT ID\s+REASON$/,
    );
    expect(lines).toHaveLength(3);
    for (const l of lines.slice(1))
      expect(l).toMatch(
        /^✖ failed\s+2\d{3}-\d\d-\d\d \d\d:\d\d:\d\dZ \([^)]+\)\s+eu-west-1\s+\d+ ms\s+1\s+FINAL\s+[0-9a-f-]{36}\s+status code equals 200, received 503$/,
      );
    const at = lines.slice(1).map((l) => /\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/.exec(l)![0]);
    expect([...at].sort().reverse()).toEqual(at);
  });

  it.concurrent("a retried run: the FINAL with its retry, then the ATTEMPT; --final leaves attempts out", async () => {
    const all = await runCli(["checks", "results", fx.urlId], { env });
    const rows = all.stdout.trimEnd().split("\n").slice(1);
    expect(rows[0]).toMatch(/2 \(1 retry\)\s+FINAL\s+.*connect ECONNREFUSED 127\.0\.0\.1:9$/);
    expect(rows[1]).toMatch(/\s1\s+ATTEMPT\s+/);
    const finals = await runCli(["checks", "results", fx.urlId, "--final", "--json"], { env });
    expect(finals.code).toBe(0);
    const json = JSON.parse(finals.stdout) as { resultType: string; attempts: number }[];
    expect(json.map((x) => x.resultType)).toEqual(["FINAL"]);
    const one = await runCli(["checks", "results", fx.apiId, "--limit", "1", "--json"], { env });
    expect(JSON.parse(one.stdout)).toHaveLength(1);
  });

  it.concurrent("an unknown check: one line on stderr, exit 3 (not found); a bad --limit: exit 2", async () => {
    const r = await runCli(["checks", "results", UNKNOWN], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/not found/i);
    const bad = await runCli(["checks", "results", fx.apiId, "--limit", "0"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--limit must be between 1 and 1000, got 0");
  });
});

describe("vigil results show", () => {
  it.concurrent("the result view: request with secrets masked, response, assertions, waterfall, limits", async () => {
    const [id] = await resultIds(fx.apiId);
    const r = await runCli(["results", "show", fx.apiId, id!], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out.split("\n")[0]).toBe("Maintenance API (API)");
    expect(out).toContain("  status       ✖ failed");
    expect(out).toContain("  kind         FINAL (the run's verdict)");
    expect(out).toMatch(/GET http:\/\/user:\*\*\*\*@127\.0\.0\.1:\d+\/status\?token=\*\*\*\*/);
    expect(out).toContain("authorization: Bearer ...cdef");
    for (const secret of ["hunter2", "abc123secret", "sk_live", "0123456789secret"])
      expect(out).not.toContain(secret);
    expect(out).toContain("  status       503 Service Unavailable");
    expect(out).toMatch(/… \d+ more lines \(--full shows all\)/);
    expect(out).toContain("Assertions (3, 2 failed)");
    expect(out).toContain("  ✖ status code equals 200 — received 503");
    expect(out).toContain("  ✖ JSON body $.ok equals true — received false");
    expect(out).toMatch(/ {2}socket wait +█* +\d+ ms\n/);
    expect(out).toMatch(/ {2}total +─{32} +\d+ ms\n/);
    expect(out).toContain("  degraded     above 1.50 s");
    const full = await runCli(["results", "show", fx.apiId, id!, "--full"], { env });
    expect(full.stdout).not.toContain("more lines");
    expect(full.stdout).toContain('"id": 19');
    const json = await runCli(["results", "show", fx.apiId, id!, "--json"], { env });
    const parsed = JSON.parse(json.stdout);
    expect(parsed.id).toBe(id);
    expect(json.stdout).not.toContain("sk_live_0123456789abcdef");
  });

  it.concurrent("a heartbeat result: the ping's source and user agent", async () => {
    const [id] = await resultIds(fx.beatId);
    const r = await runCli(["results", "show", fx.beatId, id!], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("  event        RECEIVED");
    expect(r.stdout).toContain("  ping source  https://cron.example");
    expect(r.stdout).toContain("  user agent   curl/8.5.0");
  });

  it.concurrent("a body full of terminal escapes is shown as harmless text", async () => {
    const [id] = await resultIds(fx.hostileId);
    const r = await runCli(["results", "show", fx.hostileId, id!], { env });
    expect(r.code).toBe(0);
    expect(RAW_CONTROL.test(r.stdout), JSON.stringify(r.stdout)).toBe(false);
    expect(r.stdout).toContain("before␛]52…␛[2Jwiped\\u202eevil");
    expect(r.stdout).toContain("    second line");
  });

  it.concurrent("an unknown result or check: one line on stderr, exit 3 (not found)", async () => {
    const r = await runCli(["results", "show", fx.apiId, UNKNOWN], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/result not found/i);
    const c = await runCli(["results", "show", UNKNOWN, UNKNOWN], { env });
    expect(c.code).toBe(3);
    expect(c.stderr).toMatch(/check not found/i);
    const missing = await runCli(["results", "show", fx.apiId], { env });
    expect(missing.code).toBe(2);
  });
});
