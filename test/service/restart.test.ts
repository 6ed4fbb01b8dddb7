import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startService } from "../../src/service/main.ts";
import { call, tempDir } from "./support.ts";

const data = tempDir();
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe("restart survival", () => {
  it("everything written before a restart reads back the same after it", async () => {
    const env = process.env.VIGIL_API_KEY;
    delete process.env.VIGIL_API_KEY;
    try {
      const a = await startService({ dataDir: data, demo: false, scheduler: false });
      expect(statSync(join(data, "api-key")).mode & 0o777).toBe(0o600);
      const c = (m: string, p: string, b?: unknown) => call(a.url, a.apiKey, m, p, b);
      const check = (
        await c("POST", "/v1/checks/api", {
          name: "Kept",
          tags: ["keep"],
          request: { method: "GET", url: "http://127.0.0.1:9/" },
        })
      ).body;
      const channel = (
        await c("POST", "/v1/alert-channels", { type: "EMAIL", config: { address: "k@example.com" } })
      ).body;
      const loc = (await c("POST", "/v1/private-locations", { name: "Lab", slugName: "lab" })).body;
      const service = (await c("POST", "/v1/status-pages/services", { name: "Svc" })).body;
      const page = (
        await c("POST", "/v1/status-pages", {
          name: "Pg",
          url: "pg",
          cards: [{ name: "C", services: [{ id: service.id }] }],
        })
      ).body;
      const incident = (
        await c("POST", "/v1/status-pages/incidents", {
          name: "Inc",
          severity: "MINOR",
          services: [{ id: service.id }],
          incidentUpdates: [{ description: "u1" }],
        })
      ).body;
      const reads = [
        `/v1/checks/${check.id}`,
        `/v1/alert-channels/${channel.id}`,
        `/v1/status-pages/${page.id}`,
        `/v1/status-pages/incidents/${incident.id}`,
        "/v1/status-pages/services",
        "/v1/private-locations",
      ];
      const before = await Promise.all(reads.map((p) => c("GET", p)));
      const firstKey = a.apiKey;
      await a.close();

      const b = await startService({ dataDir: data, demo: false, scheduler: false });
      try {
        expect(b.apiKey).toBe(firstKey);
        expect(b.url).toBe(a.url);
        const after = await Promise.all(reads.map((p) => call(b.url, b.apiKey, "GET", p)));
        for (let i = 0; i < reads.length; i++) {
          expect(after[i]!.status).toBe(200);
          // the same port (src/service/address.ts): ping URLs included, nothing may change
          expect(after[i]!.body).toEqual(before[i]!.body);
        }
        const locRead = await call(b.url, b.apiKey, "GET", `/v1/private-locations/${loc.id}`);
        expect(locRead.body.keys[0].maskedKey).toBe(loc.keys[0].maskedKey);
        const more = await call(b.url, b.apiKey, "POST", "/v1/alert-channels", {
          type: "SMS",
          config: { name: "n", number: "1" },
        });
        expect(more.body.id).toBe(channel.id + 1);
      } finally {
        await b.close();
      }
    } finally {
      if (env !== undefined) process.env.VIGIL_API_KEY = env;
    }
  });
});
