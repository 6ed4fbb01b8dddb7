/**
 * The console's keys, one map: every binding (the keys every pane has, src/tui/global-keys.ts; each pane's
 * own, src/tui/panes/<id>/index.ts; a form's, src/tui/keys-form.ts) with the keys the config file's `keys`
 * section gives its actions (src/config/keys.ts), checked for clashes before the console starts. Which
 * binding a key reaches, the `?` help, the footer's hints and the README's key table all read this map,
 * so none of them can drift from what the keys do; read-only mode filters one flag (`mutating`) here.
 *
 * Contexts: "global" (every pane), "list" (a pane's own keys; live in its detail too unless scoped to the
 * list), "detail" (a pane's keys live only with its detail open), "form". A pane's key shadows a global
 * one by design (`n` on the locations pane is a new location, not a new incident); a key the config file
 * sets that makes two actions answer at once — in one context, or a pane's over a global one — is a clash.
 * An action named the same in global and a pane (`down`, `filter`) takes the global keys unless the pane's
 * context sets its own.
 */

import {
  displayKey,
  KEY_CONTEXTS,
  type KeyContextName,
  type KeyOverrides,
  notateKey,
} from "../config/keys.ts";
import { ConfigError } from "../config/resolve.ts";
import { apply, type ConsoleState } from "../store/state.ts";
import * as ui from "../store/view/ui.ts";
import { GLOBAL_KEYS } from "./global-keys.ts";
import { type KeyInfo, keyName } from "./key-input.ts";
import { registerDefaultKeymap } from "./key-label.ts";
import { FORM_KEYS, type FormBinding } from "./keys-form.ts";
import { openCursorRow } from "./panes/detail-keys.ts";
import { paneSpec } from "./panes/lookup.ts";
import { INNER_PANES, PANE_SPECS, type PaneId } from "./panes/registry.ts";
import { actionsOf, type Binding, cursorRow, type KeyName, type PaneSpec } from "./panes/spec.ts";

export type KeyHelp = { keys: string; what: string; mutating?: boolean };

/** The bindings of one console, with the keys the config gave them. */
export type Keymap = {
  global: readonly Binding[];
  /** Each pane's bindings by id (Enter first when it has a detail). */
  panes: ReadonlyMap<string, readonly Binding[]>;
  form: readonly FormBinding[];
};

const ALL_PANES: readonly PaneSpec[] = [...PANE_SPECS, ...INNER_PANES];

/** A pane's bindings: Enter (when it has a detail) and its own keys, as the specs give them. */
export function paneBindings(spec: PaneSpec): readonly Binding[] {
  if (spec.detail === undefined) return spec.bindings;
  const enter: Binding = {
    action: "open",
    keys: ["enter"],
    help: spec.detail,
    hint: "open",
    scope: "list",
    run: (ctx) => {
      const s = ctx.store.getState();
      const row = cursorRow(s, spec);
      const id = spec.rows.id(s, row);
      // the list cursor stays on the row the detail was opened from, whatever happens to the list meanwhile
      if (id !== undefined && s.ui.cursorId[spec.id] !== id)
        apply(ctx.store, ui.setCursor(s, spec.id, row, id));
      openCursorRow(ctx, id);
    },
  };
  return [enter, ...spec.bindings];
}

/** A pane binding's context in the keys section. */
export const contextOf = (b: Binding): "list" | "detail" => (b.scope === "detail" ? "detail" : "list");

/** The actions of each context: what the keys section may name. */
function defaultActions(): Map<KeyContextName, Set<string>> {
  const out = new Map<KeyContextName, Set<string>>(KEY_CONTEXTS.map((c) => [c, new Set<string>()]));
  for (const b of GLOBAL_KEYS) for (const [a] of actionsOf(b)) out.get("global")!.add(a);
  for (const p of ALL_PANES)
    for (const b of paneBindings(p)) for (const [a] of actionsOf(b)) out.get(contextOf(b))!.add(a);
  for (const f of FORM_KEYS) out.get("form")!.add(f.action);
  return out;
}

/** A binding with the keys its actions get; `user` holds the keys the config file set. */
type Resolved = { binding: Binding; user: Set<KeyName> };

