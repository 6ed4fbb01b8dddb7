/**
 * The keys every pane has (design.md §2), tried after the pane's own bindings: panes by number, the
 * palette, moving, filtering, refreshing, help, quitting, and the incident keys that work from anywhere.
 */
import * as ui from "../store/slices/ui.ts";
import { apply } from "../store/store.ts";
import { paneKey } from "./panes/lookup.ts";
import { PANE_SPECS } from "./panes/registry.ts";
import type { Binding } from "./panes/spec.ts";

const MOVES: Record<string, number | "first" | "last"> = { j: 1, down: 1, k: -1, up: -1 };

export const GLOBAL_KEYS: readonly Binding[] = [
  {
    keys: PANE_SPECS.map((_, i) => paneKey(i)),
    label: `${paneKey(0)}…${paneKey(PANE_SPECS.length - 1)}`,
    help: `panes: ${PANE_SPECS.map((p) => p.palette).join(", ")}`,
    run: ({ goPane, key }) => {
      const i = PANE_SPECS.findIndex((_, j) => paneKey(j) === key);
      if (i >= 0) goPane(PANE_SPECS[i]!.id);
    },
  },
  {
    keys: [":"],
    help: `palette (:${PANE_SPECS[0]?.palette} :${PANE_SPECS[1]?.palette} … :drafts :profile NAME :q)`,
    run: ({ store }) =>
      apply(store, ui.setOverlay(store.getState(), { kind: "palette", text: "", error: undefined })),
  },
  {
    keys: ["n"],
    help: "new incident",
    mutating: true,
    what: "opening incidents",
    run: ({ actions }) => actions.openNewIncident(),
  },
  {
    keys: ["u"],
    help: "post an update to the selected (or latest open) incident",
    mutating: true,
    what: "posting updates",
    run: ({ actions }) => actions.openUpdate(),
  },
  {
    keys: ["j", "k", "up", "down"],
    label: "j/k ↑/↓",
    help: "move",
    run: ({ move, key }) => move(MOVES[key] ?? 0),
  },
  {
    keys: ["g", "G", "home", "end"],
    label: "g/G",
    help: "first / last row",
    run: ({ move, key }) => move(key === "g" || key === "home" ? "first" : "last"),
  },
  {
    keys: ["pgup", "pgdn"],
    label: "PgUp/PgDn",
    help: "page up / down",
    run: ({ move, key, pageSize }) => move(key === "pgup" ? -pageSize() : pageSize()),
  },
  {
    keys: ["esc"],
    label: "Esc",
    help: "back (close detail, clear filter, clear marks)",
    run: ({ store }) => {
      const s = store.getState();
      const p = ui.back(s);
      apply(store, Object.keys(p).length > 0 ? p : ui.clearMarks(s));
    },
  },
  {
    keys: ["/"],
    help: "filter the list (Enter keeps it, Esc clears)",
    run: ({ store }) => apply(store, ui.startFilter(store.getState())),
  },
  { keys: ["r"], help: "refresh now", run: ({ actions }) => actions.refresh() },
  {
    keys: ["M"],
    help: "mouse on/off (click, double-click, wheel; off: the terminal selects text)",
    run: ({ store, mouse }) =>
      apply(
        store,
        ui.setNotice(
          store.getState(),
          mouse === undefined
            ? "no mouse here"
            : mouse.toggle()
              ? "mouse on: click selects, double-click opens, wheel scrolls · M again to select text"
              : "mouse off: the terminal selects text · M turns it on",
        ),
      ),
  },
  {
    keys: ["?"],
    help: "this help",
    run: ({ store }) => apply(store, ui.setOverlay(store.getState(), { kind: "help" })),
  },
  { keys: ["q"], label: "q, Ctrl-C", help: "quit", run: ({ quit }) => quit() },
];
