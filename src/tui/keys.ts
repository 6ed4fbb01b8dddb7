/**
 * The key handler: turns Ink's (input, key) events into store changes and actions. Independent of React,
 * so tests drive it directly. A burst of keys typed faster than a frame ("jjjj") arrives as ONE input
 * string: outside text entry, every character is handled in turn; in a text field the whole string is
 * inserted (a paste).
 *
 * A mouse report is never a key (src/tui/mouse/ reads the reports beside Ink).
 *
 * Priority: Ctrl-C (always quits) > confirmation or menu > text prompt > palette > one-time panel > form > help >
 * filter typing > the shown pane's bindings, then the global ones (keymap.ts, panes/registry.ts). A
 * confirmation in front of a form returns to the form when declined.
 */

import type { Actions } from "../store/actions/actions.ts";
import { apply, type ConsoleState, type ConsoleStore } from "../store/state.ts";
import * as ui from "../store/view/ui.ts";
import { burstKey, edit, escThenKey, type KeyInfo, keyName, keyOf, special } from "./key-input.ts";
import { actionOf, bindingFor, copyKeys, DEFAULT_KEYMAP, fullKeyName, type Keymap } from "./keymap.ts";
import { closesForm, formKey } from "./keys-form.ts";
import { createNavigation } from "./keys-nav.ts";
import type { MouseMode } from "./mouse/mode.ts";
import { isMouseReport } from "./mouse/sgr.ts";
import { paletteSpec } from "./panes/lookup.ts";
import type { KeyContext } from "./panes/spec.ts";
import { helpLines, scrollHelp } from "./widgets/help-lines.ts";

export type { KeyInfo } from "./key-input.ts";

export type KeyHandlerContext = {
  store: ConsoleStore;
  actions: Actions;
  readOnly: boolean;
  quit: () => void;
  /** `:profile NAME`: returns an error line, or undefined when the console is switching. */
  switchProfile: (name: string) => string | undefined;
  /** Rows per page for PgUp/PgDn. */
  pageSize: () => number;
  /** The body's size, where the `?` help is drawn (its move keys scroll it); default 80×21. */
  bodySize?: (() => { width: number; height: number }) | undefined;
  /** The keys, with the config file's keys section applied (default: the bindings' own keys). */
  keymap?: Keymap | undefined;
  /** Mouse reporting, turned on and off by a key (`M`). */
  mouse?: MouseMode | undefined;
};

/** The global actions that scroll the `?` help. */
const HELP_SCROLL = new Set(["down", "up", "page-down", "page-up", "first", "last"]);