function resolveBinding(
  b: Binding,
  context: KeyContextName,
  over: KeyOverrides,
  globals: Set<string>,
): Resolved {
  const user = new Set<KeyName>();
  const byAction: [string, readonly KeyName[]][] = actionsOf(b).map(([a, keys]) => {
    const own = over[context]?.[a];
    const inherited = context === "list" || context === "detail" ? over.global?.[a] : undefined;
    const set = own ?? (globals.has(a) ? inherited : undefined);
    if (set === undefined) return [a, keys];
    for (const k of set) user.add(k);
    return [a, set];
  });
  if (!b.actions && byAction.length === 1 && byAction[0]![1] === b.keys) return { binding: b, user };
  const keys = byAction.flatMap(([, k]) => k);
  const binding: Binding = b.actions ? { ...b, keys, actions: Object.fromEntries(byAction) } : { ...b, keys };
  return { binding, user };
}

/** Two scopes on one pane that can be live at once. */
const overlap = (a: Binding["scope"], b: Binding["scope"]) => a === undefined || b === undefined || a === b;

type Clash = { key: KeyName; a: string; b: string; pane?: string };

/** The keys on which two actions answer at once. */
export function clashes(map: Keymap, user: ReadonlyMap<Binding | FormBinding, Set<KeyName>>): Clash[] {
  const out: Clash[] = [];
  const seen = new Set<string>();
  const add = (c: Clash) => {
    const id = `${c.key}\u0000${[c.a, c.b].sort().join("\u0000")}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push(c);
  };
  const actionAt = (b: Binding, k: KeyName) => actionOf(b, k);
  const byUser = (b: Binding | FormBinding, k: KeyName) => user.get(b)?.has(k) === true;
  // one binding of several actions (down / up): a key given to two of them
  const within = (b: Binding, where: string, pane?: string) => {
    const seenKey = new Map<KeyName, string>();
    for (const [a, keys] of actionsOf(b))
      for (const k of keys) {
        const other = seenKey.get(k);
        if (other !== undefined && other !== a)
          add({ key: k, a: `${where} ${other}`, b: `${where} ${a}`, ...(pane ? { pane } : {}) });
        seenKey.set(k, a);
      }
  };
  for (const b of map.global) within(b, "global");
  for (const p of ALL_PANES) for (const b of map.panes.get(p.id) ?? []) within(b, contextOf(b), p.title);
  const pairs = <T extends Binding | FormBinding>(
    list: readonly T[],
    name: (b: T, k: KeyName) => string,
    can: (x: T, y: T, k: KeyName) => boolean,
    pane?: string,
  ) => {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const x = list[i]!;
        const y = list[j]!;
        for (const k of x.keys)
          if (y.keys.includes(k) && name(x, k) !== name(y, k) && can(x, y, k))
            add({ key: k, a: name(x, k), b: name(y, k), ...(pane ? { pane } : {}) });
      }
  };
  pairs(
    map.global,
    (b, k) => `global ${actionAt(b, k)}`,
    () => true,
  );
  pairs(
    map.form,
    (b) => `form ${b.action}`,
    () => true,
  );
  for (const p of ALL_PANES) {
    const own = map.panes.get(p.id) ?? [];
    pairs(
      own,
      (b, k) => `${contextOf(b)} ${actionAt(b, k)}`,
      (x, y) => overlap(x.scope, y.scope),
      p.title,
    );
    // a pane's key over a global one: by design in the defaults, a clash when the config file set it
    for (const b of own)
      for (const g of map.global)
        for (const k of b.keys)
          if (g.keys.includes(k) && actionAt(b, k) !== actionAt(g, k) && (byUser(b, k) || byUser(g, k)))
            add({
              key: k,
              a: `${contextOf(b)} ${actionAt(b, k)}`,
              b: `global ${actionAt(g, k)}`,
              pane: p.title,
            });
  }
  return out;
}

/** Did-you-mean for an action name: the closest known one within two edits. */
function closest(name: string, known: Iterable<string>): string | undefined {
  const dist = (a: string, b: string) => {
    const d = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let prev = d[0]!;
      d[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const cur = d[j]!;
        d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
      }
    }
    return d[b.length]!;
  };
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const dd = dist(name, k);
    if (dd < bestD) [best, bestD] = [k, dd];
  }
  return best;
}

/**
 * The keymap with the config file's keys (`source`: the file, for the error line). Throws a ConfigError
 * — one line naming the file and what is wrong — for an action no context has, a typed character bound in
 * a form, or two actions on one key.
 */
export function buildKeymap(over: KeyOverrides | undefined, source = "the config file"): Keymap {
  if (over === undefined) return DEFAULT_KEYMAP;
  const known = defaultActions();
  for (const c of KEY_CONTEXTS)
    for (const [a, keys] of Object.entries(over[c] ?? {})) {
      if (!known.get(c)!.has(a)) {
        const elsewhere = KEY_CONTEXTS.filter((o) => known.get(o)!.has(a));
        const hint = elsewhere.length
          ? `it is an action of ${elsewhere.join(", ")}`
          : closest(a, known.get(c)!)
            ? `did you mean ${closest(a, known.get(c)!)}?`
            : `the README's key table lists the actions`;
        throw new ConfigError(`config file ${source}: keys.${c}.${a}: no such ${c} action (${hint})`);
      }
      if (c === "form")
        for (const k of keys)
          if ([...k].length === 1)
            throw new ConfigError(
              `config file ${source}: keys.form.${a}: "${k}" would be typed into the field — a form takes special keys (<tab>, <ctrl+s>, …)`,
            );
    }
  const globals = known.get("global")!;
  const user = new Map<Binding | FormBinding, Set<KeyName>>();
  const take = (b: Binding, c: KeyContextName) => {
    const r = resolveBinding(b, c, over, globals);
    user.set(r.binding, r.user);
    return r.binding;
  };
  const map: Keymap = {
    global: GLOBAL_KEYS.map((b) => take(b, "global")),
    panes: new Map(ALL_PANES.map((p) => [p.id, paneBindings(p).map((b) => take(b, contextOf(b)))])),
    form: FORM_KEYS.map((f) => {
      const set = over.form?.[f.action];
      if (set === undefined) return f;
      const r = { ...f, keys: set };
      user.set(r, new Set(set));
      return r;
    }),
  };
  const found = clashes(map, user);
  if (found.length > 0) {
    const c = found[0]!;
    const more = found.length > 1 ? ` (and ${found.length - 1} more)` : "";
    throw new ConfigError(
      `config file ${source}: keys: "${notateKey(c.key)}" is both ${c.a} and ${c.b}${c.pane ? ` on the ${c.pane} pane` : ""} — give one of them another key${more}`,
    );
  }
  return map;
}

