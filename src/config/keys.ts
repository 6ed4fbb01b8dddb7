/**
 * The config file's `keys` section: which keys an action takes, per context — in the style of k9s hotkeys
 * and lazygit's keybinding section.
 *
 *   "keys": {
 *     "global": { "quit": ["q", "<ctrl+q>"], "refresh": "<ctrl+r>", "new-incident": "<disabled>" },
 *     "list":   { "trigger": "x" },
 *     "detail": { "down": ["j", "<down>", "<ctrl+n>"] },
 *     "form":   { "submit": ["<enter>", "<ctrl+s>"] }
 *   }
 *
 * A key is one character (`t`, `T`, `?`, `[`) or a name in angle brackets: `<enter>` `<esc>` `<space>`
 * `<tab>` `<shift+tab>` `<backspace>` `<delete>` `<up>` `<down>` `<left>` `<right>` `<pgup>` `<pgdn>`
 * `<home>` `<end>` and `<ctrl+a>`…`<ctrl+z>` (also written `<c-a>`); `<disabled>` takes the action's keys
 * away. Pure: this module reads the notation; which actions exist and which keys clash is the console's
 * (src/tui/keymap.ts).
 */
import { z } from "zod";

/** The contexts of the keys section, in the order the README and `?` list them. */
export const KEY_CONTEXTS = ["global", "list", "detail", "form"] as const;
export type KeyContextName = (typeof KEY_CONTEXTS)[number];

/**
 * A key as the console names it internally: the character itself, or one of the names below ("enter",
 * "ctrl+d"). `<disabled>` is no key at all.
 */
export type KeyName = string;

const NAMED: Record<string, KeyName> = {
  enter: "enter",
  return: "enter",
  esc: "esc",
  escape: "esc",
  space: "space",
  tab: "tab",
  "shift+tab": "shift+tab",
  backtab: "shift+tab",
  backspace: "backspace",
  delete: "delete",
  del: "delete",
  up: "up",
  down: "down",
  left: "left",
  right: "right",
  pgup: "pgup",
  pageup: "pgup",
  pgdn: "pgdn",
  pagedown: "pgdn",
  home: "home",
  end: "end",
};

/** Ctrl + these letters reach a program as another key (Tab, Enter, Backspace) or always quit (C). */
const CTRL_TAKEN: Record<string, string> = {
  c: "Ctrl-C always quits",
  h: "<ctrl+h> reaches the console as Backspace",
  i: "<ctrl+i> reaches the console as Tab",
  j: "<ctrl+j> reaches the console as Enter",
  m: "<ctrl+m> reaches the console as Enter",
};

export const DISABLED = "<disabled>";

/** Read one key of the notation: its name, or why it is not one. */
export function parseKey(text: string): { key: KeyName } | { error: string } {
  const chars = [...text];
  if (chars.length === 1) {
    if (text === " ") return { error: 'write the space bar as "<space>"' };
    if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return { error: "a control character is not a key" };
    return { key: text };
  }
  const m = /^<([^<>]+)>$/.exec(text.trim());
  if (!m) return { error: `"${printable(text)}" is not a key: ${NOTATION}` };
  const name = m[1]!.toLowerCase().replace(/\s+/g, "");
  const ctrl = /^(?:ctrl\+|c-|control\+)([a-z])$/.exec(name);
  if (ctrl) {
    const taken = CTRL_TAKEN[ctrl[1]!];
    if (taken) return { error: `"${printable(text)}" cannot be bound: ${taken}` };
    return { key: `ctrl+${ctrl[1]}` };
  }
  const named = NAMED[name];
  if (named) return { key: named };
  return { error: `"${printable(text)}" is not a key: ${NOTATION}` };
}

const NOTATION =
  "a key is one character (t, T, ?) or <enter> <esc> <space> <tab> <shift+tab> <backspace> <delete> <up> " +
  "<down> <left> <right> <pgup> <pgdn> <home> <end> <ctrl+a>…<ctrl+z>, or <disabled>";

/** Untrusted text in an error line: control characters shown, cut to a sane length. */
const printable = (t: string) =>
  t
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .slice(0, 40);

/** One key or a list; `<disabled>` alone is the empty list. Duplicates are dropped. */
export function parseKeyList(value: string | readonly string[]): { keys: KeyName[] } | { error: string } {
  const list = typeof value === "string" ? [value] : value;
  if (list.length === 0)
    return { error: `an empty list: write "${DISABLED}" to take the action's keys away` };
  if (list.some((k) => k.trim().toLowerCase() === DISABLED)) {
    if (list.length > 1) return { error: `"${DISABLED}" stands alone, not in a list of keys` };
    return { keys: [] };
  }
  const keys: KeyName[] = [];
  for (const t of list) {
    const r = parseKey(t);
    if ("error" in r) return r;
    if (!keys.includes(r.key)) keys.push(r.key);
  }
  return { keys };
}

const DISPLAY: Record<string, string> = {
  enter: "Enter",
  esc: "Esc",
  space: "space",
  tab: "Tab",
  "shift+tab": "Shift-Tab",
  backspace: "Backspace",
  delete: "Delete",
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  pgup: "PgUp",
  pgdn: "PgDn",
  home: "Home",
  end: "End",
};

/** How the help and the README write a key: `t`, `Enter`, `↑`, `PgUp`, `Ctrl-D`. */
export function displayKey(key: KeyName): string {
  const named = DISPLAY[key];
  if (named) return named;
  const ctrl = /^ctrl\+([a-z])$/.exec(key);
  if (ctrl) return `Ctrl-${ctrl[1]!.toUpperCase()}`;
  return key;
}

/** How the keys section writes a key: `t`, `<enter>`, `<ctrl+d>`. */
export function notateKey(key: KeyName): string {
  return [...key].length === 1 ? key : `<${key}>`;
}

const keysValue = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const r = parseKeyList(v);
  if ("error" in r) {
    ctx.addIssue({ code: "custom", message: r.error });
    return z.NEVER;
  }
  return r.keys;
});

const actionName = z.string().regex(/^[a-z][a-z0-9-]*$/, "action names are lower-case words joined by -");

/** The `keys` section as written; each action's keys come out as key names ([] for `<disabled>`). */
export const keysSectionSchema = z.strictObject(
  Object.fromEntries(KEY_CONTEXTS.map((c) => [c, z.record(actionName, keysValue).optional()])) as Record<
    KeyContextName,
    z.ZodOptional<z.ZodRecord<typeof actionName, typeof keysValue>>
  >,
);

/** The user's keys: context → action → keys ([] disables it). */
export type KeyOverrides = Partial<Record<KeyContextName, Record<string, KeyName[]>>>;
