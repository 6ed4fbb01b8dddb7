/**
 * A webhook body that is JSON stays JSON (issue 28): the demo channel's template rendered for a check
 * whose alert title holds quotes gives a body that parses, with the title as it is — never `&quot;`.
 * Outside a JSON body, `{{VAR}}` keeps Handlebars' HTML escaping (the hosted semantics).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderWebhook } from "../../src/shared/webhook/render.ts";
import { renderTemplate } from "../../src/shared/webhook/template.ts";
import { alertVariables, sampleAlert } from "../../src/shared/webhook/variables.ts";

const workspace = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../assets/demo-workspace.json"), "utf8"),
);
const demoWebhook = (workspace.alertChannels as { type: string; config: Record<string, unknown> }[]).find(
  (c) => c.type === "WEBHOOK",
)!;

describe("a JSON webhook body", () => {
  it("the demo template: valid JSON, the title with its quotes, no HTML entities", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const alert = sampleAlert("ALERT_FAILURE", now);
    alert.check.name = `Checkout "API" & <cart>`;
    const vars = alertVariables(alert);
    const req = renderWebhook(
      { ...demoWebhook.config, url: "http://127.0.0.1:9/hook" },
      vars,
      {},
      { now: () => now },
    );
    expect(req.body).not.toMatch(/&quot;|&amp;|&lt;|&#x27;/);
    const body = JSON.parse(req.body);
    expect(body.title).toBe('Check "Checkout "API" & <cart>" has failed');
    expect(body.check).toBe(`Checkout "API" & <cart>`);
    expect(body.type).toBe("ALERT_FAILURE");
  });

  it("triple-stash, each and a multi-line value stay valid JSON too", () => {
    const src = '{"a": "{{{X}}}", "tags": [{{#each TAGS}}"{{this}}"{{#unless @last}},{{/unless}}{{/each}}]}';
    const req = renderWebhook(
      { url: "http://h.example/", template: src },
      { X: 'say "hi"\nbye', TAGS: ['a"b', "c"] },
    );
    expect(JSON.parse(req.body)).toEqual({ a: 'say "hi"\nbye', tags: ['a"b', "c"] });
  });

  it("a body that is not JSON, and headers, keep Handlebars' HTML escaping", () => {
    expect(renderTemplate("{{X}}", { X: 'a "b"' })).toBe("a &quot;b&quot;");
    const req = renderWebhook(
      { url: "http://h.example/", template: "text {{X}}", headers: [{ key: "x-t", value: "{{X}}" }] },
      { X: 'a "b"' },
    );
    expect(req.body).toBe("text a &quot;b&quot;");
    expect(req.headers["x-t"]).toBe("a &quot;b&quot;");
  });
});
