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
});
