/**
 * The first read of a big checks list (src/store/data/loaders.ts) against the real service: 2,500 checks,
 * 25 pages. Progress is drawn while it reads; the rows read so far reach the panes only when they have at
 * least doubled since last shown (each showing joins and sorts them all), the first page at once; the whole
 * list at the end, in the service's order, once (not also as the last page's progress).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { CHECK_KINDS } from "../../src/contract/schemas/check-bodies.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { checkOf } from "../../src/service/engine/checks.ts";
import { insertCheck } from "../../src/service/repo/checks.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { initialUi } from "../../src/store/view/ui.ts";
import { startTestService, type TestService, tempDir } from "../service/support.ts";

const N = 2500;
let svc: TestService;
let root: string;
beforeAll(async () => {
  root = tempDir();
  const dataDir = join(root, "data");
  mkdirSync(dataDir, { mode: 0o700 });
  const db = openDatabase(join(dataDir, "vigil.db"));
  const at = new Date(Date.now() - 60_000).toISOString();
  db.exec("BEGIN");
  for (let i = 0; i < N; i++) {
    const fields = CHECK_KINDS.url.schema.parse({
      name: `check ${String(i).padStart(4, "0")}`,
      frequency: 1440,
      activated: false,
      locations: ["eu-west-1"],
      tags: [i % 2 ? "odd" : "even"],
      request: { url: "http://127.0.0.1:9/", assertions: [] },
    });
    insertCheck(
      db,
      checkOf(fields, { id: crypto.randomUUID(), checkType: "URL", createdAt: at, updatedAt: at }),
    );
  }
  db.exec("COMMIT");
  db.close();
  svc = await startTestService({ dataDir });
});
afterAll(async () => {
  await svc?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the first read of 2,500 checks", () => {
  it("shows the rows read so far only when they doubled, the first page at once, and all once at the end", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey });
    const store = createConsoleStore({ ui: initialUi("checks") });
    const shown: number[] = [];
    const progress: number[] = [];
    store.subscribe((s, prev) => {
      if (s.checks.loadedAt !== undefined) return;
      if (s.checks.items !== prev.checks.items) shown.push(s.checks.items.length);
      if (s.checks.loading && s.checks.loading !== prev.checks.loading)
        progress.push(s.checks.loading.loaded);
    });
    await createLoaders(client, store).checks();
    expect(shown[0]).toBe(100);
    // the whole list is shown once, when loaded, not also with the last page's progress
    expect(shown.every((n) => n < N)).toBe(true);
    for (let i = 1; i < shown.length; i++)
      expect(shown[i]).toBeGreaterThanOrEqual(2 * (shown[i - 1] as number));
    expect(progress.length).toBeGreaterThanOrEqual(shown.length);
    expect(progress.every((n, i) => i === 0 || n >= (progress[i - 1] as number))).toBe(true);
    const s = store.getState();
    expect(s.checks.items.length).toBe(N);
    expect(s.checks.total).toBe(N);
    expect(s.checks.items.map((c) => c.name)).toEqual(
      Array.from({ length: N }, (_, i) => `check ${String(i).padStart(4, "0")}`),
    );
    await client.close();
  });
});
