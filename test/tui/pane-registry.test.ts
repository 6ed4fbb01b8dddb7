/**
 * The pane registry is the one source of the keys: every binding is in the `?` help, the number keys and
 * the palette reach every pane in order, no two bindings of a pane answer one key at once, and no mutating
 * binding is live in read-only mode (pressed there, it reaches no action and says why).
 */
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { START_PANE_NAMES, startPaneRefusal } from "../../src/config/start-pane.ts";
import type { Actions } from "../../src/store/actions/actions.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import type { Pane } from "../../src/store/view/types.ts";
import { GLOBAL_KEYS } from "../../src/tui/global-keys.ts";
import { keyOf } from "../../src/tui/key-input.ts";
import { helpFor, labelFor, paneBindings } from "../../src/tui/keymap.ts";
import { createKeyHandler, type KeyInfo } from "../../src/tui/keys.ts";
import { paneKey } from "../../src/tui/panes/lookup.ts";
import { INNER_PANES, PANE_SPECS, type PaneId } from "../../src/tui/panes/registry.ts";
import type { Binding } from "../../src/tui/panes/spec.ts";
import { check, status, storeWith } from "../store/fixtures.ts";

const NAMED: Record<string, KeyInfo> = {
  enter: { return: true },
  esc: { escape: true },
  up: { upArrow: true },
  down: { downArrow: true },
  left: { leftArrow: true },
  right: { rightArrow: true },
  pgup: { pageUp: true },
  pgdn: { pageDown: true },
  home: { home: true },
  end: { end: true },
};
const press = (h: (i: string, k: KeyInfo) => void, name: string) =>
  NAMED[name] ? h("", NAMED[name]) : h(name === "space" ? " " : name, keyOf(name));

/** Every pane: the numbered ones and those opened from another pane (a check's results). */
const ALL_PANES = [...PANE_SPECS, ...INNER_PANES];

const checks = [check({ name: "a", checkType: "API" }), check({ name: "b", checkType: "HEARTBEAT" })];

/** A console on `pane`, list or detail open, whose actions only record that they were called. */
function rig(pane: PaneId, detail: boolean, readOnly: boolean) {
  const store: ConsoleStore = storeWith(
    checks,
    checks.map((c) => status(c.id, "passing")),
  );
  const s = store.getState();
  apply(store, {
    ui: { ...s.ui, pane, detail: detail ? { [pane]: "some-id" } : {} },
  });
  const called: string[] = [];
  const actions = new Proxy({} as Actions, {
    get: (_o, k) => () => {
      called.push(String(k));
    },
  });
  const h = createKeyHandler({
    store,
    actions,
    readOnly,
    quit: () => called.push("quit"),
    switchProfile: () => undefined,
    pageSize: () => 10,
  });
  return { store, called, h };
}

