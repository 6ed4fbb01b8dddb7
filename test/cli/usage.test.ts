/** The real CLI: help, version, and usage errors (exit 2, one line, nothing sent). */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands/index.ts";
import { ScriptedServer } from "../support/scripted-server.ts";
import { runCli, tempHome } from "./run-cli.ts";

const KEY = "sk_test_cli_usage_0123456789abcdef";
let srv: ScriptedServer;
beforeAll(async () => {
  srv = await new ScriptedServer().start();
});
afterAll(() => srv.close());
async function env(): Promise<Record<string, string>> {
  return { VIGIL_BASE_URL: srv.url, VIGIL_API_KEY: KEY };
}

/** Exit 2 and exactly one line on stderr, ending with the help hint. */
function expectUsage(
  r: { code: number | null; stdout: string; stderr: string },
  reason: RegExp,
  hint: string,
) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr.endsWith("\n")).toBe(true);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(/^vigil: /);
  expect(r.stderr).toMatch(reason);
  if (hint) expect(r.stderr.trimEnd().endsWith(`(see ${hint})`)).toBe(true);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe("help and version", () => {
  it.concurrent("--help lists every command and verb, and the global flags", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) {
      expect(r.stdout).toContain(c.name);
      if (!c.verbless) expect(r.stdout).toContain(`${c.name} ${c.verbs.map((v) => v.name).join("|")}`);
    }
    for (const flag of [
      "--json",
      "--base-url",
      "--api-key",
      "--account",
      "--profile",
      "--read-only",
      "--config",
    ])
      expect(r.stdout).toContain(flag);
    expect(r.stdout).toContain("serve");
    for (const p of ["serve", "share", "agent", "completion"])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${p} `));
    // the exit codes, written once (src/cli/exit-codes.ts)
    expect(r.stdout).toMatch(/Exit status:\n {2}0 ok · 1 the thing checked is failing/);
    for (const code of [
      "2 usage",
      "3 not found",
      "4 auth",
      "5 the service is unreachable",
      "6 refused by rule",
    ])
      expect(r.stdout.replace(/\s+/g, " ")).toContain(code);
  });

  it.concurrent("--version prints the package version", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    const r = await runCli(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`vigil ${pkg.version}\n`);
  });

  it.concurrent("<command> <verb> --help shows that verb's flags, without needing a service", async () => {
    const r = await runCli(["incidents", "create", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vigil incidents create/);
    for (const f of ["--name", "--severity", "--service", "--status", "--message", "--notify", "--file"])
      expect(r.stdout).toContain(f);
  });
});

describe("usage errors: exit 2, one line", () => {
  it.concurrent("unknown option", async () => {
    const r = await runCli(["checks", "list", "--bogus"], { env: await env() });
    expectUsage(r, /unknown option --bogus/, "vigil checks --help");
  });

  it.concurrent("missing argument", async () => {
    const r = await runCli(["sessions", "get"], { env: await env() });
    expectUsage(r, /missing SESSION_ID/, "vigil sessions --help");
  });

  it.concurrent("unknown command (hostile text is sanitised)", async () => {
    const r = await runCli(["chekcs\u001b[2J"]);
    expectUsage(r, /unknown command "chekcs␛\[2J"/, "vigil --help");
  });

  it.concurrent("bad flag values and client-side validation send nothing", async () => {
    const e = await env();
    const [limit, metric, verb] = await Promise.all([
      runCli(["alert-channels", "list", "--limit", "500"], { env: e }),
      runCli(["analytics", "tcp", "c1", "--metrics", "responseTime_avg"], { env: e }),
      runCli(["incidents", "delete", "x"], { env: e }),
    ]);
    expectUsage(limit, /--limit must be between 1 and 100, got 500/, "vigil alert-channels --help");
    expectUsage(metric, /unknown metric "responseTime_avg" for tcp analytics/, "vigil analytics --help");
    expectUsage(verb, /incidents: unknown verb "delete"/, "vigil incidents --help");
    expect(srv.requests).toHaveLength(0);
  });

  it.concurrent("no service configured and none can be started (the data dir is not a directory)", async () => {
    const home = tempHome();
    writeFileSync(join(home, "not-a-dir"), "");
    const r = await runCli(["checks", "list", "--data", join(home, "not-a-dir", "data")], { home });
    expectUsage(r, /no service configured: set VIGIL_BASE_URL and VIGIL_API_KEY/, "");
  });
});