/** The keys bound to `copy` (y by default) in any pane: they copy on the one-time panel too. */
export function copyKeys(map: Keymap): readonly KeyName[] {
  const keys = [...map.panes.values()]
    .flat()
    .filter((b) => b.action === "copy")
    .flatMap((b) => b.keys);
  return keys.length > 0 ? [...new Set(keys)] : ["y"];
}

/** The keys as the panes and global-keys.ts give them. */
export const DEFAULT_KEYMAP: Keymap = {
  global: GLOBAL_KEYS,
  panes: new Map(ALL_PANES.map((p) => [p.id, paneBindings(p)])),
  form: FORM_KEYS,
};

registerDefaultKeymap(DEFAULT_KEYMAP);

/** The action `key` stands for in binding `b`. */
export function actionOf(b: Binding, key: KeyName): string {
  if (!b.actions) return b.action;
  for (const [a, keys] of Object.entries(b.actions)) if (keys.includes(key)) return a;
  return b.action;
}

/** A binding live now on the shown pane: its scope against the pane's detail, then its `when`. */
const liveIn = (s: ConsoleState, b: Binding) => {
  if (b.except?.includes(s.ui.pane)) return false;
  if (b.scope !== undefined && (s.ui.detail[s.ui.pane] !== undefined) !== (b.scope === "detail"))
    return false;
  return b.when === undefined || b.when(s);
};

