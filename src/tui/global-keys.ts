/**
 * The keys every pane has (design.md §2), tried after the pane's own bindings: panes by number, the
 * palette, moving, filtering, refreshing, help, quitting, and the incident keys that work from anywhere.
 * Their actions are the keys section's "global" context (src/tui/keymap.ts).
 */

import { apply } from "../store/state.ts";
import * as ui from "../store/view/ui.ts";
import { paneKey } from "./panes/lookup.ts";
import { PANE_SPECS } from "./panes/registry.ts";
import { type Binding, byAction } from "./panes/spec.ts";

/** The action of the number key that opens a pane: `go-` and its palette name (go-overview, go-checks…). */
export const goAction = (palette: string) => `go-${palette}`;

export const GLOBAL_KEYS: readonly Binding[] = [
  byAction(Object.fromEntries(PANE_SPECS.map((p, i) => [goAction(p.palette), [paneKey(i)]])), {
    help: `panes: ${PANE_SPECS.map((p) => p.palette).join(", ")}`,
    run: ({ goPane, action }) => {
      const pane = PANE_SPECS.find((p) => goAction(p.palette) === action);
      if (pane) goPane(pane.id);
    },
  }),
  {
    action: "palette",
    hint: "palette",
    keys: [":"],
    help: `palette (:${PANE_SPECS[0]?.palette} :${PANE_SPECS[1]?.palette} … :drafts :profile NAME :q)`,
    run: ({ store }) =>
      apply(store, ui.setOverlay(store.getState(), { kind: "palette", text: "", error: undefined })),
  },
  {
    action: "new-incident",
    keys: ["n"],
    help: "new incident",
    mutating: true,
    what: "opening incidents",
    run: ({ actions }) => actions.openNewIncident(),
  },
  {
    action: "update-incident",
    keys: ["u"],
    help: "post an update to the selected (or latest open) incident",
    mutating: true,
    what: "posting updates",
    run: ({ actions }) => actions.openUpdate(),
  },
  byAction(
    { down: ["j", "down"], up: ["k", "up"] },
    { help: "move", run: ({ move, action }) => move(action === "up" ? -1 : 1) },
  ),
  byAction(
    { first: ["g", "home"], last: ["G", "end"] },
    { help: "first / last row", run: ({ move, action }) => move(action === "first" ? "first" : "last") },
  ),
  byAction(
    { "page-up": ["pgup"], "page-down": ["pgdn"] },
    {
      help: "page up / down",
      hint: { "page-up": "page up", "page-down": "more" },
      run: ({ move, action, pageSize }) => move(action === "page-up" ? -pageSize() : pageSize()),
    },
  ),
  {
    action: "back",
    hint: "back",
    keys: ["esc"],
    help: "back (close detail, clear filter, clear marks)",
    run: ({ store }) => {
      const s = store.getState();
      const p = ui.back(s);
      apply(store, Object.keys(p).length > 0 ? p : ui.clearMarks(s));
    },
  },
  {
    action: "filter",
    hint: "filter",
    keys: ["/"],
    help: "filter the list (Enter keeps it, Esc clears)",
    // the overview is a short list ranked by what needs a look, read at a glance: a filter would hide
    // what broke next; the checks pane (1) filters every check
    except: ["overview"],
    run: ({ store }) => apply(store, ui.startFilter(store.getState())),
  },
  {
    action: "refresh",
    hint: "refresh",
    keys: ["r"],
    help: "refresh now",
    run: ({ actions }) => actions.refresh(),
  },
  {
    action: "mouse",
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
    action: "help",
    hint: "help",
    keys: ["?"],
    help: "this help",
    run: ({ store }) => apply(store, ui.setOverlay(store.getState(), { kind: "help" })),
  },
  {
    action: "quit",
    hint: "quit",
    keys: ["q"],
    help: "quit (Ctrl-C always quits)",
    run: ({ quit }) => quit(),
  },
];
