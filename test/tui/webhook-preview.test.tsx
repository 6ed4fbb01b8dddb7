/**
 * The webhook preview of an alert channel when its renderer cannot be loaded (the module fails to import):
 * the preview says why, instead of "rendering…" for ever; the pure lines say the same.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import { listLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { alertChannelLines } from "../../src/tui/panes/alerts/lines.ts";
import { storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

vi.mock("../../src/shared/webhook/render.ts", () => {
  throw new Error("Cannot find module 'handlebars'\nrequire stack: …");
});

const webhook = {
  id: 7,
  type: "WEBHOOK",
  config: {
    name: "Bot",
    url: "https://hooks.example/in",
    method: "POST",
    template: '{"t": "{{ALERT_TITLE}}"}',
  },
  subscriptions: [],
  sendFailure: true,
  sendRecovery: true,
  sslExpiry: false,
} as unknown as AlertChannel;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("webhook preview without its renderer", () => {
  it("the lines say the load error, on one line, sanitised", () => {
    const opts = { revealed: false, alertType: "ALERT_FAILURE", checks: new Map(), now: 0 };
    const lines = alertChannelLines(webhook, { ...opts, renderer: { loadError: "boom\u001b[2J" } });
    expect(lines.at(-1)).toEqual({ text: "  ✖ the renderer could not be loaded: boom␛[2J", tone: "error" });
    expect(alertChannelLines(webhook, { ...opts, renderer: undefined }).at(-1)?.text).toBe("  rendering…");
  });

  it("the console's preview shows why it cannot render", async () => {
    const store = storeWith([], [], Date.now());
    apply(store, listLoaded("alertChannels", [webhook], Date.now()));
    apply(store, setPane(store.getState(), "alerts"));
    const c = renderConsole(store, { columns: 120, rows: 40 });
    close = () => c.close();
    await c.press("\r");
    const f = await frameWhere(c, (f) => f.includes("renderer could not be loaded"));
    // vitest wraps the module's error in its own first line ("There was an error when mocking a module")
    expect(f).toMatch(/✖ the renderer could not be loaded: .*error when mocking/);
    expect(f).not.toContain("rendering…");
  });
});
