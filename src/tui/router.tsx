/** Pane number → component, and the breadcrumbs after the pane title (the open detail, the shown check). */
import type { ReactNode } from "react";
import { paneCheck } from "../store/pane-selectors.ts";
import type { ConsoleState, Pane } from "../store/types.ts";
import { AlertChannelsPane } from "./panes/alert-channels.tsx";
import { AnalyticsPane } from "./panes/analytics.tsx";
import { ChecksPane } from "./panes/checks.tsx";
import { HeartbeatsPane } from "./panes/heartbeats.tsx";
import { IncidentsPane } from "./panes/incidents.tsx";
import { PrivateLocationsPane } from "./panes/private-locations.tsx";
import { SessionsPane } from "./panes/sessions.tsx";
import { StatusPagesPane } from "./panes/status-pages.tsx";

type PaneProps = { width: number; height: number };

export const PANE_COMPONENTS: Record<Pane, (p: PaneProps) => ReactNode> = {
  checks: ChecksPane,
  sessions: SessionsPane,
  analytics: AnalyticsPane,
  heartbeats: HeartbeatsPane,
  incidents: IncidentsPane,
  alerts: AlertChannelsPane,
  pages: StatusPagesPane,
  locations: PrivateLocationsPane,
};

/** Breadcrumbs after "vigil › <Pane>" (raw; the header sanitises). Joined into one string for cheap equality. */
export function crumbsOf(s: ConsoleState): string {
  const pane = s.ui.pane;
  const id = s.ui.detail[pane];
  switch (pane) {
    case "checks":
      return id ? (s.checks.byId.get(id)?.name ?? id) : "";
    case "sessions":
      return id ? (s.sessions.byId.get(id)?.session.name ?? id) : "";
    case "analytics":
      return paneCheck(s, "analytics")?.check.name ?? "";
    case "heartbeats": {
      const name = paneCheck(s, "heartbeats")?.check.name ?? "";
      return id ? `${name}\u0000event` : name;
    }
    case "incidents":
      return id
        ? (s.details.incidents.get(id)?.name ?? s.incidents.items.find((i) => i.id === id)?.name ?? id)
        : "";
    case "alerts":
      return id ? `#${id}` : "";
    case "pages":
      return id ? (s.statusPages.items.find((p) => p.id === id)?.name ?? id) : "";
    case "locations":
      return id ? (s.privateLocations.items.find((l) => l.id === id)?.name ?? id) : "";
  }
}
