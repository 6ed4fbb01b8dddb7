/**
 * The small panel actions of the work panes: dropping the one-time panel (and its secret), revealing an
 * alert channel's secrets (`v`) and cycling the webhook preview's alert type (`a`).
 */
import { ALERT_TYPES } from "../../shared/webhook/variables.ts";
import { apply } from "../state.ts";
import { setAlertType, setOnce, setRevealed } from "../view/work.ts";
import type { WorkDeps } from "./work.ts";

export function createPanelActions(deps: Pick<WorkDeps, "store" | "readOnly" | "notice">) {
  const { store } = deps;
  const get = store.getState;
  return {
    /** Drop the one-time panel (and the secret with it). */
    dismissOnce(): void {
      apply(store, setOnce(get(), undefined));
    },

    /** `v` on an alert channel detail: show / hide its secrets (never in read-only mode). */
    toggleReveal(id: string): void {
      if (deps.readOnly) {
        deps.notice("read-only: secrets stay masked");
        return;
      }
      apply(store, setRevealed(get(), get().work.revealed === id ? undefined : id));
    },

    /** `a` on a WEBHOOK channel detail: the next alert type of the body preview. */
    nextAlertType(): void {
      const i = (ALERT_TYPES as readonly string[]).indexOf(get().work.alertType);
      apply(store, setAlertType(get(), ALERT_TYPES[(i + 1) % ALERT_TYPES.length] ?? "ALERT_FAILURE"));
    },
  };
}
