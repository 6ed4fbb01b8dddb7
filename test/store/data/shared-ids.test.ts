/**
 * A check and its status hold one id string (store/data/intern.ts), also when the first statuses read
 * answers before the checks list is held: the statuses map's keys, the statuses' `checkId` and the
 * checks' `id` are one string per check in the console's heap (a heap snapshot counts them), not two.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/api/client.ts";
import { createLoaders } from "../../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import { heapStringCopies } from "../../support/heap-strings.ts";
import { ScriptedServer } from "../../support/scripted-server.ts";

const N = 40;
const ID = /^held-id-\d+-zq$/;

describe("check ids held once", () => {
  let srv: ScriptedServer;
  beforeAll(async () => {
    srv = await new ScriptedServer().start();
    // the answers as JSON text made once (their ids are not otherwise strings of this process)
    const checks = JSON.stringify(
      Array.from({ length: N }, (_, i) => ({ id: `held-id-${i}-zq`, name: `c${i}`, checkType: "API" })),
    );
    const statuses = JSON.stringify(
      Array.from({ length: N }, (_, i) => ({ checkId: `held-id-${i}-zq`, hasFailures: i % 2 === 0 })),
    );
    srv.always((req) => ({
      body: req.path === "/v1/checks" ? checks : statuses,
      headers: { "content-type": "application/json" },
    }));
  });
  afterAll(async () => {
    await srv.close();
  });

  it.each(["statuses first", "checks first"])("%s: one string per check id", async (order) => {
    const client = createClient({ baseUrl: srv.url, apiKey: "k", retries: 0 });
    const store = createConsoleStore();
    const loaders = createLoaders(client, store);
    try {
      if (order === "statuses first") {
        await loaders.statuses();
        await loaders.checks();
      } else {
        await loaders.checks();
        await loaders.statuses();
      }
      const s = store.getState();
      expect(s.checks.items).toHaveLength(N);
      expect(s.statuses.byId.size).toBe(N);
      for (const st of s.statuses.byId.values()) expect(s.checks.byId.get(st.checkId)?.id).toBe(st.checkId);
      const copies = await heapStringCopies(ID);
      expect(copies.size).toBe(N);
      expect(new Set(copies.values())).toEqual(new Set([1]));
      // a status poll that changes nothing keeps the statuses held (and so their strings)
      const held = [...s.statuses.byId.values()];
      await loaders.statuses();
      expect([...store.getState().statuses.byId.values()]).toEqual(held);
      const after = [...store.getState().statuses.byId.values()];
      for (let i = 0; i < N; i++) expect(after[i]).toBe(held[i]);
    } finally {
      await client.close();
    }
  });
});
