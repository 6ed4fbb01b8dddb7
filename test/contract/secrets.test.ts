import { describe, expect, it } from "vitest";
import { maskAlertChannel } from "../../src/contract/channel-types.ts";
import {
  isSecretField,
  isSensitiveHeaderName,
  maskPrivateLocation,
  maskSecrets,
  maskUrlCredentials,
  maskValue,
  maskWebhookUrlPath,
} from "../../src/contract/secrets.ts";
import { emailChannel, privateLocationCreated, webhookChannel } from "../support/fixtures-b.ts";

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
};
const clone = <T>(v: T): T => structuredClone(v);
const json = (v: unknown) => JSON.stringify(v);

describe("maskValue", () => {
  it("keeps the last 4 characters of long values and hides short ones", () => {
    expect(maskValue("whsec_0123456789abcdef")).toBe("...cdef");
    expect(maskValue("short")).toBe("****");
  });
  it("keeps the auth scheme, masks the credential", () => {
    expect(maskValue("Bearer whk_live_9f8e7d6c5b4a")).toBe("Bearer ...5b4a");
    expect(maskValue("Basic dXNlcjpwYXNzd29yZA==")).toBe("Basic ...ZA==");
    expect(maskValue("Basic dXNlcjpw")).toBe("Basic ****");
  });
  it("keeps empty values and pure template references", () => {
    expect(maskValue("")).toBe("");
    expect(maskValue("{{API_TOKEN}}")).toBe("{{API_TOKEN}}");
    expect(maskValue("Bearer {{{TOKEN}}}")).toBe("Bearer {{{TOKEN}}}");
  });
});

describe("names", () => {
  it("recognises secret fields and auth-like header names", () => {
    for (const f of ["webhookSecret", "apiKey", "serviceKey", "rawKey", "password", "token", "api_key"])
      expect(isSecretField(f), f).toBe(true);
    for (const f of ["maskedKey", "key", "name", "pingToken", "serviceName", "id"])
      expect(isSecretField(f), f).toBe(false);
    for (const n of ["Authorization", "x-api-key", "X-Auth-Token", "token", "Cookie", "x-client-secret"])
      expect(isSensitiveHeaderName(n), n).toBe(true);
    // a query parameter as a {key, value} pair is masked as it is in a URL (api_key=, key=, sig=)
    for (const n of ["api_key", "X_API_KEY", "key", "sig"]) expect(isSensitiveHeaderName(n), n).toBe(true);
    for (const n of ["Content-Type", "Accept", "x-request-id", "keyword", "x-signal"])
      expect(isSensitiveHeaderName(n), n).toBe(false);
  });
});

describe("maskUrlCredentials", () => {
  it("masks the password of user:password@ and secret query values", () => {
    expect(maskUrlCredentials("https://user:s3cret@164.92.149.127:3128")).toBe(
      "https://user:****@164.92.149.127:3128",
    );
    expect(maskUrlCredentials("http://a:b:c@h/p")).toBe("http://a:****@h/p");
    expect(maskUrlCredentials("https://h/x?api_key=abc123&page=2&token=zz")).toBe(
      "https://h/x?api_key=****&page=2&token=****",
    );
  });
  it("leaves URLs without credentials and plain text alone", () => {
    for (const s of ["https://h.example.com:8443/a?b=c", "user@example.com", "ratio 3:2 @ noon", "host:3128"])
      expect(maskUrlCredentials(s)).toBe(s);
  });
  it("keeps template references in query values", () => {
    expect(maskUrlCredentials("https://h/x?token={{TOKEN}}")).toBe("https://h/x?token={{TOKEN}}");
  });
});

