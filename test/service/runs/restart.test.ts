import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/service/db/open.ts";
import { startService } from "../../../src/service/main.ts";
import { httpTarget, insertCheck } from "./support.ts";

const KEY = "restart-key-0123456789";
const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
let target: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  target = await httpTarget((_req, res) => res.end("ok"));
  dataDir = mkdtempSync(join(tmpdir(), "vigil-restart-"));
});
afterAll(async () => {
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("run data survives a restart of the service", () => {
  it("keeps sessions, results, statuses and analytics", async () => {
    const setup = openDatabase(join(dataDir, "vigil.db"));
    const checkId = insertCheck(setup, {
      checkType: "URL",
      name: "persisted",
      doc: { request: { url: `${target.url}/` } },
    });
    setup.close();

    const first = await startService({
      dataDir,
      demo: false,
      scheduler: false,
      apiKey: KEY,
      logError: () => {},
    });
    const res = await fetch(`${first.url}/v1/check-sessions/trigger`, {
      method: "POST",
      headers,
      body: JSON.stringify({ target: { checkId: [checkId] } }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { sessions: { checkSessionId: string }[] }).sessions[0]!.checkSessionId;
    const done = await fetch(`${first.url}/v1/check-sessions/${id}/completion?maxWaitSeconds=10`, {
      headers,
    });
    const before = (await done.json()) as { status: string; results: unknown[] };
    expect(before.status).toBe("PASSED");
    await first.close();

    const second = await startService({
      dataDir,
      demo: false,
      scheduler: false,
      apiKey: KEY,
      logError: () => {},
    });
    try {
      const again = (await (
        await fetch(`${second.url}/v1/check-sessions/${id}`, { headers })
      ).json()) as typeof before;
      expect(again.status).toBe("PASSED");
      expect(again.results).toEqual(
        before.results.map((r) => ({ ...(r as object), checkResultLink: expect.any(String) })),
      );
      const status = (await (
        await fetch(`${second.url}/v1/check-statuses/${checkId}`, { headers })
      ).json()) as { hasFailures: boolean };
      expect(status.hasFailures).toBe(false);
      const report = (await (
        await fetch(`${second.url}/v1/analytics/url-monitors/${checkId}?metrics=availability`, { headers })
      ).json()) as { series: { data: { availability: number }[] }[] };
      expect(report.series[0]?.data[0]?.availability).toBe(100);
    } finally {
      await second.close();
    }
  });
});
