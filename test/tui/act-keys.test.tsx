/**
 * The act keys in the console's frames: `m` asks before it mutes (and nothing is sent while it asks), is
 * absent from a read-only console's help and refused there; `y` opens its menu with hostile names
 * sanitised; `m i y o` are in the `?` help of the overview, the checks pane and the results.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Check } from "../../src/contract/schemas/checks.ts";
import { apply } from "../../src/store/state.ts";
import { setActivity, setPane } from "../../src/store/view/ui.ts";
import { checkRead } from "../../src/store/view/work.ts";
import type { PaneId } from "../../src/tui/panes/registry.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const HOSTILE = "evil\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u202eX";
const checks = [check({ name: "Checkout API", tags: ["prod"] }), check({ name: `Search ${HOSTILE}` })];

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function consoleOn(pane: PaneId, readOnly: boolean) {
  const store = storeWith(
    checks,
    checks.map((c, i) => status(c.id, i === 0 ? "failing" : "passing")),
  );
  apply(store, setPane(store.getState(), pane));
  const c = renderConsole(store, { columns: 100, rows: 30 }, { readOnly });
  open = c;
  return { c, store };
}

describe("act keys in the console", () => {
  it("m asks to confirm first; n closes the question and nothing was sent", async () => {
    const { c, store } = consoleOn("checks", false);
    await frameWhere(c, (f) => f.includes("Checkout API"));
    await c.press("m");
    const f = await frameWhere(c, (f) => f.includes('Mute "Checkout API"?'));
    expect(f).toContain("sends no alerts until unmuted");
    expect(f).toContain("y / Enter: yes   n / Esc: no");
    expect(store.getState().ui.overlay).toMatchObject({ kind: "confirm", action: "mute" });
    await c.press("n");
    await frameWhere(c, (f) => !f.includes("Mute"));
    expect(store.getState().ui.overlay.kind).toBe("none");
    expect(store.getState().activity.lastError).toBeUndefined();
  });

  it("read-only: m is not in the help and is refused without asking", async () => {
    const { c, store } = consoleOn("checks", true);
    await frameWhere(c, (f) => f.includes("Checkout API"));
    await c.press("?");
    const help = await frameWhere(c, (f) => f.includes("copy the id"));
    expect(help).not.toMatch(/mute \/ unmute/);
    expect(help).not.toMatch(/open an incident for the check/);
    expect(help).toMatch(/open the check's link/);
    await c.press("q");
    await frameWhere(c, (f) => !f.includes("copy the id"));
    await c.press("m");
    const f = await frameWhere(c, (f) => f.includes("read-only: muting checks is disabled"));
    expect(f).not.toContain("Mute");
    expect(store.getState().ui.overlay.kind).toBe("none");
  });

  it("y opens the copy menu for the selected check; hostile names are drawn harmless", async () => {
    const { c } = consoleOn("checks", false);
    await frameWhere(c, (f) => f.includes("Checkout API"));
    await c.press("j");
    await c.press("y");
    const f = await frameWhere(c, (f) => f.includes("Copy (Search"));
    for (const row of ["check id", "request URL", "curl (secrets masked)", "API URL"])
      expect(f).toContain(row);
    expect(c.raw()).not.toContain("\u001b]52");
    expect(c.raw()).not.toContain("\u202e");
    await c.press("\u001b");
    await frameWhere(c, (f) => !f.includes("Copy ("));
  });

  it("y's ping URL is the local service's address now: one read before a move is read again first", async () => {
    const pingUrl = "http://127.0.0.1:4312/ping/5b0e2f7c-0d3c-4d7e-9d55-6a1d1c0f8e21";
    const beat = check({
      name: "Nightly backup",
      checkType: "HEARTBEAT",
      heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
    } as Partial<Check> & { name: string });
    const store = storeWith([beat], [status(beat.id, "passing")]);
    apply(
      store,
      checkRead(store.getState(), {
        ...beat,
        heartbeat: { ...beat.heartbeat, pingToken: "5b0e2f7c", pingUrl },
      } as Check),
    );
    apply(store, setPane(store.getState(), "checks"));
    const menu = async (serviceUrl: string, serviceUsualUrl?: string) => {
      apply(store, setActivity(store.getState(), { serviceUrl, serviceUsualUrl }));
      const c = renderConsole(store, { columns: 120, rows: 30 });
      open = c;
      await frameWhere(c, (f) => f.includes("Nightly backup"));
      await c.press("y");
      const f = await frameWhere(c, (f) => f.includes("Copy (Nightly backup"));
      await c.press("\u001b");
      await frameWhere(c, (f) => !f.includes("Copy ("));
      await c.close();
      open = undefined;
      return f.split("\n").find((l) => l.includes("ping URL")) ?? "";
    };
    expect(await menu("http://127.0.0.1:4312")).toContain(pingUrl);
    const moved = await menu("http://127.0.0.1:5999");
    expect(moved).toContain("(read from the service)");
    expect(moved).not.toContain("4312");
    expect(await menu("http://127.0.0.1:4312", "http://127.0.0.1:36469")).toContain(
      `${pingUrl}  ⚠ not the service's usual address`,
    );
  });

  it.each<PaneId>(["overview", "checks", "results"])("%s: m i y o are in the ? help", async (pane) => {
    const { c } = consoleOn(pane, false);
    await c.press("?");
    const f = await frameWhere(c, (f) => f.includes("copy the id"));
    expect(f).toMatch(/\bm\b.*mute \/ unmute/);
    expect(f).toMatch(/\bi\b.*open an incident for the check/);
    expect(f).toMatch(/\bo\b.*open the check's link/);
  });
});
