/** The key handler without Ink: bursts, text entry, overlays, pane keys. */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import type { ConsoleStore } from "../../src/store/state.ts";
import { createKeyHandler, type KeyInfo } from "../../src/tui/keys.ts";
import { analyticsChecks } from "../../src/tui/panes/analytics/rows.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { check, status, storeWith } from "../store/fixtures.ts";

const checks = [
  check({ name: "a-api", tags: ["prod"], checkType: "API" }),
  check({ name: "b-url", tags: ["prod"], checkType: "URL" }),
  check({ name: "c-tcp", tags: ["staging"], checkType: "TCP" }),
  check({ name: "d-beat", checkType: "HEARTBEAT" }),
  check({ name: "e-url", checkType: "URL" }),
];

function rig(
  readOnly = false,
  store: ConsoleStore = storeWith(
    checks,
    checks.map((c) => status(c.id, "passing")),
  ),
) {
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", readOnly });
  const actions = createActions(client, store, undefined, { panes: PANE_HOOKS, readOnly });
  let quits = 0;
  const profiles: string[] = [];
  const h = createKeyHandler({
    store,
    actions,
    readOnly,
    quit: () => {
      quits++;
    },
    switchProfile: (name) => {
      profiles.push(name);
      return name === "known" ? undefined : `unknown profile "${name}"`;
    },
    pageSize: () => 2,
  });
  const press = (input: string, key: KeyInfo = {}) => h(input, key);
  return { store, press, ui: () => store.getState().ui, quits: () => quits, profiles };
}

