/**
 * Keys of your own: the config file's keys section applied to the bindings (pure: no Ink), a clash
 * reported in one line naming the file and the two actions, the `?` help and the footer from the same map,
 * and a destructive action keeping its confirmation whatever key it gets.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { keysSectionSchema } from "../../src/config/keys.ts";
import { ConfigError } from "../../src/config/resolve.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import { memoryDraftStore } from "../../src/store/forms/drafts.ts";
import { apply } from "../../src/store/state.ts";
import { type KeyInfo, keyOf } from "../../src/tui/key-input.ts";
import { keyHint, keyLabel } from "../../src/tui/key-label.ts";
import {
  buildKeymap,
  DEFAULT_KEYMAP,
  helpFor,
  hintsFor,
  type Keymap,
  keyTable,
  labelFor,
} from "../../src/tui/keymap.ts";
import { createKeyHandler } from "../../src/tui/keys.ts";
import type { PaneId } from "../../src/tui/panes/registry.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { actionsOf } from "../../src/tui/panes/spec.ts";
import { check, status, storeWith } from "../store/fixtures.ts";

const FILE = "/home/me/.config/vigil/config.json";
/** The keys section as written in the file (the notation), read as the config file's schema reads it. */
type Written = Partial<Record<"global" | "list" | "detail" | "form", Record<string, string | string[]>>>;
const build = (over: Written) => buildKeymap(keysSectionSchema.parse(over), FILE);
const refused = (over: Written) => {
  try {
    build(over);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("not refused");
};

const checks = [check({ name: "api", checkType: "API" }), check({ name: "web", checkType: "URL" })];

/** A console on the checks pane with real actions (a client that is never reached) and `map`. */
function rig(map: Keymap, pane: PaneId = "checks") {
  const store = storeWith(
    checks,
    checks.map((c) => status(c.id, "passing")),
  );
  apply(store, { ui: { ...store.getState().ui, pane } });
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", timeoutMs: 100 });
  const actions = createActions(client, store, undefined, {
    panes: PANE_HOOKS,
    readOnly: false,
    drafts: memoryDraftStore(),
    draftScope: "test",
  });
  let quits = 0;
  const h = createKeyHandler({
    store,
    actions,
    readOnly: false,
    quit: () => quits++,
    switchProfile: () => undefined,
    pageSize: () => 5,
    keymap: map,
  });
  const press = (input: string, key: KeyInfo = keyOf(input)) => h(input, key);
  return { store, press, quits: () => quits };
}

describe("the keys section applied", () => {
  it("no keys section: the bindings' own keys, no clash among them", () => {
    expect(buildKeymap(undefined)).toBe(DEFAULT_KEYMAP);
    // the defaults pass the same check a config file's keys do
    expect(() => buildKeymap({}, FILE)).not.toThrow();
  });

  it("every action has a name the keys section can write, and the table lists each", () => {
    const names = [
      ...DEFAULT_KEYMAP.global.flatMap((b) => actionsOf(b).map(([a]) => a)),
      ...[...DEFAULT_KEYMAP.panes.values()].flat().flatMap((b) => actionsOf(b).map(([a]) => a)),
      ...DEFAULT_KEYMAP.form.map((f) => f.action),
    ];
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9-]*$/);
    const table = keyTable();
    for (const n of new Set(names)) expect(table).toContain(`\`${n}\``);
  });

  it("a list action on a new key: that key does it, the old one no longer does, on every pane", () => {
    const map = build({ list: { "trigger-by-tag": "x", sort: ["<ctrl+o>", "O"] } });
    const r = rig(map);
    r.press("T");
    expect(r.store.getState().ui.overlay.kind).toBe("none");
    r.press("x");
    expect(r.store.getState().ui.overlay.kind).toBe("prompt");
    const sorted = rig(map);
    const before = sorted.store.getState().ui.sort.column;
    sorted.press("o", { ctrl: true });
    expect(sorted.store.getState().ui.sort.column).not.toBe(before);
  });

  it("a global action takes the new keys, in lists and details alike; <disabled> takes them away", () => {
    const map = build({ global: { down: ["J", "<down>"], quit: "<disabled>", help: "<ctrl+g>" } });
    const r = rig(map);
    r.press("J");
    expect(r.store.getState().ui.cursor.checks).toBe(1);
    r.press("j");
    expect(r.store.getState().ui.cursor.checks).toBe(1);
    r.press("q");
    expect(r.quits()).toBe(0);
    // Ctrl-C always quits
    r.press("c", { ctrl: true });
    expect(r.quits()).toBe(1);
    r.press("g", { ctrl: true });
    expect(r.store.getState().ui.overlay.kind).toBe("help");
    // the detail's moves follow the global ones unless the detail context sets its own
    const inc = map.panes.get("incidents")!.find((b) => b.scope === "detail")!;
    expect(inc.actions?.down).toEqual(["J", "down"]);
    const own = build({ global: { down: ["J"] }, detail: { down: ["<ctrl+n>"] } });
    expect(own.panes.get("incidents")!.find((b) => b.scope === "detail")!.actions?.down).toEqual(["ctrl+n"]);
  });

  it("a destructive action keeps its confirmation whatever key it gets", () => {
    const r = rig(build({ list: { mute: "<ctrl+x>", activate: "!" } }));
    r.press("x", { ctrl: true });
    expect(r.store.getState().ui.overlay).toMatchObject({ kind: "confirm" });
    r.press("", { escape: true });
    r.press("!");
    expect(r.store.getState().ui.overlay).toMatchObject({ kind: "confirm" });
  });

  it("a form's keys: special keys and Ctrl letters, never a typed character", () => {
    const map = build({ form: { submit: ["<enter>", "<ctrl+s>"], discard: "<ctrl+k>" } });
    expect(map.form.find((f) => f.action === "submit")?.keys).toEqual(["enter", "ctrl+s"]);
    expect(refused({ form: { submit: "s" } })).toBe(
      `config file ${FILE}: keys.form.submit: "s" would be typed into the field — a form takes special keys (<tab>, <ctrl+s>, …)`,
    );
  });
});