/** The binding `key` reaches on the shown pane now: the pane's own first, then the global ones. */
export function bindingFor(s: ConsoleState, key: KeyName, map: Keymap = DEFAULT_KEYMAP): Binding | undefined {
  const live = (b: Binding) => b.keys.includes(key) && liveIn(s, b);
  return (map.panes.get(s.ui.pane) ?? paneBindings(paneSpec(s.ui.pane))).find(live) ?? map.global.find(live);
}

/**
 * A key's name as the bindings and the keys section spell it, for any key the console can be given:
 * keyName's, and Tab, Shift-Tab, Backspace, Delete and Ctrl + a letter (Ctrl-C never gets here: it quits).
 */
export function fullKeyName(ch: string, key: KeyInfo): KeyName | undefined {
  if (key.tab) return key.shift ? "shift+tab" : "tab";
  if (key.backspace) return "backspace";
  if (key.delete) return "delete";
  if (key.ctrl && !key.meta && /^[a-z]$/.test(ch)) return `ctrl+${ch}`;
  return keyName(ch, key);
}

/**
 * How the help writes a binding's keys: each action's keys joined by "/", actions by a space ("j/↓ k/↑");
 * a run of one-character keys, one per action, as first…last ("0…8"). Empty when every key is disabled.
 */
export function labelFor(b: Binding): string {
  const parts = actionsOf(b)
    .filter(([, keys]) => keys.length > 0)
    .map(([, keys]) => keys.map(displayKey).join("/"));
  if (parts.length >= 4 && parts.every((p) => [...p].length === 1)) return `${parts[0]}…${parts.at(-1)}`;
  return parts.join(" ");
}

const helpOf = (b: Binding): KeyHelp => ({
  keys: labelFor(b),
  what: b.help,
  ...(b.mutating ? { mutating: true } : {}),
});

/**
 * The `?` overlay's lines: the pane's bindings, then the global ones it does not always shadow; read-only
 * mode leaves the mutating ones out, and an action with no key (`<disabled>`) is not listed.
 */
export function helpFor(
  pane: PaneId,
  readOnly: boolean,
  map: Keymap = DEFAULT_KEYMAP,
): { pane: KeyHelp[]; global: KeyHelp[] } {
  const keep = (b: Binding) => !(readOnly && b.mutating) && b.keys.length > 0 && !b.except?.includes(pane);
  const own = map.panes.get(pane) ?? paneBindings(paneSpec(pane));
  const shadowed = new Set(
    own.filter((b) => b.when === undefined && b.scope === undefined).flatMap((b) => b.keys),
  );
  return {
    pane: own.filter(keep).map(helpOf),
    global: map.global.filter((b) => keep(b) && !b.keys.every((k) => shadowed.has(k))).map(helpOf),
  };
}

/**
 * The footer's hint for an action on pane `pane`: its first key and its hint ("t trigger"); undefined
 * without a key. An action of the first two of a binding whose actions share one hint (`[` / `]` "section",
 * `j` / `k` "scroll") shows both their first keys: "[/] section", "j/k scroll"; a later one only its own
 * ("PgDn scroll").
 */
function hintOf(pane: PaneId, action: string, readOnly: boolean, map: Keymap): string | undefined {
  const all = [...(map.panes.get(pane) ?? []), ...map.global];
  for (const b of all)
    for (const [a, keys] of actionsOf(b))
      if (a === action && !b.except?.includes(pane)) {
        if (keys.length === 0 || (readOnly && b.mutating)) return undefined;
        if (typeof b.hint === "string") {
          // the pair the hint names (down/up, next/previous): the first two actions' first keys
          const pair = actionsOf(b).slice(0, 2);
          const firsts = pair.flatMap(([, k]) => (k[0] === undefined ? [] : [displayKey(k[0])]));
          const label =
            firsts.length === 2 && pair.some(([x]) => x === action)
              ? [...new Set(firsts)].join("/")
              : displayKey(keys[0]!);
          return `${label} ${b.hint}`;
        }
        return `${displayKey(keys[0]!)} ${b.hint?.[a] ?? a}`;
      }
  return undefined;
}

/** The global part of the footer: these actions, as hints. */
const FOOTER = ["filter", "open", "back", "refresh", "palette", "help", "quit"];