describe("key handler", () => {
  it("moves the cursor and selects its check in one change of the store (each change runs every selector on screen)", () => {
    const r = rig();
    let changes = 0;
    const off = r.store.subscribe(() => {
      changes++;
    });
    r.press("j");
    off();
    expect(changes).toBe(1);
    expect(r.ui().cursor.checks).toBe(1);
    expect(r.ui().selectedCheckId).toBe(r.ui().cursorId.checks);
    expect(r.ui().selectedCheckId).toBeDefined();
  });

  it("handles every character of a burst", () => {
    const r = rig();
    r.press("jjj");
    expect(r.ui().cursor.checks).toBe(3);
    r.press("kkkkkkkk");
    expect(r.ui().cursor.checks).toBe(0);
    r.press("Gk");
    expect(r.ui().cursor.checks).toBe(3);
    r.press("", { pageUp: true });
    expect(r.ui().cursor.checks).toBe(1);
    r.press("", { downArrow: true });
    expect(r.ui().cursor.checks).toBe(2);
  });

  it("a burst that opens the filter types the rest, Enter included", () => {
    const r = rig();
    r.press("/url\r");
    expect(r.ui().filter.checks).toBe("url");
    expect(r.ui().filtering).toBe(false);
    r.press("j");
    expect(r.ui().cursor.checks).toBe(1);
    r.press("/");
    r.press("", { backspace: true });
    expect(r.ui().filter.checks).toBe("ur");
    r.press("", { escape: true });
    expect(r.ui().filter.checks).toBe("");
  });

  it("Ctrl-U with the text typed right after it in one chunk clears, then types", () => {
    const r = rig();
    r.press("/");
    r.press("url");
    // Ink reads "\x15api" (one chunk) as text, not as Ctrl-U: the clear must not be lost
    r.press("\x15api");
    expect(r.ui().filter.checks).toBe("api");
    r.press("u", { ctrl: true }); // alone, as Ink reads it
    expect(r.ui().filter.checks).toBe("");
  });

  it("Esc typed right before a key (read as Alt+key) is Esc then the key", () => {
    const r = rig();
    r.press("\r");
    expect(r.ui().detail.checks).toBeDefined();
    r.press("2", { meta: true });
    expect(r.ui().detail.checks).toBeUndefined();
    expect(r.ui().pane).toBe("sessions");
  });

  it("palette: panes, :q, :profile, unknown commands", () => {
    const r = rig();
    r.press(":heartbeats\r");
    expect(r.ui().pane).toBe("heartbeats");
    expect(r.ui().overlay.kind).toBe("none");
    r.press(":nope\r");
    expect(r.ui().overlay).toMatchObject({ kind: "palette", error: "unknown command :nope" });
    r.press("", { escape: true });
    r.press(":profile other\r");
    expect(r.ui().overlay).toMatchObject({ kind: "palette", error: 'unknown profile "other"' });
    r.press("", { escape: true });
    r.press(":profile known\r");
    expect(r.profiles).toEqual(["other", "known"]);
    expect(r.ui().overlay.kind).toBe("none");
    r.press(":q\r");
    expect(r.quits()).toBe(1);
  });

  it("Ctrl-C quits from anywhere, even inside a prompt", () => {
    const r = rig();
    r.press("T");
    expect(r.ui().overlay.kind).toBe("prompt");
    r.press("c", { ctrl: true });
    expect(r.quits()).toBe(1);
  });

  it("space marks and moves down; Esc clears the marks", () => {
    const r = rig();
    r.press("  ");
    expect(r.ui().marked.size).toBe(2);
    expect(r.ui().cursor.checks).toBe(2);
    r.press("", { escape: true });
    expect(r.ui().marked.size).toBe(0);
  });

  it("T shows the number of matching checks while typing", () => {
    const r = rig();
    r.press("T");
    r.press("prod");
    const o = r.ui().overlay;
    expect(o.kind === "prompt" && o.hint).toBe("2 checks match prod");
    r.press("\r");
    expect(r.ui().overlay).toMatchObject({ kind: "confirm", title: "Trigger checks matching prod?" });
    r.press("n");
    expect(r.ui().overlay.kind).toBe("none");
  });

  it("read-only: t and T open nothing", () => {
    const r = rig(true);
    r.press("tT");
    expect(r.ui().overlay.kind).toBe("none");
    expect(r.ui().notice).toMatch(/read-only/);
  });

  it("analytics keys: check switching, ranges, interval, grouping, filter, custom window", () => {
    const r = rig();
    r.press("j"); // cursor on a URL check in the checks list
    r.press("3");
    const list = analyticsChecks(r.store.getState());
    // every check: each type has its own report (a type without one says so on the pane)
    expect(list.map((x) => x.check.name)).toEqual(
      r.store
        .getState()
        .checks.items.map((c) => c.name)
        .sort(),
    );
    const url = list.findIndex((x) => x.check.name === "b-url");
    expect(r.ui().selectedCheckId).toBe(list[url]!.id);
    // v: the type's metric sets, in turn
    r.press("v");
    expect(r.ui().analytics.view).toBe("phases");
    r.press("vv");
    expect(r.ui().analytics.view).toBe("response time");
    r.press("]");
    expect(r.ui().selectedCheckId).toBe(list[url + 1]!.id);
    r.press("wiilf");
    expect(r.ui().analytics).toMatchObject({
      range: "7d",
      interval: 15,
      groupBy: "runLocation",
      filter: "success",
    });
    r.press("s"); // a TCP check: no status codes
    expect(r.ui().analytics.groupBy).toBe("runLocation");
    expect(r.ui().notice).toMatch(/URL and API checks only/);
    r.press("[s");
    expect(r.ui().selectedCheckId).toBe(list[url]!.id);
    expect(r.ui().analytics.groupBy).toBe("statusCode");
    r.press("/e-u\r");
    expect(analyticsChecks(r.store.getState()).map((x) => x.check.name)).toEqual(["e-url"]);
    r.press("c");
    r.press("not a window\r");
    expect(r.ui().overlay).toMatchObject({ kind: "prompt", purpose: "range" });
    expect((r.ui().overlay as { error?: string }).error).toMatch(/FROM TO/);
    r.press("", { escape: true });
    r.press("c");
    r.press("2026-11-01 2026-11-08\r");
    expect(r.ui().analytics).toMatchObject({
      range: "custom",
      from: Date.parse("2026-11-01") / 1000,
      to: Date.parse("2026-11-08") / 1000,
    });
  });

  it("help opens on ? and closes on Esc, swallowing other keys", () => {
    const r = rig();
    r.press("?");
    expect(r.ui().overlay.kind).toBe("help");
    r.press("jj5");
    expect(r.ui().pane).toBe("checks");
    expect(r.ui().cursor.checks ?? 0).toBe(0);
    r.press("", { escape: true });
    expect(r.ui().overlay.kind).toBe("none");
  });
});
