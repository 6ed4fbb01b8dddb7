/** Pane 6: alert channels; the detail shows the config (secrets masked), subscriptions, webhook preview. */
import { detailMoves } from "../detail-keys.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { alertChannelRows } from "./rows.ts";
import { AlertChannelsPane } from "./view.tsx";

export const alerts: PaneSpec<"alerts"> = {
  id: "alerts",
  title: "Alert channels",
  palette: "alerts",
  rows: listRows(alertChannelRows, (c) => String(c.id)),
  detail: "alert channel detail: its newest deliveries, config (masked), subscriptions, webhook preview",
  jobs(s, k) {
    const jobs = [k.list("alertChannels"), k.checks];
    // the detail shows the channel's newest deliveries: what it was asked to send and how that went
    if (s.ui.detail.alerts)
      jobs.push(
        k.one("variables", () => k.loaders.variables()),
        k.list("alertNotifications"),
      );
    return jobs;
  },
  loadedAt: (s) => s.alertChannels.loadedAt,
  crumbs: (s) => (s.ui.detail.alerts ? [`#${s.ui.detail.alerts}`] : []),
  bindings: [
    detailMoves("alerts", "in the detail: scroll"),
    {
      action: "reveal-secrets",
      keys: ["v"],
      help: "reveal / mask the channel's secrets",
      // not a change at the service, but a secret on the screen: never in read-only mode
      mutating: true,
      what: "revealing secrets",
      scope: "detail",
      run: ({ actions, store }) => actions.toggleReveal(store.getState().ui.detail.alerts ?? ""),
    },
    {
      action: "alert-type",
      keys: ["a"],
      help: "webhook preview: next alert type",
      scope: "detail",
      run: ({ actions }) => actions.nextAlertType(),
    },
  ],
  view: AlertChannelsPane,
};
