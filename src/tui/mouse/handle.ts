/**
 * What a mouse report does (the key handler hands every report here, src/tui/keys.ts):
 * - a left click on a pane's tab in the header shows that pane (as its number key);
 * - a left click on a list's row moves the cursor there (as j/k would: the shown check follows);
 *   a double click then opens it (as Enter);
 * - the wheel moves as ↑/↓ do where it is turned (a list's cursor, a detail's lines, the help); over a
 *   chart, as ←/→ (the chart's cursor along the time);
 * - nothing while a form, a prompt, the palette or the filter takes text, or a confirmation waits —
 *   a report is never text, there or anywhere.
 */
import type { ConsoleStore } from "../../store/state.ts";
import type { KeyInfo } from "../key-input.ts";
import { paneKey, paneSpec } from "../panes/lookup.ts";
import { PANE_SPECS, type PaneId } from "../panes/registry.ts";
import { cursorRow } from "../panes/spec.ts";
import { tooSmall } from "../too-small.tsx";
import { clickCounter, type MouseEvent } from "./sgr.ts";
import { type MouseTargets, tabAt } from "./targets.ts";

export type MouseHandlerContext = {
  store: ConsoleStore;
  targets: MouseTargets;
  /** The terminal's size now. */
  size: () => { columns: number; rows: number };
  move: (delta: number) => void;
  goPane: (pane: PaneId) => void;
  /** Hand a key to the key handler (Enter for a double click, ↑/↓ for the wheel). */
  key: (input: string, key: KeyInfo) => void;
  now?: () => number;
};

export function createMouseHandler(ctx: MouseHandlerContext): (e: MouseEvent) => void {
  const clicks = clickCounter(ctx.now);
  return (e) => {
    const { columns, rows } = ctx.size();
    if (tooSmall(columns, rows)) return;
    const s = ctx.store.getState();
    const o = s.ui.overlay;
    const typing = o.kind === "prompt" || o.kind === "palette" || s.ui.filtering || s.work.form !== undefined;
    if (typing || o.kind === "confirm" || o.kind === "choose" || s.work.once !== undefined) return;
    if (e.kind === "wheel") {
      const chart = o.kind === "none" && ctx.targets.hit(e.x, e.y)?.target.kind === "chart";
      if (chart) ctx.key("", e.wheel < 0 ? { leftArrow: true } : { rightArrow: true });
      else ctx.key("", e.wheel < 0 ? { upArrow: true } : { downArrow: true });
      return;
    }
    if (e.kind !== "press" || e.button !== 0 || o.kind !== "none") return;
    const count = clicks.press(e);
    if (e.y === 0) {
      const labels = PANE_SPECS.map((_, i) => ` ${paneKey(i)} `);
      const i = tabAt(labels, columns, e.x);
      const pane = i === undefined ? undefined : PANE_SPECS[i];
      if (pane) ctx.goPane(pane.id);
      return;
    }
    const hit = ctx.targets.hit(e.x, e.y);
    const row = hit?.target.kind === "rows" ? hit.target.rowAt(hit.line) : undefined;
    if (row === undefined) return;
    const spec = paneSpec(s.ui.pane);
    if (s.ui.detail[spec.id] !== undefined) return;
    ctx.move(row - cursorRow(s, spec));
    if (count === 2) ctx.key("\r", { return: true });
  };
}
