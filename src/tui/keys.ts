/**
 * The key handler: turns Ink's (input, key) events into store changes and actions. Independent of React,
 * so tests drive it directly. A burst of keys typed faster than a frame ("jjjj") arrives as ONE input
 * string: outside text entry, every character is handled in turn; in a text field the whole string is
 * inserted (a paste).
 *
 * Priority: Ctrl-C (always quits) > confirmation > text prompt > palette > one-time panel > form > help >
 * filter typing > pane keys. A confirmation in front of a form returns to the form when declined.
 */

import type { Actions } from "../store/actions.ts";
import { cursorId } from "../store/lists.ts";
import { cursorCheck } from "../store/selectors.ts";
import * as ui from "../store/slices/ui.ts";
import * as work from "../store/slices/work.ts";
import { apply, type ConsoleStore } from "../store/store.ts";
import { type ConsoleState, PANES, type SortColumn } from "../store/types.ts";
import { edit, type KeyInfo, keyOf, special } from "./key-input.ts";
import { PALETTE_PANES } from "./keymap.ts";
import { analyticsPaneKey } from "./keys-analytics.ts";
import { formKey } from "./keys-form.ts";
import { createNavigation } from "./keys-nav.ts";
import { workPaneKey } from "./keys-work.ts";

export type { KeyInfo } from "./key-input.ts";

export type KeyContext = {
  store: ConsoleStore;
  actions: Actions;
  readOnly: boolean;
  quit: () => void;
  /** `:profile NAME`: returns an error line, or undefined when the console is switching. */
  switchProfile: (name: string) => string | undefined;
  /** Rows per page for PgUp/PgDn. */
  pageSize: () => number;
};

const SORT_ORDER: SortColumn[] = ["status", "name", "type", "frequency", "lastRun", "responseTime"];

export function createKeyHandler(ctx: KeyContext): (input: string, key: KeyInfo) => void {
  const { store, actions } = ctx;
  const get = (): ConsoleState => store.getState();
  const set = (p: Partial<ConsoleState>) => apply(store, p);

  const { move, afterMove, goPane, switchHeartbeat } = createNavigation(store);

  function runPalette(text: string): void {
    const [cmd = "", ...rest] = text.trim().replace(/^:/, "").split(/\s+/);
    const s = get();
    if (cmd === "q" || cmd === "quit") {
      set(ui.setOverlay(s, { kind: "none" }));
      quit();
      return;
    }
    const pane = PALETTE_PANES[cmd];
    if (pane) {
      set(ui.setOverlay(s, { kind: "none" }));
      goPane(pane);
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
    const s = get();
    const pane = s.ui.pane;
    // j/k inside the details of 5–8, and n u e s v a
    if (!key.escape && !key.return && workPaneKey(ch, key, { store, actions })) return;
    if (key.upArrow) return move(-1);
    if (key.downArrow) return move(1);
    if (key.pageUp) return move(-ctx.pageSize());
    if (key.pageDown) return move(ctx.pageSize());
    if (key.home) return move("first");
    if (key.end) return move("last");
    if (key.leftArrow && pane === "heartbeats") return switchHeartbeat(-1);
    if (key.rightArrow && pane === "heartbeats") return switchHeartbeat(1);
    if (key.escape) {
      const p = ui.back(s);
      if (Object.keys(p).length > 0) set(p);
      else set(ui.clearMarks(s));
      return;
    }
    if (key.return) {
      if (pane === "analytics") return;
      const id = cursorId(s, pane);
      if (id !== undefined && s.ui.detail[pane] === undefined) {
        set(ui.openDetail(s, pane, id));
        set(work.clearDetailRow(get(), pane));
      }
      return;
    }
    if (special(key)) return;
    if (ch >= "1" && ch <= "8") return goPane(PANES[Number(ch) - 1]!);
    switch (ch) {
      case "q":
        return quit();
      case "?":
        return set(ui.setOverlay(s, { kind: "help" }));
      case ":":
        return set(ui.setOverlay(s, { kind: "palette", text: "", error: undefined }));
      case "/":
        return set(ui.startFilter(s));
      case "j":
        return move(1);
      case "k":
        return move(-1);
      case "g":
        return move("first");
      case "G":
        return move("last");
      case "r":
        return actions.refresh();
    }
    if (pane === "checks" && s.ui.detail.checks === undefined) {
      switch (ch) {
        case " ": {
          const row = cursorCheck(s);
          if (row) set(ui.toggleMark(s, row.id));
          return move(1);
        }
        case "t":
          return actions.askTrigger();
        case "T":
          return actions.askTagTrigger();
        case "s": {
          const i = SORT_ORDER.indexOf(s.ui.sort.column);
          return set(ui.sortBy(s, SORT_ORDER[(i + 1) % SORT_ORDER.length]!));
        }
        case "S":
          return set(ui.sortBy(s, s.ui.sort.column));
      }
    }
    if (pane === "checks" && s.ui.detail.checks !== undefined && ch === "t") return actions.askTrigger();
    if (pane === "analytics" && analyticsPaneKey(ch, { store, actions, move })) return;
    if (pane === "heartbeats") {
      if (ch === "[") return switchHeartbeat(-1);
      if (ch === "]") return switchHeartbeat(1);
    }
  }

  function one(ch: string, key: KeyInfo) {
    const s = get();
    const o = s.ui.overlay;
    if (o.kind === "confirm") {
      if (key.return || ch === "y" || ch === "Y") return actions.confirmYes();
      if (key.escape || ch === "n" || ch === "N" || ch === "q") return actions.cancelOverlay();
      return;
    }
    if (o.kind === "help") {
      if (key.escape || ch === "?" || ch === "q" || key.return) set(ui.setOverlay(s, { kind: "none" }));
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
    // A lone control character without key flags (tests, some terminals): read it as its key.
    const key = input.length === 1 && !special(rawKey) ? { ...rawKey, ...keyOf(input) } : rawKey;
    if (key.ctrl && input === "c") {
      quit();
      return;
    }
    // ESC immediately followed by keys reads as Alt+key; the console binds no Alt keys, so it is Esc then
    // the keys (what a fast typist or a test script meant).
    if (key.meta && !key.ctrl && input !== "" && !key.escape) {
      handle("", { escape: true });
      handle(input, { ...key, meta: false });
      return;
    }
    const s = get();
    if (s.ui.notice !== undefined) set(ui.setNotice(s, undefined));
    const o = get().ui.overlay;
    const form = o.kind === "none" ? get().work.form : undefined;
    const typing = o.kind === "prompt" || o.kind === "palette" || get().ui.filtering || form !== undefined;
    // Typed text with Enter / Backspace / Esc inside one chunk ("api\r"): one key at a time.
    if (typing && input.length > 1 && /[\r\n\x7f\b\x1b\t]/.test(input)) {
      for (const ch of input) handle(ch, keyOf(ch));
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
      // the one-time secret panel: any key drops it (and the secret with it)
      actions.dismissOnce();
      return;
    }
    if (form) {
      formKey(form, actions, input, key);
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
      for (const ch of input) {
        handle(ch, keyOf(ch));
        if (quitRequested) return;
      }
      return;
    }
    one(input, key);
  }

  return handle;
}
