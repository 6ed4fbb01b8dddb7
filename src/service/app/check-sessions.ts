/**
 * Check sessions (seed §4.1, api-notes §2.2): trigger, read, completion long-poll — under /v1 and, with
 * the same handlers and shapes, /v2 (the hosted description's v2 paths, which its own clients call).
 */
import type { Context } from "hono";
import { z } from "zod";
import { maxWaitSecondsSchema, triggerBodySchema } from "../../contract/schemas/check-sessions.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { selectTargets } from "../engine/match.ts";
import { sessionJson, sessionResultJson } from "../engine/shape.ts";
import { notFound, ServiceError } from "../errors.ts";
import { TERMINAL } from "../repo/runs.ts";
import { runnerFor } from "../runners/registry.ts";
import { parseBody, parseQuery } from "./validate.ts";

const completionQuery = z.looseObject({ maxWaitSeconds: maxWaitSecondsSchema });

const STILL_RUNNING =
  "Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const detail = (id: string) => {
    const s = ctx.engine.getSession(id);
    if (!s) throw notFound("No such check session.");
    const base = ctx.publicUrl();
    return {
      ...sessionJson(s, base, ctx.now()),
      results: ctx.engine.sessionResults(id).map((r) => sessionResultJson(r, base)),
    };
  };

  const trigger = async (c: Context) => {
    const body = (await parseBody(c, triggerBodySchema.nullable())) ?? { target: undefined };
    const targets = selectTargets(ctx.repo.readAllChecks(), body.target, (t) => runnerFor(t) !== undefined);
    if (targets.length === 0) throw notFound("No matching checks were found.");
    if (ctx.engine.stopping)
      throw new ServiceError(503, "The service is stopping; trigger again once it is back.", {
        headers: { "Retry-After": "5" },
      });
    const sessions = ctx.engine.trigger(
      targets.map((t) => t.id),
      "TRIGGER_API",
    );
    const base = ctx.publicUrl();
    const now = ctx.now();
    return c.json({ sessions: sessions.map((s) => sessionJson(s, base, now)) }, 201);
  };

  const completion = async (c: Context) => {
    const { maxWaitSeconds } = parseQuery(c, completionQuery);
    const id = c.req.param("id") ?? "";
    if (!ctx.engine.getSession(id)) throw notFound("No such check session.");
    const s = await ctx.engine.waitForSession(id, maxWaitSeconds * 1000, c.req.raw.signal);
    if (!s || !TERMINAL.has(s.status)) {
      throw new ServiceError(408, STILL_RUNNING, { headers: { "Retry-After": "1" } });
    }
    return c.json(detail(id));
  };

  for (const v of ["v1", "v2"]) {
    app.post(`/${v}/check-sessions/trigger`, trigger);
    app.get(`/${v}/check-sessions/:id`, (c) => c.json(detail(c.req.param("id") ?? "")));
    app.get(`/${v}/check-sessions/:id/completion`, completion);
  }
}
