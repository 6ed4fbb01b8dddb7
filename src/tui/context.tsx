/**
 * What every component reads: the store (through narrow selectors, so each re-renders only when its own
 * slice of state changes), the theme, and the session's fixed facts (read-only, profile, host).
 */
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { ConsoleState, ConsoleStore } from "../store/state.ts";
import type { Keymap } from "./keymap.ts";
import type { RendererLoader } from "./panes/alerts/webhook-preview.ts";
import type { Theme } from "./theme.ts";

export type ConsoleInfo = {
  store: ConsoleStore;
  theme: Theme;
  readOnly: boolean;
  /** Profile name, or "default". */
  profile: string;
  /** Service host shown in the status line (host:port, no credentials). */
  host: string;
  /** The age after which the shown data is called stale (ms). */
  staleAfterMs: number;
  /** Chart axes and bucket times in UTC instead of local time (`--utc`, a profile's `utc`). */
  utc?: boolean;
  /** The keys with the config file's keys section applied (default: the bindings' own). */
  keymap?: Keymap | undefined;
  /** Where the webhook preview's renderer comes from (default: the shared one, loaded on first use). */
  webhookRenderer?: RendererLoader | undefined;
};

export const ConsoleContext = createContext<ConsoleInfo | undefined>(undefined);

export function useInfo(): ConsoleInfo {
  const v = useContext(ConsoleContext);
  if (!v) throw new Error("ConsoleContext missing");
  return v;
}

export function useConsole<T>(selector: (s: ConsoleState) => T): T {
  return useStore(useInfo().store, selector);
}
