/**
 * Test support for the run engine: a temp SQLite file with every migration, a check inserted straight into
 * the `checks` table (the shape service-core stores), an engine, and optionally the whole app on loopback.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "../../../src/service/app/app.ts";
import { ROUTE_MODULES } from "../../../src/service/app/routes.ts";
import type { ServiceContext } from "../../../src/service/context.ts";
import { openDatabase } from "../../../src/service/db/open.ts";
import { createEngine, type Engine, type EngineOptions } from "../../../src/service/engine/engine.ts";
import { openRepo } from "../../../src/service/repo/store.ts";

export type TempDb = { db: DatabaseSync; dir: string; file: string; cleanup(): void };

export function tempDb(): TempDb {
  const dir = mkdtempSync(join(tmpdir(), "vigil-runs-"));
  const file = join(dir, "vigil.db");
  const db = openDatabase(file);
  return {
    db,
    dir,
    file,
    cleanup() {
      try {
        db.close();
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type CheckSeed = {
  id?: string;
  name?: string;
  checkType: string;
  activated?: boolean;
  muted?: boolean;
  frequency?: number;
  tags?: string[];
  locations?: string[];
  doc?: Record<string, unknown>;
};

export function insertCheck(db: DatabaseSync, seed: CheckSeed): string {
  const id = seed.id ?? randomUUID();
  const now = new Date().toISOString();
  const doc = {
    id,
    name: seed.name ?? `${seed.checkType} check`,
    checkType: seed.checkType,
    activated: seed.activated ?? true,
    muted: seed.muted ?? false,
    frequency: seed.frequency ?? 10,
    tags: seed.tags ?? [],
    locations: seed.locations ?? ["eu-west-1"],
    ...seed.doc,
  };
  db.prepare(
    "INSERT INTO checks (id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    id,
    doc.name,
    seed.checkType,
    doc.activated ? 1 : 0,
    doc.muted ? 1 : 0,
    doc.frequency,
    JSON.stringify(doc.tags),
    JSON.stringify(doc.locations),
    JSON.stringify(doc),
    now,
    now,
  );
  return id;
}

export function testEngine(db: DatabaseSync, opts: Partial<EngineOptions> = {}): Engine {
  return createEngine({
    repo: openRepo(db),
    publicUrl: () => "http://127.0.0.1:1",
    scheduler: false,
    backoffUnitMs: 1,
    onError: (err) => {
      throw err;
    },
    ...opts,
  });
}

export const API_KEY = "test-key-0123456789";

export type TestService = {
  url: string;
  db: DatabaseSync;
  engine: Engine;
  headers: Record<string, string>;
  close(): Promise<void>;
};

/** The full app (every route module) on a loopback port, over a temp database. */
export async function startTestService(t: TempDb, opts: Partial<EngineOptions> = {}): Promise<TestService> {
  let publicUrl = "";
  const engine = testEngine(t.db, { publicUrl: () => publicUrl, ...opts });
  const ctx: ServiceContext = {
    repo: openRepo(t.db),
    engine,
    dataDir: t.dir,
    publicUrl: () => publicUrl,
    now: Date.now,
  };
  const app = createApp(ctx, { apiKey: API_KEY, defaultAccountId: randomUUID(), modules: ROUTE_MODULES });
  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  engine.start();
  return {
    url: publicUrl,
    db: t.db,
    engine,
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await engine.stop();
    },
  };
}

/** A loopback HTTP server answering with `handler`; returns its base URL. */
export async function httpTarget(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Trigger one check and wait for its session to end: the session and its results. */
export async function runOne(e: Engine, checkId: string, waitMs = 15_000) {
  const [s] = e.trigger([checkId], "TRIGGER_API");
  if (!s) throw new Error(`check ${checkId} was not started`);
  const done = await e.waitForSession(s.id, waitMs);
  return { session: done!, results: e.sessionResults(s.id) };
}
