/**
 * Conditional GETs of the alert channels list, over real HTTP on loopback against the embedded service
 * with the real client: the ETag is the list's version (migration 010), a matching If-None-Match is a 304
 * and the client gives back the page it holds (the same array). A 304 must never hide a change: every
 * write that changes the answer — to a channel, a subscription, a check's subscriptions, a check's
 * deletion — is followed by a read that sees it, compared with a fresh read by a client holding nothing;
 * then a seeded random sequence of such writes, checked after each one, page by page.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Client, createClient } from "../../src/api/client.ts";
import type { HttpActivity } from "../../src/api/http.ts";
import { rng } from "../support/rng.ts";
import { startTestService, type TestService } from "./support.ts";

let svc: TestService;
let client: Client;
/** The statuses the held client's requests were answered with, in order. */
let statuses: number[];

function newClient(onActivity?: (e: HttpActivity) => void): Client {
  return createClient({ baseUrl: svc.url, apiKey: svc.apiKey, retries: 0, onActivity });
}

beforeEach(async () => {
  svc = await startTestService();
  statuses = [];
  client = newClient((e) => {
    if (e.kind === "end") statuses.push(e.status);
  });
});
afterEach(async () => {
  await client.close();
  await svc.dispose();
});

async function ok(method: string, path: string, body?: unknown) {
  const r = await svc.call(method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}

const channel = (i: number, autoSubscribe = false) => ({
  type: "EMAIL",
  config: { address: `ops${i}@example.com` },
  autoSubscribe,
});

const urlCheck = (name: string, subs?: { alertChannelId: number; activated: boolean }[]) => ({
  name,
  activated: false,
  frequency: 10,
  locations: ["eu-west-1"],
  request: { url: "http://127.0.0.1:9/health" },
  ...(subs ? { alertChannelSubscriptions: subs } : {}),
});

/** A page as a client holding nothing reads it (the truth to compare with). */
async function fresh(page: number, limit: number) {
  const c = newClient();
  try {
    return await c.alertChannels.listPage({ page, limit });
  } finally {
    await c.close();
  }
}

describe("GET /v1/alert-channels conditionally", () => {
  it("gives an ETag; the same list asked with it is a 304 with no body, and the client's page is the held one", async () => {
    await ok("POST", "/v1/alert-channels", channel(1));
    const raw = await svc.call("GET", "/v1/alert-channels?limit=100");
    const etag = raw.headers.get("etag");
    expect(etag).toMatch(/^"ac-[0-9a-f]{8}-\d+"$/);
    expect(raw.headers.get("access-control-expose-headers")).toContain("ETag");
    const again = await svc.call("GET", "/v1/alert-channels?limit=100", undefined, {
      "if-none-match": etag ?? "",
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    const first = await client.alertChannels.listPage({ page: 1, limit: 100 });
    const second = await client.alertChannels.listPage({ page: 1, limit: 100 });
    expect(statuses).toEqual([200, 304]);
    expect(second.items).toBe(first.items);
    expect(second.total).toBe(1);
  });

  it.each([
    ["weak", (t: string) => `W/${t}`, 304],
    ["in a list", (t: string) => `"other", ${t}`, 304],
    ["star", () => "*", 304],
    ["of another start of the service", (t: string) => t.replace(/ac-[0-9a-f]{8}/, "ac-00000000"), 200],
    ["of another version", (t: string) => t.replace(/-(\d+)"$/, (_, v) => `-${Number(v) + 1}"`), 200],
  ])("If-None-Match %s", async (_name, tag, status) => {
    const etag = (await svc.call("GET", "/v1/alert-channels")).headers.get("etag") ?? "";
    expect(
      (await svc.call("GET", "/v1/alert-channels", undefined, { "if-none-match": tag(etag) })).status,
    ).toBe(status);
  });

  it("a bad query is refused even with a matching tag", async () => {
    const etag = (await svc.call("GET", "/v1/alert-channels")).headers.get("etag") ?? "";
    const r = await svc.call("GET", "/v1/alert-channels?limit=0", undefined, { "if-none-match": etag });
    expect(r.status).toBe(400);
  });

  it("a tag from before the service restarted is answered in full", async () => {
    await ok("POST", "/v1/alert-channels", channel(1));
    const etag = (await svc.call("GET", "/v1/alert-channels")).headers.get("etag") ?? "";
    await svc.close();
    const again = await startTestService({ dataDir: svc.dataDir });
    try {
      const r = await again.call("GET", "/v1/alert-channels", undefined, { "if-none-match": etag });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(1);
    } finally {
      await again.close();
      svc = again;
    }
  });

  // each write that changes the answer, after a read that held it (a 304 to show it was held)
  const writes: [string, (ids: { channel: number; auto: number; check: string }) => Promise<unknown>][] = [
    ["a channel created", () => ok("POST", "/v1/alert-channels", channel(9))],
    ["a channel's config updated", ({ channel: id }) => ok("PUT", `/v1/alert-channels/${id}`, channel(8))],
    ["a channel deleted", ({ channel: id }) => ok("DELETE", `/v1/alert-channels/${id}`)],
    [
      "a subscription deactivated",
      ({ auto, check }) =>
        ok("PUT", `/v1/alert-channels/${auto}/subscriptions`, { checkId: check, activated: false }),
    ],
    [
      "a subscription added",
      async ({ channel: id }) => {
        // a check subscribed to nothing (creating it changes no channel), then subscribed
        const check = (await ok("POST", "/v1/checks/url?autoAssignAlerts=false", urlCheck("two"))).id;
        await ok("PUT", `/v1/alert-channels/${id}/subscriptions`, { checkId: check, activated: true });
      },
    ],
    [
      "a channel's subscriptions replaced by its update",
      ({ auto }) => ok("PUT", `/v1/alert-channels/${auto}`, { ...channel(2, true), subscriptions: [] }),
    ],
    ["a check created (auto-subscribed)", () => ok("POST", "/v1/checks/url", urlCheck("new"))],
    [
      "a check's subscriptions changed by its update",
      ({ channel: id, check }) =>
        ok("PUT", `/v1/checks/url/${check}`, urlCheck("one", [{ alertChannelId: id, activated: true }])),
    ],
    ["a check deleted (its subscriptions cascade)", ({ check }) => ok("DELETE", `/v1/checks/${check}`)],
  ];

  it.each(writes)("%s: the next read sees it", async (_name, write) => {
    const plain = (await ok("POST", "/v1/alert-channels", channel(1))).id as number;
    const auto = (await ok("POST", "/v1/alert-channels", channel(2, true))).id as number;
    const check = (await ok("POST", "/v1/checks/url", urlCheck("one"))).id as string;
    const held = await client.alertChannels.listPage({ page: 1, limit: 100 });
    expect((await client.alertChannels.listPage({ page: 1, limit: 100 })).items).toBe(held.items);
    await write({ channel: plain, auto, check });
    const after = await client.alertChannels.listPage({ page: 1, limit: 100 });
    expect(statuses).toEqual([200, 304, 200]);
    expect(after.items).not.toEqual(held.items);
    expect(after).toEqual(await fresh(1, 100));
  });

  it("property: after any sequence of writes every page read conditionally is the fresh read, total and all", async () => {
    const seed = 27;
    const r = rng(seed);
    const channels: number[] = [];
    const checks: string[] = [];
    for (let i = 0; i < 12; i++)
      channels.push((await ok("POST", "/v1/alert-channels", channel(i, i % 3 === 0))).id);
    for (let i = 0; i < 4; i++) checks.push((await ok("POST", "/v1/checks/url", urlCheck(`c${i}`))).id);
    const ops: (() => Promise<unknown>)[] = [
      async () =>
        channels.push((await ok("POST", "/v1/alert-channels", channel(r.int(99), r.next() < 0.5))).id),
      async () => {
        const id = channels.splice(r.int(channels.length), 1)[0];
        if (id !== undefined) await ok("DELETE", `/v1/alert-channels/${id}`);
      },
      () => ok("PUT", `/v1/alert-channels/${r.pick(channels)}`, channel(r.int(99), r.next() < 0.5)),
      () =>
        ok("PUT", `/v1/alert-channels/${r.pick(channels)}/subscriptions`, {
          checkId: r.pick(checks),
          activated: r.next() < 0.5,
        }),
      async () => checks.push((await ok("POST", "/v1/checks/url", urlCheck(`n${r.int(99)}`))).id),
      async () => {
        const id = checks.splice(r.int(checks.length), 1)[0];
        if (id !== undefined) await ok("DELETE", `/v1/checks/${id}`);
      },
      async () => {}, // nothing written: the reads after it are 304s
    ];
    const limit = 5;
    for (let step = 0; step < 40; step++) {
      if (channels.length < 2) channels.push((await ok("POST", "/v1/alert-channels", channel(step))).id);
      if (checks.length < 2) checks.push((await ok("POST", "/v1/checks/url", urlCheck(`s${step}`))).id);
      await r.pick(ops)();
      const total = (await fresh(1, limit)).total ?? 0;
      for (let page = 1; page <= Math.ceil(total / limit) + 1; page++)
        expect(
          await client.alertChannels.listPage({ page, limit }),
          `seed ${seed} step ${step} page ${page}`,
        ).toEqual(await fresh(page, limit));
    }
    expect(statuses).toContain(304);
  });
});