describe("maskAlertChannel", () => {
  it("masks webhookSecret and auth headers, keeps everything else", () => {
    const input = deepFreeze(clone(webhookChannel));
    const out = maskAlertChannel(input);
    expect(out.config.webhookSecret).toBe("...cdef");
    expect(out.config.headers?.[0]).toEqual({ key: "Authorization", value: "Bearer ...5b4a", locked: false });
    expect({ ...out, config: { ...out.config, webhookSecret: 0, headers: 0 } }).toEqual({
      ...webhookChannel,
      config: { ...webhookChannel.config, webhookSecret: 0, headers: 0 },
    });
    expect(json(out)).not.toContain("whsec_0123456789abcdef");
    expect(json(out)).not.toContain("whk_live_9f8e7d6c5b4a");
  });

  it("masks header values by key and credential-looking values under any key", () => {
    const ch = {
      type: "WEBHOOK",
      config: {
        headers: [
          { key: "x-api-key", value: "k-1234567890abcdef" },
          { key: "X-Custom", value: "Token abcdefghijklmnop" },
          { key: "Content-Type", value: "application/json" },
          { key: "Authorization", value: "Bearer {{API_TOKEN}}" },
        ],
        queryParameters: [
          { key: "access_token", value: "qp-secret-value-123" },
          { key: "page", value: "1" },
        ],
      },
    };
    const out = maskAlertChannel(ch);
    expect(out.config.headers.map((x) => x.value)).toEqual([
      "...cdef",
      "Token ...mnop",
      "application/json",
      "Bearer {{API_TOKEN}}",
    ]);
    expect(out.config.queryParameters.map((x) => x.value)).toEqual(["...-123", "1"]);
  });

  it("masks ONCALL apiKey and PAGING serviceKey", () => {
    const oncall = maskAlertChannel({
      type: "ONCALL",
      config: { name: "n", apiKey: "og-0123456789abcdef", region: "EU" },
    });
    expect(oncall.config).toEqual({ name: "n", apiKey: "...cdef", region: "EU" });
    const paging = maskAlertChannel({
      type: "PAGING",
      config: { serviceKey: "pd-key-abcdefgh1234", serviceName: "svc" },
    });
    expect(paging.config).toEqual({ serviceKey: "...1234", serviceName: "svc" });
  });

  it("masks the path of a CHAT incoming-webhook URL, keeping the host", () => {
    const out = maskAlertChannel({
      type: "CHAT",
      config: { url: "https://hooks.chat.test/services/T0/B0/XyZ123abc", channel: "#ops" },
    });
    expect(out.config).toEqual({ url: "https://hooks.chat.test/...3abc", channel: "#ops" });
    expect(maskWebhookUrlPath("https://h.test")).toBe("https://h.test");
    expect(maskWebhookUrlPath("https://h.test/")).toBe("https://h.test");
    expect(maskWebhookUrlPath("not a url at all")).toBe("... all");
  });

  it("leaves a channel without secrets equal to its input", () => {
    expect(maskAlertChannel(deepFreeze(clone(emailChannel)))).toEqual(emailChannel);
  });
});

describe("maskPrivateLocation and maskSecrets", () => {
  it("masks rawKey and proxy credentials, keeps maskedKey and the rest", () => {
    const input = deepFreeze(clone(privateLocationCreated));
    const out = maskPrivateLocation(input);
    expect(out.keys[0]?.rawKey).toBe("...3912");
    expect(out.keys[0]?.maskedKey).toBe("...3912");
    expect(out.proxyUrl).toBe("https://user:****@164.92.149.127:3128");
    expect(out.name).toBe("Data center EU");
    expect(out.slugName).toBe("data-center-eu");
    expect(json(out)).not.toContain("pl_a89026d28a0c45cf9e11b4c3637f3912");
    expect(json(out)).not.toContain("s3cret");
  });

  it("walks nested objects and arrays, never mutating the input", () => {
    const input = {
      list: [{ deep: { rawKey: "pl_ffffffffffffffff0001" } }],
      page: { entries: [{ config: { webhookSecret: "abc" } }] },
      n: 3,
      nil: null,
      flag: true,
      description: "Basic checks pass; see https://status.test/incident",
    };
    const before = clone(input);
    const out = maskSecrets(input);
    expect(input).toEqual(before);
    expect(out).not.toBe(input);
    expect(out.list[0]?.deep.rawKey).toBe("...0001");
    expect(out.page.entries[0]?.config.webhookSecret).toBe("****");
    expect([out.n, out.nil, out.flag, out.description]).toEqual([3, null, true, input.description]);
  });

  it("keeps null secrets and non-string secret fields' structure", () => {
    expect(maskSecrets({ rawKey: null, token: { id: "t" } })).toEqual({ rawKey: null, token: { id: "t" } });
  });
});
