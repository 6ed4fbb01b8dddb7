/**
 * The agent protocol (`vigil agent`, src/agent/): what a private location's agents call, under /agent/v1,
 * authenticated by the location's raw key (`Authorization: Bearer pl_…`, checked by its hash; the account
 * API key is not accepted here, and a location key is not accepted under /v1).
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST /agent/v1/lease | `{agentId, version, hostname, concurrency, running, max, waitSeconds}` | `{jobs: [{jobId, leaseId, leaseUntil, timeoutMs, location, proxyUrl, check}]}` — long poll (≤ 25 s) |
 * | POST /agent/v1/jobs/{jobId}/result | `{leaseId, outcome}` | 200 `{stored: true}`, or 409 when the lease lapsed or moved on (the run was handed to another agent) |
 * | POST /agent/v1/jobs/{jobId}/release | `{leaseId}` | 204: the job is queued again (an agent stopping) |
 * | POST /agent/v1/heartbeat | `{agentId, version, hostname, concurrency, running}` | `{location, agentCount}` |
 * | POST /agent/v1/bye | `{agentId}` | 204: the agent stopped (no longer counted) |
 *
 * Every call counts as the agent's contact (`lastSeen`, `agentCount`). `outcome` is a runner's outcome
 * (runners/types.ts) with files (`assets`) as base64.
 */
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { ServiceApp, ServiceContext, ServiceEnv } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { AgentContact, AgentLocation } from "../repo/agents.ts";
import type { RunOutcome } from "../runners/types.ts";
import { parseBody } from "./validate.ts";

const agentFields = {
  agentId: z.string().min(1).max(100),
  version: z.string().max(50).default(""),
  hostname: z.string().max(255).default(""),
  concurrency: z.number().int().min(1).max(10).default(1),
  running: z.number().int().min(0).max(100).default(0),
};

const leaseBody = z.object({
  ...agentFields,
  max: z.number().int().min(1).max(10).default(1),
  waitSeconds: z.number().min(0).max(25).default(20),
});

const outcomeSchema = z.object({
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  responseTime: z.number().nullable(),
  statusCode: z.number().int().nullish(),
  errorMessage: z.string().max(10_000).nullish(),
  metrics: z.record(z.string(), z.number()).default({}),
  detail: z.record(z.string(), z.unknown()).default({}),
  cannotRun: z.boolean().optional(),
  assets: z.record(z.string().regex(/^[\w.-]{1,64}$/), z.string().max(6_000_000)).optional(),
});

/** A run result with its files (a screenshot, base64): larger than other bodies, still bounded. */
export const AGENT_RESULT_MAX_BYTES = 8 * 1024 * 1024;

const resultBody = z.object({ leaseId: z.string().min(1), outcome: outcomeSchema });
const releaseBody = z.object({ leaseId: z.string().min(1) });
const byeBody = z.object({ agentId: z.string().min(1).max(100) });

type AgentFields = {
  agentId: string;
  version: string;
  hostname: string;
  concurrency: number;
  running: number;
};

/** The agent as its call describes it, at the location its key belongs to. */
const contactOf = (b: AgentFields, loc: AgentLocation): AgentContact => ({
  id: b.agentId,
  locationId: loc.id,
  version: b.version,
  hostname: b.hostname,
  concurrency: b.concurrency,
  running: b.running,
});

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.use("/agent/v1/*", async (c, next) => {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "");
    const loc = m?.[1] ? ctx.repo.locationByKey(m[1]) : undefined;
    if (!loc) return c.json({ statusCode: 401, error: "Unauthorized", message: "Bad location key" }, 401);
    c.set("agentLocation", loc);
    await next();
  });
  const queue = ctx.engine.agents;
  const loc = (c: Context<ServiceEnv>) => c.get("agentLocation");

  app.post("/agent/v1/lease", async (c) => {
    const b = await parseBody(c, leaseBody);
    const jobs = await queue.lease(
      contactOf(b, loc(c)),
      loc(c),
      b.max,
      b.waitSeconds * 1000,
      c.req.raw.signal,
    );
    return c.json({ jobs });
  });

  app.post(
    "/agent/v1/jobs/:jobId/result",
    bodyLimit({
      maxSize: AGENT_RESULT_MAX_BYTES,
      onError: (c) => {
        c.header("Connection", "close");
        return c.json(
          new ServiceError(413, `A run result may be at most ${AGENT_RESULT_MAX_BYTES} bytes`).toBody(),
          413,
        );
      },
    }),
  );
  app.post("/agent/v1/jobs/:jobId/result", async (c) => {
    const b = await parseBody(c, resultBody);
    const { assets, ...rest } = b.outcome;
    const outcome: RunOutcome = {
      ...rest,
      ...(assets
        ? {
            assets: Object.fromEntries(Object.entries(assets).map(([k, v]) => [k, Buffer.from(v, "base64")])),
          }
        : {}),
    };
    if (queue.complete(c.req.param("jobId") ?? "", b.leaseId, outcome) === "stale")
      throw new ServiceError(
        409,
        "This lease lapsed or the run was handed to another agent: the result is not stored",
      );
    return c.json({ stored: true });
  });

  app.post("/agent/v1/jobs/:jobId/release", async (c) => {
    const b = await parseBody(c, releaseBody);
    queue.release(c.req.param("jobId") ?? "", b.leaseId);
    return c.body(null, 204);
  });

  app.post("/agent/v1/heartbeat", async (c) => {
    const b = await parseBody(c, z.object(agentFields));
    queue.contact(contactOf(b, loc(c)));
    const l = loc(c);
    return c.json({
      location: { id: l.id, slug: l.slug, name: l.name },
      agentCount: queue.health(l.id).agentCount,
    });
  });

  app.post("/agent/v1/bye", async (c) => {
    const b = await parseBody(c, byeBody);
    queue.bye(b.agentId, loc(c).id);
    return c.body(null, 204);
  });
}
