import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alertChannelsApi } from "../../src/api/alert-channels.ts";
import { ApiError, ResponseShapeError, UsageError } from "../../src/api/errors.ts";
import { isAlertChannelType } from "../../src/contract/schemas/alert-channels.ts";
import {
  chatAppChannel,
  emailChannel,
  expectRequest,
  type Harness,
  notFound,
  startHarness,
  webhookChannel,
} from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof alertChannelsApi>;
beforeEach(async () => {
  h = await startHarness();
  api = alertChannelsApi(h.http);
});
afterEach(() => h.close());

describe("alertChannelsApi.list", () => {
  it("GETs /v1/alert-channels with limit and page and parses typed configs", async () => {
    h.srv.reply({ json: [webhookChannel, emailChannel] });
    const list = await api.list({ limit: 2, page: 3 });
    const r = h.srv.last;
    expectRequest(r, "GET", "/v1/alert-channels", { query: "limit=2&page=3" });
    expect(list).toEqual([webhookChannel, emailChannel]);
    const first = list[0];
    if (!first || !isAlertChannelType(first, "WEBHOOK")) throw new Error("expected a webhook channel first");
    expect(first.config.headers?.[0]?.key).toBe("Authorization");
    expect(first.subscriptions?.[1]).toEqual({ id: 8, checkId: null, groupId: 12, activated: false });
  });

  it("sends no query when none is given", async () => {
    h.srv.reply({ json: [] });
    expect(await api.list()).toEqual([]);
    expect(h.srv.last.rawQuery).toBe("");
  });

  it("keeps an unknown channel type and its config as they are", async () => {
    h.srv.reply({ json: [chatAppChannel] });
    const [c] = await api.list();
    expect(c).toEqual(chatAppChannel);
    expect(c?.type).toBe("CHAT_APP");
  });

  it("a known type with a malformed config is a ResponseShapeError", async () => {
    h.srv.reply({ json: [{ ...webhookChannel, config: { ...webhookChannel.config, headers: "x" } }] });
    const e = await api.list().catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.message).toContain("GET /v1/alert-channels");
  });

  it("a subscription that does not fit is a ResponseShapeError naming it (each channel's read apart)", async () => {
    const subscriptions = [
      ...webhookChannel.subscriptions,
      { id: 9, checkId: null, groupId: 3, activated: 1 },
    ];
    h.srv.reply({ json: [emailChannel, { ...webhookChannel, subscriptions }] });
    const e = await api.list().catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("[1].subscriptions[2].activated");
  });

  it.each([{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { page: 0 }])(
    "refuses %o with a UsageError before sending",
    async (q) => {
      await expect(api.list(q)).rejects.toBeInstanceOf(UsageError);
      expect(h.srv.requests).toHaveLength(0);
    },
  );

  it("listAll pages with limit=100 until a short page", async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ ...emailChannel, id: i + 1 }));
    h.srv.reply({ json: full }, { json: [webhookChannel] });
    const all = await api.listAll();
    expect(all).toHaveLength(101);
    expect(h.srv.requests.map((r) => r.rawQuery)).toEqual(["limit=100&page=1", "limit=100&page=2"]);
  });
});

