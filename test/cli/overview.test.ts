import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { overviewRows } from "../../src/cli/overview.ts";
import { runCli, tempHome } from "./run-cli.ts";

const check = (id: string, name: string) => ({ id, name, checkType: "URL" }) as never;
const status = (checkId: string, s: object) => ({ checkId, name: checkId, ...s }) as never;

describe("overviewRows", () => {
  it("puts failing, then degraded, then pending, then passing first, by name within a state", () => {
    const rows = overviewRows(
      [
        check("a", "alpha"),
        check("b", "bravo"),
        check("c", "charlie"),
        check("d", "delta"),
        check("e", "echo"),
      ],
      [
        status("a", { hasFailures: false }),
        status("b", { isDegraded: true }),
        status("c", { hasErrors: true }),
        status("e", { hasFailures: true }),
      ],
    );
    expect(rows.map((r) => `${r.health}:${r.check.name}`)).toEqual([
      "failing:charlie",
      "failing:echo",
      "degraded:bravo",
      "pending:delta",
      "passing:alpha",
    ]);
  });
});

describe("overviewRows: deactivated checks", () => {
  it("come after every active one, whatever their last state (as the console's checks list)", () => {
    const off = { id: "z", name: "aardvark", checkType: "URL", activated: false } as never;
    const rows = overviewRows(
      [check("a", "alpha"), off, check("b", "bravo")],
      [
        status("a", { hasFailures: false }),
        status("z", { hasFailures: true }),
        status("b", { hasFailures: true }),
      ],
    );
    expect(rows.map((r) => r.check.name)).toEqual(["bravo", "alpha", "aardvark"]);
  });
});

describe("vigil with no command and no TTY", () => {
  it("starts the embedded service with the demo workspace, prints the checks once and exits 0", async () => {
    const home = tempHome();
    const r = await runCli([], { home });
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^STATUS\s+NAME\s+TYPE/m);
    expect(r.stdout).toContain("Storefront API health");
    expect(r.stderr).toMatch(/\d+ checks: \d+ failing, \d+ degraded/);
    // the service it started is gone again, and so is its service.json
    expect(existsSync(join(home, "data", "vigil", "service.json"))).toBe(false);
    expect(existsSync(join(home, "data", "vigil", "vigil.db"))).toBe(true);
  });

  it("prints the overview as JSON with --json", async () => {
    const r = await runCli(["--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { name: string; health: string }[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((x) => ["passing", "failing", "degraded", "pending"].includes(x.health))).toBe(true);
  });
});

describe("vigil --pane with a name no pane has", () => {
  // refused before anything is drawn or started, with no terminal as in one (the check is before the
  // console's branch): one line, exit 2, nothing on stdout, no service started for the data dir
  it("is refused without a terminal too: exit 2, one line naming the panes, no table, no service", async () => {
    const home = tempHome();
    // the refusal names the one it came from: the flag or the variable
    for (const [args, env, from] of [
      [["--pane", "nosuch"], {}, "--pane"],
      [[], { VIGIL_PANE: "nosuch" }, "VIGIL_PANE"],
    ] as const) {
      const r = await runCli([...args], { home, env });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        `vigil: ${from}: no pane "nosuch" (one of overview, checks, sessions, analytics, heartbeats, incidents, alerts, pages, locations)\n`,
      );
    }
    expect(existsSync(join(home, "data", "vigil", "vigil.db"))).toBe(false);
  });

  it("a pane's name starts it as before (piped: the checks table)", async () => {
    const r = await runCli(["--pane", "heartbeats"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^STATUS\s+NAME\s+TYPE/m);
  });
});