export function createKeyHandler(ctx: KeyHandlerContext): (input: string, key: KeyInfo) => void {
  const { store, actions } = ctx;
  const get = (): ConsoleState => store.getState();
  const set = (p: Partial<ConsoleState>) => apply(store, p);

  const { move, afterMove, goPane, switchCheck } = createNavigation(store);
  const keymap = ctx.keymap ?? DEFAULT_KEYMAP;
  const keyCtx: Omit<KeyContext, "key" | "action"> = {
    store,
    actions,
    readOnly: ctx.readOnly,
    move,
    goPane,
    switchCheck,
    pageSize: ctx.pageSize,
    quit: () => quit(),
    mouse: ctx.mouse,
  };

  function runPalette(text: string): void {
    const [cmd = "", ...rest] = text.trim().replace(/^:/, "").split(/\s+/);
    const s = get();
    if (cmd === "q" || cmd === "quit") {
      set(ui.setOverlay(s, { kind: "none" }));
      quit();
      return;
    }
    const pane = paletteSpec(cmd);
    if (pane) {
      set(ui.setOverlay(s, { kind: "none" }));
      goPane(pane.id);
      return;
    }
    if (cmd === "drafts") {
      set(ui.setOverlay(s, { kind: "none" }));
      actions.offerDrafts();
      if (get().ui.overlay.kind === "none") set(ui.setNotice(get(), "no pending drafts"));
      return;
    }
    if (cmd === "profile") {
      const name = rest.join(" ");
      const err = name ? ctx.switchProfile(name) : "usage: :profile NAME";
      if (err) set(ui.setOverlay(s, { kind: "palette", text, error: err }));
      else set(ui.setOverlay(s, { kind: "none" }));
      return;
    }
    set(ui.setOverlay(s, { kind: "palette", text, error: cmd ? `unknown command :${cmd}` : undefined }));
  }

  function paneKey(ch: string, key: KeyInfo) {
    const name = fullKeyName(ch, key);
    if (name === undefined) return;
    const s = get();
    const b = bindingFor(s, name, keymap);
    if (!b) return;
    if (ctx.readOnly && b.mutating) {
      set(ui.setNotice(s, `read-only: ${b.what ?? b.help} is disabled`));
      return;
    }
    b.run({ ...keyCtx, key: name, action: actionOf(b, name) });
  }

  function one(ch: string, key: KeyInfo) {
    const s = get();
    const o = s.ui.overlay;
    if (o.kind === "confirm") {
      if (key.return || ch === "y" || ch === "Y") return actions.confirmYes();
      if (key.escape || ch === "n" || ch === "N" || ch === "q") return actions.cancelOverlay();
      return;
    }
    if (o.kind === "choose") {
      const name = keyName(ch, key);
      if (name !== undefined) actions.chooseKey(name);
      return;
    }
    if (o.kind === "help") {
      // Esc, Enter, or the key that opened it or quits, whichever keys those are
      const name = fullKeyName(ch, key);
      const closes = (a: string) =>
        keymap.global.some((b) => b.action === a && name !== undefined && b.keys.includes(name));
      if (key.escape || key.return || closes("help") || closes("quit")) {
        set(ui.setOverlay(s, { kind: "none" }));
        return;
      }
      // the global move keys scroll it (j/k, PgDn/PgUp, g/G by default; the wheel comes as ↑/↓)
      const b = name === undefined ? undefined : keymap.global.find((x) => x.keys.includes(name));
      const action = b && name !== undefined ? actionOf(b, name) : undefined;
      if (action && HELP_SCROLL.has(action)) {
        const size = ctx.bodySize?.() ?? { width: 80, height: 21 };
        const count = helpLines(s.ui.pane, ctx.readOnly, keymap, size.width).length;
        const top = scrollHelp(o.top ?? 0, action, count, size.height);
        if (top !== (o.top ?? 0)) set(ui.setOverlay(s, { kind: "help", top }));
      }
      return;
    }
    paneKey(ch, key);
  }

  let quitRequested = false;
  function quit() {
    quitRequested = true;
    ctx.quit();
  }

  function handle(input: string, rawKey: KeyInfo): void {
    // a mouse report Ink let through as text (its ESC parted from it): the mouse's, never a key
    if (isMouseReport(input)) return;
    // A lone control character without key flags (tests, some terminals): read it as its key.
    const key = input.length === 1 && !special(rawKey) ? { ...rawKey, ...keyOf(input) } : rawKey;
    if (key.ctrl && input === "c") {
      quit();
      return;
    }
    // ESC immediately followed by a key reads as Alt+key (Tab, Esc and arrows too, with no input text);
    // the console binds no Alt keys, so it is Esc then the key (key-input.ts escThenKey)
    const split = escThenKey(input, key);
    if (split) {
      for (const [i, k] of split) handle(i, k);
      return;
    }
    const s = get();
    if (s.ui.notice !== undefined) set(ui.setNotice(s, undefined));
    const o = get().ui.overlay;
    const form = o.kind === "none" ? get().work.form : undefined;
    const typing = o.kind === "prompt" || o.kind === "palette" || get().ui.filtering || form !== undefined;
    // Typed text with Enter / Backspace / Esc / Ctrl-U inside one chunk ("api\r", "\x15new"): one key at a time
    if (typing && input.length > 1 && /[\x01-\x1f\x7f]/.test(input)) {
      for (const ch of input) handle(...burstKey(ch));
      return;
    }
    if (o.kind === "prompt") {
      const r = edit(o.text, input, key);
      if (r === "cancel") actions.cancelOverlay();
      else if (r === "submit") actions.promptSubmit();
      else if (r !== o.text) actions.promptChange(r);
      return;
    }
    if (o.kind === "palette") {
      const r = edit(o.text, input, key);
      if (r === "cancel") set(ui.setOverlay(get(), { kind: "none" }));
      else if (r === "submit") runPalette(o.text);
      else set(ui.setOverlay(get(), { kind: "palette", text: r, error: undefined }));
      return;
    }
    if (o.kind === "none" && get().work.once) {
      // the one-time secret panel: the copy key (y) copies the secret and keeps the panel; any other key
      // drops it (and the secret with it)
      const name = fullKeyName(input, key);
      if (name !== undefined && copyKeys(keymap).includes(name)) actions.copyOnce();
      else actions.dismissOnce();
      return;
    }
    if (form?.phase === "checking" && !closesForm(fullKeyName(input, key), keymap.form)) {
      // Enter is reading what the form edits afresh: the key answers the confirmation once it is shown
      actions.holdKey(() => handle(input, key));
      return;
    }
    if (form) {
      formKey(form, actions, input, key, fullKeyName(input, key), keymap.form);
      return;
    }
    if (get().ui.filtering) {
      const pane = get().ui.pane;
      const text = get().ui.filter[pane] ?? "";
      const r = edit(text, input, key);
      if (r === "cancel") set(ui.endFilter(get(), true));
      else if (r === "submit") set(ui.endFilter(get(), false));
      else if (r !== text) {
        set(ui.setFilter(get(), pane, r));
        afterMove(pane);
      }
      return;
    }
    // A burst typed faster than a frame ("jjjj", "/api\r"): handle every character as its own key, so
    // a burst that opens a text field midway types the rest into it.
    if (input.length > 1 && !special(key)) {
      // a control character in it is its key: Ctrl + its letter ("t\x07" is t, then Ctrl-G), Enter, Esc…
      for (const ch of input) {
        handle(...burstKey(ch));
        if (quitRequested) return;
      }
      return;
    }
    one(input, key);
  }

  return handle;
}