describe("alertChannelsApi.get", () => {
  it("GETs /v1/alert-channels/{id}", async () => {
    h.srv.reply({ json: emailChannel });
    const c = await api.get(42);
    expectRequest(h.srv.last, "GET", "/v1/alert-channels/42");
    expect(c).toEqual(emailChannel);
  });

  it("turns a 404 into an ApiError with the server's message", async () => {
    h.srv.reply(notFound("Alert channel not found."));
    const e = await api.get(9).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(e.message).toBe("GET /v1/alert-channels/9 failed: 404 Alert channel not found.");
  });

  it("refuses a non-integer id without sending", async () => {
    await expect(api.get(1.5)).rejects.toBeInstanceOf(UsageError);
    await expect(api.get(0)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });
});

describe("alertChannelsApi writes (beyond the seed)", () => {
  it("create POSTs the body with defaults applied and accepts the 201", async () => {
    h.srv.reply({ status: 201, json: emailChannel });
    const c = await api.create({ type: "EMAIL", config: { address: "oncall@example.com" } });
    const r = h.srv.last;
    expectRequest(r, "POST", "/v1/alert-channels", {
      body: {
        type: "EMAIL",
        config: { address: "oncall@example.com" },
        sendRecovery: true,
        sendFailure: true,
        sendDegraded: false,
        sslExpiry: false,
        sslExpiryThreshold: 30,
        autoSubscribe: false,
      },
    });
    expect(c).toEqual(emailChannel);
  });

  it("update PUTs /v1/alert-channels/{id}", async () => {
    h.srv.reply({ json: webhookChannel });
    const updated = await api.update(41, {
      type: "WEBHOOK",
      config: { name: "ops hook", url: "https://hooks.example.com/{{CHECK_ID}}" },
      sendDegraded: true,
      sslExpiryThreshold: 7,
    });
    expectRequest(h.srv.last, "PUT", "/v1/alert-channels/41", {
      body: {
        type: "WEBHOOK",
        config: { name: "ops hook", url: "https://hooks.example.com/{{CHECK_ID}}", method: "POST" },
        sendRecovery: true,
        sendFailure: true,
        sendDegraded: true,
        sslExpiry: false,
        sslExpiryThreshold: 7,
        autoSubscribe: false,
      },
    });
    expect(updated).toEqual(webhookChannel);
  });

  it.each([
    ["an unknown type", { type: "PIGEON", config: {} }],
    [
      "a missing required config member",
      { type: "ONCALL", config: { name: "x", apiKey: "k", region: "EU" } },
    ],
    [
      "an sslExpiryThreshold above 30",
      { type: "EMAIL", config: { address: "a@b.co" }, sslExpiryThreshold: 31 },
    ],
    ["an invalid email", { type: "EMAIL", config: { address: "nope" } }],
  ])("create refuses %s before sending", async (_label, body) => {
    await expect(api.create(body as never)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("create drops unknown and read-only members (a channel as read) instead of sending them", async () => {
    h.srv.reply({ status: 201, json: { id: 9, type: "SMS", config: { name: "a", number: "+1" } } });
    await api.create({ id: 0, type: "SMS", config: { name: "a", number: "+1", extra: 1 } } as never);
    expect(h.srv.last.json).toMatchObject({ type: "SMS", config: { name: "a", number: "+1" } });
    expect(h.srv.last.json).not.toHaveProperty("id");
    expect(h.srv.last.json).not.toHaveProperty("config.extra");
  });

  it("a refused body never echoes its secrets in the error", async () => {
    const secret = "whsec_do_not_print_0123456789";
    const e = await api
      .create({
        type: "WEBHOOK",
        config: { name: "", url: "https://h.test", webhookSecret: secret, method: "FETCH" },
      } as never)
      .catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(/^alert channel: /);
    expect(e.message).not.toContain(secret);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("setSubscription PUTs one subscription and parses the entry", async () => {
    const entry = { id: 9, checkId: "0bbfc00c-44df-46a7-a4d9-ba38deca8bfd", groupId: null, activated: true };
    h.srv.reply({ json: entry });
    const s = await api.setSubscription(41, { checkId: entry.checkId, activated: true });
    const r = h.srv.last;
    expectRequest(r, "PUT", "/v1/alert-channels/41/subscriptions", {
      body: { checkId: entry.checkId, activated: true },
    });
    expect(s).toEqual(entry);
  });

  it("setSubscription needs exactly one of checkId and groupId", async () => {
    await expect(api.setSubscription(41, { activated: true })).rejects.toBeInstanceOf(UsageError);
    await expect(
      api.setSubscription(41, {
        checkId: "0bbfc00c-44df-46a7-a4d9-ba38deca8bfd",
        groupId: 3,
        activated: true,
      }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });
});
