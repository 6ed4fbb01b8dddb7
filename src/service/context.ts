/**
 * What every route module of the embedded service receives. Route modules live in src/service/app/, one
 * per resource, each exporting `register(app, ctx)`; src/service/app/routes.ts is their registry.
 */
import type { Hono } from "hono";
import type { Engine } from "./engine/engine.ts";
import type { AgentLocation } from "./repo/agents.ts";
import type { Repo } from "./repo/store.ts";

export type ServiceContext = {
  /** The storage, behind its interface (src/service/repo/store.ts): routes never hold the database handle. */
  repo: Repo;
  /** Runs checks (scheduler + triggered sessions) and reads run data. */
  engine: Engine;
  dataDir: string;
  /** Base URL the service is reachable at (for links like checkSessionLink, pingUrl). */
  publicUrl(): string;
  /** Milliseconds since the epoch; injectable for tests. */
  now(): number;
  /** Where the service is in its life: readiness (app/health.ts) answers 503 unless "ready". */
  lifecycle?(): "starting" | "ready" | "stopping";
};

/** Per request: the account (/v1, /v2); the private location whose key authenticated an agent (/agent). */
export type ServiceEnv = { Variables: { accountId: string; agentLocation: AgentLocation } };
export type ServiceApp = Hono<ServiceEnv>;
export type RouteModule = { register(app: ServiceApp, ctx: ServiceContext): void };
