/**
 * Bad input to the real CLI against the embedded service on loopback: one line naming the flag (or the
 * variable) and the rule, exit 2 — and only the commands that use a setting fail on it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../service/support.ts";
import { runCli } from "./run-cli.ts";

let svc: TestService;
const vigil = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey, ...env } });

/** Exit 2, nothing on stdout, one line on stderr. */
function usage(r: { code: number | null; stdout: string; stderr: string }, reason: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(reason);
}

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.dispose();
});

describe("bad input says which flag and which rule", () => {
  it("checks list --type: an unknown type is refused as --status is; a known one in any case is taken", async () => {
    const [bad, status, ok] = await Promise.all([
      vigil(["checks", "list", "--type", "FOO"]),
      vigil(["checks", "list", "--status", "broken"]),
      vigil(["checks", "list", "--type", "api"]),
    ]);
    usage(bad, /--type must be one of API, .*BROWSER.*, got "FOO"/);
    usage(status, /--status must be one of/);
    expect(ok.code).toBe(0);
  });

  it("check-alerts --from/--to: the rule that failed, one at a time", async () => {
    const [long, reversed] = await Promise.all([
      vigil(["check-alerts", "list", "--from", "2020-01-01", "--to", "2020-02-01"]),
      vigil(["check-alerts", "list", "--from", "2020-02-01", "--to", "2020-01-01"]),
    ]);
    usage(long, /"from" must be at most 6 h before to/);
    expect(long.stderr).not.toContain("must not be after");
    usage(reversed, /"from" must not be after to/);
    expect(reversed.stderr).not.toContain("6 h");
  });

  it("names the flag or the variable given, with the value: --notify, VIGIL_PANE, --message, --show-secrets", async () => {
    const long = "a".repeat(10_001);
    const [notify, notifyEnv, message, update, secrets] = await Promise.all([
      vigil(["--notify", "loud", "checks", "list"]),
      vigil(["checks", "list"], { VIGIL_NOTIFY: "loud" }),
      vigil([
        "incidents",
        "create",
        "--name",
        "x",
        "--severity",
        "MAJOR",
        "--service",
        "s1",
        "--message",
        long,
      ]),
      vigil(["incident-updates", "create", "i1", "--message", long]),
      vigil(["checks", "list", "--show-secrets"]),
    ]);
    usage(notify, /^vigil: --notify: must be bell or desktop, got "loud"$/m);
    usage(notifyEnv, /^vigil: VIGIL_NOTIFY: must be bell or desktop, got "loud"$/m);
    usage(message, /--message length must be less than or equal to 10000 characters long \(got 10001\)/);
    expect(message.stderr).not.toContain("description");
    usage(update, /--message length must be less than or equal to 10000/);
    usage(secrets, /--show-secrets needs --json/);
    const pane = await runCli([], {
      env: { VIGIL_PANE: "zzz", VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey },
    });
    usage(pane, /^vigil: VIGIL_PANE: no pane "zzz"/);
  });

  it("VIGIL_STALE_AFTER=abc: commands that do not use it run; the rule is named where it is refused", async () => {
    const r = await vigil(["checks", "list"], { VIGIL_STALE_AFTER: "abc" });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});