/** Hints by pane and read-only mode, per keymap: the footer asks on every store change. */
const hintCache = new WeakMap<Keymap, Map<string, string>>();

/** The footer's key hints on the shown pane: the pane's own (spec.hints), then the global ones. */
export function hintsFor(s: ConsoleState, readOnly: boolean, map: Keymap = DEFAULT_KEYMAP): string {
  const pane = s.ui.pane;
  // without a `when`, a pane's hints depend on the pane and the mode only
  const fixed = !(paneSpec(pane).hints ?? []).some((h) => h.when);
  const key = `${pane}\u0000${readOnly}`;
  const cached = fixed ? hintCache.get(map)?.get(key) : undefined;
  if (cached !== undefined) return cached;
  const text = hintsNow(s, readOnly, map);
  if (fixed) {
    const byPane = hintCache.get(map) ?? new Map<string, string>();
    byPane.set(key, text);
    hintCache.set(map, byPane);
  }
  return text;
}

function hintsNow(s: ConsoleState, readOnly: boolean, map: Keymap): string {
  const pane = s.ui.pane;
  const own = (paneSpec(pane).hints ?? [])
    .filter((h) => !(readOnly && h.mutating) && (!h.when || h.when(s)))
    .map((h) => {
      const parts = h.actions.map((a) => hintOf(pane, a, readOnly, map)).filter((x) => x !== undefined);
      return parts.length ? `${h.prefix ? `${h.prefix} ` : ""}${parts.join(" · ")}` : "";
    })
    .filter((x) => x !== "");
  const global = FOOTER.map((a) => hintOf(pane, a, readOnly, map)).filter((x) => x !== undefined);
  return [...own, global.join(" · ")].filter((x) => x !== "").join(" · ");
}

/** The footer's hint for the `?` help on a pane ("? help"), the one hint a narrow footer always keeps. */
export const helpHintFor = (pane: PaneId, readOnly: boolean, map: Keymap = DEFAULT_KEYMAP) =>
  hintOf(pane, "help", readOnly, map);

/** A table cell: pipes escaped, one line. */
const cell = (t: string) => t.replace(/\|/g, "\\|").replace(/\s+/g, " ");

/**
 * The README's key table, from the same bindings as the `?` help: one row per binding — its keys, its
 * action names for the keys section, its context, where it works and what it does — the global keys
 * first, then each pane's (a binding several panes share, once, with their names).
 */
export function keyTable(map: Keymap = DEFAULT_KEYMAP): string {
  const rows: { key: string; actions: string; context: string; where: string[]; what: string }[] = [];
  const row = (b: Binding, context: string, where: string) => {
    const key = labelFor(b);
    if (!key) return;
    const names = actionsOf(b)
      .map(([a]) => `\`${a}\``)
      .join(" ");
    const what = `${b.help}${b.mutating ? " (not in read-only mode)" : ""}`;
    const same = rows.find(
      (r) => r.key === key && r.actions === names && r.context === context && r.what === what,
    );
    if (same) same.where.push(where);
    else rows.push({ key, actions: names, context, where: [where], what });
  };
  const titleOf = (id: string) => ALL_PANES.find((p) => p.id === id)?.title.toLowerCase() ?? id;
  for (const b of map.global)
    row(b, "global", b.except?.length ? `every pane but ${b.except.map(titleOf).join(", ")}` : "every pane");
  for (const p of ALL_PANES)
    for (const b of map.panes.get(p.id) ?? []) row(b, contextOf(b), p.title.toLowerCase());
  const form = map.form
    .filter((f) => f.keys.length > 0)
    .map((f) => ({
      key: f.keys.map(displayKey).join("/"),
      actions: `\`${f.action}\``,
      context: "form",
      where: ["forms"],
      what: f.help,
    }));
  return [
    "| key | action | context | where | what it does |",
    "|---|---|---|---|---|",
    ...[...rows, ...form].map(
      (r) =>
        `| ${r.key
          .split(" ")
          .map((k) => `\`${cell(k)}\``)
          .join(" ")} | ${r.actions} | ${r.context} | ${cell(r.where.join(", "))} | ${cell(r.what)} |`,
    ),
  ].join("\n");
}
