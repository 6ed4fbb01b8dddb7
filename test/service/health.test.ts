/**
 * GET /healthz (liveness) and GET /readyz (readiness) of the embedded service: no key needed, HEAD works,
 * readiness is 503 with the phase while starting or stopping and when the database does not answer.
 */
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { register } from "../../src/service/app/health.ts";
import type { ServiceContext, ServiceEnv } from "../../src/service/context.ts";
import { startTestService } from "./support.ts";

const svc = await startTestService();
afterAll(() => svc.dispose());

function appIn(phase: "starting" | "ready" | "stopping", db: unknown) {
  const app = new Hono<ServiceEnv>();
  register(app, { db, lifecycle: () => phase } as unknown as ServiceContext);
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
    const db = { prepare: () => ({ get: () => undefined }) };
    for (const phase of ["starting", "stopping"] as const) {
      const res = await appIn(phase, db).request("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: phase });
      expect((await appIn(phase, db).request("/healthz")).status).toBe(200); // still alive
    }
    const broken = {
      prepare: () => {
        throw new Error("database is locked");
      },
    };
    const res = await appIn("ready", broken).request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", reason: "database: database is locked" });
    expect((await appIn("ready", db).request("/readyz")).status).toBe(200);
  });
});
