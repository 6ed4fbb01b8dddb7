/**
 * The console's first statuses read (store/data/loaders.ts) over real HTTP on loopback: against vigil's
 * service it waits for the checks list's first answer, which shows the service is vigil's, and asks only
 * for the members a status summary holds (`fields`) — holding what the whole statuses give; against a
 * service without vigil's extensions (the hosted API) it asks exactly as it always did.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/api/client.ts";
import { STATUS_FIELDS_PARAM } from "../../../src/contract/schemas/check-statuses.ts";
import { createLoaders } from "../../../src/store/data/loaders.ts";
import { STATUS_SUMMARY_FIELDS, statusSummaryListSchema } from "../../../src/store/data/summary-schemas.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import {
  API_KEY,
  httpTarget,
  insertCheck,
  runOne,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "../../service/runs/support.ts";
import { ScriptedServer } from "../../support/scripted-server.ts";

type Logged = { event: "sent" | "answered"; path: string; query: Record<string, unknown> | undefined };

/** The console's loaders on `url`, each request's sending and answer logged in order. */
function loadersOn(url: string) {
  const client = createClient({ baseUrl: url, apiKey: API_KEY, retries: 0 });
  const log: Logged[] = [];
  const orig = client.http.request.bind(client.http);
  client.http.request = (async (req: Parameters<typeof orig>[0]) => {
    log.push({ event: "sent", path: req.path, query: req.query });
    const res = await orig(req);
    log.push({ event: "answered", path: req.path, query: req.query });
    return res;
  }) as typeof client.http.request;
  const store = createConsoleStore();
  return { client, log, store, loaders: createLoaders(client, store) };
}

describe("against vigil's service", () => {
  let target: { url: string; close(): Promise<void> };
  let t: TempDb;
  let svc: TestService;
  beforeAll(async () => {
    target = await httpTarget((_req, res) => res.end("ok"));
    t = tempDb();
    const ids = ["a", "b", "c"].map((name) =>
      insertCheck(t.db, { checkType: "URL", name, doc: { request: { url: `${target.url}/` } } }),
    );
    svc = await startTestService(t);
    for (const id of ids.slice(0, 2)) await runOne(svc.engine, id);
  });
  afterAll(async () => {
    await svc.close();
    await target.close();
    t.cleanup();
  });

  it("the first statuses read waits for the checks' first answer and asks for the summary's members", async () => {
    const { client, log, store, loaders } = loadersOn(svc.url);
    try {
      // as the poller starts them: both at once
      await Promise.all([loaders.checks(), loaders.statuses()]);
      const firstChecks = log.findIndex((l) => l.event === "answered" && l.path === "/v1/checks");
      const statuses = log.filter((l) => l.path === "/v1/check-statuses");
      expect(log.findIndex((l) => l.event === "sent" && l.path === "/v1/check-statuses")).toBeGreaterThan(
        firstChecks,
      );
      expect(statuses[0]?.query).toEqual({ [STATUS_FIELDS_PARAM]: STATUS_SUMMARY_FIELDS });
      // held: what the whole statuses give
      const whole = await fetch(`${svc.url}/v1/check-statuses`, { headers: svc.headers });
      const expected = statusSummaryListSchema.parse(await whole.json());
      expect(expected).toHaveLength(2);
      expect([...store.getState().statuses.byId.values()]).toEqual(expected);
    } finally {
      await client.close();
    }
  });
});

describe("against a service without vigil's extensions (the hosted API)", () => {
  let srv: ScriptedServer;
  beforeAll(async () => {
    srv = await new ScriptedServer().start();
  });
  afterAll(async () => {
    await srv.close();
  });

  it("the statuses are asked for as they always were", async () => {
    srv.always((req) =>
      req.path === "/v1/checks"
        ? { json: [{ id: "c1", name: "one", checkType: "API" }] }
        : { json: [{ checkId: "c1", name: "one", hasFailures: true, longestRun: 5 }] },
    );
    const { client, store, loaders } = loadersOn(srv.url);
    try {
      await Promise.all([loaders.checks(), loaders.statuses()]);
      await loaders.statuses();
      expect(srv.requests.filter((r) => r.path === "/v1/check-statuses").map((r) => r.rawQuery)).toEqual([
        "",
        "",
      ]);
      expect([...store.getState().statuses.byId.values()]).toMatchObject([
        { checkId: "c1", hasFailures: true },
      ]);
    } finally {
      await client.close();
    }
  });
});
