/**
 * A service warms its first reads once it listens (RunningService.warm, what `vigil serve` does for the
 * console that started it): a client asking meanwhile gets the answers it gets afterwards; once the service
 * is stopping, it asks nothing.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { startService } from "../../src/service/main.ts";
import { call, TEST_KEY, tempDir } from "./support.ts";

const data = tempDir();
afterAll(() => rmSync(data, { recursive: true, force: true }));

const READS = [
  "/v1/locations",
  "/v1/checks?page=1&limit=100",
  "/v1/check-statuses",
  "/v1/status-pages/incidents?limit=100",
];

describe("the warm-up of a service's first reads", () => {
  it("a client asking while it runs is answered as afterwards", async () => {
    const svc = await startService({ dataDir: data, demo: true, scheduler: false, apiKey: TEST_KEY });
    try {
      const ask = () => Promise.all(READS.map((p) => call(svc.url, svc.apiKey, "GET", p)));
      const [during] = await Promise.all([ask(), svc.warm()]);
      const after = await ask();
      expect(during.map((r) => r.status)).toEqual(READS.map(() => 200));
      expect(during.map((r) => r.body)).toEqual(after.map((r) => r.body));
    } finally {
      await svc.close();
    }
  });

  it("asks nothing once the service is stopping", async () => {
    const svc = await startService({ dataDir: data, demo: false, scheduler: false, apiKey: TEST_KEY });
    const closed = svc.close();
    await expect(svc.warm()).resolves.toBeUndefined();
    await closed;
  });
});
