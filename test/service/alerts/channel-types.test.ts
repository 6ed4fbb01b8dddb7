/**
 * The channel types agree with the rest: every type has a transport of that type, which reads the stored
 * config with the type's schema (one that does not read is an error, never sent); its write schema refuses
 * an empty config, and every secret it names is masked for display (the raw value never shown).
 */
import { describe, expect, it } from "vitest";
import { CHANNEL_TYPE_SPECS, CHANNEL_TYPES, maskAlertChannel } from "../../../src/contract/channel-types.ts";
import { transportFor } from "../../../src/service/alerts/channels/registry.ts";
import { resolveAlertingConfig } from "../../../src/service/alerts/config.ts";
import { sampleAlert } from "../../../src/shared/webhook/variables.ts";

describe("alert channel types", () => {
  it.each(CHANNEL_TYPES)("%s: transport, write schema and masked secrets from its spec", (type) => {
    const spec = CHANNEL_TYPE_SPECS[type];
    expect(transportFor(type)?.type).toBe(type);
    expect(spec.write.safeParse({}).success).toBe(false);
    const raw = "s3cr3t-value-0123456789abcdef";
    const config = Object.fromEntries(
      spec.secrets.map((s) => [s.field, s.kind === "url-path" ? `https://hooks.example.com/T0/${raw}` : raw]),
    );
    const shown = JSON.stringify(maskAlertChannel({ id: 1, type, config }));
    expect(shown).not.toContain(raw);
    for (const s of spec.secrets) expect(shown).toContain(`"${s.field}"`);
  });

  it("a stored config its type cannot read is an error, never sent (one line naming the member)", () => {
    const ctx = {
      alert: sampleAlert("ALERT_FAILURE", 0),
      family: "failure",
      variables: {},
      userVariables: {},
      now: 0,
      config: resolveAlertingConfig({ smtpUrl: "smtp://127.0.0.1:1" }, {}),
    } as const;
    const webhook = transportFor("WEBHOOK")?.prepare(
      { id: 1, type: "WEBHOOK", config: { headers: "x" } },
      ctx,
    );
    expect(webhook).toEqual({
      kind: "error",
      reason: "WEBHOOK channel's config.headers is malformed: Invalid input: expected array, received string",
    });
    const email = transportFor("EMAIL")?.prepare({ id: 2, type: "EMAIL", config: { address: 5 } }, ctx);
    expect(email).toMatchObject({
      kind: "error",
      reason: expect.stringMatching(/^EMAIL channel's config.address/),
    });
    const fine = transportFor("EMAIL")?.prepare(
      { id: 3, type: "EMAIL", config: { address: "a@b.example" } },
      ctx,
    );
    expect(fine).toMatchObject({ kind: "ready", payload: { to: "a@b.example" } });
  });

  it("a type outside the table has no transport", () => {
    expect(transportFor("CHAT_APP")).toBeUndefined();
    expect(transportFor("constructor")).toBeUndefined();
  });
});
