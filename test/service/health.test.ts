/**
 * GET /healthz (liveness) and GET /readyz (readiness) of the embedded service: no key needed, HEAD works,
 * readiness is 503 with the phase while starting or stopping and when the database does not answer.
 */
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { register } from "../../src/service/app/health.ts";
import type { ServiceContext, ServiceEnv } from "../../src/service/context.ts";
import { openRepo } from "../../src/service/repo/store.ts";
import { tempDb } from "./runs/support.ts";
import { startTestService } from "./support.ts";

const svc = await startTestService();
afterAll(() => svc.dispose());

function appIn(phase: "starting" | "ready" | "stopping", repo: ServiceContext["repo"]) {
  const app = new Hono<ServiceEnv>();
  register(app, { repo, lifecycle: () => phase } as unknown as ServiceContext);
  return app;
}

describe("health endpoints", () => {
  it("a running service is alive and ready, without a key; HEAD answers too", async () => {
    const live = await fetch(`${svc.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${svc.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    const head = await fetch(`${svc.url}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("readiness is 503 with the phase while starting or stopping, and when the database fails", async () => {
    const t = tempDb();
    const closed = tempDb();
    closed.db.close();
    try {
      const repo = openRepo(t.db);
      for (const phase of ["starting", "stopping"] as const) {
        const res = await appIn(phase, repo).request("/readyz");
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ status: phase });
        expect((await appIn(phase, repo).request("/healthz")).status).toBe(200); // still alive
      }
      const res = await appIn("ready", openRepo(closed.db)).request("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable", reason: "database: database is not open" });
      expect((await appIn("ready", repo).request("/readyz")).status).toBe(200);
    } finally {
      t.cleanup();
      closed.cleanup();
    }
  });
});
