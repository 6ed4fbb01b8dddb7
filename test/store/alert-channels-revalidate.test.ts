/**
 * The alert channels list read again with nothing changed (lists/alert-channels.ts over the client's
 * conditional GETs), against the embedded service on loopback: the slice's loadedAt advances and its items
 * stay the very array held; a change to one channel builds a new list (the version is the whole list's:
 * every page is read again); a list held that these pages did not build is never taken for theirs; after a
 * change, the subscriptions equal to the held ones are the held objects.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { startTestService, type TestService } from "../service/support.ts";

let svc: TestService;
let client: Client;
const statuses: number[] = [];
beforeAll(async () => {
  svc = await startTestService();
  for (let i = 1; i <= 150; i++)
    await svc.call("POST", "/v1/alert-channels", {
      type: "EMAIL",
      config: { address: `ops${i}@example.com` },
    });
  client = createClient({
    baseUrl: svc.url,
    apiKey: svc.apiKey,
    onActivity: (e) => {
      if (e.kind === "end") statuses.push(e.status);
    },
  });
});
afterAll(async () => {
  await client?.close();
  await svc?.dispose();
});

describe("alert channels read again", () => {
  it("unchanged: loadedAt advances, the items are the same array; a change: a new list", async () => {
    let t = 1000;
    const store = createConsoleStore();
    const loaders = createLoaders(client, store, { now: () => t });
    await loaders.alertChannels();
    const held = store.getState().alertChannels;
    expect(held.items).toHaveLength(150);
    expect(held.total).toBe(150);

    statuses.length = 0;
    t = 2000;
    await loaders.alertChannels();
    const again = store.getState().alertChannels;
    expect(statuses).toEqual([304, 304]);
    expect(again.loadedAt).toBe(2000);
    expect(again.items).toBe(held.items);
    expect(again.total).toBe(150);

    const last = held.items[149];
    await svc.call("PUT", `/v1/alert-channels/${last?.id}`, {
      type: "EMAIL",
      config: { address: "changed@example.com" },
    });
    statuses.length = 0;
    t = 3000;
    await loaders.alertChannels();
    const changed = store.getState().alertChannels;
    expect(statuses).toEqual([200, 200]);
    expect(changed.items).not.toBe(held.items);
    expect(changed.items[149]?.config).toEqual({ address: "changed@example.com" });
    expect(changed.loadedAt).toBe(3000);
  });

  it("a list held that these pages did not build is replaced by theirs, even when every page is a 304", async () => {
    const other = createConsoleStore();
    await createLoaders(client, other).alertChannels();
    statuses.length = 0;
    const store = createConsoleStore();
    await createLoaders(client, store).alertChannels();
    expect(statuses).toEqual([304, 304]);
    expect(store.getState().alertChannels.items).toHaveLength(150);
    expect(store.getState().alertChannels.items).toEqual(other.getState().alertChannels.items);
  });

  it("after a change, each subscription equal to the one held at its place is that held object", async () => {
    const store = createConsoleStore();
    const loaders = createLoaders(client, store);
    await loaders.alertChannels();
    const channel = store.getState().alertChannels.items[120];
    for (let g = 1; g <= 5; g++)
      await svc.call("PUT", `/v1/alert-channels/${channel?.id}/subscriptions`, {
        groupId: g,
        activated: true,
      });
    await loaders.alertChannels();
    const held = store.getState().alertChannels.items[120]?.subscriptions ?? [];
    expect(held.map((x) => x.groupId)).toEqual([1, 2, 3, 4, 5]);

    await svc.call("PUT", `/v1/alert-channels/${channel?.id}/subscriptions`, {
      groupId: 3,
      activated: false,
    });
    await loaders.alertChannels();
    const now = store.getState().alertChannels.items[120]?.subscriptions ?? [];
    expect(now).toEqual(held.map((x) => (x.groupId === 3 ? { ...x, activated: false } : x)));
    expect(now.map((x, i) => x === held[i])).toEqual([true, true, false, true, true]);
  });
});
