/**
 * The channel-type table agrees with the rest: every type has a transport of that type, its write schema
 * refuses an empty config, and every secret it names is masked for display (the raw value never shown).
 */
import { describe, expect, it } from "vitest";
import { CHANNEL_TYPE_SPECS, CHANNEL_TYPES, maskAlertChannel } from "../../../src/contract/channel-types.ts";
import { transportFor } from "../../../src/service/alerts/channels/registry.ts";

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

  it("a type outside the table has no transport", () => {
    expect(transportFor("CHAT_APP")).toBeUndefined();
    expect(transportFor("constructor")).toBeUndefined();
  });
});
