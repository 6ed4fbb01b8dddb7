/**
 * Sessions on the command line against a real embedded service with runs that fail for real (issue 28):
 * `trigger --wait` and `sessions get|wait|list` say why a session failed (the reason model of
 * src/store/triage/reason.ts); `trigger --check` refuses a heartbeat check (passive, exit 6) and an unknown
 * id (exit 3) before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FailingChecks, failingChecks } from "../support/failing-checks.ts";
import { runCli } from "./run-cli.ts";

let fx: FailingChecks;
let env: Record<string, string>;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const REASON = "status code equals 200, received 503 (eu-west-1)";

beforeAll(async () => {
  fx = await failingChecks();
  env = { VIGIL_BASE_URL: fx.svc.url, VIGIL_API_KEY: fx.svc.apiKey };
}, 30_000);
afterAll(async () => {
  await fx?.close();
});

describe("a failed session says why", () => {
  it("trigger --wait: the REASON column, the reason on stderr and in --json; sessions get|list the same", async () => {
    const r = await runCli(["trigger", "--check", fx.apiId, "--wait"], { env });
    expect(r.code).toBe(1);
    const [header, row] = r.stdout.trimEnd().split("\n");
    expect(header).toMatch(/\bSTATUS\b.*\bREASON$/);
    expect(row).toMatch(new RegExp(`✖ FAILED .*${REASON.replace(/[()]/g, "\\$&")}$`));
    expect(r.stderr).toContain(`1 of 1 sessions did not pass: Maintenance API FAILED: ${REASON}`);

    const j = await runCli(["trigger", "--check", fx.apiId, "--wait", "--json"], { env });
    expect(j.code).toBe(1);
    const waited = JSON.parse(j.stdout) as { sessions: { checkSessionId: string; reason: string }[] };
    expect(waited.sessions[0]?.reason).toBe(REASON);
    const id = waited.sessions[0]!.checkSessionId;

    const got = await runCli(["sessions", "get", id], { env });
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(new RegExp(`^Reason: +${REASON.replace(/[()]/g, "\\$&")}$`, "m"));
    expect(got.stdout).toMatch(/RESULT ID\s+REASON\n.*status code equals 200, received 503$/m);
    const gotJson = JSON.parse((await runCli(["sessions", "get", id, "--json"], { env })).stdout);
    expect(gotJson).toMatchObject({ checkSessionId: id, status: "FAILED", reason: REASON });

    const waitedAgain = await runCli(["sessions", "wait", id], { env });
    expect(waitedAgain.code).toBe(1);
    expect(waitedAgain.stderr).toContain(`finished FAILED: ${REASON}`);

    // sessions list CHECK_ID: newest first, with the reason; --json one array, with or without --limit
    const list = await runCli(["sessions", "list", fx.apiId], { env });
    expect(list.code).toBe(0);
    const rows = list.stdout.trimEnd().split("\n");
    expect(rows[0]).toMatch(/^SESSION ID\s+CHECK\s+STATUS\s+STARTED\s+SOURCE\s+LOCATIONS\s+REASON$/);
    expect(rows[1]).toMatch(
      new RegExp(`^${id}\\s+Maintenance API\\s+✖ FAILED\\s+\\d{4}-\\d\\d-\\d\\d .*TRIGGER_API`),
    );
    expect(rows).toHaveLength(3);
    const all = JSON.parse((await runCli(["sessions", "list", fx.apiId, "--json"], { env })).stdout);
    const one = JSON.parse(
      (await runCli(["sessions", "list", fx.apiId, "--limit", "1", "--json"], { env })).stdout,
    );
    expect(Array.isArray(all) && Array.isArray(one)).toBe(true);
    expect(one).toHaveLength(1);
    expect(Object.keys(one[0]).sort()).toEqual(Object.keys(all[0]).sort());
    expect(one[0]).toMatchObject({ checkSessionId: id, reason: REASON });
    // without a check: the latest session of each check that ran
    const latest = JSON.parse((await runCli(["sessions", "list", "--json"], { env })).stdout) as {
      checkId: string;
      checkSessionId: string;
    }[];
    expect(latest.find((s) => s.checkId === fx.apiId)?.checkSessionId).toBe(id);
  }, 60_000);
});

describe("trigger --check refuses what it cannot run, before anything is sent", () => {
  it.concurrent("a heartbeat check: 'heartbeat checks are passive', exit 6", async () => {
    const r = await runCli(["trigger", "--check", fx.beatId], { env });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^vigil: heartbeat checks are passive: they run when pinged, not on trigger \(Nightly backup/,
    );
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.concurrent("an unknown check id: exit 3 naming it", async () => {
    const r = await runCli(["trigger", "--check", UNKNOWN], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`vigil: check ${UNKNOWN} not found\n`);
  });
});
