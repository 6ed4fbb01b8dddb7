/**
 * `vigil check-statuses list|get` and deactivated checks (the real CLI against the embedded service on
 * loopback): the service keeps a deactivated check's last status and lists it with no word that it is off,
 * so the table read it as "✔ passing" — the table says `⊘ deactivated (last run ✔ passing)`; checks with no
 * status (never run) are counted on stderr with where to see them; `--json` stays the service's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusCell, statusListNotes } from "../../src/cli/commands/check-statuses.ts";
import type { CheckStatus } from "../../src/contract/schemas/check-statuses.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { until } from "../support/until.ts";
import { runCli } from "./run-cli.ts";

let svc: TestService;
const vigil = (args: string[]) =>
  runCli(args, { env: { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey } });
const ids: Record<string, string> = {};

const heartbeat = (name: string, activated = true) =>
  svc.call("POST", "/v1/checks/heartbeat", {
    name,
    activated,
    heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" },
  });

beforeAll(async () => {
  svc = await startTestService();
  const [on, paused, never, neverOff] = await Promise.all([
    heartbeat("Running job"),
    heartbeat("Paused job"),
    heartbeat("Unpinged job"),
    heartbeat("Parked job", false),
  ]);
  ids.on = on.body.id;
  ids.paused = paused.body.id;
  ids.never = never.body.id;
  ids.neverOff = neverOff.body.id;
  // two pings: both pass; then one of them is deactivated — its status still says passing
  for (const c of [on.body, paused.body]) expect((await fetch(c.heartbeat.pingUrl)).status).toBe(200);
  await until("both pings' statuses", 10_000, async () => {
    const all = (await svc.call("GET", "/v1/check-statuses")).body as CheckStatus[];
    return [ids.on, ids.paused].every((id) => all.some((s) => s.checkId === id && s.hasFailures === false));
  });
  const off = await svc.call("PUT", `/v1/checks/heartbeat/${ids.paused}`, {
    ...paused.body,
    activated: false,
  });
  expect(off.status).toBe(200);
});
afterAll(async () => {
  await svc?.dispose();
});

describe("check-statuses and deactivated checks", () => {
  it("list: a deactivated check says so with its last state; the checks without a status are counted", async () => {
    const r = await vigil(["check-statuses", "list"]);
    expect(r.code).toBe(0);
    const row = (name: string) => r.stdout.split("\n").find((l) => l.includes(name)) ?? "";
    expect(row("Paused job")).toMatch(/⊘ deactivated \(last run ✔ passing\)/);
    expect(row("Running job")).toMatch(/✔ passing/);
    expect(row("Running job")).not.toContain("deactivated");
    // never run: not in the service's list — said, with how many are deactivated and where to see them
    expect(r.stdout).not.toContain("Unpinged job");
    expect(r.stderr).toBe(
      "2 checks have no status (not run yet, or not listed by the service, 1 of them deactivated): vigil checks list shows every check\n",
    );
  });

  it("get: the same words for one check", async () => {
    const paused = await vigil(["check-statuses", "get", ids.paused!]);
    expect(paused.stdout).toMatch(/^Status: +⊘ deactivated \(last run ✔ passing\)$/m);
    const on = await vigil(["check-statuses", "get", ids.on!]);
    expect(on.stdout).toMatch(/^Status: +✔ passing$/m);
  });

  it("--json is the service's answer as it is (the deactivated check's last status, no note)", async () => {
    const r = await vigil(["check-statuses", "list", "--json"]);
    expect(r.stderr).toBe("");
    const rows = JSON.parse(r.stdout) as CheckStatus[];
    expect(rows.find((s) => s.checkId === ids.paused)).toMatchObject({ hasFailures: false });
    expect(rows.some((s) => s.checkId === ids.never)).toBe(false);
  });
});

describe("the words, pure", () => {
  const failing = { checkId: "c1", hasFailures: true, hasErrors: false, isDegraded: false } as CheckStatus;
  it("a status cell: its state, or deactivated with the last run's", () => {
    expect(statusCell(failing, false)).toBe("✖ failing");
    expect(statusCell(failing, true)).toBe("⊘ deactivated (last run ✖ failing)");
  });
  it("the notes: nothing left out says nothing; unread checks say that deactivation is not shown", () => {
    const facts = { passive: new Set<string>(), deactivated: new Set<string>(), ids: ["c1"] };
    expect(statusListNotes([failing], facts)).toEqual([]);
    expect(statusListNotes([], { ...facts, ids: ["c1", "c2"] })).toEqual([
      "2 checks have no status (not run yet, or not listed by the service): vigil checks list shows every check",
    ]);
    expect(statusListNotes([failing], { error: "503 Service Unavailable" })).toEqual([
      "the checks could not be read (503 Service Unavailable): a deactivated check is not marked as such here",
    ]);
  });
});
