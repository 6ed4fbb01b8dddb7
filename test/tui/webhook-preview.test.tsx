/**
 * The webhook preview of an alert channel when its renderer cannot be loaded (its module fails to import, as
 * with a dependency missing from the install): the preview says why, instead of "rendering…" for ever; the
 * pure lines say the same; the next opening tries the import again.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import { listLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { alertChannelLines } from "../../src/tui/panes/alerts/lines.ts";
import { rendererLoader, type WebhookRenderer } from "../../src/tui/panes/alerts/webhook-preview.ts";
import { storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

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

/** A loader whose import is a real module that throws as it loads; counts its attempts. */
function brokenLoader() {
  let attempts = 0;
  const loader = rendererLoader(async () => {
    attempts++;
    // a module whose evaluation failed fails again on every import (ECMAScript keeps its error)
    await import("./support/broken-webhook-renderer.ts");
    throw new Error("unreachable: the module throws as it is imported");
  });
  return { loader, attempts: () => attempts };
}

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

  it("a failed load is not kept: the next load imports again, and one that works is kept", async () => {
    const broken = brokenLoader();
    await expect(broken.loader.load()).rejects.toThrow("Cannot find module 'handlebars'");
    await expect(broken.loader.load()).rejects.toThrow("Cannot find module 'handlebars'");
    expect(broken.attempts()).toBe(2);
    expect(broken.loader.current()).toBeUndefined();

    let imports = 0;
    const fine = { renderWebhook: () => "" } as unknown as WebhookRenderer;
    const ok = rendererLoader(async () => {
      imports++;
      return fine;
    });
    expect(await ok.load()).toBe(fine);
    expect(await ok.load()).toBe(fine);
    expect(ok.current()).toBe(fine);
    expect(imports).toBe(1);
  });

  it("the console's preview shows why it cannot render", async () => {
    const store = storeWith([], [], Date.now());
    apply(store, listLoaded("alertChannels", [webhook], Date.now()));
    apply(store, setPane(store.getState(), "alerts"));
    const c = renderConsole(store, { columns: 120, rows: 40 }, { webhookRenderer: brokenLoader().loader });
    close = () => c.close();
    await c.press("\r");
    const f = await frameWhere(c, (f) => f.includes("renderer could not be loaded"));
    // the module's own error, its first line only
    expect(f).toMatch(/✖ the renderer could not be loaded: .*Cannot find module 'handlebars'/);
    expect(f).not.toContain("require stack");
    expect(f).not.toContain("rendering…");
  });
});
