/**
 * One viewer's view: pane, cursor, filter, marks, overlays, forms, drafts, choices — the console's one
 * view, or one of `vigil share`'s (one per viewer, over the one shared data: src/store/data/types.ts).
 */

import type { FormState } from "../forms/types.ts";
import type { DrillView } from "../results/types.ts";
import type { ViewMemo } from "./memo.ts";

/**
 * The panes' ids as the console registers them: src/tui/panes/registry.ts adds `{ id: PaneId }` here
 * (declaration merging, `declare module`), so the store's pane parameters take the registry's union — a
 * mistyped pane id does not compile, in the console or in a test — while the store imports no pane id.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the pane registry (declaration merging)
export interface PaneIds {}

/**
 * A pane's id, opaque to the store: the panes are specs in src/tui/panes/ (registry.ts lists them), and
 * the store keeps per pane only what every pane has — cursor, filter, open detail, detail row — never
 * naming or switching on one. The registry's union once it registered (`PaneIds`), else any string.
 */
export type Pane = PaneIds extends { id: infer P extends string } ? P : string;

export type SortColumn = "status" | "name" | "type" | "frequency" | "lastRun" | "responseTime";
export type Sort = { column: SortColumn; desc: boolean };

export type AnalyticsRange = "24h" | "7d" | "30d" | "custom";
export type AnalyticsOptions = {
  range: AnalyticsRange;
  /** Custom window, unix seconds (range "custom"). */
  from: number | undefined;
  to: number | undefined;
  /** Minutes per bucket; undefined = automatic (about 48 points across the window). */
  interval: number | undefined;
  groupBy: "none" | "runLocation" | "statusCode";
  filter: "all" | "success" | "failure";
  /** The metric set shown (a view name of the report, analytics-metrics.ts); undefined = the first. */
  view: string | undefined;
  /** The chart cursor: the start of the bucket it is on (epoch ms); undefined = no cursor (←/→ set it). */
  cursorAt?: number | undefined;
};

/** One option of a `choose` overlay: the key that picks it (if any), its label, what it holds. */
export type Choice = { key: string | undefined; label: string; detail: string | undefined };

/** What is in front of the pane: a confirmation, a menu, a text prompt, the help, or the palette. */
export type Overlay =
  | { kind: "none" }
  /** `top`: the first line shown when the help is longer than the screen (its keys scroll it). */
  | { kind: "help"; top?: number }
  | { kind: "palette"; text: string; error: string | undefined }
  | {
      kind: "confirm";
      title: string;
      lines: readonly string[];
      action: string;
      /** It warns of what the engineer could not have seen: keys typed before it appeared do not answer it. */
      careful?: boolean;
    }
  /** A small menu (store/actions/choice.ts): an option's key, or j/k and Enter, picks it; Esc closes. */
  | { kind: "choose"; title: string; lines: readonly string[]; options: readonly Choice[]; cursor: number }
  | {
      kind: "prompt";
      /** What the answer is for: "tags" (T), "from-to" (analytics custom range). */
      purpose: "tags" | "range";
      title: string;
      text: string;
      hint: string | undefined;
      error: string | undefined;
    };

export type UiSlice = {
  pane: Pane;
  /** Detail open per pane (an id), undefined = the list. */
  detail: Partial<Record<Pane, string>>;
  /** Cursor row per list (key: pane): the row it was put on (see cursorId). */
  cursor: Partial<Record<Pane, number>>;
  /**
   * The id of the row the cursor was put on, per list: the cursor follows it across refreshes, re-sorts
   * and filters (store/view/cursor.ts derives the row shown from it).
   */
  cursorId: Partial<Record<Pane, string>>;
  /** Filter text per list and whether it is being typed. */
  filter: Partial<Record<Pane, string>>;
  filtering: boolean;
  sort: Sort;
  marked: ReadonlySet<string>;
  /** The check the analytics and heartbeats panes show. */
  selectedCheckId: string | undefined;
  analytics: AnalyticsOptions;
  overlay: Overlay;
  /** A one-line notice (e.g. "3 sessions started"), cleared by the next key. */
  notice: string | undefined;
  /**
   * The rows of the shown pane's check list on screen (the checks table's, or the overview's checks that
   * need a look; set by the view), so the poller loads results only for them.
   */
  checksWindow: { first: number; count: number };
};

/**
 * The workflow of panes 5–8: the open form (kept apart from the overlay, so a confirmation in front of it
 * returns to it), the one-time secret panel, reveal / preview choices, the row inside an open detail.
 */
export type WorkSlice = {
  form: FormState | undefined;
  /** Shown once (a new private location's raw key), dropped by the next key. */
  once: { title: string; lines: readonly string[]; secret: string } | undefined;
  /** Alert channel whose secrets are shown unmasked (never in read-only mode). */
  revealed: string | undefined;
  /** Alert type of the webhook body preview. */
  alertType: string;
  /** Row inside an open detail (incident: the selected update; others: scroll offset). */
  detailRow: Partial<Record<Pane, number>>;
  /** Drafts waiting on disk (this service), for the status of the incidents pane. */
  pendingDrafts: number;
};

/** ...and the VIEW is one viewer's: pane, cursor, filter, marks, overlays, forms, drafts, choices. */
export type ViewState = {
  work: WorkSlice;
  ui: UiSlice;
  /** The results drill-down: whose results, from which pane (store/results/). */
  drill: DrillView;
  /** This view's memoised selectors (view/memo.ts `viewMemo`): created with the view, never replaced. */
  memo: ViewMemo;
};
