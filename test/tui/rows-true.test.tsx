/**
 * Rows that are true, in the console's frames: the cursor stays on its check when a status change re-sorts
 * the list (and `t` names that check), a detail never moves the list cursor, deactivated and muted checks
 * carry their markers without colour, LAST RUN is never in the future and the status line says the
 * service clock is ahead, the detail names the row's last run, and `?` lists the filter words.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resultsLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const checks = ["alpha", "bravo", "charlie", "delta"].map((name) => check({ name, tags: ["prod"] }));
const ids = checks.map((c) => c.id);
const passing = () => ids.map((id) => status(id, "passing"));

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** Wait for a frame that satisfies `cond` (Ink draws after a store change or key on its own schedule). */
const cursorLine = (f: string) => f.split("\n").find((l) => l.startsWith("›")) ?? "";
const rowNames = (f: string) =>
  f
    .split("\n")
    .filter((l) => /^[ ›][ ●][✔✖▲○⊘]/.test(l))
    .map((l) => l.slice(3).trim().split(/\s+/)[0]);

function setStatuses(store: ConsoleStore, list: ReturnType<typeof status>[]): void {
  apply(store, statusesLoaded(list, Date.now(), store.getState().statuses));
}

describe("rows that are true", () => {
  it("the cursor stays on its check when a status change re-sorts the list, and t acts on it", async () => {
    const store = storeWith(checks, passing());
    const c = renderConsole(store, { columns: 100, rows: 30 });
    open = c;
    await c.press("jj");
    await frameWhere(c, (f) => cursorLine(f).includes("charlie"));
    // delta starts failing: it goes to the top, charlie moves down a row — the cursor with it
    setStatuses(store, [...passing().slice(0, 3), status(ids[3]!, "failing")]);
    const f = await frameWhere(c, (f) => rowNames(f)[0] === "delta");
    expect(rowNames(f)).toEqual(["delta", "alpha", "bravo", "charlie"]);
    expect(cursorLine(f)).toContain("charlie");
    await c.press("t");
    const confirm = await frameWhere(c, (f) => f.includes("Trigger 1 check?"));
    expect(confirm).toContain("charlie");
    expect(confirm).not.toMatch(/\n\s*bravo\s*\n/);
    await c.press("n");
  });

  it("the detail names the list row's last run: the later of the status's run and the newest result", async () => {
    // the status read 10 min after its run, the results since: a run 13 s ago at another location
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const stale = { ...status(ids[0]!, "passing", ago(10 * 60_000)), lastRunLocation: "us-east-1" };
    const store = storeWith([checks[0]!], [stale]);
    const run = { id: "r1", runLocation: "eu-west-1", startedAt: ago(14_000), stoppedAt: ago(13_000) };
    apply(store, resultsLoaded(store.getState(), ids[0]!, [run], now, DEFAULT_CAPS));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    const list = await frameWhere(c, (f) => cursorLine(f).includes("alpha"));
    expect(cursorLine(list)).toContain("<1 min ago");
    await c.press("\r");
    const detail = await frameWhere(c, (f) => f.includes("Recent results"));
    expect(detail).toMatch(/last run 1\d s ago at eu-west-1/);
    expect(detail).not.toContain("10 min ago");
  });

  it("a detail never moves the list cursor: keys inside it, and a re-sort meanwhile", async () => {
    const store = storeWith(checks, passing());
    const c = renderConsole(store, { columns: 100, rows: 30 });
    open = c;
    await c.press("j");
    await frameWhere(c, (f) => cursorLine(f).includes("bravo"));
    await c.press("\r");
    await frameWhere(c, (f) => f.includes("Recent results"));
    await c.press("jjk");
    await c.press("\u001b[6~"); // PgDn
    await c.press("G");
    setStatuses(store, [...passing().slice(0, 3), status(ids[3]!, "failing")]);
    await c.press("\u001b");
    const f = await frameWhere(c, (f) => f.includes("NAME") && rowNames(f)[0] === "delta");
    expect(cursorLine(f)).toContain("bravo");
  });

  it("deactivated (⊘, not ✔) and muted (m) without colour; the counts leave a deactivated check out", async () => {
    const list = [
      check({ name: "live-api" }),
      check({ name: "old-api", activated: false }),
      check({ name: "quiet-api", muted: true }),
    ];
    const store = storeWith(
      list,
      list.map((x) => status(x.id, "failing")),
    );
    const c = renderConsole(store, { columns: 100, rows: 30 }, { noColor: true });
    open = c;
    const f = await frameWhere(c, (f) => f.includes("old-api"));
    const line = (name: string) => f.split("\n").find((l) => l.includes(name)) ?? "";
    expect(line("old-api")).toMatch(/^[ ›] ⊘ {2}old-api/);
    expect(line("quiet-api")).toMatch(/^[ ›] ✖m quiet-api/);
    expect(line("live-api")).toMatch(/^[ ›] ✖ {2}live-api/);
    expect(f).toContain("✖ 2 failing");
    expect(f).toContain("⊘ 1 deactivated");
    expect(f).toContain("m 1 muted");
    // the deactivated one sorts after the failing ones
    expect(rowNames(f).at(-1)).toBe("old-api");
    expect(c.raw()).not.toMatch(/\u001b\[3[0-9]m/);
  });

  it("LAST RUN of a run ahead of the local clock is not in the future; the status line says so once", async () => {
    const ahead = new Date(Date.now() + 42_000).toISOString();
    const store = storeWith(checks.slice(0, 1), [status(ids[0]!, "passing", ahead)], Date.now());
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    const f = await frameWhere(c, (f) => f.includes("alpha"));
    expect(f).not.toMatch(/\bin \d+ s\b/);
    expect(f.split("\n").find((l) => l.includes("alpha"))).toContain("<1 min ago");
    expect(f.split("\n").at(-1)).toMatch(/⚠ service clock (35|40) s ahead/);
    expect(f.match(/service clock/g)).toHaveLength(1);
  });

  it("? lists the filter words of the checks pane, wrapped to the width", async () => {
    const c = renderConsole(storeWith(checks, passing()), { columns: 80, rows: 40 });
    open = c;
    await c.press("?");
    const f = await frameWhere(c, (f) => f.includes("Keys — Checks"));
    expect(f).toContain("tag:prod type:api loc:eu-west-1");
    expect(f).toContain("status:failing|degraded|passing|deactivated|muted|… !x excludes");
    for (const l of f.split("\n")) expect([...l].length).toBeLessThanOrEqual(80);
  });
});
