/**
 * Every key of the console, per pane, as the `?` overlay lists them (design.md §2 is the contract; the
 * pane-specific additions are marked there as "added"). Mutating keys carry `mutating: true` and are left
 * out (and refused) in read-only mode.
 */
import type { Pane } from "../store/types.ts";

export type KeyHelp = { keys: string; what: string; mutating?: boolean };

export const GLOBAL_KEYS: readonly KeyHelp[] = [
  {
    keys: "1…8",
    what: "panes: checks, sessions, analytics, heartbeats, incidents, alerts, pages, locations",
  },
  { keys: ":", what: "palette (:checks :sessions … :drafts :profile NAME :q)" },
  { keys: "n", what: "new incident (on private locations: new location)", mutating: true },
  { keys: "u", what: "post an update to the selected (or latest open) incident", mutating: true },
  { keys: "j/k ↑/↓", what: "move" },
  { keys: "g/G", what: "first / last row" },
  { keys: "PgUp/PgDn", what: "page up / down" },
  { keys: "Enter", what: "open detail" },
  { keys: "Esc", what: "back (close detail, clear filter, clear marks)" },
  { keys: "/", what: "filter the list (Enter keeps it, Esc clears)" },
  { keys: "r", what: "refresh now" },
  { keys: "?", what: "this help" },
  { keys: "q, Ctrl-C", what: "quit" },
];

export const PANE_KEYS: Record<Pane, readonly KeyHelp[]> = {
  checks: [
    { keys: "t", what: "trigger the selected (or marked) checks, then follow them live", mutating: true },
    { keys: "T", what: "trigger by tag expression (prod,api !flaky | staging)", mutating: true },
    { keys: "space", what: "mark / unmark the check" },
    { keys: "s / S", what: "sort by the next column / reverse the order" },
    { keys: "/", what: "filter: words match name, tag or type; tag:x, type:x" },
  ],
  sessions: [
    { keys: "Enter", what: "session detail: per-location results" },
    { keys: "t / T", what: "trigger again (from the checks pane)", mutating: true },
  ],
  analytics: [
    { keys: "j/k [ ]", what: "previous / next check" },
    { keys: "v", what: "next metric set of the check's type (e.g. browser: web vitals, errors)" },
    { keys: "d w m", what: "range: 24 h, 7 d, 30 d" },
    { keys: "c", what: "custom range (FROM TO or 6h, 3d)" },
    { keys: "i", what: "aggregation interval: auto, 5 min, 15 min, 1 h, 6 h, 1 d" },
    { keys: "l", what: "group by location (one sparkline per location)" },
    { keys: "s", what: "group by status code (URL and API checks)" },
    { keys: "f", what: "results: all, success only, failure only" },
  ],
  heartbeats: [
    { keys: "[ ] ←/→", what: "previous / next heartbeat check" },
    { keys: "j/k", what: "move between events" },
    { keys: "Enter", what: "event detail: state, time, source, user agent" },
  ],
  incidents: [
    { keys: "Enter", what: "incident detail: every update, services" },
    { keys: "u", what: "post an update (fast path: 5 u, type, Enter, y)", mutating: true },
    { keys: "n", what: "new incident: name, severity, services, first update, notify", mutating: true },
    { keys: "e", what: "edit the selected update (detail: j/k selects)", mutating: true },
    { keys: "s", what: "change severity, name, services", mutating: true },
    { keys: "j/k", what: "in the detail: select an update" },
  ],
  alerts: [
    { keys: "Enter", what: "alert channel detail: config (masked), subscriptions, webhook preview" },
    { keys: "v", what: "reveal / mask the channel's secrets", mutating: true },
    { keys: "a", what: "webhook preview: next alert type" },
    { keys: "j/k", what: "in the detail: scroll" },
  ],
  pages: [
    { keys: "Enter", what: "status page detail: theme colours, cards → services → checks" },
    {
      keys: "e",
      what: "edit name, URL, domain, theme; move services between cards (one PUT)",
      mutating: true,
    },
    { keys: "j/k", what: "in the detail: scroll" },
  ],
  locations: [
    { keys: "Enter", what: "private location detail (keys and proxy credentials masked)" },
    { keys: "n", what: "new private location (its key is shown once)", mutating: true },
  ],
};

export const PANE_TITLES: Record<Pane, string> = {
  checks: "Checks",
  sessions: "Sessions",
  analytics: "Analytics",
  heartbeats: "Heartbeats",
  incidents: "Incidents",
  alerts: "Alert channels",
  pages: "Status pages",
  locations: "Private locations",
};

/** Palette commands → panes (design.md §2). */
export const PALETTE_PANES: Record<string, Pane> = {
  checks: "checks",
  sessions: "sessions",
  analytics: "analytics",
  heartbeats: "heartbeats",
  incidents: "incidents",
  alerts: "alerts",
  pages: "pages",
  locations: "locations",
};

export function helpFor(pane: Pane, readOnly: boolean): { pane: KeyHelp[]; global: KeyHelp[] } {
  const keep = (k: KeyHelp) => !(readOnly && k.mutating);
  return { pane: PANE_KEYS[pane].filter(keep), global: GLOBAL_KEYS.filter(keep) };
}