describe("a keys section refused at start: one line with the file", () => {
  it("an action no context has, or one of another context", () => {
    expect(refused({ list: { trigget: "x" } })).toBe(
      `config file ${FILE}: keys.list.trigget: no such list action (did you mean trigger?)`,
    );
    expect(refused({ list: { quit: "x" } })).toBe(
      `config file ${FILE}: keys.list.quit: no such list action (it is an action of global)`,
    );
  });

  it("two actions of one context on one key", () => {
    expect(refused({ global: { refresh: "q" } })).toBe(
      `config file ${FILE}: keys: "q" is both global refresh and global quit — give one of them another key`,
    );
    expect(refused({ list: { mark: "s" } })).toMatch(
      new RegExp(
        `^config file ${FILE}: keys: "s" is both list (mark|sort) and list (sort|mark) on the Checks pane`,
      ),
    );
  });

  it("two actions of one binding on one key (down and up)", () => {
    // the details' moves take the global keys too: the same clash there is counted
    expect(refused({ global: { up: "j" } })).toMatch(
      new RegExp(
        `^config file ${FILE}: keys: "j" is both global down and global up — give one of them another key`,
      ),
    );
  });

  it("a pane's key set over a global one, or a global one set over a pane's", () => {
    expect(refused({ list: { mute: "q" } })).toMatch(/"q" is both list mute and global quit on the \w+ pane/);
    expect(refused({ global: { refresh: "t" } })).toMatch(
      /"t" is both list trigger and global refresh on the \w+ pane/,
    );
  });

  it("keys live at different times do not clash: a list-only key and a detail key", () => {
    // T (trigger by tag) is the list's only; in a check's detail, results may take it
    expect(() => build({ detail: { results: ["T", "<enter>"] } })).not.toThrow();
  });
});

describe("help and hints from the same map", () => {
  it("? lists each action under the keys it has; a disabled one is not listed", () => {
    const map = build({ list: { trigger: ["x", "<ctrl+t>"], mark: "<disabled>" }, global: { quit: "Q" } });
    const h = helpFor("checks", false, map);
    expect(h.pane).toContainEqual(
      expect.objectContaining({ keys: "x/Ctrl-T", what: expect.stringMatching(/^trigger/) }),
    );
    expect(h.pane.some((k) => k.what === "mark / unmark the check")).toBe(false);
    expect(h.global).toContainEqual(expect.objectContaining({ keys: "Q" }));
    expect(helpFor("checks", false).pane).toContainEqual(expect.objectContaining({ keys: "t" }));
    const trigger = map.panes.get("checks")!.find((b) => b.action === "trigger")!;
    expect(labelFor(trigger)).toBe("x/Ctrl-T");
  });

  it("a view's own hint line names the keys the map has (none: the hint is left out)", () => {
    expect(keyLabel(undefined, "checks", "results")).toBe("r/Enter");
    expect(keyLabel(undefined, "sessions", "down up")).toBe("j/k");
    expect(keyLabel(undefined, "heartbeats", "previous-check next-check", " ")).toBe("[ ]");
    expect(keyLabel(undefined, "form", "retry submit", " / ")).toBe("Ctrl-R / Enter");
    const map = build({
      detail: { results: "<tab>" },
      global: { down: "J", up: "K" },
      form: { discard: "<disabled>" },
    });
    expect(keyHint(map, "checks", "results", ": every result")).toBe("Tab: every result");
    expect(keyLabel(map, "sessions", "down up")).toBe("J/K");
    expect(keyHint(map, "form", "discard", ": discard")).toBe("");
  });

  it("the footer names each action by its key", () => {
    const s = rig(DEFAULT_KEYMAP).store.getState();
    expect(hintsFor(s, false)).toBe(
      "t trigger · T by tag · space mark · m mute · i incident · y copy · o open · a (de)activate · e edit · / filter · Enter open · Esc back · r refresh · : palette · ? help · q quit",
    );
    expect(hintsFor(s, true)).toBe(
      "y copy · o open · / filter · Enter open · Esc back · r refresh · : palette · ? help · q quit",
    );
    const map = build({ list: { trigger: "x" }, global: { help: "<disabled>" } });
    expect(hintsFor(s, false, map)).toMatch(/^x trigger · T by tag/);
    expect(hintsFor(s, false, map)).not.toMatch(/\? help/);
  });
});