describe("pane registry", () => {
  it("the store's pane type is the registry's ids (registered by registry.ts; tsc checks this line)", () => {
    expectTypeOf<Pane>().toEqualTypeOf<PaneId>();
    expectTypeOf<"chekcs">().not.toMatchTypeOf<Pane>();
  });

  it("numbers the panes from 0 (the overview) so the others keep 1…8", () => {
    expect(PANE_SPECS.map((_, i) => paneKey(i))).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(PANE_SPECS[0]?.id).toBe("overview");
    expect(PANE_SPECS[1]?.id).toBe("checks");
  });

  it("lists each pane once, with its own id and palette command, numbered in order", () => {
    expect(new Set(PANE_SPECS.map((p) => p.id)).size).toBe(PANE_SPECS.length);
    expect(new Set(PANE_SPECS.map((p) => p.palette)).size).toBe(PANE_SPECS.length);
    PANE_SPECS.forEach((p, i) => {
      const r = rig(PANE_SPECS[(i + 1) % PANE_SPECS.length]!.id, false, false);
      press(r.h, paneKey(i));
      expect(r.store.getState().ui.pane).toBe(p.id);
      const q = rig(PANE_SPECS[(i + 1) % PANE_SPECS.length]!.id, false, false);
      q.h(":", {});
      for (const ch of `${p.palette}\r`) q.h(ch, keyOf(ch));
      expect(q.store.getState().ui.pane).toBe(p.id);
    });
  });

  it("navigation names no pane: which panes select or show a check is their specs' (selectsCheck, showsCheck)", () => {
    const nav = readFileSync(new URL("../../src/tui/keys-nav.ts", import.meta.url), "utf8");
    for (const p of ALL_PANES) expect(nav).not.toContain(`"${p.id}"`);
    expect(ALL_PANES.filter((p) => p.selectsCheck).map((p) => p.id)).toEqual(["checks", "analytics"]);
    expect(ALL_PANES.filter((p) => p.showsCheck).map((p) => p.id)).toEqual(["analytics", "heartbeats"]);
  });

  it("a pane opened from another one has no number key or tab, and its own id and palette command", () => {
    expect(new Set(ALL_PANES.map((p) => p.id)).size).toBe(ALL_PANES.length);
    expect(new Set(ALL_PANES.map((p) => p.palette)).size).toBe(ALL_PANES.length);
    const numbered = GLOBAL_KEYS[0]!.keys;
    expect(numbered).toHaveLength(PANE_SPECS.length);
    for (const p of INNER_PANES) {
      const q = rig("checks", false, false);
      q.h(":", {});
      for (const ch of `${p.palette}\r`) q.h(ch, keyOf(ch));
      expect(q.store.getState().ui.pane).toBe(p.id);
    }
  });

  it.each(ALL_PANES.map((p) => [p.id]))("%s: every binding of the pane is in its ? help", (id) => {
    const spec = ALL_PANES.find((p) => p.id === id)!;
    const help = helpFor(id, false);
    for (const b of paneBindings(spec))
      expect(help.pane).toContainEqual(expect.objectContaining({ keys: labelFor(b), what: b.help }));
    // every global key is in the help unless the pane always takes all of its keys itself, or the key is
    // absent there (`except`: / on the overview)
    const always = new Set(
      paneBindings(spec)
        .filter((b) => !b.when && !b.scope)
        .flatMap((b) => b.keys),
    );
    for (const b of GLOBAL_KEYS.filter((g) => !g.keys.every((k) => always.has(k)))) {
      const entry = expect.objectContaining({ keys: labelFor(b), what: b.help });
      if (b.except?.includes(id)) expect(help.global).not.toContainEqual(entry);
      else expect(help.global).toContainEqual(entry);
    }
  });

  it.each(ALL_PANES.map((p) => [p.id]))("%s: no two bindings answer one key at once", (id) => {
    const spec = ALL_PANES.find((p) => p.id === id)!;
    for (const detail of [false, true]) {
      const s = rig(id, detail, false).store.getState();
      const live = paneBindings(spec).filter(
        (b) => (!b.scope || (b.scope === "detail") === detail) && (!b.when || b.when(s)),
      );
      const keys = live.flatMap((b) => b.keys);
      expect(keys.length, `${id} ${detail ? "detail" : "list"}: ${keys.join(" ")}`).toBe(new Set(keys).size);
    }
  });

  it.each(ALL_PANES.map((p) => [p.id]))(
    "%s: read-only leaves every mutating binding out of the help and refuses it",
    (id) => {
      const spec = ALL_PANES.find((p) => p.id === id)!;
      const mutating = [...paneBindings(spec), ...GLOBAL_KEYS].filter((b: Binding) => b.mutating);
      const help = helpFor(id, true);
      expect([...help.pane, ...help.global].some((k) => k.mutating)).toBe(false);
      let reached = 0;
      for (const b of mutating)
        for (const detail of [false, true])
          for (const key of b.keys) {
            const rw = rig(id, detail, false);
            if (b.when && !b.when(rw.store.getState())) continue;
            if (b.scope && (b.scope === "detail") !== detail) continue;
            // read-write: the key reaches an action (so the read-only half below can fail)
            press(rw.h, key);
            if (rw.called.length > 0) reached++;
            const ro = rig(id, detail, true);
            press(ro.h, key);
            expect(ro.called, `${id} ${key} (${b.help}) in read-only`).toEqual([]);
            expect(ro.store.getState().ui.notice).toMatch(/^read-only: .* is disabled$/);
            expect(ro.store.getState().ui.overlay.kind).toBe("none");
          }
      expect(reached).toBeGreaterThan(0);
    },
  );

  /** The actions that change something at the service or show a secret (store/actions/actions.ts and friends). */
  const WRITES = new Set([
    "askTrigger",
    "askTagTrigger",
    "openNewIncident",
    "openUpdate",
    "openEditUpdate",
    "openEditIncident",
    "openPageEdit",
    "openNewLocation",
    "toggleReveal",
    "askMute",
    "openIncidentFor",
  ]);

  it.each(ALL_PANES.map((p) => [p.id]))(
    "%s: a binding not marked mutating reaches no writing action",
    (id) => {
      const spec = ALL_PANES.find((p) => p.id === id)!;
      for (const b of [...paneBindings(spec), ...GLOBAL_KEYS].filter((x) => !x.mutating))
        for (const detail of [false, true])
          for (const key of b.keys) {
            const r = rig(id, detail, false);
            press(r.h, key);
            expect(
              r.called.filter((c) => WRITES.has(c)),
              `${id} ${key} (${b.help})`,
            ).toEqual([]);
          }
    },
  );
});

describe("the start pane names the command line checks before Ink loads", () => {
  it("are the numbered panes' palette names, in order", () => {
    expect([...START_PANE_NAMES]).toEqual(PANE_SPECS.map((p) => p.palette));
  });

  it("refuse only a name no pane has", () => {
    for (const n of [undefined, "", ...START_PANE_NAMES]) expect(startPaneRefusal(n)).toBeUndefined();
    expect(startPaneRefusal("results")).toMatch(/^--pane: no pane "results" \(one of overview, /);
    // the one it came from is named
    expect(startPaneRefusal("results", "VIGIL_PANE")).toMatch(/^VIGIL_PANE: no pane "results" \(/);
    expect(startPaneRefusal("results", 'profile "p" startPane')).toMatch(/^profile "p" startPane: no pane/);
  });
});
