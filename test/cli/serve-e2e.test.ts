/**
 * The real CLI against the real embedded service (`vigil serve --port 0` with the demo workspace), found
 * through `<data dir>/service.json` — no base URL or key in the environment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLocalService } from "../../src/service/info-file.ts";
import { CACHE_HOME } from "../e2e/support/paths.ts";
import { until } from "../support/until.ts";
import { RAW_CONTROL, runCli, tempHome } from "./run-cli.ts";

const ROOT = resolve(import.meta.dirname, "../..");
let serve: ChildProcess;
let home: string;

beforeAll(async () => {
  home = tempHome();
  serve = spawn(
    join(ROOT, "node_modules/.bin/node"),
    [join(ROOT, "src/cli/main.ts"), "serve", "--port", "0", "--data", join(home, "data", "vigil")],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_DATA_HOME: join(home, "data"),
        XDG_CACHE_HOME: CACHE_HOME,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await new Promise<void>((ok, fail) => {
    let out = "";
    const t = setTimeout(() => fail(new Error(`vigil serve did not start: ${out}`)), 15_000);
    serve.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (/^listening on http:\/\/\S+\n/.test(out)) {
        clearTimeout(t);
        ok();
      }
    });
    serve.on("exit", (code) => fail(new Error(`vigil serve exited ${code}`)));
  });
  // service.json is written right after the first line: what the CLI finds the service by
  await until("service.json", 5000, () => findLocalService(join(home, "data", "vigil")));
}, 20_000);

afterAll(async () => {
  if (serve.exitCode === null) {
    const gone = new Promise((r) => serve.once("exit", r));
    serve.kill("SIGTERM");
    await gone;
  }
});

describe("CLI against vigil serve", () => {
  it("lists checks as JSON and as a sanitised table", async () => {
    const [json, table] = await Promise.all([
      runCli(["checks", "list", "--json"], { home }),
      runCli(["checks", "list"], { home }),
    ]);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    const checks = JSON.parse(json.stdout) as { id: string; name: string }[];
    expect(checks.length).toBeGreaterThan(0);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS/);
    for (const c of checks.slice(0, 3)) expect(table.stdout).toContain(c.id);
    expect(RAW_CONTROL.test(table.stdout)).toBe(false);
  });

  it("triggers one check and waits for its session to finish", async () => {
    const list = await runCli(["checks", "list", "--type", "URL", "--json"], { home });
    const id = (JSON.parse(list.stdout) as { id: string }[])[0]?.id;
    expect(id).toBeDefined();
    const r = await runCli(["trigger", "--check", id!, "--wait", "--timeout", "30"], { home });
    expect([0, 1]).toContain(r.code);
    expect(r.stdout).toMatch(/(PASSED|FAILED|DEGRADED|TIMED_OUT)/);
    expect(r.stderr).toContain("waiting for 1 session to finish");
  });
});
